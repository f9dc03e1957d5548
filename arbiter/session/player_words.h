// player_words.h — the players' names in what the table is told (s30-table):
// "Hint for Red: move the pawn from d2 to d4" becomes "Hint for Ann (Red):
// move the pawn from d2 to d4" when Ann plays Red; "Green is in check from
// Red's queen on d7" becomes "Cem (Green) is in check from Ann (Red)'s queen
// on d7".
//
// Where: in the session's outputs as they are shown and spoken, never in
// them as they are recorded. A ruling's text stays the core's and the
// session's, word for word, in the journal, the replay, the export and the
// hub (a journal replays to the same rulings whoever sat at the table; a
// name typed later does not rewrite it). The kiosk's screen and voice and
// `tabula play`'s printed lines pass their texts through with_players()
// (docs/kiosk.md, "Players' names"); so do the hub's web page (a ruling's
// "said" in the board JSON) and hall screen (s30-words), whose record and
// stream keep the texts as the board sent them.
//
// The rule: each seat's name, as the variant names it, is a whole word of the
// text (no letter or digit on either side: "Red's" is Red, "Redmond" is not;
// "Dark Brown" before "Brown"); its first mention in a text gets the player,
// "Ann (Red)", the later ones stay "Red" (a ruling says each name once). A
// seat without a player (no name given, "" in the list) stays as it is.
// Pure; thread-safe (no state).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"

namespace tabula::session {

// `text` with the players named beside their seats (see the file comment);
// `players` in seat order, as many as given (the rest unnamed).
std::string with_players(std::string_view text, const core::RuleSet& rules, const std::vector<std::string>& players);
// ... the same rule with the seats' names given in seat order (s30-words: the
// hub's web page and hall screen, whose boards' states carry the seats' names
// and players; the variant need not be read). A seat with an empty name is
// never matched.
std::string with_players(std::string_view text, const std::vector<std::string>& seat_names,
                         const std::vector<std::string>& players);

// "Ann (Red)", or "Red" when the seat has no player: the one label of a seat
// with its player (the kiosk's ledger, the result, the turn card).
std::string seat_with_player(const core::RuleSet& rules, core::Seat seat, const std::vector<std::string>& players);

// s31-hall: the draw offer's question, naming the players where they are
// named: "Ann (White) offers a draw: Bob (Black), do you agree?", with more
// seats "Ann (Red) offers a draw: Bob (Blue), Cem (Yellow) and Green, do you
// all agree?" (`asked`: the seats still in play but the offerer, in seat
// order). Without any name it is the words of before: "White offers a draw:
// do you agree?", "Red offers a draw: do all the other players agree?".
// It is draw_offer_words() passed through with_players(): the words by seat
// are what the voice is given (it names the players itself, as it does in
// every text it says).
std::string draw_offer_prompt(const core::RuleSet& rules, core::Seat offerer, const std::vector<core::Seat>& asked,
                              const std::vector<std::string>& players);
// ... by seat: "White offers a draw: Black, do you agree?" when `ask_by_name`
// (some player is named), else "White offers a draw: do you agree?".
std::string draw_offer_words(const core::RuleSet& rules, core::Seat offerer, const std::vector<core::Seat>& asked,
                             bool ask_by_name);

}  // namespace tabula::session
