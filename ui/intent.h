// Intents: everything the kiosk asks of the session, as values.
//
// The kiosk never changes game state itself (STYLE.md 18). Each frame it
// returns the intents the people at the table expressed (a square touched, a
// dialog answered, an arbiter command, a flag fall seen by the clock); the
// session decides what they mean and answers with the next KioskView.
// Standard library only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "ui/view_model.h"

namespace tabula::ui {

/// How a square was touched. kSlide: the piece slides over the board instead
/// of being lifted (right click or shift-click on the kiosk).
enum class ClickModifier { kNone, kSlide };

/// A logical square was clicked (a merged square reports its anchor; holes
/// and margins report nothing).
struct SquareClicked {
  Cell cell;
  ClickModifier modifier = ClickModifier::kNone;
  friend bool operator==(const SquareClicked&, const SquareClicked&) = default;
};

/// The answer to KioskView::dialog: `option` indexes DialogView::options.
struct DialogAnswered {
  std::uint32_t dialog_id = 0;
  int option = 0;
  friend bool operator==(const DialogAnswered&, const DialogAnswered&) = default;
};

// Arbiter menu (behind the PIN).
struct NewGame {
  std::string variant_id;
  std::string time_control;  // "" untimed, else as --clock: "15+10", "5d3", "90"
  std::string players;       // "" keeps none, else comma-separated in seat order
  friend bool operator==(const NewGame&, const NewGame&) = default;
};
struct TakeBack {
  int plies = 1;
  friend bool operator==(const TakeBack&, const TakeBack&) = default;
};
/// The arbiter ends the game: a win for `winner`, or a draw when nullopt.
struct Adjudicate {
  std::optional<SeatIndex> winner;
  friend bool operator==(const Adjudicate&, const Adjudicate&) = default;
};
/// Continue the game recorded in the journal (after a power cut).
struct ResumeJournal {
  friend bool operator==(const ResumeJournal&, const ResumeJournal&) = default;
};
/// Set up a position: a FEN / FEN4 string, or "" to adopt the pieces as the
/// sensors see them now.
struct SetPosition {
  std::string position;
  friend bool operator==(const SetPosition&, const SetPosition&) = default;
};

/// The arbiter stops (`stop`) or starts the game clock.
struct ClockCommand {
  bool stop = true;
  friend bool operator==(const ClockCommand&, const ClockCommand&) = default;
};

// Players.
struct Resign {
  SeatIndex seat;
  friend bool operator==(const Resign&, const Resign&) = default;
};
struct OfferDraw {
  SeatIndex seat;
  friend bool operator==(const OfferDraw&, const OfferDraw&) = default;
};
/// The seat to move claims the draw that may be claimed (FIDE 9.2, 9.3).
struct ClaimDraw {
  SeatIndex seat;
  friend bool operator==(const ClaimDraw&, const ClaimDraw&) = default;
};

// The appliance's first-boot setup (ui/first_boot.h, ui/setup_screen.h).
/// The setup screen is done: the board profile ("" the virtual board), the
/// variant, the clock ("" none) and the players (comma-separated).
struct SetupDone {
  std::string board_profile;
  std::string variant_id;
  std::string time_control;
  std::string players;
  std::string bots;  // issue 33: "Blue=3,Green=greedy" as --bots takes it; "" none
  friend bool operator==(const SetupDone&, const SetupDone&) = default;
};
/// The arbiter asks for the setup screen again (behind the PIN).
struct OpenSetup {
  friend bool operator==(const OpenSetup&, const OpenSetup&) = default;
};

/// The kiosk's clock saw `seat`'s time run out (ui/clock.h).
struct FlagFell {
  SeatIndex seat;
  friend bool operator==(const FlagFell&, const FlagFell&) = default;
};

/// Issue 33: the Hint button (the best move for the seat to move).
struct AskHint {
  friend bool operator==(const AskHint&, const AskHint&) = default;
};

/// Issue 33 item 3: the arbiter allows or forbids hints and the blunder
/// check in this game (journaled: a resume keeps them).
struct SetAdvice {
  bool hints = false;
  bool blunder_check = false;
  friend bool operator==(const SetAdvice&, const SetAdvice&) = default;
};

/// Issue 33 item 1: the arbiter changes who plays during the game (the
/// Players screen, behind the PIN): the bot seats as --bots writes them
/// ("Blue=3,Green=greedy"; "" for people only). Journaled: a resume keeps it.
struct SetBots {
  std::string bots;
  friend bool operator==(const SetBots&, const SetBots&) = default;
};

using Intent = std::variant<SquareClicked, DialogAnswered, NewGame, TakeBack, Adjudicate,
                            ResumeJournal, SetPosition, ClockCommand, Resign, OfferDraw, FlagFell,
                            SetupDone, OpenSetup, ClaimDraw, AskHint, SetAdvice, SetBots>;

/// One line for logs and tests: "square e4", "square e4 slide", "dialog 7
/// option 0", "new-game chess", "takeback 2", "adjudicate draw",
/// "adjudicate win seat 1", "resume-journal", "set-position <fen>",
/// "set-position from-board", "resign seat 2", "offer-draw seat 1",
/// "flag seat 3", "clock stop", "clock start", "setup board cross-14-decoder
/// variant chesscom-ffa", "open-setup".
std::string describe(const Intent& intent);

}  // namespace tabula::ui
