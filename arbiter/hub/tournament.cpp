#include "hub/tournament.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>

#include "core/player_name.h"
#include "core/types.h"
#include "core/quote.h"
#include "hub/codec.h"
#include "hub/elo.h"
#include "hub/topics.h"
#include "journal/journal.h"

namespace tabula::hub {

using journal::Database;
using journal::JournalError;
using journal::JournalStatus;
using journal::Statement;

namespace {

constexpr char kSchema[] =
    "CREATE TABLE IF NOT EXISTS games(event TEXT NOT NULL, game_id TEXT NOT NULL, board TEXT NOT NULL,"
    " variant TEXT NOT NULL, players TEXT NOT NULL, ranks TEXT NOT NULL, reason TEXT NOT NULL, pgn TEXT NOT NULL,"
    " rated INTEGER NOT NULL, finished_wall_ms INTEGER NOT NULL, PRIMARY KEY(event, game_id));"
    "CREATE TABLE IF NOT EXISTS players(name TEXT PRIMARY KEY, rating REAL NOT NULL, games INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS awaited_actions(event TEXT NOT NULL, hub TEXT NOT NULL, action_id INTEGER NOT NULL,"
    " board TEXT NOT NULL, what TEXT NOT NULL, sent_wall_ms INTEGER NOT NULL, acknowledged INTEGER NOT NULL,"
    " PRIMARY KEY(event, hub, action_id));"
    "CREATE TABLE IF NOT EXISTS board_streams(event TEXT NOT NULL, board TEXT NOT NULL, game_id TEXT NOT NULL,"
    " seq INTEGER NOT NULL, item TEXT NOT NULL, PRIMARY KEY(event, board, game_id, seq));"
    "CREATE TABLE IF NOT EXISTS board_alerts(event TEXT NOT NULL, key TEXT NOT NULL, board TEXT NOT NULL,"
    " kind TEXT NOT NULL, text TEXT NOT NULL, raised_wall_ms INTEGER NOT NULL, acknowledged INTEGER NOT NULL,"
    " acknowledged_by TEXT NOT NULL, PRIMARY KEY(event, key));";

// The longest alert key kept (HubModel::kMaxAlertKeyBytes: a longer one is
// never shared, so never kept).
constexpr std::size_t kMaxKeptKeyBytes = 256;

// A stream item's bytes as hex (the record's columns are text).
std::string to_hex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

bool from_hex(const std::string& hex, std::string& out) {
  if (hex.size() % 2 != 0) return false;
  out.clear();
  auto digit = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  };
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

// Lists are stored one item per line (names cannot hold a newline: the
// board's journal header would not either).
std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "\n" : "") + v[i];
  return out;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Session 29, the attacker's pass: a number the record keeps as text (a
// rank, a rating), read without an exception. std::stoi and std::stod threw
// on a record edited or damaged ("x", "1e999", 40 digits): `tabula event
// collect --record FILE` and the hub's every read of its standings and
// ladder ended in std::terminate. nullopt: not a number (or not finite).
std::optional<int> rank_number(std::string_view text) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

std::optional<double> rating_number(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The refusal of a record whose number is no number: the file, the row, the text.
JournalStatus damaged(const std::string& path, const std::string& where, const std::string& text) {
  return JournalStatus::fail(JournalError::kCorrupt, path + ": " + where + " \"" + core::shown_text(text, 40) +
                                                         "\" is not a number: the record was edited or damaged; "
                                                         "nothing was read from it");
}

JournalStatus step_done(Statement& st) {
  return st.step() == Statement::Step::kError ? st.status() : JournalStatus::good();
}

// Session 29, the attacker's pass (the journal's s16 finding, which the
// record did not share): a record runs SQL of its own through its schema.
// A view named `games` with a recursive CTE kept `tabula event collect
// --record FILE` (and the hub's every standings read) at 100% CPU for
// ever; a trigger would run at every game recorded (one deleting the rows
// loses the results). A record has tables and their indexes only. Session
// 30: checked on a read-only open too (collect opens it so now).
JournalStatus refuse_planted_sql(Database& db, const std::string& path) {
  JournalStatus s;
  auto planted = db.prepare("SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', 'index') LIMIT 1", s);
  if (!planted) return s;
  if (const Statement::Step step = planted->step(); step == Statement::Step::kRow) {
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": the tournament record holds a " + planted->column_text(0) + " " +
                                   core::quote_input(planted->column_text(1)) +
                                   " (a Tabula tournament record has tables only: a view or a trigger would run SQL "
                                   "of its own when the record is read or written); it is left as it is");
  } else if (step == Statement::Step::kError) {
    return planted->status();
  }
  return JournalStatus::good();
}

}  // namespace

std::vector<int> ranks_of(const wire::BoardState& st) {
  const int n = st.seats_size();
  std::vector<int> ranks(static_cast<std::size_t>(n), 0);
  if (st.draw()) return ranks;
  std::vector<bool> listed(static_cast<std::size_t>(n), false);
  int next = 0;
  for (int seat : st.ranking()) {
    if (seat < 0 || seat >= n || listed[static_cast<std::size_t>(seat)]) continue;
    ranks[static_cast<std::size_t>(seat)] = next++;
    listed[static_cast<std::size_t>(seat)] = true;
  }
  for (int i = 0; i < n; ++i) {
    if (!listed[static_cast<std::size_t>(i)]) ranks[static_cast<std::size_t>(i)] = next;
  }
  return ranks;
}

std::string missing_record(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (st.type() == std::filesystem::file_type::not_found) {
    return path + ": no such tournament record (the hub makes it when it starts with --record " + path +
           "; is the path right?)";
  }
  if (ec) return path + ": cannot read the tournament record (" + ec.message() + ")";
  if (st.type() != std::filesystem::file_type::regular) return path + ": not a file, so not a tournament record";
  return "";
}

JournalStatus TournamentRecord::open(const std::string& path, TournamentRecord& out, RecordOpen how) {
  if (how == RecordOpen::kExisting) {
    if (std::string why = missing_record(path); !why.empty()) return JournalStatus::fail(JournalError::kCannotOpen, why);
  }
  if (how == RecordOpen::kReadOnly) return open_read_only(path, out);
  TournamentRecord t;
  JournalStatus s = t.db_.open(path, Database::Mode::kCreate, "tournament record");
  if (!s.ok()) return s;
  auto app = t.db_.query_int("PRAGMA application_id", s);
  if (!s.ok()) return s;
  auto tables = t.db_.query_int("SELECT COUNT(*) FROM sqlite_master", s);
  if (!s.ok()) return s;
  if (app.value_or(0) == journal::kApplicationId) {
    return JournalStatus::fail(JournalError::kForeign,
                               path + ": a board's game journal, not a tournament record; it is left as it is");
  }
  if (app.value_or(0) != kTournamentApplicationId && tables.value_or(0) != 0) {
    return JournalStatus::fail(JournalError::kForeign,
                               path + ": an SQLite database of another application, not a Tabula tournament record; "
                                      "it is left as it is");
  }
  s = refuse_planted_sql(t.db_, path);
  if (!s.ok()) return s;
  s = t.db_.exec("PRAGMA application_id = " + std::to_string(kTournamentApplicationId) +
                     "; PRAGMA user_version = 1; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;" + kSchema,
                 "setting up the tournament record");
  if (!s.ok()) return s;
  out = std::move(t);
  return s;
}

JournalStatus TournamentRecord::open_read_only(const std::string& path, TournamentRecord& out) {
  // Session 29 (tabula-hub-web reads what the hall screen's hub writes):
  // nothing is made or written, so no schema and no pragma but reads.
  if (std::string why = missing_record(path); !why.empty()) return JournalStatus::fail(JournalError::kCannotOpen, why);
  TournamentRecord t;
  JournalStatus s = t.db_.open(path, Database::Mode::kReadOnly, "tournament record");
  if (!s.ok()) return s;
  t.db_.set_busy_timeout(kReadOnlyBusyMs);
  auto app = t.db_.query_int("PRAGMA application_id", s);
  if (!s.ok()) return s;
  if (app.value_or(0) == journal::kApplicationId) {
    return JournalStatus::fail(JournalError::kForeign,
                               path + ": a board's game journal, not a tournament record; it is left as it is");
  }
  if (app.value_or(0) != kTournamentApplicationId) {
    return JournalStatus::fail(JournalError::kForeign,
                               path + ": not a Tabula tournament record (an empty file or another application's "
                                      "database); it is left as it is");
  }
  // The schema is read here: a damaged file is said now, not at the first read.
  t.db_.query_int("SELECT COUNT(*) FROM sqlite_master", s);
  if (!s.ok()) return s;
  s = refuse_planted_sql(t.db_, path);
  if (!s.ok()) return s;
  out = std::move(t);
  return s;
}

std::string repeated_player(const std::vector<std::string>& players, const std::vector<std::string>& seat_names) {
  auto seat = [&](std::size_t i) {
    return std::to_string(i + 1) + (i < seat_names.size() && !seat_names[i].empty() ? " (" + seat_names[i] + ")" : "");
  };
  for (std::size_t i = 0; i < players.size(); ++i) {
    for (std::size_t j = i + 1; j < players.size(); ++j) {
      if (players[i].empty() || players[i] != players[j]) continue;
      return "player \"" + core::shown_text(players[i], 60) + "\" is on two seats, " + seat(i) + " and " + seat(j) +
             ": a game against oneself";
    }
  }
  return "";
}

namespace {

// The players of a state's seats as the record keeps them. The one name
// rule (core/player_name.h): a name it refuses is recorded as shown
// ("Cem<U+202E>nna"), never with the character that turns the standings
// around or the line break that splits this list.
std::vector<std::string> recorded_players(const wire::BoardState& st) {
  std::vector<std::string> players;
  for (const wire::Seat& seat : st.seats()) {
    // Session 28: an unnamed seat's name as shown too (the hub's model shows
    // it so already; a state from elsewhere is held to the same).
    players.push_back(seat.player().empty() ? st.board() + " " + core::shown_text(seat.name(), kMaxShownSeatChars)
                                            : core::shown_text(seat.player()));
  }
  return players;
}

}  // namespace

std::string two_seats_problem(const wire::BoardState& st) {
  std::vector<std::string> seat_names;
  for (const wire::Seat& seat : st.seats()) seat_names.push_back(core::shown_text(seat.name(), 40));
  const std::string why = repeated_player(recorded_players(st), seat_names);
  if (why.empty()) return "";
  return "board " + core::shown_text(st.board(), 40) + ", game " + core::shown_text(st.game_id(), 60) + ": " + why;
}

JournalStatus TournamentRecord::record(const std::string& event, const wire::BoardState& st, bool rated,
                                       bool& added) {
  added = false;
  const std::vector<std::string> players = recorded_players(st);
  bool named = true;
  for (const wire::Seat& seat : st.seats()) named = named && !seat.player().empty();
  if (const std::string why = two_seats_problem(st); !why.empty()) {
    return JournalStatus::fail(JournalError::kMismatch, why + "; the game is not recorded nor rated");
  }
  const std::vector<int> ranks = ranks_of(st);
  rated = rated && named && players.size() >= 2;
  JournalStatus s = db_.exec("BEGIN IMMEDIATE", "recording a game");
  if (!s.ok()) return s;
  auto fail = [&](JournalStatus why) {
    db_.exec("ROLLBACK", "rolling back");
    return why;
  };
  auto ins = db_.prepare(
      "INSERT OR IGNORE INTO games(event, game_id, board, variant, players, ranks, reason, pgn, rated, "
      "finished_wall_ms) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
      s);
  if (!ins) return fail(s);
  std::vector<std::string> rank_text;
  for (int r : ranks) rank_text.push_back(std::to_string(r));
  ins->bind(1, std::string_view(event));
  ins->bind(2, std::string_view(st.game_id()));
  ins->bind(3, std::string_view(st.board()));
  ins->bind(4, std::string_view(st.variant()));
  ins->bind(5, std::string_view(join(players)));
  ins->bind(6, std::string_view(join(rank_text)));
  ins->bind(7, std::string_view(st.result_reason()));
  ins->bind(8, std::string_view(st.pgn()));
  ins->bind(9, static_cast<std::int64_t>(rated));
  ins->bind(10, st.wall_ms());
  s = step_done(*ins);
  if (!s.ok()) return fail(s);
  ins.reset();
  auto changes = db_.query_int("SELECT changes()", s);
  if (!s.ok()) return fail(s);
  added = changes.value_or(0) == 1;
  if (added && rated) {
    std::vector<double> ratings;
    for (const std::string& p : players) {
      auto q = db_.prepare("SELECT rating FROM players WHERE name = ?1", s);
      if (!q) return fail(s);
      q->bind(1, std::string_view(p));
      Statement::Step r = q->step();
      if (r == Statement::Step::kError) return fail(q->status());
      // column_text then parse keeps Statement's API as it is (no double).
      if (r != Statement::Step::kRow) {
        ratings.push_back(kEloInitial);
        continue;
      }
      const std::string text = q->column_text(0);
      const std::optional<double> rating = rating_number(text);
      if (!rating) return fail(damaged(db_.path(), "player " + core::shown_text(p, 60) + "'s rating", text));
      ratings.push_back(*rating);
    }
    std::vector<double> d = elo_changes(ratings, ranks);
    for (std::size_t i = 0; i < players.size(); ++i) {
      auto up = db_.prepare(
          "INSERT INTO players(name, rating, games) VALUES(?1, CAST(?2 AS REAL), 1) "
          "ON CONFLICT(name) DO UPDATE SET rating = CAST(?2 AS REAL), games = games + 1",
          s);
      if (!up) return fail(s);
      std::ostringstream v;
      v.precision(17);
      v << ratings[i] + d[i];
      up->bind(1, std::string_view(players[i]));
      up->bind(2, std::string_view(v.str()));
      s = step_done(*up);
      if (!s.ok()) return fail(s);
    }
  }
  s = db_.exec("COMMIT", "recording a game");
  if (!s.ok()) return fail(s);
  return s;
}

JournalStatus TournamentRecord::games(const std::string& event, std::vector<RecordedGame>& out,
                                      std::vector<std::string>* skipped) {
  out.clear();
  JournalStatus s;
  auto q = db_.prepare(
      "SELECT board, game_id, variant, players, ranks, reason, pgn, rated, rowid FROM games WHERE event = ?1 "
      "ORDER BY finished_wall_ms, rowid",
      s);
  if (!q) return s;
  q->bind(1, std::string_view(event));
  Statement::Step r;
  while ((r = q->step()) == Statement::Step::kRow) {
    RecordedGame g;
    g.event = event;
    g.board = q->column_text(0);
    g.game_id = q->column_text(1);
    g.variant = q->column_text(2);
    // Session 30: a game of more seats than a game has (core::kMaxSeats), a
    // row a hub wrote before decode_state refused such states (session 29),
    // is left out unread: its checks are pairwise (a player on two seats,
    // the scores), so a row of 30,000 seats took 5 s at every standings read
    // for as long as it stayed. Its seats are counted by their separators
    // (no name is split or read).
    const std::string players = q->column_text(3);
    const std::string ranks = q->column_text(4);
    auto listed = [](const std::string& list) {
      return list.empty() ? std::size_t{0} : static_cast<std::size_t>(std::count(list.begin(), list.end(), '\n')) + 1;
    };
    const std::size_t seats = std::max(listed(players), listed(ranks));
    if (seats > static_cast<std::size_t>(core::kMaxSeats)) {
      if (skipped) {
        skipped->push_back(db_.path() + ": the game of row " + std::to_string(q->column_int(8)) + " (board " +
                           core::shown_text(g.board, 40) + ", game " + core::shown_text(g.game_id, 60) + ") has " +
                           std::to_string(seats) + " seats, and a game has at most " +
                           std::to_string(core::kMaxSeats) +
                           " (a row written before session 29's limit, or edited): it is left out, not read");
      }
      continue;
    }
    g.players = split(players);
    for (std::string& p : g.players) p = core::shown_text(p);  // a record written before the rule
    for (const std::string& t : split(ranks)) {
      const std::optional<int> rank = rank_number(t);
      if (!rank) {
        out.clear();
        return damaged(db_.path(), "board " + core::shown_text(g.board, 40) + ", game " + core::shown_text(g.game_id, 60) +
                                       ": a rank", t);
      }
      g.ranks.push_back(*rank);
    }
    g.reason = q->column_text(5);
    g.pgn = q->column_text(6);
    g.rated = q->column_int(7) != 0;
    out.push_back(std::move(g));
  }
  if (r == Statement::Step::kError) return q->status();
  return JournalStatus::good();
}

JournalStatus TournamentRecord::standings(const std::string& event, std::vector<Standing>& out,
                                          std::vector<std::string>* skipped) {
  std::vector<RecordedGame> gs;
  std::vector<std::string> over;  // games of more seats than a game has (games())
  JournalStatus s = games(event, gs, &over);
  if (!s.ok()) return s;
  if (skipped) {
    for (const std::string& why : over) skipped->push_back(why + "; left out of the standings");
  }
  std::map<std::string, Standing> by;
  for (const RecordedGame& g : gs) {
    if (g.players.size() != g.ranks.size()) continue;
    if (const std::string why = repeated_player(g.players, {}); !why.empty()) {
      if (skipped) skipped->push_back("board " + core::shown_text(g.board, 40) + ", game " + core::shown_text(g.game_id, 60) +
                                      ": " + why + "; left out of the standings");
      continue;
    }
    std::vector<double> sc = pairwise_scores(g.ranks);
    for (std::size_t i = 0; i < g.players.size(); ++i) {
      Standing& st = by[g.players[i]];
      st.player = g.players[i];
      st.games += 1;
      st.score += sc[i];
    }
  }
  out.clear();
  for (auto& [name, st] : by) out.push_back(st);
  std::stable_sort(out.begin(), out.end(), [](const Standing& a, const Standing& b) { return a.score > b.score; });
  return s;
}

JournalStatus TournamentRecord::ladder(std::vector<Rating>& out) {
  out.clear();
  JournalStatus s;
  auto q = db_.prepare("SELECT name, CAST(rating AS TEXT), games FROM players ORDER BY rating DESC, name", s);
  if (!q) return s;
  Statement::Step r;
  while ((r = q->step()) == Statement::Step::kRow) {
    const std::string text = q->column_text(1);
    const std::optional<double> rating = rating_number(text);
    if (!rating) {
      out.clear();
      return damaged(db_.path(), "player " + core::shown_text(q->column_text(0), 60) + "'s rating", text);
    }
    out.push_back({q->column_text(0), *rating, static_cast<int>(q->column_int(2))});
  }
  if (r == Statement::Step::kError) return q->status();
  return JournalStatus::good();
}

JournalStatus TournamentRecord::export_pgn(const std::string& event, std::string& out) {
  std::vector<RecordedGame> gs;
  JournalStatus s = games(event, gs);
  out.clear();
  for (const RecordedGame& g : gs) {
    out += g.pgn;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += '\n';
  }
  return s;
}

JournalStatus TournamentRecord::keep_awaited(const std::string& event, const std::string& hub,
                                             const std::vector<AwaitedChange>& changes) {
  if (changes.empty()) return JournalStatus::good();
  JournalStatus s = db_.exec("BEGIN IMMEDIATE", "keeping the awaited actions");
  if (!s.ok()) return s;
  auto fail = [&](JournalStatus why) {
    db_.exec("ROLLBACK", "rolling back");
    return why;
  };
  for (const AwaitedChange& c : changes) {
    const char* sql = c.kind == AwaitedChange::Kind::kSent
                          ? "INSERT OR REPLACE INTO awaited_actions(event, hub, action_id, board, what, sent_wall_ms,"
                            " acknowledged) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"
                      : c.kind == AwaitedChange::Kind::kAcknowledged
                          ? "UPDATE awaited_actions SET acknowledged = 1 WHERE event = ?1 AND hub = ?2 AND action_id = ?3"
                          : "DELETE FROM awaited_actions WHERE event = ?1 AND hub = ?2 AND action_id = ?3";
    auto st = db_.prepare(sql, s);
    if (!st) return fail(s);
    st->bind(1, std::string_view(event));
    st->bind(2, std::string_view(hub));
    st->bind(3, static_cast<std::int64_t>(c.action.id));
    if (c.kind == AwaitedChange::Kind::kSent) {
      st->bind(4, std::string_view(c.action.board));
      st->bind(5, std::string_view(c.action.what));
      st->bind(6, c.action.sent_wall_ms);
      st->bind(7, static_cast<std::int64_t>(c.action.acknowledged));
    }
    s = step_done(*st);
    if (!s.ok()) return fail(s);
  }
  s = db_.exec("COMMIT", "keeping the awaited actions");
  if (!s.ok()) return fail(s);
  return s;
}

JournalStatus TournamentRecord::awaited_actions(const std::string& event, const std::string& hub, std::size_t most,
                                                std::vector<AwaitedAction>& out) {
  out.clear();
  JournalStatus s;
  auto q = db_.prepare(
      "SELECT action_id, board, what, sent_wall_ms, acknowledged FROM awaited_actions WHERE event = ?1 AND hub = ?2 "
      "ORDER BY action_id",
      s);
  if (!q) return s;
  q->bind(1, std::string_view(event));
  q->bind(2, std::string_view(hub));
  Statement::Step r;
  while ((r = q->step()) == Statement::Step::kRow) {
    AwaitedAction a;
    a.id = static_cast<std::uint64_t>(q->column_int(0));
    a.board = q->column_text(1);
    a.what = q->column_text(2);
    a.sent_wall_ms = q->column_int(3);
    a.acknowledged = q->column_int(4) != 0;
    out.push_back(std::move(a));
  }
  if (r == Statement::Step::kError) return q->status();
  q.reset();
  if (out.size() > most) {
    // The oldest beyond the bound are let go, here as in the hub's memory.
    std::vector<AwaitedChange> drop;
    for (std::size_t i = 0; i + most < out.size(); ++i) drop.push_back({AwaitedChange::Kind::kLetGo, out[i]});
    out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(out.size() - most));
    return keep_awaited(event, hub, drop);
  }
  return JournalStatus::good();
}

JournalStatus TournamentRecord::keep_stream(const std::string& event,
                                            const std::vector<std::pair<std::string, wire::StreamItem>>& items,
                                            std::size_t most) {
  if (items.empty()) return JournalStatus::good();
  JournalStatus s = db_.exec("BEGIN IMMEDIATE", "keeping the boards' streams");
  if (!s.ok()) return s;
  auto fail = [&](JournalStatus why) {
    db_.exec("ROLLBACK", "rolling back");
    return why;
  };
  std::map<std::string, std::string> newest_game;  // board -> the game of its last item here
  {
    auto st = db_.prepare("INSERT OR REPLACE INTO board_streams(event, board, game_id, seq, item) VALUES(?1, ?2, ?3, ?4, ?5)",
                          s);
    if (!st) return fail(s);
    for (const auto& [board, item] : items) {
      std::string& g = newest_game[board];
      if (item.game_id() > g) g = item.game_id();
      st->reset();
      st->bind(1, std::string_view(event));
      st->bind(2, std::string_view(board));
      st->bind(3, std::string_view(item.game_id()));
      st->bind(4, static_cast<std::int64_t>(item.seq()));
      st->bind(5, std::string_view(to_hex(item.SerializeAsString())));
      s = step_done(*st);
      if (!s.ok()) return fail(s);
    }
  }
  // Each board named: its newest game's newest `most` items, nothing older.
  auto prune = db_.prepare(
      "DELETE FROM board_streams WHERE event = ?1 AND board = ?2 AND (game_id <> ?3 OR seq <= (SELECT MAX(seq) FROM "
      "board_streams WHERE event = ?1 AND board = ?2 AND game_id = ?3) - ?4)",
      s);
  if (!prune) return fail(s);
  for (const auto& [board, game] : newest_game) {
    prune->reset();
    prune->bind(1, std::string_view(event));
    prune->bind(2, std::string_view(board));
    prune->bind(3, std::string_view(game));
    prune->bind(4, static_cast<std::int64_t>(most));
    s = step_done(*prune);
    if (!s.ok()) return fail(s);
  }
  prune.reset();
  s = db_.exec("COMMIT", "keeping the boards' streams");
  if (!s.ok()) return fail(s);
  return s;
}

JournalStatus TournamentRecord::kept_streams(const std::string& event, std::size_t most, std::size_t boards,
                                             std::map<std::string, std::vector<wire::StreamItem>>& out,
                                             std::size_t& unread) {
  out.clear();
  unread = 0;
  JournalStatus s;
  auto q = db_.prepare(
      "SELECT board, game_id, item FROM board_streams WHERE event = ?1 ORDER BY board, game_id, seq", s);
  if (!q) return s;
  q->bind(1, std::string_view(event));
  std::map<std::string, std::string> game_of;  // board -> the game its items in `out` are of
  Statement::Step r;
  std::string bytes;
  while ((r = q->step()) == Statement::Step::kRow) {
    const std::string board = q->column_text(0);
    const std::string game = q->column_text(1);
    wire::StreamItem item;
    if (!from_hex(q->column_text(2), bytes) || !item.ParseFromString(bytes) || item.game_id() != game) {
      ++unread;
      continue;
    }
    if (!out.count(board) && out.size() >= boards) continue;
    std::vector<wire::StreamItem>& items = out[board];
    std::string& g = game_of[board];
    if (game != g) {  // ordered by game: a newer one
      items.clear();
      g = game;
    }
    items.push_back(std::move(item));
  }
  if (r == Statement::Step::kError) return q->status();
  for (auto& [board, items] : out) {
    if (items.size() > most) items.erase(items.begin(), items.end() - static_cast<std::ptrdiff_t>(most));
  }
  return JournalStatus::good();
}

JournalStatus TournamentRecord::has_table(const std::string& name, bool& has) {
  JournalStatus s;
  auto q = db_.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", s);
  if (!q) return s;
  q->bind(1, std::string_view(name));
  const Statement::Step r = q->step();
  if (r == Statement::Step::kError) return q->status();
  has = r == Statement::Step::kRow && q->column_int(0) > 0;
  return JournalStatus::good();
}

JournalStatus TournamentRecord::keep_alerts(const std::string& event, const std::vector<KeptAlert>& alerts,
                                            std::size_t most) {
  if (alerts.empty()) return JournalStatus::good();
  JournalStatus s = db_.exec("BEGIN IMMEDIATE", "keeping the boards' alerts");
  if (!s.ok()) return s;
  auto fail = [&](JournalStatus why) {
    db_.exec("ROLLBACK", "rolling back");
    return why;
  };
  {
    auto st = db_.prepare(
        "INSERT OR REPLACE INTO board_alerts(event, key, board, kind, text, raised_wall_ms, acknowledged, "
        "acknowledged_by) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        s);
    if (!st) return fail(s);
    for (const KeptAlert& a : alerts) {
      if (a.key.empty() || a.key.size() > kMaxKeptKeyBytes) continue;
      st->reset();
      st->bind(1, std::string_view(event));
      st->bind(2, std::string_view(a.key));
      st->bind(3, std::string_view(a.board));
      st->bind(4, std::string_view(a.kind));
      st->bind(5, std::string_view(a.text));
      st->bind(6, a.raised_wall_ms);
      st->bind(7, static_cast<std::int64_t>(a.acknowledged ? 1 : 0));
      st->bind(8, std::string_view(a.acknowledged_by));
      s = step_done(*st);
      if (!s.ok()) return fail(s);
    }
  }
  // Bounded: the open ones are kept first, then the newest acknowledged.
  auto prune = db_.prepare(
      "DELETE FROM board_alerts WHERE event = ?1 AND key IN (SELECT key FROM board_alerts WHERE event = ?1 "
      "ORDER BY acknowledged, raised_wall_ms DESC, rowid DESC LIMIT -1 OFFSET ?2)",
      s);
  if (!prune) return fail(s);
  prune->bind(1, std::string_view(event));
  prune->bind(2, static_cast<std::int64_t>(most));
  s = step_done(*prune);
  if (!s.ok()) return fail(s);
  prune.reset();
  s = db_.exec("COMMIT", "keeping the boards' alerts");
  if (!s.ok()) return fail(s);
  return s;
}

JournalStatus TournamentRecord::kept_alerts(const std::string& event, std::size_t most, std::vector<KeptAlert>& out,
                                            std::size_t& unread) {
  out.clear();
  unread = 0;
  JournalStatus s;
  // The same order as the bound above, so a record holding more rows than
  // `most` (another build's, or edited) gives what the hub would have kept.
  auto q = db_.prepare(
      "SELECT key, board, kind, text, raised_wall_ms, acknowledged, acknowledged_by FROM board_alerts WHERE event = ?1 "
      "ORDER BY acknowledged, raised_wall_ms DESC, rowid DESC LIMIT ?2",
      s);
  if (!q) return s;
  q->bind(1, std::string_view(event));
  q->bind(2, static_cast<std::int64_t>(most));
  Statement::Step r;
  while ((r = q->step()) == Statement::Step::kRow) {
    KeptAlert a;
    a.key = q->column_text(0);
    a.board = q->column_text(1);
    a.kind = q->column_text(2);
    a.text = q->column_text(3);
    a.raised_wall_ms = q->column_int(4);
    a.acknowledged = q->column_int(5) != 0;
    a.acknowledged_by = q->column_text(6);
    if (a.key.empty() || a.key.size() > kMaxKeptKeyBytes || !check_name("board", a.board).empty() ||
        a.acknowledged_by.size() > kMaxKeptKeyBytes) {
      ++unread;
      continue;
    }
    out.push_back(std::move(a));
  }
  if (r == Statement::Step::kError) return q->status();
  std::stable_sort(out.begin(), out.end(),
                   [](const KeptAlert& a, const KeptAlert& b) { return a.raised_wall_ms < b.raised_wall_ms; });
  return JournalStatus::good();
}

}  // namespace tabula::hub
