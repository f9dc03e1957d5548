#include "hub/web/board_json.h"

#include <cstdio>
#include <cctype>
#include <deque>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/player_name.h"
#include "core/utf8_text.h"
#include "hub/web/json_writer.h"
#include "session/player_words.h"
#include "session/winners.h"

namespace tabula::hub::web {

const char* status_word(wire::SeatStatus s) {
  switch (s) {
    case wire::SEAT_STATUS_CHECKMATED: return "checkmated";
    case wire::SEAT_STATUS_STALEMATED: return "stalemated";
    case wire::SEAT_STATUS_RESIGNED: return "resigned";
    case wire::SEAT_STATUS_FLAGGED: return "flagged";
    case wire::SEAT_STATUS_REMOVED: return "removed";
    default: return "live";
  }
}

namespace {

const char* tracker_word(wire::TrackerState t) {
  switch (t) {
    case wire::TRACKER_STATE_MOVE_IN_PROGRESS: return "move in progress";
    case wire::TRACKER_STATE_ILLEGAL: return "illegal move";
    case wire::TRACKER_STATE_OUT_OF_SYNC: return "out of sync";
    default: return "in sync";
  }
}

// The variant's own colour for seat `i` ("#966225", variant.proto
// SeatDef.colour), or "" (the page picks by the seat's name).
std::string seat_colour(const core::RuleSet* rules, int i) {
  if (rules == nullptr || i >= rules->seat_count() || !rules->seats[static_cast<std::size_t>(i)].colour) return "";
  char text[8];
  std::snprintf(text, sizeof text, "#%06x", static_cast<unsigned>(*rules->seats[static_cast<std::size_t>(i)].colour & 0xFFFFFFU));
  return text;
}

}  // namespace

std::vector<RulingLine> rulings_through(const std::deque<wire::StreamItem>& items, std::uint64_t through_seq,
                                        std::size_t max) {
  std::vector<RulingLine> out;
  for (const wire::StreamItem& it : items) {
    if (it.seq() > through_seq || !it.has_ruling()) continue;
    out.push_back({it.ruling().severity(), it.ruling().text()});
  }
  if (out.size() > max) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(max));
  return out;
}

std::vector<std::pair<int, int>> squares_named(const core::RuleSet& rules, const std::string& text) {
  std::vector<std::pair<int, int>> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isalpha(static_cast<unsigned char>(text[i]))) continue;
    std::size_t j = i + 1;
    while (j < text.size() && j - i <= 2 && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i + 1) continue;
    core::Square s = rules.geometry.parse(std::string_view(text).substr(i, j - i));
    if (s == core::kNoSquare) continue;
    out.emplace_back(core::file_of(s), core::rank_of(s));
    i = j - 1;
  }
  return out;
}

std::string board_json(const wire::BoardState& st, std::optional<bool> online, const std::vector<RulingLine>& rulings,
                       int default_round, VariantCache& variants, Audience audience, std::string_view rulings_kept) {
  JsonWriter w;
  w.begin_object();
  w.key("board").value(st.board());
  w.key("variant").value(st.variant());
  w.key("game").value(st.game_id());
  w.key("round").value(st.round() > 0 ? st.round() : default_round);
  w.key("wall_ms").value(static_cast<std::int64_t>(st.wall_ms()));
  w.key("online");
  if (online) w.value(*online); else w.null();

  std::string error;
  const std::string id = st.stage_variant().empty() ? st.variant() : st.stage_variant();
  std::shared_ptr<const core::RuleSet> rules = variants.get(id, error);
  std::optional<core::Position> pos;
  if (rules) {
    core::Result<core::Position> r = rules->four_player_notation ? core::parse_fen4(*rules, st.position())
                                                                 : core::parse_fen(*rules, st.position());
    if (r.ok()) {
      pos = std::move(*r);
    } else {
      error = "position '" + std::string(core::utf8_prefix(st.position(), 200)) + "': " + r.error().message;
    }
  }
  w.key("error").value(error);
  // s30-table: the variant's name for the page's words ("Chess Four", not
  // "chess-four"); "" when it cannot be read (the page shows the id).
  w.key("variant_name").value(rules ? rules->name : std::string());
  if (rules) {
    const core::Geometry& g = rules->geometry;
    w.key("w").value(g.width());
    w.key("h").value(g.height());
    w.key("cells").begin_array();
    for (int rank = g.height() - 1; rank >= 0; --rank) {
      std::string row;
      for (int file = 0; file < g.width(); ++file) row += g.playable(core::make_square(file, rank)) ? '1' : '0';
      w.value(row);
    }
    w.end_array();
    w.key("ledger").value(rules->ledger.kind == core::LedgerKind::kPoints   ? "points"
                          : rules->ledger.kind == core::LedgerKind::kTokens ? "tokens"
                                                                            : "");
  }
  w.key("pieces").begin_array();
  if (pos) {
    const core::Geometry& g = rules->geometry;
    for (int rank = 0; rank < g.height(); ++rank) {
      for (int file = 0; file < g.width(); ++file) {
        core::Piece p = pos->at(core::make_square(file, rank));
        if (p.kind == core::kNoKind || p.seat == core::kNoSeat) continue;
        const int seat = core::index_of(p.seat);
        // A four-seat game goes on around an eliminated seat's pieces (dead
        // obstacles, or removed); a two-seat game ends with its loser, whose
        // pieces are not dead.
        const bool dead = st.seats_size() > 2 && seat < st.seats_size() &&
                          st.seats(seat).status() != wire::SEAT_STATUS_LIVE &&
                          st.seats(seat).status() != wire::SEAT_STATUS_UNSPECIFIED;
        w.begin_array().value(file).value(rank).value(seat);
        w.value(std::string(1, rules->piece(p.kind).letter)).value(dead).end_array();
      }
    }
  }
  w.end_array();
  w.key("last");
  std::vector<std::pair<int, int>> last = rules ? squares_named(*rules, st.last_move()) : std::vector<std::pair<int, int>>{};
  if (last.size() >= 2) {
    w.begin_array();
    for (std::size_t i = 0; i < 2; ++i) w.begin_array().value(last[i].first).value(last[i].second).end_array();
    w.end_array();
  } else {
    w.null();
  }
  w.key("last_move").value(st.last_move());
  w.key("moves").value(st.moves());
  w.key("seats").begin_array();
  for (int i = 0; i < st.seats_size(); ++i) {
    const wire::Seat& s = st.seats(i);
    w.begin_object();
    w.key("name").value(s.name());
    w.key("player").value(s.player());
    w.key("bot").value(s.bot());  // "level 2", "greedy"; "" a person (and every seat of an old board)
    w.key("colour").value(seat_colour(rules.get(), i));
    w.key("status").value(status_word(s.status()));
    w.key("points").value(s.points());
    w.key("clock_ms").value(static_cast<std::int64_t>(s.clock_ms()));
    w.end_object();
  }
  w.end_array();
  w.key("to_move").value(st.to_move());
  w.key("clocks").value(st.clocks_known());
  w.key("clock_running").value(st.clock_running());
  w.key("paused").value(st.paused());
  // Session 20: the board's journal cannot be written; session 21: its words
  // (which name the journal's file) for the arbiter only.
  w.key("not_recording").value(!st.not_recording().empty());
  if (audience == Audience::kArbiter) w.key("not_recording_why").value(core::utf8_prefix(st.not_recording(), 300));
  // Session 28: a board that takes no arbiter actions (`tabula play`,
  // BoardState.takes_no_actions, s27) says why; the arbiter's page shows the
  // words in place of the buttons, as the hall screen does. "" takes them
  // (and every board of before the field). The arbiter's view only: the
  // public's page has no buttons.
  if (audience == Audience::kArbiter) {
    w.key("takes_no_actions").value(core::shown_text(st.takes_no_actions(), 200));
  }
  w.key("tracker").value(tracker_word(st.tracker()));
  w.key("over").value(st.over());
  w.key("draw").value(st.draw());
  w.key("reason").value(st.result_reason());
  w.key("ranking").begin_array();
  for (int r : st.ranking()) w.value(r);
  w.end_array();
  // s31-hall: the seats that won, as the kiosk marks them "won": the
  // ranking's first with its team (session/winners.h; the page marked only
  // the first, so a Chess Four partner showed nothing). Without the
  // variant, the ranking's first; none while the game goes on, after a
  // draw, or for a first the board's seats do not have.
  w.key("winners").begin_array();
  if (st.over() && !st.draw() && st.ranking_size() > 0 && st.ranking(0) >= 0 && st.ranking(0) < st.seats_size()) {
    const int first = st.ranking(0);
    if (rules && first < rules->seat_count()) {
      for (core::Seat s : session::winning_side(*rules, core::seat_at(first)))
        if (core::index_of(s) < st.seats_size()) w.value(core::index_of(s));
    } else if (!rules) {
      w.value(first);
    }
  }
  w.end_array();
  w.key("rulings").begin_array();
  // s30-words: "said", the text with the players beside their seats ("Ann
  // (White) is in check"), as the kiosk shows it (session/player_words.h),
  // when a player is named in it; "text" stays the board's own.
  std::vector<std::string> seat_names, players;
  for (int i = 0; i < st.seats_size(); ++i) {
    seat_names.push_back(st.seats(i).name());
    players.push_back(st.seats(i).player());
  }
  for (const RulingLine& r : rulings) {
    w.begin_object().key("severity").value(r.severity).key("text").value(r.text);
    if (std::string said = session::with_players(r.text, seat_names, players); said != r.text) w.key("said").value(said);
    w.end_object();
  }
  w.end_array();
  w.key("rulings_kept").value(std::string(rulings_kept));
  w.end_object();
  return w.take();
}

}  // namespace tabula::hub::web
