// board_json.h — one board of the event as the browser page draws it
// (issue 34): the board's shape (8x8, the 14x14 and 12x12 crosses, the corner
// boards, Bipartite's 5x9 with its holes), its pieces, the last move, the
// seats with players, statuses, points and clocks, and the latest rulings.
//
// Pure: the board's retained state (hub.proto BoardState) is read against its
// variant's rules (VariantCache: variants::load_id once per id); a board whose
// variant or position does not read is still listed, with the reason.
//
// JSON shape (the page's app.js reads exactly this):
//   {"board":"t1","variant":"chess","w":8,"h":8,
//    "cells":["11111111",...],           rows from the top; '1' a square, '0' none
//    "pieces":[[file,rank,seat,"K",dead],...], file and rank from a1 = [0,0]
//    "last":[[f,r],[f,r]] or null, "last_move":"e2-e4", "moves":12,
//    "seats":[{"name":"White","player":"Ann","status":"live","points":0,"clock_ms":123}],
//    "ledger":"points" | "tokens" | "", "to_move":0, "clocks":true, "clock_running":0, "paused":false,
//    "not_recording":false, "not_recording_why":"" (the arbiter's view only, below),
//    "takes_no_actions":"" (the arbiter's view only: why the board takes no
//    arbiter actions, e.g. a `tabula play` board; "" it takes them),
//    "tracker":"in sync", "online":true, "over":false, "draw":false, "reason":"",
//    "ranking":[0,1], "winners":[0,2] (s31-hall: the seats that won, the ranking's first
//                 with its team, session/winners.h; [] while playing or drawn), "round":1, "game":"...", "wall_ms":..., "error":"" ,
//    "variant_name":"Chess" (s30-table: the page's words; "" when the variant does not read),
//    "rulings":[{"severity":"illegal","text":"...","said":"..."}],  s30-words: "said" the text
//                 with the seats' players named (session/player_words.h), only when it differs
//    "rulings_kept":""}   session 29: "" when the rulings are the board's own
//                         as this service got them; else where they come from,
//                         "kept in the tournament record: the board is offline
//                         and has not sent them to this service" (kKeptWords)
//
// Not thread-safe (VariantCache): one caller at a time.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "tabula_proto/hub.pb.h"
#include "variants/variant_cache.h"

namespace tabula::hub::web {

using variants::VariantCache;

struct RulingLine {
  std::string severity;  // "illegal", "warning", "info"
  std::string text;
};

// The rulings of `items` up to and including `through_seq` (a delayed view
// shows none of what its state has not reached), newest last, at most `max`.
std::vector<RulingLine> rulings_through(const std::deque<wire::StreamItem>& items, std::uint64_t through_seq,
                                        std::size_t max);

// Who reads the JSON. Session 21: the board's words for why its journal
// cannot be written name the journal's file on the board's disk
// ("/var/lib/tabula/game.db: ... I/O error (...)"): the arbiter's view has
// them (not_recording_why), the public's (spectators, the internet) only
// that the board is not recording.
enum class Audience { kPublic, kArbiter };

// Session 29: the words of "rulings_kept" for a board whose rulings are the
// ones the tournament record kept (BoardEntry::stream_from_record), as the
// hall screen heads its stream: offline, or online and not sent yet.
inline constexpr const char* kKeptWordsOffline =
    "kept in the tournament record: the board is offline and has not sent them to this service";
inline constexpr const char* kKeptWordsNotYet =
    "kept in the tournament record: the board has not sent them to this service yet";

// The board's JSON (shape above). `round` is the state's own round when it
// has one, else `default_round`; `rulings_kept` "" or one of the words above.
std::string board_json(const wire::BoardState& state, std::optional<bool> online,
                       const std::vector<RulingLine>& rulings, int default_round, VariantCache& variants,
                       Audience audience = Audience::kPublic, std::string_view rulings_kept = {});

// The squares a move's text names, in order ("Nb1-c3" -> b1, c3; "O-O" ->
// none), as [file, rank] pairs of cells of `rules`' board.
std::vector<std::pair<int, int>> squares_named(const core::RuleSet& rules, const std::string& text);

// "live", "checkmated", "stalemated", "resigned", "flagged", "removed".
const char* status_word(wire::SeatStatus s);

}  // namespace tabula::hub::web
