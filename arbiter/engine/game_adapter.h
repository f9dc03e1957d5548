// game_adapter.h — the engine's only door into the game layer (core::Game).
//
// Every call the search makes into the rules goes through this class. It
// searches on one copy of the caller's Game with the game layer's search
// API (issue 30 item 2): Game::make/unmake (every rule, no ruling text, no
// record, no heap allocation once the buffers have grown), the caller's
// move list, Game::hash().
//
// Invariants: depth() == number of make() calls not yet unmade; game() is
// the root game with those moves made. Not thread-safe; one adapter per
// search.
#pragma once

#include <cstdint>

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
  // Plays a move from legal_moves() of this position (not checked again:
  // the game layer's make() trusts its own list).
  void make(const Move& m) { game_.make(m); }
  void unmake() { game_.unmake(); }
  int depth() const { return game_.made(); }

  // ---- the game ----
  const core::Game& game() const { return game_; }
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
  // A key of everything the search's value depends on: Game::hash() (the
  // position, statuses, relations, corner state) with the ledger's points.
  std::uint64_t hash() const;
  // Moves played in the game so far (from its start), for the record.
  std::size_t game_length() const { return game().moves().size(); }

 private:
  core::Game game_;
};

}  // namespace tabula::engine
