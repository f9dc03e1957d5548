// Intent descriptions for logs and tests.
#include "ui/intent.h"

#include <type_traits>

namespace tabula::ui {
namespace {

std::string seat_word(SeatIndex seat) {
  return "seat " + std::to_string(seat.value);
}

}  // namespace

std::string describe(const Intent& intent) {
  return std::visit(
      [](const auto& value) -> std::string {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, SquareClicked>) {
          return "square " + cell_name(value.cell) +
                 (value.modifier == ClickModifier::kSlide ? " slide" : "");
        } else if constexpr (std::is_same_v<T, DialogAnswered>) {
          return "dialog " + std::to_string(value.dialog_id) + " option " +
                 std::to_string(value.option);
        } else if constexpr (std::is_same_v<T, NewGame>) {
          return "new-game " + value.variant_id +
                 (value.time_control.empty() ? "" : " clock " + value.time_control) +
                 (value.players.empty() ? "" : " players " + value.players);
        } else if constexpr (std::is_same_v<T, TakeBack>) {
          return "takeback " + std::to_string(value.plies);
        } else if constexpr (std::is_same_v<T, Adjudicate>) {
          return value.winner ? "adjudicate win " + seat_word(*value.winner) : "adjudicate draw";
        } else if constexpr (std::is_same_v<T, ResumeJournal>) {
          return "resume-journal";
        } else if constexpr (std::is_same_v<T, AskHint>) {
          return "hint";
        } else if constexpr (std::is_same_v<T, SetAdvice>) {
          return std::string("advice hints ") + (value.hints ? "on" : "off") + " blunder-check " +
                 (value.blunder_check ? "on" : "off");
        } else if constexpr (std::is_same_v<T, SetBots>) {
          return "bots " + (value.bots.empty() ? std::string("none") : value.bots);
        } else if constexpr (std::is_same_v<T, SetPosition>) {
          return "set-position " + (value.position.empty() ? "from-board" : value.position);
        } else if constexpr (std::is_same_v<T, ClockCommand>) {
          return value.stop ? "clock stop" : "clock start";
        } else if constexpr (std::is_same_v<T, Resign>) {
          return "resign " + seat_word(value.seat);
        } else if constexpr (std::is_same_v<T, OfferDraw>) {
          return "offer-draw " + seat_word(value.seat);
        } else if constexpr (std::is_same_v<T, ClaimDraw>) {
          return "claim-draw " + seat_word(value.seat);
        } else if constexpr (std::is_same_v<T, SetupDone>) {
          return "setup board " + (value.board_profile.empty() ? std::string("virtual") : value.board_profile) +
                 " variant " + value.variant_id + (value.time_control.empty() ? "" : " clock " + value.time_control) +
                 (value.players.empty() ? "" : " players " + value.players) +
                 (value.bots.empty() ? "" : " bots " + value.bots);
        } else if constexpr (std::is_same_v<T, OpenSetup>) {
          return "open-setup";
        } else {
          static_assert(std::is_same_v<T, FlagFell>);
          return "flag " + seat_word(value.seat);
        }
      },
      intent);
}

}  // namespace tabula::ui
