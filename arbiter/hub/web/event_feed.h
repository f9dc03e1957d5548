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
// the public then skips straight to a later one).
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
  const std::string& event() const { return event_; }

 private:
  struct Sample {
    std::int64_t hub_ms = 0;
    wire::BoardState state;
    std::optional<bool> online;
    std::vector<RulingLine> rulings;
    std::string rulings_kept;  // session 29: board_json's words for rulings from the record ("" the board's)
    std::string key;  // what makes it a change
  };
  struct Track {
    std::deque<Sample> samples;  // oldest first; front is the public one once due
    std::map<std::string, ClockMarks> clocks;  // game id -> clock after each move
    std::string last_key;
    std::string text_key;  // the public sample whose game text is cached
    std::string text;
    std::string text_error;
  };
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
};

}  // namespace tabula::hub::web
