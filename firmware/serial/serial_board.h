// The serial backend of tabula-boardd: a board that reports its squares over
// a serial line (a microcontroller on the Tabula line protocol, or a DGT
// e-board), presented to the scanner as a Gpio. The profile gives the board's
// geometry and timing; its wiring is replaced by serial_wiring(): one virtual
// input line per reed, one reed per cell of each square, on a virtual chip
// named after the device. read_inputs() takes in what the device sent since
// the last scan and answers with the squares' occupancy, so debouncing,
// faults, snapshots and inference are those of every other board.
//
// open() sends the protocol's start bytes and waits (bounded) for the first
// whole-board frame. Every problem in the stream is logged, naming what and
// where, and a whole board is asked for again (a change may have been lost);
// what was already reported stands. A device that vanishes is kChipGone, as a
// vanished chip: the daemon says so and opens it again every second.
// Not thread-safe: the daemon's one thread.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "scan/board_profile.h"
#include "scan/gpio.h"
#include "serial/board_stream.h"
#include "serial/serial_port.h"

namespace tabula::firmware::serial {

struct SerialSettings {
  std::string device;  // e.g. /dev/ttyACM0, /dev/serial/by-id/...
  Protocol protocol = Protocol::kTabulaLine;
  unsigned baud = 0;  // 0: the protocol's own (115200 line, 9600 DGT)
  std::chrono::milliseconds first_frame_wait{2000};
  std::chrono::milliseconds cut_after{300};      // a frame half received this long is cut
  std::chrono::milliseconds request_again{1000};  // a whole board asked for and not come
};

using SerialLog = std::function<void(const std::string&)>;

// The profile's wiring for a serial board (see above).
Wiring serial_wiring(const geometry::Geometry& geometry, const std::string& device);

class SerialBoard final : public Gpio {
 public:
  SerialBoard(geometry::Geometry geometry, SerialSettings settings, SerialLog log);

  GpioStatus open(const GpioRequest& request) override;
  void close() noexcept override { port_.close(); }
  GpioStatus write_outputs(std::span<const std::uint8_t> levels) override;
  GpioStatus read_inputs(std::span<std::uint8_t> levels) override;

  unsigned baud() const { return baud_; }
  std::uint64_t problems() const { return problems_; }
  std::uint64_t whole_boards() const { return whole_boards_; }
  std::uint64_t changes() const { return changes_; }

 private:
  GpioStatus pump();  // read, decode, apply; asks for a board when needed
  void apply(const BoardReport& report);
  void problem(const std::string& message);
  GpioStatus request_board();

  geometry::Geometry geometry_;
  SerialSettings settings_;
  SerialLog log_;
  std::unique_ptr<StreamDecoder> decoder_;
  unsigned baud_;
  SerialPort port_;
  std::vector<std::uint8_t> occupied_;       // per square
  std::vector<std::size_t> first_input_;     // per square: the input of its first reed
  std::size_t inputs_ = 0;
  bool have_board_ = false;
  bool want_board_ = false;  // a problem: ask for the whole board
  bool awaiting_ = false;    // asked, not answered yet
  std::chrono::steady_clock::time_point asked_at_{};
  std::chrono::steady_clock::time_point last_byte_{};
  std::string bytes_;
  DecodeOutput out_;
  std::uint64_t problems_ = 0;
  std::uint64_t whole_boards_ = 0;
  std::uint64_t changes_ = 0;
};

}  // namespace tabula::firmware::serial
