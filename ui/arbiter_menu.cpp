// The screens over the main one (state table and zones in the header).
// Section index:
//   [helpers]  windows placed in a zone, touch buttons that record their spot
//   [pin]      the PIN pad
//   [menu]     the arbiter's menu: pages Game, Result, Board, Voice; Lock
//   [players]  resign, offer a draw
//   [confirm]  "Yes" / "No" for what ends or rewrites a game
//   [keyboard] the on-screen keyboard of a text field
//   [draw]     one frame
#include "ui/arbiter_menu.h"
#include "ui/seat_steps.h"
#include "ui/text_button.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tabula::ui {
namespace {

// ---------------------------------------------------------------- [helpers]

constexpr const char* kOverlay = "##overlay";

ImGuiWindowFlags zone_flags() {
  return ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
         ImGuiWindowFlags_NoScrollWithMouse;
}

void place(const PixelRect& zone) {
  ImGui::SetNextWindowPos({zone.x0, zone.y0}, ImGuiCond_Always);
  ImGui::SetNextWindowSize({zone.width(), zone.height()}, ImGuiCond_Always);
}

void heading(const KioskFonts& fonts, const char* text) {
  ImGui::PushFont(fonts.small);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextMuted);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

constexpr const char* kAdjudicateDraw = "Adjudicate a draw? This ends the game.";

PixelRect above_exit(const ScreenLayout& layout) {
  return {layout.quiet.x0, layout.quiet.y0, layout.quiet.x1, layout.exit.y0};
}

}  // namespace

ArbiterMenu::ArbiterMenu(std::string pin) : pin_pad_(std::move(pin)) {}

void ArbiterMenu::open() {
  if (state_ != State::kLocked) return;
  state_ = State::kPinEntry;
  pending_.reset();
  wrong_pin_ = false;
  pin_pad_.clear();
  // Always the Result page first (issue 27 items 4 and 8: it reopened on the
  // last page, and the arbiter's draw took 9 taps; now Arbiter, the PIN,
  // Draw..., Yes).
  page_ = Page::kResult;
  choose_current_ = true;
}

void ArbiterMenu::open_players() {
  if (state_ != State::kLocked) return;
  state_ = State::kPlayers;
  bots_draft_.reset();  // taken from the game at the first frame
}

void ArbiterMenu::open_who_plays() {
  if (state_ != State::kPlayers) return;
  bots_draft_.reset();  // taken from the game at its first frame
  state_ = State::kWhoPlays;
}

void ArbiterMenu::open_for_picture(const std::string& name) {
  state_ = State::kUnlocked;
  page_ = name == "menu-result" ? Page::kResult : name == "menu-board" ? Page::kBoard : Page::kGame;
  if (name == "menu-voice") page_ = Page::kVoice;
  if (name == "confirm") ask(Adjudicate{std::nullopt}, kAdjudicateDraw, State::kUnlocked);
  if (name == "keyboard") {
    editing_ = Field::kClock;
    state_ = State::kKeyboard;
  }
}

bool ArbiterMenu::button(const char* label, ImVec2 size) {
  const bool pressed = ImGui::Button(label, size);
  hits_.push_back({visible_item_rect(), visible_label(label)});
  return pressed;
}

bool ArbiterMenu::name_button(const std::string& text, const char* id, ImVec2 size) {
  const bool pressed = text_button(text, id, size);
  hits_.push_back({visible_item_rect(), text});
  return pressed;
}

VoicePanel::Widgets ArbiterMenu::widgets(const KioskFonts& fonts) {
  return {[this](const char* label, ImVec2 size) { return button(label, size); },
          [&fonts](const char* text) { heading(fonts, text); }};
}

void ArbiterMenu::ask(Intent intent, std::string text, State back) {
  pending_ = std::move(intent);
  confirm_text_ = std::move(text);
  back_ = back;
  state_ = State::kConfirm;
}

// -------------------------------------------------------------------- [pin]

void ArbiterMenu::draw_pin_pad(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout,
                               std::optional<Intent>& intent) {
  const PixelRect zone = above_exit(layout);
  const float gap = std::max(4.0f, std::round(layout.touch * 0.12f));
  const float pad = ImGui::GetStyle().WindowPadding.x;
  const float title_h = fonts.bold->FontSize * 1.3f + fonts.small->FontSize * 1.3f;
  const float dots_h = fonts.body->FontSize * 1.4f;
  const float room_h = zone.height() - 2 * pad - title_h - dots_h;
  const float room_w = zone.width() - 2 * pad;
  // The phone's pad (1 2 3 / 4 5 6 / 7 8 9 / 0, erase, clear and cancel in
  // a fifth column) where four rows of 9 mm keys fit; else two rows of five
  // digits with erase and clear, and cancel beside them (issue 27 item 1: at
  // 720x1280 and 210 px/in the phone's pad lost its last rows, 0 and Cancel).
  const bool phone = room_h >= 4 * layout.touch + 3 * gap;
  const int rows = phone ? 4 : 2;
  const float key_h = std::max(layout.touch, std::min(layout.touch * 1.4f, (room_h - (rows - 1) * gap) / rows));
  const float key_w = phone ? std::max(layout.touch, std::min(key_h * 1.3f, (room_w - 3 * gap) / 4.6f))
                            : std::max(layout.touch, std::min(key_h * 1.2f, (room_w - 6 * gap) / 7.0f));
  const float side_w = phone ? std::max(layout.touch, room_w - 3 * key_w - 3 * gap)
                             : std::max(layout.touch, (room_w - 5 * key_w - 6 * gap) / 2);

  ImGui::PushFont(fonts.bold);
  const Resign* resign = pending_ ? std::get_if<Resign>(&*pending_) : nullptr;
  const SeatView* seat = resign ? view.seat(resign->seat) : nullptr;
  const bool bots = pending_ && std::holds_alternative<SetBots>(*pending_);
  ImGui::TextUnformatted(seat   ? ("Arbiter PIN: " + seat->name + " resigns").c_str()
                         : bots ? "Arbiter PIN: change who plays"
                                : "Arbiter");
  ImGui::PopFont();
  ImGui::PushFont(fonts.small);
  ImGui::PushStyleColor(ImGuiCol_Text, wrong_pin_ ? palette::kIllegal : palette::kTextMuted);
  ImGui::TextUnformatted(wrong_pin_ ? "Wrong PIN, try again" : "Enter the arbiter PIN");
  ImGui::PopStyleColor();
  ImGui::PopFont();

  // The dots: filled for digits entered.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float r = fonts.body->FontSize * 0.3f;
  const float step = r * 3.2f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < pin_pad_.length(); ++i) {
    const ImVec2 c{at.x + r + step * static_cast<float>(i), at.y + dots_h * 0.5f};
    if (i < pin_pad_.entered()) {
      draw->AddCircleFilled(c, r, palette::kText, 20);
    } else {
      draw->AddCircle(c, r, palette::kTextMuted, 20, 2.0f);
    }
  }
  ImGui::Dummy({1, dots_h});

  auto press = [&](char digit) {
    switch (pin_pad_.press(digit)) {
      case PinPad::Outcome::kIncomplete:
        break;
      case PinPad::Outcome::kAccepted:
        wrong_pin_ = false;
        last_sent_.clear();
        if (pending_) {
          // The PIN confirms the resignation it was asked for.
          intent = *pending_;
          pending_.reset();
          state_ = State::kLocked;
        } else {
          state_ = State::kUnlocked;
        }
        break;
      case PinPad::Outcome::kRejected:
        wrong_pin_ = true;
        break;
    }
  };
  const ImVec2 grid = ImGui::GetCursorScreenPos();
  ImGui::PushFont(fonts.title);
  static constexpr char kKeys[] = "1234567890";
  // phone: 1 2 3 / 4 5 6 / 7 8 9 / _ 0 _ (0 in the middle of the last row);
  // wide: 1 2 3 4 5 / 6 7 8 9 0.
  for (int i = 0; i < 10; ++i) {
    const int row = phone ? (i < 9 ? i / 3 : 3) : i / 5;
    const int col = phone ? (i < 9 ? i % 3 : 1) : i % 5;
    ImGui::SetCursorScreenPos({grid.x + static_cast<float>(col) * (key_w + gap),
                               grid.y + static_cast<float>(row) * (key_h + gap)});
    const std::string label = std::string(1, kKeys[i]) + "##key";
    if (button(label.c_str(), {key_w, key_h}) && state_ == State::kPinEntry) press(kKeys[i]);
  }
  ImGui::PopFont();
  const float side_x = grid.x + static_cast<float>(phone ? 3 : 5) * (key_w + gap);
  ImGui::SetCursorScreenPos({side_x, grid.y});
  if (button("\xE2\x86\x90##erase", {side_w, key_h})) pin_pad_.erase();  // ←
  ImGui::SetCursorScreenPos({side_x, grid.y + key_h + gap});
  if (button("Clear##pin", {side_w, key_h})) pin_pad_.clear();
  if (phone) {
    ImGui::SetCursorScreenPos({side_x, grid.y + 3 * (key_h + gap)});
  } else {
    ImGui::SetCursorScreenPos({side_x + side_w + gap, grid.y});
  }
  if (button("Cancel##pin", {side_w, phone ? key_h : 2 * key_h + gap})) {
    state_ = State::kLocked;
    pending_.reset();
    pin_pad_.clear();
  }
  // A keyboard works too.
  for (const ImWchar c : ImGui::GetIO().InputQueueCharacters) {
    if (c >= '0' && c <= '9' && state_ == State::kPinEntry) press(static_cast<char>(c));
  }
}

// ------------------------------------------------------------------- [menu]

std::string& ArbiterMenu::field(Field f) {
  switch (f) {
    case Field::kClock:
      return time_control_;
    case Field::kPlayers:
      return players_;
    case Field::kPosition:
      break;
  }
  return position_;
}

void ArbiterMenu::text_field(const char* id, Field f, const char* hint, float width, float height) {
  const std::string& text = field(f);
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, {0.0f, 0.5f});
  ImGui::PushStyleColor(ImGuiCol_Button, palette::kPanel);
  ImGui::PushStyleColor(ImGuiCol_Text, text.empty() ? palette::kTextMuted : palette::kText);
  // Session 29: the typed text whole ("Ann##1" showed "Ann").
  if (name_button(text.empty() ? std::string(hint) : text, id, {width, height})) {
    editing_ = f;
    state_ = State::kKeyboard;
  }
  ImGui::PopStyleColor(2);
  ImGui::PopStyleVar();
}

std::optional<Intent> ArbiterMenu::draw_items(const KioskView& view, const KioskFonts& fonts,
                                              const ScreenLayout& layout) {
  std::optional<Intent> intent;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x;
  const float h = layout.touch;
  const float gap = style.ItemSpacing.x;
  const float half = (width - gap) * 0.5f;
  const float quarter = (width - 3 * gap) / 4.0f;

  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Arbiter menu");
  ImGui::PopFont();
  // The pages: what starts or rewrites a game, how it ends, the board, the voice.
  const std::pair<Page, const char*> tabs[] = {
      {Page::kGame, "Game"}, {Page::kResult, "Result"}, {Page::kBoard, "Board"}, {Page::kVoice, "Voice"}};
  for (int i = 0; i < 4; ++i) {
    if (i > 0) ImGui::SameLine();
    const bool on = page_ == tabs[i].first;
    ImGui::PushStyleColor(ImGuiCol_Button, on ? palette::kInfo : palette::kPanelRaised);
    if (button((std::string(tabs[i].second) + "##tab").c_str(), {quarter, h})) page_ = tabs[i].first;
    ImGui::PopStyleColor();
  }
  ImGui::Dummy({0, style.ItemSpacing.y});

  switch (page_) {
    case Page::kGame: {
      heading(fonts, "NEW GAME");
      if (!view.variants.empty()) {
        const int n = static_cast<int>(view.variants.size());
        if (choose_current_) {  // the variant on the board, not the last one chosen (or the first)
          choose_current_ = false;
          for (int i = 0; i < n; ++i)
            if (view.variants[static_cast<std::size_t>(i)].id == view.variant_id) variant_index_ = i;
        }
        variant_index_ = std::clamp(variant_index_, 0, n - 1);
        if (button("\xE2\x97\x80##variant", {h, h})) variant_index_ = (variant_index_ + n - 1) % n;  // ◀
        ImGui::SameLine();
        const VariantChoice& chosen = view.variants[static_cast<std::size_t>(variant_index_)];
        ImGui::PushStyleColor(ImGuiCol_Button, palette::kPanel);
        ImGui::Button((chosen.name + "##variant-name").c_str(), {width - 2 * (h + gap), h});
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (button("\xE2\x96\xB6##variant", {h, h})) variant_index_ = (variant_index_ + 1) % n;  // ▶
        text_field("clock", Field::kClock, "clock: 15+10, 5d3, 90 (none)", half, h);
        ImGui::SameLine();
        text_field("players", Field::kPlayers, "players: Ann,Bob,...", half, h);
        if (button("Start a new game...", {setup_offered_ ? half : width, h})) {
          ask(NewGame{chosen.id, time_control_, players_},
              "Start a new game of " + chosen.name +
                  "? The game on the board ends here (its journal is kept).",
              State::kUnlocked);
        }
        if (setup_offered_) {
          // The first-boot setup again (issue 16): another board, game, clock.
          ImGui::SameLine();
          if (button("Setup...", {half, h})) {
            ask(OpenSetup{},
                "Open the setup (board, game, clock, players)? When it is done a new game starts; the game on "
                "the board keeps its journal.",
                State::kLocked);
          }
        }
      } else {
        ImGui::TextDisabled("No variants offered");
      }
      heading(fonts, "TAKE BACK");
      if (button("\xE2\x88\x92##plies", {h, h})) takeback_plies_ = std::max(1, takeback_plies_ - 1);  // −
      ImGui::SameLine();
      ImGui::PushStyleColor(ImGuiCol_Button, palette::kPanel);
      ImGui::Button((plural(takeback_plies_, "move", "moves") + "##plies-n").c_str(), {half - 2 * (h + gap), h});
      ImGui::PopStyleColor();
      ImGui::SameLine();
      if (button("+##plies", {h, h})) takeback_plies_ = std::min(40, takeback_plies_ + 1);
      ImGui::SameLine();
      if (button("Take back...", {half, h})) {
        ask(TakeBack{takeback_plies_},
            "Take back " + plural(takeback_plies_, "move", "moves") +
                "? The pieces then go back on the board as they stood.",
            State::kUnlocked);
      }
      break;
    }
    case Page::kResult: {
      heading(fonts, "ADJUDICATE");
      if (button("Draw...", {width, h})) {
        ask(Adjudicate{std::nullopt}, kAdjudicateDraw, State::kUnlocked);
      }
      for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
        if (i % 2 == 1) ImGui::SameLine();
        const std::string& name = view.seats[static_cast<std::size_t>(i)].name;
        if (name_button(name + " wins...", ("win" + std::to_string(i)).c_str(), {half, h})) {
          ask(Adjudicate{SeatIndex{i}}, "Adjudicate: " + name + " wins? This ends the game.", State::kUnlocked);
        }
      }
      heading(fonts, "CLOCK");
      if (button("Stop the clock", {half, h})) intent = ClockCommand{true};
      ImGui::SameLine();
      if (button("Start the clock", {half, h})) intent = ClockCommand{false};
      break;
    }
    case Page::kBoard: {
      heading(fonts, "TEACHING");
      if (button(teaching_ ? "Destinations shown: hide them##teach" : "Destinations hidden: show them##teach",
                 {width, h})) {
        teaching_ = !teaching_;
      }
      // Issue 33 item 3: the arbiter's switches for this game (journaled);
      // off in rated games, on for teaching.
      if (button(view.hints ? "Hints allowed: forbid...##advice" : "Hints forbidden: allow...##advice", {half, h})) {
        ask(SetAdvice{!view.hints, view.blunder_check},
            view.hints ? "Forbid hints in this game? The Hint button goes away."
                       : "Allow hints in this game? A Hint button shows the best move for the seat to move (not in "
                         "rated games).",
            State::kUnlocked);
      }
      ImGui::SameLine();
      if (button(view.blunder_check ? "Blunder check on: stop...##advice" : "Blunder check off: start...##advice",
                 {half, h})) {
        ask(SetAdvice{view.hints, !view.blunder_check},
            view.blunder_check ? "Stop the blunder check in this game?"
                               : "Warn each player after a move that loses much (\"that hangs your queen\")? Not in "
                                 "rated games.",
            State::kUnlocked);
      }
      heading(fonts, "BOARD");
      if (button("Check the board against the game", {width, h})) intent = SetPosition{""};
      if (button("Resume the recorded game...", {width, h})) {
        ask(ResumeJournal{}, "Go back to the game recorded in the journal? The screen's game is replaced.",
            State::kUnlocked);
      }
      heading(fonts, "SET POSITION");
      text_field("position", Field::kPosition, "FEN or FEN4", width - (half * 0.6f) - gap, h);
      ImGui::SameLine();
      if (button("Set...", {half * 0.6f, h}) && !position_.empty()) {
        ask(SetPosition{position_}, "Set up this position? The game goes on from it.", State::kUnlocked);
      }
      break;
    }
    case Page::kVoice:
      voice_.draw_settings(fonts, h, widgets(fonts));
      break;
  }

  if (intent) last_sent_ = describe(*intent);
  if (!last_sent_.empty()) {
    ImGui::PushFont(fonts.small);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kGood);
    ImGui::TextWrapped("Sent: %s", last_sent_.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
  }
  return intent;
}

// ---------------------------------------------------------------- [players]

void ArbiterMenu::draw_players(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float h = layout.touch;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Players");
  ImGui::PopFont();
  heading(fonts, "Only the player to move may resign without the arbiter's PIN.");
  const float name_w = width * 0.38f;
  const float action_w = (width - name_w - 2 * gap) * 0.5f;
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    ImGui::PushID(i);
    ImGui::AlignTextToFramePadding();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy({name_w, h});
    const bool to_move = view.to_move && view.to_move->value == i;
    const std::string who =
        (seat.player.empty() ? seat.name : seat.player + " (" + seat.name + ")") + (to_move ? ", to move" : "");
    ImGui::GetWindowDrawList()->AddText(fonts.bold, fonts.bold->FontSize,
                                        {at.x, at.y + (h - fonts.bold->FontSize) * 0.5f},
                                        to_imu32(accent(seat.colour)), who.c_str());
    ImGui::SameLine();
    if (seat.status != SeatStatus::kLive) {
      ImGui::TextDisabled("%s", seat_status_words(seat).c_str());
    } else {
      if (button("Resign...", {action_w, h})) {
        if (to_move) {
          ask(Resign{SeatIndex{i}}, seat.name + " resigns? This ends " + seat.name + "'s game.", State::kLocked);
        } else {
          // Resigning someone else: the arbiter's PIN confirms it.
          pending_ = Resign{SeatIndex{i}};
          state_ = State::kPinEntry;
          wrong_pin_ = false;
          pin_pad_.clear();
        }
      }
      ImGui::SameLine();
      if (to_move && !view.claimable_draw.empty()) {
        // FIDE 9.2/9.3: the seat to move claims (issue 27 item 4: shown, no
        // way to claim it).
        if (button("Claim a draw...", {action_w, h})) {
          ask(ClaimDraw{SeatIndex{i}}, seat.name + " claims a draw (" + view.claimable_draw + ")? This ends the game.",
              State::kLocked);
        }
      } else if (button("Offer a draw", {action_w, h})) {
        offer_ = OfferDraw{SeatIndex{i}};
      }
    }
    ImGui::PopID();
  }
  // Issue 33 item 1: who plays each seat, a person or a bot (its own screen).
  if (button("Who plays: a person or a bot...", {width, h})) open_who_plays();
  // Issue 33 item 5: the clocks, the last move, the pieces, said aloud.
  voice_.draw_queries(view, h, widgets(fonts));
}

// Issue 33 item 1: each live seat a person or a bot with its level, stepped
// with - / + as on the setup page; "Change who plays..." asks the arbiter's
// PIN and sends them (journaled). A seat whose bot's move is announced keeps
// its bot until the move is made (the table is making it).
void ArbiterMenu::draw_who_plays(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float h = layout.touch;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  if (!bots_draft_) bots_draft_ = view.bots;
  std::vector<std::string> seats;
  for (const SeatView& s : view.seats) seats.push_back(s.name);
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Who plays");
  ImGui::PopFont();
  heading(fonts, "Each seat a person or a bot; changing it needs the arbiter's PIN.");
  const bool stockfish = view.stockfish_steps;
  const float words_w = ImGui::CalcTextSize(widest_seat_step_words(stockfish).c_str()).x + 2 * gap;
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    if (seat.status != SeatStatus::kLive) continue;
    bool announced = false;
    for (const ArrowView& a : view.arrows) announced = announced || (!a.hint && a.seat.value == i);
    ImGui::PushID(100 + i);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy({std::max(1.0f, width - 2 * h - words_w - 3 * gap), h});
    ImGui::GetWindowDrawList()->AddText(fonts.bold, fonts.bold->FontSize,
                                        {at.x, at.y + (h - fonts.bold->FontSize) * 0.5f},
                                        to_imu32(accent(seat.colour)),
                                        (seat.name + (announced ? " (its move is being made)" : "")).c_str());
    const int step = seat_step(*bots_draft_, seat.name, stockfish);
    ImGui::SameLine();
    ImGui::BeginDisabled(announced || step == 0);
    if (button(("\xE2\x88\x92##weaker" + std::to_string(i)).c_str(), {h, h}))  // −
      bots_draft_ = with_seat_step(*bots_draft_, seats, seat.name, step - 1, stockfish);
    hits_.back().label = seat.name + " weaker";
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, palette::kPanel);
    ImGui::Button((seat_step_words(step, stockfish) + "##who" + std::to_string(i)).c_str(), {words_w, h});
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::BeginDisabled(announced || step == seat_step_count(stockfish) - 1);
    if (button(("+##stronger" + std::to_string(i)).c_str(), {h, h}))
      bots_draft_ = with_seat_step(*bots_draft_, seats, seat.name, step + 1, stockfish);
    hits_.back().label = seat.name + " stronger";
    ImGui::EndDisabled();
    ImGui::PopID();
  }
  ImGui::BeginDisabled(*bots_draft_ == view.bots);
  if (button("Change who plays...", {width, h})) {
    pending_ = SetBots{*bots_draft_};
    state_ = State::kPinEntry;
    wrong_pin_ = false;
    pin_pad_.clear();
  }
  ImGui::EndDisabled();
}

// ---------------------------------------------------------------- [confirm]

std::optional<Intent> ArbiterMenu::draw_confirm(const KioskFonts& fonts, const ScreenLayout& layout) {
  std::optional<Intent> intent;
  const float width = ImGui::GetContentRegionAvail().x;
  const float h = layout.touch;
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Are you sure?");
  ImGui::PopFont();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(confirm_text_.c_str());
  ImGui::PopTextWrapPos();
  // The buttons at the bottom of the zone, "No" first: a second tap on the
  // spot that asked lands on nothing here.
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y - ImGui::GetStyle().WindowPadding.y;
  ImGui::SetCursorScreenPos({ImGui::GetCursorScreenPos().x, std::max(ImGui::GetCursorScreenPos().y, bottom - 2 * h - gap)});
  ImGui::PushStyleColor(ImGuiCol_Button, palette::kIllegalBg);
  const bool yes = button("Yes##confirm", {width, h});
  ImGui::PopStyleColor();
  const bool no = button("No##confirm", {width, h});
  if (yes && pending_) {
    intent = *pending_;
    last_sent_ = describe(*intent);
  }
  if (yes || no) {
    pending_.reset();
    confirm_text_.clear();
    state_ = back_;
  }
  return intent;
}

// --------------------------------------------------------------- [keyboard]

void ArbiterMenu::draw_keyboard(const KioskFonts& fonts, const ScreenLayout& layout) {
  const char* what = editing_ == Field::kClock     ? "Time control (15+10, 5d3, 5b3, 90; empty: none)"
                     : editing_ == Field::kPlayers ? "Players, in seat order, separated by commas"
                                                   : "Position (FEN or FEN4)";
  heading(fonts, what);
  ImGui::PushFont(fonts.bold);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted((field(editing_) + "_").c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  const ImVec2 pos = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  const float pad = ImGui::GetStyle().WindowPadding.x;
  const int rows = TouchKeyboard::rows_for(size.x - 2 * pad, layout.touch);
  const float rows_h = static_cast<float>(rows) * layout.touch +
                       static_cast<float>(rows - 1) * TouchKeyboard::gap_for(layout.touch);
  const PixelRect keys{pos.x + pad, std::max(ImGui::GetCursorScreenPos().y, pos.y + size.y - pad - rows_h),
                       pos.x + size.x - pad, pos.y + size.y - pad};
  if (keyboard_.draw(field(editing_), keys, layout.touch, fonts, hits_) == TouchKeyboard::Result::kDone) {
    state_ = State::kUnlocked;
  }
}

// ------------------------------------------------------------------- [draw]

std::optional<Intent> ArbiterMenu::draw(const KioskView& view, const KioskFonts& fonts, const ScreenLayout& layout) {
  std::optional<Intent> intent;
  hits_.clear();
  if (state_ == State::kLocked || state_ == State::kPlayers) voice_.read_keys(static_cast<int>(view.seats.size()));
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // One modal over the whole screen (the main screen and the session's
  // questions wait under it), with the current screen drawn in its zone.
  if (state_ != State::kLocked && !ImGui::IsPopupOpen(kOverlay)) ImGui::OpenPopup(kOverlay);
  place({0, 0, display.x, display.y});
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
  ImGui::PushStyleColor(ImGuiCol_PopupBg, IM_COL32(0, 0, 0, 90));
  ImGui::PushStyleColor(ImGuiCol_ModalWindowDimBg, IM_COL32(0, 0, 0, 0));
  const bool open = ImGui::BeginPopupModal(kOverlay, nullptr, zone_flags());
  ImGui::PopStyleColor();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  if (!open) return intent;
  if (state_ == State::kLocked) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return intent;
  }
  const float body = fonts.body->FontSize;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {body * 0.7f, body * 0.6f});
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::kPanelRaised);
  const State drawn = state_;
  PixelRect zone = layout.board;
  if (drawn == State::kPinEntry || drawn == State::kConfirm) zone = above_exit(layout);
  if (drawn == State::kKeyboard) zone = {0, 0, display.x, display.y};
  auto child = [&](const char* id, const PixelRect& r) {
    ImGui::SetCursorScreenPos({r.x0, r.y0});
    return ImGui::BeginChild(id, {r.width(), r.height()}, false,
                             zone_flags() | ImGuiWindowFlags_AlwaysUseWindowPadding);
  };
  child("##zone", zone);
  switch (drawn) {
    case State::kPinEntry:
      draw_pin_pad(view, fonts, layout, intent);
      break;
    case State::kUnlocked:
      intent = draw_items(view, fonts, layout);
      break;
    case State::kPlayers:
      draw_players(view, fonts, layout);
      break;
    case State::kWhoPlays:
      draw_who_plays(view, fonts, layout);
      break;
    case State::kConfirm:
      intent = draw_confirm(fonts, layout);
      break;
    case State::kKeyboard:
      draw_keyboard(fonts, layout);
      break;
    case State::kLocked:
      break;
  }
  ImGui::EndChild();
  // Lock / Close: in the exit strip, which the screens before and after
  // leave free.
  if (drawn == State::kUnlocked || drawn == State::kPlayers || drawn == State::kWhoPlays) {
    child("##exit", layout.exit);
    const char* label = drawn == State::kUnlocked ? "Lock##exit" : drawn == State::kWhoPlays ? "Back##exit" : "Close##exit";
    if (button(label, {ImGui::GetContentRegionAvail().x, layout.touch})) {
      state_ = drawn == State::kWhoPlays ? State::kPlayers : State::kLocked;
    }
    ImGui::EndChild();
  }
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  if (offer_) {
    intent = *offer_;
    offer_.reset();
    state_ = State::kLocked;
  }
  if (state_ == State::kLocked) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return intent;
}

}  // namespace tabula::ui
