// perft.h — counts the leaf nodes of the legal move tree, the standard proof
// that move generation is right (STYLE rule 20: perft tables per variant).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace tabula::core {

std::uint64_t perft(Position& pos, int depth);
// Per root move: the move and its subtree's leaf count.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace tabula::core
