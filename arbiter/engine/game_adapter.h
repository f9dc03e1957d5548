// game_adapter.h — the engine's only door into the game layer (core::Game).
//
// Every call the search makes into the rules goes through this class, so
// that the game layer's search-friendly API (make/unmake without heap
// allocation or ruling text, issue 30) replaces today's one in this file
// pair alone. Today it keeps a stack of Game copies: make() copies the
// current game into the next slot (reusing that slot's buffers) and plays
// the move there; unmake() pops the slot.
//
// Invariants: depth() == number of make() calls not yet unmade; game() is
// the top of the stack. Not thread-safe; one adapter per search.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"

namespace tabula::engine {

using core::Move;
using core::MoveList;
using core::Seat;

class GameAdapter {
 public:
  explicit GameAdapter(const core::Game& root);

  // ---- moves ----
  void legal_moves(MoveList& out) const;
  // Plays a legal move (from legal_moves). False (nothing changed) if the
  // game layer refused it.
  bool make(const Move& m);
  void unmake();
  int depth() const { return top_; }

  // ---- the game ----
  const core::Game& game() const { return stack_[static_cast<std::size_t>(top_)]; }
  const core::Position& position() const { return game().position(); }
  const core::RuleSet& rules() const { return game().rules(); }
  int seat_count() const { return rules().seat_count(); }
  Seat to_move() const { return game().to_move(); }
  bool plays(Seat s) const { return game().plays(s); }
  int points(Seat s) const { return game().points(s); }
  bool over() const { return game().outcome().over; }
  bool drawn() const { return game().outcome().draw; }
  const std::vector<Seat>& ranking() const { return game().outcome().ranking; }
  bool teammates(Seat a, Seat b) const { return game().teammates(a, b); }
  // 003: friends now (allies, suzerain and vassal blocs).
  bool friends(Seat a, Seat b) const;
  bool in_check(Seat s) const { return position().in_check(s); }
  // Whether the move (of the side to move) leaves an opponent's king attacked.
  bool gives_check(const Move& m) const;
  // The piece a move captures (kEmpty if none), before it is made.
  core::Piece captured_by(const Move& m) const;
  // A key of everything the search's value depends on: the position, the
  // ledger and who still plays.
  std::uint64_t hash() const;
  // Moves played in the game so far (from its start), for the record.
  std::size_t game_length() const { return game().moves().size(); }

 private:
  std::vector<core::Game> stack_;
  int top_ = 0;
};

}  // namespace tabula::engine
