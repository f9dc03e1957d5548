// Perft speed of the rules core. Report nodes/s with the exact command:
//   build/bin/tabula_bench --benchmark_filter=Perft
#include <benchmark/benchmark.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/perft.h"
#include "variants/variant_loader.h"

namespace {

void run_perft(benchmark::State& state, const std::string& variant, const std::string& fen) {
  auto loaded = tabula::variants::load_id(variant);
  if (!loaded.ok()) {
    state.SkipWithError(loaded.error_text().c_str());
    return;
  }
  const auto& rules = *loaded.rules;
  std::string text = fen.empty() ? rules.start_fen : fen;
  auto pos = rules.four_player_notation ? tabula::core::parse_fen4(rules, text)
                                        : tabula::core::parse_fen(rules, text);
  if (!pos.ok()) {
    state.SkipWithError(pos.error().message.c_str());
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += tabula::core::perft(*pos, static_cast<int>(state.range(0)));
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void PerftChessStart(benchmark::State& state) { run_perft(state, "chess", ""); }
void PerftKiwipete(benchmark::State& state) {
  run_perft(state, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}

// Issue 3: four-player perft from chess.com's 4PC start, depth 4.
void PerftFourPlayer4PC(benchmark::State& state) { run_perft(state, "chesscom-ffa", ""); }

BENCHMARK(PerftFourPlayer4PC)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK(PerftChessStart)->Arg(3)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(PerftKiwipete)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
