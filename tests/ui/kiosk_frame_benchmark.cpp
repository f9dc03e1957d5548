// Frame time of the kiosk on the 14x14 board at 1920x1080, under whatever
// OpenGL the display offers (Mesa llvmpipe under Xvfb). Not a ctest test:
//
//   xvfb-run -a -s "-screen 0 1920x1080x24" env LIBGL_ALWAYS_SOFTWARE=1
//       build/bin/kiosk_frame_benchmark
//
// BM_BuildFrame: ImGui frame built and draw lists finished (CPU only).
// BM_DrawFrame: build plus the GL draw, waited for with glFinish (no swap).
// BM_RenderFrame: the whole frame -- build, GL draw, glFinish, swap.
// The GL benchmarks report wall time and the CPU time of the whole process
// (llvmpipe rasterises on its own threads); on a shared machine the CPU
// figure is the steadier one.
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <memory>

#include "ui/scenes.h"
#include "ui/kiosk_app.h"
#include "ui/platform_glfw.h"
#include "ui/theme.h"

namespace tabula::ui {
namespace {

struct Fixture {
  std::unique_ptr<GlfwPlatform> platform;
  std::unique_ptr<KioskApp> app;
  std::string error;
};

/// One window for the whole run, made on first use.
Fixture& fixture() {
  static Fixture f = [] {
    Fixture made;
    PlatformConfig config;
    config.width = 1920;
    config.height = 1080;
    config.vsync = false;
    GlfwPlatform::Created created = GlfwPlatform::create(config);
    if (!created.platform) {
      made.error = created.status->message + " (run under xvfb-run)";
      return made;
    }
    made.platform = std::move(created.platform);
    const KioskFonts fonts = load_fonts(ImGui::GetIO(), 1080, kDefaultFontDir);
    made.platform->upload_fonts();
    apply_style(fonts.body->FontSize);
    made.app = std::make_unique<KioskApp>(KioskConfig{});
    made.app->set_fonts(fonts);
    return made;
  }();
  return f;
}

void build(Fixture& f, const KioskView& view) {
  f.platform->poll_events();
  f.platform->new_frame({1.0f / 60.0f, true});
  benchmark::DoNotOptimize(f.app->draw(view, 0.35));
}

void BM_BuildFrame(benchmark::State& state, const char* demo) {
  Fixture& f = fixture();
  if (!f.platform) {
    state.SkipWithError(f.error.c_str());
    return;
  }
  const KioskView view = *make_scene(demo);
  for (auto _ : state) {
    build(f, view);
    ImGui::Render();
  }
  state.counters["vertices"] = ImGui::GetDrawData()->TotalVtxCount;
}

void BM_DrawFrame(benchmark::State& state, const char* demo) {
  Fixture& f = fixture();
  if (!f.platform) {
    state.SkipWithError(f.error.c_str());
    return;
  }
  const KioskView view = *make_scene(demo);
  for (auto _ : state) {
    build(f, view);
    f.platform->render();
    f.platform->finish();
  }
}

void BM_RenderFrame(benchmark::State& state, const char* demo) {
  Fixture& f = fixture();
  if (!f.platform) {
    state.SkipWithError(f.error.c_str());
    return;
  }
  const KioskView view = *make_scene(demo);
  for (auto _ : state) {
    build(f, view);
    f.platform->render();
    f.platform->finish();
    f.platform->present();
  }
  state.counters["fps"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_BuildFrame, four_player, "four-player")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BuildFrame, check, "check")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DrawFrame, four_player, "four-player")
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_DrawFrame, check, "check")
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_RenderFrame, four_player, "four-player")
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_RenderFrame, check, "check")
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

}  // namespace
}  // namespace tabula::ui

BENCHMARK_MAIN();
