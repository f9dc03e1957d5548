// search.h — the engine: iterative deepening over the game layer, for every
// variant (issue 32).
//
// Section index: Family, Limits, SearchOptions, SearchResult, Engine.
//
// Families (which seats the search assumes work together):
//  - kTwoSided: alpha-beta on the value of the root seat's side, the sum of
//    its seats' values minus the other side's. Chess, Bipartite (both
//    stages), Chess Four (001) and chess.com Teams: sides may move in any
//    order, a node maximises when one of the root's side moves, else
//    minimises.
//  - kParanoid: the same alpha-beta with the root seat alone against every
//    other seat; the value is the root's own minus the average of the best
//    and the mean of the others.
//  - kMaxN: each seat maximises its own value (max^n, no pruning but the
//    table's move); the root's value is its own minus the others' as above.
//  - kBestReply: best-reply search (Schadd and Winands 2011): the root seat
//    moves, then the single best reply of any one opponent as if he moved
//    next (the others pass), then the root again; alpha-beta on the
//    paranoid value. The opponents' moves out of turn come from
//    GameAdapter::push_turn, so only where that carries the rules
//    (free-for-all without the corner rules); elsewhere it plays paranoid.
//
// Every search: a transposition table (Limits are per call; the table's
// size is an option and bounds the memory), move ordering (the table's
// move, captures by victim then attacker, promotions, two killers per ply, a
// history table), check extension, quiescence on captures and promotions
// and, at its first ply, checks.
//
// Purity: no threads, clocks or I/O. Time arrives as values: the caller
// passes a function that returns the microseconds since the search began,
// and may pass a stop flag that the search polls. A search limited by
// depth or nodes only is deterministic (same game, options and seed: same
// move, value and principal variation). Not thread-safe: one Engine per
// thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/evaluation.h"
#include "engine/game_adapter.h"

namespace tabula::engine {

enum class Family : std::uint8_t { kAuto, kTwoSided, kParanoid, kMaxN, kBestReply };
const char* to_string(Family f);
// kAuto resolved for a variant: two-sided for two seats or fixed teams.
Family family_for(const core::RuleSet& rules);

struct Limits {
  int max_depth = 64;
  std::uint64_t max_nodes = 0;  // 0: none
  // 0: none; needs elapsed_us. The search answers within it: it stops at its
  // first look at the clock past the budget less budget_reserve_us.
  std::int64_t budget_us = 0;
  // Microseconds since the search began (the shell's clock); may be empty.
  std::function<std::int64_t()> elapsed_us;
  const std::atomic<bool>* stop = nullptr;  // polled; true: stop now
};

// What a search keeps back from its budget (session 21): a tenth of it, at
// most 50 ms. The search looks at the clock every 256 nodes, so the look
// that ends it comes up to 256 nodes after the deadline, and then it
// unwinds; and a thread can be taken off the CPU by the scheduler between
// two looks (the kiosk, the voice and the hub share the Raspberry Pi), which
// the search cannot see until it runs again. On the development VM the 256
// nodes took 0.6 ms of CPU (median; 10 ms the worst seen) and the
// preemptions 5-200 ms on its two loaded cores (docs/ENGINE.md "Time").
std::int64_t budget_reserve_us(std::int64_t budget_us);

// A share of a clock for one move: what is left over the moves still to
// play (30 when unknown) plus most of the increment, never more than half
// of what is left.
std::int64_t budget_from_clock(std::int64_t remaining_us, std::int64_t increment_us, int moves_to_go);

struct SearchOptions {
  Family family = Family::kAuto;
  bool quiescence = true;
  int noise_cp = 0;        // a seeded error on each root move's value (levels)
  std::uint64_t seed = 0;  // for the noise
  // The seat whose side the value is for (analysis of a move just played);
  // kNoSeat: the seat to move. Not with kMaxN.
  Seat perspective = core::kNoSeat;
  // The evaluation's opening terms on or off; empty: the variant's switch
  // (a match plays the two against each other: `level:8,opening=off`).
  std::optional<bool> opening_terms;
  // A root move that wins a tie: valued exactly even where it only equals
  // the best so far, and chosen when it does (the blunder check's "better
  // was" names the hint's move when the two are worth the same).
  std::optional<Move> prefer;
};

struct SearchResult {
  std::optional<Move> best;  // none: no legal move (or the game is over)
  int value = 0;             // centipawns for the root seat's side; |value| > kWin/2: won or lost
  std::vector<Move> pv;      // the principal variation, best first
  int depth = 0;             // the last depth completed
  std::uint64_t nodes = 0;
  Family family = Family::kAuto;
};

class Engine {
 public:
  // The transposition table takes about table_mb megabytes (at least one entry).
  explicit Engine(std::size_t table_mb = 16);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  SearchResult search(const core::Game& game, const Limits& limits, const SearchOptions& options = {});
  // Forgets the table (a new game).
  void clear();
  std::size_t table_entries() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tabula::engine
