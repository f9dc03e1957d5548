// codec.h — what a board publishes, built from the session, and the checked
// decoding of every hub payload (proto/hub.proto, package tabula.hub.wire).
//
// Section index: BoardInfo, ClockReading, make_state, apply_bots, make_items,
// items_from_journal, encode, decode_*.
//
// Building is pure (no I/O, no clock: wall times are passed in). Decoding
// never trusts the bytes: a payload that does not parse, carries another
// PayloadVersion, or names another event or board than its topic is refused
// with a message naming the topic and what is wrong. Thread-safe (no state).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tabula_proto/hub.pb.h"
#include "journal/journal.h"
#include "session/output.h"
#include "session/session.h"

namespace tabula::hub {

// Who a board is and the game it plays (constant for a publisher's life).
struct BoardInfo {
  std::string event;
  std::string board;
  journal::JournalHeader header;  // variant, start, players, created (the game id), site
};

// The table clock as the shell reads it; without one, the session's own
// clock (Snapshot::clock) is published.
struct ClockReading {
  std::vector<std::chrono::milliseconds> remaining;  // per seat, variant order
  int running = -1;                                  // seat index, -1 none
};

// The retained state after the session handled an input. `through_seq` is
// the last stream seq published before it.
wire::BoardState make_state(const BoardInfo& info, const session::Session& s, std::uint64_t through_seq,
                            const std::optional<ClockReading>& clocks, bool paused, std::int64_t wall_ms);

// Session 20: `now`'s out_of_sync_since_seq from the state before it: the
// spell's first through_seq while the tracker stays out of sync (carried
// from `before` when it was out of sync too), 0 when in sync.
void carry_out_of_sync(const wire::BoardState* before, wire::BoardState& now);

// Marks each seat a bot plays (Seat.bot: "level 2", "greedy") from the
// journal header's `bots` text ("Green=2"; session/bot_seats.h), and clears
// the others: what a spectator reads as "bot, level 2 (Green)".
void apply_bots(wire::BoardState& st, const std::string& bots, const core::RuleSet& rules);

// The stream items one input produced, without seq (the outbox numbers
// them): its accepted moves first, then its rulings except the core's "move"
// rulings (the move items say it). `moves_before`: accepted moves before this
// input, so MoveItem.number counts from 1 over the game.
std::vector<wire::StreamItem> make_items(const BoardInfo& info, std::int64_t input_seq, const session::Output& out,
                                         int moves_before, std::int64_t wall_ms);

// The same items for every journaled input after `after_input_seq`, from the
// journal's stored moves and rulings (the catch-up after a crash between the
// journal's commit and the outbox's). Equal to what make_items gave live.
std::vector<wire::StreamItem> items_from_journal(const BoardInfo& info, const journal::JournalContents& contents,
                                                 std::int64_t after_input_seq, std::int64_t wall_ms);

std::string encode(const google::protobuf::MessageLite& m);

// Decoding: nullopt and `error` set ("tabula/e/b/state: payload version 7,
// this build reads version 1") when the payload is refused. A payload over
// kMaxPayloadBytes is refused unread (what Tabula publishes is kilobytes: a
// state with a long game's record and PGN); names a refused payload carries
// are quoted short and printable (action_auth.h's quote_short).
inline constexpr std::size_t kMaxPayloadBytes = 1 << 20;
// Session 29: a state is also refused when it holds more seats or places
// than a game has (core::kMaxSeats), a game id over kMaxGameIdBytes (a board
// writes "<its journal's creation> <board>") or a position or start
// position over kMaxPositionBytes (a FEN4 of the largest board is under 2 KB).
inline constexpr std::size_t kMaxGameIdBytes = 256;
inline constexpr std::size_t kMaxPositionBytes = 8192;
std::optional<wire::BoardState> decode_state(std::string_view payload, std::string_view topic, std::string& error);
// A board's state as the hub shows and records it: each seat's player and the
// site held to the one name rule (core/player_name.h), a name it refuses
// shown as core::shown_text gives it ("Cem<U+202E>nna": a board whose journal
// was written before the rule, or by a hand). Called after the signature is
// checked (it covers what the board sent). Session 28: each seat's name too
// (a variant's "White", "Dark Brown"; at most kMaxShownSeatChars): an
// unnamed seat is recorded as "<board> <seat name>", and a line break in it
// split the record's list of players, so the game left the standings
// unsaid; the hall screen wrote it raw, 10 KB on one button.
// Session 29, the attacker's pass: and the state's other texts, which were
// kept whole: the last move and each move of the record (at most
// kMaxShownMoveChars), the result's reason and the board's words for why it
// is not recording or takes no actions (at most kMaxShownItemChars). A
// state of 850 KB with 150 KB texts made a board's JSON on the web page
// 401 KB, held once per change inside the public delay (4,096 a board).
inline constexpr std::size_t kMaxShownSeatChars = 40;
inline constexpr std::size_t kMaxShownMoveChars = 64;
void show_names_safely(wire::BoardState& st);
// A stream item's texts (a move's, a ruling's kind, severity and text, a
// reply's) as the hub shows them (the hall screen, the web page's rulings,
// alerts): core::shown_text, at most kMaxShownItemChars characters (session
// 17: a ruling holding U+202E or an escape was shown as sent). Called after
// the signature is checked.
inline constexpr std::size_t kMaxShownItemChars = 400;
void show_texts_safely(wire::StreamItem& item);
// A stream item is a move, a ruling or a reply: a few hundred bytes. One over
// kMaxStreamItemBytes is refused unread (session 17: the hub keeps up to 256
// items per board ahead of a hole and its last 50, so items of a megabyte
// held a quarter of a gigabyte per board; now 16 MiB at most).
inline constexpr std::size_t kMaxStreamItemBytes = 64 * 1024;
// Session 20: the most bytes Tabula's MQTT clients take on `topic`, by its
// kind, before anything is copied or decoded (MqttClient::Handlers::limit):
// a stream item kMaxStreamItemBytes, an action kMaxActionBytes (action_auth.h),
// a hub's alert-acks kMaxAlertAcksBytes, anything else (state, presence,
// ack, sync, assignment) kMaxPayloadBytes.
std::size_t payload_limit(std::string_view topic);
// What a client says of one it refused: "tabula/club/t1/stream: the payload
// is 204800 bytes, more than the 65536 a stream item takes; not read".
std::string oversized_text(std::string_view topic, std::size_t bytes, std::size_t limit);
std::optional<wire::StreamItem> decode_item(std::string_view payload, std::string_view topic, std::string& error);
std::optional<wire::Presence> decode_presence(std::string_view payload, std::string_view topic, std::string& error);
// A hub's acknowledgement (tabula/<event>/<board>/ack): also refused when it
// names no hub.
std::optional<wire::HubAck> decode_ack(std::string_view payload, std::string_view topic, std::string& error);
// tabula/<event>/sync: refused when it names another event than the topic's.
std::optional<wire::SyncRequest> decode_sync(std::string_view payload, std::string_view topic, std::string& error);

// A digest of a stream, item by item in seq order over the exact payload
// bytes (FNV-1a, 64 bits, each payload preceded by its length): the hub's
// view and a board's outbox are equal item for item when their digests and
// counts are. Start from kDigestStart.
inline constexpr std::uint64_t kDigestStart = 14695981039346656037ULL;
std::uint64_t digest_step(std::uint64_t digest, std::string_view payload);

wire::Presence make_presence(bool online, std::int64_t wall_ms, std::uint64_t sequence = 0);

// The wall clock in ms since the epoch: the time every hub message carries.
std::int64_t epoch_ms();

// The game id of a journal: "<created> <board>" (one game of one board).
std::string game_id(const BoardInfo& info);

}  // namespace tabula::hub
