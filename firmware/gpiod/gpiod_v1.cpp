// GpiodGpio on libgpiod v1 (Debian 12): gpiod::chip, gpiod::line_bulk.
#include <gpiod.hpp>

#include "gpiod/gpiod_gpio.h"
#include "gpiod/line_plan.h"

namespace tabula::firmware {
namespace {

ChipInfo info_of(const gpiod::chip& chip) {
  return {"/dev/" + chip.name(), chip.name(), chip.label(), chip.num_lines()};
}

}  // namespace

std::vector<ChipInfo> list_gpio_chips() {
  std::vector<ChipInfo> chips;
  (void)run_gpiod("list chips", [&] {
    for (const gpiod::chip& chip : gpiod::make_chip_iter()) chips.push_back(info_of(chip));
  });
  return chips;
}

std::string gpiod_backend_version() {
  return std::string("libgpiod ") + ::gpiod_version_string() + " (v1 API)";
}

struct GpiodGpio::Impl {
  struct ChipLines {
    ChipLinePlan plan;
    std::string name;           // "soc (pinctrl-bcm2711)" for messages
    std::string write_context;  // built once: the scan path does not allocate for them
    std::string read_context;
    gpiod::chip chip;
    gpiod::line_bulk outputs;
    std::vector<int> output_values;  // sized once
    gpiod::line_bulk inputs;
  };
  std::vector<ChipLines> chips;
  std::size_t outputs = 0;
  std::size_t inputs = 0;
  bool open = false;

  // A vanished chip releases everything so that open() can start afresh.
  GpioStatus check(GpioStatus status) {
    if (status.code() == GpioError::kChipGone) release();
    return status;
  }
  void release() noexcept {
    for (auto& c : chips) {
      (void)run_gpiod("release", [&] {
        if (!c.outputs.empty()) c.outputs.release();
        if (!c.inputs.empty()) c.inputs.release();
      });
    }
    chips.clear();  // drops the last chip references: fds closed
    open = false;
  }
  GpioStatus open_chip(const GpioRequest& request, ChipLines& c);
};

GpioStatus GpiodGpio::Impl::open_chip(const GpioRequest& request, ChipLines& c) {
  const ChipSpec& spec = request.chips.at(c.plan.chip);
  const std::vector<ChipInfo> machine =
      classify_chip_ref(spec.device) == ChipRef::kLabel ? list_gpio_chips() : std::vector<ChipInfo>{};
  const ChipPath where = resolve_chip(spec, machine);
  if (!where.status.is_ok()) return where.status;
  GpioStatus st = run_gpiod("open chip " + c.name,
                            [&] { c.chip.open(where.path, gpiod::chip::OPEN_BY_PATH); });
  if (!st.is_ok()) return st;
  if (st = check_chip_lines(spec, info_of(c.chip)); !st.is_ok()) return st;
  if (st = check_offsets(c.plan, c.chip.num_lines(), c.name); !st.is_ok()) return st;
  for (const auto* offsets : {&c.plan.output_offsets, &c.plan.input_offsets}) {
    if (offsets->size() > gpiod::line_bulk::MAX_LINES)
      return {GpioError::kInvalidArgument, "more than " +
                                               std::to_string(gpiod::line_bulk::MAX_LINES) +
                                               " lines in one direction on chip " + c.name};
  }
  if (!c.plan.output_offsets.empty()) {
    c.output_values = c.plan.initial_outputs;
    st = run_gpiod("request outputs on " + c.name, [&] {
      c.outputs = c.chip.get_lines(c.plan.output_offsets);
      gpiod::line_request cfg;
      cfg.consumer = request.consumer;
      cfg.request_type = gpiod::line_request::DIRECTION_OUTPUT;
      if (request.drive == Drive::kOpenDrain) cfg.flags = gpiod::line_request::FLAG_OPEN_DRAIN;
      c.outputs.request(cfg, c.output_values);
    });
    if (!st.is_ok()) return st;
  }
  if (!c.plan.input_offsets.empty()) {
    st = run_gpiod("request inputs on " + c.name, [&] {
      c.inputs = c.chip.get_lines(c.plan.input_offsets);
      gpiod::line_request cfg;
      cfg.consumer = request.consumer;
      cfg.request_type = gpiod::line_request::DIRECTION_INPUT;
      if (request.bias == InputBias::kPullUp) cfg.flags = gpiod::line_request::FLAG_BIAS_PULL_UP;
      c.inputs.request(cfg);
    });
    if (!st.is_ok()) return st;
  }
  return {};
}

GpiodGpio::GpiodGpio() : impl_(std::make_unique<Impl>()) {}
GpiodGpio::~GpiodGpio() {
  close();
}

void GpiodGpio::close() noexcept {
  impl_->release();
}

GpioStatus GpiodGpio::open(const GpioRequest& request) {
  return open_planned(*impl_, request);
}

GpioStatus GpiodGpio::write_outputs(std::span<const std::uint8_t> levels) {
  if (!impl_->open) return {GpioError::kNotOpen, "write: GPIO lines are not requested"};
  if (levels.size() != impl_->outputs)
    return {GpioError::kInvalidArgument, "write: wrong number of levels"};
  for (auto& c : impl_->chips) {
    if (c.plan.output_index.empty()) continue;
    for (std::size_t k = 0; k < c.plan.output_index.size(); ++k)
      c.output_values[k] = levels[c.plan.output_index[k]];
    GpioStatus st =
        impl_->check(run_gpiod(c.write_context, [&] { c.outputs.set_values(c.output_values); }));
    if (!st.is_ok()) return st;
  }
  return GpioStatus::ok();
}

GpioStatus GpiodGpio::read_inputs(std::span<std::uint8_t> levels) {
  if (!impl_->open) return {GpioError::kNotOpen, "read: GPIO lines are not requested"};
  if (levels.size() != impl_->inputs)
    return {GpioError::kInvalidArgument, "read: wrong number of levels"};
  for (auto& c : impl_->chips) {
    if (c.plan.input_index.empty()) continue;
    std::vector<int> values;  // v1 returns a fresh vector per call
    GpioStatus st =
        impl_->check(run_gpiod(c.read_context, [&] { values = c.inputs.get_values(); }));
    if (!st.is_ok()) return st;
    for (std::size_t k = 0; k < c.plan.input_index.size() && k < values.size(); ++k)
      levels[c.plan.input_index[k]] = values[k] != 0;
  }
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
