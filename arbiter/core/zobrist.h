// zobrist.h — fixed pseudo-random keys for position hashing.
//
// Keys come from splitmix64 with a fixed seed, so hashes are the same on every
// machine and run (journals and tests may compare them).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace tabula::core::zobrist {

std::uint64_t piece(PieceKind k, Seat s, Square q, bool promoted);
std::uint64_t castling(int rule_index);
std::uint64_t en_passant(Square target);
std::uint64_t side(Seat s);

}  // namespace tabula::core::zobrist
