// The sensor trace format, read by `tabula-boardd --backend sim`, by the
// firmware tests and (later) by `tabula infer`. Standard library only.
//
// Format (one event per line):
//
//     # a comment runs to the end of the line; blank lines are ignored
//     <milliseconds> <square> <up|down>
//     0     e2 up      # a piece leaves e2
//     850   e4 down    # a piece arrives on e4
//
//   - <milliseconds>: a non-negative decimal integer, time since the trace
//     started. Times never go backwards; equal times are allowed.
//   - <square>: the variant's own name, lowercase file letter(s) then rank
//     number without a leading zero: a1 .. n14. Whether the square exists on a
//     given board is for the reader to check (the trace does not name one).
//   - up: a piece leaves the square. down: a piece arrives.
//   Fields are separated by spaces or tabs; anything after them must be a
//   comment.
//
// Errors are values: every bad line is reported as "file:line: message" and
// parsing goes on, so one run lists all of them.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::trace {

enum class Motion { kUp, kDown };

struct TraceEvent {
  std::chrono::milliseconds time{0};
  std::string square;
  Motion motion = Motion::kUp;
  int line = 0;  // 1-based line in the source, for messages

  friend bool operator==(const TraceEvent&, const TraceEvent&) = default;
};

struct TraceError {
  std::string file;
  int line = 0;
  std::string message;
  // "file:line: message"
  std::string to_string() const;
};

// Either events (errors empty) or the list of everything wrong.
struct TraceParse {
  std::vector<TraceEvent> events;
  std::vector<TraceError> errors;
  bool ok() const { return errors.empty(); }
};

// Parses trace text; `file` only names the source in messages.
TraceParse parse_trace(std::string_view text, std::string_view file = "<trace>");
// Reads and parses a file; an unreadable file is one error at line 0, and so
// is a directory or a file of more than `max_bytes` (read no further: an
// endless input such as /dev/zero is one endless line).
inline constexpr std::size_t kMaxTraceBytes = std::size_t{64} << 20;
// The latest time a trace line may have: ten years of one game (the same
// bound as session::kMaxInputTime, which a journal's inputs are held to;
// play_commands.cpp checks that the two agree).
inline constexpr std::int64_t kMaxTimeMs = 10LL * 366 * 24 * 3600 * 1000;
TraceParse read_trace_file(const std::string& path, std::size_t max_bytes = kMaxTraceBytes);

// One event as a trace line without newline: "850 e4 down".
std::string format_event(const TraceEvent& event);
std::string_view motion_name(Motion motion);

}  // namespace tabula::trace
