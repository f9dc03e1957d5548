#include "hub/board_publisher.h"

#include <algorithm>
#include <fstream>
#include <sys/eventfd.h>
#include <unistd.h>

#include "hub/topics.h"

// Section index: start and stop, shell side, worker.

namespace tabula::hub {

namespace {

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void apply_clocks(wire::BoardState& st, const std::optional<ClockReading>& clocks, bool paused) {
  st.set_clocks_known(clocks.has_value());
  st.set_clock_running(clocks ? clocks->running : -1);
  for (int i = 0; i < st.seats_size(); ++i) {
    const auto u = static_cast<std::size_t>(i);
    st.mutable_seats(i)->set_clock_ms(clocks && u < clocks->remaining.size() ? clocks->remaining[u].count() : 0);
  }
  st.set_paused(paused);
}

}  // namespace

// ---- start and stop ---------------------------------------------------------------

BoardPublisher::BoardPublisher(PublisherConfig config)
    : config_(std::move(config)), gate_(config_.info.event, config_.info.board, config_.key) {}

std::unique_ptr<BoardPublisher> BoardPublisher::start(PublisherConfig config, std::string& error) {
  for (const auto& [what, name] : {std::pair{"event", config.info.event}, std::pair{"board", config.info.board}}) {
    error = check_name(what, name);
    if (!error.empty()) return nullptr;
  }
  std::unique_ptr<BoardPublisher> p(new BoardPublisher(std::move(config)));
  journal::JournalStatus s = journal::Outbox::open(p->config_.journal_path, p->writer_);
  std::int64_t last_input = 0;
  if (s.ok()) s = p->writer_.last(p->last_seq_, last_input);
  if (!s.ok()) {
    error = s.message;
    return nullptr;
  }
  p->status_.last_seq = p->last_seq_;
  if (s.ok()) s = p->writer_.unacked_count(p->status_.unacked);
  if (!s.ok()) {
    error = s.message;
    return nullptr;
  }
  p->wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (p->wake_fd_ < 0) {
    error = "cannot create the publisher's wake-up eventfd";
    return nullptr;
  }
  p->worker_ = std::thread([raw = p.get()] { raw->run(); });
  return p;
}

BoardPublisher::~BoardPublisher() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake();
  if (worker_.joinable()) worker_.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void BoardPublisher::wake() {
  std::uint64_t one = 1;
  if (wake_fd_ >= 0) (void)!::write(wake_fd_, &one, sizeof one);
}

// ---- shell side -----------------------------------------------------------------

bool BoardPublisher::append(std::vector<wire::StreamItem> items, journal::Outbox& outbox, std::int64_t input_seq,
                            std::string& error) {
  // Called with mutex_ held: numbering and writing are one step, so seq
  // order is commit order whichever thread appends.
  std::vector<journal::OutboxItem> rows;
  std::int64_t seq = last_seq_;
  for (wire::StreamItem& it : items) {
    it.set_seq(static_cast<std::uint64_t>(++seq));
    rows.push_back({seq, input_seq, encode(it)});
  }
  journal::JournalStatus s = outbox.append(rows);
  if (!s.ok()) {
    error = s.message;
    status_.last_error = s.message;
    return false;
  }
  status_.unacked += seq - last_seq_;
  last_seq_ = seq;
  status_.last_seq = seq;
  return true;
}

void BoardPublisher::set_state(const session::Session& s) {
  state_ = make_state(config_.info, s, static_cast<std::uint64_t>(last_seq_), clocks_, paused_, wall_ms());
  state_dirty_ = true;
}

bool BoardPublisher::on_recorded(std::int64_t input_seq, const session::Output& out, const session::Session& s,
                                 std::string& error) {
  const int moves_before = static_cast<int>(s.moves().size() - out.moves.size());
  std::vector<wire::StreamItem> items = make_items(config_.info, input_seq, out, moves_before, wall_ms());
  bool ok = true;
  {
    std::lock_guard lock(mutex_);
    if (!items.empty()) ok = append(std::move(items), writer_, input_seq, error);
    // A tick that changed nothing visible still moves session time; the
    // state is only re-sent when the input said something.
    if (!out.moves.empty() || !out.rulings.empty() || !out.opened.empty() || !out.closed.empty() || !state_) {
      set_state(s);
    }
  }
  wake();
  return ok;
}

bool BoardPublisher::catch_up(const journal::JournalContents& contents, const session::Session& s,
                              std::string& error) {
  bool ok = true;
  {
    std::lock_guard lock(mutex_);
    std::int64_t seq = 0;
    std::int64_t input_seq = 0;
    journal::JournalStatus st = writer_.last(seq, input_seq);
    if (!st.ok()) {
      error = st.message;
      return false;
    }
    std::vector<wire::StreamItem> items = items_from_journal(config_.info, contents, input_seq, wall_ms());
    // One outbox transaction per input, as on_recorded() writes them.
    std::size_t i = 0;
    while (ok && i < items.size()) {
      std::size_t j = i;
      std::vector<wire::StreamItem> group;
      while (j < items.size() && items[j].input_seq() == items[i].input_seq()) group.push_back(items[j++]);
      ok = append(std::move(group), writer_, static_cast<std::int64_t>(items[i].input_seq()), error);
      i = j;
    }
    set_state(s);
  }
  wake();
  return ok;
}

void BoardPublisher::set_clocks(std::optional<ClockReading> clocks) {
  {
    std::lock_guard lock(mutex_);
    clocks_ = std::move(clocks);
    if (state_) {
      apply_clocks(*state_, clocks_, paused_);
      state_dirty_ = true;
    }
  }
  wake();
}

void BoardPublisher::set_paused(bool paused) {
  {
    std::lock_guard lock(mutex_);
    paused_ = paused;
    if (state_) {
      apply_clocks(*state_, clocks_, paused_);
      state_dirty_ = true;
    }
  }
  wake();
}

std::vector<wire::Action> BoardPublisher::take_actions() {
  std::lock_guard lock(mutex_);
  std::vector<wire::Action> out(actions_.begin(), actions_.end());
  actions_.clear();
  return out;
}

bool BoardPublisher::reply(std::uint64_t action_id, bool accepted, const std::string& text, std::string& error) {
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event(config_.info.event);
  it.set_board(config_.info.board);
  it.set_game_id(game_id(config_.info));
  it.set_wall_ms(wall_ms());
  wire::ActionReply* r = it.mutable_reply();
  r->set_action_id(action_id);
  r->set_accepted(accepted);
  r->set_text(text);
  bool ok;
  {
    std::lock_guard lock(mutex_);
    ok = append({std::move(it)}, writer_, 0, error);
  }
  wake();
  return ok;
}

bool BoardPublisher::flush(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return status_.unacked == 0 && !state_dirty_ && status_.connected; });
}

PublisherStatus BoardPublisher::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

// ---- worker ---------------------------------------------------------------------

void BoardPublisher::on_action(const MqttMessage& m, journal::Outbox& outbox) {
  ActionGate::Verdict v = gate_.check(m.payload, wall_ms());
  std::lock_guard lock(mutex_);
  if (v.action) {
    actions_.push_back(std::move(*v.action));
    changed_.notify_all();
    return;
  }
  ++status_.refused_actions;
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event(config_.info.event);
  it.set_board(config_.info.board);
  it.set_game_id(game_id(config_.info));
  it.set_wall_ms(wall_ms());
  wire::ActionReply* r = it.mutable_reply();
  r->set_action_id(v.id);
  r->set_accepted(false);
  r->set_text(v.error);
  std::string error;
  append({std::move(it)}, outbox, 0, error);
}

void BoardPublisher::publish_pending(MqttClient& client, journal::Outbox& outbox) {
  if (!client.connected()) return;
  if (in_flight_.size() < config_.window) {
    std::vector<journal::OutboxItem> items;
    journal::JournalStatus s = outbox.pending(sent_through_, config_.window - in_flight_.size(), items);
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
    }
  }
  // The state goes out once every item it covers has been handed over.
  std::optional<wire::BoardState> state;
  {
    std::lock_guard lock(mutex_);
    if (state_dirty_ && state_ && static_cast<std::int64_t>(state_->through_seq()) <= sent_through_) {
      state = state_;
    }
  }
  if (state) {
    std::string error;
    if (client.publish(topic(config_.info.event, config_.info.board, Leaf::kState), encode(*state), 1, true, error)) {
      std::lock_guard lock(mutex_);
      if (state_ && state_->SerializeAsString() == state->SerializeAsString()) state_dirty_ = false;
      ++status_.states_sent;
      changed_.notify_all();
    }
  }
}

void BoardPublisher::flush_acks(journal::Outbox& outbox) {
  if (acked_.empty()) return;
  journal::JournalStatus s = outbox.mark_acked(acked_);
  if (!s.ok()) {
    std::lock_guard lock(mutex_);
    status_.last_error = s.message;
    return;  // kept, tried again
  }
  acked_.clear();
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
  bool just_connected = false;
  auto last_ack_write = std::chrono::steady_clock::now();
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
  std::string error;
  auto client = MqttClient::create("tabula-" + config_.info.event + "-" + config_.info.board, /*persistent=*/true,
                                   config_.broker, Will{online_topic, encode(make_presence(false, 0)), true}, h, error);
  if (!client) {
    std::lock_guard lock(mutex_);
    status_.last_error = error;
    return;
  }
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stop_) break;
    }
    client->loop(std::chrono::milliseconds(200), wake_fd_);
    std::uint64_t drained = 0;
    while (::read(wake_fd_, &drained, sizeof drained) > 0) {
    }
    if (just_connected) {
      just_connected = false;
      // Start over from the oldest unacknowledged item: anything in flight
      // when the connection dropped may or may not have arrived.
      flush_acks(outbox);
      in_flight_.clear();
      sent_through_ = 0;
      outbox.acked_through(sent_through_);
      client->subscribe(action_topic, 1, error);
      client->publish(online_topic, encode(make_presence(true, wall_ms())), 1, true, error);
      std::lock_guard lock(mutex_);
      status_.connected = true;
      status_.last_error.clear();
      if (state_) state_dirty_ = true;
    }
    publish_pending(*client, outbox);
    for (const MqttMessage& m : messages) {
      if (m.topic == action_topic) on_action(m, outbox);
    }
    messages.clear();
    // Acknowledgements are noted in memory at once and written to the
    // outbox in one transaction at most every 250 ms: the journal's writes
    // come first (a lost note only means an item is sent again).
    for (int mid : acks) {
      auto it = in_flight_.find(mid);
      if (it == in_flight_.end()) continue;
      acked_.push_back(it->second);
      in_flight_.erase(it);
      std::lock_guard lock(mutex_);
      --status_.unacked;
    }
    acks.clear();
    if (!acked_.empty() && std::chrono::steady_clock::now() - last_ack_write >= std::chrono::milliseconds(250)) {
      flush_acks(outbox);
      last_ack_write = std::chrono::steady_clock::now();
    }
    std::lock_guard lock(mutex_);
    status_.connected = client->connected();
    changed_.notify_all();
  }
  flush_acks(outbox);
  if (client->connected()) {
    client->publish(online_topic, encode(make_presence(false, wall_ms())), 1, true, error);
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

bool configure(const BrokerOptions& options, PublisherConfig& config, std::string& error) {
  config.broker.ca_file = options.ca_file;
  error = config.broker.parse(options.broker);
  if (!error.empty()) return false;
  config.broker.username = options.user;
  if (!options.password_file.empty()) {
    std::ifstream pw(options.password_file);
    if (!pw || !std::getline(pw, config.broker.password)) {
      error = "cannot read the broker password from " + options.password_file;
      return false;
    }
  }
  if (!options.key_file.empty()) {
    config.key = load_key(options.key_file, error);
    if (!config.key) return false;
  }
  return true;
}

}  // namespace tabula::hub
