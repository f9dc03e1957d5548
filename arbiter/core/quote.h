#pragma once
// Input quoted into a message: a refusal names what it refuses, but the
// input may be hostile (a 100 KB FEN, a NUL or a lone UTF-8 byte in a PGN
// move, a terminal escape). Messages are printed, journaled and exported, so
// what they quote is shown safely and kept short.

#include <cstddef>
#include <string>
#include <string_view>

namespace tabula::core {

inline constexpr std::size_t kQuotedMax = 60;

// `text` in double quotes: printable ASCII as it is, every other byte (control
// characters, DEL, bytes of non-ASCII characters, '"' and '\') as \xNN; at
// most `max` bytes of it, then "... (N bytes)" after the closing quote.
std::string quote_input(std::string_view text, std::size_t max = kQuotedMax);

// The same bytes without the quotes, "..." when cut: for a short token (a
// move's text) placed in a sentence of its own.
std::string printable_input(std::string_view text, std::size_t max = kQuotedMax);

}  // namespace tabula::core
