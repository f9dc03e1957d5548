// CheckLines (core/check_lines.h, issue 30 item 3): whether a move leaves
// another seat's king attacked, proved from lines found once per node,
// against the reference path (a full make, then Position's reverse-ray walk
// per piece kind), on positions reached by seeded random play in every
// shipped variant, for every legal move and every other seat.
#include <gtest/gtest.h>

#include <array>
#include <iostream>
#include <string>

#include "core/check_lines.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/module_corners.h"
#include "core/position.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula {
namespace {

using core::CheckLines;
using core::Move;
using core::MoveList;
using core::Position;

struct Tally {
  int yes = 0;
  int no = 0;
  int make = 0;
  int sure = 0;  // seats SeatLines::each_seat said surely checked
};

void compare(const Position& pos, const std::string& where, Tally& tally) {
  MoveList legal;
  pos.generate_legal(legal);
  // SeatLines' one test over the union of the seats' squares says what
  // asking each seat would.
  core::SeatLines all;
  all.clear(pos);
  std::array<CheckLines, core::kMaxSeats> each;
  std::uint8_t added = 0;
  for (int s = 0; s < pos.rules().seat_count(); ++s) {
    if (core::seat_at(s) == pos.to_move()) continue;
    all.add(pos, core::seat_at(s));
    each[static_cast<std::size_t>(s)].build(pos, core::seat_at(s));
    added = static_cast<std::uint8_t>(added | (1U << s));
  }
  // The same seats told to clear() as those added next (000's filter):
  // their kings' squares are left to the lines (a king they prove
  // unattacked no legal move takes), and every move is answered alike.
  core::SeatLines told;
  told.clear(pos, nullptr, added);
  for (int s = 0; s < pos.rules().seat_count(); ++s)
    if ((added >> s) & 1U) told.add(pos, core::seat_at(s));
  for (const Move& m : legal) {
    ASSERT_EQ(told.may_check_seats(pos, m), all.may_check_seats(pos, m)) << where;
    if (told.far(m)) {
      ASSERT_EQ(all.each_seat(pos, m), 0) << where;
    }
  }
  for (const Move& m : legal) {
    std::uint8_t seats = 0;  // the seats whose own lines say the move may check them
    for (int s = 0; s < pos.rules().seat_count(); ++s)
      if (core::seat_at(s) != pos.to_move() && each[static_cast<std::size_t>(s)].after(pos, m) != CheckLines::Answer::kNo)
        seats = static_cast<std::uint8_t>(seats | (1U << s));
    // The union proves what each seat's after() proves, and en passant
    // captures beside (each_seat): a seat it leaves out is not attacked.
    const std::uint8_t union_seats = all.may_check_seats(pos, m);
    if (m.kind != core::MoveKind::kEnPassant) {
      ASSERT_EQ(union_seats, seats) << where;
    }
    ASSERT_EQ(union_seats & ~seats, 0) << where;
    ASSERT_EQ(all.may_check(pos, m), union_seats != 0) << where;
    // The seats each_seat says surely checked (000's filter looks at them
    // no more): among its answer, each one whose own lines say kYes, and
    // in check once the move is made.
    std::uint8_t sure = 0;
    const std::uint8_t split = all.each_seat(pos, m, sure);
    ASSERT_EQ(split, all.each_seat(pos, m)) << where;
    ASSERT_EQ(sure & ~split, 0) << where;
    if (sure != 0) {
      Position after = pos;
      after.make(m);
      for (int s = 0; s < pos.rules().seat_count(); ++s) {
        if (((sure >> s) & 1U) == 0) continue;
        ++tally.sure;
        ASSERT_EQ(each[static_cast<std::size_t>(s)].after(pos, m), CheckLines::Answer::kYes) << where;
        ASSERT_TRUE(after.in_check_reference(core::seat_at(s))) << where << " sure, seat " << s;
      }
    }
    if (union_seats == seats) continue;
    Position after = pos;
    after.make(m);
    for (int s = 0; s < pos.rules().seat_count(); ++s) {
      if (((seats & ~union_seats) >> s) & 1U) {
        ASSERT_FALSE(after.in_check_reference(core::seat_at(s))) << where << " en passant, seat " << s;
      }
    }
  }
  for (int s = 0; s < pos.rules().seat_count(); ++s) {
    core::Seat seat = core::seat_at(s);
    if (seat == pos.to_move()) continue;
    CheckLines lines;
    lines.build(pos, seat);
    EXPECT_EQ(lines.attacked(), pos.in_check_reference(seat)) << where << " seat " << s;
    for (const Move& m : legal) {
      CheckLines::Answer a = lines.after(pos, m);
      if (a == CheckLines::Answer::kMake) {
        ++tally.make;
        continue;
      }
      Position after = pos;
      after.make(m);
      bool attacked = after.in_check_reference(seat);
      ASSERT_EQ(a == CheckLines::Answer::kYes, attacked)
          << where << " seat " << s << " move " << pos.rules().geometry.name(m.from) << "-"
          << pos.rules().geometry.name(m.to);
      ++(attacked ? tally.yes : tally.no);
    }
  }
}

TEST(CheckLines, AnswersAsAMadeMoveDoesInEveryVariant) {
  Tally tally;
  const int games = testing::sanitizer_size(3, 1);  // sanitizer_size.h
  testing::soak_variants(games, 80, 17, 31, [&](const core::Game& game, const std::string& where) {
    compare(game.position(), where, tally);
  });
  if (HasFatalFailure()) return;
  // The soak must reach checks given and refused, or it proves little; and
  // the lines must prove most moves, or they save nothing.
  EXPECT_GT(tally.yes, 200);  // the sanitizer pass's first game of each start: 767
  EXPECT_GT(tally.no, 50 * tally.yes);
  EXPECT_GT(tally.no + tally.yes, 4 * tally.make);
  EXPECT_GT(2 * tally.sure, tally.yes);  // most checks are plain moves' (each_seat's `sure`)
  std::cout << tally.yes << " checks, " << tally.no << " not, " << tally.make << " made to know, " << tally.sure
            << " sure\n";
}

// Hand-made lines the random games rarely reach: a piece that leaves a line
// along it (the rook that steps back behind the queen's square), a
// discovered check, a check given by the moved piece, a capture of the
// checker's blocker.
TEST(CheckLines, DiscoveriesAndMovesAlongTheLineAreNotMissed) {
  auto loaded = variants::load_id("chess");
  ASSERT_TRUE(loaded.ok());
  struct Case {
    const char* fen;
    const char* from;
    const char* to;
    bool check;
    bool proven;  // the lines answer without the move made
    bool behind = false;  // ... by the look behind the moved piece (CheckLines::discovered)
  };
  const Case cases[] = {
      {"k7/8/8/4R3/8/8/8/4K3 w - - 0 1", "e5", "a5", true, true},     // the rook to the king's file
      {"k7/8/8/8/8/8/B7/R3K3 w - - 0 1", "a2", "b3", true, false, true},  // the bishop opens the a-file
      {"k7/8/8/8/8/8/8/1R2K3 w - - 0 1", "b1", "c1", false, true},     // off every line
      {"k7/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4", "f5", false, true},
      {"k7/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5", "c7", true, true},     // a knight's check
      {"k7/8/8/8/8/8/1p6/4K2R b - - 0 1", "b2", "b1", false, false},  // a promotion is made
      // A piece first on a path that ends at its square opens nothing when
      // it leaves (issue 30 item 3, session 16): a knight's square of the
      // king, the last square of the long diagonal.
      {"k7/2B5/8/8/8/8/8/4K3 w - - 0 1", "c7", "d6", false, true},
      {"k7/8/8/8/8/8/8/4K2R w - - 0 1", "h1", "h2", false, true},
      {"k7/8/8/8/8/8/8/4K2R w - - 0 1", "h1", "h8", true, true},  // the rook's own check
      {"k7/8/8/8/8/8/6N1/4K2R w - - 0 1", "g2", "h4", false, false, true},  // a path behind it, no attacker
      // The look behind a piece leaving a line (CheckLines::discovered,
      // session 24): the move lands on the opened line, or takes the piece
      // that would attack along it: made.
      {"k7/8/8/8/8/8/P7/R3K3 w - - 0 1", "a2", "a3", false, false, true},  // the pawn still in front
      {"k7/8/8/8/8/8/N7/R3K3 w - - 0 1", "a2", "c1", true, false, true},  // the knight opens the a-file
      {"k7/8/8/3K4/8/8/6B1/8 w - - 0 1", "d5", "e4", false, false},  // the king steps along the diagonal
      {"k7/8/8/8/8/8/N7/r3K3 w - - 0 1", "a2", "c1", false, false, true},  // a rook of the king's own
      {"k7/8/8/8/8/8/B7/R3K3 w - - 0 1", "a2", "b1", true, false, true},  // the rook behind still attacks
  };
  for (const Case& c : cases) {
    auto pos = core::parse_fen(*loaded.rules, c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error().message;
    const core::Geometry& g = loaded.rules->geometry;
    Move m{g.parse(c.from), g.parse(c.to), core::MoveKind::kNormal, core::kNoKind, 0};
    MoveList legal;
    pos->generate_legal(legal);
    for (const Move& l : legal)
      if (l.from == m.from && l.to == m.to) m = l;
    core::Seat other = pos->to_move() == core::seat_at(0) ? core::seat_at(1) : core::seat_at(0);
    CheckLines lines;
    lines.build(*pos, other);
    CheckLines::Answer a = lines.after(*pos, m);
    std::string what = std::string(c.fen) + " " + c.from + "-" + c.to;
    EXPECT_EQ(a != CheckLines::Answer::kMake, c.proven || c.behind) << what;
    // The union's one test (000's filter's per-move test) proves exactly
    // the moves proven not to check.
    core::SeatLines all;
    all.clear(*pos);
    all.add(*pos, other);
    EXPECT_EQ(all.quiet(*pos, m), c.proven && !c.check) << what;
    if (a != CheckLines::Answer::kMake) {
      EXPECT_EQ(a == CheckLines::Answer::kYes, c.check) << what;
    }
    Position after = *pos;
    after.make(m);
    EXPECT_EQ(after.in_check_reference(other), c.check) << what;
  }
}

// An en passant capture empties two squares. exd6 e.p. below: the pawn d5
// taken was the bishop f3's only blocker on the diagonal to the king a8
// (a discovered check through the victim's square, which the lines must not
// prove away); with the king on h7, none of the three squares on his lines,
// it checks nobody, and the lines prove it without the move made (issue 30
// item 3).
TEST(CheckLines, AnEnPassantCaptureIsJudgedByBothSquaresItEmpties) {
  auto loaded = variants::load_id("chess");
  ASSERT_TRUE(loaded.ok());
  struct Case {
    const char* fen;
    bool check;
  };
  const Case cases[] = {
      {"k7/8/8/3pP3/8/5B2/8/4K3 w - d6 0 2", true},
      {"8/7k/8/3pP3/8/7B/8/4K3 w - d6 0 2", false},
  };
  for (const Case& c : cases) {
    auto pos = core::parse_fen(*loaded.rules, c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error().message;
    const core::Geometry& g = loaded.rules->geometry;
    MoveList legal;
    pos->generate_legal(legal);
    Move m{};
    for (const Move& l : legal)
      if (l.from == g.parse("e5") && l.to == g.parse("d6")) m = l;
    ASSERT_EQ(m.kind, core::MoveKind::kEnPassant) << c.fen;
    const core::Seat black = core::seat_at(1);
    core::SeatLines all;
    all.clear(*pos);
    all.add(*pos, black);
    Position after = *pos;
    after.make(m);
    EXPECT_EQ(after.in_check_reference(black), c.check) << c.fen;
    EXPECT_EQ(all.may_check_seats(*pos, m), c.check ? 1U << core::index_of(black) : 0U) << c.fen;
  }
}

// A king's move changes its two squares only, and is proven like any
// piece's, except the step into his own corner square: 000 short, "When a
// King enters his corner square, both of his Bishops become Queens
// instantly", and the queen e5 then checks Black along the e-file. Board as
// in corners_short_test.cpp (corner square k1 is White's).
TEST(CheckLines, AKingsStepIsProvenUnlessHisBishopsBecomeQueens) {
  auto rules = testing::shipped("corners-short");
  ASSERT_TRUE(rules);
  Position pos = testing::setup(*rules, 'w', {"j2:wK", "e5:wB", "g3:wB", "a6:gK", "e12:bK", "l7:pK"});
  pos.set_fullmove_number(2);
  const core::Seat black = testing::seat_of(*rules, 'b');
  const auto black_bit = static_cast<std::uint8_t>(1U << core::index_of(black));
  CheckLines lines;
  lines.build(pos, black);
  core::SeatLines all;
  all.clear(pos);
  all.add(pos, black);
  const Move enter = testing::move(pos, "j2", "k1");
  const Move step = testing::move(pos, "j2", "i2");
  ASSERT_TRUE(pos.converts(enter));
  ASSERT_FALSE(pos.converts(step));
  EXPECT_NE(lines.after(pos, enter), CheckLines::Answer::kNo) << "the bishop e5 becomes a queen";
  EXPECT_EQ(all.may_check_seats(pos, enter), black_bit);
  EXPECT_EQ(lines.after(pos, step), CheckLines::Answer::kNo) << "proven without the move made";
  EXPECT_EQ(all.may_check_seats(pos, step), 0);
  // The union's one test (SeatLines::quiet, the filter's per-move test)
  // proves the step, never the entry.
  EXPECT_FALSE(all.quiet(pos, enter));
  EXPECT_TRUE(all.quiet(pos, step));
  Position entered = pos;
  entered.make(enter);
  EXPECT_TRUE(entered.in_check_reference(black));
  Position stepped = pos;
  stepped.make(step);
  EXPECT_FALSE(stepped.in_check_reference(black));
}

// 000's filter keeps every move SeatLines::quiet proves at once, without
// asking each seat (core/corners.cpp, Corners::filter_legal; issue 30 item 3): such
// a move must leave every one of the lines' kings unattacked, as a made move
// and Position's reverse-ray walk say, in the corner games and the other
// four-player games the lines could serve. Seeded random games; every legal
// move; lines for every seat but the mover, as the filter builds them for
// the non-targets.
TEST(CheckLines, AMoveTheUnionCallsQuietChecksNoKing) {
  // sanitizer_size.h: the sanitizer pass plays one game of 35 plies a
  // variant (4,492 quiet moves, 315 asked of each seat, 213 checks).
  const int games = testing::sanitizer_size(2, 1);
  const int plies = testing::sanitizer_size(70, 35);
  int quiet = 0;
  int far = 0;
  int asked = 0;
  int checks = 0;
  for (const char* id : {"corners-mini", "corners-short", "corners-long", "chess-four", "chesscom-ffa"}) {
    auto rules = testing::shipped(id);
    ASSERT_TRUE(rules) << id;
    for (int seed = 1; seed <= games; ++seed) {
      core::SeatPoints points{};
      auto start = rules->four_player_notation ? core::parse_fen4(*rules, rules->start_fen, &points)
                                               : core::parse_fen(*rules, rules->start_fen);
      ASSERT_TRUE(start.ok()) << id;
      core::Game g(rules, *start, points);
      for (int ply = 0; ply < plies && !g.outcome().over; ++ply) {
        const Position& pos = g.position();
        core::SeatLines lines;
        lines.clear(pos);
        for (int s = 0; s < rules->seat_count(); ++s)
          if (core::seat_at(s) != pos.to_move()) lines.add(pos, core::seat_at(s));
        MoveList legal;
        pos.generate_legal(legal);
        for (const Move& m : legal) {
          Position after = pos;
          after.make(m);
          std::uint8_t attacked = 0;
          for (int s = 0; s < rules->seat_count(); ++s)
            if (((lines.built() >> s) & 1U) && after.in_check_reference(core::seat_at(s)))
              attacked = static_cast<std::uint8_t>(attacked | (1U << s));
          const std::string at = std::string(id) + " seed " + std::to_string(seed) + " ply " +
                                 std::to_string(ply) + " " + rules->geometry.name(m.from) + "-" +
                                 rules->geometry.name(m.to);
          // far(), the filter's first test (two bits), proves only quiet
          // moves; the filter asks each_seat of the rest, which must say
          // nothing of those quiet() proves (session 23).
          if (lines.far(m)) {
            ++far;
            ASSERT_TRUE(lines.quiet(pos, m)) << at;
          }
          if (lines.quiet(pos, m)) {
            ++quiet;
            ASSERT_EQ(attacked, 0) << at;
            ASSERT_EQ(lines.may_check_seats(pos, m), 0) << at;
            ASSERT_EQ(lines.each_seat(pos, m), 0) << at;
          } else {
            ++asked;
            // What each seat's lines leave open covers every king attacked.
            ASSERT_EQ(attacked & ~lines.each_seat(pos, m), 0) << at;
          }
          if (attacked != 0) ++checks;
        }
        auto m = g.random_move(static_cast<std::uint64_t>(seed) * 7919U + static_cast<std::uint64_t>(ply));
        ASSERT_TRUE(m) << id;
        g.play(*m);
      }
    }
  }
  // The games must give checks, and the one test must prove most moves.
  EXPECT_GT(checks, 10);
  EXPECT_GT(quiet, 4 * asked);
  EXPECT_GT(far, quiet / 2);
  std::cout << quiet << " quiet (" << far << " far), " << asked << " asked each seat, " << checks << " checks\n";
}

}  // namespace
}  // namespace tabula

namespace tabula {
namespace {

// A Game of a shipped corner game from a board set up by hand, past the
// first round (no edge-pawn truce).
core::Game corner_game(const std::shared_ptr<const core::RuleSet>& rules, const std::vector<std::string>& pieces) {
  Position start = testing::setup(*rules, 'w', pieces);
  start.set_fullmove_number(2);
  return core::Game(rules, start);
}

// 000's filter keeps a non-target's lines from the node one move above
// (core/corners.cpp, non_target_lines; issue 30 item 3) when
// CheckLines::still_after says the move changed nothing they read: then the
// kept lines (SeatLines::keep, asked with the new side to move) must
// answer every move of the new position as lines built there do. Positions
// of seeded random corner games; every legal move, every seat that moves at
// neither node.
TEST(CheckLines, LinesKeptAcrossAMoveAnswerAsLinesBuiltAfterIt) {
#if defined(TABULA_SANITIZER_PASS)
  constexpr int kGames = 1, kPlies = 40;  // the sanitizer pass: a smaller soak (4,561 kept, 55 built again)
#else
  constexpr int kGames = 2, kPlies = 60;  // ~0.8 s in the normal pass (11,447 kept, 235 built again)
#endif
  int kept = 0;
  int rebuilt = 0;
  testing::soak_variants(kGames, kPlies, 29, 23, [&](const core::Game& game, const std::string& where) {
    if (!game.rules().corners.enabled) return;
    const Position& pos = game.position();
    MoveList legal;
    pos.generate_legal(legal);
    for (const Move& m : legal) {
      Position after = pos;
      after.make(m);
      MoveList replies;
      after.generate_legal(replies);
      for (int i = 0; i < pos.rules().seat_count(); ++i) {
        const core::Seat s = core::seat_at(i);
        if (s == pos.to_move() || s == after.to_move()) continue;
        core::SeatLines above;
        above.clear(pos);
        above.add(pos, s);
        if (!above.lines(s).still_after(after, m, s)) {
          ++rebuilt;
          continue;
        }
        ++kept;
        core::SeatLines keep;
        keep.clear(after);
        keep.keep(s, above);
        core::SeatLines built;
        built.clear(after);
        built.add(after, s);
        const std::string at = where + " after " + pos.rules().geometry.name(m.from) + "-" +
                               pos.rules().geometry.name(m.to) + ", seat " + std::to_string(i);
        ASSERT_EQ(keep.lines(s).attacked(), built.lines(s).attacked()) << at;
        ASSERT_EQ(keep.lines(s).reached(), built.lines(s).reached()) << at;
        ASSERT_EQ(keep.lines(s).seen(), built.lines(s).seen()) << at;
        for (const Move& r : replies)
          ASSERT_EQ(keep.may_check_seats(after, r), built.may_check_seats(after, r))
              << at << ", reply " << pos.rules().geometry.name(r.from) << "-" << pos.rules().geometry.name(r.to);
      }
    }
  });
  // Both answers must be met often, or the test proves little.
  EXPECT_GT(kept, 100 * kGames * kPlies / 12);
  EXPECT_GT(rebuilt, kGames * kPlies / 2);
  std::cout << kept << " lines kept, " << rebuilt << " built again\n";
}

// The kept lines' guard beside CheckLines::still_after (core/corners.cpp,
// non_target_lines): lines are kept only from the node one move above,
// which the tags say (CornerLines::one_move_above: the Position's ply and
// the game's moves one more, the same edits and eliminations). Here the
// lines handed in as the parent's are stale: built with a knight on h8 that
// is not on the board (as if a square edit or an elimination had taken it
// off since), which CheckLines::still_after cannot see (the move's squares,
// Pink's king and his attackers are the same). With tags that say "one
// move above" they are kept, stale (what the tags must rule out); with any
// other tags they are built afresh, and Green's Re3-e8, which checks Pink
// along the open rank, is seen to. (In the shipped corner games no edit or
// elimination leaves every non-target's attackers as they were, so the
// attackers test catches these too; this is the guard's own test.)
// corners-short, order W G B P: White moved, Green's target is Black, Pink
// is a non-target of both White and Green.
TEST(CheckLines, LinesAreKeptOnlyFromTheNodeOneMoveAbove) {
  auto rules = testing::shipped("corners-short");
  ASSERT_TRUE(rules);
  core::Game g = corner_game(rules, {"g1:wK", "a6:gK", "e3:gR", "f12:bK", "l8:pK"});
  g.play(testing::move(g.position(), "g1", "h1"));
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules, 'g'));
  const core::Seat pink = testing::seat_of(*rules, 'p');
  const core::Seat black = testing::seat_of(*rules, 'b');
  const Move check = testing::move(g.position(), "e3", "e8");
  const auto pink_bit = static_cast<std::uint8_t>(1U << core::index_of(pink));
  // Lines built here, and the stale ones.
  core::CornerLines built;
  core::Modules::Corners::non_target_lines(g, black, nullptr, built);
  ASSERT_TRUE((built.lines.built() >> core::index_of(pink)) & 1U);
  ASSERT_EQ(built.lines.may_check_seats(g.position(), check) & pink_bit, pink_bit);
  const Position stale =
      testing::setup(*rules, 'g', {"h1:wK", "a6:gK", "e3:gR", "f12:bK", "l8:pK", "h8:bN"});
  auto parent_with = [&](int ply, std::size_t moves, std::size_t edits, std::size_t eliminated) {
    core::CornerLines parent;
    parent.lines.clear(stale);
    parent.lines.add(stale, pink);
    parent.ply = ply;
    parent.moves = moves;
    parent.edits = edits;
    parent.eliminated = eliminated;
    return parent;
  };
  const int ply = built.ply;
  const std::size_t moves = built.moves, edits = built.edits, eliminated = built.eliminated;
  {
    const core::CornerLines above = parent_with(ply - 1, moves - 1, edits, eliminated);
    ASSERT_TRUE(above.lines.lines(pink).still_after(g.position(), g.moves().back(), pink));
    core::CornerLines here;
    core::Modules::Corners::non_target_lines(g, black, &above, here);
    EXPECT_EQ(here.lines.may_check_seats(g.position(), check) & pink_bit, 0)
        << "one move above: the lines are kept (here stale, by construction)";
  }
  const struct {
    const char* what;
    core::CornerLines parent;
  } others[] = {
      {"a pass beside the move", parent_with(ply - 2, moves - 1, edits, eliminated)},
      {"no move of the game", parent_with(ply - 1, moves, edits, eliminated)},
      {"a square edited since", parent_with(ply - 1, moves - 1, edits + 1, eliminated)},
      {"a seat eliminated since", parent_with(ply - 1, moves - 1, edits, eliminated + 1)},
  };
  for (const auto& o : others) {
    core::CornerLines here;
    core::Modules::Corners::non_target_lines(g, black, &o.parent, here);
    EXPECT_EQ(here.lines.may_check_seats(g.position(), check) & pink_bit, pink_bit) << o.what;
    EXPECT_EQ(here.lines.lines(pink).reached(), built.lines.lines(pink).reached()) << o.what;
    EXPECT_EQ(here.lines.lines(pink).seen(), built.lines.lines(pink).seen()) << o.what;
  }
}

}  // namespace
}  // namespace tabula

namespace tabula {
namespace {

// 000's filter walks the kings' tries without the squares at the end of
// their paths from which no kind that can stand on the Game's board attacks
// (core/check_lines.h, StandingTries; issue 30 item 3, session 19): in
// corners-mini no knight can stand, so its kings' knight squares are left
// out. The lines must answer every move as lines from the whole tries do
// (and so as a made move: AnswersAsAMadeMoveDoesInEveryVariant), differ
// from them only by such squares, and leave out nothing in a game where
// every kind of the variant stands (corners-short). Seeded random games;
// lines for every seat but the mover, as non_target_lines builds them.
TEST(CheckLines, TheKingsTriesWithoutSquaresNoStandingKindAttacksFromAnswerAsTheWholeTries) {
  const int plies = testing::sanitizer_size(60, 30);
  for (const char* id : {"corners-mini", "corners-short"}) {
    auto rules = testing::shipped(id);
    ASSERT_TRUE(rules) << id;
    const bool mini = std::string(id) == "corners-mini";
    int left_out = 0;  // seat-lines whose reached squares lost a square
    int moves = 0;
    for (int seed = 1; seed <= 2; ++seed) {
      core::SeatPoints points{};
      auto start = core::parse_fen4(*rules, rules->start_fen, &points);
      ASSERT_TRUE(start.ok()) << id;
      core::Game g(rules, *start, points);
      for (int ply = 0; ply < plies && !g.outcome().over; ++ply) {
        const Position& pos = g.position();
        const std::string at = std::string(id) + " seed " + std::to_string(seed) + " ply " + std::to_string(ply);
        core::CornerLines here;
        core::Modules::Corners::non_target_lines(g, core::kNoSeat, nullptr, here);
        core::SeatLines whole;
        whole.clear(pos);
        for (int s = 0; s < rules->seat_count(); ++s)
          if ((here.lines.built() >> s) & 1U) whole.add(pos, core::seat_at(s));
        ASSERT_NE(here.lines.built(), 0) << at;
        for (int s = 0; s < rules->seat_count(); ++s) {
          if (!((here.lines.built() >> s) & 1U)) continue;
          const CheckLines& a = here.lines.lines(core::seat_at(s));
          const CheckLines& b = whole.lines(core::seat_at(s));
          ASSERT_EQ(a.attacked(), b.attacked()) << at << " seat " << s;
          ASSERT_EQ(a.seen(), b.seen()) << at << " seat " << s;
          ASSERT_TRUE((a.reached() & ~b.reached()).none()) << at << " seat " << s;
          const core::SquareSet out = b.reached() & ~a.reached();
          if (out.none()) continue;
          ++left_out;
          // Only squares no piece on the board attacks the king from: the
          // king's knight squares, in a game without knights.
          for (std::size_t q = 0; q < out.size(); ++q) {
            if (!out[q]) continue;
            const core::Piece p = pos.at(static_cast<core::Square>(q));
            ASSERT_TRUE(p.empty() || rules->pieces[static_cast<std::size_t>(core::index_of(p.kind))].name != "knight")
                << at << " seat " << s << " " << rules->geometry.name(static_cast<core::Square>(q));
          }
        }
        MoveList legal;
        pos.generate_legal(legal);
        for (const Move& m : legal) {
          ++moves;
          ASSERT_EQ(here.lines.may_check_seats(pos, m), whole.may_check_seats(pos, m))
              << at << " " << rules->geometry.name(m.from) << "-" << rules->geometry.name(m.to);
        }
        auto m = g.random_move(static_cast<std::uint64_t>(seed) * 7919U + static_cast<std::uint64_t>(ply));
        ASSERT_TRUE(m) << at;
        g.play(*m);
      }
    }
    // corners-mini: no knight, so every king's knight squares go; the
    // short game has knights, and nothing goes.
    if (mini) {
      EXPECT_GT(left_out, plies) << id;
    } else {
      EXPECT_EQ(left_out, 0) << id;
    }
    EXPECT_GT(moves, 10 * plies) << id;
    std::cout << id << ": " << left_out << " lines without some squares, " << moves << " moves compared\n";
  }
}

// The kinds that can stand are the Game's own start's (core/corners.cpp,
// non_target_lines), not the variant's start: corners-mini played from a
// board with a knight keeps the kings' knight squares in the walks, and the
// knight's check Nd4-f5+ on Pink's king h4 (a non-target of White, whose
// target is Grey) is asked of the mate rule.
TEST(CheckLines, AKnightOnTheGamesStartBoardKeepsTheKnightSquares) {
  auto rules = testing::shipped("corners-mini");
  ASSERT_TRUE(rules);
  core::Game g = corner_game(rules, {"e1:wK", "d4:wN", "a5:gK", "d8:bK", "h4:pK"});
  const core::Seat pink = testing::seat_of(*rules, 'p');
  const core::Seat grey = testing::seat_of(*rules, 'g');
  const auto pink_bit = static_cast<std::uint8_t>(1U << core::index_of(pink));
  core::CornerLines here;
  core::Modules::Corners::non_target_lines(g, grey, nullptr, here);
  ASSERT_TRUE((here.lines.built() >> core::index_of(pink)) & 1U);
  const Move check = testing::move(g.position(), "d4", "f5");
  // (Black's too: the knight leaves the d-file below his king d8, a path
  // that goes on behind it.)
  EXPECT_EQ(here.lines.may_check_seats(g.position(), check) & pink_bit, pink_bit);
  EXPECT_TRUE(here.lines.lines(pink).reached()[static_cast<std::size_t>(core::index_of(check.to))]);
  Position after = g.position();
  after.make(check);
  EXPECT_TRUE(after.in_check_reference(pink));
}

}  // namespace
}  // namespace tabula
