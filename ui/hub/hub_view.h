// hub_view.h — a board's retained state (hub.proto BoardState) as the
// kiosk's KioskView, so the hub draws every board with the kiosk's own board
// drawing. Pure (no ImGui): the state's FEN/FEN4 is read against the stage's
// rules into a session::Snapshot, and ui::view_of() does the rest.
//
// RulesCache (variants::VariantCache) loads each variant once and remembers
// the ones it could not load. Not thread-safe (the hub's UI thread owns it).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "tabula_proto/hub.pb.h"
#include "ui/view_model.h"
#include "variants/variant_cache.h"

namespace tabula::ui {

using RulesCache = variants::VariantCache;

// The board of `state` as the kiosk would draw it; nullopt and `error` when
// its variant is unknown here or its position does not read.
std::optional<KioskView> hub_view_of(const hub::wire::BoardState& state, RulesCache& rules, std::string& error);

// Who plays a seat, as the hall reads it: the player's name, else "bot,
// level 2" for a seat a bot plays (Seat.bot, s17), else "" (a person nobody
// named; an old board's seats never say bot).
std::string seat_player(const hub::wire::Seat& seat);
// The seat and who plays it, as the opened board's seat list says it, in the
// words of the kiosk, the voice, `tabula play` and the web page (s31-hall: it
// said "White (Ann)"): "Ann (White)", "bot, level 2 (Dark Brown)", "Green".
std::string seat_title(const hub::wire::Seat& seat);

// s30-words: the hall's words of the table name the players as the kiosk's
// do (session/player_words.h): seat I as "Ann (White)" ("White" when nobody
// is named, "-" when there is no seat I), and a ruling's text with each named
// seat's player beside its first mention ("Ann (White) is in check"). The
// stream and the record keep the board's texts; only what is shown changes.
std::string seat_with_player(const hub::wire::BoardState& state, int i);
std::string with_players(const hub::wire::BoardState& state, std::string_view text);

// s31-hall: a board's seats' names and players, in seat order, as
// with_players() reads them: kept per board by the hall screen and found
// again only when the board's seats or players change (it built both lists
// again for each of the up to 50 stream rulings it drew, every frame).
struct SeatWords {
  std::vector<std::string> names;
  std::vector<std::string> players;
  // Takes `state`'s seats when they differ from those held (compared in
  // place: nothing is allocated when they do not); true when it took them.
  bool update(const hub::wire::BoardState& state);
};
std::string with_players(const SeatWords& words, std::string_view text);

}  // namespace tabula::ui
