#include "hub/board_publisher.h"
#include "hub/board_publisher_parts.h"
#include "files/plain_file.h"

#include <algorithm>
#include <fstream>
#include <sys/eventfd.h>
#include <unistd.h>

#include "core/player_name.h"
#include "hub/topics.h"

// Section index: start and stop, shell side (the worker: board_publisher_worker.cpp).

namespace tabula::hub {

using namespace publisher_parts;  // (board_publisher_parts.h)

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
  std::uint64_t guard = 0;
  if (s.ok()) s = p->writer_.last_action_id(guard);
  // Session 25: read before the worker starts (it makes new ones).
  if (s.ok()) s = p->writer_.dues(p->restart_dues_);
  p->gate_.resume_after(guard);
  if (!s.ok()) {
    error = s.message;
    return nullptr;
  }
  p->writer_.set_busy_timeout(p->config_.write_wait);
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

bool BoardPublisher::enqueue(std::vector<wire::StreamItem> items, std::int64_t input_seq, std::string& error,
                             std::uint64_t answers) {
  // Called with mutex_ held: numbering and queueing are one step, and the
  // queue is written oldest first, so seq order is write order whichever
  // thread appends.
  // Each row is stored signed: a resend or a catch-up sends the same bytes.
  if (unwritten_.size() + items.size() > kMaxUnwritten) {
    error = config_.journal_path + ": " + std::to_string(unwritten_.size()) +
            " hub items already wait for the outbox (another connection holds the file); these " +
            std::to_string(items.size()) + " are not kept";
    status_.last_error = error;
    return false;
  }
  std::int64_t seq = last_seq_;
  const std::string stream_topic = topic(config_.info.event, config_.info.board, Leaf::kStream);
  for (wire::StreamItem& it : items) {
    it.set_seq(static_cast<std::uint64_t>(++seq));
    unwritten_.push_back({seq, input_seq, seal(it, stream_topic, config_.board_key)});
  }
  if (answers != 0 && !unwritten_.empty()) unwritten_.back().answers = answers;
  last_seq_ = seq;
  status_.last_seq = seq;
  status_.unwritten = static_cast<std::int64_t>(unwritten_.size());
  // The state always names the last item: a hub that holds it knows how far
  // the stream goes, also after a reply that changed nothing else. It goes
  // out once the items it names are written and handed over.
  if (state_) {
    state_->set_through_seq(static_cast<std::uint64_t>(last_seq_));
    state_->set_wall_ms(epoch_ms());
    state_dirty_ = true;
  }
  return true;
}

bool BoardPublisher::write_unwritten(bool worker, std::string& error) {
  {
    std::lock_guard lock(mutex_);
    if (unwritten_.empty()) return true;
  }
  // The shell waits at most write_wait in all: for the worker's write under
  // way, then for the file (SQLite's busy timeout, what is left of it).
  const auto deadline = SteadyClock::now() + config_.write_wait;
  std::unique_lock write(write_mutex_, std::defer_lock);
  if (worker) {
    write.lock();  // the shell holds it for one write at most (write_wait)
    writer_.set_busy_timeout(config_.write_wait);
  } else if (write.try_lock_until(deadline)) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
    writer_.set_busy_timeout(std::max(std::chrono::milliseconds(1), left));
  } else {
    return true;  // the worker is writing a while (the action guard): it writes these after its own
  }
  if (write_failed_) {
    // The last write failed for another reason than a held file: what it
    // reported failed may have reached the file all the same (a commit's
    // I/O error). What is stored is not written twice.
    std::int64_t stored = 0;
    std::int64_t input = 0;
    if (writer_.last(stored, input).ok()) {
      write_failed_ = false;
      std::lock_guard lock(mutex_);
      while (!unwritten_.empty() && unwritten_.front().seq <= stored) {
        unwritten_.pop_front();
        ++status_.unacked;
      }
      status_.unwritten = static_cast<std::int64_t>(unwritten_.size());
    }
  }
  for (int batches = 0;; ++batches) {
    std::vector<journal::OutboxItem> rows;
    {
      std::lock_guard lock(mutex_);
      const std::size_t n = std::min(unwritten_.size(), kWriteBatch);
      rows.assign(unwritten_.begin(), unwritten_.begin() + static_cast<std::ptrdiff_t>(n));
      if (rows.empty()) {
        if (held_said_) status_.last_error.clear();
        held_said_ = false;
        status_.unwritten_why.clear();
        return true;
      }
      if (!worker && batches > 0) return true;  // the shell writes one transaction a call; the worker the rest
    }
    // Off mutex_: the shell's other calls and the worker's bookkeeping go on
    // while this waits (at most write_wait) or reaches the disk.
    const journal::JournalStatus s = writer_.append(rows);
    std::lock_guard lock(mutex_);
    if (!s.ok()) {
      if (!s.held) {
        write_failed_ = true;
        error = s.message;
        status_.last_error = s.message;
        status_.unwritten_why = s.message;
        held_said_ = false;
        return false;
      }
      status_.last_error = s.message + ": " + std::to_string(unwritten_.size()) +
                           (unwritten_.size() == 1 ? " hub item waits" : " hub items wait") +
                           " for the outbox and " + (unwritten_.size() == 1 ? "is" : "are") +
                           " sent, in order, once it is written";
      held_said_ = true;
      status_.unwritten_why = s.message;
      return true;
    }
    unwritten_.erase(unwritten_.begin(), unwritten_.begin() + static_cast<std::ptrdiff_t>(rows.size()));
    status_.unwritten = static_cast<std::int64_t>(unwritten_.size());
    // Counted under mutex_, as flush_acks() counts (the worker marks items
    // acknowledged on its own connection meanwhile): the last count taken
    // is the last one kept.
    std::int64_t unacked = 0;
    status_.unacked = writer_.unacked_count(unacked).ok() ? unacked
                                                           : status_.unacked + static_cast<std::int64_t>(rows.size());
    changed_.notify_all();
  }
}

void BoardPublisher::set_state(const session::Session& s) {
  std::optional<wire::BoardState> before = std::move(state_);
  state_ = make_state(config_.info, s, static_cast<std::uint64_t>(last_seq_), clocks_, paused_, epoch_ms());
  carry_out_of_sync(before ? &*before : nullptr, *state_);
  if (bots_) apply_bots(*state_, *bots_, s.game().rules());
  state_->set_not_recording(not_recording_);
  state_->set_takes_no_actions(config_.no_actions_why);  // session 27: said up front
  apply_round();
  state_dirty_ = true;
}

void BoardPublisher::apply_round() {
  // The round is the assignment's while this game is its game (the same
  // variant and players in seat order): a game started before the
  // assignment, or after it with other players, is not labelled with it.
  if (!state_ || !assignment_) return;
  const bool ours = assignment_->variant == config_.info.header.variant &&
                    assignment_->players == config_.info.header.players;
  const int round = ours ? static_cast<int>(assignment_->round) : 0;
  if (state_->round() != round) {
    state_->set_round(round);
    state_dirty_ = true;
  }
}

std::optional<SeatAssignment> BoardPublisher::assignment() const {
  std::lock_guard lock(mutex_);
  return assignment_;
}

void BoardPublisher::on_assignment(const MqttMessage& m) {
  if (m.payload.empty()) return;  // a retained assignment cleared by the arbiter
  std::string error;
  std::optional<SeatAssignment> a = config_.check_assignment(m.payload, error);
  std::lock_guard lock(mutex_);
  if (!a) {
    ++status_.refused_assignments;
    record_refusal(0, "seat assignment refused: " + error);
    changed_.notify_all();
    return;
  }
  assignment_ = std::move(*a);
  apply_round();
  changed_.notify_all();
}

bool BoardPublisher::on_recorded(std::int64_t input_seq, const session::Output& out, const session::Session& s,
                                 std::string& error) {
  const int moves_before = static_cast<int>(s.moves().size() - out.moves.size());
  std::vector<wire::StreamItem> items = make_items(config_.info, input_seq, out, moves_before, epoch_ms());
  bool ok = true;
  {
    std::lock_guard lock(mutex_);
    if (!items.empty()) ok = enqueue(std::move(items), input_seq, error);
    // A tick that changed nothing visible still moves session time; the
    // state is only re-sent when the input said something.
    if (!out.moves.empty() || !out.rulings.empty() || !out.opened.empty() || !out.closed.empty() || !state_) {
      set_state(s);
    }
  }
  ok = write_unwritten(false, error) && ok;
  wake();
  return ok;
}

bool BoardPublisher::catch_up(const journal::JournalContents& contents, const session::Session& s,
                              std::string& error) {
  bool ok = true;
  std::int64_t seq = 0;
  std::int64_t input_seq = 0;
  journal::JournalStatus st;
  {
    std::lock_guard write(write_mutex_);
    st = writer_.last(seq, input_seq);
  }
  if (!st.ok()) {
    error = st.message;
    return false;
  }
  {
    std::lock_guard lock(mutex_);
    for (const journal::OutboxItem& waiting : unwritten_) input_seq = std::max(input_seq, waiting.input_seq);
    std::vector<wire::StreamItem> items = items_from_journal(config_.info, contents, input_seq, epoch_ms());
    // Numbered input by input, as on_recorded() numbers them.
    std::size_t i = 0;
    while (ok && i < items.size()) {
      std::size_t j = i;
      std::vector<wire::StreamItem> group;
      while (j < items.size() && items[j].input_seq() == items[i].input_seq()) group.push_back(items[j++]);
      ok = enqueue(std::move(group), static_cast<std::int64_t>(items[i].input_seq()), error);
      i = j;
    }
    if (ok) answer_dues(contents, error);
    set_state(s);
  }
  ok = write_unwritten(false, error) && ok;
  wake();
  return ok;
}

void BoardPublisher::set_clocks(std::optional<ClockReading> clocks) {
  {
    std::lock_guard lock(mutex_);
    clocks_ = std::move(clocks);
    if (state_) {
      apply_clocks(*state_, clocks_, paused_);
      state_->set_wall_ms(epoch_ms());
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
      state_->set_wall_ms(epoch_ms());
      state_dirty_ = true;
    }
  }
  wake();
}

void BoardPublisher::set_not_recording(std::string why) {
  {
    std::lock_guard lock(mutex_);
    if (why == not_recording_) return;  // said once per change, not per refused input
    not_recording_ = std::move(why);
    if (state_) {
      state_->set_not_recording(not_recording_);
      state_->set_wall_ms(epoch_ms());
      state_dirty_ = true;
    }
  }
  wake();
}

void BoardPublisher::set_bots(const std::string& bots, const session::Session& s) {
  {
    std::lock_guard lock(mutex_);
    bots_ = bots;
    if (state_) set_state(s);
  }
  wake();
}

std::vector<wire::Action> BoardPublisher::take_actions() {
  std::lock_guard lock(mutex_);
  std::vector<wire::Action> out(actions_.begin(), actions_.end());
  actions_.clear();
  return out;
}

wire::StreamItem BoardPublisher::reply_item(std::uint64_t action_id, bool accepted, const std::string& text) const {
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event(config_.info.event);
  it.set_board(config_.info.board);
  it.set_game_id(game_id(config_.info));
  it.set_wall_ms(epoch_ms());
  wire::ActionReply* r = it.mutable_reply();
  r->set_action_id(action_id);
  r->set_accepted(accepted);
  r->set_text(text);
  return it;
}

void BoardPublisher::answer_dues(const journal::JournalContents& contents, std::string& error) {
  // Session 25: what the last run left due, answered once (each answer drops
  // its due row in the transaction that stores it). The reply decided when
  // the journal holds the input that carried the action out (an intent,
  // the input it was decided for); else the action was not carried out.
  for (const journal::DueReply& d : restart_dues_) {
    bool journaled = false;
    for (std::size_t i = 0; d.input_seq > 0 && i < contents.input_seqs.size() && i < contents.inputs.size(); ++i) {
      if (contents.input_seqs[i] == d.input_seq) {
        journaled = std::holds_alternative<session::Intent>(contents.inputs[i]);
        break;
      }
    }
    wire::StreamItem it;
    if (!journaled || d.reply.empty() || !it.ParseFromString(d.reply) || !it.has_reply() ||
        it.reply().action_id() != d.action_id) {
      it = reply_item(d.action_id, false,
                      (d.what.empty() ? "action " + std::to_string(d.action_id) : d.what) +
                          ": not carried out: the board restarted before " +
                          (d.input_seq > 0 ? "its journal recorded it" : "carrying it out") +
                          "; send it again if it is still wanted");
    }
    it.set_wall_ms(epoch_ms());
    if (!enqueue({std::move(it)}, 0, error, d.action_id)) return;
  }
  restart_dues_.clear();
}

bool BoardPublisher::reply_due(std::uint64_t action_id, bool accepted, const std::string& text,
                               std::int64_t input_seq, std::string& error) {
  journal::DueReply due{action_id, input_seq, reply_item(action_id, accepted, text).SerializeAsString(), text};
  // As the shell's outbox writes: at most write_wait in all (the worker's
  // write under way, then the file).
  const auto deadline = SteadyClock::now() + config_.write_wait;
  std::unique_lock write(write_mutex_, std::defer_lock);
  if (!write.try_lock_until(deadline)) {
    error = config_.journal_path + ": the hub outbox is being written a while; the action waits";
    return false;
  }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
  writer_.set_busy_timeout(std::max(std::chrono::milliseconds(1), left));
  const journal::JournalStatus s = writer_.set_due(due);
  writer_.set_busy_timeout(config_.write_wait);
  if (!s.ok()) {
    error = s.message;
    return false;
  }
  return true;
}

bool BoardPublisher::reply(std::uint64_t action_id, bool accepted, const std::string& text, std::string& error) {
  wire::StreamItem it = reply_item(action_id, accepted, text);
  bool ok;
  {
    std::lock_guard lock(mutex_);
    ok = enqueue({std::move(it)}, 0, error, action_id);
  }
  ok = write_unwritten(false, error) && ok;
  wake();
  return ok;
}

bool BoardPublisher::hubs_have_all() const {
  for (const auto& [id, h] : hubs_) {
    if (SteadyClock::now() - h.heard <= config_.hub_alive && h.applied < last_seq_) return false;
  }
  return true;
}

bool BoardPublisher::flush(std::chrono::milliseconds timeout, std::size_t min_hubs) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] {
    std::size_t live = 0;
    for (const auto& [id, h] : hubs_) live += SteadyClock::now() - h.heard <= config_.hub_alive ? 1 : 0;
    return unwritten_.empty() && status_.unacked == 0 && !state_dirty_ && status_.connected && live >= min_hubs &&
           hubs_have_all();
  });
}

PublisherStatus BoardPublisher::status() const {
  std::lock_guard lock(mutex_);
  PublisherStatus s = status_;
  const auto now = SteadyClock::now();
  for (const auto& [id, h] : hubs_) {
    const auto ago = std::chrono::duration_cast<std::chrono::milliseconds>(now - h.heard);
    s.hubs.push_back({id, h.applied, ago.count(), ago <= config_.hub_alive});
  }
  std::sort(s.hubs.begin(), s.hubs.end(),
            [](const HubProgress& a, const HubProgress& b) { return a.heard_ms_ago < b.heard_ms_ago; });
  return s;
}

std::uint64_t BoardPublisher::waiting_version() const {
  std::lock_guard lock(mutex_);
  PublisherStatus& w = waiting_seen_;
  const PublisherStatus& s = status_;
  if (w.unwritten != s.unwritten || w.unacked != s.unacked || w.connected != s.connected ||
      w.unwritten_why != s.unwritten_why || w.last_error != s.last_error) {
    w.unwritten = s.unwritten;
    w.unacked = s.unacked;
    w.connected = s.connected;
    w.unwritten_why = s.unwritten_why;  // (assigning a string reuses its buffer mostly)
    w.last_error = s.last_error;
    ++waiting_version_;
  }
  return waiting_version_;
}

std::string describe(const PublisherStatus& s) {
  std::string t;
  if (s.unwritten > 0) {
    t = std::to_string(s.unwritten) + " of " + std::to_string(s.last_seq) + (s.last_seq == 1 ? " item" : " items") +
        (s.unwritten == 1 ? " waits" : " wait") + " to be written to the outbox (" +
        (s.unwritten_why.empty() ? "held" : s.unwritten_why) + "); ";
  }
  t += std::to_string(s.unacked) + " of " + std::to_string(s.last_seq) + (s.last_seq == 1 ? " item" : " items") +
       " not yet at the broker";
  for (const HubProgress& h : s.hubs) {
    t += "; hub " + h.hub + " has " + std::to_string(h.applied_seq) + (h.live ? "" : " (not heard for " +
         std::to_string(h.heard_ms_ago / 1000) + " s)");
  }
  if (s.hubs.empty()) t += "; no hub has acknowledged yet";
  if (!s.connected) t += "; not connected to the broker";
  if (!s.last_error.empty()) t += "; last error: " + s.last_error;
  return t;
}

std::string waiting_line(const PublisherStatus& s) {
  auto results = [](std::int64_t n) { return std::to_string(n) + (n == 1 ? " result waits" : " results wait"); };
  auto why = [](const std::string& w) { return w.empty() ? std::string() : " (" + core::shown_text(w, 160) + ")"; };
  if (s.unwritten > 0) {
    return results(s.unwritten) + " to be written to the journal's hub outbox" + why(s.unwritten_why) +
           " and " + (s.unwritten == 1 ? "is" : "are") + " sent, in order, once it is written";
  }
  if (s.unacked > 0 && !s.connected) {
    return results(s.unacked) + " to be sent to the hub: not connected to the broker" + why(s.last_error) +
           "; kept in the journal, " + (s.unacked == 1 ? "it is" : "they are") + " sent when it is back";
  }
  if (s.unacked > 0) return results(s.unacked) + " for the broker's acknowledgement";
  return "";
}

}  // namespace tabula::hub
