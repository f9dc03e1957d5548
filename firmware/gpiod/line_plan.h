// A GpioRequest regrouped per chip, for the libgpiod backends: one output
// request and one input request per chip, so a row select is one call per
// chip and a column read is one more. Standard library only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "gpiod/chip_lookup.h"
#include "scan/gpio.h"

namespace tabula::firmware {

struct ChipLinePlan {
  std::size_t chip = 0;                   // index into GpioRequest::chips
  std::vector<unsigned> output_offsets;   // in request order
  std::vector<std::size_t> output_index;  // our output index per position
  std::vector<int> initial_outputs;       // per position
  std::vector<unsigned> input_offsets;
  std::vector<std::size_t> input_index;  // our input index per position
};

// One entry per chip that carries a line, in chip order.
std::vector<ChipLinePlan> plan_lines(const GpioRequest& request);

// kLineOutOfRange naming the chip, when a line is at or past `have`.
GpioStatus check_offsets(const ChipLinePlan& plan, unsigned have, const std::string& chip_name);

}  // namespace tabula::firmware

namespace tabula::firmware {

// The part of GpiodGpio::open() that both libgpiod versions share: releases
// what `impl` held, plans the lines per chip and opens each through
// impl.open_chip(request, lines); releases all on the first failure.
// Impl: chips (a vector of a struct with plan, name, write_context,
// read_context), release(), open_chip(), outputs, inputs, open.
template <class Impl>
GpioStatus open_planned(Impl& impl, const GpioRequest& request) {
  impl.release();
  if (request.outputs.size() != request.initial_outputs.size())
    return {GpioError::kInvalidArgument, "open: initial_outputs size mismatch"};
  for (ChipLinePlan& plan : plan_lines(request)) {
    auto& c = impl.chips.emplace_back();
    c.name = chip_display_name(request.chips.at(plan.chip));
    c.write_context = "write " + c.name;
    c.read_context = "read " + c.name;
    c.plan = std::move(plan);
    if (GpioStatus st = impl.open_chip(request, c); !st.is_ok()) {
      impl.release();
      return st;
    }
  }
  impl.outputs = request.outputs.size();
  impl.inputs = request.inputs.size();
  impl.open = true;
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
