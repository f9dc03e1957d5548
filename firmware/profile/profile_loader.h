// Reads a board profile (Protobuf text format, proto/profile.proto) and
// validates it into a BoardProfile. The same code backs
// `tabula-boardd --check-profile FILE` and the daemon's start-up.
//
// Every problem is a Diagnostic with the file, line and column of the field at
// fault ("file:12:5: error: soc:17 is used twice ..."). Validation goes on
// after an error so one run lists them all; a profile with any diagnostic is
// not returned.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scan/board_profile.h"

namespace tabula::firmware {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 when the file as a whole is at fault
  int column = 0;  // 1-based; 0 when unknown
  std::string message;
  // "file:line:column: error: message"
  std::string to_string() const;
};

struct ProfileLoad {
  std::optional<BoardProfile> profile;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return profile.has_value(); }
};

// `file` names the source in diagnostics and in BoardProfile::source_file.
ProfileLoad load_profile_text(std::string_view text, std::string_view file);
// A profile is a few kilobytes; a file larger than this (or endless, like
// /dev/zero) is refused unread, and so is a directory.
inline constexpr std::size_t kMaxProfileBytes = 1 << 20;
ProfileLoad load_profile_file(const std::string& path);

}  // namespace tabula::firmware
