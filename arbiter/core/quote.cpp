#include "core/quote.h"

namespace tabula::core {

std::string printable_input(std::string_view text, std::size_t max) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > max) out += "...";
  return out;
}

std::string quote_input(std::string_view text, std::size_t max) {
  std::string out = "\"" + printable_input(text.substr(0, max), max) + "\"";
  if (text.size() > max) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace tabula::core
