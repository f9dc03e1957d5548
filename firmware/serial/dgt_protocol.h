// The DGT electronic chessboard's serial protocol, read as occupancy (a piece
// code other than empty is "occupied"; which piece it is, inference works out
// as on every other board). As DGT published it (dgtbrd.h, "Protocol
// description for DGT chess board", and the open-source programs that speak
// it): 9600 baud 8N1; the host sends one-byte commands, the board answers
// with messages of a 3-byte header (id | 0x80, then the whole message's
// length in two 7-bit bytes, high first) and a payload:
//
//   host -> board  0x40 reset (idle)   0x42 send the board   0x44 send square updates
//   board -> host  0x86 board dump, 67 bytes: 64 piece codes, a8 b8 .. h8, a7 .. h1
//                  0x8E field update, 5 bytes: square (0 = a8 .. 63 = h1), piece code
//                  others (0x8D clock, 0x91 serial number, 0x93 version, ...) are skipped
//
// Piece codes: 0 empty, 1..12 the white and black men, 13..15 DGT's special
// pieces (occupied too). The protocol has no checksum; a frame is checked by
// its header, its length and its bytes (a payload byte never has bit 7 set).
// The square order assumes the board the right way round (a1 at White's
// left). Pure: no I/O.
#pragma once

#include "serial/board_stream.h"

namespace tabula::firmware::serial {

namespace dgt {
constexpr char kReset = 0x40;
constexpr char kSendBoard = 0x42;
constexpr char kSendUpdates = 0x44;
constexpr unsigned char kBoardDump = 0x86;
constexpr unsigned char kFieldUpdate = 0x8E;
// "a8" for 0 .. "h1" for 63.
std::string square_name(int index);
// A board dump or a field update as the board sends it (for simulators and tests).
std::string board_dump(const unsigned char (&codes)[64]);
std::string field_update(int index, unsigned char code);
}  // namespace dgt

class DgtDecoder final : public StreamDecoder {
 public:
  std::string name() const override { return "dgt"; }
  unsigned default_baud() const override { return 9600; }
  std::string start_bytes() const override {
    return {dgt::kReset, dgt::kSendBoard, dgt::kSendUpdates};
  }
  std::string whole_board_request() const override { return {dgt::kSendBoard}; }
  void feed(std::span<const char> bytes, DecodeOutput& out) override;
  void pause(DecodeOutput& out) override;
  bool partial() const override { return !frame_.empty(); }

 private:
  void start_frame(unsigned char b, DecodeOutput& out);
  void finish_frame(DecodeOutput& out);
  void flush_garbage(DecodeOutput& out);

  std::string frame_;          // the message so far, header included
  std::size_t length_ = 0;     // its length once both length bytes are in
  std::uint64_t offset_ = 0;   // bytes seen, for messages
  std::uint64_t frame_at_ = 0;
  bool skipping_ = false;      // after a corrupted header: up to the next header
  std::uint64_t garbage_ = 0;  // stray bytes in a row, reported once per run
  std::uint64_t garbage_at_ = 0;
  unsigned char garbage_first_ = 0;
};

}  // namespace tabula::firmware::serial
