// first_boot.h — the appliance's first-boot setup (issue 16): the board
// profiles installed and the variants each one fits, and the setup the club
// chose, saved in the state directory.
//
// Files (STATE is $TABULA_STATE, /var/lib/tabula under systemd; the kiosk
// runs as user tabula, which cannot write /etc):
//   STATE/setup.textproto   tabula.setup.Setup (proto/setup.proto), Protobuf text
//   STATE/board.textproto   a copy of the chosen profile, only when one is
//                           chosen; tabula-boardd reads it when
//                           /etc/tabula/board.textproto (the administrator's
//                           profile, which wins) is absent
// Both are written under a temporary name and renamed into place, so a power
// cut leaves the old file or the new one, never half of one.
//
// A saved setup is checked against what is installed: it must parse, name a
// known variant and (unless "" = the virtual board) a profile on offer that
// the variant fits, with a clock the session reads and no more players than
// seats, and board.textproto must be there. Anything else is a problem in
// words naming the file (and line:column for a parse error); the kiosk then
// shows the setup screen again with it, never a crash loop.
//
// No ImGui (the screen is ui/setup_screen.h). Plain functions over files;
// not thread-safe against another writer of the same directory.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ui/intent.h"
#include "ui/view_model.h"

namespace tabula::ui {

/// One board the setup offers.
struct BoardOption {
  std::string id;                     // the profile's id; "" for the virtual board
  std::string title;                  // "14x14 cross", "Virtual board (no sensors)" (board_title)
  std::string description;            // the profile's own description
  std::string geometry;               // "cross-14"; "" for the virtual board
  std::string file;                   // the profile file; "" for the virtual board
  bool administrator = false;         // /etc/tabula/board.textproto
  std::vector<std::string> variants;  // ids of the variants that fit it
};

/// What the setup screen offers: the virtual board first, then each
/// readable profile (only the administrator's when there is one); every
/// variant; the clock presets ("" = none first).
struct SetupChoices {
  std::vector<BoardOption> boards;
  std::vector<VariantChoice> variants;
  std::vector<std::vector<std::string>> seats;  // per variant (same order), its seats' names
  // Per variant (same order): its seats' steps offer Stockfish (orthodox
  // chess, and the kiosk's Stockfish can be run; ui/seat_steps.h).
  std::vector<bool> stockfish;
  std::vector<std::string> clocks;
  std::vector<std::string> problems;  // profiles that could not be offered, and why
  const BoardOption* board(const std::string& id) const;
  std::string variant_name(const std::string& id) const;
  /// The seats' names of a variant ("Red", "Blue", ...); empty when unknown.
  std::vector<std::string> seat_names(const std::string& id) const;
  bool offers_stockfish(const std::string& id) const;
};

/// The words a club player reads for a profile: its description up to the
/// wiring (':') without a parenthesis ("14x14 cross"); the id when there is
/// no description. setup_choices() adds the id when two boards would read the same.
std::string board_title(const std::string& id, const std::string& description);

/// Reads every *.textproto of `profiles_dir` (sorted by file name) with the
/// board daemon's loader, and `admin_profile` if it exists; judges each
/// variant's fit with the kiosk's own check (ui/board_link.h fit_board).
/// `stockfish`: the kiosk's Stockfish program ("": none offered; session 30).
SetupChoices setup_choices(const std::string& profiles_dir, const std::string& admin_profile,
                           const std::string& stockfish = "");

/// Where the installed profiles are: $TABULA_PROFILES_DIR, else the source
/// tree's hardware/profiles when it exists, else the installed
/// <prefix>/share/tabula/profiles.
std::string default_profiles_dir();
/// The administrator's profile: $TABULA_PROFILE, else /etc/tabula/board.textproto.
std::string default_admin_profile();

/// "Ann, Bob" -> {"Ann", "Bob"}; "" -> {} (the players' names as typed, without
/// the spaces around each).
std::vector<std::string> split_players(const std::string& text);


std::string setup_file(const std::string& state_dir);
std::string board_file(const std::string& state_dir);

struct LoadedSetup {
  bool exists = false;             // STATE/setup.textproto is there
  std::optional<SetupDone> setup;  // valid (against `choices`)
  std::string problem;             // why not, naming the file; "" when valid or absent
};
LoadedSetup load_setup(const std::string& state_dir, const SetupChoices& choices);

/// Checks `setup` against `choices` ("" when it is fine): among the rest,
/// every player's name (core::player_name_problem, the one name rule, on the
/// name without the spaces around it; naming the seat and the name
/// made printable) and no name at two seats (compared without the spaces
/// around it).
std::string check_setup(const SetupDone& setup, const SetupChoices& choices);

/// Saves `setup` (checked first) and copies or removes board.textproto;
/// returns "" or what went wrong, naming the file.
std::string save_setup(const std::string& state_dir, const SetupDone& setup,
                       const SetupChoices& choices);

}  // namespace tabula::ui
