// utf8_text.h — well-formed UTF-8 (RFC 3629) and cuts that never split a
// character: for names (core/player_name.h), their cut into TRF-16's columns
// (event/trf.h), JSON (hub/web/json_writer.h), the kiosk's elided labels and
// the voice's length cap (voice/espeak_voice.h). Pure.
#pragma once

#include <cstddef>
#include <string_view>

namespace tabula::core {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlong form, no surrogate, nothing above U+10FFFF), or 0 (an ASCII byte
// is 0 too: callers take it as it is).
std::size_t utf8_length(std::string_view text, std::size_t i);

// The offset of the first byte that does not start a well-formed sequence
// (ASCII included), or npos when `text` is all UTF-8.
std::size_t utf8_error_at(std::string_view text);

// The code point at text[i] and its length in bytes (1 for ASCII); a byte
// that starts no well-formed sequence is length 1 and returns false.
bool utf8_decode(std::string_view text, std::size_t i, char32_t& cp, std::size_t& length);

// The longest prefix of `text` of at most `bytes` bytes that does not cut a
// character.
std::string_view utf8_prefix(std::string_view text, std::size_t bytes);

// The prefix of `text` of at most `characters` characters (a byte that is
// not UTF-8 counts as one).
std::string_view utf8_prefix_chars(std::string_view text, std::size_t characters);

// `text` without its last character (a stray byte counts as one): the step
// of a cut that shortens a label until it fits.
std::string_view utf8_drop_last(std::string_view text);

// How many characters `text` holds (a byte that is not UTF-8 counts as one).
std::size_t utf8_count(std::string_view text);

}  // namespace tabula::core
