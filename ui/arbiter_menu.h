// ArbiterMenu: the screens over the main one -- the PIN pad, the arbiter's
// menu, the players' screen (resign, offer a draw), the confirmation that
// every action ending or rewriting a game asks for, and the on-screen
// keyboard of the menu's text fields. Every action returns an Intent; the
// menu changes nothing in the game itself.
//
//   state       event                                  next        zone (ui/screen_layout.h)
//   kLocked     open() (header: Arbiter)               kPinEntry   Q, above E
//   kLocked     open_players() (header: Players)       kPlayers    B, Close in E
//   kPinEntry   PIN accepted, for the menu             kUnlocked   B, Lock in E
//   kPinEntry   PIN accepted, for a resignation        kLocked     - (Resign sent: the PIN confirms it)
//   kPinEntry   PIN rejected                           kPinEntry   "Wrong PIN", entry cleared
//   kPinEntry   Cancel                                 kLocked     -
//   kPlayers    Resign... the seat to move             kConfirm    Q, above E
//   kPlayers    Resign... another seat                 kPinEntry   (resigning someone else needs the PIN)
//   kPlayers    Offer a draw                           kLocked     - (OfferDraw sent: the others answer)
//   kPlayers    Close                                  kLocked     -
//   kPlayers    Who plays...                           kWhoPlays   B, Back in E (issue 33 item 1)
//   kWhoPlays   - / + a seat                           kWhoPlays   nothing sent yet
//   kWhoPlays   Change who plays...                    kPinEntry   (SetBots sent once the PIN is right)
//   kWhoPlays   Back                                   kPlayers    nothing sent
//   kUnlocked   new game / take back / adjudicate /    kConfirm    Q, above E
//               resume / set position / setup
//   kUnlocked   clock, teaching, check the board       kUnlocked   "Sent: ..."
//   kUnlocked   a text field                           kKeyboard   the keyboard (whole width)
//   kKeyboard   Done                                   kUnlocked
//   kUnlocked   Lock                                   kLocked     -
//   kConfirm    Yes                                    back        the intent is sent
//   kConfirm    No                                     back        nothing sent
// ("back" is the menu when the confirmation came from it, else kLocked.)
//
// Without a PIN only the seat to move may resign: the kiosk cannot see who
// taps, and at the board it is the player whose turn it is (judgement call,
// docs/kiosk.md). hit_rects() lists the rectangles of this frame's actions,
// so tests can check that consecutive screens never share a spot.
//
// Owns its UI state only (PIN entry, form fields, the pending action). Call
// draw() every frame between ImGui::NewFrame() and ImGui::Render(), on the
// UI thread (ImGui is single-threaded).
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "ui/intent.h"
#include "ui/pin_pad.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"
#include "ui/touch_keyboard.h"
#include "ui/voice_panel.h"
#include "ui/view_model.h"

namespace tabula::ui {

class ArbiterMenu {
 public:
  enum class State { kLocked, kPinEntry, kUnlocked, kPlayers, kConfirm, kKeyboard, kWhoPlays };

  explicit ArbiterMenu(std::string pin);

  State state() const { return state_; }
  // Teaching mode (the legal destinations of a lifted piece), switched here.
  bool teaching() const { return teaching_; }
  /// The header's Arbiter button: asks for the PIN (no-op unless locked).
  void open();
  /// The header's Players button: resign, offer a draw (no-op unless locked).
  void open_players();

  /// The voice's controls (ui/voice_panel.h): the Voice page's settings,
  /// the Players screen's and the keys' queries.
  VoicePanel& voice() { return voice_; }
  const VoicePanel& voice() const { return voice_; }

  /// Offers "Setup..." (the first-boot setup again) on the Game page.
  void offer_setup(bool offered) { setup_offered_ = offered; }

  /// Screenshots only (--screen): "menu", "menu-result", "menu-board",
  /// "menu-voice" (a
  /// page of the menu without its PIN), "confirm" (the menu's draw asked),
  /// "keyboard" (the time control's keyboard).
  void open_for_picture(const std::string& name);
  /// From the Players screen: who plays each seat (issue 33 item 1).
  void open_who_plays();

  std::optional<Intent> draw(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout);

  /// The rectangles of the actions drawn this frame (empty when locked).
  const std::vector<HitRect>& hit_rects() const { return hits_; }
  /// The text of the pending confirmation ("" when none).
  const std::string& confirm_text() const { return confirm_text_; }

 private:
  enum class Page { kGame, kResult, kBoard, kVoice };
  enum class Field { kClock, kPlayers, kPosition };

  bool button(const char* label, ImVec2 size);
  // Session 29: a button whose label is a name (a seat's, the players typed),
  // shown whole even with "##" in it (text_button.h); `id` is not shown.
  bool name_button(const std::string& text, const char* id, ImVec2 size);
  VoicePanel::Widgets widgets(const KioskFonts& fonts);
  void draw_pin_pad(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout,
                    std::optional<Intent>& intent);
  std::optional<Intent> draw_items(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout);
  void draw_players(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout);
  void draw_who_plays(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout);
  std::optional<Intent> draw_confirm(const KioskFonts& fonts, const ScreenLayout& layout);
  void draw_keyboard(const KioskFonts& fonts, const ScreenLayout& layout);
  void ask(Intent intent, std::string text, State back);
  std::string& field(Field f);
  void text_field(const char* id, Field f, const char* hint, float width, float height);

  PinPad pin_pad_;
  State state_ = State::kLocked;
  bool wrong_pin_ = false;
  Page page_ = Page::kGame;
  int variant_index_ = 0;
  bool choose_current_ = true;  // New game offers the game on the board first (issue 27 item 8)
  int takeback_plies_ = 1;
  bool teaching_ = true;
  bool setup_offered_ = false;
  std::string position_;
  std::string time_control_;
  std::string players_;
  Field editing_ = Field::kClock;
  TouchKeyboard keyboard_;
  std::string last_sent_;
  // A resignation waiting for the PIN, or an action waiting for "Yes".
  std::optional<Intent> pending_;
  std::optional<Intent> offer_;  // a draw offer, sent when the frame ends
  std::optional<std::string> bots_draft_;  // the Players screen's who-plays steps, not yet sent
  std::string confirm_text_;
  State back_ = State::kLocked;
  std::vector<HitRect> hits_;
  VoicePanel voice_;
};

}  // namespace tabula::ui
