// game_adapter.h — the engine's only door into the game layer (core::Game).
//
// Every call the search makes into the rules goes through this class. It
// searches on one copy of the caller's Game with the game layer's search
// API (issue 30 item 2): Game::make/unmake (every rule, no ruling text, no
// record, no heap allocation once the buffers have grown), the caller's
// move list, Game::hash().
//
// Best-reply search needs a move by a seat out of turn, which core::Game
// does not make. push_turn(s) gives the turn to seat s by starting a new
// Game from the current position with s to move and the ledger carried
// (Game's constructor: position, statuses, points); pop_turn() returns to
// the game below. Only where that new Game carries every rule state the
// search depends on: free-for-all relations without the corner rules
// (chess.com FFA, Four Kingdoms 002). In 003 (vassalage) and 000 (corner
// state, two-player phase) a fresh Game would forget state the rules keep,
// so out_of_turn_ok() is false there and the search plays paranoid.
//
// Invariants: depth() == number of make() calls not yet unmade on the top
// game; game() is the top game. Not thread-safe; one adapter per search.
#pragma once

#include <cstdint>
#include <memory>
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
  // Plays a move from legal_moves() of this position (not checked again:
  // the game layer's make() trusts its own list).
  void make(const Move& m) { top().make(m); }
  void unmake() { top().unmake(); }
  int depth() const { return top().made(); }
  // ---- a move out of turn (best-reply search) ----
  bool out_of_turn_ok() const;
  // Seat s (still playing) moves next; undone by pop_turn().
  void push_turn(Seat s);
  void pop_turn();

  // ---- the game ----
  const core::Game& game() const { return stack_[top_]; }
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
  core::Game& top() { return stack_[top_]; }
  const core::Game& top() const { return stack_[top_]; }
  std::shared_ptr<const core::RuleSet> rules_;  // not owning: the caller's game keeps it
  std::vector<core::Game> stack_;                // the root copy, then pushed turns
  std::size_t top_ = 0;
};

}  // namespace tabula::engine
