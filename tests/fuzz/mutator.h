// mutator.h — a seeded mutation runner's mutations (issue 28 item 9): bytes
// from a seed corpus changed the ways that break parsers (flipped bits,
// cut, repeated or spliced pieces, huge and negative numbers, separators).
// Deterministic for a seed, so a failure is reproduced by its seed.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace tabula::fuzz {

class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : rng_(seed) {}
  // One to four mutations of `input`; `others` gives pieces to splice in.
  std::string mutate(const std::string& input, const std::vector<std::string>& others);

 private:
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  void mutate_once(std::string& s, const std::vector<std::string>& others);
  std::mt19937_64 rng_;
};

}  // namespace tabula::fuzz
