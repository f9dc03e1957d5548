// Issue 31 item 12: the trace generator takes what a move does to the squares
// from the game (core::Game plays it), never from rules of its own: en
// passant on four-player boards (several entries open at once, of several
// seats) lifts the pawn the game takes, and castling moves the king and the
// rook the game moves. Checked without the inference: the reeds the script
// leaves after each move are compared with the game's occupancy after it;
// then read back by a session as well.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "core/game.h"
#include "inference/physical_board.h"
#include "table.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

// Moves chosen to make the hard cases happen: an en passant capture whenever
// one is legal, else a castling, else a pawn's double step, else at random.
std::optional<core::Move> eager(const core::Game& g, int ply, std::uint64_t seed) {
  core::MoveList moves = g.legal_moves();
  if (moves.size() == 0) return std::nullopt;
  for (core::MoveKind k : {core::MoveKind::kEnPassant, core::MoveKind::kCastle}) {
    for (const core::Move& m : moves) {
      if (m.kind == k) return m;
    }
  }
  if ((seed + static_cast<std::uint64_t>(ply)) % 3 != 0) {
    for (const core::Move& m : moves) {
      const core::Piece p = g.position().at(m.from);
      if (m.kind == core::MoveKind::kDoubleStep && !p.empty()) return m;
    }
  }
  return g.random_move(seed * 7919 + static_cast<std::uint64_t>(ply));
}

// The reeds after each scripted move (its `done` event) against the game's
// occupancy after that move: the generator's hands did what the game did.
std::string reeds_follow_the_game(const PreparedRecord& prep, const session::Script& script) {
  core::Game g(prep.loaded.rules, *prep.loaded.start, prep.loaded.points);
  inference::PhysicalBoard board(prep.loaded.rules->geometry);
  std::size_t next = 0;
  for (const session::ScriptedMove& sm : script.moves) {
    while (next < script.inputs.size() && session::time_of(script.inputs[next]) <= sm.done) {
      if (const auto* e = std::get_if<session::SquareEvent>(&script.inputs[next])) board.apply(e->square, e->occupied);
      ++next;
    }
    g.play(sm.move);
    core::SquareSet want = inference::occupancy_of(g.position());
    // Later moves' events may come before this one's last (overlapping hands
    // are off here), and pieces the rules removed are lifted after the move.
    core::SquareSet differ = board.occupied() ^ want;
    if (differ.any()) {
      return sm.text + " leaves the reeds unlike the game on " +
             inference::square_list(prep.loaded.rules->geometry, differ);
    }
  }
  return "";
}

struct Counts {
  int en_passant = 0;
  int castles = 0;
};

Counts check_variant(const std::string& variant, int seeds) {
  Counts c;
  for (int seed = 1; seed <= seeds; ++seed) {
    const auto s = static_cast<std::uint64_t>(seed);
    PreparedRecord prep = prepare_game(
        variant, [s](const core::Game& g, int ply) { return eager(g, ply, s); }, 40);
    EXPECT_TRUE(prep.error.empty()) << prep.error;
    if (!prep.error.empty()) return c;
    session::GeneratorSettings gs;
    gs.seed = s;
    gs.fast_reply = 0;  // each move's events end before the next begins
    gs.real_hands = false;
    gs.adjust = 0;
    auto script = session::generate_script(prep.loaded.rules, *prep.loaded.start, prep.actions, gs);
    EXPECT_TRUE(script.ok()) << variant << " seed " << seed;
    if (!script.ok()) return c;
    for (const session::ScriptedMove& m : script.value().moves) {
      c.en_passant += m.move.kind == core::MoveKind::kEnPassant ? 1 : 0;
      c.castles += m.move.kind == core::MoveKind::kCastle ? 1 : 0;
    }
    EXPECT_EQ(reeds_follow_the_game(prep, script.value()), "") << variant << " seed " << seed;
    RecordRun run = run_record(prep, gs);
    EXPECT_EQ(run.inferred, prep.expected) << variant << " seed " << seed;
    EXPECT_TRUE(run.problems.empty()) << variant << " seed " << seed;
  }
  return c;
}

TEST(TraceGenerator, FourPlayerEnPassantLiftsThePawnTheGameTakes) {
  // chess.com: any opponent may take until the pawn's owner moves again.
  for (const char* variant : {"chesscom-ffa", "chesscom-teams"}) {
    Counts c = check_variant(variant, 12);
    EXPECT_GT(c.en_passant, 3) << variant;
  }
}

TEST(TraceGenerator, CastlingMovesTheKingAndRookTheGameMoves) {
  Counts total;
  for (const char* variant : {"chess", "chesscom-ffa", "chess-four", "corners-short"}) {
    Counts c = check_variant(variant, 6);
    total.castles += c.castles;
  }
  EXPECT_GT(total.castles, 3);
}

// A castling the game refuses (the rook has moved and come back) is no move
// the generator will write: the script names the move that is not legal.
TEST(TraceGenerator, NeverCastlesWithARookThatHasMoved) {
  auto rules = variants::load_id("chess").rules;
  core::Position start = core::parse_fen(*rules, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").value();
  core::Game g(rules, start);
  auto find = [&](const char* from, const char* to) {
    for (const core::Move& m : g.legal_moves()) {
      if (m.kind != core::MoveKind::kCastle && m.from == rules->geometry.parse(from) &&
          m.to == rules->geometry.parse(to))
        return m;
    }
    return core::Move{};
  };
  std::vector<session::Action> actions;
  auto add = [&](core::Move m) {
    session::Action a;
    a.move = m;
    a.seat = g.to_move();
    actions.push_back(a);
    g.play(m);
  };
  add(find("h1", "h2"));
  add(find("e8", "d8"));
  add(find("h2", "h1"));
  add(find("d8", "e8"));
  // The game: no castling now (the rook has moved).
  core::Move castle;
  castle.kind = core::MoveKind::kCastle;
  bool offered = false;
  for (const core::Move& m : g.legal_moves()) {
    if (m.kind == core::MoveKind::kCastle) offered = true;
  }
  ASSERT_FALSE(offered);
  castle.castle = 0;
  session::Action a;
  a.move = castle;
  a.seat = g.to_move();
  actions.push_back(a);
  session::GeneratorSettings gs;
  auto script = session::generate_script(rules, start, actions, gs);
  ASSERT_FALSE(script.ok());
  EXPECT_EQ(script.error().message, "move 5 is not legal in the game");
}

// Session 29's reeds (GeneratorSettings bounce_run, chatter,
// victim_chatter): each run of flips on a square (each within 5 ms of the one
// before) as the script has it, read apart from the generator's code.
struct ReedRun {
  core::Square square = core::kNoSquare;
  bool first = false;  // the state its first event sets
  int events = 0;
  long span = 0;  // ms from its first event to its last
  bool last = false;
};
std::vector<ReedRun> runs_of(const session::Script& script) {
  struct Open {
    std::size_t run = 0;
    long start = 0;
    long last = 0;
  };
  std::vector<ReedRun> out;
  std::map<core::Square, Open> open;
  for (const session::Input& in : script.inputs) {
    const auto* e = std::get_if<session::SquareEvent>(&in);
    if (e == nullptr) continue;
    const long t = e->time.count();
    auto it = open.find(e->square);
    if (it != open.end() && t - it->second.last <= 5) {
      ReedRun& r = out[it->second.run];
      ++r.events;
      r.span = t - it->second.start;
      r.last = e->occupied;
      it->second.last = t;
      continue;
    }
    out.push_back({e->square, e->occupied, 1, 0, e->occupied});
    open[e->square] = {out.size() - 1, t, t};
  }
  return out;
}

TEST(TraceGenerator, RunsOfBouncesAndChattersAreDrawnOnlyWhenAskedAndLeaveTheGamesReeds) {
  // Off (the default): no run longer than a flip and one bounce pair (3
  // events), none drawn. On: runs of 2-5 pairs after an edge (5-11 events),
  // chatters of 4-20 flips, victims' reeds chattering (an even number of
  // flips beginning with a lift and ending filled, no edge). After each move
  // the reeds show the game's occupancy, and the moves are the game's.
  int long_runs = 0;
  int chatter_runs = 0;
  int standing_chatters = 0;
  int stats_runs = 0;
  int stats_chatters = 0;
  int stats_victims = 0;
  for (const char* variant : {"chess", "chesscom-ffa", "chess-four"}) {
    for (int seed = 1; seed <= 8; ++seed) {
      const auto s = static_cast<std::uint64_t>(seed);
      PreparedRecord prep = prepare_random_game(variant, s, 40);
      ASSERT_TRUE(prep.error.empty()) << prep.error;
      for (bool on : {false, true}) {
        session::GeneratorSettings gs;
        gs.seed = s;
        gs.fast_reply = 0;  // each move's events end before the next begins
        gs.overlap = 0;
        gs.adjust = 0;
        if (on) {
          gs.bounce_run = 10;
          gs.chatter = 3;
          gs.victim_chatter = 50;
        }
        auto script =
            session::generate_script(prep.loaded.rules, *prep.loaded.start, prep.actions, gs);
        ASSERT_TRUE(script.ok()) << variant << " seed " << seed;
        const std::string where =
            std::string(variant) + " seed " + std::to_string(seed) + (on ? " on" : " off");
        EXPECT_EQ(reeds_follow_the_game(prep, script.value()), "") << where;
        const session::ScriptStats& st = script.value().stats;
        if (!on) {
          EXPECT_EQ(st.bounce_runs + st.chatters + st.victim_chatters, 0) << where;
        }
        stats_runs += st.bounce_runs;
        stats_chatters += st.chatters;
        stats_victims += st.victim_chatters;
        for (const ReedRun& r : runs_of(script.value())) {
          EXPECT_LE(r.span, 7) << where;  // one pair: 2-7 ms; a run or a chatter: 0-5
          if (!on) {
            EXPECT_LE(r.events, 3) << where;
            continue;
          }
          EXPECT_LE(r.events, 21) << where;
          if (r.events >= 5) ++long_runs;
          if (r.events >= 10) ++chatter_runs;
          if (r.events % 2 == 0 && !r.first && r.last) ++standing_chatters;
        }
        if (on) {
          RecordRun run = run_record(prep, gs);
          EXPECT_EQ(run.inferred, prep.expected) << where;
          EXPECT_TRUE(run.problems.empty()) << where;
        }
      }
    }
  }
  EXPECT_GT(stats_runs, 50);
  EXPECT_GT(stats_chatters, 10);
  EXPECT_GT(stats_victims, 3);
  EXPECT_GT(long_runs, stats_runs / 2);
  EXPECT_GT(chatter_runs, 5);
  EXPECT_GT(standing_chatters, 3);
}

}  // namespace
}  // namespace tabula::testing
