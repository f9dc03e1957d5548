#include "core/utf8_text.h"

namespace tabula::core {

std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = at(i);
  std::size_t n = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // a surrogate
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  if (at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (at(i + k) < 0x80 || at(i + k) > 0xBF) return 0;
  }
  return n;
}

std::size_t utf8_error_at(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = utf8_length(text, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

bool utf8_decode(std::string_view text, std::size_t i, char32_t& cp, std::size_t& length) {
  const auto c = static_cast<unsigned char>(text[i]);
  length = 1;
  cp = c;
  if (c < 0x80) return true;
  const std::size_t n = utf8_length(text, i);
  if (n == 0) return false;
  cp = c & (n == 2 ? 0x1Fu : n == 3 ? 0x0Fu : 0x07u);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
  length = n;
  return true;
}

namespace {

// The bytes of the character at text[i]: its sequence, or 1 for ASCII and
// for a byte that is not UTF-8.
std::size_t step_at(std::string_view text, std::size_t i) {
  const std::size_t n = static_cast<unsigned char>(text[i]) < 0x80 ? 1 : utf8_length(text, i);
  return n == 0 ? 1 : n;
}

}  // namespace

std::string_view utf8_prefix(std::string_view text, std::size_t bytes) {
  std::size_t end = 0;
  while (end < text.size()) {
    const std::size_t step = step_at(text, end);
    if (end + step > bytes) break;
    end += step;
  }
  return text.substr(0, end);
}

std::string_view utf8_prefix_chars(std::string_view text, std::size_t characters) {
  std::size_t end = 0;
  for (std::size_t n = 0; end < text.size() && n < characters; ++n) end += step_at(text, end);
  return text.substr(0, end);
}

std::string_view utf8_drop_last(std::string_view text) {
  std::size_t end = 0;
  std::size_t last = 0;
  while (end < text.size()) {
    last = end;
    end += step_at(text, end);
  }
  return text.substr(0, last);
}

std::size_t utf8_count(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); i += step_at(text, i)) ++n;
  return n;
}

}  // namespace tabula::core
