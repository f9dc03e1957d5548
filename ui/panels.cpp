// Side panels. Section index:
//   [helpers]  text and card drawing
//   [header]   title, subtitle, rotate and arbiter buttons
//   [turn]     whose turn
//   [ruling]   current ruling, checks, fixes; history
//   [clocks]   clock tiles
//   [ledger]   seats table with resign / draw menu
//   [moves]    move list
#include "ui/panels.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/utf8_text.h"
#include "session/clock.h"

namespace tabula::ui {
namespace {

// ---------------------------------------------------------------- [helpers]

float content_width() {
  return ImGui::GetContentRegionAvail().x;
}

void text_coloured(ImU32 colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
}

void wrapped(const std::string& text, ImU32 colour = palette::kText) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string seat_name(const KioskView& view, SeatIndex seat) {
  const SeatView* s = view.seat(seat);
  return s ? s->name : "?";
}

/// Draws a filled rounded card behind whatever `body` draws, `pad` inside.
template <typename Body>
void card(ImU32 background, ImU32 accent, float pad, Body&& body) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float start_local_x = ImGui::GetCursorPosX();  // wrap positions are window-local
  const float width = content_width();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::SetCursorScreenPos({start.x + pad + (accent ? pad * 0.5f : 0.0f), start.y + pad});
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(start_local_x + width - pad);
  body();
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const float bottom = ImGui::GetItemRectMax().y + pad;
  draw->ChannelsSetCurrent(0);
  const float rounding = ImGui::GetStyle().ChildRounding;
  draw->AddRectFilled(start, {start.x + width, bottom}, background, rounding);
  if (accent != 0) {
    draw->AddRectFilled(start, {start.x + pad * 0.45f, bottom}, accent, rounding,
                        ImDrawFlags_RoundCornersLeft);
  }
  draw->ChannelsMerge();
  ImGui::SetCursorScreenPos({start.x, bottom});
  ImGui::Dummy({width, 0.0f});
}

void section_title(const KioskFonts& fonts, const char* title) {
  ImGui::PushFont(fonts.small);
  text_coloured(palette::kTextMuted, upper(title));
  ImGui::PopFont();
}

void seat_disc(Rgb colour, float radius, bool dim = false) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 c{at.x + radius, at.y + h * 0.5f};
  draw->AddCircleFilled(c, radius, to_imu32(dim ? desaturate(colour, 0.8f) : colour), 24);
  const ImU32 rim =
      luminance(colour) < 0.22f ? IM_COL32(150, 150, 150, 200) : IM_COL32(0, 0, 0, 160);
  draw->AddCircle(c, radius, rim, 24, 1.0f);
  ImGui::Dummy({radius * 2, h});
}

}  // namespace

// ----------------------------------------------------------------- [header]

HeaderActions draw_header(const KioskView& view, const KioskFonts& fonts, const PixelRect& area, float touch,
                          std::vector<HitRect>& hits) {
  HeaderActions actions;
  ImGui::SetCursorScreenPos({area.x0, area.y0});
  // The title on its own line, never under the buttons: the small font
  // when the bold one does not fit, clipped at the panel's edge.
  const std::string title = view.title.empty() ? "Tabula" : view.title;
  ImFont* font = fonts.title;
  if (font->CalcTextSizeA(font->FontSize, 1e9f, 0, title.c_str()).x > area.width()) font = fonts.bold;
  ImGui::PushClipRect({area.x0, area.y0}, {area.x1, area.y1}, true);
  ImGui::PushFont(font);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopFont();
  ImGui::PopClipRect();
  // Buttons along the bottom of the header, as wide as the panel allows.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gap = style.ItemSpacing.x;
  const int buttons = view.hints ? 4 : 3;  // issue 33: Hint
  const float w = (area.width() - static_cast<float>(buttons - 1) * gap) / static_cast<float>(buttons);
  const float y = area.y1 - touch;
  ImGui::PushFont(fonts.bold);
  auto header_button = [&](const char* label, int i) {
    const float x = area.x0 + static_cast<float>(i) * (w + gap);
    ImGui::SetCursorScreenPos({x, y});
    const bool pressed = ImGui::Button(label, {w, touch});
    hits.push_back({{x, y, x + w, y + touch}, label});
    return pressed;
  };
  actions.rotate = header_button("Rotate", 0);
  actions.players = header_button("Players", 1);
  actions.arbiter = header_button("Arbiter", 2);
  if (view.hints) actions.hint = header_button("Hint", 3);
  ImGui::PopFont();
  return actions;
}

std::string seat_label(const SeatView& seat) {
  return seat.player.empty() ? seat.name : seat.player + " (" + seat.name + ")";
}

// ------------------------------------------------------------------- [turn]

void draw_turn(const KioskView& view, const KioskFonts& fonts) {
  const SeatView* seat = view.to_move ? view.seat(*view.to_move) : nullptr;
  const float pad = ImGui::GetStyle().FramePadding.y * 1.2f;
  const Rgb panel{44, 48, 57};
  const ImU32 background = seat ? to_imu32(mix(panel, seat->colour, 0.32f)) : palette::kPanelRaised;
  card(background, seat ? to_imu32(accent(seat->colour)) : 0, pad, [&] {
    ImGui::PushFont(fonts.bold);
    if (seat) {
      seat_disc(seat->colour, ImGui::GetTextLineHeight() * 0.36f);
      ImGui::SameLine();
      ImGui::TextUnformatted((seat_label(*seat) + " to move").c_str());
    } else {
      ImGui::TextUnformatted(view.subtitle == "over" || view.subtitle.empty() ? "Game over" : view.subtitle.c_str());
      if (!view.result.empty()) {  // the result of the finished game, whole
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(view.result.c_str());
        ImGui::PopTextWrapPos();
      }
    }
    ImGui::PopFont();
    if (seat && !view.subtitle.empty()) {
      ImGui::SameLine();
      ImGui::PushFont(fonts.small);
      text_coloured(palette::kTextMuted, view.subtitle);
      ImGui::PopFont();
    }
    // The move the board shows before the arbiter rules on it: the turn has
    // not passed yet, and the screen says so.
    if (const std::string pending = tentative_text(view); !pending.empty()) {
      ImGui::PushFont(fonts.small);
      text_coloured(palette::kInfo, pending);
      ImGui::PopFont();
    }
  });
}

std::string tentative_text(const KioskView& view) {
  if (!view.tentative) return "";
  const LastMove& t = *view.tentative;
  const std::string what = t.from == t.to ? "a piece on " + cell_name(t.to) : cell_name(t.from) + "-" + cell_name(t.to);
  return what + " \xE2\x80\xA6 not yet ruled";
}

// ----------------------------------------------------------------- [ruling]

std::string describe_fixes(const KioskView& view) {
  // The source's own steps where it gave them (a move back covers two
  // squares and is said once), else the kiosk's words, always naming the
  // piece to put (issue 18 item 1).
  std::vector<std::string> steps;
  for (const FixSquare& fix : view.fixes) {
    std::string step = fix.text;
    if (step.empty() && fix.action == FixAction::kRemovePiece) step = "lift the piece off " + cell_name(fix.cell);
    if (step.empty()) {
      const bool on_board = view.board.contains(fix.cell) && view.pieces.size() == view.board.cells.size();
      const std::optional<PieceView> piece = fix.piece ? fix.piece : on_board ? view.piece_at(fix.cell) : std::nullopt;
      step = piece ? "put " + seat_name(view, piece->seat) + "'s " + std::string(piece_name(piece->glyph)) + " on " +
                         cell_name(fix.cell)
                   : "put a piece on " + cell_name(fix.cell);
    }
    if (std::find(steps.begin(), steps.end(), step) == steps.end()) steps.push_back(step);
  }
  std::string text;
  for (const std::string& step : steps) text += (text.empty() ? "" : " \xC2\xB7 ") + step;
  return text;
}

std::vector<std::string> headline_lines(const KioskView& view) {
  if (!view.ruling) return {"No ruling"};
  std::vector<std::string> lines;
  for (const RulingView& also : view.ruling_also) lines.push_back(also.text);
  lines.push_back(view.ruling->text);
  return lines;
}

HeadlineFit fit_headline(std::vector<std::string> lines, const KioskFonts& fonts, float width, float max_height) {
  auto height = [&](ImFont* font, const std::string& text) {
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, width, text.c_str()).y + ImGui::GetStyle().ItemSpacing.y;
  };
  HeadlineFit fit;
  fit.lines = std::move(lines);
  // The ruling large, else at the panel's size, else small; then without
  // what the same input said before it; then cut, the end marked.
  for (int pass = 0; pass < 2; ++pass) {
    float before = 0;
    for (std::size_t i = 0; i + 1 < fit.lines.size(); ++i) before += height(fonts.body, fit.lines[i]);
    for (ImFont* font : {fonts.ruling, fonts.body, fonts.small}) {
      fit.font = font;
      if (before + height(font, fit.lines.back()) <= max_height) return fit;
    }
    if (fit.lines.size() == 1) break;
    fit.lines.erase(fit.lines.begin(), fit.lines.end() - 1);
  }
  const std::string whole = fit.lines.back();
  std::size_t low = 0;
  std::size_t high = whole.size();
  while (low < high) {  // the longest prefix that fits with its mark
    const std::size_t mid = (low + high + 1) / 2;
    if (height(fit.font, std::string(core::utf8_prefix(whole, mid)) + kCutMark) <= max_height) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  fit.lines.back() = std::string(core::utf8_prefix(whole, low)) + kCutMark;
  fit.cut = true;
  return fit;
}

float draw_ruling(const KioskView& view, const KioskFonts& fonts, float max_height) {
  const float pad = ImGui::GetStyle().WindowPadding.x;
  const float top = ImGui::GetCursorScreenPos().y;
  if (view.ruling) {
    const RulingView& ruling = *view.ruling;
    card(severity_background(ruling.severity), severity_colour(ruling.severity), pad, [&] {
      ImGui::PushFont(fonts.small);
      const char* label = !ruling.label.empty()                     ? ruling.label.c_str()
                          : ruling.severity == Severity::kIllegal   ? "ILLEGAL MOVE"
                          : ruling.severity == Severity::kWarning ? "WARNING"
                                                                  : "RULING";
      text_coloured(severity_colour(ruling.severity), label);
      const float label_height = ImGui::GetItemRectSize().y + ImGui::GetStyle().ItemSpacing.y;
      ImGui::PopFont();
      // What the same input said before it, in order (issue 27 item 6), then
      // the ruling itself, large: as large as fits `max_height` (s17-club: at
      // 800x480 a seven-line ruling pushed the clocks and the move list off
      // the screen; the "Board:" steps below it stay whole).
      const float width = ImGui::GetContentRegionAvail().x - pad * 1.5f;
      const HeadlineFit fit = fit_headline(headline_lines(view), fonts, width, max_height - label_height - pad * 2);
      ImGui::PushFont(fonts.body);
      for (std::size_t i = 0; i + 1 < fit.lines.size(); ++i) ImGui::TextWrapped("%s", fit.lines[i].c_str());
      ImGui::PopFont();
      ImGui::PushFont(fit.font);
      ImGui::TextWrapped("%s", fit.lines.back().c_str());
      ImGui::PopFont();
    });
  } else {
    card(palette::kPanel, 0, pad, [&] {
      ImGui::PushFont(fonts.ruling);
      text_coloured(palette::kTextMuted, "No ruling");
      ImGui::PopFont();
    });
  }
  const float card_height = ImGui::GetCursorScreenPos().y - top;
  ImGui::PushFont(fonts.small);
  for (const CheckView& check : view.checks) {
    ImGui::Bullet();
    ImGui::SameLine();
    wrapped(check.text.empty() ? "Check on " + cell_name(check.king) : check.text,
            palette::kIllegal);
  }
  if (!view.fixes.empty()) {
    ImGui::Bullet();
    ImGui::SameLine();
    std::string text = describe_fixes(view);
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    wrapped("Board: " + text, palette::kPutPiece);
  }
  if (view.hub) {
    ImGui::Bullet();
    ImGui::SameLine();
    wrapped("Hub: " + view.hub->text, view.hub->severity == Severity::kInfo ? palette::kTextMuted
                                                                          : severity_colour(view.hub->severity));
  }
  ImGui::PopFont();
  return card_height;
}

void draw_ruling_history(const KioskView& view, const KioskFonts& fonts, float height,
                         PanelMemory& memory) {
  section_title(fonts, "Earlier rulings");
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {8, 6});
  ImGui::BeginChild("##history", {0, height}, true);
  ImGui::PushFont(fonts.small);
  if (view.ruling_history.empty()) text_coloured(palette::kTextMuted, "None yet");
  for (const RulingView& ruling : view.ruling_history) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddCircleFilled({at.x + h * 0.25f, at.y + h * 0.5f}, h * 0.2f,
                                                severity_colour(ruling.severity), 12);
    ImGui::Indent(h * 0.75f);
    wrapped(ruling.text,
            ruling.severity == Severity::kInfo ? palette::kText : severity_colour(ruling.severity));
    ImGui::Unindent(h * 0.75f);
  }
  if (memory.history_seen != view.ruling_history.size()) {
    ImGui::SetScrollHereY(1.0f);
    memory.history_seen = view.ruling_history.size();
  }
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleVar();
}

// ----------------------------------------------------------------- [clocks]

void draw_clocks(const KioskView& view, const KioskFonts& fonts, bool compact) {
  if (!view.clocks.enabled) return;
  const ClockView& clocks = view.clocks;
  const int count = static_cast<int>(std::min(clocks.remaining.size(), view.seats.size()));
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gap = style.ItemSpacing.x;
  const float width = content_width();
  const float tile_w = (width - gap) * 0.5f;
  const float tile_h =
      fonts.clock->FontSize + fonts.small->FontSize * 0.9f + style.FramePadding.y * 2;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float rounding = style.FrameRounding;
  for (int i = 0; i < count; ++i) {
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    const auto remaining = clocks.remaining[static_cast<std::size_t>(i)];
    const bool running = clocks.running && clocks.running->value == i;
    const bool out = seat_out(seat.status);
    const ImVec2 p0{origin.x + static_cast<float>(i % 2) * (tile_w + gap),
                    origin.y + static_cast<float>(i / 2) * (tile_h + gap)};
    const ImVec2 p1{p0.x + tile_w, p0.y + tile_h};
    draw->AddRectFilled(p0, p1, running ? palette::rgba(56, 62, 76) : palette::kPanel, rounding);
    const float bar = std::max(4.0f, tile_h * 0.07f);
    const Rgb bar_colour = out ? desaturate(accent(seat.colour), 0.8f) : accent(seat.colour);
    draw->AddRectFilled(p0, {p0.x + bar, p1.y}, to_imu32(bar_colour), rounding,
                        ImDrawFlags_RoundCornersLeft);
    if (running)
      draw->AddRect(p0, p1, to_imu32(accent(seat.colour)), rounding, 0, std::max(2.0f, bar * 0.5f));

    const float pad = style.FramePadding.x;
    ImFont* small = fonts.small;
    std::string caption = seat_label(seat);
    if (seat.status != SeatStatus::kLive) caption += " \xC2\xB7 " + seat_status_words(seat);
    if (compact && view.ledger != LedgerKind::kNone) {
      const bool one = seat.score == 1;  // s27: "1 pts", "1 tokens" before
      caption += " \xC2\xB7 " + std::to_string(seat.score) +
                 (view.ledger == LedgerKind::kPoints ? (one ? " pt" : " pts") : (one ? " token" : " tokens"));
    }
    draw->AddText(small, small->FontSize, {p0.x + bar + pad, p0.y + style.FramePadding.y},
                  out ? palette::kTextMuted : palette::kText, caption.c_str());
    if (running && clocks.delay_left.count() > 0) {
      const std::string delay = "delay " + session::format_clock(clocks.delay_left);
      const ImVec2 size = small->CalcTextSizeA(small->FontSize, 1e9f, 0, delay.c_str());
      draw->AddText(small, small->FontSize, {p1.x - pad - size.x, p0.y + style.FramePadding.y},
                    palette::kPutPiece, delay.c_str());
    }
    const std::string face = session::format_clock(remaining);
    const ImU32 colour = remaining.count() <= 0                   ? palette::kIllegal
                         : (running && remaining.count() < 10000) ? palette::kIllegal
                         : out                                    ? palette::kTextMuted
                                                                  : palette::kText;
    ImFont* big = fonts.clock;
    const ImVec2 size = big->CalcTextSizeA(big->FontSize, 1e9f, 0, face.c_str());
    draw->AddText(big, big->FontSize, {p1.x - pad - size.x, p1.y - style.FramePadding.y - size.y},
                  colour, face.c_str());
  }
  const int rows = (count + 1) / 2;
  ImGui::Dummy({width, static_cast<float>(rows) * (tile_h + gap) - gap});
  if (!clocks.control_text.empty() && !compact) {
    ImGui::PushFont(fonts.small);
    text_coloured(palette::kTextMuted, "Time control: " + clocks.control_text);
    ImGui::PopFont();
  }
}

// ----------------------------------------------------------------- [ledger]

void draw_ledger(const KioskView& view, const KioskFonts& fonts) {
  const bool scores = view.ledger != LedgerKind::kNone;
  const bool relations = std::any_of(view.seats.begin(), view.seats.end(),
                                     [](const SeatView& s) { return !s.relation.empty(); });
  const int columns = 2 + (scores ? 1 : 0) + (relations ? 1 : 0);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_PadOuterX;
  ImGui::PushFont(fonts.body);
  if (!ImGui::BeginTable("##ledger", columns, flags)) {
    ImGui::PopFont();
    return;
  }
  ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn("Status", ImGuiTableColumnFlags_WidthStretch, 1.1f);
  if (scores) {
    ImGui::TableSetupColumn(view.ledger == LedgerKind::kPoints ? "Points" : "Tokens",
                            ImGuiTableColumnFlags_WidthStretch, 0.7f);
  }
  if (relations) ImGui::TableSetupColumn("Relation", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::PushFont(fonts.small);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    const bool out = seat_out(seat.status);
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    seat_disc(seat.colour, ImGui::GetTextLineHeight() * 0.32f, out);
    ImGui::SameLine();
    // Names and relations wrap in their column rather than being cut
    // ("Dark Browr", "team 2, vassal of W": issue 27 item 8).
    ImGui::PushFont(fonts.bold);
    wrapped(seat_label(seat), out ? palette::kTextMuted : palette::kText);
    ImGui::PopFont();
    ImGui::TableNextColumn();
    text_coloured(status_colour(seat.status), seat_status_words(seat));
    if (scores) {
      ImGui::TableNextColumn();
      ImGui::PushFont(fonts.bold);
      ImGui::Text("%d", seat.score);
      ImGui::PopFont();
    }
    if (relations) {
      ImGui::TableNextColumn();
      ImGui::PushFont(fonts.small);
      wrapped(seat.relation, palette::kTextMuted);
      ImGui::PopFont();
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  ImGui::PopFont();
}

// ------------------------------------------------------------------ [moves]

void draw_move_list(const KioskView& view, const KioskFonts& fonts, float height,
                    PanelMemory& memory) {
  memory.moves_top = ImGui::GetCursorScreenPos().y;
  section_title(fonts, "Moves");
  const MoveListView& moves = view.moves;
  const int columns = 1 + static_cast<int>(moves.columns.size());
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_PadOuterX;
  ImGui::PushFont(fonts.body);
  if (!ImGui::BeginTable("##moves", columns, flags, {0, std::max(height, 40.0f)})) {
    ImGui::PopFont();
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000").x);
  for (const SeatIndex seat : moves.columns) {
    ImGui::TableSetupColumn(seat_name(view, seat).c_str(), ImGuiTableColumnFlags_WidthStretch);
  }
  // Header row with seat-coloured names.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::PushFont(fonts.small);
  for (int c = 0; c < columns; ++c) {
    ImGui::TableSetColumnIndex(c);
    if (c == 0) {
      text_coloured(palette::kTextMuted, "#");
      continue;
    }
    const SeatView* seat = view.seat(moves.columns[static_cast<std::size_t>(c - 1)]);
    if (seat) {
      // Readable on the header row (session 19: Black's accent was 4.0:1,
      // chess.com's Red 2.6:1; WCAG AA asks 4.5:1).
      text_coloured(to_imu32(text_accent(seat->colour, kTableHeader)), seat->name);
    }
  }
  ImGui::PopFont();
  for (const MoveRound& round : moves.rounds) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushFont(fonts.small);
    text_coloured(palette::kTextMuted, std::to_string(round.number));
    ImGui::PopFont();
    for (const std::string& ply : round.plies) {
      ImGui::TableNextColumn();
      // A long ply ("Qm7xKn8#", "resigns") in the small font, else wrapped,
      // never cut at the column's edge (issue 27 item 8).
      const bool wide = ImGui::CalcTextSize(ply.c_str()).x > ImGui::GetContentRegionAvail().x;
      if (wide) ImGui::PushFont(fonts.small);
      wrapped(ply);
      if (wide) ImGui::PopFont();
    }
  }
  // The latest move stays in view: every new ply (not only a new round)
  // scrolls to the end, for a few frames while the table learns its height.
  // So does a list made shorter by what grows above it (issue 27 item 8: a
  // resumed game's list was scrolled to its end in its first frames, then a
  // two-line bot announcement or a notice took a row and the last round
  // went out of view).
  std::size_t plies = 0;
  for (const MoveRound& round : moves.rounds) {
    for (const std::string& ply : round.plies) plies += ply.empty() ? 0 : 1;
  }
  if (memory.plies_seen != plies || memory.moves_height != height) {
    memory.plies_seen = plies;
    memory.moves_height = height;
    memory.follow_frames = 3;
  }
  if (memory.follow_frames > 0) {
    --memory.follow_frames;
    ImGui::SetScrollY(ImGui::GetScrollMaxY() + 1000.0f);
  }
  ImGui::EndTable();
  memory.moves_bottom = ImGui::GetItemRectMax().y;
  ImGui::PopFont();
}

}  // namespace tabula::ui
