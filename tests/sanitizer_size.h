// sanitizer_size.h — a soak's size in each pass of scripts/test.sh.
//
// The normal pass runs every soak at its full size: there it proves the
// rules. The sanitizer pass (TABULA_SANITIZE: AddressSanitizer and UBSan, a
// soak 3-10 times slower) looks for memory errors and undefined behaviour,
// which the same code paths show at a smaller size; a soak runs there at
// sanitizer_size(full, small), and its test says what the small size still
// reaches (docs/BENCH.md, "Session 13: CI time": how a new test gets one).
#pragma once

// A test file built with AddressSanitizer is the sanitizer pass's: it must
// have the small sizes (a build that lost the definition would run the full
// soaks there, tens of seconds of CPU more).
#if defined(__SANITIZE_ADDRESS__) && !defined(TABULA_SANITIZER_PASS)
#error "a test file built with AddressSanitizer without TABULA_SANITIZER_PASS (tests/CMakeLists.txt)"
#endif

namespace tabula::testing {

#if defined(TABULA_SANITIZER_PASS)
inline constexpr bool kSanitizerPass = true;
#else
inline constexpr bool kSanitizerPass = false;
#endif

// `full` in the normal pass, `small` in the sanitizer pass.
constexpr int sanitizer_size(int full, int small) { return kSanitizerPass ? small : full; }

}  // namespace tabula::testing
