// Game's search path allocates nothing (issue 30 item 2): once make()'s
// buffers have grown to the search's depth, a make()/unmake() walk of the
// same tree again takes nothing from the heap (no ruling text, no record
// entry, no checkers list), the makes that end the game included (the
// outcome a code and a kept ranking, no reason words), 003's mates
// (relation changes and removals as codes) and 000's corner entries and
// two-player phase (a fixed set of squares, a fixed array of seats). The heap is watched by this
// file's global operator new, which counts while a walk is watched.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <random>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace {
bool g_watching = false;
long g_allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
  if (g_watching) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
// Every unaligned form is replaced, so that what one form allocates another
// frees (the library's std::get_temporary_buffer asks the nothrow form; with
// it left to AddressSanitizer, the sanitizer pass saw a mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (g_watching) ++g_allocations;
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return ::operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace tabula::core {
namespace {

Result<Position> heap_test_start(const RuleSet& rules) {
  return rules.four_player_notation ? parse_fen4(rules, rules.start_fen) : parse_fen(rules, rules.start_fen);
}

// What a walk met: makes, the heap allocations they made, and how many of
// them ended the game, changed the relations (003: a mate that makes a
// vassal, a removal) or took a seat out of play (000's long game: the mated
// colour is removed and play goes on), so that a test can say it met them.
struct Walked {
  long makes = 0;
  long allocations = 0;
  long ends = 0;
  long relation_changes = 0;
  long leaves = 0;
};

int playing(const Game& g) {
  int n = 0;
  for (int i = 0; i < g.rules().seat_count(); ++i) n += g.plays(seat_at(i)) ? 1 : 0;
  return n;
}

bool same_relations(const Game& a, const Vassalage& before) {
  for (int i = 0; i < a.rules().seat_count(); ++i) {
    const Seat s = seat_at(i);
    if (a.vassalage().ally_of(s) != before.ally_of(s) || a.vassalage().suzerain_of(s) != before.suzerain_of(s))
      return false;
  }
  return true;
}

// Makes every move to `depth` (the game-ending ones too: their outcome is
// a code and a ranking, no words), each list first to last or `reversed`,
// and counts what the makes allocate.
void walk(Game& g, int depth, Walked& w, bool reversed = false) {
  MoveList list;
  g.legal_moves(list);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move m = list[reversed ? list.size() - 1 - i : i];
    const Vassalage relations = g.vassalage();
    const int players = playing(g);
    const long before = g_allocations;
    g.make(m);
    w.allocations += g_allocations - before;
    ++w.makes;
    if (g.outcome().over) ++w.ends;
    if (!same_relations(g, relations)) ++w.relation_changes;
    if (playing(g) < players) ++w.leaves;
    if (!g.outcome().over && depth > 1) walk(g, depth - 1, w, reversed);
    g.unmake();
  }
}

// Walks the tree twice (the first walk grows the buffers) and returns what
// the second, watched one allocated. The first walks each list backwards,
// so that the memories the rules keep between nodes (000's remembered
// replies) differ at the second walk's nodes from what the second walk
// itself leaves there: the looks those memories steer (000's proofs make a
// candidate reply one ply deeper or not) may then go deeper than any of
// the first walk did, and still allocate nothing (Game::make keeps room in
// the Position for the deepest, Module::look_plies). With the lists walked
// the same way both times, a make a look went one ply deeper with
// allocated at corners-mini seed 9 ply 45 (session 24's third remembered
// reply) as long as the room was not kept.
Walked watched_walk(const Game& game, int depth) {
  Game g = game;
  Walked warm;
  walk(g, depth, warm, true);
  Walked w;
  g_watching = true;
  walk(g, depth, w);
  g_watching = false;
  return w;
}

class GameSearchHeap : public ::testing::TestWithParam<std::string> {};

TEST_P(GameSearchHeap, AMadeMoveAllocatesNothingOnceTheBuffersHaveGrown) {
#if defined(TABULA_SANITIZER_PASS)
  GTEST_SKIP() << "the sanitizer owns the heap";
#endif
  auto loaded = variants::load_id(GetParam());
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  auto start = heap_test_start(*loaded.rules);
  ASSERT_TRUE(start.ok());
  long makes = 0;
  long ends = 0;
  long relation_changes = 0;
  long leaves = 0;
  // Random games played to their end; two plies deep from each of the first
  // 30 positions, one ply deep from every later one (the games' ends: mates,
  // draws, the last player standing, 003's relations changing).
  for (int seed = 7; seed < 7 + 3; ++seed) {
    Game game(loaded.rules, *start);
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    for (int ply = 0; ply < 600 && !game.outcome().over; ++ply) {
      // Four seats, one game of three: random movers, walking kings, removals.
      if (ply == 17 && seed == 7 && loaded.rules->seat_count() > 2) game.resign(game.to_move());
      if (game.outcome().over) break;
      const Walked w = watched_walk(game, ply < 30 ? 2 : 1);
      ASSERT_EQ(w.allocations, 0) << GetParam() << " seed " << seed << " ply " << ply;
      makes += w.makes;
      ends += w.ends;
      relation_changes += w.relation_changes;
      leaves += w.leaves;
      MoveList list;
      game.legal_moves(list);
      if (list.empty()) break;
      game.play(list[rng() % list.size()]);
    }
  }
  EXPECT_GT(makes, 100);
  // (003's random games do not end in 600 plies: AlliesAndVassalsMatesAndEnds.)
  EXPECT_GT(ends + relation_changes + leaves, 0)
      << GetParam() << ": no make ended the game, changed the relations or took a seat out";
}

// Sheet 003: a make that mates at the start of the victim's turn (he pays
// and becomes a vassal, or with no tokens his pieces are removed, and a new
// opponent's king is removed with them), and one that ends the game (one
// suzerain rules every remaining player).
TEST(GameSearchHeap, AlliesAndVassalsMatesAndEndsAllocateNothing) {
#if defined(TABULA_SANITIZER_PASS)
  GTEST_SKIP() << "the sanitizer owns the heap";
#endif
  auto rules = testing::shipped("allies-vassals");
  ASSERT_TRUE(rules);
  // Black's king on a4 is mated by White's rooks (a10, b11) once White has
  // moved: with 3 tokens he becomes White's vassal; with none he is removed
  // (and his bishop on k10, no longer Red's friend's, leaves Red's king
  // attacked by a new opponent).
  const std::vector<std::string> mated{"h1:wK", "g14:rK", "n8:uK", "a4:bK", "a10:wR", "b11:wR"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.end(), mated.begin(), mated.end());
    return extra;
  };
  struct Case {
    const char* what;
    std::vector<std::string> pieces;
    std::string out;
    std::array<int, kMaxSeats> tokens;
    bool ends;
  };
  const std::vector<Case> cases{
      {"a vassal is made", with({}), "", {4, 3, 4, 5}, false},
      {"his pieces are removed", with({"k12:bN"}), "", {8, 0, 4, 4}, false},
      {"a new opponent's king is removed", with({"k10:bB"}), "", {4, 4, 4, 4}, false},
      // Black and Red out: Blue, mated on n4 by White's rooks on n10 and
      // m11, becomes White's vassal and White rules every remaining player.
      {"one suzerain is left", {"h1:wK", "n4:uK", "n10:wR", "m11:wR"}, "br", {4, 0, 0, 4}, true},
  };
  for (const Case& c : cases) {
    Position p = testing::setup(*rules, 'w', c.pieces, c.out);
    auto start = parse_fen4(*rules, to_fen4(p, c.tokens));
    ASSERT_TRUE(start.ok()) << c.what << ": " << start.error().message;
    Game game(rules, *start, c.tokens);
    ASSERT_FALSE(game.outcome().over) << c.what;
    const Walked w = watched_walk(game, 2);
    EXPECT_EQ(w.allocations, 0) << c.what;
    EXPECT_GT(w.relation_changes, 0) << c.what;
    if (c.ends) {
      EXPECT_GT(w.ends, 0) << c.what;
    }
  }
}

// Sheet 000, the long game: a make that takes the king into his corner
// square (his bishops become queens, noted in a fixed set of squares), and
// one that mates Grey with two colours left (Grey removed, the two-player
// phase begins, a corner queen on the playing area reverts to a bishop).
TEST(GameSearchHeap, CornerEntryAndTwoPlayerPhaseAllocateNothing) {
#if defined(TABULA_SANITIZER_PASS)
  GTEST_SKIP() << "the sanitizer owns the heap";
#endif
  auto rules = testing::shipped("corners-long");
  ASSERT_TRUE(rules);
  // Pink out; White's king on j2 enters k1 (bishops e5, h2 become queens);
  // Rc3-a3 then mates Grey's king a8 (tests/core/corners_long_test.cpp).
  Position p = testing::setup(*rules, 'w',
                              {"j2:wK", "e5:wB", "h2:wB", "b4:wR", "c3:wR", "a8:gK", "e9:gP", "i12:bK", "j11:bP"}, "p");
  p.set_fullmove_number(5);
  Game game(rules, p);
  const Square j2 = rules->geometry.parse("j2");
  const Square k1 = rules->geometry.parse("k1");
  bool entry = false;
  for (const Move& m : game.legal_moves()) entry = entry || (m.from == j2 && m.to == k1);
  ASSERT_TRUE(entry) << "the walk makes the king's entry";
  const Walked enter = watched_walk(game, 2);
  EXPECT_EQ(enter.allocations, 0) << "a king entering his corner square";
  game.play(testing::move(game.position(), "j2", "k1"));
  game.play(testing::move(game.position(), "e9", "f9"));
  game.play(testing::move(game.position(), "j11", "j10"));
  ASSERT_EQ(game.to_move(), testing::seat_of(*rules, 'w'));
  const Walked mate = watched_walk(game, 2);
  EXPECT_EQ(mate.allocations, 0) << "a mate that leaves two players";
  EXPECT_GT(mate.leaves, 0) << "the walk makes Rc3-a3, Grey's mate";
}

// Every shipped variant, the corner games (000) included: a king's entry
// into his corner square notes its bishops in a fixed set of squares, the
// two-player phase its seats in a fixed array, and their rulings' words are
// written only outside a search.
INSTANTIATE_TEST_SUITE_P(Shipped, GameSearchHeap, ::testing::ValuesIn(variants::list_ids()),
                         [](const auto& test_info) {
                           std::string name;
                           for (char c : test_info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace tabula::core
