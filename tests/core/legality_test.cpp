// The fast legality path (checkers and blockers once per node, attack tries,
// probes) against the reference path (one reverse-ray walk per piece kind, a
// full make/unmake per move), on positions reached by seeded random play in
// every shipped variant (issue 20). The game layer sets its levers on the
// way: teams and alliances (may_capture), eliminations (dead pieces, walking
// kings), captured kings, corner squares and 000's two-player phase; a seat
// resigns now and then to reach the dead-piece states sooner.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/position.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula {
namespace {

using core::Move;
using core::MoveList;
using core::Position;

std::vector<Move> as_vector(const MoveList& list) { return {list.begin(), list.end()}; }

int en_passant_asked = 0;  // open en passant entries compared (compare_to_move)
int en_passant_found = 0;  // ... of which the seat could take
int evasions_compared = 0;  // lists of a king in check with a move (compare_to_move)

// Every legality answer of the side to move, fast against reference.
void compare_to_move(const Position& pos, const std::string& where) {
  MoveList fast;
  MoveList slow;
  pos.generate_legal(fast);
  pos.generate_legal_reference(slow);
  ASSERT_EQ(as_vector(fast), as_vector(slow)) << where;
  // The game layer's overload with the king's safety found beforehand: of
  // a king in check, the pieces that cannot land on a square that evades
  // it are not generated (issue 30 item 3); the same list, in its order.
  MoveList kept;
  pos.generate_legal(kept, pos.king_safety());
  ASSERT_EQ(as_vector(kept), as_vector(slow)) << where;
  if (pos.in_check() && !slow.empty()) ++evasions_compared;
  EXPECT_EQ(pos.has_legal_move(), !slow.empty()) << where;
  MoveList pseudo;
  pos.generate_pseudo(pseudo);
  for (const Move& m : pseudo) {
    bool legal = std::find(slow.begin(), slow.end(), m) != slow.end();
    EXPECT_EQ(pos.leaves_king_attacked(m), !legal) << where;
  }
  // The en passant question without generation (issue 30 item 3: the
  // repetition key asks it of later opponents) against the generated moves.
  for (int c = 0; c < pos.rules().seat_count(); ++c) {
    const core::EnPassantEntry& e = pos.en_passant(core::seat_at(c));
    if (!e.open()) continue;
    bool generated = std::any_of(pseudo.begin(), pseudo.end(), [&](const Move& m) {
      return m.kind == core::MoveKind::kEnPassant && m.to == e.target;
    });
    EXPECT_EQ(pos.en_passant_pseudo(pos.to_move(), e.target), generated) << where << " target " << int(e.target);
    ++en_passant_asked;
    if (generated) ++en_passant_found;
  }
}

// Attack questions for every square, by every seat's attackers and by all.
void compare_attacks(const Position& pos, const std::string& where) {
  const core::RuleSet& rules = pos.rules();
  int n = rules.seat_count();
  std::vector<std::uint8_t> masks{static_cast<std::uint8_t>((1U << n) - 1)};
  for (int s = 0; s < n; ++s) {
    masks.push_back(pos.attackers_of(core::seat_at(s)));
    masks.push_back(static_cast<std::uint8_t>(1U << s));
    EXPECT_EQ(pos.in_check(core::seat_at(s)), pos.in_check_reference(core::seat_at(s))) << where << " seat " << s;
  }
  for (int q = 0; q < core::kMaxSquares; ++q) {
    core::Square sq = static_cast<core::Square>(q);
    if (!rules.geometry.playable(sq)) continue;
    for (std::uint8_t mask : masks) {
      ASSERT_EQ(pos.attacked(sq, mask), pos.attacked_reference(sq, mask))
          << where << " square " << rules.geometry.name(sq) << " seats " << int(mask);
    }
  }
}

struct Tally {
  int positions = 0;
  int in_check = 0;
};

TEST(Legality, FastPathMatchesTheReferenceInEveryVariant) {
  Tally tally;
  const int games = testing::sanitizer_size(4, 1);  // sanitizer_size.h
  testing::soak_variants(games, 80, 0, 29, [&](const core::Game& game, const std::string& where) {
    const Position& p = game.position();
    const core::RuleSet& rules = p.rules();
    compare_to_move(p, where);
    compare_attacks(p, where);
    if (::testing::Test::HasFatalFailure()) return;
    ++tally.positions;
    if (p.in_check()) ++tally.in_check;
    // The same questions for every other seat, as if it were his turn.
    for (int s = 0; s < rules.seat_count(); ++s) {
      core::Seat seat = core::seat_at(s);
      if (seat == p.to_move() || !p.active(seat)) continue;
      Position other = p;
      other.set_to_move(seat);
      compare_to_move(other, where + " as seat " + std::to_string(s));
      if (::testing::Test::HasFatalFailure()) return;
    }
  });
  if (HasFatalFailure()) return;
  // The soak must reach checks, or it proves little about evasions.
  // (The sanitizer pass plays the first game of each start: 949 positions,
  // 15 in check, 9 en passant captures takeable, 687 not.)
  EXPECT_GT(tally.positions, testing::sanitizer_size(2000, 800));
  EXPECT_GT(tally.in_check, testing::sanitizer_size(50, 10));
  // ... and en passant captures open to the seat asked, and closed to him.
  EXPECT_GT(en_passant_found, testing::sanitizer_size(10, 5));
  EXPECT_GT(en_passant_asked - en_passant_found, 10);
  EXPECT_GT(evasions_compared, testing::sanitizer_size(50, 10));
  std::cout << en_passant_asked << " open en passant entries asked, " << en_passant_found << " takeable\n";
  std::cout << evasions_compared << " lists of a king in check with a move\n";
  std::cout << tally.positions << " positions, " << tally.in_check << " with the side to move in check\n";
}

// Hand-made positions the random games rarely reach: pins along every line,
// a lame piece's pass square shared with a rider's path, double checks, an en
// passant capture that would open a rank, a pinned piece taking its pinner.
TEST(Legality, PinsDoubleChecksAndLamePathsMatchTheReference) {
  const char* chess[] = {
      "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1",              // a bishop pinned on the file
      "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",              // a knight pinned on a diagonal
      "4k3/8/8/8/8/8/r2RK3/8 w - - 0 1",                // a rook pinned on the rank, may take
      "4k3/8/8/8/4r3/8/3n4/4K3 w - - 0 1",              // a double check
      "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",               // en passant would open the rank
      "4k3/8/8/8/4q3/8/4Q3/4K3 w - - 0 1",              // a queen pinned, may take the pinner
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",           // castling, both sides
      "4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1",               // a pawn pinned diagonally
      "4k3/8/8/8/K6r/8/4P3/8 w - - 0 1",                // a check blocked by a double step only
      "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1",               // the checking pawn taken en passant
      "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1",                // a knight's check: king moves only
  };
  auto loaded = variants::load_id("chess");
  ASSERT_TRUE(loaded.ok());
  for (const char* fen : chess) {
    auto pos = core::parse_fen(*loaded.rules, fen);
    ASSERT_TRUE(pos.ok()) << fen;
    compare_to_move(*pos, fen);
    compare_attacks(*pos, fen);
  }
  // Bipartite stage two: the swordsman's lame D shares its pass square with
  // the orthogonal power piece's path; holes on a5 and e5.
  const char* bipartite[] = {
      "4k/5/5/5/*3*/2d2/5/2S2/2K2 w - - 0 1",
      "2k2/5/2r2/5/*3*/5/2D2/2S2/2K2 w - - 0 1",
      "2k2/5/5/5/*1b1*/5/5/4S/1K3 w - - 0 1",
  };
  auto stage2 = variants::load_id("bipartite-stage2");
  ASSERT_TRUE(stage2.ok());
  for (const char* fen : bipartite) {
    auto pos = core::parse_fen(*stage2.rules, fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error().message;
    compare_to_move(*pos, fen);
    compare_attacks(*pos, fen);
  }
  // chess.com FFA: taking Blue's king with the rook while Blue's queen
  // checks Red's king is legal, since a seat without its king gives no check
  // (king_capture_lifts_attacks); the probe must see the king go.
  auto ffa = variants::load_id("chesscom-ffa");
  ASSERT_TRUE(ffa.ok());
  const char* ffa_fen =
      "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-3,yK,10/14/14/14/6,bQ,7/14/10,bK,3/13,gK/14/14/"
      "6,rK,3,rR,3/14/14/14";
  auto pos = core::parse_fen4(*ffa.rules, ffa_fen);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_TRUE(pos->in_check());
  compare_to_move(*pos, ffa_fen);
  compare_attacks(*pos, ffa_fen);
  core::Square k4 = ffa.rules->geometry.parse("k4");
  core::Square k8 = ffa.rules->geometry.parse("k8");
  EXPECT_FALSE(pos->leaves_king_attacked(Move{k4, k8, core::MoveKind::kNormal, core::kNoKind, 0}));
}

// Position::attackers_of keeps the seats relations and activity allow with
// them (issue 30 item 3): every seat's answer against the one found from
// the relations, activity and kings each time, in random games of every
// variant (teams and alliances set at the start, eliminations, walking
// kings, captured kings) and after every legal move made and unmade by the
// game layer's search (a mate eliminating a seat, 003's vassals changing
// who may take whom, then Position::restore).
TEST(Legality, AttackersOfKeepsUpWithRelationsThroughPlayAndSearch) {
  int asked = 0;
  int changed = 0;  // makes that changed a seat's activity or relations
  auto visit = [&](const core::Game& game, const std::string& where) {
    auto same = [&](const Position& p, const std::string& at) {
      for (int s = 0; s < p.rules().seat_count(); ++s) {
        ASSERT_EQ(int(p.attackers_of(core::seat_at(s))), int(p.attackers_of_reference(core::seat_at(s))))
            << at << " seat " << s;
        ++asked;
      }
    };
    same(game.position(), where);
    if (::testing::Test::HasFatalFailure()) return;
    core::Game g = game;
    MoveList list;
    g.legal_moves(list);
    for (const Move& m : list) {
      const Position::Settings before = g.position().settings();
      g.make(m);
      const Position::Settings after = g.position().settings();
      if (after.active_ != before.active_ || after.may_capture_ != before.may_capture_) ++changed;
      same(g.position(), where + " after " + std::to_string(int(m.from)) + "-" + std::to_string(int(m.to)));
      g.unmake();
      same(g.position(), where + " unmade");
      if (::testing::Test::HasFatalFailure()) return;
    }
  };
  testing::soak_variants(testing::sanitizer_size(2, 1), 70, 5, 23, visit);
  std::cout << asked << " attackers_of asked, " << changed << " makes changed who may take whom\n";
  EXPECT_GT(changed, testing::sanitizer_size(20, 2));
}

// Where a captured king lifts his seat's attacks (chess.com FFA), a seat
// whose king is off the board attacks nobody, his other pieces standing:
// attackers_of ANDs the kept relations with the kings standing.
TEST(Legality, ASeatWithoutItsKingAttacksNobodyWhereCapturedKingsLiftAttacks) {
  auto rules = testing::shipped("chesscom-ffa");
  ASSERT_TRUE(rules);
  ASSERT_TRUE(rules->checks.king_capture_lifts_attacks);
  const core::Seat red = testing::seat_of(*rules, 'r');
  const core::Seat green = testing::seat_of(*rules, 'g');
  const auto green_bit = static_cast<unsigned>(1U << core::index_of(green));
  Position kingless = testing::setup(*rules, 'r', {"h1:rK", "a7:bK", "g14:yK", "n9:gQ"});
  Position kinged = testing::setup(*rules, 'r', {"h1:rK", "a7:bK", "g14:yK", "n9:gQ", "n8:gK"});
  EXPECT_EQ(kingless.attackers_of(red) & green_bit, 0U);
  EXPECT_NE(kinged.attackers_of(red) & green_bit, 0U);
  for (int s = 0; s < rules->seat_count(); ++s) {
    EXPECT_EQ(int(kingless.attackers_of(core::seat_at(s))), int(kingless.attackers_of_reference(core::seat_at(s))));
    EXPECT_EQ(int(kinged.attackers_of(core::seat_at(s))), int(kinged.attackers_of_reference(core::seat_at(s))));
  }
}

}  // namespace
}  // namespace tabula
