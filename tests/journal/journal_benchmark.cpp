// journal_benchmark — what the journal costs (issue 7).
//   BM_JournalWrite: inputs recorded per second (one durable transaction
//     each: the input, one accepted move, one ruling; WAL, synchronous=FULL).
//   BM_AcceptedMoveLatency: the time recording adds to each accepted move
//     (the write that happens before its ruling is shown), over the real
//     outputs of a session playing Scholar's mate from a sensor trace.
//   BM_SessionOnly / BM_SessionJournaled: a whole traced game, without and
//     with the journal; the difference per move is the added latency again.
// Run: build/tests/journal_benchmark (journals go to $TMPDIR).
#include <benchmark/benchmark.h>

#include "core/fen.h"
#include "journal/journal.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using session::Millis;

JournalHeader header() {
  JournalHeader h;
  h.variant = "chess";
  h.start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  return h;
}

session::Session fresh_session() {
  auto rules = testing::rules_of("chess");
  return session::Session({rules}, *core::parse_fen(*rules, rules->start_fen), header().settings());
}

void BM_JournalWrite(benchmark::State& state) {
  testing::ScratchDir dir;
  Journal j;
  if (!Journal::create(dir.file("b.db"), header(), j).ok()) state.SkipWithError("cannot create");
  session::Output out;
  session::AcceptedMove m;
  m.text = "e2-e4";
  out.moves.push_back(m);
  session::Ruling r;
  r.text = "White moved";
  out.rulings.push_back(r);
  long long t = 0;
  for (auto _ : state) {
    JournalStatus s = j.record(session::SquareEvent{Millis{++t}, core::make_square(4, 3), true}, out, t);
    if (!s.ok()) state.SkipWithError(s.message.c_str());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_JournalWrite)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_AcceptedMoveLatency(benchmark::State& state) {
  std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 3);
  session::Session s = fresh_session();
  std::vector<std::pair<session::Input, session::Output>> with_moves;
  for (const session::Input& in : inputs) {
    session::Output o = s.handle(in);
    if (!o.moves.empty()) with_moves.emplace_back(in, o);
  }
  testing::ScratchDir dir;
  Journal j;
  if (with_moves.empty() || !Journal::create(dir.file("b.db"), header(), j).ok()) state.SkipWithError("setup");
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [in, out] = with_moves[i++ % with_moves.size()];
    JournalStatus st = j.record(in, out, 0);
    if (!st.ok()) state.SkipWithError(st.message.c_str());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AcceptedMoveLatency)->Unit(benchmark::kMicrosecond)->UseRealTime();

void run_game(benchmark::State& state, bool journaled) {
  std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 3);
  std::size_t moves = 0;
  int n = 0;
  testing::ScratchDir dir;
  for (auto _ : state) {
    session::Session s = fresh_session();
    Journal j;
    if (journaled && !Journal::create(dir.file("g" + std::to_string(n++) + ".db"), header(), j).ok()) {
      state.SkipWithError("cannot create");
    }
    for (const session::Input& in : inputs) {
      session::Output o = s.handle(in);
      moves += o.moves.size();
      if (journaled) j.record(in, o, 0);
    }
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
void BM_SessionOnly(benchmark::State& state) { run_game(state, false); }
void BM_SessionJournaled(benchmark::State& state) { run_game(state, true); }
BENCHMARK(BM_SessionOnly)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SessionJournaled)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tabula::journal

BENCHMARK_MAIN();
