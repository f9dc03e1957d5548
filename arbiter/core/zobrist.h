// zobrist.h — fixed pseudo-random keys for position hashing.
//
// Keys come from splitmix64 with a fixed seed, so hashes are the same on every
// machine and run (journals and tests may compare them). The table is built at
// compile time (constinit in zobrist.cpp), so a look-up is one load: make()
// reads it several times per move (issue 20: a function-static guard here was
// 6% of perft).
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace tabula::core::zobrist {

inline constexpr int kPieceKeys = kMaxPieceKinds * kMaxSeats * 2 * kMaxSquares;
inline constexpr int kCastleKeys = 32;

struct Keys {
  std::array<std::uint64_t, kPieceKeys> piece{};
  std::array<std::uint64_t, kCastleKeys> castle{};
  std::array<std::uint64_t, kMaxSquares> ep{};
  std::array<std::uint64_t, kMaxSeats> side{};
};
extern const Keys kKeys;

inline std::uint64_t piece(PieceKind k, Seat s, Square q, bool promoted) {
  int i = ((index_of(k) * kMaxSeats + index_of(s)) * 2 + (promoted ? 1 : 0)) * kMaxSquares +
          index_of(q);
  return kKeys.piece[i];
}
inline std::uint64_t castling(int rule_index) { return kKeys.castle[rule_index % kCastleKeys]; }
inline std::uint64_t en_passant(Square target) { return kKeys.ep[index_of(target)]; }
inline std::uint64_t side(Seat s) { return kKeys.side[index_of(s)]; }

// splitmix64's finaliser: spreads a small value over 64 bits (the game
// layer's key: Game::hash and the modules' state_key).
inline constexpr std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace tabula::core::zobrist
