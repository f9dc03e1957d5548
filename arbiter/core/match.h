// match.h — a game of several stages (sheet 004, Bipartite).
//
// A Match plays its first stage's Game; when that game is won and the
// variant names a next stage, the winner picks one of the stage's options
// (004 stage one rule 7: the power piece), which selects the next stage's
// named start, and play goes on there. Single-stage variants are a Match of
// one stage, so callers can always hold a Match.
//
// State machine:
//   state         | event                        | next
//   --------------+------------------------------+----------------------------
//   kPlaying      | game over, next stage exists | kChoosing (winner chooses)
//   kPlaying      | game over, no next stage     | kFinished
//   kChoosing     | choose(option) valid         | kSetup (table sets stage two)
//   kSetup        | setup_confirmed()            | kPlaying (next stage)
//   kFinished     | -                            | -
// A drawn stage with a next stage goes to kFinished (a drawn game).
//
// The caller (the session) loads every stage's RuleSet, since the core does
// no I/O; `stages` holds them in order. Not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabula::core {

class Match {
 public:
  enum class State : std::uint8_t { kPlaying, kChoosing, kSetup, kFinished };

  // `stages[0]` plays from `start`; later stages from their chosen named start.
  Match(std::vector<std::shared_ptr<const RuleSet>> stages, const Position& start);

  State state() const { return state_; }
  int stage() const { return stage_; }
  Game& game() { return *game_; }
  const Game& game() const { return *game_; }

  // Plays a move in the current stage; moves the machine on when it ends.
  std::vector<Ruling> play(const Move& m);

  // kChoosing: who chooses, and among what.
  Seat chooser() const { return chooser_; }
  std::vector<std::string> options() const;
  // Picks an option; the next stage's start position is then setup().
  std::optional<Error> choose(const std::string& option);
  // kSetup: the position the table must set up (the next stage's start).
  const Position& setup() const { return *next_start_; }
  // The arbiter has checked the board (the session verifies the sensors).
  std::vector<Ruling> setup_confirmed();

 private:
  void after_play(std::vector<Ruling>& out);

  std::vector<std::shared_ptr<const RuleSet>> stages_;
  int stage_ = 0;
  State state_ = State::kPlaying;
  std::optional<Game> game_;
  Seat chooser_ = kNoSeat;
  std::optional<Position> next_start_;
};

}  // namespace tabula::core
