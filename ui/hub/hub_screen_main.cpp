// tabula-hub-screen: the hub screen on its own (tabula-kiosk --hub is the
// same screen). Parses options and calls run_hub_screen().
#include <cstdio>
#include <span>

#include "ui/hub/hub_runner.h"

int main(int argc, char** argv) {
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
