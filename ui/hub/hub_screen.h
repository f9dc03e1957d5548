// hub_screen.h — the arbiter's hub screen: every board of the event as a
// grid of live mini-boards, the alerts, the ladder; any board opened in
// full with the arbiter's actions for it.
//
// Immediate-mode like the kiosk (STYLE 18): each frame draws from the
// HubModel and what the caller read from the tournament record, and returns
// HubIntents; the screen keeps only presentation state (which board is
// open, the cached views). Boards are drawn with the kiosk's draw_board().
// Needs a current ImGui context; call draw() between NewFrame() and
// Render(). Not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "event/standings.h"
#include "hub/hub_model.h"
#include "hub/tournament.h"
#include "ui/hub/hub_view.h"
#include "ui/theme.h"

namespace tabula::ui {

enum class HubIntentKind { kAcknowledge, kAction };

// The line under a board's mini-board and in its panel: who is to move, the
// move, the result, and what needs the arbiter (PAUSED, OUT OF SYNC, and
// session 20's NOT RECORDING: the board's journal cannot be written, with
// the board's words when `why`; the grid's cell is too narrow for them).
std::string board_summary(const hub::BoardEntry& b, bool why = true);
// A mini-board's title: "t1 (offline) (NOT RECORDING)  [2 alerts]".
std::string board_title(const hub::BoardEntry& b, std::size_t open_alerts);

struct HubIntent {
  HubIntentKind kind = HubIntentKind::kAcknowledge;
  std::uint64_t alert_id = 0;   // kAcknowledge
  hub::wire::Action action;     // kAction: board, kind and arguments (the client signs it)
};

// What the frame shows besides the model.
struct HubSide {
  bool connected = false;
  std::string status;                 // the connection's problem, "" when fine
  bool can_act = false;               // the hub holds the arbiter key
  std::vector<hub::Rating> ladder;    // best first
  std::vector<hub::Standing> standings;
  // The event's standings by section (tabula event, issue 35); empty when
  // no event is kept in the record.
  std::vector<event::StandingsTable> event_standings;
  // Session 24: read off the frame (event_standings_feed.h); while the
  // record cannot be read, the last read stays and this says why.
  std::string event_standings_note;
};

// The side panel's two alert lists, newest first: the open ones (each with
// its OK), and the history (acknowledged, kept as an arbiter expects: an
// alert acknowledged leaves the open list, it is not lost; s18-club). At
// most `shown` of each; the counts are of all.
struct AlertLists {
  std::vector<const hub::Alert*> open;
  std::vector<const hub::Alert*> history;
  std::size_t open_count = 0;
  std::size_t history_count = 0;
};
AlertLists alert_lists(const hub::HubModel& model, std::size_t shown);
// Session 22: the colour an alert's kind is written in, by its tone
// (hub::tone): the alarms' red, or an all-clear's calm green ("records
// again" was drawn in red like bad news).
ImVec4 alert_colour(hub::AlertKind kind);

class HubScreen {
 public:
  void set_fonts(const KioskFonts& fonts) { fonts_ = fonts; }
  // Opens `board` in full (nullopt: back to the grid).
  void open(std::optional<std::string> board) { open_ = std::move(board); }
  const std::optional<std::string>& opened() const { return open_; }

  std::vector<HubIntent> draw(const hub::HubModel& model, const HubSide& side, double time_s);
  // Session 27 (tests): with `out`, each draw() puts there the text it drew
  // and did not clip (ImGui's log: lines as laid out, table cells joined by
  // " | "), so the words on the screen can be read; nullptr: off.
  void capture_text(std::string* out) { captured_ = out; }

  // The view of a board's state, cached until the state changes; nullptr
  // (and the reason in `error`) when it cannot be drawn.
  const KioskView* view_for(const hub::BoardEntry& b, std::string& error);

 private:
  void draw_grid(const hub::HubModel& model, float x0, float y0, float x1, float y1, double time_s);
  void draw_full(const hub::BoardEntry& b, const HubSide& side, float x0, float y0, float x1, float y1,
                 double time_s, std::vector<HubIntent>& intents);
  void draw_side(const hub::HubModel& model, const HubSide& side, std::vector<HubIntent>& intents);
  void draw_event_standings(const HubSide& side);  // the note and the tables, in their box

  KioskFonts fonts_;
  RulesCache rules_;
  std::optional<std::string> open_;
  std::string* captured_ = nullptr;
  struct Cached {
    std::string key;  // the state's bytes it was built from
    std::optional<KioskView> view;
    std::string error;
    SeatWords words;  // s31-hall: the seats' names and players, for the stream's rulings
  };
  std::map<std::string, Cached> views_;
  // Session 26: the alert box's content height in the last frame (its box
  // is as tall as that, at most kAlertShare of the side panel).
  float alerts_content_h_ = 0;
  float ladder_content_h_ = 0;  // the same for the ladder's box, under the event's standings
};
// Session 26: the most of the side panel's height the alert box takes; the
// rest is the ladder's and the event's standings' (pictured at 1920x1080
// and 1280x720: the box took 55% whatever it held, and 40 players' standings
// showed 6 rows).
inline constexpr float kAlertShare = 0.35f;
// ... and the most of what is left below it the ladder takes while the
// event's standings are shown (above it).
inline constexpr float kLadderShare = 0.25f;

}  // namespace tabula::ui
