// hub_runner.h — the hub screen's composition root: the broker connection
// (hub::HubClient), the tournament record, the window and the frame loop.
// `tabula-kiosk --hub BROKER` and `tabula-hub-screen` call run_hub_screen().
#pragma once

#include <optional>
#include <span>
#include <string>

namespace tabula::ui {

struct HubScreenOptions {
  std::string broker;            // --hub / --broker ADDRESS: HOST[:PORT], mqtt[s]://HOST[:PORT]
  std::string event = "club";    // --event NAME
  std::string username;          // --broker-user NAME (the ACL's "arbiter")
  std::string password_file;     // --broker-password-file FILE (first line; never on the command line)
  std::string ca_file;           // --broker-ca FILE (TLS)
  std::string key_file;          // --arbiter-key FILE (signs actions)
  std::string board_keys;        // --board-keys FILE (the boards' public keys, issue 28)
  std::string record;            // --record FILE (tournament record, SQLite); "" none
  bool fullscreen = true;        // --windowed
  int width = 1600;              // --size WxH
  int height = 900;
  std::optional<std::string> screenshot;  // --screenshot FILE: render, write the PNG, exit
  int frames = 30;               // --frames N (with --screenshot; waits for the boards up to N frames)
  std::string font_dir;
  std::optional<std::string> open;  // --open BOARD: that board in full from the first frame (a screenshot's)
};

struct ParsedHubOptions {
  HubScreenOptions options;
  std::string error;  // one line naming the option, "" when fine
  bool help = false;
};
ParsedHubOptions parse_hub_options(std::span<const char* const> args);
std::string hub_usage();

// Runs until the window closes; 0 done, 1 failure, 2 usage or environment.
int run_hub_screen(const HubScreenOptions& options);

}  // namespace tabula::ui
