// options.h — "--name value" and "--flag" parsing shared by every `tabula`
// command, with one wording for every usage error.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

// Session 28: a count and its noun, singular for 1 ("1 move", "2 moves"),
// as the event's commands say it (event::counted, s27): `tabula play`,
// `bench-latency`, `match` and others had printed "1 moves".
inline std::string counted(long long n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Parsed options; flags have an empty value.
struct Options {
  std::map<std::string, std::string> values;
  std::vector<std::string> positional;
};

// Parses args[first..]. An unknown option or a missing value is one line on
// `err` ("tabula: unknown option --x for COMMAND") and nullopt.
std::optional<Options> parse_options(const std::vector<std::string>& args, std::size_t first,
                                     const std::vector<std::string>& with_value,
                                     const std::vector<std::string>& flags, const std::string& command,
                                     std::ostream& err);
// The same, skipping args[0] when it is the command word.
std::optional<Options> parse_options(const std::vector<std::string>& args, const std::string& command,
                                     const std::vector<std::string>& with_value, std::ostream& err);

// A whole number in [min, max] filling the whole text.
bool parse_number(const std::string& text, long long min, long long max, long long& out);
// Reads option `name` into `out` when given (else keeps `out`); a bad value
// is one line on `err` and false.
bool number_option(const Options& o, const std::string& name, long long min, long long max,
                   long long& out, std::ostream& err);

// The whole file at `path` into `out`; false when it cannot be read, with
// `why` (when given) saying what is wrong: "no such file", "is a directory,
// not a file", "cannot read the file (Permission denied)".
// A file of more than `max_bytes` is refused unread ("more than N bytes; ...":
// /dev/zero and other endless inputs were read for ever).
inline constexpr std::size_t kMaxTextFileBytes = std::size_t{64} << 20;
bool read_text_file(const std::string& path, std::string& out, std::string* why = nullptr,
                    std::size_t max_bytes = kMaxTextFileBytes);

// Why an output (--out, an export) must not be written at `dest`, or "" when
// it may: an output never replaces the file the command reads (`input`), the
// files kept beside it (its -wal, -shm, -journal, -lock), nor any SQLite
// database or -wal (a journal's): the recorded game would be lost.
std::string overwrite_problem(const std::string& dest, const std::string& input);

}  // namespace tabula::cli
