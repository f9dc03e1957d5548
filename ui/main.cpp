// tabula-kiosk: the screen beside the board. Parses the command line and
// hands over to run_kiosk() (ui/kiosk_loop.h); see --help.
#include <cstdio>
#include <exception>
#include <span>
#include <string>
#include <string_view>

#include "ui/scenes.h"
#include "ui/hub/hub_runner.h"
#include "ui/kiosk_loop.h"
#include "ui/kiosk_options.h"

int main(int argc, char** argv) {
  using namespace tabula::ui;
  // --hub BROKER: the arbiter's hub screen (docs/HUB.md), its own options.
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--hub") {
      const ParsedHubOptions hub = parse_hub_options(
          std::span<const char* const>(argv + 1, static_cast<std::size_t>(argc - 1)));
      if (!hub.error.empty()) {
        std::fprintf(stderr, "tabula-kiosk: %s\n", hub.error.c_str());
        return 2;
      }
      try {
        return run_hub_screen(hub.options);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "tabula-kiosk: %s\n", error.what());
        return 1;
      }
    }
  }
  const ParsedOptions parsed = parse_kiosk_options(
      std::span<const char* const>(argv + 1, static_cast<std::size_t>(argc - 1)));
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "tabula-kiosk: %s\n", parsed.error.c_str());
    return 2;
  }
  if (parsed.options.help) {
    std::fputs(kiosk_usage().c_str(), stdout);
    return 0;
  }
  if (parsed.options.list_demos) {
    for (const SceneInfo& demo : scene_list()) {
      std::printf("%-12s %s\n", std::string(demo.name).c_str(),
                  std::string(demo.description).c_str());
    }
    return 0;
  }
  try {
    return run_kiosk(parsed.options);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "tabula-kiosk: %s\n", error.what());
    return 1;
  }
}
