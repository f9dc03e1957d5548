// The hall screen's frame (ui/hub/hub_screen.h) with one board opened in
// full: a chesscom-ffa board whose four seats are named and whose stream
// holds the 50 items the hub keeps (HubModel::kRecent), all rulings naming
// seats, so each frame writes 50 rulings with the players beside their
// seats. Headless ImGui (no window, no GPU): the frame is built and its draw
// lists finished, nothing is rasterised. Not a ctest test (docs/BENCH.md,
// session 31):
//
//   build/bin/hub_frame_benchmark                 Google Benchmark, CPU time
//   valgrind --tool=callgrind --toggle-collect='tabula::ui::HubScreen::draw(*'
//       build/bin/hub_frame_benchmark --frames N      instructions of N frames
// (a frame's: N = 201 less N = 1, over 200; the first frame builds the view).
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "hub/codec.h"
#include "hub/hub_model.h"
#include "variants/variant_loader.h"
#include "headless_hub.h"
#include "wire_builders.h"

namespace tabula::ui {
namespace {

struct Hall {
  Hall() : model("club"), hub({1920, 1080}) {
    variants::LoadResult r = variants::load_id("chesscom-ffa");
    if (!r.ok()) {
      std::cerr << "chesscom-ffa does not load\n";
      std::exit(1);
    }
    hub::wire::BoardState st = hub::testing::bare_state("t1");
    st.set_variant("chesscom-ffa");
    st.set_position(r.rules->start_fen);
    st.set_phase(hub::wire::PHASE_PLAY);
    st.set_wall_ms(1);
    st.set_moves(50);
    const char* names[] = {"Red", "Blue", "Yellow", "Green"};
    const char* players[] = {"Ann", "Bob", "Cem", "Dee"};
    for (int i = 0; i < 4; ++i) {
      hub::wire::Seat* s = st.add_seats();
      s->set_name(names[i]);
      s->set_player(players[i]);
      s->set_status(hub::wire::SEAT_STATUS_LIVE);
    }
    std::vector<hub::wire::StreamItem> kept;
    for (int i = 1; i <= 50; ++i) {
      const std::string checked = names[i % 4];
      const std::string by = names[(i + 1) % 4];
      kept.push_back(hub::testing::ruling_item(static_cast<std::uint64_t>(i), "check", "info",
                                               checked + " is in check from " + by + "'s queen on h5; " +
                                                   names[(i + 2) % 4] + " to move"));
    }
    model.restore_stream("t1", kept);
    model.on_message("tabula/club/t1/state", hub::encode(st), 0);
    hub.screen.open("t1");
  }

  void frame() { benchmark::DoNotOptimize(hub.frame(model, {-1, -1}, false)); }

  hub::HubModel model;
  HeadlessHub hub;  // headless_hub.h: the test's own set-up
};

void BM_OpenedBoardFrame(benchmark::State& state) {
  Hall hall;
  hall.frame();  // the board's view built once, as in the hall between states
  for (auto _ : state) hall.frame();
}
BENCHMARK(BM_OpenedBoardFrame)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tabula::ui

int main(int argc, char** argv) {
  // --frames N: N frames and nothing else (for callgrind's instruction counts).
  if (argc == 3 && std::strcmp(argv[1], "--frames") == 0) {
    tabula::ui::Hall hall;
    const int n = std::atoi(argv[2]);
    for (int i = 0; i < n; ++i) hall.frame();
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
