#include "cli/options.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tabula::cli {

std::optional<Options> parse_options(const std::vector<std::string>& args, std::size_t first,
                                     const std::vector<std::string>& with_value,
                                     const std::vector<std::string>& flags, const std::string& command,
                                     std::ostream& err) {
  Options o;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) {
      o.positional.push_back(a);
      continue;
    }
    std::string name = a.substr(2);
    if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
      o.values[name] = "";
    } else if (std::find(with_value.begin(), with_value.end(), name) != with_value.end()) {
      if (i + 1 >= args.size()) {
        err << "tabula: option --" << name << " needs a value\n";
        return std::nullopt;
      }
      o.values[name] = args[++i];
    } else {
      err << "tabula: unknown option " << a << " for " << command << "\n";
      return std::nullopt;
    }
  }
  return o;
}

std::optional<Options> parse_options(const std::vector<std::string>& args, const std::string& command,
                                     const std::vector<std::string>& with_value, std::ostream& err) {
  std::size_t first = !args.empty() && args[0] == command ? 1 : 0;
  return parse_options(args, first, with_value, {}, command, err);
}

bool parse_number(const std::string& text, long long min, long long max, long long& out) {
  if (text.empty() || text.size() > 18) return false;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < min || v > max) return false;
  out = v;
  return true;
}

bool number_option(const Options& o, const std::string& name, long long min, long long max,
                   long long& out, std::ostream& err) {
  auto it = o.values.find(name);
  if (it == o.values.end()) return true;  // keep the default
  if (!parse_number(it->second, min, max, out)) {
    err << "tabula: --" << name << " must be a whole number from " << min << " to " << max
        << ", got \"" << it->second << "\"\n";
    return false;
  }
  return true;
}

bool read_text_file(const std::string& path, std::string& out, std::string* why, std::size_t max_bytes) {
  auto fail = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  std::error_code ec;
  // A directory opens as a stream on Linux and reads as nothing: say what it is.
  if (std::filesystem::is_directory(path, ec)) return fail("is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const bool exists = std::filesystem::exists(path, ec);
    return fail(exists ? "cannot read the file (" + std::string(std::strerror(errno)) + ")" : "no such file");
  }
  std::string text;
  char chunk[65536];
  while (text.size() <= max_bytes && in.read(chunk, sizeof chunk).gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return fail("cannot read the file");
  if (text.size() > max_bytes) {
    return fail("more than " + std::to_string(max_bytes) + " bytes; not a file Tabula reads (an endless input?)");
  }
  out = std::move(text);
  return true;
}

std::string overwrite_problem(const std::string& dest, const std::string& input) {
  std::error_code ec;
  if (!input.empty() && std::filesystem::equivalent(dest, input, ec)) {
    return "is the file this command reads; an output never overwrites it";
  }
  // The files SQLite and the writer lock keep beside the input (session 13:
  // `archive export --journal g.db --out g.db-wal` replaced the -wal of a game
  // in progress, up to 63 inputs, with the PGN). By name, the links resolved,
  // whether they exist now or not.
  if (!input.empty()) {
    const std::filesystem::path in_real = std::filesystem::weakly_canonical(input, ec);
    const std::filesystem::path out_real = std::filesystem::weakly_canonical(dest, ec);
    for (const char* suffix : {"-wal", "-shm", "-journal", "-lock"}) {
      if (!in_real.empty() && out_real.string() == in_real.string() + suffix) {
        return std::string("is the ") + suffix + " file kept beside " + input + "; an output never overwrites it";
      }
    }
  }
  std::ifstream existing(dest, std::ios::binary);
  char magic[16] = {};
  existing.read(magic, sizeof magic);
  if (existing.gcount() == sizeof magic && std::string(magic, sizeof magic) == std::string("SQLite format 3\0", 16)) {
    return "is an SQLite database (a journal?); an export never overwrites it";
  }
  // An SQLite -wal (magic 0x377f0682 or 0x377f0683), of any journal.
  if (existing.gcount() >= 4 && static_cast<unsigned char>(magic[0]) == 0x37 &&
      static_cast<unsigned char>(magic[1]) == 0x7f && static_cast<unsigned char>(magic[2]) == 0x06 &&
      (static_cast<unsigned char>(magic[3]) & 0xfe) == 0x82) {
    return "is an SQLite -wal file (of a journal?); an export never overwrites it";
  }
  return {};
}

}  // namespace tabula::cli
