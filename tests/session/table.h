// table.h — a session at a virtual table, for hand-written traces, and the
// record runner shared by the record tests and the benchmark.
//
// Table drives a Session with events named the way a person would write a
// trace: t.up("e2").down("e4", 300).wait(600); each call moves the clock on by
// the gap given (in ms) first. Everything the session says is kept.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/pgn.h"
#include "session/session.h"
#include "session/trace_generator.h"

namespace tabula::testing {

class Table {
 public:
  // `start` is a FEN/FEN4 (empty: the variant's start); `named` picks a named start.
  explicit Table(const std::string& variant, const std::string& start = "",
                 session::SessionSettings s = {}, const std::string& named = "");
  // `start` must be a position of `rules`.
  explicit Table(std::shared_ptr<const core::RuleSet> rules, const core::Position& start,
                 session::SessionSettings s = {});

  // Puts every piece of the position to set up down at the current time.
  Table& lay_out();
  // lay_out(), then waits until it is verified.
  Table& setup();
  Table& up(const std::string& square, long gap_ms = 100);
  Table& down(const std::string& square, long gap_ms = 100);
  // Lets time pass (a tick at the end).
  Table& wait(long ms);
  Table& intent(session::Intent in, long gap_ms = 100);
  // A plain move: lift `from`, put on `to` (a capture lifts the victim first).
  Table& move(const std::string& from, const std::string& to, long gap_ms = 100);

  core::Square sq(const std::string& name) const;
  long now() const { return now_; }
  session::Session& session() { return *session_; }
  const session::Session& session() const { return *session_; }
  const core::RuleSet& rules() const { return *rules_; }

  // Long algebraic of every accepted move, in order.
  std::vector<std::string> moves() const;
  // Rulings of a kind (all kinds: kind == nullopt), in order.
  std::vector<session::Ruling> rulings(
      std::optional<session::RulingKind> kind = std::nullopt) const;
  // Every ruling, one line each, for failure messages.
  std::string transcript() const;
  // The text of the last ruling of a kind ("" when none).
  std::string last_text(session::RulingKind kind) const;

 private:
  void feed(const session::Input& in);

  std::shared_ptr<const core::RuleSet> rules_;
  std::unique_ptr<session::Session> session_;
  long now_ = 0;
};

// A record from a file, ready to replay: its rules (with the named start
// array it uses), start position and ledger.
struct LoadedRecord {
  std::shared_ptr<const core::RuleSet> rules;
  std::optional<core::Position> start;
  std::array<int, core::kMaxSeats> points{};
  core::PgnRecord record;
  std::string error;  // empty when loaded
};
LoadedRecord load_record(const std::string& variant, const std::string& path, int game = 1);

// A record replayed once by the rules core: what the table does (moves,
// resignations) and the moves and final position the record holds.
struct PreparedRecord {
  LoadedRecord loaded;
  std::vector<session::Action> actions;
  std::vector<std::string> expected;  // long algebraic, from core::replay
  std::string expected_position;
  std::string error;
};
PreparedRecord prepare_record(const LoadedRecord& rec);

// A seeded random game of a variant (its own start), played by the rules
// core (core::Game::random_move) for at most `max_plies` moves or to its end:
// the expected moves and final position come from the core, as for a record.
PreparedRecord prepare_random_game(const std::string& variant, std::uint64_t seed, int max_plies);
// The same with the moves chosen by `pick` (none: the game stops there).
PreparedRecord prepare_game(
    const std::string& variant,
    const std::function<std::optional<core::Move>(const core::Game&, int ply)>& pick,
    int max_plies);

// Issue 22 item 2's fast recapture: random moves until one can be recaptured
// on its square by the next seat (hardest first: the moved piece could have
// taken the recapturer), then that move and the recapture (`done`); none
// found within the game: `done` false.
PreparedRecord prepare_recapture_game(const std::string& variant, std::uint64_t seed, bool& done);

// A prepared record through the generator and a session: the moves the
// session accepted, and any illegal or out-of-sync rulings it gave.
struct RecordRun {
  std::vector<std::string> inferred;
  std::string inferred_position;
  std::vector<std::string> problems;  // rulings of severity illegal, and refusals
  std::size_t inputs = 0;
  std::string error;
};
// `tracker` gives the session's tracker settings (their settle is the generator's).
RecordRun run_record(const PreparedRecord& rec, const session::GeneratorSettings& gs,
                     inference::TrackerSettings tracker = {});

// Whether no ruling the table gave so far was an illegal move.
bool no_illegal(const Table& t);

// A chess table after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5, each move 700 ms after
// the last: both sides may castle short.
Table italian(session::SessionSettings s = {});

// The table's hands on a session's sensors: each piece of `pos` on a
// playable square of `g` set down, and every square the tracker's board
// reads occupied lifted, one event each at `t` advanced by `step` first (a
// step of 0: all at `t`). For the setups of 004's stages (session_test's
// StageChange, takeback_test's TakebackToSeat).
void put_position(session::Session& s, const core::Geometry& g, const core::Position& pos, session::Millis& t,
                  session::Millis step);
void lift_everything(session::Session& s, session::Millis& t, session::Millis step);

// tests/data/pgn4/<rel> (the records of its SOURCES.md).
std::string shared_data(const std::string& rel);

}  // namespace tabula::testing
