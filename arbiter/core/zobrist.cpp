#include "core/zobrist.h"

namespace tabula::core::zobrist {
namespace {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The same sequence, in the same order, as the keys have always been drawn:
// pieces, castling, en passant, side (hashes recorded in journals stay valid).
constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x7AB01AULL;
  for (auto& k : keys.piece) k = splitmix64(state);
  for (auto& k : keys.castle) k = splitmix64(state);
  for (auto& k : keys.ep) k = splitmix64(state);
  for (auto& k : keys.side) k = splitmix64(state);
  return keys;
}

}  // namespace

constinit const Keys kKeys = make_keys();

}  // namespace tabula::core::zobrist
