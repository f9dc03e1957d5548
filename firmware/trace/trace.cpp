#include "trace/trace.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tabula::trace {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Splits a line (comment already cut) into blank-separated tokens.
std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool valid_square_name(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] >= 'a' && s[i] <= 'z') ++i;
  if (i == 0 || i > 2 || i == s.size() || s[i] == '0') return false;
  for (std::size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9') return false;
  return s.size() - i <= 3;
}

}  // namespace

std::string TraceError::to_string() const {
  return file + ":" + std::to_string(line) + ": " + message;
}

std::string_view motion_name(Motion motion) {
  return motion == Motion::kUp ? "up" : "down";
}

std::string format_event(const TraceEvent& event) {
  std::string out = std::to_string(event.time.count());
  out += ' ';
  out += event.square;
  out += ' ';
  out += motion_name(event.motion);
  return out;
}

TraceParse parse_trace(std::string_view text, std::string_view file) {
  TraceParse result;
  auto fail = [&](int line, std::string message) {
    result.errors.push_back({std::string(file), line, std::move(message)});
  };
  std::int64_t last_time = -1;
  int last_time_line = 0;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    const auto tokens = tokens_of(line);
    if (tokens.empty()) continue;
    if (tokens.size() != 3) {
      fail(line_no, "expected '<milliseconds> <square> <up|down>', found " +
                        std::to_string(tokens.size()) + " field(s)");
      continue;
    }
    TraceEvent ev;
    ev.line = line_no;
    std::int64_t ms = 0;
    const auto t = tokens[0];
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), ms);
    if (ec == std::errc::result_out_of_range) {
      fail(line_no, "bad time '" + std::string(t) + "': too large");
      continue;
    }
    if (ec != std::errc{} || ptr != t.data() + t.size() || ms < 0 || t[0] == '+') {
      fail(line_no, "bad time '" + std::string(t) +
                        "': expected a non-negative whole number of milliseconds");
      continue;
    }
    if (ms > kMaxTimeMs) {
      fail(line_no, "bad time '" + std::string(t) + "': past ten years (" + std::to_string(kMaxTimeMs) +
                        " ms), longer than any game");
      continue;
    }
    if (!valid_square_name(tokens[1])) {
      fail(line_no, "bad square '" + std::string(tokens[1]) +
                        "': expected a lowercase name such as a1 or n14");
      continue;
    }
    if (tokens[2] == "up") {
      ev.motion = Motion::kUp;
    } else if (tokens[2] == "down") {
      ev.motion = Motion::kDown;
    } else {
      fail(line_no, "unknown token '" + std::string(tokens[2]) + "': expected 'up' or 'down'");
      continue;
    }
    if (ms < last_time) {
      fail(line_no, "time goes backwards: " + std::to_string(ms) + " ms after " +
                        std::to_string(last_time) + " ms at line " +
                        std::to_string(last_time_line));
      continue;
    }
    last_time = ms;
    last_time_line = line_no;
    ev.time = std::chrono::milliseconds(ms);
    ev.square = std::string(tokens[1]);
    result.events.push_back(std::move(ev));
  }
  if (!result.ok()) result.events.clear();
  return result;
}

TraceParse read_trace_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {  // it would open and read as an empty trace
    TraceParse result;
    result.errors.push_back({path, 0, "is a directory, not a file"});
    return result;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    TraceParse result;
    result.errors.push_back({path, 0, "cannot open trace file"});
    return result;
  }
  std::string text;
  char chunk[65536];
  while (text.size() <= max_bytes && in.read(chunk, sizeof chunk).gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > max_bytes) {
    TraceParse result;
    result.errors.push_back({path, 0, "more than " + std::to_string(max_bytes) + " bytes; not a trace Tabula reads"});
    return result;
  }
  return parse_trace(text, path);
}

}  // namespace tabula::trace
