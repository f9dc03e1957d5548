#include "scan/scanner.h"

#include <chrono>
#include <thread>
#include <utility>

namespace tabula::firmware {

void spin_wait(Micros duration) {
  if (duration <= Micros::zero()) return;
  // Sleeping costs ~60 us of timer slack on a Pi; short settles spin instead.
  if (duration >= Micros(200)) {
    std::this_thread::sleep_for(duration);
    return;
  }
  const auto until = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < until) {
  }
}

Scanner::Scanner(const Wiring& wiring, Gpio& gpio, Micros settle, SettleWait wait)
    : wiring_(wiring), gpio_(gpio), settle_(settle), wait_(wait) {
  out_levels_.resize(wiring_.output_lines().size());
  in_levels_.resize(wiring_.input_lines.size());
  by_row_.resize(wiring_.row_count);
  for (std::size_t s = 0; s < wiring_.sensors.size(); ++s) {
    const SensorSpec& spec = wiring_.sensors[s];
    by_row_[spec.row].emplace_back(spec.input, static_cast<std::uint16_t>(s));
  }
}

bool Scanner::can_idle() const {
  switch (wiring_.topology) {
    case Topology::kDiodeMatrix:
      return true;
    case Topology::kDecodedMatrix:
      // Disabled decoder, or an unused decoder output selected.
      return wiring_.enable_line.has_value() ||
             wiring_.row_count < (std::size_t{1} << wiring_.address_lines.size());
    case Topology::kDirectLines:
      return false;
  }
  return false;
}

namespace {

// Output levels that select `row`, or deselect the grid for row == -1.
void fill_levels(const Wiring& wiring, int row, std::vector<std::uint8_t>& levels) {
  switch (wiring.topology) {
    case Topology::kDiodeMatrix:
      // Open drain: 1 releases the row, 0 pulls it low (selects it).
      for (std::size_t i = 0; i < levels.size(); ++i)
        levels[i] = static_cast<int>(i) == row ? 0 : 1;
      break;
    case Topology::kDecodedMatrix: {
      const std::size_t bits = wiring.address_lines.size();
      const bool has_enable = wiring.enable_line.has_value();
      // Deselect: disable the decoder, or pick the first unused output.
      const unsigned address = row >= 0     ? static_cast<unsigned>(row)
                               : has_enable ? 0u
                                            : static_cast<unsigned>(wiring.row_count);
      for (std::size_t b = 0; b < bits; ++b) levels[b] = (address >> b) & 1u;
      if (has_enable) levels[bits] = row >= 0 ? 0 : 1;  // active low
      break;
    }
    case Topology::kDirectLines:
      break;
  }
}

}  // namespace

void Scanner::levels_for(int row) {
  fill_levels(wiring_, row, out_levels_);
}

GpioRequest Scanner::request() const {
  GpioRequest req;
  req.chips = wiring_.chips;
  req.outputs = wiring_.output_lines();
  req.inputs = wiring_.input_lines;
  req.bias = wiring_.bias;
  // Matrix rows are open drain so two selected rows never short each other;
  // decoder address lines are ordinary push-pull outputs.
  req.drive = wiring_.topology == Topology::kDiodeMatrix ? Drive::kOpenDrain : Drive::kPushPull;
  req.initial_outputs.resize(req.outputs.size());
  fill_levels(wiring_, -1, req.initial_outputs);
  return req;
}

GpioStatus Scanner::open() {
  GpioStatus st = gpio_.open(request());
  // Pull-ups were just enabled: the first idle check could catch a column
  // still rising and call it shorted, so the first scan skips it.
  fresh_ = st.is_ok();
  return st;
}

GpioStatus Scanner::scan(ScanFrame& frame) {
  frame.sensor_closed.resize(wiring_.sensors.size());
  frame.input_shorted.assign(in_levels_.size(), 0);
  frame.idle_checked = false;

  // The grid has been deselected since the end of the previous scan.
  if (can_idle() && !std::exchange(fresh_, false)) {
    if (auto st = gpio_.read_inputs(in_levels_); !st.is_ok()) return st;
    for (std::size_t i = 0; i < in_levels_.size(); ++i) frame.input_shorted[i] = in_levels_[i] == 0;
    frame.idle_checked = true;
  }

  const bool driven = !out_levels_.empty();
  for (std::size_t row = 0; row < by_row_.size(); ++row) {
    if (driven) {
      levels_for(static_cast<int>(row));
      if (auto st = gpio_.write_outputs(out_levels_); !st.is_ok()) return st;
      wait_(settle_);
    }
    if (auto st = gpio_.read_inputs(in_levels_); !st.is_ok()) return st;
    for (const auto& [input, sensor] : by_row_[row])
      frame.sensor_closed[sensor] = in_levels_[input] == 0;  // closed reed pulls low
  }
  if (driven) {
    levels_for(-1);
    if (auto st = gpio_.write_outputs(out_levels_); !st.is_ok()) return st;
  }
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
