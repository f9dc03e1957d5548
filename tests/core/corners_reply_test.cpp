// Sheet 000's mate rule with remembered replies (issue 30 item 3): a reply
// proof tries first the move that answered the same seat's last check, as a
// candidate only. These scenarios make the remembered move wrong for the
// position it is tried in — pseudo-legal there but illegal, or legal but
// refused by another rule of the sheet — and check that the game still
// refuses the move that mates a non-target. Board as in
// corners_short_test.cpp (seats W south, G west, B north, P east; order W G
// B P; each seat's target the next in that order).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/module_corners.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::move;
using testing::setup;

class CornersReply : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("corners-short");
    ASSERT_TRUE(rules_);
  }
  Square sq(const char* name) const { return rules_->geometry.parse(name); }
  Game game(char to_move, const std::vector<std::string>& pieces, bool first_round = false) {
    Position pos = setup(*rules_, to_move, pieces);
    if (!first_round) pos.set_fullmove_number(2);
    return Game(rules_, pos);
  }
  // The game's legal moves found afresh (make and unmake drop the list the
  // game keeps), after the proofs of `before` were run.
  static MoveList fresh(Game& g, const Move& before) {
    g.make(before);
    g.unmake();
    MoveList out;
    g.legal_moves(out);
    return out;
  }
  // Seat s's legal moves on the board (the Position's), their names into
  // `names`.
  MoveList moves_of(Position pos, Seat s, std::string& names) const {
    pos.set_to_move(s);
    MoveList out;
    pos.generate_legal(out);
    for (const Move& r : out) names += rules_->geometry.name(r.from) + "-" + rules_->geometry.name(r.to) + " ";
    return out;
  }
  bool listed(const MoveList& list, const char* from, const char* to) const {
    return std::any_of(list.begin(), list.end(),
                       [&](const Move& m) { return m.from == sq(from) && m.to == sq(to); });
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(CornersReply, ARememberedReplyThatIsIllegalNowProvesNothing) {
  // RULINGS 000: "a move that would checkmate any other king is illegal".
  // First Rc3-l3 checks Pink (l8, White's right: not his target) while the
  // k-file is open: Pink's king steps to it, and that reply is remembered.
  // Then White's rook d4 goes to k4 and the others wait; now the same
  // check leaves Pink's king no square (the remembered step is still a
  // move of his king, but into the k4 rook's file): Rc3-l3 would mate
  // Pink, and is refused.
  Game g = game('w', {"g1:wK", "d4:wR", "c3:wR", "a6:gK", "f12:bK", "l8:pK", "i10:pP"});
  MoveList before;
  g.legal_moves(before);
  ASSERT_TRUE(listed(before, "c3", "l3")) << "Pink can step off the l-file onto the k-file";
  g.make(move(g.position(), "d4", "k4"));
  g.make(move(g.position(), "a6", "a5"));
  g.make(move(g.position(), "f12", "e12"));
  g.make(move(g.position(), "i10", "h10"));
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules_, 'w'));
  MoveList after;
  g.legal_moves(after);
  EXPECT_FALSE(listed(after, "c3", "l3")) << "the k4 rook covers every step of Pink's king";
  EXPECT_TRUE(listed(after, "c3", "c8")) << "a mere check on Pink stays legal";
  // The same answer, found again with the reply proofs of the whole list
  // just run (each candidate tried first is one of them).
  EXPECT_FALSE(listed(fresh(g, move(g.position(), "c3", "c8")), "c3", "l3"));
}

TEST_F(CornersReply, ARememberedInterpositionWhoseRayIsBlockedNowProvesNothing) {
  // RULINGS 000: "a move that would checkmate any other king is illegal".
  // Rd3-l3 checks Pink (l8, hemmed in by his pawns; White's right: not his
  // target) along the l-file, and his only reply is the h5 rook's
  // interposition on l5: remembered, and tested again (with its ray's
  // squares: ReplyPath) each time the list is found afresh. Then Black's
  // rook stands on j5, on that ray: the remembered rook move is no move at
  // all now, Pink has no other reply, and Rd3-l3 would mate him.
  Game g = game('w', {"e1:wK", "d3:wR", "a6:gK", "f12:bK", "j11:bR", "l8:pK", "h5:pR", "k7:pP", "k8:pP",
                      "k9:pP", "l9:pP", "k4:pP"});
  MoveList before;
  g.legal_moves(before);
  ASSERT_TRUE(listed(before, "d3", "l3")) << "Pink's rook interposes on l5";
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(listed(fresh(g, move(g.position(), "e1", "d1")), "d3", "l3")) << "found again, pass " << i;
  g.make(move(g.position(), "e1", "d1"));
  g.make(move(g.position(), "a6", "a7"));
  g.make(move(g.position(), "j11", "j5"));
  g.make(move(g.position(), "k4", "j4"));
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules_, 'w'));
  MoveList after;
  g.legal_moves(after);
  EXPECT_FALSE(listed(after, "d3", "l3")) << "the j5 rook blocks the only interposition";
  EXPECT_TRUE(listed(after, "d3", "d4")) << "a quiet rook move stays legal";
  EXPECT_FALSE(listed(fresh(g, move(g.position(), "d3", "d4")), "d3", "l3"));
}

TEST_F(CornersReply, AnEnPassantEntryTheCheckClosesIsNoReplyToIt) {
  // RULINGS 000: "a move that would checkmate any other king is illegal";
  // the short game's en passant is the next mover's only (house rule). Pink
  // has just moved his pawn k7-i7, two squares: White, the next mover, may
  // take it on j7, and after White's move nobody may. Rc3-j3 checks Black
  // (j12; not White's target) along the j-file, through j7; the i9 rook
  // covers i11 and i12, the j3 rook j11. Black's pawn i8 could block on j7
  // only by taking the i7 pawn en passant, which White's move ends: so
  // Rc3-j3 would mate Black, and is refused, the entry open or not (the
  // mate rule's look leaves the entries as the move leaves them).
  const std::vector<std::string> pieces = {"g1:wK", "c3:wR", "i9:wR", "a6:gK",
                                           "j12:bK", "i8:bP", "l8:pK", "i7:pP"};
  Position pos = setup(*rules_, 'w', pieces);
  pos.set_fullmove_number(2);
  Game plain(rules_, pos);
  ASSERT_TRUE(testing::has_move(plain.position(), "c3", "j3"));
  EXPECT_FALSE(listed(plain.legal_moves(), "c3", "j3")) << "no entry: Black is mated";
  EXPECT_TRUE(listed(plain.legal_moves(), "c3", "d3"));
  pos.set_en_passant(testing::seat_of(*rules_, 'p'), EnPassantEntry{sq("j7"), sq("i7")});
  Game g(rules_, pos);
  const std::uint64_t hash = g.position().hash();
  EXPECT_FALSE(listed(g.legal_moves(), "c3", "j3")) << "the entry closes with White's move";
  EXPECT_NE(g.why_illegal(sq("c3"), sq("j3")).find("target"), std::string::npos)
      << g.why_illegal(sq("c3"), sq("j3"));
  // The looks put the entry back as it was, and the board's hash.
  EXPECT_EQ(g.position().en_passant(testing::seat_of(*rules_, 'p')).target, sq("j7"));
  EXPECT_EQ(g.position().hash(), hash);
}

TEST_F(CornersReply, ARememberedReplyThatAnotherRuleRefusesNowProvesNothing) {
  // 000 short: "Edge pawns may not capture edge pawns on the first round of
  // moves". Grey's bishop a5-c3 checks White (d4; not Grey's target, who is
  // Black): White's one reply is his edge pawn d2 taking the bishop, which
  // the truce allows. Grey's edge pawn b3-c3 gives the same check, and the
  // same move d2xc3 (legal on the board) is now an edge pawn taking an edge
  // pawn: refused, so b3-c3 would mate White and is refused, whichever of
  // the two checks was proven last.
  Game g = game('g', {"d4:wK", "d2:wP", "d3:wP", "e3:wP", "e4:wP", "e5:wP", "d5:wP", "c5:wP", "c4:wP",
                      "b3:gP", "a3:gR", "a4:gN", "a5:gB", "a8:gK", "f12:bK", "l7:pK"},
                true);
  const Move bishop = move(g.position(), "a5", "c3");
  const Move pawn = move(g.position(), "b3", "c3");
  MoveList list;
  g.legal_moves(list);
  ASSERT_TRUE(listed(list, "a5", "c3")) << "White answers the bishop's check with d2xc3";
  EXPECT_FALSE(listed(list, "b3", "c3"));
  EXPECT_FALSE(listed(fresh(g, bishop), "b3", "c3"));
  EXPECT_FALSE(listed(fresh(g, pawn), "b3", "c3"));
  EXPECT_NE(g.why_illegal(sq("b3"), sq("c3")).find("target"), std::string::npos)
      << g.why_illegal(sq("b3"), sq("c3"));
  // After the bishop's check is played, White's reply is that capture.
  g.play(bishop);
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules_, 'w'));
  EXPECT_TRUE(listed(g.legal_moves(), "d2", "c3"));
}


// BoardOnlyMove (core/module_corners.h): 000's mate rule looks at the
// position after a move without Position::make (issue 30 item 3). Exact only
// if the look leaves everything the rule reads as make() leaves it — the
// board, the kings' squares, every seat's en passant entry, the castling
// rights, who is in check, and what each seat could play were it his turn —
// and puts every square, entry and the hash back. Checked against make() for
// every legal move along seeded random games of the corner games (the next
// mover's window) and of variants with the other windows (chesscom-ffa:
// until the owner moves again; chess-four: facing seats only; chess), their
// castling rights taken away at the start (a right left declines the look:
// checked apart).
struct LookCounts {
  int looks = 0, declined = 0, closed = 0, opened = 0;
};

void compare_look_with_make(const core::Position& before, const core::Move& m, LookCounts& n) {
  using namespace core;
  const RuleSet& rules = before.rules();
  Position made = before;
  made.make(m);
  Position look = before;
  {
    BoardOnlyMove in_place(look, m, look.to_move());
    if (!in_place.done()) {
      ++n.declined;
      EXPECT_EQ(look.hash(), before.hash()) << "a declined look changes nothing";
      return;
    }
    ++n.looks;
    for (Square q : before.squares())
      ASSERT_EQ(look.at(q), made.at(q)) << rules.geometry.name(q) << " after " << rules.geometry.name(m.from)
                                        << "-" << rules.geometry.name(m.to);
    EXPECT_EQ(look.castling_rights(), made.castling_rights());
    for (int i = 0; i < rules.seat_count(); ++i) {
      const Seat s = seat_at(i);
      ASSERT_EQ(look.king_square(s), made.king_square(s));
      const EnPassantEntry& a = look.en_passant(s);
      const EnPassantEntry& b = made.en_passant(s);
      ASSERT_EQ(a.target, b.target) << "seat " << i << "'s en passant entry after " << rules.geometry.name(m.from)
                                    << "-" << rules.geometry.name(m.to);
      ASSERT_EQ(a.victim, b.victim);
      n.closed += before.en_passant(s).open() && !a.open() ? 1 : 0;
      n.opened += !before.en_passant(s).open() && a.open() ? 1 : 0;
      EXPECT_EQ(look.in_check(s), made.in_check(s));
    }
    // What each seat could play were it his turn (a reply proof's moves).
    const Seat look_turn = look.to_move();
    const Seat made_turn = made.to_move();
    for (int i = 0; i < rules.seat_count(); ++i) {
      const Seat s = seat_at(i);
      if (!made.active(s)) continue;
      look.set_to_move(s);
      made.set_to_move(s);
      MoveList x, y;
      look.generate_legal(x);
      made.generate_legal(y);
      ASSERT_EQ(x.size(), y.size()) << "seat " << i << "'s moves after " << rules.geometry.name(m.from) << "-"
                                    << rules.geometry.name(m.to);
      for (std::size_t k = 0; k < x.size(); ++k) ASSERT_EQ(x[k], y[k]);
    }
    look.set_to_move(look_turn);
    made.set_to_move(made_turn);
  }
  // Put back whole.
  EXPECT_EQ(look.hash(), before.hash());
  EXPECT_EQ(look.castling_rights(), before.castling_rights());
  for (Square q : before.squares()) ASSERT_EQ(look.at(q), before.at(q));
  for (int i = 0; i < rules.seat_count(); ++i) {
    ASSERT_EQ(look.king_square(seat_at(i)), before.king_square(seat_at(i)));
    ASSERT_EQ(look.en_passant(seat_at(i)).target, before.en_passant(seat_at(i)).target);
    ASSERT_EQ(look.en_passant(seat_at(i)).victim, before.en_passant(seat_at(i)).victim);
  }
  EXPECT_EQ(look.consistency_problem(), "");
}

LookCounts look_along_random_games(const std::string& id, int games, int plies) {
  using namespace core;
  LookCounts n;
  auto rules = testing::shipped(id);
  if (!rules) return n;
  for (int game = 0; game < games; ++game) {
    auto start = testing::start_of(*rules);
    EXPECT_TRUE(start.ok());
    if (!start.ok()) return n;
    Position pos = *start;
    pos.set_castling_rights(0);
    pos.finish_setup();
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(game + 1);
    int passes = 0;  // a seat without a move passes (corners-mini's mates come early)
    for (int ply = 0; ply < plies && passes < rules->seat_count(); ++ply) {
      MoveList list;
      pos.generate_legal(list);
      if (list.empty()) {
        ++passes;
        pos.make_pass();
        continue;
      }
      passes = 0;
      for (const Move& m : list) {
        compare_look_with_make(pos, m, n);
        if (::testing::Test::HasFatalFailure()) return n;
      }
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      pos.make(list[static_cast<std::size_t>((seed >> 33) % list.size())]);
    }
  }
  return n;
}

TEST(CornersLook, ABoardOnlyLookLeavesWhatMakeLeavesAndPutsAllBack) {
  // Three games of 40 plies a variant (one under the sanitizers); the counts
  // say the windows' cases were met.
  const int games = testing::sanitizer_size(3, 1);
  for (const char* id : {"corners-mini", "corners-short", "corners-long"}) {
    SCOPED_TRACE(id);
    const LookCounts n = look_along_random_games(id, games, 40);
    // The next mover's window: entries opened by double steps, closed by
    // the next move.
    EXPECT_GT(n.looks, 300 * games);
    EXPECT_GT(n.opened, 5 * games);
    EXPECT_GT(n.closed, 5 * games);
  }
  {
    SCOPED_TRACE("chesscom-ffa");  // until the owner moves again
    const LookCounts n = look_along_random_games("chesscom-ffa", games, 40);
    EXPECT_GT(n.looks, 300 * games);
    EXPECT_GT(n.opened, 5 * games);
    EXPECT_GT(n.closed, 0);
  }
  {
    // Facing seats only (001 rule 11): the look changes the entries by
    // make()'s own bookkeeping (Position::advance_en_passant), so it no
    // longer declines while an entry is open.
    SCOPED_TRACE("chess-four");
    const LookCounts n = look_along_random_games("chess-four", games, 40);
    EXPECT_GT(n.looks, 300 * games);
    EXPECT_EQ(n.declined, 0);
    EXPECT_GT(n.opened, 5 * games);
    EXPECT_GT(n.closed, 0);
  }
  {
    SCOPED_TRACE("chess");
    const LookCounts n = look_along_random_games("chess", games, 40);
    EXPECT_GT(n.looks, 200 * games);
  }
  // A castling right left: make() may take it away, so the look declines.
  auto chess = testing::shipped("chess");
  ASSERT_TRUE(chess);
  auto start = core::parse_fen(*chess, chess->start_fen);
  ASSERT_TRUE(start.ok());
  core::Position pos = *start;
  ASSERT_NE(pos.castling_rights(), 0U);
  const std::uint64_t hash = pos.hash();
  {
    core::BoardOnlyMove look(pos, testing::move(pos, "g1", "f3"), pos.to_move());
    EXPECT_FALSE(look.done());
  }
  EXPECT_EQ(pos.hash(), hash);
}

// The target's mate test after a move: the seat to move next, in check, is
// mated when his turn's list is empty, and that list is found once, kept for
// his turn (Module::mate_test_is_list, Game::has_move_in_check; issue 30
// item 3). Checked against the same rules with the mate judged at
// the start of his turn (MateTiming::kStartOfTurn: his list, found by
// start_of_turn, no mate test after the move), move by move along seeded
// random games: every legal move made on a copy of each game, the seats'
// statuses, the turn and the outcome compared.
struct MateCounts {
  int moves = 0, checks = 0, mates = 0;
};

void mates_along_random_games(const std::string& id, int games, int plies, MateCounts& n) {
  auto rules = testing::shipped(id);
  ASSERT_TRUE(rules);
  auto at_turn = std::make_shared<RuleSet>(*rules);
  at_turn->checks.mate_timing = MateTiming::kStartOfTurn;
  EXPECT_EQ(rules->checks.mate_timing, MateTiming::kAfterEveryMove) << "000 judges mates after every move";
  for (int game = 0; game < games; ++game) {
    auto start = testing::start_of(*rules);
    ASSERT_TRUE(start.ok());
    Game after_move(rules, *start);
    Game at_start(at_turn, *start);
    std::uint64_t seed = 0xD1B54A32D192ED03ULL * static_cast<std::uint64_t>(game + 7);
    for (int ply = 0; ply < plies && !after_move.outcome().over; ++ply) {
      const MoveList list = after_move.legal_moves();
      const MoveList other = at_start.legal_moves();
      ASSERT_EQ(list.size(), other.size());
      if (list.empty()) return;
      for (const Move& m : list) {
        Game a = after_move;
        Game b = at_start;
        const Seat next = [&] {
          Position p = a.position();
          p.make(m);
          return p.to_move();
        }();
        a.make(m);
        b.make(m);
        ++n.moves;
        if (a.position().in_check(next)) ++n.checks;
        if (a.status(next) == SeatStatus::kCheckmated) ++n.mates;
        for (int i = 0; i < rules->seat_count(); ++i)
          ASSERT_EQ(a.status(seat_at(i)), b.status(seat_at(i)))
              << "seat " << i << " after " << rules->geometry.name(m.from) << "-" << rules->geometry.name(m.to)
              << " in " << to_fen4(after_move.position());
        ASSERT_EQ(a.outcome().over, b.outcome().over);
        if (!a.outcome().over) {
          ASSERT_EQ(a.to_move(), b.to_move());
          ASSERT_EQ(a.legal_moves().size(), b.legal_moves().size());
        }
      }
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const Move pick = list[static_cast<std::size_t>((seed >> 33) % list.size())];
      after_move.make(pick);
      at_start.make(pick);
    }
  }
}

// Modules::Corners::in_check_look, the walk of the mate rule's look (the
// kings' tries less the squares no kind on this board attacks from),
// answers as Position::in_check, for every seat, after every legal move of
// each position along a random game of each corner game (corners-mini: no
// knight can stand, their squares are left out; the short and long games
// have knights, their squares walked); a knight on the board a Game starts
// from is walked.
TEST(CornersLook, TheLooksCheckTestAnswersAsThePositionsAlongRandomGames) {
  for (const char* id : {"corners-mini", "corners-short", "corners-long"}) {
    SCOPED_TRACE(id);
    auto rules = testing::shipped(id);
    ASSERT_TRUE(rules);
    auto start = testing::start_of(*rules);
    ASSERT_TRUE(start.ok());
    Game g(rules, *start);
    if (std::string(id) == "corners-mini") {
      EXPECT_NE(Modules::Corners::standing_tries(g), nullptr);
    }
    int checked = 0;
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int ply = 0; ply < 60 && !g.outcome().over; ++ply) {
      const MoveList list = g.legal_moves();
      if (list.empty()) break;
      for (const Move& m : list) {
        g.make(m);
        for (int i = 0; i < rules->seat_count(); ++i) {
          const Seat s = seat_at(i);
          const bool expected = g.position().in_check(s);
          checked += expected ? 1 : 0;
          ASSERT_EQ(Modules::Corners::in_check_look(g, s, Modules::Corners::standing_tries(g)), expected)
              << "seat " << i << " in " << to_fen4(g.position());
        }
        g.unmake();
      }
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      g.make(list[static_cast<std::size_t>((seed >> 33) % list.size())]);
    }
    EXPECT_GT(checked, 10) << "few checks met";
  }
  // corners-mini from a board with a white knight on f3 checking Grey's
  // king on e5: knights can stand in this Game, their squares are walked.
  const auto mini = testing::shipped("corners-mini");
  ASSERT_TRUE(mini);
  const Game g(mini, setup(*mini, 'g', {"d1:wK", "f3:wN", "e5:gK", "d8:bK", "h4:pK"}));
  const Seat grey = testing::seat_of(*mini, 'g');
  ASSERT_TRUE(g.position().in_check(grey));
  EXPECT_TRUE(Modules::Corners::in_check_look(g, grey, Modules::Corners::standing_tries(g)));
}


TEST(CornersMateTest, TheTargetsMateTestAfterAMoveIsHisTurnsList) {
  // Three games of 60 plies a variant (one under the sanitizers); the
  // counts say checks and mates were met.
  const int games = testing::sanitizer_size(3, 1);
  int mates = 0;
  for (const char* id : {"corners-mini", "corners-short", "corners-long"}) {
    SCOPED_TRACE(id);
    MateCounts n;
    mates_along_random_games(id, games, 60, n);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_GT(n.moves, 500 * games);
    EXPECT_GT(n.checks, 10 * games);
    mates += n.mates;
  }
  EXPECT_GT(mates, 0);
}

TEST(CornersMateTest, TheTargetIsMatedWhenTheCornerRulesRefuseEveryMoveHeHas) {
  // RULINGS 000: "a move that would checkmate any other king is illegal";
  // mate is judged with the game's own legality. Found along a seeded
  // random game of corners-mini (the test above's kind of walk): Grey's
  // d6-d8 checks Black, his target; the Position gives Black moves, but
  // the corner rules refuse every one of them, so Black is mated by it.
  auto rules = testing::shipped("corners-mini");
  ASSERT_TRUE(rules);
  auto start = parse_fen4(*rules,
                          "G-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bK,1,bQ,bB,2/4,pQ,3/gB,2,gQ,3,pB/"
                          "gK,gP,gP,wP,pP,bP,2/2,wP,wP,3,pK/gB,wQ,2,pP,2,pB/5,wP,2/4,wK,wB,2");
  ASSERT_TRUE(start.ok());
  Game g(rules, *start);
  const Seat black = testing::seat_of(*rules, 'b');
  const Move m = testing::move(g.position(), "d6", "d8");
  Position after = g.position();
  after.make(m);
  ASSERT_EQ(after.to_move(), black);
  ASSERT_TRUE(after.in_check(black));
  ASSERT_TRUE(after.has_legal_move()) << "the Position alone gives Black a move";
  Game searched = g;
  searched.make(m);
  EXPECT_EQ(searched.status(black), SeatStatus::kCheckmated);
  // Played: mated by Grey's move, the moment it is made (RULINGS 000, the
  // mate judged after every move), not found at Black's turn.
  const std::vector<Ruling> out = g.play(m);
  const auto mate = std::find_if(out.begin(), out.end(), [&](const Ruling& r) {
    return r.kind == RulingKind::kCheckmate && r.seat == black;
  });
  ASSERT_NE(mate, out.end());
  EXPECT_EQ(mate->by, testing::seat_of(*rules, 'g'));
  EXPECT_EQ(mate->text, "Black is checkmated by Grey's move");
  EXPECT_EQ(g.status(black), SeatStatus::kCheckmated);
}

// Modules::Corners::reply_allowed, the one look a reply proof makes
// (mates_non_target with `own`: his own king looked at first, then the
// others' kings and their proofs; `near_clear`: the kings out of check
// before the reply, not looked at where it leaves their attack reach
// alone), against the plain answer, Position::legal then refused(), at the
// proofs' depths (1: no mate rule below; 0: the mate rule's proofs of the
// kings the reply checks), for every two-squares pseudo-legal move of the
// side to move along a random game of each corner game: moves that leave
// his own king attacked, moves the rules refuse and moves they allow.
TEST(CornersProof, AReplysOneLookAnswersAsLegalThenRefused) {
  int refused_all = 0;
  for (const char* id : {"corners-mini", "corners-short", "corners-long"}) {
    SCOPED_TRACE(id);
    auto rules = testing::shipped(id);
    ASSERT_TRUE(rules);
    auto start = testing::start_of(*rules);
    ASSERT_TRUE(start.ok());
    Game g(rules, *start);
    int illegal = 0, refused = 0, allowed = 0;
    std::uint64_t seed = 0xD1B54A32D192ED03ULL;
    for (int ply = 0; ply < 80 && !g.outcome().over; ++ply) {
      const MoveList list = g.legal_moves();
      if (list.empty()) break;
      const Position& p = g.position();
      const CornerState st = g.module_state().corner_;
      std::uint8_t clear = 0;  // the kings out of check before his move
      for (int i = 0; i < rules->seat_count(); ++i)
        if (!p.in_check(seat_at(i))) clear = static_cast<std::uint8_t>(clear | (1U << i));
      const std::string before = to_fen4(p);
      MoveList pseudo;
      p.generate_pseudo(pseudo);
      for (int depth = 1; depth >= 0; --depth) {
        const Modules::Corners::Node node = Modules::Corners::node_of(g, st, depth, nullptr);
        const std::uint8_t others =
            node.mate_rule ? Modules::Corners::mate_rule_seats(g, node.mover, node.target) : 0;
        for (const Move& m : pseudo) {
          if (!BoardOnlyMove::two_squares(p, m)) continue;
          const bool legal = p.legal(m);
          const bool expected =
              legal && Modules::Corners::refused(g, m, st, node) == Modules::Corners::Refusal::kNone;
          ++(!legal ? illegal : expected ? allowed : refused);
          const std::string what = rules->geometry.name(m.from) + "-" + rules->geometry.name(m.to) + " at depth " +
                                   std::to_string(depth) + " in " + to_fen4(p);
          EXPECT_EQ(Modules::Corners::reply_allowed(g, m, st, node, others, false, 0), expected) << what;
          EXPECT_EQ(Modules::Corners::reply_allowed(g, m, st, node, others, false, clear), expected)
              << what << " (near_clear)";
          if (legal) {
            EXPECT_EQ(Modules::Corners::reply_allowed(g, m, st, node, others, true, clear), expected)
                << what << " (legal given)";
          }
          ASSERT_EQ(to_fen4(g.position()), before) << "the look put the board back, " << what;
          if (::testing::Test::HasFailure()) return;
        }
      }
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      g.make(list[static_cast<std::size_t>((seed >> 33) % list.size())]);
    }
    EXPECT_GT(illegal, 0) << "no move left his own king attacked";
    EXPECT_GT(allowed, 0);
    refused_all += refused;
  }
  EXPECT_GT(refused_all, 0) << "the rules refused no move";
}

// The reply proof (Modules::Corners::corner_reply_exists: the reply
// remembered after the checking move, then remembered replies, each judged
// on the board after it — the Position's probe and the mate rule's checks
// in one look, reply_allowed — then the walk) against the
// plain answer (corner_reply_walk: his whole list, refused() for each), for
// every seat in check after every legal move along seeded random games of
// the corner games, at the mate rule's depths (2: it does not judge his
// replies; 1 and 0: it does; asked in that order, so a reply remembered
// where the rule does not look is tried where it does). One Game makes and
// unmakes the moves, so the remembered replies come from the sibling
// positions, as in a search (the case the proof's candidates are wrong
// in). A seat in check after a legal move always has a reply unless he is
// the target; so also after each move the Position allows and the game
// refuses (it would mate a non-target): each a Game of its own.
struct ProofCounts {
  int proofs = 0, none = 0;
};

void proofs_along_random_games(const std::string& id, int games, int plies, ProofCounts& n) {
  auto rules = testing::shipped(id);
  ASSERT_TRUE(rules);
  for (int game = 0; game < games; ++game) {
    auto start = testing::start_of(*rules);
    ASSERT_TRUE(start.ok());
    Game g(rules, *start);
    std::uint64_t seed = 0xA0761D6478BD642FULL * static_cast<std::uint64_t>(game + 3);
    for (int ply = 0; ply < plies && !g.outcome().over; ++ply) {
      const MoveList list = g.legal_moves();
      if (list.empty()) return;
      auto compare = [&](const Game& look, const Move& m) {
        const ModuleFrame frame = look.module_state();
        for (int i = 0; i < rules->seat_count(); ++i) {
          const Seat s = seat_at(i);
          if (!look.plays(s) || !look.position().in_check(s)) continue;
          for (int depth = 2; depth >= 0; --depth) {
            const bool walk = Modules::Corners::corner_reply_walk(look, s, frame.corner_, depth);
            ++n.proofs;
            n.none += walk ? 0 : 1;
            ASSERT_EQ(Modules::Corners::corner_reply_exists(look, s, frame.corner_, depth), walk)
                << "seat " << i << " at depth " << depth << " after " << rules->geometry.name(m.from) << "-"
                << rules->geometry.name(m.to) << " in " << to_fen4(look.position());
            // Keyed by the move that checks (its remembered reply first:
            // ReplyAfter), as the mate rule's look asks it.
            ASSERT_EQ(Modules::Corners::corner_reply_exists(look, s, frame.corner_, depth, 0, reply_after_key(m)),
                      walk)
                << "seat " << i << " at depth " << depth << " after " << rules->geometry.name(m.from) << "-"
                << rules->geometry.name(m.to) << " (keyed) in " << to_fen4(look.position());
          }
        }
      };
      for (const Move& m : list) {
        g.make(m);
        compare(g, m);
        g.unmake();
        if (::testing::Test::HasFatalFailure()) return;
      }
      MoveList board;
      g.position().generate_legal(board);
      for (const Move& m : board) {
        if (std::find(list.begin(), list.end(), m) != list.end()) continue;
        Position after = g.position();
        after.make(m);
        const Game look(rules, after);
        compare(look, m);
        if (::testing::Test::HasFatalFailure()) return;
      }
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      g.make(list[static_cast<std::size_t>((seed >> 33) % list.size())]);
    }
  }
}

TEST(CornersProof, TheReplyProofAgreesWithTheWholeListAlongRandomGames) {
  // Four games of 60 plies a variant (one under the sanitizers); the counts
  // say proofs of both answers were met.
  const int games = testing::sanitizer_size(4, 1);
  ProofCounts all;
  for (const char* id : {"corners-mini", "corners-short", "corners-long"}) {
    SCOPED_TRACE(id);
    ProofCounts n;
    proofs_along_random_games(id, games, 60, n);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_GT(n.proofs, 20 * games);
    all.proofs += n.proofs;
    all.none += n.none;
  }
  EXPECT_GT(all.none, 0) << "no seat without a reply met";
}

TEST_F(CornersReply, AReplyThatWouldMateAnotherNonTargetIsNoReply) {
  // RULINGS 000: "a move that would checkmate any other king is illegal",
  // for the checked player's replies too. White's Rc3-f3 checks Black (f12;
  // not White's target): the e4 and g7 rooks cover every step of Black's
  // king, and his one reply is the block Bh7-f9 (the g6 pawn stops the
  // bishop's way to f5) — which checks Grey's king on a4 along the f9-a4
  // diagonal, where his own pawns and the c5 rook leave him no square: Grey
  // is not Black's target (Pink is), so that block would mate a non-target
  // and is refused. Black then has no reply, and Rc3-f3 would mate him:
  // refused. With Grey's a3 pawn away, Grey steps to a3, the block stands,
  // and Rc3-f3 is legal.
  const std::vector<std::string> caged = {"d1:wK", "c3:wR", "e4:wR", "g7:wR", "c5:wR", "g6:wP",
                                          "a4:gK", "a3:gP", "b3:gP", "b4:gP", "f12:bK", "h7:bB",
                                          "l7:pK"};
  std::vector<std::string> open = caged;
  open.erase(std::find(open.begin(), open.end(), "a3:gP"));
  Game free_grey = game('w', open);
  ASSERT_TRUE(testing::has_move(free_grey.position(), "c3", "f3"));
  EXPECT_TRUE(listed(free_grey.legal_moves(), "c3", "f3")) << "Black blocks on f9";
  Game g = game('w', caged);
  for (int i = 0; i < rules_->seat_count(); ++i) ASSERT_FALSE(g.position().in_check(seat_at(i)));
  {
    // On the board: the block is Black's one move, and it leaves Grey in
    // check without a move.
    Position after = g.position();
    after.make(move(after, "c3", "f3"));
    after.set_to_move(testing::seat_of(*rules_, 'b'));
    MoveList replies;
    after.generate_legal(replies);
    std::string names;
    for (const Move& r : replies) names += rules_->geometry.name(r.from) + "-" + rules_->geometry.name(r.to) + " ";
    ASSERT_EQ(replies.size(), 1U) << names;
    ASSERT_EQ(replies[0], move(after, "h7", "f9"));
    after.make(replies[0]);
    after.set_to_move(testing::seat_of(*rules_, 'g'));
    ASSERT_TRUE(after.in_check(testing::seat_of(*rules_, 'g')));
    ASSERT_FALSE(after.has_legal_move());
  }
  EXPECT_FALSE(listed(g.legal_moves(), "c3", "f3")) << "Black's block would mate Grey";
  EXPECT_NE(g.why_illegal(sq("c3"), sq("f3")).find("target"), std::string::npos)
      << g.why_illegal(sq("c3"), sq("f3"));
  EXPECT_TRUE(listed(g.legal_moves(), "c3", "c4")) << "a move that checks nobody";
}


// The rules question of session 18 (s18-proof): en passant in the mate
// rule's look. 000's en passant is the next mover's only (house rule
// EN_PASSANT_NEXT_MOVER_ONLY), and "Checking a non-target king passes the
// turn to the checked player" — with several in check, the first of them
// in turn order after the mover (corners.turn_to_checked_player). White's
// double step f2-f4 checks both Grey (e5; White's target) and Pink (g5; not
// his target): Grey moves next, and his move closes the entry, so Pink's
// one answer, g4xf3 en passant, is never his to play. The Grey king guards
// f4 and f5 (Pink's king may not take the pawn), the c6 rook f6 and g6, the
// h1 rook the h-file. So f2-f4 would mate Pink, and is refused. With Grey's
// king on e4 instead (guarding f4 and f5, not checked), Pink alone is in
// check, moves next, and takes en passant: f2-f4 is legal.
TEST_F(CornersReply, AnEnPassantReplyCountsOnlyForTheSeatThatMovesNext) {
  const std::vector<std::string> both = {"d1:wK", "f2:wP", "h1:wR", "c6:wR", "e5:gK",
                                         "f12:bK", "g5:pK", "g4:pP"};
  std::vector<std::string> pink_only = both;
  *std::find(pink_only.begin(), pink_only.end(), "e5:gK") = "e4:gK";
  const Seat grey = testing::seat_of(*rules_, 'g');
  const Seat pink = testing::seat_of(*rules_, 'p');
  {
    // Pink alone in check: he moves next, and g4xf3 e.p. is his answer.
    Game g = game('w', pink_only);
    for (int i = 0; i < rules_->seat_count(); ++i) ASSERT_FALSE(g.position().in_check(seat_at(i)));
    ASSERT_TRUE(listed(g.legal_moves(), "f2", "f4")) << "Pink takes en passant";
    g.make(move(g.position(), "f2", "f4"));
    ASSERT_EQ(g.to_move(), pink);
    MoveList replies;
    g.legal_moves(replies);
    ASSERT_EQ(replies.size(), 1U);
    EXPECT_EQ(replies[0].kind, MoveKind::kEnPassant);
    EXPECT_EQ(replies[0].to, sq("f3"));
  }
  Game g = game('w', both);
  for (int i = 0; i < rules_->seat_count(); ++i) ASSERT_FALSE(g.position().in_check(seat_at(i)));
  {
    // On the board: f2-f4 checks Grey and Pink, and Pink's one move is the
    // en passant capture, which any other seat's move closes.
    Position after = g.position();
    after.make(move(after, "f2", "f4"));
    ASSERT_TRUE(after.in_check(grey));
    ASSERT_TRUE(after.in_check(pink));
    after.set_to_move(pink);
    MoveList replies;
    after.generate_legal(replies);
    ASSERT_EQ(replies.size(), 1U);
    ASSERT_EQ(replies[0].kind, MoveKind::kEnPassant);
  }
  EXPECT_FALSE(listed(g.legal_moves(), "f2", "f4")) << "Grey moves first: the entry is closed for Pink";
  EXPECT_NE(g.why_illegal(sq("f2"), sq("f4")).find("target"), std::string::npos)
      << g.why_illegal(sq("f2"), sq("f4"));
  EXPECT_TRUE(listed(g.legal_moves(), "f2", "f3")) << "the single step checks nobody";
}

// Session 19 (issue 30 item 3): a reply's look at the others' kings skips
// a king known not in check before it (`clear`: the look found him out of
// check) when the reply's squares are off his attack reach — never when
// they are on it. White's Rd2-d6 checks Pink (l6; not White's target: Grey
// is) along the 6th rank: the g5 and e7 rooks cover his king's steps, and
// his one reply is the block Bg4-i6 (the f5 pawn stops the bishop's way to
// e6) — which checks Black's king on c12 along the i6-c12 diagonal, where
// his own c11 pawn and the d-file rook leave him no square: Black is not
// Pink's target (White is), so the block would mate a non-target and is
// refused; Rd2-d6 would then mate Pink: refused. Black is out of check
// after Rd2-d6 (the look finds him so), and i6 is on his attack reach.
// With the c11 pawn away Black steps to c11, and Rd2-d6 is legal.
TEST_F(CornersReply, AReplyOnTheReachOfAKingKnownOutOfCheckIsLookedAt) {
  const std::vector<std::string> caged = {"e1:wK", "d2:wR", "g5:wR", "e7:wR", "f5:wP", "a3:gK",
                                          "c12:bK", "c11:bP", "l6:pK", "g4:pB"};
  std::vector<std::string> open = caged;
  open.erase(std::find(open.begin(), open.end(), "c11:bP"));
  const Seat black = testing::seat_of(*rules_, 'b');
  const Seat pink = testing::seat_of(*rules_, 'p');
  Game free_black = game('w', open);
  ASSERT_TRUE(testing::has_move(free_black.position(), "d2", "d6"));
  EXPECT_TRUE(listed(free_black.legal_moves(), "d2", "d6")) << "Pink blocks on i6";
  Game g = game('w', caged);
  for (int i = 0; i < rules_->seat_count(); ++i) ASSERT_FALSE(g.position().in_check(seat_at(i)));
  const Move m = move(g.position(), "d2", "d6");
  {
    // On the board: the block is Pink's one move; it checks Black, who has
    // no move; Black is out of check before it, and i6 on his reach.
    Position after = g.position();
    after.make(m);
    ASSERT_TRUE(after.in_check(pink));
    ASSERT_FALSE(after.in_check(black));
    after.set_to_move(pink);
    std::string names;
    const MoveList replies = moves_of(after, pink, names);
    ASSERT_EQ(replies.size(), 1U) << names;
    ASSERT_EQ(replies[0], move(after, "g4", "i6"));
    ASSERT_TRUE(rules_->tables.attack_reach(sq("c12"))[index_of(sq("i6"))]);
    after.make(replies[0]);
    after.set_to_move(black);
    ASSERT_TRUE(after.in_check(black));
    ASSERT_FALSE(after.has_legal_move());
  }
  // The look itself, every seat asked (Black among those it finds out of
  // check), and the game's list.
  const ModuleFrame frame = g.module_state();
  EXPECT_TRUE(Modules::Corners::mates_non_target(g, m, frame.corner_, 0, Modules::Corners::kEverySeat,
                                                 testing::seat_of(*rules_, 'g')));
  EXPECT_FALSE(listed(g.legal_moves(), "d2", "d6")) << "Pink's block would mate Black";
  EXPECT_NE(g.why_illegal(sq("d2"), sq("d6")).find("target"), std::string::npos)
      << g.why_illegal(sq("d2"), sq("d6"));
}

// Modules::Corners::proof_node keeps each seat's node while all it reads
// holds: two proofs for the same seat on the same board that differ in the
// depth (the mate rule judged at 1, not at 2) or in the first round's turns
// (the edge pawns' truce) each find their own. Pink after White's Rd2-d6
// above: his block Bg4-i6 would mate Black, refused where the mate rule is
// judged. Grey, were it his turn at move 1 (his king on c3 boxed in by the rooks and the
// d1 bishop), his one move b3xc2 an edge pawn's capture of an edge pawn: refused while the truce holds for him (Black and Pink have not
// had their first turn), allowed once every seat had.
TEST_F(CornersReply, TheProofNodeIsFoundAgainWhereWhatItReadsChanged) {
  {
    Position after = game('w', {"e1:wK", "d2:wR", "g5:wR", "e7:wR", "f5:wP", "a3:gK", "c12:bK", "c11:bP",
                                "l6:pK", "g4:pB"})
                         .position();
    after.make(move(after, "d2", "d6"));
    const Game g(rules_, after);
    const Seat pink = testing::seat_of(*rules_, 'p');
    ASSERT_TRUE(g.plays(pink));
    ASSERT_TRUE(g.position().in_check(pink));
    const ModuleFrame frame = g.module_state();
    EXPECT_TRUE(Modules::Corners::corner_reply_exists(g, pink, frame.corner_, 2));
    EXPECT_FALSE(Modules::Corners::corner_reply_exists(g, pink, frame.corner_, 1));
    EXPECT_TRUE(Modules::Corners::corner_reply_exists(g, pink, frame.corner_, 2));
  }
  Game g = game('w', {"e1:wK", "d1:wB", "c2:wP", "a4:wR", "d8:wR", "c3:gK", "b3:gP", "f12:bK", "l7:pK"},
                true);
  const Seat grey = testing::seat_of(*rules_, 'g');
  {
    std::string names;
    const MoveList moves = moves_of(g.position(), grey, names);
    ASSERT_EQ(moves.size(), 1U) << names;
    Position his = g.position();
    his.set_to_move(grey);
    ASSERT_EQ(moves[0], move(his, "b3", "c2"));
  }
  const ModuleFrame frame = g.module_state();
  ASSERT_TRUE(frame.corner_.edge_pawns[index_of(sq("c2"))]);
  ASSERT_TRUE(frame.corner_.edge_pawns[index_of(sq("b3"))]);
  ASSERT_FALSE(frame.corner_.had_turn_of(grey));
  CornerState round_over = frame.corner_;
  for (int i = 0; i < rules_->seat_count(); ++i) round_over.note_turn(seat_at(i));
  EXPECT_FALSE(Modules::Corners::corner_reply_exists(g, grey, frame.corner_, 1));
  EXPECT_TRUE(Modules::Corners::corner_reply_exists(g, grey, round_over, 1));
  EXPECT_FALSE(Modules::Corners::corner_reply_exists(g, grey, frame.corner_, 1));
}

// Modules::Corners::memo_node answers as node_of does, whether its memo
// keeps the node or finds it again: asked at the filter's depth and the
// proofs' (the mate rule judged at 0 and 1, not at 2), then after Grey's
// resignation in the long game (his colour removed, play goes on), which
// changes nothing of White's node but the statuses: White's target moves on
// from Grey to Black. A memo whose key leaves out what node_of reads keeps
// Grey (the key is node_key's; session 19's was restated by hand).
TEST_F(CornersReply, TheNodeMemoFollowsWhatNodeOfReads) {
  const auto rules = testing::shipped("corners-long");
  ASSERT_TRUE(rules);
  Position pos = setup(*rules, 'w', {"g4:wK", "d2:wR", "a8:gK", "c5:gN", "e10:bK", "l7:pK"});
  pos.set_fullmove_number(5);
  Game g(rules, pos);
  const Seat white = testing::seat_of(*rules, 'w');
  const Seat grey = testing::seat_of(*rules, 'g');
  const Seat black = testing::seat_of(*rules, 'b');
  auto agree = [&](const char* when) {
    const ModuleFrame frame = g.module_state();
    for (int depth = 0; depth < kCornerNodeDepths; ++depth) {
      for (int again = 0; again < 2; ++again) {  // found, then kept
        std::uint8_t others = 0xFF;
        const Modules::Corners::Node a = Modules::Corners::memo_node(g, frame.corner_, depth, others);
        const Modules::Corners::Node b = Modules::Corners::node_of(g, frame.corner_, depth, nullptr);
        SCOPED_TRACE(std::string(when) + " depth " + std::to_string(depth) + (again ? " kept" : " found"));
        EXPECT_EQ(a.mover, b.mover);
        EXPECT_EQ(a.king, b.king);
        EXPECT_EQ(a.truce, b.truce);
        EXPECT_EQ(a.must_leave, b.must_leave);
        EXPECT_EQ(a.stay_in_corner, b.stay_in_corner);
        EXPECT_EQ(a.mate_rule, b.mate_rule);
        EXPECT_EQ(a.depth, b.depth);
        EXPECT_EQ(a.target, b.target);
        EXPECT_EQ(others, b.mate_rule ? Modules::Corners::mate_rule_seats(g, b.mover, b.target) : 0);
        EXPECT_EQ(a.mate_rule, depth < 2);
      }
    }
  };
  agree("four seats");
  {
    std::uint8_t others = 0;
    const ModuleFrame frame = g.module_state();
    EXPECT_EQ(Modules::Corners::memo_node(g, frame.corner_, 0, others).target, grey);
  }
  g.resign(grey);
  ASSERT_FALSE(g.plays(grey));
  ASSERT_EQ(g.to_move(), white);
  agree("Grey out");
  std::uint8_t others = 0;
  const ModuleFrame frame = g.module_state();
  EXPECT_EQ(Modules::Corners::memo_node(g, frame.corner_, 0, others).target, black);
  EXPECT_EQ(others, 1U << index_of(testing::seat_of(*rules, 'p')));
}

// ReplyAfter's table is written on its first use, not when made (issue 30
// item 3: a Game built or copied zero-filled its 12 KB): its first slot
// asked is empty however the memory under it was left, and a cache copied
// or assigned from another starts with every slot empty again (the other
// Game's checks are not this one's).
TEST(ReplyAfterTable, ItsFirstSlotAskedIsEmptyOnMemoryLeftDirty) {
  const std::uint32_t key = reply_after_key(Move{static_cast<Square>(12), static_cast<Square>(20)});
  auto memory = std::make_unique<unsigned char[]>(sizeof(CornerLinesCache) + alignof(CornerLinesCache));
  void* place = memory.get();
  std::size_t room = sizeof(CornerLinesCache) + alignof(CornerLinesCache);
  place = std::align(alignof(CornerLinesCache), sizeof(CornerLinesCache), place, room);
  ASSERT_NE(place, nullptr);
  std::fill_n(static_cast<unsigned char*>(place), sizeof(CornerLinesCache), static_cast<unsigned char>(0xAB));
  auto* cache = new (place) CornerLinesCache;
  for (std::size_t seat = 0; seat < kMaxSeats; ++seat) {
    EXPECT_EQ(cache->after_slot(seat, key).after, 0U);
    EXPECT_EQ(cache->after_slot(seat, key).reply.from, kNoSquare);
    EXPECT_EQ(cache->after_slot(seat, key).path.from, kNoSquare);
  }
  cache->after_slot(1, key).after = key;
  EXPECT_EQ(cache->after_slot(1, key).after, key);  // (kept: not set empty at each ask)
  cache->~CornerLinesCache();
}

TEST(ReplyAfterTable, ACopiedOrAssignedCacheStartsEmpty) {
  const std::uint32_t key = reply_after_key(Move{static_cast<Square>(3), static_cast<Square>(40)});
  auto filled = std::make_unique<CornerLinesCache>();
  filled->after_slot(2, key).after = key;
  filled->after_slot(2, key).reply = Move{static_cast<Square>(5), static_cast<Square>(6)};
  const auto copied = std::make_unique<CornerLinesCache>(*filled);
  EXPECT_EQ(copied->after_slot(2, key).after, 0U);
  EXPECT_EQ(filled->after_slot(2, key).after, key);
  *filled = *copied;
  EXPECT_EQ(filled->after_slot(2, key).after, 0U);
  EXPECT_EQ(filled->after_slot(2, key).reply.from, kNoSquare);
}

}  // namespace
}  // namespace tabula::core
