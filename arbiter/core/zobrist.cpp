#include "core/zobrist.h"

#include <array>
#include <vector>

namespace tabula::core::zobrist {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr int kPieceKeys = kMaxPieceKinds * kMaxSeats * 2 * kMaxSquares;
constexpr int kCastleKeys = 32;

struct Keys {
  std::vector<std::uint64_t> piece;
  std::array<std::uint64_t, kCastleKeys> castle{};
  std::array<std::uint64_t, kMaxSquares> ep{};
  std::array<std::uint64_t, kMaxSeats> side{};
  Keys() : piece(kPieceKeys) {
    std::uint64_t state = 0x7AB01AULL;
    for (auto& k : piece) k = splitmix64(state);
    for (auto& k : castle) k = splitmix64(state);
    for (auto& k : ep) k = splitmix64(state);
    for (auto& k : side) k = splitmix64(state);
  }
};

const Keys& keys() {
  static const Keys k;
  return k;
}

}  // namespace

std::uint64_t piece(PieceKind k, Seat s, Square q, bool promoted) {
  int i = ((index_of(k) * kMaxSeats + index_of(s)) * 2 + (promoted ? 1 : 0)) * kMaxSquares +
          index_of(q);
  return keys().piece[i];
}
std::uint64_t castling(int rule_index) { return keys().castle[rule_index % kCastleKeys]; }
std::uint64_t en_passant(Square target) { return keys().ep[index_of(target)]; }
std::uint64_t side(Seat s) { return keys().side[index_of(s)]; }

}  // namespace tabula::core::zobrist
