// board_publisher_worker.cpp — the BoardPublisher's worker thread: actions,
// refusals, publication, acknowledgements, the run loop (hub/board_publisher.h).
#include "hub/board_publisher.h"
#include "hub/board_publisher_parts.h"
#include "files/plain_file.h"

#include <algorithm>
#include <fstream>
#include <sys/eventfd.h>
#include <unistd.h>

#include "hub/topics.h"

namespace tabula::hub {

using namespace publisher_parts;  // (board_publisher_parts.h)

// ---- worker ---------------------------------------------------------------------

void BoardPublisher::on_action(const MqttMessage& m) {
  ActionGate::Verdict v = gate_.check(m.payload, epoch_ms());
  bool full = false;
  {
    std::lock_guard lock(mutex_);
    full = actions_.size() >= kMaxActions;  // only this thread adds to it
  }
  if (v.action && full) {
    v.error = describe(*v.action) + ": refused, " + std::to_string(kMaxActions) +
              " arbiter actions already wait for the table; send it again later";
    v.id = v.action->id();
    v.action.reset();
  }
  if (v.action) {
    // The replay guard reaches the journal (durably) before the action the
    // table: a captured action replayed after a restart stays refused.
    // Under write_mutex_ only (session 24): the shell's calls do not wait
    // on it, its items wait behind it.
    journal::JournalStatus g;
    {
      std::lock_guard write(write_mutex_);
      writer_.set_busy_timeout(kGuardWait);
      // Session 25: with its due answer ("not carried out" until the
      // shell decides it), so a crash before it is answered is answered.
      // Session 26: a shell that takes no actions records the guard alone
      // (a captured action stays refused if a kiosk resumes this journal)
      // and the action is answered at once, below.
      g = config_.no_actions_why.empty()
              ? writer_.set_last_action_id(gate_.last_id(), journal::DueReply{v.action->id(), 0, "", describe(*v.action)})
              : writer_.set_last_action_id(gate_.last_id());
      writer_.set_busy_timeout(config_.write_wait);
    }
    if (!g.ok()) {
      v.error = describe(*v.action) + ": refused, its replay guard could not be recorded: " + g.message;
      v.id = v.action->id();
      v.action.reset();
    } else if (!config_.no_actions_why.empty()) {
      v.error = describe(*v.action) + (v.action->reason().empty() ? "" : " (" + v.action->reason() + ")") +
                ": not carried out: " + config_.no_actions_why;
      v.id = v.action->id();
      v.action.reset();
    }
  }
  std::lock_guard lock(mutex_);
  if (v.action) {
    actions_.push_back(std::move(*v.action));
    changed_.notify_all();
    return;
  }
  ++status_.refused_actions;
  record_refusal(v.id, v.error);
}

void BoardPublisher::record_refusal(std::uint64_t action_id, const std::string& why) {
  const auto now = SteadyClock::now();
  if (now - refusal_window_ >= kRefusalWindow) {
    flush_refusals(true);  // what the last window counted
    refusal_window_ = now;
    refusals_recorded_ = 0;
  }
  if (refusals_recorded_ >= kRefusalsRecorded) {
    ++refusals_counted_;
    last_refusal_ = why;
    return;
  }
  ++refusals_recorded_;
  append_refusal(action_id, why);
}

void BoardPublisher::flush_refusals(bool force) {
  if (refusals_counted_ == 0 || (!force && SteadyClock::now() - refusal_window_ < kRefusalWindow)) return;
  const std::uint64_t n = refusals_counted_;
  refusals_counted_ = 0;
  append_refusal(0,
                 std::to_string(n) + " more refused action" + (n == 1 ? "" : "s") + " within " +
                     std::to_string(std::chrono::duration_cast<std::chrono::seconds>(kRefusalWindow).count()) +
                     " s, counted, not recorded one by one (the last: " + last_refusal_ + ")");
}

void BoardPublisher::append_refusal(std::uint64_t action_id, const std::string& why) {
  std::string error;
  enqueue({reply_item(action_id, false, why)}, 0, error);  // written by the worker's next write_unwritten()
}

void BoardPublisher::publish_pending(MqttClient& client, journal::Outbox& outbox) {
  if (!client.connected()) return;
  if (in_flight_.size() < config_.window) {
    std::vector<journal::OutboxItem> items;
    journal::JournalStatus s = outbox.range(sent_through_ + 1, config_.window - in_flight_.size(), items);
    if (!s.ok()) {
      std::lock_guard lock(mutex_);
      status_.last_error = s.message;
    }
    for (const journal::OutboxItem& it : items) {
      std::string error;
      std::optional<int> mid = client.publish(topic(config_.info.event, config_.info.board, Leaf::kStream), it.payload,
                                              1, false, error);
      if (!mid) break;  // sent again after the reconnect
      in_flight_[*mid] = it.seq;
      sent_through_ = it.seq;
      last_send_ = SteadyClock::now();
    }
  }
  // The state goes out once every item it covers has been handed over.
  std::optional<wire::BoardState> state;
  bool interim = false;
  {
    std::lock_guard lock(mutex_);
    if (state_dirty_ && state_ && static_cast<std::int64_t>(state_->through_seq()) <= sent_through_) {
      state = state_;
    } else if (state_dirty_ && state_ && sent_state_ && sent_state_->not_recording() != not_recording_) {
      // Session 24: items wait for a held outbox, and the state that names
      // them with them; the hubs are told "not recording" (or that it
      // records again) all the same, on the last state sent.
      state = sent_state_;
      state->set_not_recording(not_recording_);
      state->set_wall_ms(epoch_ms());
      interim = true;
    }
  }
  if (state) {
    std::string error;
    const std::string state_topic = topic(config_.info.event, config_.info.board, Leaf::kState);
    if (client.publish(state_topic, seal(*state, state_topic, config_.board_key), 1, true, error)) {
      std::lock_guard lock(mutex_);
      if (!interim && state_ && state_->SerializeAsString() == state->SerializeAsString()) state_dirty_ = false;
      sent_state_ = std::move(state);
      state_sent_at_ = SteadyClock::now();
      ++status_.states_sent;
      changed_.notify_all();
    }
  }
}

void BoardPublisher::flush_acks(journal::Outbox& outbox) {
  if (acked_.empty()) return;
  journal::JournalStatus s = outbox.mark_acked(acked_);
  std::lock_guard lock(mutex_);
  if (!s.ok()) {
    status_.last_error = s.message;
    return;  // kept, tried again
  }
  acked_.clear();
  // Counted under the lock: the shell appends under it too, so the count
  // and last_seq agree.
  std::int64_t n = 0;
  if (outbox.unacked_count(n).ok()) status_.unacked = n;
}

void BoardPublisher::go_back(std::int64_t first_seq, bool forced) {
  // Worker only. Going back re-sends from first_seq through the head, window
  // by window; items a hub already has are dropped there. Not twice to the
  // same place within the hold-off (the requests of several hubs, or a
  // request repeated while the answer is on its way).
  first_seq = std::max<std::int64_t>(first_seq, 1);
  if (first_seq > sent_through_) return;
  const auto now = SteadyClock::now();
  if (!forced && last_back_to_ != 0 && last_back_to_ <= first_seq && now - last_back_at_ < config_.resend_holdoff) return;
  sent_through_ = first_seq - 1;
  last_back_to_ = first_seq;
  last_back_at_ = now;
  std::lock_guard lock(mutex_);
  ++status_.resends;
}

void BoardPublisher::on_ack(const MqttMessage& m) {
  std::string error;
  std::optional<wire::HubAck> a = decode_ack(m.payload, m.topic, error);
  std::int64_t back_to = 0;
  {
    std::lock_guard lock(mutex_);
    if (!a) {
      ++status_.bad_messages;
      status_.last_bad_message = error;
      return;
    }
    const auto now = SteadyClock::now();
    const bool same_game = a->game_id() == game_id(config_.info);
    const std::int64_t applied = same_game ? static_cast<std::int64_t>(a->applied_seq()) : 0;
    if (!hubs_.count(a->hub()) && hubs_.size() >= kMaxHubs) {
      auto oldest = std::min_element(hubs_.begin(), hubs_.end(),
                                     [](const auto& x, const auto& y) { return x.second.heard < y.second.heard; });
      hubs_.erase(oldest);
    }
    auto known = hubs_.find(a->hub());
    const bool progressing = known != hubs_.end() && applied > known->second.applied;
    hubs_[a->hub()] = HubMark{applied, now};
    // The state the hub holds is older than ours (or of another game): send
    // it again (at most once a second).
    if (state_ && (!same_game || a->state_seq() < state_->through_seq() || a->state_wall_ms() < state_->wall_ms())) {
      state_wanted_ = true;
    }
    changed_.notify_all();
    // The hub asks, or it is behind, not moving, while this board has been
    // quiet (the tail of the stream was lost and nothing came after it to
    // show the gap; a hub still working through what it got is moving).
    // Another game: the hub learns this one from the state first.
    const bool quiet = applied < sent_through_ && !progressing && now - last_send_ >= config_.quiet_resend;
    if (same_game && (a->resend() || quiet)) back_to = applied + 1;
  }
  if (back_to > 0) go_back(back_to, false);
}

void BoardPublisher::on_sync(const MqttMessage& m) {
  std::string error;
  std::optional<wire::SyncRequest> r = decode_sync(m.payload, m.topic, error);
  std::lock_guard lock(mutex_);
  if (!r || r->event() != config_.info.event) {
    ++status_.bad_messages;
    status_.last_bad_message = error;
    return;
  }
  state_wanted_ = true;
  presence_due_ = true;
}

void BoardPublisher::run() {
  journal::Outbox outbox;
  journal::JournalStatus s = journal::Outbox::open(config_.journal_path, outbox, /*durable=*/false);
  if (!s.ok()) {
    std::lock_guard lock(mutex_);
    status_.last_error = s.message;
    return;
  }
  const std::string online_topic = topic(config_.info.event, config_.info.board, Leaf::kOnline);
  const std::string action_topic = topic(config_.info.event, config_.info.board, Leaf::kAction);
  const std::string ack_topic = topic(config_.info.event, config_.info.board, Leaf::kAck);
  const std::string sync = sync_topic(config_.info.event);
  const std::string seat_topic = assignment_topic(config_.info.event, config_.info.board);
  bool just_connected = false;
  auto last_ack_write = SteadyClock::now();
  MqttClient::Handlers h;
  h.connected = [&](bool) { just_connected = true; };
  h.lost = [&](const std::string& why) {
    std::lock_guard lock(mutex_);
    status_.connected = false;
    status_.last_error = why;
  };
  std::vector<int> acks;
  h.acknowledged = [&](int mid) { acks.push_back(mid); };
  std::vector<MqttMessage> messages;
  h.message = [&](const MqttMessage& m) { messages.push_back(m); };
  // Session 20: over its topic's limit, refused before it is copied or
  // decoded; an action or an assignment is answered on the stream as a
  // refused one (the hubs alert), the rest counted as bad messages.
  h.limit = payload_limit;
  h.oversized = [&](const std::string& t, std::size_t bytes, std::size_t limit) {
    const std::string text = oversized_text(t, bytes, limit);
    std::lock_guard lock(mutex_);
    if (status_.oversized++ == 0) status_.first_oversized = text;
    if (t == action_topic) {
      ++status_.refused_actions;
      record_refusal(0, oversized_action(bytes));
    } else if (t == seat_topic && config_.check_assignment) {
      ++status_.refused_assignments;
      record_refusal(0, "seat assignment refused: " + text);
    } else {
      ++status_.bad_messages;
      status_.last_bad_message = text;
    }
    changed_.notify_all();
  };
  std::string error;
  // Presence sequences (proto/hub.proto Presence.sequence; issue 28: a
  // replayed signed "offline" is refused as older): each connection's
  // "online" and its will are reserved as a pair before it connects, the
  // will the newer, so the broker's will of connection k is newer than its
  // "online" and older than connection k+1's.
  std::uint64_t last_sequence = 0;
  auto reserve = [&] {
    last_sequence = std::max(last_sequence + 1, static_cast<std::uint64_t>(std::max<std::int64_t>(epoch_ms(), 0)));
    return last_sequence;
  };
  std::uint64_t online_seq = reserve(), will_seq = reserve();  // this (the next) connection's
  std::uint64_t connected_online_seq = online_seq, connected_will_seq = will_seq;
  auto presence = [&](bool online, std::uint64_t seq) {
    return seal(make_presence(online, online ? epoch_ms() : 0, seq), online_topic, config_.board_key);
  };
  auto client = MqttClient::create("tabula-" + config_.info.event + "-" + config_.info.board, /*persistent=*/true,
                                   config_.broker, Will{online_topic, presence(false, will_seq), true}, h, error);
  if (!client) {
    std::lock_guard lock(mutex_);
    status_.last_error = error;
    return;
  }
  for (;;) {
    bool waiting = false;
    {
      std::lock_guard lock(mutex_);
      if (stop_) break;
      waiting = !unwritten_.empty();
    }
    // While items wait for a held outbox, tried again every 50 ms.
    client->loop(std::chrono::milliseconds(waiting ? 50 : 200), wake_fd_);
    std::uint64_t drained = 0;
    while (::read(wake_fd_, &drained, sizeof drained) > 0) {
    }
    if (just_connected) {
      just_connected = false;
      // Start over from the oldest item that the broker did not acknowledge
      // or that a live hub lacks: whatever was in flight, or held only by a
      // broker that crashed, may be gone.
      flush_acks(outbox);
      in_flight_.clear();
      sent_through_ = 0;
      outbox.acked_through(sent_through_);
      {
        std::lock_guard lock(mutex_);
        for (const auto& [id, hub] : hubs_) {
          if (SteadyClock::now() - hub.heard <= config_.hub_alive) sent_through_ = std::min(sent_through_, hub.applied);
        }
      }
      client->subscribe(action_topic, 1, error);
      client->subscribe(ack_topic, 0, error);
      client->subscribe(sync, 0, error);
      if (config_.check_assignment) client->subscribe(seat_topic, 1, error);
      connected_online_seq = online_seq;
      connected_will_seq = will_seq;
      client->publish(online_topic, presence(true, connected_online_seq), 1, true, error);
      online_seq = reserve();
      will_seq = reserve();
      client->set_will(Will{online_topic, presence(false, will_seq), true}, error);
      std::lock_guard lock(mutex_);
      status_.connected = true;
      status_.last_error.clear();
      if (state_) state_dirty_ = true;
    }
    for (const MqttMessage& m : messages) {
      if (m.topic == action_topic) on_action(m);
      if (m.topic == ack_topic) on_ack(m);
      if (m.topic == sync) on_sync(m);
      if (m.topic == seat_topic && config_.check_assignment) on_assignment(m);
    }
    messages.clear();
    bool presence_wanted = false;
    {
      std::lock_guard lock(mutex_);
      presence_wanted = std::exchange(presence_due_, false);
      flush_refusals(false);
      // A state asked for (a SyncRequest, an ack showing an older state) goes
      // out at most once a second; a request within that is kept, not lost.
      if (state_wanted_ && state_ && SteadyClock::now() - state_sent_at_ >= kStateHoldoff) {
        state_dirty_ = true;
        state_wanted_ = false;
      }
    }
    if (presence_wanted && client->connected()) {
      client->publish(online_topic, presence(true, connected_online_seq), 1, true, error);  // the same "online" again
    }
    // Acknowledgements are noted in memory at once and written to the
    // outbox in one transaction at most every 250 ms: the journal's writes
    // come first (a lost note only means an item is sent again).
    for (int mid : acks) {
      auto it = in_flight_.find(mid);
      if (it == in_flight_.end()) continue;
      acked_.push_back(it->second);
      in_flight_.erase(it);
    }
    acks.clear();
    // Session 24: what waits for the outbox (the shell's items the file
    // refused, this thread's refusals), oldest first, before sending.
    std::string write_error;
    write_unwritten(true, write_error);
    publish_pending(*client, outbox);
    if (!acked_.empty() && SteadyClock::now() - last_ack_write >= std::chrono::milliseconds(250)) {
      flush_acks(outbox);
      last_ack_write = SteadyClock::now();
    }
    std::lock_guard lock(mutex_);
    status_.connected = client->connected();
    status_.in_flight = static_cast<std::int64_t>(in_flight_.size());
    changed_.notify_all();
  }
  flush_acks(outbox);
  {
    std::string write_error;
    write_unwritten(true, write_error);  // one last try; what still waits is the tail catch_up() rebuilds
  }
  if (client->connected()) {
    client->publish(online_topic, presence(false, connected_will_seq), 1, true, error);  // what the will would say
    for (int i = 0; i < 20 && acks.empty(); ++i) client->loop(std::chrono::milliseconds(10));
    client->disconnect();
  }
}

std::optional<session::Intent> session_intent(const wire::Action& a, int seat_count, session::Millis now) {
  session::Intent i;
  i.time = now;
  switch (a.kind()) {
    case wire::ACTION_KIND_PAUSE:
      i.kind = session::IntentKind::kPauseClock;
      return i;
    case wire::ACTION_KIND_RESUME:
      i.kind = session::IntentKind::kResumeClock;
      return i;
    case wire::ACTION_KIND_TAKEBACK:
      i.kind = session::IntentKind::kTakeback;
      i.count = std::max(1, a.count());
      return i;
    case wire::ACTION_KIND_ADJUDICATE:
      // `force` a draw, else `seat` wins (kNoSeat: the standing as it is).
      i.kind = session::IntentKind::kAdjudicate;
      i.force = a.draw();
      i.seat = a.winner() >= 0 && a.winner() < seat_count ? core::seat_at(a.winner()) : core::kNoSeat;
      return i;
    default:
      return std::nullopt;
  }
}

std::string outbox_names_problem(const std::string& journal_path, const BoardInfo& info) {
  std::optional<journal::OutboxItem> first;
  journal::JournalStatus s = journal::Outbox::first_item(journal_path, first);
  if (!s.ok()) return s.message;
  if (!first) return "";
  wire::StreamItem item;
  if (!item.ParseFromString(first->payload)) {
    return journal_path + ": its hub outbox's first item cannot be read; the journal is left as it is";
  }
  if (item.event() == info.event && item.board() == info.board && item.game_id() == game_id(info)) return "";
  return journal_path + ": its hub outbox holds the items of board " + quote_short(item.board()) + " of event " +
         quote_short(item.event()) + " (game " + quote_short(item.game_id()) +
         "), sent again as they are stored; this is board " + quote_short(info.board) + " of event " +
         quote_short(info.event) + ": every hub would refuse them and wait for them (a game is published under "
         "the names it began with: give those, or play on without the hub); the journal is left as it is";
}

bool configure(const BrokerOptions& options, PublisherConfig& config, std::string& error) {
  config.broker.ca_file = options.ca_file;
  error = config.broker.parse(options.broker);
  if (!error.empty()) return false;
  config.broker.username = options.user;
  if (!options.password_file.empty()) {
    // s16: through the one reader (a FIFO waited for ever, /dev/zero was
    // read until memory ran out).
    if (const std::string why = files::read_first_line(options.password_file, "a password file", config.broker.password);
        !why.empty()) {
      error = "cannot read the broker password from " + options.password_file + " (" + why + ")";
      return false;
    }
  }
  if (!options.key_file.empty()) {
    config.key = load_key(options.key_file, error);
    if (!config.key) return false;
  }
  if (!options.board_key_file.empty()) {
    config.board_key = load_board_key(options.board_key_file, config.info.board, error);
    if (!config.board_key) return false;
  }
  return true;
}

}  // namespace tabula::hub
