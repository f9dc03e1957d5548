// corners.h — the state of a corner-square game (sheet 000) that legality
// depends on, beside the Position: the edge pawns of the first round, who has
// had his first turn, and the queens each king's bishops became in his corner
// square.
//
// The Game owns one CornerState and advances it with every move
// (core/corners.cpp). Legality looks ahead with copies of it: whether a
// check leaves a non-target without a legal reply is judged with the state
// as it would be after the move (RULINGS 000: "a move that would checkmate
// any other king is illegal"). A plain value; cheap to copy.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace tabula::core {

struct CornerState {
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves": the edge pawns, where they stand now (they keep the name when
  // they move during the first round).
  SquareSet edge_pawns;
  // Seats (one bit per seat index) that have had their first turn, a move or
  // a pass; what ends the first round (corners.truce_round).
  std::uint8_t had_turn = 0;
  // The queens each seat's bishops became in his corner square, where they
  // stand now; whether his king went in; how many of those queens reverted to
  // bishops in the long game's two-player phase (reverted queens were not
  // captured: "If two Queens are captured").
  std::array<std::vector<Square>, kMaxSeats> queens;
  std::array<bool, kMaxSeats> entered{};
  std::array<std::uint8_t, kMaxSeats> reverted{};

  bool had_turn_of(Seat s) const { return (had_turn >> index_of(s)) & 1U; }
  void note_turn(Seat s) { had_turn = static_cast<std::uint8_t>(had_turn | (1U << index_of(s))); }
};

}  // namespace tabula::core
