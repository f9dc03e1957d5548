// Command line of tabula-kiosk, parsed into KioskOptions. Pure: no I/O, so
// every option is unit-tested (tests/ui/kiosk_options_test.cpp).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tabula::ui {

struct KioskOptions {
  std::string demo = "four-player";       // --demo NAME
  std::optional<std::string> screenshot;  // --screenshot FILE
  int frames = 3;                         // --frames N (with --screenshot)
  bool fullscreen = true;                 // --fullscreen / --windowed
  std::optional<int> width;               // --size WxH
  std::optional<int> height;
  std::optional<std::string> variant;       // --variant ID: a real session
  std::optional<std::string> board_socket;  // --board SOCKET
  std::optional<std::string> journal;       // --journal FILE: resume it, or record the game there
  std::optional<std::string> clock;         // --clock TC ("15+10", "5d3", "90")
  std::vector<std::string> players;         // --players "Ann,Bob,..."
  std::string bots;                         // --bots SEAT=LEVEL,... (issue 33; checked against the variant)
  bool hints = false;                       // --hints on|off (teaching; off in rated games)
  bool blunder_check = false;               // --blunder-check on|off
  // Session 30: Stockfish's program for a chess seat "stockfish[:ELO|:skillN]"
  // and for hints in chess (docs/BOTS.md); --stockfish PATH.
  std::string stockfish = "/usr/games/stockfish";
  // s31-fallback: a resumed game's Stockfish seat that fell back stays with
  // Tabula's engine; --stockfish-after-resume again: Stockfish plays it
  // again when it can be run now (docs/BOTS.md).
  bool stockfish_again = false;
  std::optional<std::string> hub;           // --hub BROKER (the arbiter's hub screen)
  // Publishing this board to the hub (docs/HUB.md): --broker ADDRESS with
  // --hub-event E --hub-board B, and optionally --broker-ca, --broker-user,
  // --broker-password-file, --arbiter-key (files).
  std::optional<std::string> broker;
  std::string hub_event;
  std::string hub_board;
  std::string broker_ca;
  std::string broker_user;
  std::string broker_password_file;
  std::string arbiter_key;
  std::string board_key;                    // --board-key F: signs what this board publishes (issue 28)
  std::string pin = "0000";                 // --pin DIGITS
  std::optional<std::string> set_aside;     // --set-aside VARIANT (scripts/run.sh)
  std::optional<std::string> setup_dir;     // --setup DIR: the first-boot setup (ui/first_boot.h)
  std::string profiles_dir;                 // --profiles DIR ("" : default_profiles_dir())
  std::string screen;                       // --screen pin|players|menu|setup (screenshots only)
  float dpi = 133;                          // --dpi N: the panel's pixels per inch (touch targets 9 mm)
  std::string font_dir;                     // --font-dir DIR (empty: the default)
  std::optional<int> orient;                // --orient SEAT
  // The voice (docs/VOICE.md): --voice on|off, --volume 0-100 (unset: the
  // saved setting, else on at 80), --audio-device NAME (aplay -D).
  std::optional<bool> voice;
  std::optional<int> volume;
  std::string audio_device;
  bool help = false;                        // --help
  bool list_demos = false;                  // --list-demos
};

struct ParsedOptions {
  KioskOptions options;
  std::string error;  // empty on success; otherwise one line naming the option
};

/// Parses the arguments after the program name. --screenshot implies
/// --windowed unless --fullscreen is given explicitly.
ParsedOptions parse_kiosk_options(std::span<const char* const> args);

/// The --help text.
std::string kiosk_usage();

}  // namespace tabula::ui
