#include "scan/fake_matrix.h"

namespace tabula::firmware {
namespace {

// splitmix64: a cheap, well-mixed hash for reproducible bounce.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

FakeMatrix::FakeMatrix(Wiring wiring, std::uint64_t seed)
    : wiring_(std::move(wiring)), seed_(seed) {
  sensors_.resize(wiring_.sensors.size());
  shorted_.assign(wiring_.input_lines.size(), 0);
  row_sensors_.resize(wiring_.row_count);
  input_sensors_.resize(wiring_.input_lines.size());
  for (std::size_t s = 0; s < wiring_.sensors.size(); ++s) {
    row_sensors_[wiring_.sensors[s].row].push_back(static_cast<std::uint16_t>(s));
    input_sensors_[wiring_.sensors[s].input].push_back(static_cast<std::uint16_t>(s));
  }
  row_on_.resize(wiring_.row_count);
  input_low_.resize(wiring_.input_lines.size());
}

void FakeMatrix::set_magnet(SensorIndex sensor, bool present) {
  Reed& reed = sensors_[to_size(sensor)];
  if (reed.magnet == present) return;
  reed.magnet = present;
  reed.changed_at = now_;
}

void FakeMatrix::set_diode_missing(SensorIndex sensor, bool missing) {
  Reed& reed = sensors_[to_size(sensor)];
  if (reed.diode_missing == missing) return;
  reed.diode_missing = missing;
  diodes_missing_ += missing ? 1 : -1;
}

bool FakeMatrix::contact_closed(SensorIndex sensor) const {
  const Reed& reed = sensors_[to_size(sensor)];
  if (reed.stuck == StuckMode::kClosed) return true;
  if (reed.stuck == StuckMode::kOpen) return false;
  if (now_ >= reed.changed_at && now_ < reed.changed_at + bounce_) {
    const std::uint64_t h = mix(seed_ ^ mix(static_cast<std::uint64_t>(to_size(sensor)) << 40 ^
                                            static_cast<std::uint64_t>(now_.count())));
    return (h & 1u) != 0;
  }
  return reed.magnet;
}

GpioStatus FakeMatrix::open(const GpioRequest& request) {
  open_ = false;
  if (!plugged_) return {GpioError::kChipNotFound, "open fake chip: unplugged"};
  if (request.outputs.size() != request.initial_outputs.size())
    return {GpioError::kInvalidArgument, "open fake chip: initial_outputs size mismatch"};
  if (request.outputs != wiring_.output_lines() || request.inputs != wiring_.input_lines)
    return {GpioError::kInvalidArgument, "open fake chip: request does not match its wiring"};
  expect_outputs_ = request.outputs.size();
  expect_inputs_ = request.inputs.size();
  outputs_ = request.initial_outputs;
  open_ = true;
  return GpioStatus::ok();
}

GpioStatus FakeMatrix::write_outputs(std::span<const std::uint8_t> levels) {
  if (!plugged_) {
    open_ = false;
    return {GpioError::kChipGone, "write fake chip: No such device"};
  }
  if (!open_) return {GpioError::kNotOpen, "write fake chip: not open"};
  if (levels.size() != expect_outputs_)
    return {GpioError::kInvalidArgument, "write fake chip: wrong number of levels"};
  outputs_.assign(levels.begin(), levels.end());
  ++writes_;
  return GpioStatus::ok();
}

void FakeMatrix::selected_rows(std::vector<std::uint8_t>& rows) const {
  std::fill(rows.begin(), rows.end(), 0);
  switch (wiring_.topology) {
    case Topology::kDiodeMatrix:
      for (std::size_t r = 0; r < rows.size(); ++r) rows[r] = outputs_[r] == 0;
      break;
    case Topology::kDecodedMatrix: {
      const std::size_t bits = wiring_.address_lines.size();
      if (wiring_.enable_line && outputs_[bits] != 0) break;  // disabled
      std::size_t address = 0;
      for (std::size_t b = 0; b < bits; ++b) address |= std::size_t{outputs_[b] != 0} << b;
      if (address < rows.size()) rows[address] = 1;
      break;
    }
    case Topology::kDirectLines:
      rows[0] = 1;  // every reed goes to ground
      break;
  }
}

GpioStatus FakeMatrix::read_inputs(std::span<std::uint8_t> levels) {
  if (!plugged_) {
    open_ = false;
    return {GpioError::kChipGone, "read fake chip: No such device"};
  }
  if (!open_) return {GpioError::kNotOpen, "read fake chip: not open"};
  if (levels.size() != expect_inputs_)
    return {GpioError::kInvalidArgument, "read fake chip: wrong number of levels"};
  ++reads_;
  selected_rows(row_on_);
  std::fill(input_low_.begin(), input_low_.end(), 0);

  if (diodes_missing_ == 0) {
    // Every reed has its diode: an input is low iff a closed reed joins it to
    // a selected row.
    for (std::size_t r = 0; r < row_on_.size(); ++r) {
      if (!row_on_[r]) continue;
      for (std::uint16_t s : row_sensors_[r])
        if (contact_closed(SensorIndex{s})) input_low_[wiring_.sensors[s].input] = 1;
    }
  } else {
    // Path search: rows reach inputs through closed reeds; inputs reach rows
    // back through closed reeds without a diode.
    stack_.clear();
    for (std::size_t r = 0; r < row_on_.size(); ++r)
      if (row_on_[r]) stack_.push_back(static_cast<std::uint16_t>(r));
    while (!stack_.empty()) {
      const std::uint16_t r = stack_.back();
      stack_.pop_back();
      for (std::uint16_t s : row_sensors_[r]) {
        const std::uint16_t in = wiring_.sensors[s].input;
        if (input_low_[in] || !contact_closed(SensorIndex{s})) continue;
        input_low_[in] = 1;
        for (std::uint16_t back : input_sensors_[in]) {
          const std::uint16_t r2 = wiring_.sensors[back].row;
          if (row_on_[r2] || !sensors_[back].diode_missing || !contact_closed(SensorIndex{back}))
            continue;
          row_on_[r2] = 1;
          stack_.push_back(r2);
        }
      }
    }
  }
  for (std::size_t i = 0; i < levels.size(); ++i)
    levels[i] = (input_low_[i] || shorted_[i]) ? 0 : 1;
  return GpioStatus::ok();
}

}  // namespace tabula::firmware
