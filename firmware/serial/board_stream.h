// What a serial board says, whatever its protocol: whole-board frames, single
// square changes, the device's own errors, and the problems found in the byte
// stream itself. The decoders (line_protocol.h, dgt_protocol.h) are pure: bytes
// in, reports and problems out; no I/O, no clock (a pause is told to them).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tabula::firmware::serial {

struct BoardReport {
  enum class Kind {
    kWholeBoard,   // `occupied` lists every occupied square
    kChange,       // `square` became occupied (`occupied_now`) or empty
    kDeviceError,  // the device reports a fault of its own: `text`
    kHello,        // the device (re)started: `text` names it
  };
  Kind kind = Kind::kChange;
  std::vector<std::string> occupied;
  std::string square;
  bool occupied_now = false;
  std::optional<std::uint32_t> device_ms;  // the device's clock, when the protocol has one
  std::string text;
  std::string where;  // "line 12", "byte 345": for messages about this report
};

struct DecodeOutput {
  std::vector<BoardReport> reports;
  // One sentence each, naming what is wrong and where ("line 7: checksum
  // *3F, the line's bytes give *41: '+ 1200 e4*3F'"). After a problem a
  // change may have been lost: the caller asks for a whole board.
  std::vector<std::string> problems;
  void clear() {
    reports.clear();
    problems.clear();
  }
};

class StreamDecoder {
 public:
  virtual ~StreamDecoder() = default;
  virtual std::string name() const = 0;      // "tabula-line", "dgt"
  virtual unsigned default_baud() const = 0;  // 115200, 9600
  // Bytes to send when the port opens (reset, ask for the board, start updates).
  virtual std::string start_bytes() const = 0;
  // Bytes that ask the device for a whole-board frame.
  virtual std::string whole_board_request() const = 0;
  virtual void feed(std::span<const char> bytes, DecodeOutput& out) = 0;
  // The stream paused with a frame half received: that frame was cut. Adds a
  // problem and forgets the partial frame; nothing when none is pending.
  virtual void pause(DecodeOutput& out) = 0;
  virtual bool partial() const = 0;
};

enum class Protocol { kTabulaLine, kDgt };
std::unique_ptr<StreamDecoder> make_decoder(Protocol protocol);

}  // namespace tabula::firmware::serial
