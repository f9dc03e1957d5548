#include "hub/web/event_feed.h"

#include <algorithm>

#include "core/player_name.h"

#include "hub/web/board_patch.h"
#include "hub/web/json_writer.h"

namespace tabula::hub::web {

EventFeed::EventFeed(FeedSettings settings) : settings_(settings) {
  settings_.delay_ms = std::clamp<std::int64_t>(settings_.delay_ms, 0, kMaxDelayMs);
  if (settings_.max_samples < 2) settings_.max_samples = 2;
}

namespace {

std::string key_of(const BoardEntry& b) {
  const wire::BoardState& st = *b.state;
  std::string k = st.game_id() + '|' + std::to_string(st.through_seq()) + '|' + std::to_string(st.wall_ms()) + '|' +
                  std::to_string(st.moves()) + '|' + (b.online ? (*b.online ? "on" : "off") : "?") + '|';
  // The rulings shown: the newest item at or below the state (session 29:
  // of the stream shown, the board's or the one the record kept).
  std::uint64_t newest = 0;
  for (const wire::StreamItem& it : b.shown_stream()) {
    if (it.seq() <= st.through_seq()) newest = std::max<std::uint64_t>(newest, it.seq());
  }
  return k + std::to_string(newest) + (b.stream_from_record() ? "|kept" : "");
}

// A bound's bytes as said: "16 MiB", "256 KiB", "100 bytes".
std::string mib(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

// About the memory a change holds: the state as protobuf keeps it, its
// rulings' and key's texts, the sample itself.
std::size_t EventFeed::sample_bytes(const Sample& s) {
  std::size_t n = sizeof(s) + s.state.SpaceUsedLong() + s.key.capacity() + s.rulings_kept.capacity();
  for (const RulingLine& r : s.rulings) n += sizeof(r) + r.severity.capacity() + r.text.capacity();
  return n;
}

void EventFeed::forget(Track& t, std::size_t bytes) {
  t.bytes -= std::min(t.bytes, bytes);
  bytes_ -= std::min(bytes_, bytes);
}

bool EventFeed::merge_oldest(const std::string& board, Track& t, const char* why) {
  if (t.samples.size() <= 2) return false;
  forget(t, t.samples[1].bytes);
  t.samples.erase(t.samples.begin() + 1);
  ++merged_;
  if (t.merged++ == 0 && said_boards_ <= kMaxSaidBoards) {
    const std::string bound = std::string(why) == "changes" ? std::to_string(settings_.max_samples) + " changes a board"
                              : std::string(why) == "board" ? mib(settings_.max_board_bytes) + " a board"
                                                            : mib(settings_.max_bytes) + " of all boards";
    if (said_boards_++ < kMaxSaidBoards) {
      log_.push_back("the public delay holds more of board " + core::shown_text(board, 40) + "'s changes than its " +
                     bound + ": its oldest inside the delay are merged away, so the spectators' view of it skips " +
                     "ahead (counted on the arbiter's page; said once a board)");
    } else {
      log_.push_back("the public delay merges away changes of more boards than " + std::to_string(kMaxSaidBoards) +
                     ": they are counted on the arbiter's page, not said here");
    }
  }
  return true;
}

std::uint64_t EventFeed::merged(const std::string& board) const {
  auto it = tracks_.find(board);
  return it == tracks_.end() ? 0 : it->second.merged;
}

std::string EventFeed::delay_note() const {
  if (merged_ == 0) return "";
  std::vector<std::pair<std::uint64_t, std::string>> boards;
  for (const auto& [name, t] : tracks_) {
    if (t.merged) boards.emplace_back(t.merged, name);
  }
  std::sort(boards.begin(), boards.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string most;
  for (std::size_t i = 0; i < boards.size() && i < 5; ++i) {
    most += (i ? ", " : "") + core::shown_text(boards[i].second, 40) + " " + std::to_string(boards[i].first);
  }
  return "the public delay merged away " + std::to_string(merged_) + (merged_ == 1 ? " change" : " changes") +
         " of " + std::to_string(boards.size()) + (boards.size() == 1 ? " board" : " boards") +
         " to stay within its bounds (" + std::to_string(settings_.max_samples) + " changes or " +
         mib(settings_.max_board_bytes) + " a board, " + mib(settings_.max_bytes) +
         " in all): the spectators saw them skip ahead (" + most + (boards.size() > 5 ? ", ..." : "") + ")";
}

std::vector<std::string> EventFeed::take_log() {
  std::vector<std::string> out;
  out.swap(log_);
  return out;
}

void EventFeed::observe(const HubModel& model, std::int64_t now_ms) {
  event_ = model.event();
  for (const auto& [name, b] : model.boards()) {
    if (!b.state) continue;
    Track& t = tracks_[name];
    const std::string key = key_of(b);
    if (key != t.last_key) {
      t.last_key = key;
      Sample s;
      s.hub_ms = now_ms;
      s.state = *b.state;
      s.online = b.online;
      s.rulings = rulings_through(b.shown_stream(), b.state->through_seq(), settings_.max_rulings);
      // Session 29: an offline board's rulings from the tournament record, said so.
      if (b.stream_from_record()) s.rulings_kept = b.online == false ? kKeptWordsOffline : kKeptWordsNotYet;
      s.key = key;
      // Clock readings for the moves this state is the first to carry.
      if (s.state.clocks_known()) {
        ClockMarks& marks = t.clocks[s.state.game_id()];
        for (const wire::StreamItem& it : b.recent) {
          if (!it.has_move() || it.game_id() != s.state.game_id() || it.seq() > s.state.through_seq()) continue;
          const int number = it.move().number();
          const int seat = it.move().seat();
          if (number < 1 || number > s.state.moves() || marks.count(number) || seat < 0 || seat >= s.state.seats_size())
            continue;
          marks[number] = s.state.seats(seat).clock_ms();
        }
        // Keep the clocks of the current game only (and the one before: a
        // delayed view may still show it).
        while (t.clocks.size() > 2) t.clocks.erase(t.clocks.begin());
      }
      s.bytes = sample_bytes(s);
      t.bytes += s.bytes;
      bytes_ += s.bytes;
      t.samples.push_back(std::move(s));
      // Bounded: merge away the oldest changes still inside the delay, past
      // the count or the board's bytes (session 30), then past all boards'
      // bytes from the board holding the most.
      while (t.samples.size() > settings_.max_samples && merge_oldest(name, t, "changes")) {
      }
      while (t.bytes > settings_.max_board_bytes && merge_oldest(name, t, "board")) {
      }
      while (bytes_ > settings_.max_bytes) {
        auto most = tracks_.end();
        for (auto it = tracks_.begin(); it != tracks_.end(); ++it) {
          if (it->second.samples.size() > 2 && (most == tracks_.end() || it->second.bytes > most->second.bytes)) most = it;
        }
        if (most == tracks_.end() || !merge_oldest(most->first, most->second, "all")) break;
      }
    }
    // The public sample: the latest that arrived at or before now - delay.
    const std::int64_t due = now_ms - settings_.delay_ms;
    while (t.samples.size() > 1 && t.samples[1].hub_ms <= due) {
      forget(t, t.samples.front().bytes);
      t.samples.pop_front();
    }
    const Sample* pub = t.samples.front().hub_ms <= due ? &t.samples.front() : nullptr;
    const Sample* live = &t.samples.back();
    if (live_keys_[name] != live->key) {
      live_keys_[name] = live->key;
      update_view(live_, name, live);
    }
    const std::string pub_key = pub ? pub->key : "";
    if (public_keys_[name] != pub_key || (!pub && public_.count(name))) {
      public_keys_[name] = pub_key;
      update_view(public_, name, pub);
    }
  }
}

void EventFeed::update_view(std::map<std::string, Shown>& view, const std::string& board, const Sample* sample) {
  ++version_;
  StreamLog& log = &view == &live_ ? live_log_ : public_log_;
  if (!sample) {
    if (view.erase(board)) log.append("event: gone\ndata: " + json_quote(board) + "\n\n");
    return;
  }
  auto [it, added] = view.try_emplace(board);
  Shown& s = it->second;
  std::string json = board_json(sample->state, sample->online, sample->rulings, settings_.default_round, variants_,
                                &view == &live_ ? Audience::kArbiter : Audience::kPublic, sample->rulings_kept);
  const std::string patch = added ? std::string() : board_patch(s.json, json);
  s.json = std::move(json);
  s.frame = "event: board\ndata: " + s.json + "\n\n";
  s.version = version_;
  log.append(patch.empty() ? s.frame : "event: patch\ndata: " + patch + "\n\n");
}

std::set<int> EventFeed::rounds() const {
  std::set<int> out;
  for (const auto& [name, key] : public_keys_) {
    auto it = tracks_.find(name);
    if (key.empty() || it == tracks_.end() || it->second.samples.empty()) continue;
    const wire::BoardState& st = it->second.samples.front().state;
    out.insert(st.round() > 0 ? st.round() : settings_.default_round);
  }
  return out;
}

std::string EventFeed::round_text(int round, bool four_seats, std::vector<std::string>* errors) {
  std::vector<std::string> names;
  for (const auto& [name, key] : public_keys_) {
    if (!key.empty()) names.push_back(name);
  }
  std::sort(names.begin(), names.end(), natural_less);
  std::string out;
  for (const std::string& name : names) {
    Track& t = tracks_.at(name);
    const Sample& pub = t.samples.front();
    const wire::BoardState& st = pub.state;
    if ((st.round() > 0 ? st.round() : settings_.default_round) != round) continue;
    if ((st.seats_size() > 2) != four_seats) continue;
    // Replayed once per public change of the board, not per request.
    if (t.text_key != pub.key) {
      auto c = t.clocks.find(st.game_id());
      static const ClockMarks kNone;
      t.text_error.clear();
      t.text = game_record(st, event_, round, c == t.clocks.end() ? kNone : c->second, t.text_error);
      t.text_key = pub.key;
    }
    if (!t.text_error.empty() && errors) errors->push_back(name + ": " + t.text_error);
    if (!out.empty()) out += "\n";
    out += t.text;
  }
  return out;
}

}  // namespace tabula::hub::web
