#include "gpiod/gpiod_gpio.h"

#include <gpiod.hpp>

#include <map>
#include <stdexcept>
#include <system_error>

namespace tabula::firmware {

GpioStatus run_gpiod(std::string_view context, const std::function<void()>& body) noexcept {
  try {
    body();
    return GpioStatus::ok();
  } catch (const std::system_error& e) {
    return gpio_status_from_errno(e.code().value(), context);
  } catch (const std::out_of_range& e) {
    return {GpioError::kLineOutOfRange, std::string(context) + ": " + e.what()};
  } catch (const std::logic_error& e) {
    return {GpioError::kInvalidArgument, std::string(context) + ": " + e.what()};
  } catch (const std::exception& e) {
    return {GpioError::kIoError, std::string(context) + ": " + e.what()};
  } catch (...) {
    return {GpioError::kIoError, std::string(context) + ": unknown exception"};
  }
}

struct GpiodGpio::Impl {
  struct ChipLines {
    std::string name;           // "soc (gpiochip0)" for messages
    std::string write_context;  // built once: the scan path does not allocate for them
    std::string read_context;
    gpiod::chip chip;
    gpiod::line_bulk outputs;
    std::vector<std::size_t> output_index;  // our output index per bulk position
    std::vector<int> output_values;
    gpiod::line_bulk inputs;
    std::vector<std::size_t> input_index;
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
};

GpiodGpio::GpiodGpio() : impl_(std::make_unique<Impl>()) {}
GpiodGpio::~GpiodGpio() {
  close();
}

void GpiodGpio::close() noexcept {
  impl_->release();
}

GpioStatus GpiodGpio::open(const GpioRequest& request) {
  impl_->release();
  if (request.outputs.size() != request.initial_outputs.size())
    return {GpioError::kInvalidArgument, "open: initial_outputs size mismatch"};

  // Group lines per chip, keeping our indices.
  std::map<std::uint16_t, std::size_t> slot_of;
  auto slot = [&](std::uint16_t chip) -> Impl::ChipLines& {
    auto [it, fresh] = slot_of.emplace(chip, impl_->chips.size());
    if (fresh) {
      impl_->chips.emplace_back();
      const ChipSpec& spec = request.chips.at(chip);
      Impl::ChipLines& c = impl_->chips.back();
      c.name = spec.id + " (" + spec.device + ")";
      c.write_context = "write " + c.name;
      c.read_context = "read " + c.name;
    }
    return impl_->chips[it->second];
  };
  std::map<std::size_t, std::vector<unsigned>> out_offsets, in_offsets;
  for (std::size_t i = 0; i < request.outputs.size(); ++i) {
    slot(request.outputs[i].chip).output_index.push_back(i);
    out_offsets[slot_of[request.outputs[i].chip]].push_back(request.outputs[i].offset);
  }
  for (std::size_t i = 0; i < request.inputs.size(); ++i) {
    slot(request.inputs[i].chip).input_index.push_back(i);
    in_offsets[slot_of[request.inputs[i].chip]].push_back(request.inputs[i].offset);
  }

  for (const auto& [chip_index, s] : slot_of) {
    Impl::ChipLines& c = impl_->chips[s];
    const ChipSpec& spec = request.chips.at(chip_index);
    GpioStatus st = run_gpiod("open chip " + c.name,
                              [&] { c.chip.open(spec.device, gpiod::chip::OPEN_LOOKUP); });
    if (!st.is_ok()) {
      impl_->release();
      return st;
    }
    const unsigned have = c.chip.num_lines();
    for (const auto* offsets : {&out_offsets[s], &in_offsets[s]}) {
      for (unsigned off : *offsets) {
        if (off >= have) {
          impl_->release();
          return {GpioError::kLineOutOfRange, "chip " + c.name + " has " + std::to_string(have) +
                                                  " lines; the profile uses line " +
                                                  std::to_string(off)};
        }
      }
      if (offsets->size() > gpiod::line_bulk::MAX_LINES) {
        impl_->release();
        return {GpioError::kInvalidArgument, "more than " +
                                                 std::to_string(gpiod::line_bulk::MAX_LINES) +
                                                 " lines in one direction on chip " + c.name};
      }
    }
    if (!out_offsets[s].empty()) {
      std::vector<int> initial;
      for (std::size_t i : c.output_index) initial.push_back(request.initial_outputs[i]);
      c.output_values = initial;
      st = run_gpiod("request outputs on " + c.name, [&] {
        c.outputs = c.chip.get_lines(out_offsets[s]);
        gpiod::line_request cfg;
        cfg.consumer = request.consumer;
        cfg.request_type = gpiod::line_request::DIRECTION_OUTPUT;
        if (request.drive == Drive::kOpenDrain) cfg.flags = gpiod::line_request::FLAG_OPEN_DRAIN;
        c.outputs.request(cfg, initial);
      });
      if (!st.is_ok()) {
        impl_->release();
        return st;
      }
    }
    if (!in_offsets[s].empty()) {
      st = run_gpiod("request inputs on " + c.name, [&] {
        c.inputs = c.chip.get_lines(in_offsets[s]);
        gpiod::line_request cfg;
        cfg.consumer = request.consumer;
        cfg.request_type = gpiod::line_request::DIRECTION_INPUT;
        if (request.bias == InputBias::kPullUp) cfg.flags = gpiod::line_request::FLAG_BIAS_PULL_UP;
        c.inputs.request(cfg);
      });
      if (!st.is_ok()) {
        impl_->release();
        return st;
      }
    }
  }
  impl_->outputs = request.outputs.size();
  impl_->inputs = request.inputs.size();
  impl_->open = true;
  return GpioStatus::ok();
}

GpioStatus GpiodGpio::write_outputs(std::span<const std::uint8_t> levels) {
  if (!impl_->open) return {GpioError::kNotOpen, "write: GPIO lines are not requested"};
  if (levels.size() != impl_->outputs)
    return {GpioError::kInvalidArgument, "write: wrong number of levels"};
  for (auto& c : impl_->chips) {
    if (c.output_index.empty()) continue;
    for (std::size_t k = 0; k < c.output_index.size(); ++k)
      c.output_values[k] = levels[c.output_index[k]];
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
    if (c.input_index.empty()) continue;
    std::vector<int> values;
    GpioStatus st =
        impl_->check(run_gpiod(c.read_context, [&] { values = c.inputs.get_values(); }));
    if (!st.is_ok()) return st;
    for (std::size_t k = 0; k < c.input_index.size() && k < values.size(); ++k)
      levels[c.input_index[k]] = values[k] != 0;
  }
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
