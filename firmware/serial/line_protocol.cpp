#include "serial/line_protocol.h"

#include <charconv>
#include <cstdio>
#include <set>
#include <sstream>
#include <utility>

namespace tabula::firmware::serial {
namespace {

// The line as it can be quoted in a message: printable, at most 80 bytes.
std::string quoted(std::string_view line) {
  std::string out = "'";
  std::size_t n = 0;
  for (char c : line) {
    if (++n > 80) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    }
  }
  return out + "'";
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A square name as the geometries spell them: a file letter, then a rank.
bool looks_like_square(std::string_view w) {
  if (w.size() < 2 || w.size() > 3 || w[0] < 'a' || w[0] > 'z') return false;
  for (std::size_t i = 1; i < w.size(); ++i)
    if (w[i] < '0' || w[i] > '9') return false;
  return true;
}

}  // namespace

std::string line_checksum(std::string_view body) {
  unsigned x = 0;
  for (char c : body) x ^= static_cast<unsigned char>(c);
  char hex[4];
  std::snprintf(hex, sizeof hex, "%02X", x);
  return hex;
}

std::string checked_line(std::string_view body) {
  return std::string(body) + "*" + line_checksum(body) + "\n";
}

void LineDecoder::feed(std::span<const char> bytes, DecodeOutput& out) {
  for (char c : bytes) {
    if (c == '\n') {
      finish_line(out);
    } else if (c == '\r') {
      continue;
    } else if (overlong_) {
      continue;
    } else if (line_.size() >= kMaxLineBytes) {
      overlong_ = true;
    } else {
      line_ += c;
    }
  }
}

void LineDecoder::pause(DecodeOutput& out) {
  if (!partial()) return;
  out.problems.push_back("line " + std::to_string(line_no_ + 1) + ": cut off: " +
                         std::to_string(line_.size()) + " bytes and no end of line " +
                         quoted(line_) + " (the device stopped mid-line)");
  line_.clear();
  overlong_ = false;
  ++line_no_;
}

void LineDecoder::finish_line(DecodeOutput& out) {
  ++line_no_;
  const std::string where = "line " + std::to_string(line_no_);
  std::string line;
  line.swap(line_);
  if (std::exchange(overlong_, false)) {
    out.problems.push_back(where + ": longer than " + std::to_string(kMaxLineBytes) +
                           " bytes, not a board line (a wrong baud rate or another device?) " +
                           quoted(line));
    return;
  }
  if (line.empty()) return;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto u = static_cast<unsigned char>(line[i]);
    if (u < 0x20 || u >= 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", u);
      out.problems.push_back(where + ": byte " + hex + " at column " + std::to_string(i + 1) +
                             " is not printable ASCII (noise, or a wrong baud rate): " +
                             quoted(line));
      return;
    }
  }
  const std::size_t star = line.rfind('*');
  if (star == std::string::npos || star + 3 != line.size()) {
    out.problems.push_back(where + ": no checksum '*XX' at the end: " + quoted(line));
    return;
  }
  const int hi = hex_digit(line[star + 1]), lo = hex_digit(line[star + 2]);
  const std::string body = line.substr(0, star);
  if (hi < 0 || lo < 0) {
    out.problems.push_back(where + ": checksum '" + line.substr(star) +
                           "' is not two hex digits: " + quoted(line));
    return;
  }
  const std::string want = line_checksum(body);
  if (hi * 16 + lo != hex_digit(want[0]) * 16 + hex_digit(want[1])) {
    out.problems.push_back(where + ": checksum *" + line.substr(star + 1) +
                           ", but the line's bytes give *" + want + ": " + quoted(line));
    return;
  }
  parse_body(body, where, out);
}

void LineDecoder::parse_body(const std::string& body, const std::string& where,
                             DecodeOutput& out) {
  const std::vector<std::string> w = split(body);
  if (w.empty()) {
    out.problems.push_back(where + ": an empty line with a checksum");
    return;
  }
  const std::string& kind = w[0];
  if (kind != "H" && kind != "F" && kind != "+" && kind != "-" && kind != "E") {
    out.problems.push_back(where + ": unknown line kind '" + kind +
                           "' (expected H, F, +, - or E): " + quoted(body));
    return;
  }
  std::uint32_t ms = 0;
  if (w.size() < 2 || w[1].empty() ||
      std::from_chars(w[1].data(), w[1].data() + w[1].size(), ms).ptr != w[1].data() + w[1].size()) {
    out.problems.push_back(where + ": '" + kind +
                           "' needs the device's time in ms (0..4294967295) second: " + quoted(body));
    return;
  }
  BoardReport r;
  r.device_ms = ms;
  r.where = where;
  if (kind == "H") {
    last_ms_.reset();  // a restarted device starts its clock again
  } else if (last_ms_ && ms < *last_ms_ && *last_ms_ - ms < 0x8000'0000u) {
    out.problems.push_back(where + ": time " + std::to_string(ms) +
                           " ms is before the previous line's " + std::to_string(*last_ms_) +
                           " ms (lines out of order, or a restart without 'H')");
  }
  last_ms_ = ms;
  auto rest = [&] {
    std::string text;
    for (std::size_t i = 2; i < w.size(); ++i) text += (i > 2 ? " " : "") + w[i];
    return text;
  };
  if (kind == "H" || kind == "E") {
    r.kind = kind == "H" ? BoardReport::Kind::kHello : BoardReport::Kind::kDeviceError;
    r.text = rest();
  } else if (kind == "F") {
    r.kind = BoardReport::Kind::kWholeBoard;
    std::set<std::string> seen;
    for (std::size_t i = 2; i < w.size(); ++i) {
      if (!looks_like_square(w[i])) {
        out.problems.push_back(where + ": '" + w[i] + "' is not a square name (like e4): " +
                               quoted(body));
        return;
      }
      if (!seen.insert(w[i]).second) {
        out.problems.push_back(where + ": square " + w[i] + " is listed twice: " + quoted(body));
        return;
      }
      r.occupied.push_back(w[i]);
    }
  } else {
    if (w.size() != 3 || !looks_like_square(w[2])) {
      out.problems.push_back(where + ": '" + kind + "' needs one square name after the time: " +
                             quoted(body));
      return;
    }
    r.kind = BoardReport::Kind::kChange;
    r.square = w[2];
    r.occupied_now = kind == "+";
  }
  out.reports.push_back(std::move(r));
}

}  // namespace tabula::firmware::serial
