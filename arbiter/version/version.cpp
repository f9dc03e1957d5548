#include "version/version.h"

#ifndef TABULA_BUILD_VERSION
#error "TABULA_BUILD_VERSION is set by arbiter/CMakeLists.txt from scripts/cmake/version.cmake"
#endif

namespace tabula {

std::string_view build_version() { return TABULA_BUILD_VERSION; }

}  // namespace tabula
