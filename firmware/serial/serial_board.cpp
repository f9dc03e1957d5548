#include "serial/serial_board.h"

#include <poll.h>

#include <algorithm>

namespace tabula::firmware::serial {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kProblemsLogged = 20;  // then one line in 100, with the count

}  // namespace

Wiring serial_wiring(const geometry::Geometry& geometry, const std::string& device) {
  Wiring w;
  w.topology = Topology::kDirectLines;
  w.bias = InputBias::kPullUp;
  w.row_count = 1;
  for (std::size_t s = 0; s < geometry.square_count(); ++s) {
    const SquareIndex square{static_cast<std::uint16_t>(s)};
    for (std::size_t cell = 0; cell < geometry.square(square).cells.size(); ++cell) {
      const auto input = static_cast<std::uint16_t>(w.input_lines.size());
      w.input_lines.push_back(LineId{0, input});
      w.sensors.push_back(SensorSpec{0, input, square});
    }
  }
  w.chips.push_back(ChipSpec{"serial", device, static_cast<unsigned>(w.input_lines.size()),
                             ChipKind::kOther, "a serial board (tabula-boardd --backend serial)"});
  return w;
}

SerialBoard::SerialBoard(geometry::Geometry geometry, SerialSettings settings, SerialLog log)
    : geometry_(std::move(geometry)),
      settings_(std::move(settings)),
      log_(std::move(log)),
      decoder_(make_decoder(settings_.protocol)),
      baud_(settings_.baud != 0 ? settings_.baud : decoder_->default_baud()),
      occupied_(geometry_.square_count(), 0) {
  for (std::size_t s = 0; s < geometry_.square_count(); ++s) {
    first_input_.push_back(inputs_);
    inputs_ += geometry_.square(SquareIndex{static_cast<std::uint16_t>(s)}).cells.size();
  }
}

void SerialBoard::problem(const std::string& message) {
  ++problems_;
  if (problems_ <= kProblemsLogged || problems_ % 100 == 0)
    log_(settings_.device + ": " + message +
         (problems_ > kProblemsLogged ? " (" + std::to_string(problems_) + " problems so far)" : ""));
  if (problems_ == kProblemsLogged) log_(settings_.device + ": further problems: one line in 100");
  want_board_ = true;  // a change may have been lost: the whole board settles it
}

GpioStatus SerialBoard::request_board() {
  asked_at_ = Clock::now();
  want_board_ = false;
  awaiting_ = true;
  return port_.write_all(decoder_->whole_board_request());
}

void SerialBoard::apply(const BoardReport& r) {
  const std::string at = r.where + (r.device_ms ? " (device " + std::to_string(*r.device_ms) + " ms)" : "");
  switch (r.kind) {
    case BoardReport::Kind::kHello:
      log_(settings_.device + ": the board started: " + r.text);
      want_board_ = true;  // what it sent before restarting may be lost
      return;
    case BoardReport::Kind::kDeviceError:
      ++problems_;
      log_(settings_.device + ": the board reports an error at " + at + ": " + r.text);
      return;
    case BoardReport::Kind::kWholeBoard: {
      std::vector<std::uint8_t> next(occupied_.size(), 0);
      for (const std::string& name : r.occupied) {
        const auto square = geometry_.find(name);
        if (!square) {
          problem(at + ": whole board lists " + name + ", which is not a square of " +
                  geometry_.id() + " (the profile's board); frame ignored");
          return;
        }
        next[to_size(*square)] = 1;
      }
      occupied_ = std::move(next);
      have_board_ = true;
      awaiting_ = false;
      ++whole_boards_;
      return;
    }
    case BoardReport::Kind::kChange: {
      const auto square = geometry_.find(r.square);
      if (!square) {
        problem(at + ": " + r.square + " is not a square of " + geometry_.id() +
                " (the profile's board); change ignored");
        return;
      }
      std::uint8_t& o = occupied_[to_size(*square)];
      ++changes_;
      if (have_board_ && o == (r.occupied_now ? 1 : 0))
        problem(at + ": " + r.square + (r.occupied_now ? " arrived but was occupied" : " left but was empty") +
                ": a change was lost; asking for the whole board");
      o = r.occupied_now ? 1 : 0;
      return;
    }
  }
}

GpioStatus SerialBoard::pump() {
  bytes_.clear();
  GpioStatus st = port_.read_available(bytes_);
  const auto now = Clock::now();
  out_.clear();
  if (!bytes_.empty()) {
    last_byte_ = now;
    decoder_->feed(bytes_, out_);
  } else if (decoder_->partial() && now - last_byte_ >= settings_.cut_after) {
    decoder_->pause(out_);
  }
  for (const BoardReport& r : out_.reports) apply(r);
  for (const std::string& p : out_.problems) problem(p);
  if (!st.is_ok()) return st;  // what came before the hang-up is applied
  // Asked, and no whole board came: ask again (a request can be lost too).
  const bool overdue = awaiting_ && now - asked_at_ >= settings_.request_again;
  if (want_board_ || overdue) {
    if (GpioStatus w = request_board(); !w.is_ok()) return w;
  }
  return GpioStatus::ok();
}

GpioStatus SerialBoard::open(const GpioRequest& request) {
  if (request.inputs.size() != inputs_ || !request.outputs.empty())
    return {GpioError::kInvalidArgument,
            "serial board: the scanner asks for " + std::to_string(request.inputs.size()) +
                " inputs and " + std::to_string(request.outputs.size()) + " outputs; the board " +
                geometry_.id() + " has " + std::to_string(inputs_) + " squares' reeds and no outputs"};
  if (!baud_supported(baud_))
    return {GpioError::kInvalidArgument, "serial board: " + std::to_string(baud_) + " baud is not a rate this port knows"};
  if (GpioStatus st = port_.open(settings_.device, baud_); !st.is_ok()) return st;
  decoder_ = make_decoder(settings_.protocol);  // nothing half-read from before
  have_board_ = false;
  want_board_ = false;
  if (GpioStatus st = port_.write_all(decoder_->start_bytes()); !st.is_ok()) return st;
  asked_at_ = Clock::now();
  awaiting_ = true;
  const auto until = asked_at_ + settings_.first_frame_wait;
  while (!have_board_) {
    if (GpioStatus st = pump(); !st.is_ok()) return st;
    if (have_board_) break;
    if (Clock::now() >= until) {
      port_.close();
      return {GpioError::kIoError,
              "no whole-board frame from " + settings_.device + " within " +
                  std::to_string(settings_.first_frame_wait.count()) + " ms (" + decoder_->name() +
                  " protocol at " + std::to_string(baud_) +
                  " baud): is the board's firmware running, and is --serial-protocol right?"};
    }
    pollfd p{port_.fd(), POLLIN, 0};
    ::poll(&p, 1, 20);
  }
  return GpioStatus::ok();
}

GpioStatus SerialBoard::write_outputs(std::span<const std::uint8_t> levels) {
  if (!levels.empty()) return {GpioError::kInvalidArgument, "serial board: it has no outputs"};
  return GpioStatus::ok();
}

GpioStatus SerialBoard::read_inputs(std::span<std::uint8_t> levels) {
  if (!port_.is_open()) return {GpioError::kNotOpen, "serial board " + settings_.device + ": not open"};
  if (levels.size() != inputs_) return {GpioError::kInvalidArgument, "serial board: wrong number of inputs"};
  if (GpioStatus st = pump(); !st.is_ok()) return st;
  std::fill(levels.begin(), levels.end(), std::uint8_t{1});  // pulled up: open
  for (std::size_t s = 0; s < occupied_.size(); ++s)
    if (occupied_[s]) levels[first_input_[s]] = 0;  // a closed reed pulls low
  return GpioStatus::ok();
}

}  // namespace tabula::firmware::serial
