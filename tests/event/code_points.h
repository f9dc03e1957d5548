// code_points.h — the tests' own UTF-8 decoding (s14): TRF-16's columns
// counted as a pairing program counts them (bbpPairings decodes each line
// into code points), apart from the code under test (core::utf8_*).
#pragma once

#include <string>

namespace tabula::event::test_text {

// The code points of well-formed UTF-8 text (the tests' own files).
inline std::u32string code_points(const std::string& s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? b : b & (0xFF >> (n + 1));
    for (std::size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

}  // namespace tabula::event::test_text
