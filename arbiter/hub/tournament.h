// tournament.h — the event's record of finished games, its standings and the
// club ladder, in one SQLite file kept by the hub.
//
// Section index: RecordedGame, Standing, Rating, TournamentRecord.
//
// Tables: games (one row per finished game, keyed by event and game id, so a
// state delivered twice is recorded once), players (the ladder: rating,
// games), awaited_actions (session 27: the actions each hub of each event
// awaits an answer to, keyed by event, hub and action id; added as
// event_files was, user_version unchanged: an older build opens such a
// record as before and leaves the table alone), board_streams (session 28:
// each board's latest stream items, the newest game's, keyed by event,
// board, game and seq, added the same way), board_alerts (session 29: the
// alerts raised from what boards sent, open or acknowledged, keyed by event
// and alert key, added the same way). Identity: PRAGMA application_id = 0x54424854 ("TBHT"),
// user_version 1; another file is refused, never written. Every write is one
// transaction (WAL, synchronous=FULL).
//
// Ranks come from the board's final state: `ranking` (seat indices, best
// first) ranks those seats 0, 1, 2...; seats not listed share the next rank;
// a draw ranks everyone equal. A game is rated when every seat has a player
// name and `rated` is asked for; ratings change by elo_changes() (elo.h).
// Standings add pairwise_scores(): 1 a win, 0.5 a draw for two players, and
// (N - 1 - rank) / (N - 1) shares for four. Owns its connection; not
// thread-safe; move-only.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hub/awaited_action.h"
#include "hub/kept_alert.h"
#include "tabula_proto/hub.pb.h"
#include "journal/database.h"
#include "journal/journal_status.h"

namespace tabula::hub {

inline constexpr std::int64_t kTournamentApplicationId = 0x54424854;  // "TBHT"

struct Standing {
  std::string player;
  int games = 0;
  double score = 0;
};

struct Rating {
  std::string player;
  double rating = 0;
  int games = 0;
};

struct RecordedGame {
  std::string event;
  std::string board;
  std::string game_id;
  std::string variant;
  std::vector<std::string> players;  // seat order
  std::vector<int> ranks;            // seat order, 0 best
  std::string reason;
  std::string pgn;
  bool rated = false;
};

// The ranks of a final state's seats (seat order).
std::vector<int> ranks_of(const wire::BoardState& st);

// Session 20 (defence in depth: the kiosk, `tabula play` and tabula-hub-sim
// refuse it at the source): "" when no named player holds two seats of
// `players` (seat order, as recorded; `seat_names` the seats' names, may be
// shorter); else why not, naming the player and both seats:
//   player "Ann" is on two seats, 1 (White) and 2 (Black): a game against oneself
std::string repeated_player(const std::vector<std::string>& players, const std::vector<std::string>& seat_names);
// Session 21: repeated_player() of a state's seats as the record reads them
// (a seat without a player is "<board> <seat>", a name as shown), prefixed
// with the board and game: what TournamentRecord::record refuses, and what
// the hub's model raises an alert for (kTwoSeats) when a state first says it.
//   board t1, game g1: player "Ann" is on two seats, 1 (White) and 3 (Yellow): a game against oneself
std::string two_seats_problem(const wire::BoardState& st);

// Session 26: the record's words name it ("another process holds the
// tournament record", not the journal's words). A file that is no record
// is refused, never written, saying what it is: no SQLite database, a
// board's game journal, another application's database.
enum class RecordOpen {
  kCreate,    // the hub's: a missing record is made
  kExisting,  // a writer's that must not make it (`tabula event` saving with --record): a missing one is said
  // Session 29: a reader beside the hub that writes it (tabula-hub-web; and
  // since session 30 `tabula event collect`, which only reads): opened read
  // only, nothing made, set or written (no schema, no pragma); a missing
  // file, another file, a damaged one, a view or trigger planted are said.
  // A busy record waits at most kReadOnlyBusyMs per statement.
  kReadOnly,
};
inline constexpr int kReadOnlyBusyMs = 500;
// "" when `path` may be opened as a tournament record that must exist;
// else why not ("hub.db: no such tournament record ...").
std::string missing_record(const std::string& path);

class TournamentRecord {
 public:
  static journal::JournalStatus open(const std::string& path, TournamentRecord& out,
                                     RecordOpen how = RecordOpen::kCreate);

  // Records a finished game (ignored when its game id is already there);
  // `added` says which. A rated game moves the ladder in the same transaction.
  // A state naming one player on two seats is refused (kMismatch, nothing
  // recorded or rated), the message naming the board, game, player and seats.
  journal::JournalStatus record(const std::string& event, const wire::BoardState& final_state, bool rated,
                                bool& added);
  // Session 30: a recorded game of more seats than a game has (a row written
  // before session 29 refused such states) is left out unread, and said in
  // `skipped` when given, naming the file and the row.
  journal::JournalStatus games(const std::string& event, std::vector<RecordedGame>& out,
                               std::vector<std::string>* skipped = nullptr);
  // Best first. A recorded game naming one player on two seats (a record
  // written before session 20) or of more seats than a game has (session 30)
  // is left out, and said in `skipped` when given.
  journal::JournalStatus standings(const std::string& event, std::vector<Standing>& out,
                                   std::vector<std::string>* skipped = nullptr);
  journal::JournalStatus ladder(std::vector<Rating>& out);                                  // best first
  // Every game of the event as PGN / PGN4, in the order they finished.
  journal::JournalStatus export_pgn(const std::string& event, std::string& out);

  // Session 27: hub `hub`'s awaited actions of `event` changed as said (one
  // transaction; a kSent of an id kept already replaces it).
  journal::JournalStatus keep_awaited(const std::string& event, const std::string& hub,
                                      const std::vector<AwaitedChange>& changes);
  // The actions hub `hub` awaits in `event`, oldest first, at most the
  // `most` newest (the rest are dropped from the record).
  journal::JournalStatus awaited_actions(const std::string& event, const std::string& hub, std::size_t most,
                                         std::vector<AwaitedAction>& out);

  // Session 28: the items of `event` a hub applied (one transaction; an item
  // kept already is replaced), then of each board named only the newest
  // `most` items of its newest game written here are kept. So a hub started
  // after a board went offline still shows the board's stream.
  journal::JournalStatus keep_stream(const std::string& event, const std::vector<std::pair<std::string,
                                     wire::StreamItem>>& items, std::size_t most);
  // Each board's kept items of `event` (its newest game's, oldest first, at
  // most `most`), for at most `boards` boards; rows that do not read are
  // counted in `unread` and left out.
  journal::JournalStatus kept_streams(const std::string& event, std::size_t most, std::size_t boards,
                                      std::map<std::string, std::vector<wire::StreamItem>>& out,
                                      std::size_t& unread);

  // Session 29: the alerts with a key raised or acknowledged since the last
  // call (the whole alert each; a key kept already is replaced), in one
  // transaction; then of `event` only `most` rows are kept: the open ones
  // first, then the newest. So a hub restarted while a board is offline
  // raises again what the arbiter had not acknowledged.
  journal::JournalStatus keep_alerts(const std::string& event, const std::vector<KeptAlert>& alerts,
                                     std::size_t most);
  // The kept alerts of `event`, oldest raised first: at most `most`, the
  // open ones first then the newest. Rows that do not read (an empty or
  // over-long key, a board name that is no board name) are counted in
  // `unread` and left out; kinds and texts are the model's to judge.
  journal::JournalStatus kept_alerts(const std::string& event, std::size_t most, std::vector<KeptAlert>& out,
                                     std::size_t& unread);
  // Whether the record has table `name` (a record kept by an older hub may
  // lack the newer tables; a read-only reader cannot make them).
  journal::JournalStatus has_table(const std::string& name, bool& has);

 private:
  static journal::JournalStatus open_read_only(const std::string& path, TournamentRecord& out);
  journal::Database db_;
};

}  // namespace tabula::hub
