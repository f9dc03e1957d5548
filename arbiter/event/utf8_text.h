// utf8_text.h — well-formed UTF-8 (RFC 3629), for what the event and its
// web page write: names (event.h name_problem), their cut into TRF-16's
// columns (trf.h), JSON (hub/web/json_writer.h). Pure.
#pragma once

#include <cstddef>
#include <string_view>

namespace tabula::event {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlong form, no surrogate, nothing above U+10FFFF), or 0 (an ASCII byte
// is 0 too: callers take it as it is).
std::size_t utf8_length(std::string_view text, std::size_t i);

// The offset of the first byte that does not start a well-formed sequence
// (ASCII included), or npos when `text` is all UTF-8.
std::size_t utf8_error_at(std::string_view text);

// The longest prefix of `text` of at most `bytes` bytes that does not cut a
// character.
std::string_view utf8_prefix(std::string_view text, std::size_t bytes);

}  // namespace tabula::event
