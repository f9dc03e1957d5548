// The Tabula serial line protocol (docs/firmware.md, "Serial boards"): what a
// microcontroller board (firmware/serial_board_sketch/) sends over USB
// serial. ASCII lines, each `<body>*<XX>` where XX is the XOR of the body's
// bytes in two hex digits:
//
//   H <ms> <text>          the device started (text: firmware and protocol)
//   F <ms> [<square>...]   whole board: every occupied square
//   + <ms> <square>        a piece arrived on the square
//   - <ms> <square>        a piece left it
//   E <ms> <text>          the device's own error
//
// <ms> is the device's millisecond clock (unsigned 32-bit, it wraps). The host
// sends `F?*79` to ask for a whole board. Pure: no I/O.
#pragma once

#include "serial/board_stream.h"

namespace tabula::firmware::serial {

constexpr std::size_t kMaxLineBytes = 600;  // a whole 14x14 board (160 squares) fits

// XOR of the bytes, as two upper-case hex digits.
std::string line_checksum(std::string_view body);
// `body*XX\n`, for the host's requests, tests and simulators.
std::string checked_line(std::string_view body);

class LineDecoder final : public StreamDecoder {
 public:
  std::string name() const override { return "tabula-line"; }
  unsigned default_baud() const override { return 115200; }
  std::string start_bytes() const override { return whole_board_request(); }
  std::string whole_board_request() const override { return checked_line("F?"); }
  void feed(std::span<const char> bytes, DecodeOutput& out) override;
  void pause(DecodeOutput& out) override;
  bool partial() const override { return !line_.empty() || overlong_; }

 private:
  void finish_line(DecodeOutput& out);
  void parse_body(const std::string& body, const std::string& where, DecodeOutput& out);

  std::string line_;
  bool overlong_ = false;
  std::uint64_t line_no_ = 0;
  std::optional<std::uint32_t> last_ms_;
};

}  // namespace tabula::firmware::serial
