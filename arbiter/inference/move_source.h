// move_source.h — what the Tracker asks of the rules.
//
// The Tracker knows occupancy and timing, not rules (ARCHITECTURE-SKETCH):
// it asks a MoveSource for the committed game and for the moves the table may
// make in a game (normally every legal move). The session narrows them, e.g.
// to the one random move it asked the table to play (002 rule 7); tests widen
// them, e.g. with 003's stalemate placements before a variant ships them.
//
// A MoveSource only reads; it must stay valid while the Tracker call that
// received it runs. Not thread-safe.
#pragma once

#include <string>

#include "core/game.h"

namespace tabula::inference {

class MoveSource {
 public:
  virtual ~MoveSource() = default;
  // The committed game: the position the board should show between moves.
  virtual const core::Game& game() const = 0;
  // The moves the table may make in `g` (the committed game, or a copy of it
  // one move further, when a fast reply is checked).
  virtual core::MoveList moves(const core::Game& g) const { return g.legal_moves(); }
  // Why the piece on `from` may not go to `to` in `g`, worded for the table.
  virtual std::string why_not(const core::Game& g, core::Square from, core::Square to) const {
    return g.why_illegal(from, to);
  }
};

// Every legal move of a game the caller owns.
class GameMoves : public MoveSource {
 public:
  explicit GameMoves(const core::Game& game) : game_(&game) {}
  const core::Game& game() const override { return *game_; }

 private:
  const core::Game* game_;
};

}  // namespace tabula::inference
