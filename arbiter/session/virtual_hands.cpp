#include "session/virtual_hands.h"

#include "inference/physical_board.h"

namespace tabula::session {

std::vector<SquareEvent> hand_events(const core::Game& before, const core::Move& m, Millis at) {
  core::Game after = before;
  after.play(m);
  const core::Position& a = before.position();
  const core::Position& b = after.position();
  const core::SquareSet was = inference::occupancy_of(a);
  const core::SquareSet now = inference::occupancy_of(b);
  std::vector<SquareEvent> out;
  auto step = [&](core::Square q, bool down) {
    out.push_back(SquareEvent{at, q, down});
    at += kHandStep;
  };
  // A victim standing where the mover lands is lifted first.
  if (was.test(static_cast<std::size_t>(core::index_of(m.to))) && m.to != m.from) step(m.to, false);
  // Then the mover, then every other square the move empties (castling's
  // rook, en passant's pawn).
  if (was.test(static_cast<std::size_t>(core::index_of(m.from)))) step(m.from, false);
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const auto q = static_cast<core::Square>(i);
    if (q == m.from || q == m.to) continue;
    if (was.test(static_cast<std::size_t>(i)) && !now.test(static_cast<std::size_t>(i))) step(q, false);
  }
  // Set down: the destination first, then the others (castling's rook).
  if (now.test(static_cast<std::size_t>(core::index_of(m.to)))) step(m.to, true);
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const auto q = static_cast<core::Square>(i);
    if (q == m.to) continue;
    if (now.test(static_cast<std::size_t>(i)) && !was.test(static_cast<std::size_t>(i))) step(q, true);
  }
  return out;
}

}  // namespace tabula::session
