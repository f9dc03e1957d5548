// tabula-hub-screen: the hub screen on its own (tabula-kiosk --hub is the
// same screen). Parses options and calls run_hub_screen().
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "ui/hub/hub_runner.h"
#include "version/version.h"

int main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::printf("tabula-hub-screen %s\n", std::string(tabula::build_version()).c_str());
    return 0;
  }
  const tabula::ui::ParsedHubOptions p =
      tabula::ui::parse_hub_options(std::span<const char* const>(argv + 1, static_cast<std::size_t>(argc - 1)));
  if (p.help) {
    std::printf("%s", tabula::ui::hub_usage().c_str());
    return 0;
  }
  if (!p.error.empty()) {
    std::fprintf(stderr, "tabula-hub-screen: %s\n%s", p.error.c_str(), tabula::ui::hub_usage().c_str());
    return 2;
  }
  return tabula::ui::run_hub_screen(p.options);
}
