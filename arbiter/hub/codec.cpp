#include "hub/codec.h"

#include <algorithm>
#include <map>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/player_name.h"
#include "core/ruling.h"
#include "core/types.h"
#include "hub/action_auth.h"
#include "hub/topics.h"
#include "journal/archive.h"
#include "session/bot_seats.h"

// Section index: state, stream items, decoding.

namespace tabula::hub {

std::string game_id(const BoardInfo& info) { return info.header.created + " " + info.board; }

namespace {

wire::Phase phase_of(session::Phase p) {
  switch (p) {
    case session::Phase::kSetup: return wire::PHASE_SETUP;
    case session::Phase::kPlay: return wire::PHASE_PLAY;
    case session::Phase::kChoosing: return wire::PHASE_CHOOSING;
    case session::Phase::kRestore: return wire::PHASE_RESTORE;
    case session::Phase::kOver: return wire::PHASE_OVER;
  }
  return wire::PHASE_UNSPECIFIED;
}

wire::SeatStatus status_of(core::SeatStatus s) {
  switch (s) {
    case core::SeatStatus::kLive: return wire::SEAT_STATUS_LIVE;
    case core::SeatStatus::kCheckmated: return wire::SEAT_STATUS_CHECKMATED;
    case core::SeatStatus::kStalemated: return wire::SEAT_STATUS_STALEMATED;
    case core::SeatStatus::kResigned: return wire::SEAT_STATUS_RESIGNED;
    case core::SeatStatus::kFlagged: return wire::SEAT_STATUS_FLAGGED;
    case core::SeatStatus::kRemoved: return wire::SEAT_STATUS_REMOVED;
  }
  return wire::SEAT_STATUS_UNSPECIFIED;
}

// Matching, moving and awaiting a choice are all "a move in progress": the
// hub only needs to tell a quiet board from one the arbiter must look at.
wire::TrackerState tracker_of(inference::TrackerState t) {
  switch (t) {
    case inference::TrackerState::kInSync: return wire::TRACKER_STATE_IN_SYNC;
    case inference::TrackerState::kMismatch: return wire::TRACKER_STATE_OUT_OF_SYNC;
    default: return wire::TRACKER_STATE_MOVE_IN_PROGRESS;
  }
}

wire::StreamItem base_item(const BoardInfo& info, std::int64_t input_seq, std::int64_t time_ms, std::int64_t wall_ms) {
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event(info.event);
  it.set_board(info.board);
  it.set_input_seq(static_cast<std::uint64_t>(input_seq));
  it.set_session_ms(time_ms);
  it.set_wall_ms(wall_ms);
  it.set_game_id(game_id(info));
  return it;
}

constexpr std::string_view kMoveKind = "move";  // core::to_string(core::RulingKind::kMove)

}  // namespace

// ---- state ---------------------------------------------------------------------

wire::BoardState make_state(const BoardInfo& info, const session::Session& s, std::uint64_t through_seq,
                            const std::optional<ClockReading>& clocks, bool paused, std::int64_t wall_ms) {
  const session::Snapshot snap = s.snapshot();
  const core::Game& game = s.game();
  const core::RuleSet& rules = snap.position.rules();
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event(info.event);
  st.set_board(info.board);
  st.set_through_seq(through_seq);
  st.set_variant(info.header.variant);
  st.set_stage_variant(rules.id);
  st.set_stage(snap.stage);
  st.set_phase(phase_of(snap.phase));
  core::SeatPoints points{};
  for (int i = 0; i < rules.seat_count(); ++i) points[static_cast<std::size_t>(i)] = snap.points[static_cast<std::size_t>(i)];
  st.set_position(rules.four_player_notation ? core::to_fen4(snap.position, points) : core::to_fen(snap.position));
  st.set_to_move(snap.to_move == core::kNoSeat ? -1 : core::index_of(snap.to_move));
  for (int i = 0; i < rules.seat_count(); ++i) {
    const auto u = static_cast<std::size_t>(i);
    wire::Seat* seat = st.add_seats();
    seat->set_name(rules.seats[u].name);
    if (u < info.header.players.size()) seat->set_player(info.header.players[u]);
    seat->set_status(status_of(snap.statuses[u]));
    seat->set_points(snap.points[u]);
    if (clocks && u < clocks->remaining.size()) seat->set_clock_ms(clocks->remaining[u].count());
  }
  st.set_clocks_known(clocks.has_value());
  st.set_clock_running(clocks ? clocks->running : -1);
  st.set_paused(paused);
  // The session's own clock, when the shell gives none.
  if (!clocks && snap.clock) {
    const session::GameClock& k = *snap.clock;
    st.set_clocks_known(true);
    for (int i = 0; i < st.seats_size() && i < k.seat_count(); ++i) {
      st.mutable_seats(i)->set_clock_ms(k.remaining(i, snap.time).count());
    }
    const bool running = k.state() == session::GameClock::State::kRunning && k.running();
    st.set_clock_running(running ? *k.running() : -1);
    st.set_paused(paused || snap.clock_held || k.state() == session::GameClock::State::kPaused);
  }
  st.set_tracker(tracker_of(snap.tracker));
  st.set_over(snap.outcome.over);
  st.set_draw(snap.outcome.draw);
  st.set_result_reason(snap.outcome.reason);
  for (core::Seat r : snap.outcome.ranking) st.add_ranking(core::index_of(r));
  st.set_moves(static_cast<int>(s.moves().size()));
  if (!s.moves().empty()) st.set_last_move(s.moves().back().text);
  for (const session::AcceptedMove& m : s.moves()) st.add_record(m.text);
  st.set_session_ms(snap.time.count());
  st.set_wall_ms(wall_ms);
  st.set_site(info.header.site);
  st.set_game_id(game_id(info));
  st.set_start_position(info.header.start_name.empty() ? info.header.start_position : info.header.start_name);
  apply_bots(st, info.header.bots, rules);
  // s31-fallback: with the comments of a Stockfish seat's fallback, as the
  // board's own export (`tabula archive export`) has them.
  if (snap.outcome.over) st.set_pgn(journal::export_record(info.header, game, journal::bot_comments(info.header, s)));
  return st;
}

void carry_out_of_sync(const wire::BoardState* before, wire::BoardState& now) {
  if (now.tracker() != wire::TRACKER_STATE_OUT_OF_SYNC) {
    now.set_out_of_sync_since_seq(0);
    return;
  }
  const bool spell_goes_on = before && before->tracker() == wire::TRACKER_STATE_OUT_OF_SYNC &&
                             before->game_id() == now.game_id() && before->out_of_sync_since_seq() != 0;
  now.set_out_of_sync_since_seq(spell_goes_on ? before->out_of_sync_since_seq() : std::max<std::uint64_t>(now.through_seq(), 1));
}

void apply_bots(wire::BoardState& st, const std::string& bots, const core::RuleSet& rules) {
  // The journal's text ("Green=2"); one it cannot read marks no seat (the
  // kiosk refused it before the game began).
  core::Result<session::BotSeats> parsed = session::parse_bot_seats(bots, rules);
  for (int i = 0; i < st.seats_size(); ++i) {
    const session::BotSeat* b = parsed.ok() && i < rules.seat_count() ? parsed.value().find(core::seat_at(i)) : nullptr;
    st.mutable_seats(i)->set_bot(b ? session::level_name(*b) : "");
  }
}

// ---- stream items --------------------------------------------------------------

std::vector<wire::StreamItem> make_items(const BoardInfo& info, std::int64_t input_seq, const session::Output& out,
                                         int moves_before, std::int64_t wall_ms) {
  std::vector<wire::StreamItem> items;
  int number = moves_before;
  for (const session::AcceptedMove& m : out.moves) {
    wire::StreamItem it = base_item(info, input_seq, m.time.count(), wall_ms);
    wire::MoveItem* mv = it.mutable_move();
    mv->set_stage(m.stage);
    mv->set_seat(m.seat == core::kNoSeat ? -1 : core::index_of(m.seat));
    mv->set_text(m.text);
    mv->set_number(++number);
    items.push_back(std::move(it));
  }
  for (const session::Ruling& r : out.rulings) {
    const char* kind = r.game ? core::to_string(r.game->kind) : session::to_string(r.kind);
    if (kind == kMoveKind) continue;
    wire::StreamItem it = base_item(info, input_seq, r.time.count(), wall_ms);
    wire::RulingItem* ru = it.mutable_ruling();
    ru->set_kind(kind);
    ru->set_severity(core::to_string(r.severity));
    ru->set_text(r.text);
    items.push_back(std::move(it));
  }
  return items;
}

std::vector<wire::StreamItem> items_from_journal(const BoardInfo& info, const journal::JournalContents& c,
                                                 std::int64_t after_input_seq, std::int64_t wall_ms) {
  // Per input: its moves, then its rulings, as make_items orders them.
  std::map<std::int64_t, std::pair<std::vector<const journal::StoredMove*>, std::vector<const journal::StoredRuling*>>>
      by_input;
  int moves_before = 0;
  for (const journal::StoredMove& m : c.moves) {
    if (m.input_seq > after_input_seq) {
      by_input[m.input_seq].first.push_back(&m);
    } else {
      ++moves_before;
    }
  }
  for (const journal::StoredRuling& r : c.rulings) {
    if (r.input_seq > after_input_seq && r.kind != kMoveKind) by_input[r.input_seq].second.push_back(&r);
  }
  std::vector<wire::StreamItem> items;
  int number = moves_before;
  for (const auto& [input_seq, lists] : by_input) {
    for (const journal::StoredMove* m : lists.first) {
      wire::StreamItem it = base_item(info, input_seq, m->time_ms, wall_ms);
      wire::MoveItem* mv = it.mutable_move();
      mv->set_stage(m->stage);
      mv->set_seat(m->seat);
      mv->set_text(m->text);
      mv->set_number(++number);
      items.push_back(std::move(it));
    }
    for (const journal::StoredRuling* r : lists.second) {
      wire::StreamItem it = base_item(info, input_seq, r->time_ms, wall_ms);
      wire::RulingItem* ru = it.mutable_ruling();
      ru->set_kind(r->kind);
      ru->set_severity(r->severity);
      ru->set_text(r->text);
      items.push_back(std::move(it));
    }
  }
  return items;
}

std::int64_t epoch_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

wire::Presence make_presence(bool online, std::int64_t wall_ms, std::uint64_t sequence) {
  wire::Presence p;
  p.set_version(wire::PAYLOAD_VERSION_CURRENT);
  p.set_online(online);
  p.set_wall_ms(wall_ms);
  p.set_sequence(sequence);
  return p;
}

std::string encode(const google::protobuf::MessageLite& m) { return m.SerializeAsString(); }

// ---- decoding ------------------------------------------------------------------

std::size_t payload_limit(std::string_view topic) {
  if (parse_alert_acks_topic(topic)) return kMaxAlertAcksBytes;
  if (std::optional<ParsedTopic> t = parse_topic(topic)) {
    if (t->leaf == Leaf::kStream) return kMaxStreamItemBytes;
    if (t->leaf == Leaf::kAction) return kMaxActionBytes;
  }
  return kMaxPayloadBytes;
}

std::string oversized_text(std::string_view topic, std::size_t bytes, std::size_t limit) {
  const char* kind = limit == kMaxStreamItemBytes ? "a stream item"
                     : limit == kMaxActionBytes   ? "an action"
                     : limit == kMaxAlertAcksBytes ? "a set of acknowledged alerts"
                                                   : "a payload";
  return quote_short(topic) + ": the payload is " + std::to_string(bytes) + " bytes, more than the " +
         std::to_string(limit) + " " + kind + " takes; not read";
}

namespace {

template <typename M>
std::optional<M> decode(std::string_view payload, std::string_view topic, const char* what, std::string& error) {
  M m;
  if (payload.empty()) {
    error = std::string(topic) + ": empty payload, expected a " + what;
    return std::nullopt;
  }
  if (payload.size() > kMaxPayloadBytes) {
    error = std::string(topic) + ": the payload is " + std::to_string(payload.size()) + " bytes, more than the " +
            std::to_string(kMaxPayloadBytes) + " a payload takes; not read";
    return std::nullopt;
  }
  if (!m.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    error = std::string(topic) + ": the payload (" + std::to_string(payload.size()) + " bytes) is not a " + what +
            "; it is ignored";
    return std::nullopt;
  }
  if (m.version() != wire::PAYLOAD_VERSION_CURRENT) {
    error = std::string(topic) + ": " + what + " payload version " + std::to_string(m.version()) +
            ", this build reads version " + std::to_string(wire::PAYLOAD_VERSION_CURRENT) + "; it is ignored";
    return std::nullopt;
  }
  return m;
}

template <typename M>
bool names_match(const M& m, std::string_view topic, std::string& error) {
  std::string want = std::string("tabula/") + m.event() + "/" + m.board() + "/";
  if (topic.substr(0, want.size()) != want) {
    error = std::string(topic) + ": the payload names board " + quote_short(m.board()) + " of event " +
            quote_short(m.event()) + ", not this topic's; it is ignored";
    return false;
  }
  return true;
}

}  // namespace

std::optional<wire::BoardState> decode_state(std::string_view payload, std::string_view topic, std::string& error) {
  auto m = decode<wire::BoardState>(payload, topic, "BoardState", error);
  if (m && !names_match(*m, topic, error)) return std::nullopt;
  if (m && m->game_id().empty()) {  // every board names its game: the journal's creation time and the board
    error = std::string(topic) + ": state without a game id; it is ignored";
    return std::nullopt;
  }
  // Session 29, the attacker's pass: a game has at most core::kMaxSeats
  // seats, and a state within the payload limit held 90,000 (11 bytes a
  // named seat). The record's checks of a finished game are pairwise (a
  // player on two seats, the Elo changes, the standings' scores): 30,000
  // seats held the hub's record 18 s to record the game and 5 s at every
  // standings read after, for good. Refused here, the hub's one reader of
  // states, before the board's view or the record sees it.
  // Session 29: a game id ("<journal's creation> <board>") and a position
  // (a FEN or FEN4: under 2 KB on the largest board) are keys and input to
  // the rules, not texts to cut: one far longer than any board writes is
  // refused (a 100 KB game id was kept, keyed and sent whole to the page).
  if (m && (m->game_id().size() > kMaxGameIdBytes || m->position().size() > kMaxPositionBytes ||
            m->start_position().size() > kMaxPositionBytes)) {
    error = std::string(topic) + ": a state whose game id is " + std::to_string(m->game_id().size()) +
            " bytes and position " + std::to_string(std::max(m->position().size(), m->start_position().size())) +
            " bytes: at most " + std::to_string(kMaxGameIdBytes) + " and " + std::to_string(kMaxPositionBytes) +
            "; it is ignored";
    return std::nullopt;
  }
  if (m && (m->seats_size() > core::kMaxSeats || m->ranking_size() > core::kMaxSeats)) {
    error = std::string(topic) + ": a state of " + std::to_string(m->seats_size()) + " seats and " +
            std::to_string(m->ranking_size()) + " places: a game has at most " + std::to_string(core::kMaxSeats) +
            " seats; it is ignored";
    return std::nullopt;
  }
  return m;
}

void show_names_safely(wire::BoardState& st) {
  for (wire::Seat& seat : *st.mutable_seats()) {
    seat.set_player(core::shown_text(seat.player()));
    seat.set_name(core::shown_text(seat.name(), kMaxShownSeatChars));  // session 28: the seat's own name too
  }
  st.set_site(core::shown_text(st.site(), core::kMaxLineChars));
  // Session 29: the other texts of a state, cut as the items' are.
  st.set_last_move(core::shown_text(st.last_move(), kMaxShownMoveChars));
  for (std::string& move : *st.mutable_record()) move = core::shown_text(move, kMaxShownMoveChars);
  st.set_result_reason(core::shown_text(st.result_reason(), kMaxShownItemChars));
  st.set_not_recording(core::shown_text(st.not_recording(), kMaxShownItemChars));
  st.set_takes_no_actions(core::shown_text(st.takes_no_actions(), kMaxShownItemChars));
}

void show_texts_safely(wire::StreamItem& item) {
  auto shown = [](const std::string& text) { return core::shown_text(text, kMaxShownItemChars); };
  if (item.has_move()) item.mutable_move()->set_text(shown(item.move().text()));
  if (item.has_ruling()) {
    wire::RulingItem& r = *item.mutable_ruling();
    r.set_kind(shown(r.kind()));
    r.set_severity(shown(r.severity()));
    r.set_text(shown(r.text()));
  }
  if (item.has_reply()) item.mutable_reply()->set_text(shown(item.reply().text()));
}

std::optional<wire::StreamItem> decode_item(std::string_view payload, std::string_view topic, std::string& error) {
  if (payload.size() > kMaxStreamItemBytes && payload.size() <= kMaxPayloadBytes) {  // past both: decode says so
    error = std::string(topic) + ": a stream item of " + std::to_string(payload.size()) + " bytes, more than the " +
            std::to_string(kMaxStreamItemBytes) + " an item takes (a move, a ruling or a reply is a few hundred); "
            "not read";
    return std::nullopt;
  }
  auto m = decode<wire::StreamItem>(payload, topic, "StreamItem", error);
  if (m && !names_match(*m, topic, error)) return std::nullopt;
  if (m && m->seq() == 0) {
    error = std::string(topic) + ": stream item without a sequence number; it is ignored";
    return std::nullopt;
  }
  if (m && m->game_id().empty()) {  // else each one would start "a new game" and be applied again
    error = std::string(topic) + ": stream item without a game id; it is ignored";
    return std::nullopt;
  }
  return m;
}

std::optional<wire::Presence> decode_presence(std::string_view payload, std::string_view topic, std::string& error) {
  return decode<wire::Presence>(payload, topic, "Presence", error);
}

std::optional<wire::HubAck> decode_ack(std::string_view payload, std::string_view topic, std::string& error) {
  auto m = decode<wire::HubAck>(payload, topic, "HubAck", error);
  if (m && !names_match(*m, topic, error)) return std::nullopt;
  if (m && m->hub().empty()) {
    error = std::string(topic) + ": an acknowledgement that names no hub; it is ignored";
    return std::nullopt;
  }
  return m;
}

std::optional<wire::SyncRequest> decode_sync(std::string_view payload, std::string_view topic, std::string& error) {
  auto m = decode<wire::SyncRequest>(payload, topic, "SyncRequest", error);
  if (m && topic != std::string("tabula/") + m->event() + "/sync") {
    error = std::string(topic) + ": the request names event " + quote_short(m->event()) +
            ", not this topic's; it is ignored";
    return std::nullopt;
  }
  return m;
}

std::uint64_t digest_step(std::uint64_t d, std::string_view payload) {
  auto mix = [&d](unsigned char c) {
    d ^= c;
    d *= 1099511628211ULL;
  };
  std::uint64_t n = payload.size();
  for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(n >> (8 * i)));
  for (char c : payload) mix(static_cast<unsigned char>(c));
  return d;
}

}  // namespace tabula::hub
