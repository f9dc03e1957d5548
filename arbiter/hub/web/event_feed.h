// event_feed.h — what the browser page and the broadcast feeds show of an
// event (issue 34), from the hub's model: every board as JSON, live for the
// arbiter and held back by the delay for the public, and each round's PGN
// and PGN4.
//
// The delay (0 to 3600 s, events use it against cheating): each change of a
// board is kept with the hub time it arrived; the public sees, at time T, the
// latest change that arrived at or before T - delay. Changes older than that
// are dropped; at most `max_samples` are held per board (a board changing
// faster than that over the delay has its oldest changes merged away, and
// the public then skips straight to a later one). Session 30: and at most
// `max_board_bytes` a board and `max_bytes` in all (the count alone let an
// open broker's 1,000 made-up boards hold gigabytes: 4,096 changes of up to
// 1 MiB each a board): past the first a board's oldest changes inside the
// delay are merged away as past the count; past the second, the board
// holding the most bytes loses its oldest. Each merge is counted by board
// (delay_note(), on the arbiter's page) and each board's first said in the
// log (take_log()). The newest change (the live view's) and the one the
// public shows are never merged away.
//
// Clocks for the feeds' [%clk]: when a state arrives, the moves it carries
// that have no reading yet get their mover's clock from it (the board
// publishes a state after each accepted move, so this is the clock just
// after the move; a hub that starts late has none for the moves before).
//
// Pure: the model and the time come in; not thread-safe (one owner: the web
// service's worker).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "hub/hub_model.h"
#include "hub/web/board_json.h"
#include "hub/web/round_feed.h"
#include "hub/web/stream_log.h"

namespace tabula::hub::web {

struct FeedSettings {
  std::int64_t delay_ms = 0;         // 0..3600000
  int default_round = 1;             // the round of a board whose state names none
  std::size_t max_samples = 4096;    // per board, within the delay
  std::size_t max_board_bytes = std::size_t{16} << 20;  // per board, within the delay (session 30)
  std::size_t max_bytes = std::size_t{256} << 20;       // all boards, within the delay (session 30)
  std::size_t max_rulings = 8;       // the latest rulings shown per board
};

// The largest delay the service takes (an hour).
inline constexpr std::int64_t kMaxDelayMs = 3600 * 1000;

class EventFeed {
 public:
  explicit EventFeed(FeedSettings settings);

  // Looks at the model now. Call after every change the hub sees and at
  // least every second (the delay releases changes as time passes).
  void observe(const HubModel& model, std::int64_t now_ms);

  // Board name -> (its JSON, a number that grows with every change of it).
  struct Shown {
    std::string json;
    std::string frame;  // the server-sent event carrying it, built once for every stream
    std::uint64_t version = 0;
  };
  const std::map<std::string, Shown>& public_boards() const { return public_; }
  const std::map<std::string, Shown>& live_boards() const { return live_; }
  // Grows whenever any board of either view changed.
  std::uint64_t version() const { return version_; }
  // Every change of a view as the frame a stream is sent (stream_log.h): a
  // new board's whole frame ("event: board"), a changed board's patch
  // ("event: patch", board_patch.h; the whole frame when no patch fits), a
  // board gone ("event: gone", its name). The service adds its status frames.
  StreamLog& log(bool live) { return live ? live_log_ : public_log_; }
  const StreamLog& log(bool live) const { return live ? live_log_ : public_log_; }

  // The public view of round `round`: every board with two seats (PGN) or
  // with more (PGN4), in table order. "" when the round has no such board.
  // `errors` gets one line per game that did not replay.
  std::string round_text(int round, bool four_seats, std::vector<std::string>* errors = nullptr);
  // The rounds the public view has boards in.
  std::set<int> rounds() const;
  const FeedSettings& settings() const { return settings_; }

  // Session 30: the bytes the delay holds now (every board's changes).
  std::size_t held_bytes() const { return bytes_; }
  // The changes the bounds merged away (count, per board), and the words for
  // the arbiter's page: "" when none. Lines for the service's log since the
  // last call (each board's first merge, at most kMaxSaidBoards boards).
  std::uint64_t merged() const { return merged_; }
  std::uint64_t merged(const std::string& board) const;
  std::string delay_note() const;
  std::vector<std::string> take_log();
  static constexpr std::size_t kMaxSaidBoards = 16;
  const std::string& event() const { return event_; }

 private:
  struct Sample {
    std::int64_t hub_ms = 0;
    wire::BoardState state;
    std::optional<bool> online;
    std::vector<RulingLine> rulings;
    std::string rulings_kept;  // session 29: board_json's words for rulings from the record ("" the board's)
    std::string key;  // what makes it a change
    std::size_t bytes = 0;  // about what it holds in memory (session 30)
  };
  struct Track {
    std::deque<Sample> samples;  // oldest first; front is the public one once due
    std::map<std::string, ClockMarks> clocks;  // game id -> clock after each move
    std::string last_key;
    std::string text_key;  // the public sample whose game text is cached
    std::string text;
    std::string text_error;
    std::size_t bytes = 0;      // the samples' (session 30)
    std::uint64_t merged = 0;   // changes the bounds merged away
  };
  // Merges away track `t`'s oldest change inside the delay (never the first
  // nor the last); false when it holds only those. `why` says which bound.
  bool merge_oldest(const std::string& board, Track& t, const char* why);
  void forget(Track& t, std::size_t bytes);
  static std::size_t sample_bytes(const Sample& s);
  void update_view(std::map<std::string, Shown>& view, const std::string& board, const Sample* sample);

  FeedSettings settings_;
  VariantCache variants_;
  std::map<std::string, Track> tracks_;
  std::map<std::string, Shown> public_;
  std::map<std::string, Shown> live_;
  StreamLog public_log_;
  StreamLog live_log_;
  std::map<std::string, std::string> public_keys_;  // board -> key of the sample shown
  std::map<std::string, std::string> live_keys_;
  std::uint64_t version_ = 0;
  std::string event_;
  std::size_t bytes_ = 0;       // every track's bytes
  std::uint64_t merged_ = 0;    // every track's merged
  std::size_t said_boards_ = 0;  // boards whose first merge was said
  std::vector<std::string> log_;
};

}  // namespace tabula::hub::web
