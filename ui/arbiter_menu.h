// ArbiterMenu: the PIN-guarded menu from which the arbiter starts a new
// game, takes moves back, adjudicates, resumes the journal or sets up a
// position. Every item returns an Intent; the menu changes nothing itself.
//
//   state       event                      next        shows
//   kLocked     open()                     kPinEntry   PIN pad popup
//   kPinEntry   PIN accepted               kUnlocked   menu popup
//   kPinEntry   PIN rejected               kPinEntry   "Wrong PIN", entry cleared
//   kPinEntry   Cancel                     kLocked     -
//   kUnlocked   an item                    kUnlocked   "Sent: ..." under the items
//   kUnlocked   Lock                       kLocked     -
//
// Owns its UI state only (PIN entry, form fields). Call draw() every frame
// between ImGui::NewFrame() and ImGui::Render(), on the UI thread (ImGui is
// single-threaded).
#pragma once

#include <imgui.h>

#include <array>
#include <optional>
#include <string>

#include "ui/intent.h"
#include "ui/pin_pad.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

class ArbiterMenu {
 public:
  enum class State { kLocked, kPinEntry, kUnlocked };

  explicit ArbiterMenu(std::string pin);

  State state() const { return state_; }
  // Teaching mode (the legal destinations of a lifted piece), switched here.
  bool teaching() const { return teaching_; }
  /// The header's Arbiter button: asks for the PIN (no-op unless locked).
  void open();

  std::optional<Intent> draw(const KioskView& view, const KioskFonts& fonts, ImVec2 center);

 private:
  void draw_pin_pad(const KioskFonts& fonts);
  std::optional<Intent> draw_items(const KioskView& view, const KioskFonts& fonts);

  PinPad pin_pad_;
  State state_ = State::kLocked;
  bool wrong_pin_ = false;
  int variant_index_ = 0;
  int takeback_plies_ = 1;
  bool teaching_ = true;
  std::array<char, 512> position_{};
  std::array<char, 32> time_control_{};
  std::array<char, 256> players_{};
  std::string last_sent_;
};

}  // namespace tabula::ui
