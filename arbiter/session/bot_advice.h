// bot_advice.h — hints and the blunder check for teaching (issue 33 item 3).
//
// Section index: Hint, hint_for, BlunderWarning, blunder_check,
// advice_intent.
//
// A hint is the engine's best move for the seat to move, at a teaching
// strength (kHintLevel); the kiosk draws it as an arrow and says it through
// the session (advice_intent -> RulingKind::kAdvice), so the voice speaks the
// same words. The blunder check compares the value of the best move with the
// value of the move played, both for the mover's side at the same depth, and
// when the move lost at least `threshold_cp` says what it left hanging: the
// first capture of the mover's piece in the engine's line ("Blue: that hangs
// your queen to Yellow's bishop"), else how much it lost and the better
// move. Whether hints and checks are allowed is the arbiter's switch (the
// kiosk's teaching option), never this file's. Pure like the engine.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "engine/search.h"
#include "session/bot_player.h"
#include "session/input.h"

namespace tabula::session {

inline constexpr int kHintLevel = 6;        // 40,000 nodes: quick, and sound for a teacher
inline constexpr int kBlunderDepth = 3;     // plies of the blunder check's searches
inline constexpr int kBlunderThresholdCp = 250;

struct Hint {
  core::Seat seat = core::kNoSeat;
  core::Move move;
  std::string text;  // "Hint for Blue: Nb8-c6"
  int value = 0;
};

// nullopt when the game is over, there is no legal move, or the search stopped.
std::optional<Hint> hint_for(engine::Engine& engine, const core::Game& game, const SearchClock& clock,
                             int level = kHintLevel);

struct BlunderWarning {
  core::Seat seat = core::kNoSeat;  // the mover
  int loss_cp = 0;
  core::Move threat;                // the capture that punishes it (none: a general loss)
  core::Move better;                // the move that kept the value
  std::string text;
};

// `before`: the game before `played` (a legal move of before.to_move()).
std::optional<BlunderWarning> blunder_check(engine::Engine& engine, const core::Game& before,
                                            const core::Move& played, const SearchClock& clock,
                                            int threshold_cp = kBlunderThresholdCp);

Intent advice_intent(core::Seat seat, const core::Move& arrow, const std::string& text, Millis now);

}  // namespace tabula::session
