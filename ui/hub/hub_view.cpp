#include "ui/hub/hub_view.h"

#include <algorithm>
#include <cctype>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/quote.h"
#include "session/player_words.h"
#include "session/snapshot.h"
#include "ui/session_view.h"

namespace tabula::ui {

namespace {

constexpr std::size_t kMaxVariantId = 64;

session::Phase phase_of(hub::wire::Phase p) {
  switch (p) {
    case hub::wire::PHASE_PLAY: return session::Phase::kPlay;
    case hub::wire::PHASE_CHOOSING: return session::Phase::kChoosing;
    case hub::wire::PHASE_RESTORE: return session::Phase::kRestore;
    case hub::wire::PHASE_OVER: return session::Phase::kOver;
    default: return session::Phase::kSetup;
  }
}

core::SeatStatus status_of(hub::wire::SeatStatus s) {
  switch (s) {
    case hub::wire::SEAT_STATUS_CHECKMATED: return core::SeatStatus::kCheckmated;
    case hub::wire::SEAT_STATUS_STALEMATED: return core::SeatStatus::kStalemated;
    case hub::wire::SEAT_STATUS_RESIGNED: return core::SeatStatus::kResigned;
    case hub::wire::SEAT_STATUS_FLAGGED: return core::SeatStatus::kFlagged;
    case hub::wire::SEAT_STATUS_REMOVED: return core::SeatStatus::kRemoved;
    default: return core::SeatStatus::kLive;
  }
}

}  // namespace

std::string seat_player(const hub::wire::Seat& seat) {
  if (!seat.player().empty()) return seat.player();
  return seat.bot().empty() ? std::string() : "bot, " + seat.bot();
}

std::string seat_title(const hub::wire::Seat& seat) {
  const std::string who = seat_player(seat);
  return who.empty() ? seat.name() : who + " (" + seat.name() + ")";
}

std::string seat_with_player(const hub::wire::BoardState& state, int i) {
  if (i < 0 || i >= state.seats_size()) return "-";
  const hub::wire::Seat& s = state.seats(i);
  return s.player().empty() ? s.name() : s.player() + " (" + s.name() + ")";
}

std::string with_players(const hub::wire::BoardState& state, std::string_view text) {
  SeatWords words;
  words.update(state);
  return with_players(words, text);
}

bool SeatWords::update(const hub::wire::BoardState& state) {
  const std::size_t n = static_cast<std::size_t>(state.seats_size());
  bool same = names.size() == n && players.size() == n;
  for (std::size_t i = 0; same && i < n; ++i) {
    const hub::wire::Seat& s = state.seats(static_cast<int>(i));
    same = names[i] == s.name() && players[i] == s.player();
  }
  if (same) return false;
  names.clear();
  players.clear();
  for (const hub::wire::Seat& s : state.seats()) {
    names.push_back(s.name());
    players.push_back(s.player());
  }
  return true;
}

std::string with_players(const SeatWords& words, std::string_view text) {
  return session::with_players(text, words.names, words.players);
}

std::optional<KioskView> hub_view_of(const hub::wire::BoardState& st, RulesCache& cache, std::string& error) {
  const std::string id = st.stage_variant().empty() ? st.variant() : st.stage_variant();
  // A variant id is a short name of letters, digits, '-', '_' and '.'; any
  // other text from the broker is named quoted, and not loaded nor kept in
  // the cache (which remembers every id it failed on).
  const bool plausible = !id.empty() && id.size() <= kMaxVariantId &&
                         std::all_of(id.begin(), id.end(), [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                         });
  if (!plausible) {
    error = "board " + core::printable_input(st.board()) + ": variant " + core::quote_input(id) + " is no variant name";
    return std::nullopt;
  }
  std::shared_ptr<const core::RuleSet> rules = cache.get(id, error);
  if (!rules) return std::nullopt;
  core::SeatPoints points{};
  core::Result<core::Position> pos = rules->four_player_notation ? core::parse_fen4(*rules, st.position(), &points)
                                                                 : core::parse_fen(*rules, st.position());
  if (!pos.ok()) {
    // The state comes from the broker: its board name and position may be
    // anything a publisher sent (a megabyte, escapes). Quoted short and
    // printable, as board_json.cpp cuts the position it shows.
    error = "board " + core::printable_input(st.board()) + ": position " + core::quote_input(st.position()) + ": " +
            core::printable_input(pos.error().message, 200);
    return std::nullopt;
  }
  session::Snapshot snap(*pos);
  snap.phase = phase_of(st.phase());
  snap.stage = st.stage();
  snap.to_move = st.to_move() >= 0 && st.to_move() < rules->seat_count() ? core::seat_at(st.to_move()) : core::kNoSeat;
  for (int i = 0; i < st.seats_size() && i < core::kMaxSeats; ++i) {
    snap.statuses[static_cast<std::size_t>(i)] = status_of(st.seats(i).status());
    snap.points[static_cast<std::size_t>(i)] = st.seats(i).points();
  }
  snap.outcome.over = st.over();
  snap.outcome.draw = st.draw();
  snap.outcome.reason = st.result_reason();
  // s31-hall: the ranking too, so the end marks the winners (with their team)
  // "won" as the kiosk does: without it every seat still in play was "lost",
  // and the winner's seat strip drawn greyed, as a seat out of the game.
  for (int r : st.ranking())
    if (r >= 0 && r < rules->seat_count()) snap.outcome.ranking.push_back(core::seat_at(r));
  snap.tracker = st.tracker() == hub::wire::TRACKER_STATE_OUT_OF_SYNC ? inference::TrackerState::kMismatch
                                                                      : inference::TrackerState::kInSync;
  KioskView v = view_of(snap, *rules);
  // Who plays each seat, as the kiosk keeps it (ui/panels.h seat_label():
  // "Ann (Red)", "bot, level 2 (Green)"; s31-hall: the name said "Red (Ann)").
  for (int i = 0; i < st.seats_size() && i < static_cast<int>(v.seats.size()); ++i)
    v.seats[static_cast<std::size_t>(i)].player = seat_player(st.seats(i));
  v.subtitle = st.over() ? "over: " + st.result_reason() : std::to_string(st.moves()) + (st.moves() == 1 ? " move" : " moves");
  return v;
}

}  // namespace tabula::ui
