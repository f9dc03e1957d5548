// Time to seat one four-player round (s13: the seat search at 23-31 players
// looks through the rest of the event). Run by hand, figures in docs/BENCH.md:
//   build/bin/tabula_bench --benchmark_filter=SeatRound
// Args: players, rounds played (of 7; random results, a fixed seed); each
// iteration seats the next round. 24 and 30 players: the plans (the search
// through the rest of the event, longest at round 2; at 24 it runs out of
// budget there and the round-by-round choice follows); 100 and 1000: the
// local search (no plan: room enough), unchanged in s13.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "event/event.h"
#include "event/seating.h"

namespace {

void SeatRound(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(static_cast<std::uint32_t>(n));
  tabula::event::Section s;
  s.name = "bench";
  s.variant = "chesscom-ffa";
  s.format = tabula::event::Format::kFourPlayer;
  s.rounds = 7;
  for (int i = 0; i < n; ++i) {
    tabula::event::Player p;
    p.name = "P" + std::to_string(i + 1);
    p.rating = 1200 + static_cast<int>(rng() % 1200);
    s.players.push_back(p);
  }
  std::vector<std::string> boards;
  for (int b = 0; b < n / 4; ++b) boards.push_back("b" + std::to_string(b + 1));
  for (int r = 0; r < static_cast<int>(state.range(1)); ++r) {
    tabula::event::SeatingResult res = tabula::event::seat_next_round(s, boards);
    if (!res.ok()) {
      state.SkipWithError(res.error.c_str());
      return;
    }
    for (tabula::event::Table& t : res.round.tables) {
      t.ranks = {0, 1, 2, 3};
      for (std::size_t i = 3; i > 0; --i) std::swap(t.ranks[i], t.ranks[rng() % (i + 1)]);
    }
    s.played.push_back(res.round);
  }
  for (auto _ : state) {
    tabula::event::SeatingResult res = tabula::event::seat_next_round(s, boards);
    benchmark::DoNotOptimize(res.round.tables.data());
  }
}

}  // namespace

BENCHMARK(SeatRound)
    ->Args({24, 1})
    ->Args({30, 1})
    ->Args({30, 3})
    ->Args({100, 1})
    ->Args({100, 3})
    ->Args({1000, 3})
    ->Unit(benchmark::kMillisecond);
