// event_sim.h — the tests' event driver: registers players, seats every
// round with seat_next_round() and gives every table a random result. The
// checks in the tests count meetings and seats from the rounds themselves,
// not through the code under test's History.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "event/event.h"
#include "event/seating.h"

namespace tabula::event::sim {

inline Section make_section(int players, Format format, int rounds, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Section s;
  s.name = "open";
  s.variant = format == Format::kTwoPlayer ? "chess" : "chesscom-ffa";
  s.format = format;
  s.rounds = rounds;
  for (int i = 0; i < players; ++i) {
    Player p;
    p.name = "P" + std::to_string(i + 1);
    p.rating = 1200 + static_cast<int>(rng() % 1200);
    p.club = "C" + std::to_string(i % 5);
    if (format == Format::kFourPlayerTeams) p.team = "T" + std::to_string(i / 2 + 1);
    s.players.push_back(p);
  }
  return s;
}

inline std::vector<std::string> boards(int n) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back("b" + std::to_string(i));
  return out;
}

// A random finishing order (teams: one team wins, or a draw now and then).
inline void random_results(Section& s, std::mt19937& rng) {
  for (Table& t : s.played.back().tables) {
    const std::size_t n = t.seats.size();
    t.ranks.assign(n, 0);
    if (s.format == Format::kFourPlayerTeams) {
      const int r = static_cast<int>(rng() % 5);  // 0-1 team A, 2-3 team B, 4 a draw
      for (std::size_t i = 0; i < n; ++i) t.ranks[i] = r == 4 ? 0 : ((i % 2 == 0) == (r < 2) ? 0 : 1);
      continue;
    }
    std::vector<int> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
    for (std::size_t i = n - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
    for (std::size_t k = 0; k < n; ++k) t.ranks[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
    if (n == 2 && rng() % 4 == 0) t.ranks = {0, 0};  // a draw
  }
}

// Seats and plays every round; returns the first seating error, if any.
inline std::string play_all(Section& s, int board_count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  for (int r = 0; r < s.rounds; ++r) {
    SeatingResult res = seat_next_round(s, boards(board_count));
    if (!res.ok()) return res.error;
    s.played.push_back(res.round);
    random_results(s, rng);
  }
  return "";
}

}  // namespace tabula::event::sim
