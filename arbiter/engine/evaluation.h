// evaluation.h — what a position is worth to each seat, for every variant.
//
// The value of a seat (centipawns, higher is better for that seat) adds up:
//  - material: each piece kind's worth (named kinds as in chess; a variant's
//    own kinds from their Betza atoms), counted only while the seat plays;
//  - the ledger: points (002, chess.com: every point of the sheet's scale is
//    worth a pawn, so a capture that scores counts twice, as the sheet's
//    goal and as the material it removes) or tokens (003);
//  - the goal's features: pawn progress toward promotion, central pieces;
//  - the opening's: a pawn of the centre files worth more for each step
//    forward than a rim pawn, a minor piece (worth 400 or less) on its
//    seat's first rank worth less (from the geometry: the seat's frame, the
//    board's width, no variant named; where the variant's data switches
//    them on, RuleSet::evaluation.opening_terms, off in 000's corner games;
//    never in 004 stage one's race);
//    000: the king on his own corner square and, in the two-player phase,
//    pieces on the central area; 004 stage one: the race of the messengers
//    to the far home rows;
//  - an eliminated seat loses kEliminated; a finished game is worth kWin to
//    the winner (and his team), the ranking below him in steps.
// The search combines these per-seat values by the variant's relations
// (search.h). Stateless after construction; thread-compatible.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/rule_set.h"
#include "core/types.h"
#include "engine/game_adapter.h"

namespace tabula::engine {

using SeatValues = std::array<int, core::kMaxSeats>;

inline constexpr int kWin = 1000000;
inline constexpr int kEliminated = 20000;

class Evaluator {
 public:
  // opening_terms: whether the opening terms count; empty: the variant's
  // house switch (RuleSet::evaluation.opening_terms). A match sets it to
  // play the two readings against each other.
  explicit Evaluator(const core::RuleSet& rules, std::optional<bool> opening_terms = std::nullopt);

  // Every seat's value of the game's current state.
  SeatValues evaluate(const GameAdapter& g) const;
  // The worth of a piece kind in centipawns (king: 0).
  int piece_value(core::PieceKind k) const { return value_[static_cast<std::size_t>(index_of(k))]; }

 private:
  SeatValues terminal(const GameAdapter& g) const;

  const core::RuleSet* rules_;
  std::array<int, core::kMaxPieceKinds> value_{};
  // Per seat and square: pawn progress (0 at the far side from promotion)
  // and centrality, precomputed.
  std::array<std::array<std::int8_t, core::kMaxSquares>, core::kMaxSeats> progress_{};
  std::array<std::int8_t, core::kMaxSquares> centre_{};
  // Per seat and square: a pawn's worth there from its file (across the
  // seat's forward direction) and its steps forward; a minor piece's
  // penalty on its seat's first rank (progress 0).
  std::array<std::array<std::int8_t, core::kMaxSquares>, core::kMaxSeats> pawn_centre_{};
  bool race_ = false;  // 004 stage one
  bool opening_ = true;  // the opening terms count (the data's switch; never 004 stage one)
};

}  // namespace tabula::engine
