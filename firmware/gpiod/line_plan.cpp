#include "gpiod/line_plan.h"

#include <map>

namespace tabula::firmware {

std::vector<ChipLinePlan> plan_lines(const GpioRequest& request) {
  std::map<std::size_t, ChipLinePlan> by_chip;
  auto plan = [&](std::size_t chip) -> ChipLinePlan& {
    ChipLinePlan& p = by_chip[chip];
    p.chip = chip;
    return p;
  };
  for (std::size_t i = 0; i < request.outputs.size(); ++i) {
    ChipLinePlan& p = plan(request.outputs[i].chip);
    p.output_offsets.push_back(request.outputs[i].offset);
    p.output_index.push_back(i);
    p.initial_outputs.push_back(i < request.initial_outputs.size() ? request.initial_outputs[i]
                                                                   : 0);
  }
  for (std::size_t i = 0; i < request.inputs.size(); ++i) {
    ChipLinePlan& p = plan(request.inputs[i].chip);
    p.input_offsets.push_back(request.inputs[i].offset);
    p.input_index.push_back(i);
  }
  std::vector<ChipLinePlan> out;
  for (auto& [chip, p] : by_chip) out.push_back(std::move(p));
  return out;
}

GpioStatus check_offsets(const ChipLinePlan& plan, unsigned have, const std::string& chip_name) {
  for (const auto* offsets : {&plan.output_offsets, &plan.input_offsets}) {
    for (unsigned off : *offsets) {
      if (off >= have)
        return {GpioError::kLineOutOfRange, "chip " + chip_name + " has " + std::to_string(have) +
                                                " lines; the profile uses line " +
                                                std::to_string(off)};
    }
  }
  return {};
}

}  // namespace tabula::firmware
