// The first-boot setup's pages (state table in the header). Section index:
//   [state]    open, page names, players' fields
//   [widgets]  touch buttons that record their spot, the choice grid
//   [draw]     one frame: title, message, summary, the page, Back / Next
#include "ui/setup_screen.h"
#include "ui/seat_steps.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string_view>

#include "core/player_name.h"
#include "core/utf8_text.h"

namespace tabula::ui {
namespace {

const char* page_title(SetupScreen::Page page) {
  switch (page) {
    case SetupScreen::Page::kBoard:
      return "Which board?";
    case SetupScreen::Page::kVariant:
      return "Which game?";
    case SetupScreen::Page::kClock:
      return "Which clock?";
    case SetupScreen::Page::kPlayers:
      return "Who plays?";
    case SetupScreen::Page::kKeyboard:
      return "Who plays?";
  }
  return "";
}

std::string clock_text(const std::string& tc) {
  return tc.empty() ? "no clock" : tc;
}

std::string clock_description(const std::string& tc) {
  if (tc.empty()) return "untimed";
  const std::size_t plus = tc.find('+');
  return tc.substr(0, plus) + " min each, " + tc.substr(plus + 1) + " s added per move";
}

/// `text` as it fits `width` in `font`: whole, or cut at a character with
/// "\u2026" after it, never cut by the box's edge (issue 27 item 8).
std::string elided(const ImFont* font, const std::string& text, float width) {
  auto fits = [&](const std::string& t) {
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, t.c_str()).x <= width;
  };
  if (fits(text)) return text;
  std::string_view cut = text;
  while (!cut.empty()) {
    cut = core::utf8_drop_last(cut);  // one whole character (an ASCII one is one byte)
    while (!cut.empty() && (cut.back() == ' ' || cut.back() == ',')) cut.remove_suffix(1);
    const std::string shown = std::string(cut) + "\xE2\x80\xA6";
    if (fits(shown)) return shown;
  }
  return "";
}

}  // namespace

// ------------------------------------------------------------------ [state]

void SetupScreen::open(SetupChoices choices, std::string message, std::optional<SetupDone> start,
                       bool cancellable) {
  choices_ = std::move(choices);
  message_ = std::move(message);
  cancellable_ = cancellable;
  answers_ = start.value_or(SetupDone{});
  board_chosen_ = start.has_value() && choices_.board(answers_.board_profile) != nullptr;
  if (!board_chosen_) answers_ = SetupDone{};
  page_ = Page::kBoard;
  open_ = true;
}

std::string SetupScreen::page_name() const {
  switch (page_) {
    case Page::kBoard:
      return "setup-board";
    case Page::kVariant:
      return "setup-variant";
    case Page::kClock:
      return "setup-clock";
    case Page::kPlayers:
      return "setup-players";
    case Page::kKeyboard:
      return "setup-keyboard";
  }
  return "setup";
}

std::vector<std::string> SetupScreen::player_fields() const {
  std::vector<std::string> fields(choices_.seat_names(answers_.variant_id).size());
  std::size_t seat = 0;
  for (std::size_t at = 0; seat < fields.size() && !answers_.players.empty();) {
    const std::size_t comma = answers_.players.find(',', at);
    fields[seat++] =
        answers_.players.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return fields;
}

void SetupScreen::set_player(std::size_t seat, const std::string& name) {
  std::vector<std::string> fields = player_fields();
  if (seat >= fields.size()) return;
  std::string clean = name;
  clean.erase(std::remove(clean.begin(), clean.end(), ','),
              clean.end());  // commas separate the names
  // The spaces around a name are not part of it; a name is at most
  // kMaxNameChars characters (core/player_name.h), cut between characters.
  clean = std::string(core::utf8_prefix_chars(core::trim_spaces(clean), core::kMaxNameChars));
  fields[seat] = clean;
  while (!fields.empty() && fields.back().empty()) fields.pop_back();  // trailing unnamed seats
  answers_.players.clear();
  for (std::size_t i = 0; i < fields.size(); ++i)
    answers_.players += (i > 0 ? "," : "") + fields[i];
}

// The seat assignment (issue 35): its game when the chosen board (or else
// the first that fits it) offers it, and its players by seat.
void SetupScreen::accept_assignment() {
  if (!assignment_) return;
  const SetupAssignment& a = *assignment_;
  auto offers = [&](const BoardOption& b) {
    return std::find(b.variants.begin(), b.variants.end(), a.variant_id) != b.variants.end();
  };
  const BoardOption* board = board_chosen_ ? choices_.board(answers_.board_profile) : nullptr;
  if (!board || !offers(*board)) {
    const auto fit = std::find_if(choices_.boards.begin(), choices_.boards.end(), offers);
    if (fit != choices_.boards.end()) {
      answers_.board_profile = fit->id;
      board_chosen_ = true;
      board = &*fit;
    }
  }
  if (!board || !offers(*board)) {
    message_ = "The arbiter's game (" + a.variant_id + ") is not offered on this kiosk's boards";
    return;
  }
  answers_.variant_id = a.variant_id;
  answers_.players.clear();
  for (std::size_t i = 0; i < a.players.size(); ++i) {
    std::string name = a.players[i];
    name.erase(std::remove(name.begin(), name.end(), ','), name.end());  // commas separate the names
    answers_.players += (i > 0 ? "," : "") + name;
  }
  answers_.bots.clear();  // the arbiter's seating names people; bots chosen before for another game go
  page_ = Page::kPlayers;
}

int SetupScreen::seat_step(const std::string& seat) const {
  return ui::seat_step(answers_.bots, seat, choices_.offers_stockfish(answers_.variant_id));
}

void SetupScreen::set_seat_step(const std::string& seat, int step) {
  answers_.bots = with_seat_step(answers_.bots, choices_.seat_names(answers_.variant_id), seat, step,
                                 choices_.offers_stockfish(answers_.variant_id));
}

// ---------------------------------------------------------------- [widgets]

bool SetupScreen::button(const std::string& label, const PixelRect& r, bool chosen, bool enabled) {
  ImGui::SetCursorScreenPos({r.x0, r.y0});
  if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, palette::kInfo);
  if (!enabled) ImGui::BeginDisabled();
  const bool pressed = ImGui::Button(label.c_str(), {r.width(), r.height()});
  if (!enabled) ImGui::EndDisabled();
  if (chosen) ImGui::PopStyleColor();
  if (enabled) hits_.push_back({visible_item_rect(), visible_label(label)});
  return pressed && enabled;
}

std::optional<std::size_t> SetupScreen::choice_grid(
    const std::vector<std::pair<std::string, std::string>>& items, const std::vector<bool>& chosen,
    const PixelRect& area, float touch, const KioskFonts& fonts) {
  std::optional<std::size_t> tapped;
  if (items.empty()) return tapped;
  const float gap = std::max(4.0f, std::round(touch * 0.12f));
  const float line_h = fonts.bold->FontSize + fonts.small->FontSize;
  const float min_h = std::max(touch, line_h + gap);
  // Columns: two on a landscape screen, more when the rows would not fit.
  const int rows_fit = std::max(1, static_cast<int>((area.height() + gap) / (min_h + gap)));
  const int n = static_cast<int>(items.size());
  int cols = std::max(area.width() > area.height() * 1.2f ? 2 : 1, (n + rows_fit - 1) / rows_fit);
  cols = std::min(cols, n);
  const int rows = (n + cols - 1) / cols;
  const float w = (area.width() - static_cast<float>(cols - 1) * gap) / static_cast<float>(cols);
  const float h =
      std::clamp((area.height() - static_cast<float>(rows - 1) * gap) / static_cast<float>(rows),
                 min_h, std::max(min_h, touch * 1.6f));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int i = 0; i < n; ++i) {
    const int col = i / rows;  // down the first column, then the next
    const int row = i % rows;
    const PixelRect r{area.x0 + static_cast<float>(col) * (w + gap),
                      area.y0 + static_cast<float>(row) * (h + gap),
                      area.x0 + static_cast<float>(col) * (w + gap) + w,
                      area.y0 + static_cast<float>(row) * (h + gap) + h};
    const auto& [title, description] = items[static_cast<std::size_t>(i)];
    ImGui::PushID(i);
    if (button("##choice" + title, r, chosen[static_cast<std::size_t>(i)]))
      tapped = static_cast<std::size_t>(i);
    ImGui::PopID();
    hits_.back().label = title;
    const float pad = gap * 1.5f;
    const float room = r.width() - 2 * pad;
    // A long title takes a second line when the button has room for it
    // ("8x8 board whose four 2x2 corners are one square each"), else ends in "...".
    std::vector<std::string> lines{elided(fonts.bold, title, room)};
    if (lines[0] != title && h >= line_h + fonts.bold->FontSize + gap) {
      std::size_t cut = title.size();
      while ((cut = title.rfind(' ', cut - 1)) != std::string::npos && cut > 0 &&
             elided(fonts.bold, title.substr(0, cut), room) != title.substr(0, cut)) {
      }
      if (cut != std::string::npos && cut > 0)
        lines = {title.substr(0, cut), elided(fonts.bold, title.substr(cut + 1), room)};
    }
    const float text_h = line_h + static_cast<float>(lines.size() - 1) * fonts.bold->FontSize;
    const float top = r.y0 + (h - text_h) * 0.5f;
    draw->PushClipRect({r.x0 + pad * 0.5f, r.y0}, {r.x1 - pad * 0.5f, r.y1}, true);
    for (std::size_t l = 0; l < lines.size(); ++l)
      draw->AddText(fonts.bold, fonts.bold->FontSize, {r.x0 + pad, top + static_cast<float>(l) * fonts.bold->FontSize},
                    palette::kText, lines[l].c_str());
    draw->AddText(fonts.small, fonts.small->FontSize,
                  {r.x0 + pad, top + static_cast<float>(lines.size()) * fonts.bold->FontSize},
                  chosen[static_cast<std::size_t>(i)] ? palette::kText : palette::kTextMuted,
                  elided(fonts.small, description, room).c_str());
    draw->PopClipRect();
  }
  return tapped;
}

/// One row per seat: its name (tap: the keyboard) and, at the right, who
/// plays it: - / + step through a person, the greedy bot and bot levels 1-8
/// (issue 33; the same seats and levels as --bots).
void SetupScreen::draw_seats(const PixelRect& area, float touch, const KioskFonts& fonts) {
  const std::vector<std::string> seats = choices_.seat_names(answers_.variant_id);
  const std::vector<std::string> names = player_fields();
  if (seats.empty()) return;
  const float gap = std::max(4.0f, std::round(touch * 0.12f));
  const bool stockfish = choices_.offers_stockfish(answers_.variant_id);
  const int steps = seat_step_count(stockfish);
  const float words_w = ImGui::CalcTextSize(widest_seat_step_words(stockfish).c_str()).x + 2 * gap;
  const float control_w = 2 * touch + words_w + 2 * gap;
  const float n = static_cast<float>(seats.size());
  const float row_h = std::clamp((area.height() - (n - 1) * gap) / n, touch, touch * 1.6f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const float y = area.y0 + static_cast<float>(i) * (row_h + gap);
    const PixelRect name_r{area.x0, y, area.x1 - control_w - gap, y + row_h};
    const std::vector<std::pair<std::string, std::string>> item{
        {seats[i], names[i].empty() ? "tap to type a name (or leave it)" : names[i]}};
    ImGui::PushID(static_cast<int>(i));
    if (choice_grid(item, {false}, name_r, touch, fonts)) {
      editing_ = i;
      editing_text_ = names[i];
      page_ = Page::kKeyboard;
    }
    const int step = seat_step(seats[i]);
    const float cy = y + (row_h - touch) * 0.5f;
    const float x = area.x1 - control_w;
    if (button("\xE2\x88\x92##less", {x, cy, x + touch, cy + touch}, false, step > 0))
      set_seat_step(seats[i], step - 1);
    if (step > 0) hits_.back().label = seats[i] + " weaker";
    const std::string words = seat_step_words(step, stockfish);
    const ImVec2 size = ImGui::CalcTextSize(words.c_str());
    draw->AddText({x + touch + gap + (words_w - size.x) * 0.5f, y + (row_h - size.y) * 0.5f},
                  palette::kText, words.c_str());
    const float px = area.x1 - touch;
    if (button("+##more", {px, cy, px + touch, cy + touch}, false, step < steps - 1))
      set_seat_step(seats[i], step + 1);
    if (step < steps - 1) hits_.back().label = seats[i] + " stronger";
    ImGui::PopID();
  }
}

// ------------------------------------------------------------------- [draw]

float SetupScreen::draw_assignment(const KioskFonts& fonts, float touch, float x0, float x1, float y) {
  const SetupAssignment& a = *assignment_;
  const float gap = std::max(4.0f, std::round(touch * 0.12f));
  const std::vector<std::string> seats = choices_.seat_names(a.variant_id);
  const std::string game = choices_.variant_name(a.variant_id);
  std::string who = (game.empty() ? a.variant_id : game) + ":  ";
  for (std::size_t i = 0; i < a.players.size(); ++i) {
    who += (i > 0 ? "  \xC2\xB7  " : "") + (i < seats.size() ? seats[i] + " " : std::string()) + a.players[i];
  }
  const std::string line1 = "From the arbiter: " + a.heading;
  const float button_w = std::min((x1 - x0) * 0.34f, touch * 4.2f);
  const float text_w = x1 - x0 - button_w - 3 * gap;
  const ImVec2 size1 = fonts.bold->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, text_w, line1.c_str());
  const ImVec2 size2 = fonts.small->CalcTextSizeA(fonts.small->FontSize, FLT_MAX, text_w, who.c_str());
  const float h = std::max(touch, size1.y + size2.y) + 2 * gap;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled({x0, y}, {x1, y + h}, palette::kPanelRaised, gap);
  draw->AddRect({x0, y}, {x1, y + h}, palette::kInfo, gap, 0, std::max(1.0f, std::round(touch * 0.04f)));
  draw->AddText(fonts.bold, fonts.bold->FontSize, {x0 + gap, y + gap}, palette::kText, line1.c_str(), nullptr, text_w);
  draw->AddText(fonts.small, fonts.small->FontSize, {x0 + gap, y + gap + size1.y}, palette::kText, who.c_str(), nullptr,
                text_w);
  const float by = y + (h - touch) * 0.5f;
  if (button("Use this seating##assignment", {x1 - gap - button_w, by, x1 - gap, by + touch}, false)) accept_assignment();
  return y + h;
}

std::optional<Intent> SetupScreen::draw(const KioskFonts& fonts, float touch) {
  std::optional<Intent> intent;
  hits_.clear();
  if (!open_) return intent;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({0, 0});
  ImGui::SetNextWindowSize(display);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, palette::kPanel);
  ImGui::Begin("##setup", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  const float pad = std::max(8.0f, std::round(touch * 0.25f));
  const float gap = std::max(4.0f, std::round(touch * 0.12f));
  const float width = display.x - 2 * pad;
  ImGui::SetCursorScreenPos({pad, pad});
  ImGui::PushTextWrapPos(display.x - pad);
  ImGui::PushFont(fonts.bold);
  const int step = page_ == Page::kKeyboard ? 4 : static_cast<int>(page_) + 1;
  ImGui::TextUnformatted(("Setup " + std::to_string(step) + " of 4: " + page_title(page_)).c_str());
  ImGui::PopFont();
  ImGui::PushFont(fonts.small);
  if (!message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kIllegal);
    ImGui::TextWrapped("%s", message_.c_str());
    ImGui::PopStyleColor();
  }
  const BoardOption* board = board_chosen_ ? choices_.board(answers_.board_profile) : nullptr;
  std::string summary = "Board: " + (board ? board->title : std::string("-"));
  summary += "  \xC2\xB7  Game: " +
             (answers_.variant_id.empty() ? "-" : choices_.variant_name(answers_.variant_id));
  summary += "  \xC2\xB7  Clock: " + clock_text(answers_.time_control);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextMuted);
  ImGui::TextWrapped("%s", summary.c_str());
  for (const std::string& p : choices_.problems) ImGui::TextWrapped("Not offered: %s", p.c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::PopTextWrapPos();

  const float nav_y = display.y - pad - touch;
  float top = ImGui::GetCursorScreenPos().y;
  if (assignment_ && page_ != Page::kKeyboard) {
    ImGui::PushFont(fonts.bold);
    top = draw_assignment(fonts, touch, pad, pad + width, top + gap);
    ImGui::PopFont();
  }
  const PixelRect area{pad, top + gap, pad + width, nav_y - gap};
  ImGui::PushFont(fonts.bold);
  switch (page_) {
    case Page::kBoard: {
      std::vector<std::pair<std::string, std::string>> items;
      std::vector<bool> chosen;
      for (const BoardOption& b : choices_.boards) {
        std::string fits =
            std::to_string(b.variants.size()) + (b.variants.size() == 1 ? " game: " : " games: ");
        for (std::size_t i = 0; i < b.variants.size(); ++i)
          fits += (i > 0 ? ", " : "") + choices_.variant_name(b.variants[i]);
        if (b.variants.size() == choices_.variants.size() && b.variants.size() > 1)
          fits = "every game (" + std::to_string(b.variants.size()) + ")";
        items.emplace_back(b.title, fits);  // no profile id or geometry id (issue 27 item 8)
        chosen.push_back(board_chosen_ && b.id == answers_.board_profile);
      }
      if (const auto i = choice_grid(items, chosen, area, touch, fonts)) {
        const BoardOption& b = choices_.boards[*i];
        answers_.board_profile = b.id;
        board_chosen_ = true;
        if (std::find(b.variants.begin(), b.variants.end(), answers_.variant_id) ==
            b.variants.end())
          answers_.variant_id = b.variants.size() == 1 ? b.variants.front() : std::string();
      }
      break;
    }
    case Page::kVariant: {
      std::vector<std::pair<std::string, std::string>> items;
      std::vector<bool> chosen;
      const std::vector<std::string> ids = board ? board->variants : std::vector<std::string>{};
      for (const std::string& id : ids) {
        const std::vector<std::string> seats = choices_.seat_names(id);
        std::string who = std::to_string(seats.size()) + " players: ";
        for (std::size_t i = 0; i < seats.size(); ++i) who += (i > 0 ? ", " : "") + seats[i];
        items.emplace_back(choices_.variant_name(id), who);
        chosen.push_back(id == answers_.variant_id);
      }
      if (const auto i = choice_grid(items, chosen, area, touch, fonts)) {
        if (answers_.variant_id != ids[*i]) {  // other seats
          answers_.players.clear();
          answers_.bots.clear();
        }
        answers_.variant_id = ids[*i];
      }
      break;
    }
    case Page::kClock: {
      std::vector<std::pair<std::string, std::string>> items;
      std::vector<bool> chosen;
      for (const std::string& tc : choices_.clocks) {
        items.emplace_back(clock_text(tc), clock_description(tc));
        chosen.push_back(tc == answers_.time_control);
      }
      if (const auto i = choice_grid(items, chosen, area, touch, fonts))
        answers_.time_control = choices_.clocks[*i];
      break;
    }
    case Page::kPlayers:
      draw_seats(area, touch, fonts);
      break;
    case Page::kKeyboard: {
      const std::vector<std::string> seats = choices_.seat_names(answers_.variant_id);
      ImGui::SetCursorScreenPos({area.x0, area.y0});
      ImGui::TextUnformatted(("Name of " +
                              (editing_ < seats.size() ? seats[editing_] : std::string("the")) +
                              "'s player: " + editing_text_ + "_")
                                 .c_str());
      const float rows_h = 5 * touch + 4 * std::max(4.0f, std::round(touch * 0.1f));
      const PixelRect keys{area.x0,
                           std::max(ImGui::GetCursorScreenPos().y + gap, display.y - pad - rows_h),
                           area.x1, display.y - pad};
      if (keyboard_.draw(editing_text_, keys, touch, fonts, hits_) ==
          TouchKeyboard::Result::kDone) {
        set_player(editing_, editing_text_);
        page_ = Page::kPlayers;
      }
      break;
    }
  }
  // Cancel, Back, Next (Start) along the bottom, in thirds; the keyboard
  // has its own Done.
  if (page_ != Page::kKeyboard) {
    const float third = (width - 2 * gap) / 3.0f;
    auto at = [&](int i) {
      const float x = pad + static_cast<float>(i) * (third + gap);
      return PixelRect{x, nav_y, x + third, nav_y + touch};
    };
    if (cancellable_ && button("Cancel##setup", at(0), false)) open_ = false;
    if (page_ != Page::kBoard && button("Back##setup", at(1), false))
      page_ = static_cast<Page>(static_cast<int>(page_) - 1);
    const bool ready = page_ == Page::kBoard     ? board_chosen_
                       : page_ == Page::kVariant ? !answers_.variant_id.empty()
                                                 : true;
    if (page_ == Page::kPlayers) {
      if (button("Start##setup", at(2), true)) intent = answers_;
    } else if (button("Next##setup", at(2), false, ready)) {
      page_ = static_cast<Page>(static_cast<int>(page_) + 1);
    }
  }
  ImGui::PopFont();
  ImGui::End();
  return intent;
}

}  // namespace tabula::ui
