// GpiodGpio on libgpiod v2 (Debian 13, Raspberry Pi OS): a request builder
// with line settings per chip and direction, and get_values/set_values over
// value buffers sized once in open(), so a scan allocates nothing.
#include <gpiod.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "gpiod/gpiod_gpio.h"
#include "gpiod/line_plan.h"

namespace tabula::firmware {
namespace {

ChipInfo info_of(const gpiod::chip& chip, const std::string& path) {
  const gpiod::chip_info info = chip.get_info();
  return {path, info.name(), info.label(), static_cast<unsigned>(info.num_lines())};
}

gpiod::line::offsets to_offsets(const std::vector<unsigned>& offsets) {
  return {offsets.begin(), offsets.end()};
}

}  // namespace

std::vector<ChipInfo> list_gpio_chips() {
  std::vector<ChipInfo> chips;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/dev", ec)) {
    const std::string path = entry.path().string();
    if (!entry.path().filename().string().starts_with("gpiochip")) continue;
    (void)run_gpiod("list chips", [&] {
      if (gpiod::is_gpiochip_device(path)) chips.push_back(info_of(gpiod::chip(path), path));
    });
  }
  std::sort(chips.begin(), chips.end(), [](const ChipInfo& a, const ChipInfo& b) {
    return a.name.size() != b.name.size() ? a.name.size() < b.name.size() : a.name < b.name;
  });
  return chips;
}

std::string gpiod_backend_version() {
  return "libgpiod " + gpiod::api_version() + " (v2 API)";
}

struct GpiodGpio::Impl {
  struct ChipLines {
    ChipLinePlan plan;
    std::string name;           // "soc (pinctrl-bcm2711)" for messages
    std::string write_context;  // built once: the scan path does not allocate for them
    std::string read_context;
    std::optional<gpiod::chip> chip;
    std::optional<gpiod::line_request> outputs;
    gpiod::line::values output_values;  // sized once
    std::optional<gpiod::line_request> inputs;
    gpiod::line::values input_values;  // sized once
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
        if (c.outputs) c.outputs->release();
        if (c.inputs) c.inputs->release();
        if (c.chip) c.chip->close();
      });
    }
    chips.clear();
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
  ChipInfo info;
  GpioStatus st = run_gpiod("open chip " + c.name, [&] {
    c.chip.emplace(where.path);
    info = info_of(*c.chip, where.path);
  });
  if (!st.is_ok()) return st;
  if (st = check_chip_lines(spec, info); !st.is_ok()) return st;
  if (st = check_offsets(c.plan, info.num_lines, c.name); !st.is_ok()) return st;
  if (!c.plan.output_offsets.empty()) {
    st = run_gpiod("request outputs on " + c.name, [&] {
      gpiod::request_builder builder = c.chip->prepare_request();
      builder.set_consumer(request.consumer);
      for (std::size_t k = 0; k < c.plan.output_offsets.size(); ++k) {
        gpiod::line_settings settings;
        settings.set_direction(gpiod::line::direction::OUTPUT)
            .set_drive(request.drive == Drive::kOpenDrain ? gpiod::line::drive::OPEN_DRAIN
                                                          : gpiod::line::drive::PUSH_PULL)
            .set_output_value(c.plan.initial_outputs[k] != 0 ? gpiod::line::value::ACTIVE
                                                             : gpiod::line::value::INACTIVE);
        builder.add_line_settings(c.plan.output_offsets[k], settings);
      }
      c.outputs.emplace(builder.do_request());
    });
    if (!st.is_ok()) return st;
    c.output_values.assign(c.plan.output_offsets.size(), gpiod::line::value::INACTIVE);
  }
  if (!c.plan.input_offsets.empty()) {
    st = run_gpiod("request inputs on " + c.name, [&] {
      gpiod::line_settings settings;
      settings.set_direction(gpiod::line::direction::INPUT)
          .set_bias(request.bias == InputBias::kPullUp ? gpiod::line::bias::PULL_UP
                                                       : gpiod::line::bias::DISABLED);
      c.inputs.emplace(c.chip->prepare_request()
                           .set_consumer(request.consumer)
                           .add_line_settings(to_offsets(c.plan.input_offsets), settings)
                           .do_request());
    });
    if (!st.is_ok()) return st;
    c.input_values.assign(c.plan.input_offsets.size(), gpiod::line::value::INACTIVE);
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
    if (!c.outputs) continue;
    for (std::size_t k = 0; k < c.plan.output_index.size(); ++k)
      c.output_values[k] = levels[c.plan.output_index[k]] != 0 ? gpiod::line::value::ACTIVE
                                                               : gpiod::line::value::INACTIVE;
    GpioStatus st =
        impl_->check(run_gpiod(c.write_context, [&] { c.outputs->set_values(c.output_values); }));
    if (!st.is_ok()) return st;
  }
  return GpioStatus::ok();
}

GpioStatus GpiodGpio::read_inputs(std::span<std::uint8_t> levels) {
  if (!impl_->open) return {GpioError::kNotOpen, "read: GPIO lines are not requested"};
  if (levels.size() != impl_->inputs)
    return {GpioError::kInvalidArgument, "read: wrong number of levels"};
  for (auto& c : impl_->chips) {
    if (!c.inputs) continue;
    GpioStatus st =
        impl_->check(run_gpiod(c.read_context, [&] { c.inputs->get_values(c.input_values); }));
    if (!st.is_ok()) return st;
    for (std::size_t k = 0; k < c.plan.input_index.size(); ++k)
      levels[c.plan.input_index[k]] = c.input_values[k] == gpiod::line::value::ACTIVE;
  }
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
