// tabula-kiosk: the screen beside the board. Parses the command line and
// hands over to run_kiosk() (ui/kiosk_loop.h); see --help.
#include <cstdio>
#include <exception>
#include <iterator>
#include <sstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ui/scenes.h"
#include "ui/hub/hub_runner.h"
#include "ui/kiosk_loop.h"
#include "ui/kiosk_options.h"
#include "version/version.h"

namespace {

// --pictures (the screenshot tests, tests/ui/screenshot_test.sh): one picture
// per line of standard input, each line the arguments of one run (split at
// blanks), rendered one after the other in this process: a new process per
// picture cost ~0.8 s of CPU in its start alone (docs/BENCH.md, session 12).
// Returns the first failing run's status, after trying every line.
int render_pictures() {
  using namespace tabula::ui;
  int status = 0;
  std::string line;
  for (int c = std::getchar();; c = std::getchar()) {
    if (c != '\n' && c != EOF) {
      line.push_back(static_cast<char>(c));
      continue;
    }
    std::istringstream words(line);
    std::vector<std::string> args{std::istream_iterator<std::string>(words), {}};
    line.clear();
    if (!args.empty()) {
      std::vector<const char*> argv;
      for (const std::string& a : args) argv.push_back(a.c_str());
      const ParsedOptions parsed = parse_kiosk_options(argv);
      int result = 2;
      if (!parsed.error.empty()) {
        std::fprintf(stderr, "tabula-kiosk: --pictures: %s\n", parsed.error.c_str());
      } else if (!parsed.options.screenshot) {
        std::fprintf(stderr, "tabula-kiosk: --pictures: a line without --screenshot FILE\n");
      } else {
        try {
          result = run_kiosk(parsed.options);
        } catch (const std::exception& error) {
          std::fprintf(stderr, "tabula-kiosk: %s\n", error.what());
          result = 1;
        }
      }
      if (status == 0) status = result;
    }
    if (c == EOF) return status;
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tabula::ui;
  if (argc == 2 && std::string_view(argv[1]) == "--pictures") return render_pictures();
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::printf("tabula-kiosk %s\n", std::string(tabula::build_version()).c_str());
    return 0;
  }
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
