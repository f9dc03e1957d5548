// player_name.h — the one rule for a player's name and for the other short
// texts people type that Tabula shows, journals, exports and sends to the hub
// (event, section, club and team names; a game's --event and --site).
//
// A name goes into standings, the hub's board list, the web page, PGN tags,
// TRF-16 lines and the voice. So it is one line of visible text:
//   - UTF-8 (RFC 3629), any script; combining marks and emoji are text;
//   - no control character: C0 (U+0000..U+001F, a line break or a tab
//     included), DEL, C1 (U+0080..U+009F), the line and paragraph separators
//     U+2028/U+2029;
//   - no invisible format character that hides or reorders what is shown:
//     a bidi override (U+202E turns the rest of a standings line around), a
//     zero-width space or joiner (it makes two "equal" names), a soft hyphen,
//     a byte order mark, a tag character (the whole list: kInvisible in
//     player_name.cpp);
//   - not empty and not only spaces; no space at either end ("Ann " and
//     "Ann" would be two players). The arbiter's decision: a name typed at
//     the kiosk or on a command line loses the ASCII spaces around it
//     (trim_spaces) before the rule; a name read from a file is refused,
//     not changed behind the arbiter's back;
//   - at most kMaxNameChars characters (code points). A club needs that for
//     a player's full name ("María Fernanda de los Ángeles García-López" is
//     42); TRF-16 keeps columns 15-47 for a name, 33 characters: the event's
//     TRF-16 file cuts longer names there (trf.cpp), the event keeps them whole.
// Pure; no exceptions; every message names the character, its position and
// its U+ code, the byte for malformed UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tabula::core {

inline constexpr std::size_t kMaxNameChars = 64;
// A game's --event and --site (one line of the journal's header).
inline constexpr std::size_t kMaxLineChars = 200;

// "" when `text` is one line of visible text of at most `max_chars`
// characters (the rule above), else what is wrong and where, to follow the
// name of the input: "holds an invisible format character (U+202E,
// right-to-left override) at character 4: it hides or reorders the text
// shown around it".
std::string text_problem(std::string_view text, std::size_t max_chars);

// The rule for a player's name: text_problem(name, kMaxNameChars).
std::string player_name_problem(std::string_view name);

// `text` without the ASCII spaces around it (what a person typed).
std::string_view trim_spaces(std::string_view text);

// How a text the rule refuses is shown when it was already recorded (a
// journal's header, a board's state): unchanged when the rule takes it or
// it is empty (an unnamed seat);
// else each refused character as "<U+202E>", each byte that is not UTF-8 as
// "<0xFF>", at most `max_chars` characters of the original then "...". The
// record itself is left as it is.
std::string shown_text(std::string_view text, std::size_t max_chars = kMaxNameChars);

}  // namespace tabula::core
