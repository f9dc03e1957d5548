// player_name.cpp — the name rule (player_name.h).
#include "core/player_name.h"

#include <cstdio>

#include "core/utf8_text.h"

namespace tabula::core {

namespace {

struct Invisible {
  char32_t first;
  char32_t last;
  const char* name;  // what the arbiter reads in the message
};

// Default-ignorable and bidi control characters (Unicode's
// Default_Ignorable_Code_Point, less the variation selectors U+FE00..U+FE0F
// that emoji use visibly): shown as nothing, or they reorder what follows.
constexpr Invisible kInvisible[] = {
    {0x00AD, 0x00AD, "soft hyphen"},
    {0x034F, 0x034F, "combining grapheme joiner"},
    {0x061C, 0x061C, "Arabic letter mark, a bidi mark"},
    {0x115F, 0x1160, "Hangul filler"},
    {0x17B4, 0x17B5, "Khmer inherent vowel"},
    {0x180B, 0x180F, "Mongolian variation selector or vowel separator"},
    {0x200B, 0x200B, "zero width space"},
    {0x200C, 0x200C, "zero width non-joiner"},
    {0x200D, 0x200D, "zero width joiner"},
    {0x200E, 0x200E, "left-to-right mark"},
    {0x200F, 0x200F, "right-to-left mark"},
    {0x202A, 0x202A, "left-to-right embedding"},
    {0x202B, 0x202B, "right-to-left embedding"},
    {0x202C, 0x202C, "pop directional formatting"},
    {0x202D, 0x202D, "left-to-right override"},
    {0x202E, 0x202E, "right-to-left override"},
    {0x2060, 0x2060, "word joiner"},
    {0x2061, 0x2065, "invisible operator"},
    {0x2066, 0x2068, "directional isolate"},
    {0x2069, 0x2069, "pop directional isolate"},
    {0x206A, 0x206F, "deprecated format character"},
    {0x3164, 0x3164, "Hangul filler"},
    {0xFEFF, 0xFEFF, "zero width no-break space (byte order mark)"},
    {0xFFA0, 0xFFA0, "halfwidth Hangul filler"},
    {0xFFF0, 0xFFFB, "interlinear annotation or unassigned format character"},
    {0x1BCA0, 0x1BCA3, "shorthand format control"},
    {0x1D173, 0x1D17A, "musical format character"},
    {0xE0000, 0xE0FFF, "tag or variation selector"},
};

const Invisible* invisible(char32_t cp) {
  for (const Invisible& r : kInvisible) {
    if (cp >= r.first && cp <= r.last) return &r;
  }
  return nullptr;
}

bool control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029; }

// Unicode's noncharacters: never text.
bool noncharacter(char32_t cp) { return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE; }

// The space separators (Unicode Zs): a name does not begin or end with one.
bool space(char32_t cp) {
  return cp == 0x20 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

std::string code(char32_t cp) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(cp));
  return hex;
}

std::string control_name(char32_t cp) {
  if (cp == 0) return ", a NUL";
  if (cp == 0x09) return ", a tab";
  if (cp == 0x0A || cp == 0x0D || cp == 0x85 || cp == 0x2028 || cp == 0x2029) return ", a line break";
  if (cp == 0x1B) return ", an escape";
  return "";
}

// Why the character `cp` is refused in a name, "" when it is text.
std::string refused(char32_t cp) {
  if (control(cp)) return "a control character (" + code(cp) + control_name(cp) + ")";
  if (const Invisible* r = invisible(cp)) return "an invisible format character (" + code(cp) + ", " + r->name + ")";
  if (noncharacter(cp)) return "a noncharacter (" + code(cp) + ")";
  return "";
}

}  // namespace

std::string text_problem(std::string_view text, std::size_t max_chars) {
  if (text.empty()) return "is empty";
  // Malformed UTF-8 first: everything below reads characters.
  if (const std::size_t at = utf8_error_at(text); at != std::string_view::npos) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[at]));
    return "is not UTF-8 text (byte " + std::to_string(at + 1) + " is " + byte + "; write names as UTF-8)";
  }
  const std::size_t count = utf8_count(text);
  if (count > max_chars) {
    return "is " + std::to_string(count) + " characters long; at most " + std::to_string(max_chars);
  }
  bool blank = true;
  char32_t first = 0;
  char32_t last = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++n) {
    char32_t cp = 0;
    std::size_t length = 1;
    utf8_decode(text, i, cp, length);
    if (std::string why = refused(cp); !why.empty()) {
      const bool hides = invisible(cp) != nullptr;
      return "holds " + why + " at character " + std::to_string(n + 1) +
             (hides ? ": it hides or reorders the text shown around it" : "");
    }
    if (n == 0) first = cp;
    last = cp;
    blank = blank && space(cp);
    i += length;
  }
  if (blank) return "is blank (only spaces)";
  auto which = [](char32_t cp) { return cp == 0x20 ? std::string("a space") : "a space (" + code(cp) + ")"; };
  if (space(first)) return "begins with " + which(first);
  if (space(last)) return "ends with " + which(last);
  return "";
}

std::string player_name_problem(std::string_view name) { return text_problem(name, kMaxNameChars); }

std::string_view trim_spaces(std::string_view text) {
  const std::size_t a = text.find_first_not_of(' ');
  if (a == std::string_view::npos) return {};
  return text.substr(a, text.find_last_not_of(' ') - a + 1);
}

std::string shown_text(std::string_view text, std::size_t max_chars) {
  if (text.empty() || text_problem(text, max_chars).empty()) return std::string(text);
  std::string out;
  std::size_t n = 0;
  std::size_t i = 0;
  for (; i < text.size() && n < max_chars; ++n) {
    char32_t cp = 0;
    std::size_t length = 1;
    if (!utf8_decode(text, i, cp, length)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "<0x%02X>", static_cast<unsigned char>(text[i]));
      out += byte;
    } else if (!refused(cp).empty()) {
      out += "<" + code(cp) + ">";
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  if (i < text.size()) out += "...";
  return out;
}

}  // namespace tabula::core
