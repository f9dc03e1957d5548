// Inference benchmarks (issue 5, "Benchmark"), run by hand:
//   build/tests/inference_benchmark
//
// The four-player midgame: chess.com FFA, 60 seeded random plies from the
// start, then 80 more played at the table by generated hands (captures in
// both orders, castling, slides, adjustments, hesitations, fast replies,
// bounce). Only the moves after ply 60 are measured.
//
// SettleToRuling: the time from the settling event (the last reed event of a
// move) to the ruling that accepts it: handling that event, then the tick at
// the deadline that commits the move (the Game plays it and the Tracker
// rebases onto the new position). The wait itself (10 ms for a move committed
// at once, else settle_slide, settle or settle_prefix) is policy, not
// computation, and is not counted; `tabula bench-latency` measures it.
// Reported as counters median_us and p99_us.
//
// EventsPerSecond: every input of the whole 140-ply script (reed events,
// ticks, intents) through a fresh Session; items_per_second counts reed
// events only.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/fen4.h"
#include "session/session.h"
#include "session/trace_generator.h"
#include "variants/variant_loader.h"

namespace {

using namespace tabula;

constexpr int kOpeningPlies = 60;
constexpr int kMeasuredPlies = 80;

struct Midgame {
  std::shared_ptr<const core::RuleSet> rules;
  std::optional<core::Position> start;
  session::Script script;
};

const Midgame& midgame() {
  static const Midgame m = [] {
    Midgame out;
    out.rules = variants::load_id("chesscom-ffa").rules;
    out.start.emplace(core::parse_fen4(*out.rules, out.rules->start_fen).value());
    core::Game g(out.rules, *out.start);
    std::vector<session::Action> actions;
    for (int ply = 0; ply < kOpeningPlies + kMeasuredPlies && !g.outcome().over; ++ply) {
      auto mv = g.random_move(0xC0FFEE + static_cast<std::uint64_t>(ply));
      if (!mv) break;
      actions.push_back({session::Action::Kind::kMove, *mv, g.to_move()});
      g.play(*mv);
    }
    session::GeneratorSettings gs;
    gs.seed = 2026;
    out.script = session::generate_script(out.rules, *out.start, actions, gs).value();
    return out;
  }();
  return m;
}

void BM_SettleToRuling(benchmark::State& state) {
  const Midgame& m = midgame();
  std::vector<double> samples_us;
  std::size_t accepted = 0;
  for (auto _ : state) {
    session::Session s({m.rules}, *m.start);
    std::size_t next_move = 0;
    const auto& inputs = m.script.inputs;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const session::Input& in = inputs[i];
      bool settling =
          next_move < m.script.moves.size() && std::holds_alternative<session::SquareEvent>(in) &&
          session::time_of(in) == m.script.moves[next_move].done &&
          (i + 1 == inputs.size() || session::time_of(inputs[i + 1]) != session::time_of(in));
      if (!settling) {
        benchmark::DoNotOptimize(s.handle(in));
        continue;
      }
      bool measured = static_cast<int>(next_move) >= kOpeningPlies;
      ++next_move;
      auto t0 = std::chrono::steady_clock::now();
      session::Output out = s.handle(in);
      std::optional<session::Millis> d = s.next_deadline();
      // Only a move left to settle on its own (no fast reply before its deadline).
      bool alone = d && (i + 1 == inputs.size() || *d < session::time_of(inputs[i + 1]));
      if (alone) out.append(s.tick(*d));
      auto t1 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(out);
      if (measured && alone && !out.moves.empty()) {
        samples_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        ++accepted;
      }
    }
  }
  std::sort(samples_us.begin(), samples_us.end());
  if (!samples_us.empty()) {
    state.counters["median_us"] = samples_us[samples_us.size() / 2];
    state.counters["p99_us"] =
        samples_us[std::min(samples_us.size() - 1, samples_us.size() * 99 / 100)];
    state.counters["moves"] =
        static_cast<double>(accepted) / static_cast<double>(state.iterations());
  }
}
BENCHMARK(BM_SettleToRuling)->Unit(benchmark::kMillisecond);

void BM_EventsPerSecond(benchmark::State& state) {
  const Midgame& m = midgame();
  std::int64_t events = 0;
  for (const session::Input& in : m.script.inputs)
    events += std::holds_alternative<session::SquareEvent>(in) ? 1 : 0;
  std::size_t moves = 0;
  for (auto _ : state) {
    session::Session s({m.rules}, *m.start);
    for (const session::Input& in : m.script.inputs) benchmark::DoNotOptimize(s.handle(in));
    s.tick(session::time_of(m.script.inputs.back()) + session::Millis{5000});
    moves = s.moves().size();
  }
  state.SetItemsProcessed(state.iterations() * events);
  state.counters["events"] = static_cast<double>(events);
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_EventsPerSecond)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
