// version.h — the build's version: the Debian package's version, from git
// (scripts/cmake/version.cmake), compiled into every program, so that an
// arbiter can say which build a board, a kiosk or a hub runs (`--version`;
// the board daemon says it in its hello too).
#pragma once

#include <string_view>

namespace tabula {

// "0.1.0+git1234.gabcdef0" (a commit after no tag), "1.2.0+3.gabcdef0" (three
// commits after tag v1.2.0), with ".dirty<UTC time>" when built from edited
// sources; the project version when built without git.
std::string_view build_version();

}  // namespace tabula
