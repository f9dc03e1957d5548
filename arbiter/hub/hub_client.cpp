#include "hub/hub_client.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "core/player_name.h"
#include "hub/codec.h"
#include "hub/topics.h"

namespace tabula::hub {


HubClient::HubClient(HubConfig config)
    : config_(std::move(config)),
      id_(config_.client_id.empty() ? "tabula-hub-" + config_.event : config_.client_id),
      model_(config_.event, config_.timing) {
  if (config_.board_keys) model_.require_signatures(*config_.board_keys);
  // Session 19: an alert acknowledged on this hub is acknowledged on every
  // hub of the event that holds the arbiter key (docs/HUB.md).
  if (config_.acknowledge) model_.share_acknowledgements(id_, config_.key);
}

std::unique_ptr<HubClient> HubClient::start(HubConfig config, std::string& error) {
  error = check_name("event", config.event);
  if (!error.empty()) return nullptr;
  std::unique_ptr<HubClient> c(new HubClient(std::move(config)));
  if (!c->config_.record_path.empty()) {
    TournamentRecord r;
    journal::JournalStatus s = TournamentRecord::open(c->config_.record_path, r);
    if (!s.ok()) {
      error = s.message;
      return nullptr;
    }
    c->record_ = std::move(r);
    c->refresh_view();
    c->restore_awaited();
    c->restore_streams();
    c->restore_alerts();
  }
  c->wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (c->wake_fd_ < 0) {
    error = "cannot create the hub's wake-up eventfd";
    return nullptr;
  }
  c->worker_ = std::thread([raw = c.get()] { raw->run(); });
  return c;
}

HubClient::~HubClient() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake();
  if (worker_.joinable()) worker_.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void HubClient::wake() {
  std::uint64_t one = 1;
  if (wake_fd_ >= 0) (void)!::write(wake_fd_, &one, sizeof one);
}

void HubClient::read(const std::function<void(const HubModel&)>& f) const {
  std::lock_guard lock(mutex_);
  f(model_);
}

void HubClient::acknowledge(std::uint64_t alert_id) {
  std::lock_guard lock(mutex_);
  model_.acknowledge(alert_id);
}

void HubClient::probe_backlog(std::int64_t since_wall_ms) {
  std::lock_guard lock(mutex_);
  model_.probe_backlog(since_wall_ms);
}

void HubClient::with_record(const std::function<void(TournamentRecord*)>& f) {
  std::lock_guard lock(record_mutex_);
  f(record_ ? &*record_ : nullptr);
}

RecordView HubClient::record_view() const {
  std::lock_guard lock(mutex_);
  return view_;
}

void HubClient::refresh_view() {
  RecordView v;
  {
    std::lock_guard lock(record_mutex_);
    if (!record_) return;
    // A read that fails (the record busy past its timeout) keeps the last view.
    if (!record_->ladder(v.ladder).ok() || !record_->standings(config_.event, v.standings, &v.skipped).ok()) return;
  }
  std::lock_guard lock(mutex_);
  for (const std::string& why : v.skipped) {
    if (std::find(view_.skipped.begin(), view_.skipped.end(), why) == view_.skipped.end()) {
      std::cerr << id_ << ": tournament record: " << why << "\n";
    }
  }
  view_ = std::move(v);
}

void HubClient::record_games(std::vector<FinishedGame> finished, std::int64_t now) {
  // Each finished game once, then (session 22) the games the record could
  // not take before, when their back-off is over or a game just landed.
  // After one failure this round the record is not asked again (each ask
  // may wait out SQLite's busy timeout: under the record's lock only).
  std::string down;
  bool any_recorded = false;
  auto attempt = [&](const std::vector<FinishedGame>& games, bool stop_when_down) {
    struct Outcome {
      const FinishedGame* game;
      bool asked;  // false: not asked, the record having failed this round (`down`)
      journal::JournalStatus status;
    };
    std::vector<Outcome> outcomes;
    {
      std::lock_guard lock(record_mutex_);
      for (const FinishedGame& g : games) {
        if (!down.empty()) {
          if (stop_when_down) break;
          outcomes.push_back({&g, false, {}});
          continue;
        }
        bool added = false;
        journal::JournalStatus s = record_->record(config_.event, g.state, config_.rated, added);
        if (!s.ok() && s.error != journal::JournalError::kMismatch) down = s.message;
        outcomes.push_back({&g, true, std::move(s)});
      }
    }
    std::lock_guard lock(mutex_);
    for (const Outcome& o : outcomes) {
      if (!o.asked) {
        model_.record_failed(*o.game, down, now);
      } else if (o.status.ok()) {
        model_.recorded(*o.game, now);
        any_recorded = true;
      } else if (o.status.error == journal::JournalError::kMismatch) {
        // Session 21: and where the arbiter looks. A game naming one player
        // on two seats was alerted on from its first such state (kTwoSeats),
        // and is never tried again (the record refuses it whenever asked).
        status_.record_error = o.status.message;
        std::cerr << id_ << ": tournament record: " << o.status.message << "\n";
      } else {
        status_.record_error = o.status.message;
        model_.record_failed(*o.game, o.status.message, now);
      }
    }
    status_.waiting_records = model_.waiting_records();
    // The record's step's lines.
    for (const std::string& line : model_.take_log()) std::cerr << id_ << ": " << line << "\n";
    changed_.notify_all();
  };
  if (!finished.empty()) attempt(finished, false);
  std::vector<FinishedGame> due;
  if (down.empty()) {
    std::lock_guard lock(mutex_);
    due = model_.due_records(now);
  }
  if (!due.empty()) attempt(due, true);
  if (any_recorded) refresh_view();
}

bool HubClient::send(wire::Action action, std::string& error) {
  if (!config_.key) {
    error = "the hub has no arbiter key (--arbiter-key FILE), so it cannot send actions";
    return false;
  }
  error = check_name("board", action.board());
  if (!error.empty()) return false;
  {
    std::lock_guard lock(mutex_);
    // Session 27: a board whose state says it takes no actions (`tabula
    // play`) is not sent one; its own words say why.
    if (const BoardEntry* b = model_.board(action.board());
        b && b->state && !b->state->takes_no_actions().empty()) {
      error = "board " + action.board() + " takes no actions (" +
              core::shown_text(b->state->takes_no_actions(), 200) + "): " + describe(action) + " not sent";
      return false;
    }
    if (outgoing_.size() >= kMaxOutgoing) {
      error = std::to_string(kMaxOutgoing) + " actions already wait for the broker (" + config_.broker.describe() +
              "); not sent";
      return false;
    }
    const std::int64_t now = epoch_ms();
    last_action_id_ = std::max(last_action_id_ + 1, static_cast<std::uint64_t>(now));
    action.set_event(config_.event);
    action.set_id(last_action_id_);
    action.set_issued_wall_ms(now);
    outgoing_.emplace_back(topic(config_.event, action.board(), Leaf::kAction), sign_action(action, *config_.key));
    model_.action_sent(action, now);  // session 26: its answer is awaited
  }
  wake();
  return true;
}

void HubClient::restore_awaited() {
  // Session 27: what this hub (its id) awaited before a restart. A record
  // that cannot be read now costs the restored alerts, not the hub.
  std::vector<AwaitedAction> kept;
  journal::JournalStatus s = record_->awaited_actions(config_.event, id_, HubModel::kMaxAwaitedActions, kept);
  std::lock_guard lock(mutex_);
  model_.keep_awaited();
  if (!s.ok()) {
    status_.record_error = s.message;
    std::cerr << id_ << ": tournament record: the actions awaited before a restart are not read: " << s.message
              << "\n";
    return;
  }
  for (const AwaitedAction& a : kept) {
    model_.restore_awaited(a);
    last_action_id_ = std::max(last_action_id_, a.id);  // ids keep growing over the restart
  }
  if (!kept.empty()) {
    std::cerr << id_ << ": " << kept.size() << (kept.size() == 1 ? " action" : " actions")
              << " sent before a restart still awaited (tournament record)\n";
  }
}

void HubClient::keep_awaited(const std::vector<AwaitedChange>& changes) {
  journal::JournalStatus s;
  {
    std::lock_guard lock(record_mutex_);
    s = record_->keep_awaited(config_.event, id_, changes);
  }
  if (s.ok()) return;
  std::lock_guard lock(mutex_);
  status_.record_error = s.message;
  std::cerr << id_ << ": tournament record: the actions awaited are not kept (a restart would forget them): "
            << s.message << "\n";
}

void HubClient::restore_streams() {
  // Session 28: a hub started after a board went offline (no board answers
  // its resend) shows the stream the record kept. A record that cannot be
  // read now costs that view, not the hub.
  std::map<std::string, std::vector<wire::StreamItem>> kept;
  std::size_t unread = 0;
  journal::JournalStatus s;
  {
    std::lock_guard lock(record_mutex_);
    s = record_->kept_streams(config_.event, HubModel::kRecent, HubModel::kMaxBoards, kept, unread);
  }
  std::lock_guard lock(mutex_);
  model_.keep_streams();
  if (!s.ok()) {
    status_.record_error = s.message;
    std::cerr << id_ << ": tournament record: the boards' streams kept before a restart are not read: " << s.message
              << "\n";
    return;
  }
  if (unread > 0) {
    std::cerr << id_ << ": tournament record: " << unread << (unread == 1 ? " kept stream item" : " kept stream items")
              << " did not read, left out\n";
  }
  for (auto& [board, items] : kept) model_.restore_stream(board, std::move(items));
}

void HubClient::restore_alerts() {
  // Session 29: an offline board's alerts (its items', which it does not
  // send again) are raised again from the record, open or acknowledged.
  std::vector<KeptAlert> kept;
  std::size_t unread = 0;
  journal::JournalStatus s;
  {
    std::lock_guard lock(record_mutex_);
    s = record_->kept_alerts(config_.event, HubModel::kMaxKeptAlerts, kept, unread);
  }
  std::lock_guard lock(mutex_);
  model_.keep_alerts();
  if (!s.ok()) {
    status_.record_error = s.message;
    std::cerr << id_ << ": tournament record: the alerts kept before a restart are not read: " << s.message << "\n";
    return;
  }
  unread += model_.restore_alerts(kept);
  if (unread > 0) {
    std::cerr << id_ << ": tournament record: " << unread << (unread == 1 ? " kept alert" : " kept alerts")
              << " did not read, left out\n";
  }
}

void HubClient::restore_kept(std::map<std::string, std::vector<wire::StreamItem>> streams,
                             const std::vector<KeptAlert>& alerts, std::size_t& unread) {
  {
    std::lock_guard lock(mutex_);
    for (auto& [board, items] : streams) model_.restore_stream(board, std::move(items));
    unread += model_.restore_alerts(alerts);
    changed_.notify_all();
  }
  wake();
}

bool HubClient::keep_alerts(const std::vector<KeptAlert>& alerts) {
  journal::JournalStatus s;
  {
    std::lock_guard lock(record_mutex_);
    s = record_->keep_alerts(config_.event, alerts, HubModel::kMaxKeptAlerts);
  }
  if (s.ok()) {
    alert_write_failed_ = false;
    return true;
  }
  std::lock_guard lock(mutex_);
  status_.record_error = s.message;
  if (!alert_write_failed_) {  // once per spell
    std::cerr << id_ << ": tournament record: the boards' alerts are not kept (a hub restarted while a board is "
              << "offline would not raise that board's open alerts again): " << s.message << "\n";
  }
  alert_write_failed_ = true;
  return false;
}

bool HubClient::keep_streams(const std::vector<AppliedItem>& items) {
  std::vector<std::pair<std::string, wire::StreamItem>> rows;
  rows.reserve(items.size());
  for (const AppliedItem& a : items) rows.emplace_back(a.board, a.item);
  journal::JournalStatus s;
  {
    std::lock_guard lock(record_mutex_);
    s = record_->keep_stream(config_.event, rows, HubModel::kRecent);
  }
  if (s.ok()) {
    stream_write_failed_ = false;
    return true;
  }
  std::lock_guard lock(mutex_);
  status_.record_error = s.message;
  if (!stream_write_failed_) {  // once per spell: every item would say it again
    std::cerr << id_ << ": tournament record: the boards' streams are not kept (a hub restarted while a board is "
              << "offline would show that board's stream empty): " << s.message << "\n";
  }
  stream_write_failed_ = true;
  return false;
}

HubStatus HubClient::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool HubClient::wait_until(const std::function<bool(const HubModel&)>& pred, std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return pred(model_); });
}

void HubClient::run() {
  std::vector<MqttMessage> messages;
  bool just_connected = false;
  MqttClient::Handlers h;
  h.connected = [&](bool) { just_connected = true; };
  h.lost = [&](const std::string& why) {
    std::lock_guard lock(mutex_);
    status_.connected = false;
    status_.last_error = why;
  };
  h.message = [&](const MqttMessage& m) { messages.push_back(m); };
  // Session 20: over its topic's limit, refused before it is copied or decoded.
  std::vector<std::pair<std::string, std::string>> oversized;  // topic, what is said
  h.limit = payload_limit;
  h.oversized = [&](const std::string& t, std::size_t bytes, std::size_t limit) {
    oversized.emplace_back(t, oversized_text(t, bytes, limit));
  };
  bool suback = false;
  bool synced = false;
  std::vector<AppliedItem> unkept;  // applied, not yet in the record (session 28)
  std::vector<KeptAlert> unkept_alerts;  // raised or acknowledged, not yet in the record (session 29)
  std::int64_t next_keep_ms = 0;
  constexpr std::int64_t kKeepStreamsEveryMs = 1000;
  constexpr std::int64_t kKeepStreamsRetryMs = 10000;
  h.subscribed = [&] { suback = true; };
  std::string error;
  auto client = MqttClient::create(id_, /*persistent=*/true, config_.broker, std::nullopt, h, error);
  if (!client) {
    std::lock_guard lock(mutex_);
    status_.last_error = error;
    return;
  }
  // The first `n` outgoing actions, while connected (under mutex_).
  auto publish_outgoing = [&](std::size_t n) {
    for (; n > 0 && !outgoing_.empty() && client->connected(); --n) {
      if (!client->publish(outgoing_.front().first, outgoing_.front().second, 1, false, error)) break;
      outgoing_.pop_front();
    }
  };
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stop_) break;
    }
    client->loop(std::chrono::milliseconds(100), wake_fd_);
    std::uint64_t drained = 0;
    while (::read(wake_fd_, &drained, sizeof drained) > 0) {
    }
    if (just_connected) {
      just_connected = false;
      suback = false;
      synced = false;
      std::vector<std::string> filters = hub_filters(config_.event);
      if (config_.acknowledge) filters.push_back(alert_acks_filter(config_.event));
      client->subscribe(filters, 1, error);
    }
    std::vector<std::pair<std::string, std::string>> acks;
    std::vector<FinishedGame> finished;
    std::vector<AwaitedChange> awaited_changes;
    std::vector<AppliedItem> applied;
    std::vector<KeptAlert> alert_changes;
    std::size_t ready = 0;  // the outgoing actions whose awaited rows are written
    std::int64_t round_now = 0;
    {
      std::lock_guard lock(mutex_);
      status_.connected = client->connected();
      status_.subscribed = status_.connected && suback;
      if (status_.connected) status_.last_error.clear();
      const std::int64_t now = epoch_ms();
      for (const MqttMessage& m : messages) {
        model_.on_message(m.topic, m.payload, now);
        ++status_.messages;
      }
      messages.clear();
      model_.check_awaited_actions(now);
      for (auto& [t, text] : oversized) {
        if (status_.oversized++ == 0) {  // said once; the rest counted
          status_.first_oversized = text;
          std::cerr << id_ << ": " << text << " (the next ones are counted, not said)\n";
        }
        model_.on_oversized(t, text, now);
      }
      oversized.clear();
      if (status_.subscribed && !synced && config_.acknowledge) {
        // Subscribed again: the broker may have lost its retained states and
        // its queues. Every board sends its state; every known board is
        // acknowledged at once and asked for what the hub lacks.
        synced = true;
        wire::SyncRequest r;
        r.set_version(wire::PAYLOAD_VERSION_CURRENT);
        r.set_event(config_.event);
        r.set_hub(id_);
        r.set_wall_ms(now);
        acks.emplace_back(sync_topic(config_.event), encode(r));
        ++status_.syncs_sent;
        model_.on_connected(now);
      }
      if (status_.subscribed && config_.acknowledge) {
        for (wire::HubAck& a : model_.due_acks(now)) {
          a.set_hub(id_);
          acks.emplace_back(topic(config_.event, a.board(), Leaf::kAck), encode(a));
        }
      }
      // Session 23: the record is written after this section, outside the
      // model's lock (record_games); the games it is to take are taken here.
      finished = model_.take_finished();
      round_now = now;
      status_.waiting_records = model_.waiting_records();
      // The model's lines.
      for (const std::string& line : model_.take_log()) std::cerr << id_ << ": " << line << "\n";
      // A stale retained state at the broker: the newest the hub holds goes back.
      for (auto& [t, payload] : model_.take_repairs()) {
        if (client->connected()) client->publish(t, payload, 1, true, error);
      }
      // The alerts acknowledged here, retained: the other hubs apply them, and
      // this hub reads them back after a restart.
      if (status_.subscribed) {
        if (auto shared = model_.take_shared_acks(now)) {
          // Not sent (the link just dropped): the reconnect's on_connected() marks it due again.
          client->publish(shared->first, shared->second, 1, true, error);
        }
      }
      // Session 27: with a record, an action is kept there as awaited
      // before it is published (below), so a hub killed after sending it
      // still awaits its answer when it starts again.
      if (record_) awaited_changes = model_.take_awaited_changes();
      if (record_) applied = model_.take_applied_items();  // session 28: kept below, outside this lock
      if (record_) alert_changes = model_.take_alert_changes();  // session 29: likewise
      ready = outgoing_.size();
      if (awaited_changes.empty()) publish_outgoing(ready);
    }
    if (!awaited_changes.empty()) {
      keep_awaited(awaited_changes);  // written or said; the actions go either way
      awaited_changes.clear();
      std::lock_guard lock(mutex_);
      publish_outgoing(ready);
    }
    // Acknowledgements are QoS 0: repeated by design, never queued by the
    // broker for a board that is away.
    std::uint64_t sent = 0;
    for (const auto& [t, payload] : acks) sent += client->publish(t, payload, 0, false, error) ? 1 : 0;
    {
      std::lock_guard lock(mutex_);
      status_.acks_sent += sent;
      changed_.notify_all();
    }
    // Session 28: the items applied go to the record at most once a second
    // (one transaction, one sync of the file, for all of them; a hall's
    // moves would otherwise sync it at every item), and at the stop.
    // A record that failed (another process holding it past SQLite's busy
    // timeout, a full disk) is tried again 10 s later, not every second:
    // each try may hold this loop 2 s. Meanwhile the newest items wait
    // (bounded), the oldest let go.
    unkept.insert(unkept.end(), std::make_move_iterator(applied.begin()), std::make_move_iterator(applied.end()));
    if (unkept.size() > HubModel::kMaxAppliedQueued) {
      unkept.erase(unkept.begin(), unkept.end() - static_cast<std::ptrdiff_t>(HubModel::kMaxAppliedQueued));
    }
    // Session 29: the alerts raised and acknowledged go with them.
    unkept_alerts.insert(unkept_alerts.end(), std::make_move_iterator(alert_changes.begin()),
                         std::make_move_iterator(alert_changes.end()));
    if (unkept_alerts.size() > HubModel::kMaxAppliedQueued) {
      unkept_alerts.erase(unkept_alerts.begin(),
                          unkept_alerts.end() - static_cast<std::ptrdiff_t>(HubModel::kMaxAppliedQueued));
    }
    if ((!unkept.empty() || !unkept_alerts.empty()) && round_now >= next_keep_ms) {
      const bool kept = unkept.empty() || keep_streams(unkept);
      if (kept) unkept.clear();
      const bool alerts_kept = unkept_alerts.empty() || keep_alerts(unkept_alerts);
      if (alerts_kept) unkept_alerts.clear();
      next_keep_ms = round_now + (kept && alerts_kept ? kKeepStreamsEveryMs : kKeepStreamsRetryMs);
    }
    if (record_) record_games(std::move(finished), round_now);
  }
  if (!unkept.empty()) keep_streams(unkept);
  if (!unkept_alerts.empty()) keep_alerts(unkept_alerts);
  client->disconnect();
}

}  // namespace tabula::hub
