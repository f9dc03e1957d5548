// game_perft.h — perft of the game, not only of the position (issue 15
// item 15): the leaf count of the tree of Game::legal_moves(), each move
// played through Game::play. So every rule of the game layer counts: dead
// and mated seats neither move nor give check, the turn skips them, 003's
// relations and duties, 000's corner rules (the truce, the turn to a checked
// player), 001's teams; a finished game is a leaf with no moves.
//
// Position-level perft (core/perft.h) stays the proof of move generation;
// this is the proof that the game layer's legal moves are what it plays.
// It walks the tree with Game::make/unmake on one copy of the Game (issue
// 30). Pure; deterministic; not thread-safe on a shared Game.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"

namespace tabula::core {

std::uint64_t game_perft(const Game& game, int depth);
// Per root move: the move and its subtree's leaf count.
std::vector<std::pair<Move, std::uint64_t>> game_perft_divide(const Game& game, int depth);

}  // namespace tabula::core
