#include "serial/dgt_protocol.h"

#include <cstdio>

#include "serial/line_protocol.h"

namespace tabula::firmware::serial {
namespace {

std::string hex(unsigned v) {
  char b[8];
  std::snprintf(b, sizeof b, "0x%02X", v);
  return b;
}

// The fixed lengths of the messages this reader checks (header included).
std::size_t expected_length(unsigned char id) {
  switch (id) {
    case dgt::kBoardDump: return 67;
    case dgt::kFieldUpdate: return 5;
    default: return 0;  // others: taken as their header says, then skipped
  }
}

std::string message_name(unsigned char id) {
  switch (id) {
    case dgt::kBoardDump: return "board dump " + hex(id);
    case dgt::kFieldUpdate: return "field update " + hex(id);
    default: return "message " + hex(id);
  }
}

}  // namespace

namespace dgt {

std::string square_name(int index) {
  const char file = static_cast<char>('a' + index % 8);
  const char rank = static_cast<char>('8' - index / 8);
  return {file, rank};
}

std::string board_dump(const unsigned char (&codes)[64]) {
  std::string out{static_cast<char>(kBoardDump), 0, 67};
  for (unsigned char c : codes) out += static_cast<char>(c);
  return out;
}

std::string field_update(int index, unsigned char code) {
  return {static_cast<char>(kFieldUpdate), 0, 5, static_cast<char>(index), static_cast<char>(code)};
}

}  // namespace dgt

void DgtDecoder::flush_garbage(DecodeOutput& out) {
  if (garbage_ == 0) return;
  out.problems.push_back("byte " + std::to_string(garbage_at_) + ": " + std::to_string(garbage_) +
                         " stray byte(s) from " + hex(garbage_first_) +
                         " where a message must begin (a byte with bit 7 set): noise, or a"
                         " wrong baud rate (DGT boards talk at 9600)");
  garbage_ = 0;
}

void DgtDecoder::start_frame(unsigned char b, DecodeOutput& out) {
  flush_garbage(out);
  frame_.assign(1, static_cast<char>(b));
  length_ = 0;
  frame_at_ = offset_;
}

void DgtDecoder::feed(std::span<const char> bytes, DecodeOutput& out) {
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    if (frame_.empty()) {
      if (b & 0x80) {
        skipping_ = false;
        start_frame(b, out);
      } else if (!skipping_) {
        if (garbage_++ == 0) {
          garbage_at_ = offset_;
          garbage_first_ = b;
        }
      }
      ++offset_;
      continue;
    }
    const auto id = static_cast<unsigned char>(frame_[0]);
    if (b & 0x80) {
      // A header byte inside a frame: the frame was cut, a new one begins.
      out.problems.push_back("byte " + std::to_string(frame_at_) + ": " + message_name(id) +
                             " cut off after " + std::to_string(frame_.size()) + " of " +
                             (length_ ? std::to_string(length_) : std::string("?")) +
                             " bytes (" + hex(b) + " began a new message)");
      start_frame(b, out);
      ++offset_;
      continue;
    }
    frame_ += c;
    ++offset_;
    if (frame_.size() == 3) {
      length_ = (static_cast<std::size_t>(static_cast<unsigned char>(frame_[1])) << 7) |
                static_cast<unsigned char>(frame_[2]);
      const std::size_t want = expected_length(id);
      if (length_ < 3 || (want != 0 && length_ != want)) {
        out.problems.push_back("byte " + std::to_string(frame_at_) + ": " + message_name(id) +
                               " says it is " + std::to_string(length_) + " bytes long" +
                               (want ? "; it is always " + std::to_string(want) : std::string()) +
                               " (a corrupted header)");
        frame_.clear();
        skipping_ = true;  // its payload, up to the next header, goes with it
        continue;
      }
    }
    if (length_ != 0 && frame_.size() == length_) finish_frame(out);
  }
  if (frame_.empty()) flush_garbage(out);
}

void DgtDecoder::pause(DecodeOutput& out) {
  flush_garbage(out);
  if (frame_.empty()) return;
  const auto id = static_cast<unsigned char>(frame_[0]);
  out.problems.push_back("byte " + std::to_string(frame_at_) + ": " + message_name(id) +
                         " cut off after " + std::to_string(frame_.size()) + " of " +
                         (length_ ? std::to_string(length_) : std::string("?")) +
                         " bytes (the board stopped mid-message)");
  frame_.clear();
}

void DgtDecoder::finish_frame(DecodeOutput& out) {
  std::string frame;
  frame.swap(frame_);
  const auto id = static_cast<unsigned char>(frame[0]);
  const std::string where = "byte " + std::to_string(frame_at_);
  auto code_ok = [&](unsigned char code, const std::string& square) {
    if (code <= 0x0F) return true;
    out.problems.push_back(where + ": " + message_name(id) + " gives square " + square +
                           " piece code " + hex(code) + "; codes are 0x00..0x0F");
    return false;
  };
  if (id == dgt::kBoardDump) {
    BoardReport r;
    r.kind = BoardReport::Kind::kWholeBoard;
    r.where = where;
    for (int i = 0; i < 64; ++i) {
      const auto code = static_cast<unsigned char>(frame[3 + static_cast<std::size_t>(i)]);
      if (!code_ok(code, dgt::square_name(i))) return;
      if (code != 0) r.occupied.push_back(dgt::square_name(i));
    }
    out.reports.push_back(std::move(r));
  } else if (id == dgt::kFieldUpdate) {
    const auto index = static_cast<unsigned char>(frame[3]);
    const auto code = static_cast<unsigned char>(frame[4]);
    if (index > 63) {
      out.problems.push_back(where + ": field update names square " + std::to_string(index) +
                             "; squares are 0 (a8) .. 63 (h1)");
      return;
    }
    if (!code_ok(code, dgt::square_name(index))) return;
    BoardReport r;
    r.kind = BoardReport::Kind::kChange;
    r.where = where;
    r.square = dgt::square_name(index);
    r.occupied_now = code != 0;
    out.reports.push_back(std::move(r));
  }
  // Other messages (clock, serial number, version, ...) carry no squares.
}

std::unique_ptr<StreamDecoder> make_decoder(Protocol protocol) {
  if (protocol == Protocol::kDgt) return std::make_unique<DgtDecoder>();
  return std::make_unique<LineDecoder>();
}

}  // namespace tabula::firmware::serial
