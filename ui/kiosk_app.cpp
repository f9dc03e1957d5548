// The kiosk frame: layout and composition of board, panels and popups.
#include "ui/kiosk_app.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "ui/board_view.h"

namespace tabula::ui {

KioskApp::KioskApp(KioskConfig config) : arbiter_(std::move(config.pin)), dpi_(config.dpi) {}

ScreenLayout KioskApp::screen(float width, float height) const {
  const float body = fonts_.body ? fonts_.body->FontSize : ImGui::GetFontSize();
  return screen_layout(width, height, dpi_, body);
}

const std::vector<HitRect>& KioskApp::hit_rects() const {
  if (setup_.is_open()) return setup_.hit_rects();
  if (arbiter_.state() != ArbiterMenu::State::kLocked) return arbiter_.hit_rects();
  // A question is modal: the board and the header wait under it.
  return dialogs_.hit_rects().empty() ? main_hits_ : dialogs_.hit_rects();
}

std::string KioskApp::screen_name() const {
  if (setup_.is_open()) return setup_.page_name();
  switch (arbiter_.state()) {
    case ArbiterMenu::State::kLocked:
      if (const auto id = dialogs_.shown()) return "dialog " + std::to_string(*id);
      return "main";
    case ArbiterMenu::State::kPinEntry:
      return "pin";
    case ArbiterMenu::State::kUnlocked:
      return "menu";
    case ArbiterMenu::State::kPlayers:
      return "players";
    case ArbiterMenu::State::kConfirm:
      return "confirm";
    case ArbiterMenu::State::kKeyboard:
      return "keyboard";
    case ArbiterMenu::State::kWhoPlays:
      return "who-plays";
  }
  return "?";
}

Edge KioskApp::bottom_edge(const KioskView& view) const {
  const SeatIndex seat = orientation_.value_or(view.orientation);
  if (const SeatView* s = view.seat(seat)) return s->edge;
  if (const SeatView* s = view.seat(view.orientation)) return s->edge;
  return Edge::kSouth;
}

BoardLayout KioskApp::board_layout(const KioskView& view, float width, float height) const {
  return BoardLayout(view.board, bottom_edge(view), screen(width, height).board);
}

void KioskApp::guard_taps(double time_s) {
  if (time_s - changed_at_s_ >= kTapGuard_s || guarded_.empty()) return;
  ImGuiIO& io = ImGui::GetIO();
  for (int b = 0; b < 2; ++b) {
    if (!io.MouseClicked[b]) continue;
    const ImVec2 at = io.MouseClickedPos[b];
    const bool on_old_action = std::any_of(guarded_.begin(), guarded_.end(), [&](const HitRect& h) {
      return at.x >= h.rect.x0 && at.x < h.rect.x1 && at.y >= h.rect.y0 && at.y < h.rect.y1;
    });
    if (!on_old_action) continue;
    // No widget of this frame sees the press (ImGui's buttons read
    // MouseClicked, IsMouseClicked() a down duration of 0; later frames see
    // a button held since before, which starts nothing).
    io.MouseClicked[b] = false;
    io.MouseClickedCount[b] = 0;
    io.MouseDownDuration[b] = 1.0f;
    ++guarded_taps_;
  }
}

void KioskApp::note_screen(double time_s) {
  const std::string now = screen_name();
  if (now != last_screen_) {
    // The board's squares change no screen themselves (a question a move
    // raises opens in the quiet zone), and the players' screen and the menu
    // lie over them: they are not guarded.
    guarded_.clear();
    for (const HitRect& h : last_hits_) {
      if (h.label != "board") guarded_.push_back(h);
    }
    changed_at_s_ = time_s;
    last_screen_ = now;
  }
  last_hits_ = hit_rects();
}

std::vector<Intent> KioskApp::draw(const KioskView& view, double time_s) {
  std::vector<Intent> intents;
  if (fonts_.body == nullptr)
    fonts_ = KioskFonts{ImGui::GetFont(), ImGui::GetFont(), ImGui::GetFont(), ImGui::GetFont(),
                        ImGui::GetFont(), ImGui::GetFont(), ImGui::GetFont(), true};
  guard_taps(time_s);
  if (setup_.is_open()) {
    main_hits_.clear();
    dialogs_.not_drawn();
    if (auto done = setup_.draw(fonts_, screen(ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y).touch))
      intents.push_back(*done);
    note_screen(time_s);
    return intents;
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = viewport->Size.x;
  const float height = viewport->Size.y;
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
  // No window background: the platform clears to the same colour, and a
  // full-screen fill costs a frame's worth of time under software GL.
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::Begin("##kiosk", nullptr, flags);
  ImGui::PopStyleVar();

  const ScreenLayout screen_zones = screen(width, height);
  const PixelRect board_rect = screen_zones.board;
  main_hits_.clear();
  const std::vector<std::string> problems = validate(view);
  if (problems.empty()) {
    const BoardLayout layout(view.board, bottom_edge(view), board_rect);
    main_hits_.push_back({layout.grid_rect(), "board"});
    std::optional<Intent> clicked;
    if (arbiter_.teaching() || !view.teaching.lifted_from) {
      clicked = draw_board(view, layout, fonts_, time_s);
    } else {
      KioskView plain = view;  // teaching switched off: no destination dots
      plain.teaching = {};
      clicked = draw_board(plain, layout, fonts_, time_s);
    }
    if (clicked) intents.push_back(*clicked);
  } else {
    // A snapshot that breaks its invariants is a bug upstream: say so plainly.
    ImGui::SetCursorScreenPos({board_rect.x0 + 40, board_rect.y0 + 40});
    ImGui::PushTextWrapPos(board_rect.x1 - 40);
    ImGui::PushFont(fonts_.ruling);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kIllegal), "Snapshot rejected");
    ImGui::PopFont();
    for (const std::string& problem : problems) ImGui::BulletText("%s", problem.c_str());
    ImGui::PopTextWrapPos();
  }
  draw_panels(view, screen_zones);
  if (hint_asked_) intents.push_back(AskHint{});
  hint_asked_ = false;
  ImGui::End();

  // The session's questions wait while the arbiter has the screen. They
  // take the top of the quiet zone, where the main screen has no action.
  if (problems.empty() && arbiter_.state() == ArbiterMenu::State::kLocked) {
    const PixelRect zone{screen_zones.quiet.x0, screen_zones.quiet.y0, screen_zones.quiet.x1, screen_zones.exit.y0};
    if (auto answer = dialogs_.draw(view, fonts_, zone, screen_zones.touch)) intents.push_back(*answer);
  } else {
    dialogs_.not_drawn();
  }
  if (auto command = arbiter_.draw(view, fonts_, screen_zones)) intents.push_back(*command);
  note_screen(time_s);
  return intents;
}

void KioskApp::draw_panels(const KioskView& view, const ScreenLayout& layout) {
  const HeaderActions header = draw_header(view, fonts_, layout.header, layout.touch, main_hits_);
  if (header.arbiter) arbiter_.open();
  if (header.players) arbiter_.open_players();
  if (header.hint) hint_asked_ = true;
  if (header.rotate && !view.seats.empty()) {
    const int current = orientation_.value_or(view.orientation).value;
    orientation_ = SeatIndex{(current + 1) % static_cast<int>(view.seats.size())};
  }
  // The quiet zone: what the table reads, nothing to press.
  const PixelRect& area = layout.quiet;
  ImGui::SetCursorScreenPos({area.x0, area.y0});
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 0));
  ImGui::BeginChild("##panels", {area.width(), area.height()}, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  draw_turn(view, fonts_);
  // The ruling's card leaves room for what follows it (as drawn last frame)
  // and a few rows of the move list: a long ruling (an illegal move's
  // reason, a bot's move, the way back) no longer pushes the clocks and the
  // move list off a short screen (s17-club, 800x480); it is drawn smaller,
  // then cut (panels.h fit_headline), never below a few small lines.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float small_line = fonts_.small->FontSize + style.ItemSpacing.y;
  const float ruling_top = ImGui::GetCursorScreenPos().y;
  const float moves_room = small_line * 2 + (fonts_.body->FontSize + style.ItemSpacing.y + style.CellPadding.y * 2) * 2;
  const float card_room = std::max(area.y1 - ruling_top - panel_memory_.below_ruling - moves_room,
                                   small_line * 4 + style.WindowPadding.y * 2);
  const float card_height = draw_ruling(view, fonts_, card_room);

  // What is left is shared: earlier rulings (when there is room), clocks
  // and ledger at their natural height, the move list takes the rest.
  if (area.height() > fonts_.body->FontSize * 26) {
    const float history_h = small_line * 3.2f + style.WindowPadding.y;
    ImGui::Dummy({0, 0});
    draw_ruling_history(view, fonts_, history_h, panel_memory_);
  }
  // A short screen (800x480) keeps the move list: the clock tiles carry the
  // points, and the ledger shows only when there are no clocks.
  const bool compact = area.height() < fonts_.body->FontSize * 27;
  draw_clocks(view, fonts_, compact);
  if (!compact || !view.clocks.enabled) draw_ledger(view, fonts_);
  const float rest = ImGui::GetContentRegionAvail().y - small_line;
  panel_memory_.below_ruling = ImGui::GetCursorScreenPos().y - ruling_top - card_height;
  draw_move_list(view, fonts_, rest, panel_memory_);
  ImGui::EndChild();
}

}  // namespace tabula::ui
