// The hub screen. Section index: views, grid, full board, side panel, frame.
#include "ui/hub/hub_screen.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/player_name.h"
#include "ui/board_view.h"
#include "ui/text_button.h"

namespace tabula::ui {

namespace {

constexpr ImU32 kOffline = IM_COL32(150, 150, 150, 255);
constexpr ImU32 kAlert = IM_COL32(220, 60, 50, 255);
constexpr ImU32 kQuiet = IM_COL32(60, 160, 90, 255);

Edge bottom_of(const KioskView& v) {
  const SeatView* s = v.seat(v.orientation);
  return s ? s->edge : Edge::kSouth;
}

// The move (round) a ply belongs to: plies are counted one per seat, so a
// round of a four-player game is one move (issue 18: the hub numbered plies
// as moves). Rounds that skip a seat that is out count as full ones here.
int move_number(const hub::wire::BoardState* st, int ply) {
  const int seats = st != nullptr && st->seats_size() > 0 ? st->seats_size() : 2;
  return (std::max(ply, 1) - 1) / seats + 1;
}

// The next item on this line when `width` more pixels fit, else below.
void same_line_if(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

std::size_t open_alerts_of(const hub::HubModel& m, const std::string& board, bool alarms_only = false) {
  std::size_t n = 0;
  for (const hub::Alert& a : m.alerts()) {
    if (alarms_only && hub::tone(a.kind) != hub::AlertTone::kAlarm) continue;
    n += !a.acknowledged && a.board == board ? 1 : 0;
  }
  return n;
}

bool not_recording(const hub::BoardEntry& b) { return b.state && !b.state->not_recording().empty(); }

}  // namespace

std::string board_summary(const hub::BoardEntry& b, bool why) {
  if (!b.state) return "waiting for the board's state";
  const hub::wire::BoardState& st = *b.state;
  // "Ann (White) to move": the player named as the kiosk names him (s30-words).
  std::string s = st.over() ? "over: " + st.result_reason() : seat_with_player(st, st.to_move()) + " to move";
  s += st.moves() == 0 ? ", no move yet" : ", move " + std::to_string(move_number(&st, st.moves() + (st.over() ? 0 : 1)));
  if (st.paused()) s += ", PAUSED";
  if (st.tracker() == hub::wire::TRACKER_STATE_OUT_OF_SYNC) s += ", OUT OF SYNC";
  // Session 20: the board plays on, but nothing it shows is journaled; the
  // board's own words (quoted short and printable: a board's text).
  if (not_recording(b)) s += ", NOT RECORDING" + (why ? " (" + core::shown_text(st.not_recording(), 120) + ")" : "");
  return s;
}

std::string board_title(const hub::BoardEntry& b, std::size_t open_alerts) {
  return b.board + (b.online == false ? " (offline)" : "") + (not_recording(b) ? " (NOT RECORDING)" : "") +
         (open_alerts ? "  [" + std::to_string(open_alerts) + (open_alerts == 1 ? " alert]" : " alerts]") : "");
}

// ---- views ----------------------------------------------------------------------

const KioskView* HubScreen::view_for(const hub::BoardEntry& b, std::string& error) {
  if (!b.state) {
    error = "no state yet";
    return nullptr;
  }
  Cached& c = views_[b.board];
  std::string key = b.state->SerializeAsString();
  if (c.key != key || (!c.view && c.error.empty())) {
    c.key = std::move(key);
    c.error.clear();
    c.view = hub_view_of(*b.state, rules_, c.error);
  }
  error = c.error;
  return c.view ? &*c.view : nullptr;
}

// ---- grid -----------------------------------------------------------------------

void HubScreen::draw_grid(const hub::HubModel& model, float x0, float y0, float x1, float y1, double time_s) {
  const int n = static_cast<int>(model.boards().size());
  if (n == 0) {
    ImGui::SetCursorScreenPos({x0 + 20, y0 + 20});
    ImGui::TextUnformatted("No board has published yet.");
    return;
  }
  // As many columns as keep the cells closest to square.
  const float w = x1 - x0;
  const float h = y1 - y0;
  int cols = std::max(1, static_cast<int>(std::ceil(std::sqrt(n * w / std::max(h, 1.0f)))));
  const int rows = (n + cols - 1) / cols;
  const float cw = w / static_cast<float>(cols);
  const float ch = h / static_cast<float>(rows);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  int i = 0;
  for (const auto& [name, b] : model.boards()) {
    const float cx = x0 + static_cast<float>(i % cols) * cw;
    const float cy = y0 + static_cast<float>(i / cols) * ch;
    ++i;
    ImGui::PushID(name.c_str());
    const std::size_t alerts = open_alerts_of(model, name);
    const bool offline = b.online == false;
    // Session 22: an all-clear alone ("records again") is counted, not drawn red.
    const bool loud = open_alerts_of(model, name, /*alarms_only=*/true) > 0 || not_recording(b);
    const ImU32 frame = offline ? kOffline : loud ? kAlert : kQuiet;
    draw->AddRect({cx + 2, cy + 2}, {cx + cw - 2, cy + ch - 2}, frame, 4.0f, 0, loud ? 3.0f : 1.5f);
    draw->AddText({cx + 8, cy + 5}, frame, board_title(b, alerts).c_str());
    // The cell's own line, clipped to the cell (a long one ran into the next).
    draw->PushClipRect({cx + 2, cy + 2}, {cx + cw - 2, cy + ch - 2}, true);
    draw->AddText({cx + 8, cy + ch - line - 2}, IM_COL32(230, 230, 230, 255), board_summary(b, false).c_str());
    draw->PopClipRect();
    std::string error;
    const KioskView* v = view_for(b, error);
    const PixelRect area{cx + 6, cy + line + 6, cx + cw - 6, cy + ch - line - 6};
    if (v && area.width() > 20 && area.height() > 20) {
      const BoardLayout layout(v->board, bottom_of(*v), area);
      if (draw_board(*v, layout, fonts_, time_s)) open_ = name;  // a click on the board opens it
    } else if (!error.empty()) {
      draw->AddText({cx + 8, cy + 2 * line + 5}, kAlert, error.c_str());
    }
    // ...and so does a click anywhere else in the cell.
    ImGui::SetCursorScreenPos({cx, cy});
    if (ImGui::InvisibleButton("##open", {std::max(cw, 1.0f), std::max(ch, 1.0f)})) open_ = name;
    ImGui::PopID();
  }
}

// ---- full board -------------------------------------------------------------------

void HubScreen::draw_full(const hub::BoardEntry& b, const HubSide& side, float x0, float y0, float x1, float y1,
                          double time_s, std::vector<HubIntent>& intents) {
  const float panel = std::min(420.0f, (x1 - x0) * 0.38f);
  std::string error;
  const KioskView* v = view_for(b, error);
  if (v) {
    const BoardLayout layout(v->board, bottom_of(*v), PixelRect{x0 + 10, y0 + 10, x1 - panel - 10, y1 - 10});
    ImGui::PushID("full");
    draw_board(*v, layout, fonts_, time_s);
    ImGui::PopID();
  }
  ImGui::SetCursorScreenPos({x1 - panel, y0 + 10});
  ImGui::BeginChild("##full_panel", {panel - 10, y1 - y0 - 20});
  if (ImGui::Button("Back to all boards")) open_.reset();
  ImGui::Text("Board %s", board_title(b, 0).c_str());
  if (!error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1), "%s", error.c_str());
  ImGui::TextWrapped("%s", board_summary(b).c_str());
  if (b.state) {
    const hub::wire::BoardState& st = *b.state;
    for (int i = 0; i < st.seats_size(); ++i) {
      const hub::wire::Seat& s = st.seats(i);
      std::string clock = st.clocks_known() ? "  " + std::to_string(s.clock_ms() / 60000) + ":" +
                                                  (s.clock_ms() / 1000 % 60 < 10 ? "0" : "") +
                                                  std::to_string(s.clock_ms() / 1000 % 60)
                                            : "";
      // "> Ann (White)", "bot, level 2 (Dark Brown)"; points only where the
      // variant keeps a ledger (Chess Four's seats all said "0"). s31-hall:
      // how each seat stands in the kiosk's words ("won", "checkmated",
      // "resigned", "2nd place"...), and nobody to move once the game is over
      // (the last seat to move kept its ">").
      const std::string points = v && v->ledger != LedgerKind::kNone ? "  " + std::to_string(s.points()) : "";
      const SeatView* seat =
          v && i < static_cast<int>(v->seats.size()) ? &v->seats[static_cast<std::size_t>(i)] : nullptr;
      const std::string how = seat && seat->status != SeatStatus::kLive ? "  " + seat_status_words(*seat) : "";
      ImGui::Text("%s%s%s%s%s", i == st.to_move() && !st.over() ? "> " : "  ", seat_title(s).c_str(), points.c_str(),
                  clock.c_str(), how.c_str());
    }
    if (side.can_act && !st.takes_no_actions().empty()) {
      // Session 27: said up front, no buttons (the board would refuse each).
      ImGui::Separator();
      ImGui::TextWrapped("No arbiter actions: %s", core::shown_text(st.takes_no_actions(), 200).c_str());
    } else if (side.can_act) {
      ImGui::Separator();
      ImGui::TextUnformatted("Arbiter actions (signed):");
      auto act = [&](hub::wire::ActionKind k, const char* label, int count, bool draw_result, int winner) {
        // Session 29: a seat's name is the board's text: "Re##d" showed as
        // "Re" (ImGui's id separator); it is drawn whole (text_button.h),
        // and a name wider than the panel is cut inside its button, not
        // past the panel's edge.
        const float room = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
        if (!text_button(label, label, {std::min(text_button_width(label), room), 0})) return;
        HubIntent in;
        in.kind = HubIntentKind::kAction;
        in.action.set_board(b.board);
        in.action.set_kind(k);
        in.action.set_count(count);
        in.action.set_draw(draw_result);
        in.action.set_winner(winner);
        intents.push_back(std::move(in));
      };
      // Buttons flow onto the next line rather than past the panel's edge.
      act(st.paused() ? hub::wire::ACTION_KIND_RESUME : hub::wire::ACTION_KIND_PAUSE, st.paused() ? "Resume" : "Pause",
          0, false, -1);
      same_line_if(button_width("Take back 1"));
      act(hub::wire::ACTION_KIND_TAKEBACK, "Take back 1", 1, false, -1);
      same_line_if(button_width("Adjudicate draw"));
      act(hub::wire::ACTION_KIND_ADJUDICATE, "Adjudicate draw", 0, true, -1);
      for (int i = 0; i < st.seats_size(); ++i) {
        const std::string label = st.seats(i).name() + " wins";
        ImGui::PushID(i);
        if (i > 0) same_line_if(text_button_width(label));
        act(hub::wire::ACTION_KIND_ADJUDICATE, label.c_str(), 0, false, i);
        ImGui::PopID();
      }
    }
    ImGui::Separator();
    ImGui::TextUnformatted("Moves:");
    std::string moves;
    const int seats = std::max(1, st.seats_size());
    for (int i = 0; i < st.record_size(); ++i) {
      if (i % seats == 0) moves += (i ? " " : "") + std::to_string(i / seats + 1) + ".";
      moves += " " + st.record(i);
    }
    ImGui::TextWrapped("%s", moves.c_str());
  }
  ImGui::Separator();
  // Session 28: a board offline since before this hub started answers no
  // resend; its stream is the one the tournament record kept, and says so.
  const std::deque<hub::wire::StreamItem>& stream = b.shown_stream();
  // s31-hall: the seats' names and players found once per board, not for each ruling.
  const SeatWords* words = nullptr;
  if (b.state) {
    SeatWords& kept = views_[b.board].words;
    kept.update(*b.state);
    words = &kept;
  }
  if (b.stream_from_record()) {
    ImGui::TextWrapped("Stream (newest first), kept in the tournament record: %s",
                       b.online == false ? "the board is offline and has not sent it to this hub"
                                         : "the board has not sent it to this hub yet");
  } else {
    ImGui::TextUnformatted("Stream (newest first):");
  }
  for (auto it = stream.rbegin(); it != stream.rend(); ++it) {
    if (it->has_move()) {
      ImGui::TextWrapped("#%llu  %d. %s %s", static_cast<unsigned long long>(it->seq()),
                         move_number(b.state ? &*b.state : nullptr, it->move().number()),
                         b.state ? seat_with_player(*b.state, it->move().seat()).c_str() : "",
                         it->move().text().c_str());
    } else if (it->has_ruling()) {
      // s30-words: "Ann (White) is in check", as the kiosk shows it.
      const std::string text = words ? with_players(*words, it->ruling().text()) : it->ruling().text();
      ImGui::TextWrapped("#%llu  %s: %s", static_cast<unsigned long long>(it->seq()), it->ruling().severity().c_str(),
                         text.c_str());
    } else if (it->has_reply()) {
      ImGui::TextWrapped("#%llu  action %s: %s", static_cast<unsigned long long>(it->seq()),
                         it->reply().accepted() ? "done" : "REFUSED", it->reply().text().c_str());
    }
  }
  ImGui::EndChild();
}

// ---- side panel -----------------------------------------------------------------

ImVec4 alert_colour(hub::AlertKind kind) {
  // Session 22: an all-clear ("records again") is news that a trouble ended:
  // a calm green, not the alarms' red.
  return hub::tone(kind) == hub::AlertTone::kAllClear ? ImVec4(0.45f, 0.82f, 0.55f, 1)
                                                       : ImVec4(0.95f, 0.45f, 0.35f, 1);
}

AlertLists alert_lists(const hub::HubModel& model, std::size_t shown) {
  AlertLists out;
  const auto& alerts = model.alerts();
  for (auto it = alerts.rbegin(); it != alerts.rend(); ++it) {
    std::vector<const hub::Alert*>& list = it->acknowledged ? out.history : out.open;
    (it->acknowledged ? out.history_count : out.open_count) += 1;
    if (list.size() < shown) list.push_back(&*it);
  }
  return out;
}

void HubScreen::draw_side(const hub::HubModel& model, const HubSide& side, std::vector<HubIntent>& intents) {
  // The alerts drawn: a hub keeps every one it raised (20 open per board at
  // most, hub_model.h); the side panel lists the newest of each list.
  constexpr std::size_t kShownAlerts = 50;
  const AlertLists lists = alert_lists(model, kShownAlerts);
  ImGui::Text("Alerts (%zu open)", lists.open_count);
  // Session 26: as tall as what it holds (as measured in the last frame),
  // at most kAlertShare of the panel, scrolling beyond; it took 55% of the
  // panel however few alerts there were, and the standings got what was left.
  const float panel_h = ImGui::GetContentRegionAvail().y;
  const float least = 2 * ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetStyle().WindowPadding.y;
  const float box_h = std::clamp(alerts_content_h_, least, std::max(least, panel_h * kAlertShare));
  ImGui::BeginChild("##alerts", {0, box_h}, true);
  for (const hub::Alert* a : lists.open) {
    ImGui::PushID(static_cast<int>(a->id));
    ImGui::TextColored(alert_colour(a->kind), "%s", hub::to_string(a->kind));
    same_line_if(button_width("Open"));
    if (ImGui::SmallButton("Open")) open_ = a->board;
    same_line_if(button_width("OK"));
    if (ImGui::SmallButton("OK")) intents.push_back({HubIntentKind::kAcknowledge, a->id, {}});
    // Session 29: raised before this hub started, from the tournament record.
    ImGui::TextWrapped("%s%s", a->text.c_str(),
                       a->from_record ? " (raised before the hub started, kept in the tournament record)" : "");
    ImGui::PopID();
  }
  if (lists.open.empty()) ImGui::TextDisabled("No open alert.");
  // Acknowledged: out of the way, not lost (closed until the arbiter opens it).
  const std::string history = "History (" + std::to_string(lists.history_count) + " acknowledged)###alert_history";
  if (!lists.history.empty() && ImGui::CollapsingHeader(history.c_str())) {
    for (const hub::Alert* a : lists.history) {
      ImGui::PushID(static_cast<int>(a->id));
      ImGui::TextDisabled("%s", hub::to_string(a->kind));
      same_line_if(button_width("Open"));
      if (ImGui::SmallButton("Open")) open_ = a->board;
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      // Session 19: acknowledged on another hub (the web page) says where;
      // session 22: closed by itself (the record took the game) says how.
      if (!a->cleared.empty()) {
        ImGui::TextWrapped("%s (%s)", a->text.c_str(), a->cleared.c_str());
      } else if (a->acknowledged_by.empty()) {
        ImGui::TextWrapped("%s", a->text.c_str());
      } else {
        ImGui::TextWrapped("%s (acknowledged on %s)", a->text.c_str(), a->acknowledged_by.c_str());
      }
      ImGui::PopStyleColor();
      ImGui::PopID();
    }
  }
  // The content's height (the cursor's place is the window's, scroll included).
  alerts_content_h_ = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::EndChild();
  // Session 26: the event's standings in a box of their own, first, with
  // the room that is left; the club's ladder below them, as tall as it is
  // and at most kLadderShare of that room. Before, the standings came after
  // the ladder in one box: at 1280x720, with the alert box's 55%, not one
  // standings row showed. Without an event kept in the record, the ladder
  // box has it all.
  const bool event_shown = !side.event_standings.empty() || !side.event_standings_note.empty();
  if (event_shown) {
    const float rest = ImGui::GetContentRegionAvail().y;
    const float ladder_h = std::clamp(ladder_content_h_, least, std::max(least, rest * kLadderShare));
    ImGui::BeginChild("##standings", {0, std::max(least, rest - ladder_h - ImGui::GetFrameHeightWithSpacing())},
                      true);
    draw_event_standings(side);
    ImGui::EndChild();
  }
  ImGui::TextUnformatted("Ladder");
  ImGui::BeginChild("##ladder", {0, 0}, true);
  if (ImGui::BeginTable("##ladder_table", 3)) {
    for (std::size_t i = 0; i < side.ladder.size() && i < 40; ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%zu. %s", i + 1, side.ladder[i].player.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", side.ladder[i].rating);
      ImGui::TableNextColumn();
      ImGui::Text("%d game%s", side.ladder[i].games, side.ladder[i].games == 1 ? "" : "s");  // s27: "1 games" before
    }
    ImGui::EndTable();
  }
  // Session 25 (pictured at 1920x1080): an empty ladder said nothing, so
  // the event's standings next to it read as the ladder.
  if (side.ladder.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextMuted));
    ImGui::TextUnformatted("No rated game yet.");
    ImGui::PopStyleColor();
  }
  if (!event_shown && !side.standings.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted("Standings");
    for (std::size_t i = 0; i < side.standings.size() && i < 40; ++i) {
      ImGui::Text("%zu. %s  %.1f / %d", i + 1, side.standings[i].player.c_str(), side.standings[i].score,
                  side.standings[i].games);
    }
  }
  ladder_content_h_ = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::EndChild();
}

void HubScreen::draw_event_standings(const HubSide& side) {
  // A failed read's note above the standings it qualifies (session 25: under
  // them it was scrolled out of the panel by a long table).
  if (!side.event_standings_note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kWarning));
    ImGui::TextWrapped("%s", side.event_standings_note.c_str());
    ImGui::PopStyleColor();
  }
  // The event's standings: place, player, points, games, Buchholz, firsts
  // (the side panel is narrow; the file and `tabula event standings` have
  // every column).
  bool first = side.event_standings_note.empty();
  for (const event::StandingsTable& t : side.event_standings) {
    if (!std::exchange(first, false)) ImGui::Separator();
    ImGui::TextWrapped("%s", t.title.c_str());
    constexpr int kShown[] = {0, 1, 3, 4, 5, 7};
    if (ImGui::BeginTable(("##event_" + t.title).c_str(), 6, ImGuiTableFlags_SizingFixedFit)) {
      // A long name is cut in its own cell, not the numbers after it.
      for (int c : kShown) {
        ImGui::TableSetupColumn(t.columns[static_cast<std::size_t>(c)].c_str(),
                                c == 1 ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed);
      }
      ImGui::TableHeadersRow();
      for (std::size_t i = 0; i < t.rows.size() && i < 64; ++i) {
        ImGui::TableNextRow();
        for (int c : kShown) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(t.rows[i][static_cast<std::size_t>(c)].c_str());
        }
      }
      ImGui::EndTable();
    }
  }
}

// ---- frame ------------------------------------------------------------------------

std::vector<HubIntent> HubScreen::draw(const hub::HubModel& model, const HubSide& side, double time_s) {
  std::vector<HubIntent> intents;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::Begin("##hub", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (captured_) ImGui::LogToBuffer();  // ended by this window's End(), which empties the log
  const float line = ImGui::GetTextLineHeightWithSpacing();
  ImGui::Text("Tabula hub - %s   %zu board%s   %s", model.event().c_str(), model.boards().size(),
              model.boards().size() == 1 ? "" : "s",
              side.connected ? "broker connected" : ("broker: " + side.status).c_str());
  const float x0 = vp->Pos.x;
  const float y0 = vp->Pos.y + line + 8;
  const float x1 = vp->Pos.x + vp->Size.x;
  const float y1 = vp->Pos.y + vp->Size.y;
  const float side_w = std::min(380.0f, vp->Size.x * 0.3f);
  const hub::BoardEntry* open = open_ ? model.board(*open_) : nullptr;
  if (open) {
    draw_full(*open, side, x0, y0, x1 - side_w, y1, time_s, intents);
  } else {
    open_.reset();
    draw_grid(model, x0, y0, x1 - side_w, y1, time_s);
  }
  ImGui::SetCursorScreenPos({x1 - side_w + 4, y0});
  ImGui::BeginChild("##side", {side_w - 12, y1 - y0 - 12});
  draw_side(model, side, intents);
  ImGui::EndChild();
  if (captured_) *captured_ = ImGui::GetCurrentContext()->LogBuffer.c_str();
  ImGui::End();
  return intents;
}

}  // namespace tabula::ui
