#include "hub/web/event_feed.h"

#include <algorithm>

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

}  // namespace

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
      t.samples.push_back(std::move(s));
      // Bounded: merge away the oldest changes still inside the delay.
      while (t.samples.size() > settings_.max_samples) t.samples.erase(t.samples.begin() + 1);
    }
    // The public sample: the latest that arrived at or before now - delay.
    const std::int64_t due = now_ms - settings_.delay_ms;
    while (t.samples.size() > 1 && t.samples[1].hub_ms <= due) t.samples.pop_front();
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
