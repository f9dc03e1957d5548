#include "hub/hub_model.h"

#include <algorithm>
#include <chrono>

#include "core/player_name.h"
#include "hub/codec.h"
#include "hub/topics.h"
#include "hub/tournament.h"

namespace tabula::hub {

const char* to_string(AlertKind k) {
  switch (k) {
    case AlertKind::kIllegalMove: return "illegal move";
    case AlertKind::kOutOfSync: return "out of sync";
    case AlertKind::kFlag: return "flag";
    case AlertKind::kFinished: return "finished";
    case AlertKind::kOffline: return "offline";
    case AlertKind::kActionRefused: return "action refused";
    case AlertKind::kGap: return "items lost";
    case AlertKind::kBadPayload: return "bad payload";
    case AlertKind::kForged: return "forged payload";
    case AlertKind::kHeldBack: return "alerts held back";
    case AlertKind::kNotRecording: return "NOT RECORDING";
    case AlertKind::kRecordsAgain: return "records again";
    case AlertKind::kTwoSeats: return "one player, two seats";
    case AlertKind::kRecordFailed: return "game not recorded";
    case AlertKind::kActionUnanswered: return "action unanswered";
  }
  return "?";
}

AlertTone tone(AlertKind k) { return k == AlertKind::kRecordsAgain ? AlertTone::kAllClear : AlertTone::kAlarm; }

const char* to_string(AlertTone t) { return t == AlertTone::kAllClear ? "all-clear" : "alarm"; }

bool BoardEntry::caught_up() const {
  return state && state->game_id() == game && applied_seq >= state->through_seq() && applied_seq >= head &&
         early.empty();
}

bool BoardEntry::stream_from_record() const {
  return recent.empty() && !kept.empty() && (!state || state->game_id() == kept.back().game_id());
}

BoardEntry& HubModel::entry(const std::string& name) {
  auto [it, made] = boards_.try_emplace(name);
  if (made) {
    it->second.board = name;
    if (auto k = kept_streams_.find(name); k != kept_streams_.end()) {
      it->second.kept = std::move(k->second);
      kept_streams_.erase(k);
    }
  }
  return it->second;
}

const BoardEntry* HubModel::board(const std::string& name) const {
  auto it = boards_.find(name);
  return it == boards_.end() ? nullptr : &it->second;
}

std::size_t HubModel::open_alerts() const {
  std::size_t n = 0;
  for (const Alert& a : alerts_) n += a.acknowledged ? 0 : 1;
  return n;
}

void HubModel::acknowledge(std::uint64_t alert_id) {
  if (alert_id == 0 || alert_id > alerts_.size()) return;
  Alert& alert = alerts_[alert_id - 1];
  if (alert.acknowledged) return;
  alert.acknowledged = true;
  alert.acknowledged_by.clear();
  alert_changed(alert);  // session 29: kept in the record as acknowledged
  if (alert.kind == AlertKind::kActionUnanswered) {
    // Session 27: not raised again after a restart (still awaited: a late answer is taken).
    for (auto& [id, w] : awaited_) {
      if (w.alert_id != alert_id) continue;
      w.action.acknowledged = true;
      awaited_changed(AwaitedChange::Kind::kAcknowledged, w.action);
    }
  }
  if (alert.key.empty() || acked_keys_.count(alert.key)) return;
  // Session 19: named by its key, the acknowledgement goes to the other hubs.
  remember_acked(alert.key, "");
  own_keys_.push_back(alert.key);
  while (own_keys_.size() > kMaxSharedAlertKeys) own_keys_.pop_front();
  own_dirty_ = sharing_;
}

namespace {

bool same_game(const FinishedGame& a, const FinishedGame& b) {
  return a.board == b.board && a.state.game_id() == b.state.game_id();
}

}  // namespace

void HubModel::record_failed(const FinishedGame& game, const std::string& text, std::int64_t now) {
  for (WaitingRecord& w : waiting_records_) {
    if (!same_game(w.game, game)) continue;
    // Tried again and failed again: no second alert; the record is one
    // file, so every waiting game waits longer.
    // 1, 2, 4 ... 60 s after the game's first failure.
    ++w.attempts;
    record_backoff_ms_ = std::min(record_backoff_ms_ * 2, kRecordRetryMaxMs);
    record_retry_ms_ = now + record_backoff_ms_;
    return;
  }
  const bool kept = waiting_records_.size() < kMaxWaitingRecords;
  const std::string why =
      text + (kept ? "; it is tried again until it is recorded (the board's journal keeps the game)"
                   : "; not tried again: " + std::to_string(kMaxWaitingRecords) +
                         " games wait already (the board's journal keeps the game)");
  // The hub's log, once per game (the alert's words, with the game named).
  say("tournament record: board " + game.board + ", game " + core::shown_text(game.state.game_id(), 60) + ": " +
      core::shown_text(why, kMaxAlertChars));
  const std::size_t before = alerts_.size();
  raise(AlertKind::kRecordFailed, game.board, "tournament record: " + why, now);
  if (!kept) return;
  WaitingRecord w;
  w.game = game;
  // Else counted in a held-back alert (kMaxOpenAlertsPerBoard).
  if (alerts_.size() > before && alerts_.back().kind == AlertKind::kRecordFailed) w.alert_id = alerts_.back().id;
  waiting_records_.push_back(std::move(w));
  if (record_retry_ms_ <= now) record_retry_ms_ = now + record_backoff_ms_;
}

void HubModel::recorded(const FinishedGame& game, std::int64_t now) {
  // The record takes writes again: whatever waits is tried at once.
  record_backoff_ms_ = kRecordRetryFirstMs;
  record_retry_ms_ = now;
  auto it = std::find_if(waiting_records_.begin(), waiting_records_.end(),
                         [&](const WaitingRecord& w) { return same_game(w.game, game); });
  if (it == waiting_records_.end()) return;
  const std::string how = "recorded at attempt " + std::to_string(it->attempts + 1);
  if (it->alert_id != 0) {
    Alert& a = alerts_[it->alert_id - 1];
    a.acknowledged = true;
    a.cleared = how;
  }
  say("board " + game.board + ", game " + core::shown_text(game.state.game_id(), 60) + ": " + how +
      " in the tournament record");
  waiting_records_.erase(it);
}

std::vector<FinishedGame> HubModel::due_records(std::int64_t now) const {
  std::vector<FinishedGame> out;
  if (now < record_retry_ms_) return out;
  for (const WaitingRecord& w : waiting_records_) out.push_back(w.game);
  return out;
}

void HubModel::action_sent(const wire::Action& a, std::int64_t now) {
  if (awaited_.size() >= kMaxAwaitedActions) {  // the oldest id
    awaited_changed(AwaitedChange::Kind::kLetGo, awaited_.begin()->second.action);
    awaited_.erase(awaited_.begin());
  }
  Awaited& w = awaited_[a.id()] = Awaited{AwaitedAction{a.id(), a.board(), describe(a), now, false}, 0, false};
  awaited_changed(AwaitedChange::Kind::kSent, w.action);
}

void HubModel::restore_awaited(const AwaitedAction& a) {
  if (awaited_.count(a.id) == 0 && awaited_.size() >= kMaxAwaitedActions) return;  // the record bounds it too
  awaited_[a.id] = Awaited{a, 0, a.acknowledged};
}

void HubModel::check_awaited_actions(std::int64_t now) {
  for (auto& [id, entry] : awaited_) {
    const AwaitedAction& w = entry.action;
    if (entry.alerted || now - w.sent_wall_ms < timing_.answer_wait_ms) continue;
    entry.alerted = true;
    const std::size_t before = alerts_.size();
    raise(AlertKind::kActionUnanswered, w.board,
          "board " + w.board + ": " + w.what + ": no answer in " + std::to_string(timing_.answer_wait_ms / 1000) +
              " s, so it is not known to be carried out (the board may be off, stopped, or have lost the answer "
              "in a crash; it takes an action at most " +
              std::to_string(std::chrono::duration_cast<std::chrono::seconds>(kFreshness).count()) +
              " s after it was sent): look at the table",
          now);
    if (alerts_.size() > before && alerts_.back().kind == AlertKind::kActionUnanswered) {
      entry.alert_id = alerts_.back().id;
    }
  }
}

void HubModel::answered(const std::string& board, const wire::ActionReply& reply) {
  auto it = awaited_.find(reply.action_id());
  if (it == awaited_.end() || it->second.action.board != board) return;
  if (it->second.alert_id != 0) {
    Alert& a = alerts_[it->second.alert_id - 1];
    a.acknowledged = true;
    a.cleared = std::string("answered later: ") + (reply.accepted() ? "carried out" : "not carried out");
  }
  awaited_changed(AwaitedChange::Kind::kAnswered, it->second.action);
  awaited_.erase(it);
}

void HubModel::share_acknowledgements(std::string hub_id, std::optional<ArbiterKey> key) {
  hub_id_ = std::move(hub_id);
  share_key_ = std::move(key);
  sharing_ = share_key_.has_value();
  own_dirty_ = sharing_ && !own_keys_.empty();
}

void HubModel::remember_acked(const std::string& key, const std::string& hub) {
  if (!acked_keys_.emplace(key, hub).second) return;
  acked_order_.push_back(key);
  while (acked_order_.size() > kMaxKeptAlertKeys) {
    acked_keys_.erase(acked_order_.front());
    acked_order_.pop_front();
  }
}

std::optional<std::pair<std::string, std::string>> HubModel::take_shared_acks(std::int64_t now) {
  if (!sharing_ || !own_dirty_) return std::nullopt;
  own_dirty_ = false;
  wire::AlertAcks a;
  a.set_version(wire::PAYLOAD_VERSION_CURRENT);
  a.set_event(event_);
  a.set_hub(hub_id_);
  a.set_wall_ms(now);
  for (const std::string& k : own_keys_) a.add_keys(k);
  std::string t = alert_acks_topic(event_, hub_id_);
  std::string payload = sign_alert_acks(a, t, *share_key_);
  return std::make_pair(std::move(t), std::move(payload));
}

void HubModel::on_alert_acks(std::string_view topic, std::string_view payload, std::int64_t now) {
  if (payload.empty()) return;  // a retained set cleared by hand
  std::string error;
  std::optional<wire::AlertAcks> acks = check_alert_acks(payload, topic, share_key_ ? &*share_key_ : nullptr, error);
  if (!acks) {
    // Every refusal is counted; a line per topic at most every 10 s (a flood
    // of forgeries is not a flood of log lines).
    ++refused_alert_acks_;
    if (refusal_said_.size() > 64) refusal_said_.clear();
    auto [it, first] = refusal_said_.try_emplace(std::string(topic), now, 0);
    if (!first && now - it->second.first < 10000) {
      ++it->second.second;
      return;
    }
    const std::uint64_t since = first ? 0 : it->second.second;
    it->second = {now, 0};
    say(error + (since > 0 ? " (" + std::to_string(since) + " more refused on this topic since the last line)" : ""));
    return;
  }
  const bool own = acks->hub() == hub_id_;
  std::vector<std::string> applied;
  std::size_t kept = 0;
  std::size_t too_long = 0;
  std::string first_kept;
  std::vector<std::string> restored;
  for (const std::string& k : acks->keys()) {
    if (k.empty() || k.size() > kMaxAlertKeyBytes) {
      ++too_long;
      continue;
    }
    if (own && std::find(own_keys_.begin(), own_keys_.end(), k) == own_keys_.end()) {
      // This hub's own set, as the broker kept it before a restart: older
      // than what was acknowledged here since, so ahead of it.
      restored.push_back(k);
    }
    if (acked_keys_.count(k)) continue;  // already acknowledged: a replay changes nothing
    remember_acked(k, own ? "" : acks->hub());
    bool found = false;
    for (Alert& a : alerts_) {
      if (a.key != k || a.acknowledged) continue;
      a.acknowledged = true;
      a.acknowledged_by = own ? "" : acks->hub();
      alert_changed(a);
      applied.push_back(std::to_string(a.id));
      found = true;
    }
    if (!found) {
      ++kept;
      if (first_kept.empty()) first_kept = k;
    }
  }
  own_keys_.insert(own_keys_.begin(), restored.begin(), restored.end());
  while (own_keys_.size() > kMaxSharedAlertKeys) own_keys_.pop_front();
  if (own && sharing_) {
    // Acknowledged here before the broker's copy came back: publish the union.
    own_dirty_ = own_dirty_ || static_cast<std::size_t>(acks->keys_size()) < own_keys_.size();
  }
  if (applied.empty() && kept == 0 && too_long == 0) return;
  std::string line = std::string(topic) + ": " +
                     (own ? std::string("this hub's own set, as the broker kept it,") : "hub " + acks->hub()) +
                     " acknowledged ";
  if (!applied.empty()) {
    line += std::to_string(applied.size()) + " alert" + (applied.size() == 1 ? "" : "s") + " open here (";
    for (std::size_t i = 0; i < applied.size() && i < 5; ++i) line += (i ? ", " : "") + std::string("#") + applied[i];
    line += applied.size() > 5 ? ", ...)" : ")";
  }
  if (kept > 0) {
    line += std::string(applied.empty() ? "" : "; ") + std::to_string(kept) + " alert" + (kept == 1 ? "" : "s") +
            " this hub has not raised (yet), kept to come up acknowledged (" +
            core::shown_text(first_kept, 80) + (kept > 1 ? ", ..." : "") + ")";
  }
  if (too_long > 0) {
    line += std::string(applied.empty() && kept == 0 ? "" : "; ") + std::to_string(too_long) +
            " key(s) empty or over " + std::to_string(kMaxAlertKeyBytes) + " bytes skipped";
  }
  say(std::move(line));
}

std::vector<FinishedGame> HubModel::take_finished() { return std::exchange(finished_, {}); }

std::vector<std::pair<std::string, std::string>> HubModel::take_repairs() {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& [board, payload] : repairs_) out.emplace_back(topic(event_, board, Leaf::kState), std::move(payload));
  repairs_.clear();
  return out;
}

void HubModel::raise(AlertKind kind, const std::string& board, std::string text, std::int64_t now, std::string key) {
  // Session 17, the attacker's round: a board's own words reach alerts (a
  // ruling's or a reply's text, a seat's name, a game's result reason). A
  // board (any client on an open broker) sent each of its stream items with
  // an "illegal" ruling of a megabyte holding escapes and a right-to-left
  // override: each one was an alert, kept whole (10,000 items: 10 GB), shown
  // on the hall screen and the arbiter's page as sent. Now every alert's text
  // is shown safely and cut (core::shown_text: "<U+001B>", at most
  // kMaxAlertChars characters, then "..."), and a board has at most
  // kMaxOpenAlertsPerBoard alerts open: the ones after are counted in one
  // kHeldBack alert (with the last one's text) until the arbiter has
  // acknowledged it.
  text = core::shown_text(text, kMaxAlertChars);
  if (key.size() > kMaxAlertKeyBytes) key.clear();  // a board's long game id: this hub's own alert
  // Session 29: raised before a restart and restored from the record; the
  // board sending its stream again raises it once more: that is the same alert.
  if (!key.empty() && restored_keys_.erase(key) > 0) return;
  if (!key.empty() && acked_keys_.count(key)) {
    // Session 19: already acknowledged on another hub (or here before a
    // restart): it comes up in the History, not among the open ones.
    raise_now(kind, board, std::move(text), now, key);
    alerts_.back().acknowledged = true;
    alerts_.back().acknowledged_by = acked_keys_.at(key);
    alert_changed(alerts_.back());
    return;
  }
  if (!board.empty()) {
    std::size_t open = 0;
    Alert* held = nullptr;
    for (Alert& a : alerts_) {
      if (a.acknowledged || a.board != board) continue;
      ++open;
      if (a.kind == AlertKind::kHeldBack) held = &a;
    }
    if (held == nullptr && open + 1 >= kMaxOpenAlertsPerBoard) {
      raise_now(AlertKind::kHeldBack, board, "", now);
      held = &alerts_.back();
    }
    if (held != nullptr) {
      ++held->held_back;
      held->wall_ms = now;
      held->text = "board " + board + ": " + std::to_string(held->held_back) + " more alert" +
                   (held->held_back == 1 ? "" : "s") + " while " + std::to_string(kMaxOpenAlertsPerBoard - 1) +
                   " of this board are open, not listed (acknowledge some of those to see the next); the last (" +
                   to_string(kind) + "): " + text;
      return;
    }
  }
  raise_now(kind, board, std::move(text), now, std::move(key));
}

void HubModel::raise_now(AlertKind kind, const std::string& board, std::string text, std::int64_t now,
                         std::string key) {
  Alert a;
  a.key = std::move(key);
  a.id = alerts_.size() + 1;
  a.kind = kind;
  a.board = board;
  a.text = std::move(text);
  a.wall_ms = now;
  alerts_.push_back(std::move(a));
  alert_changed(alerts_.back());
}

void HubModel::refuse_forged(BoardEntry& b, std::string_view topic, const std::string& why, std::int64_t now) {
  const std::string& board = b.board;
  // One open alert per board at a time: a flood of forgeries is counted, not
  // listed one by one.
  for (const Alert& a : alerts_) {
    if (a.kind == AlertKind::kForged && a.board == board && !a.acknowledged) return;
  }
  raise(AlertKind::kForged, board,
        "board " + board + ": a payload on " + std::string(topic) + " was refused: " + why +
            " (" + std::to_string(b.refused_signatures) + " refused so far)",
        now);
}

template <class Message>
bool HubModel::signed_by_board(const Message& m, std::string_view topic, BoardEntry& b, std::int64_t now) {
  if (!ring_) return true;
  const std::string why = check_signature(m, topic, b.board, *ring_);
  if (why.empty()) return true;
  ++b.refused_signatures;
  refuse_forged(b, topic, why, now);
  return false;
}

void HubModel::on_message(std::string_view topic, std::string_view payload, std::int64_t now) {
  if (std::optional<AlertAcksTopic> at = parse_alert_acks_topic(topic)) {
    if (at->event == event_) on_alert_acks(topic, payload, now);
    return;
  }
  std::optional<ParsedTopic> t = parse_topic(topic);
  if (!t || t->event != event_ || t->leaf == Leaf::kAction || t->leaf == Leaf::kAck) return;
  if (ring_ && !ring_->find(t->board) && !boards_.count(t->board)) {
    // Not enrolled: no entry is made (names an attacker makes up do not
    // become boards); one alert at a time for all of them.
    if (payload.empty()) return;
    ++unenrolled_payloads_;
    const bool open = unenrolled_alert_ != 0 && !alerts_[unenrolled_alert_ - 1].acknowledged;
    if (!open) {
      raise(AlertKind::kForged, t->board,
            "a payload on " + std::string(topic) + " was refused: board " + t->board +
                " is not enrolled (no public key for it in the hub's --board-keys file; " +
                std::to_string(unenrolled_payloads_) + (unenrolled_payloads_ == 1 ? " such payload" : " such payloads") +
                " so far)",
            now);
      unenrolled_alert_ = alerts_.back().id;
    }
    return;
  }
  if (boards_.size() >= kMaxBoards && !boards_.count(t->board)) {
    // Open mode (or more boards enrolled than a hall holds): made-up names
    // do not become boards past the bound; one alert at a time for them all.
    if (payload.empty()) return;
    ++past_bound_payloads_;
    const bool open = past_bound_alert_ != 0 && !alerts_[past_bound_alert_ - 1].acknowledged;
    if (!open) {
      raise(AlertKind::kBadPayload, t->board,
            "a payload on " + std::string(topic) + " was not read: the hub follows at most " +
                std::to_string(kMaxBoards) + " boards and has " + std::to_string(boards_.size()) + " (" +
                std::to_string(past_bound_payloads_) +
                " such payloads so far; on an open broker anyone can make up board names: enrol the boards' keys)",
            now);
      past_bound_alert_ = alerts_.back().id;
    }
    return;
  }
  BoardEntry& b = entry(t->board);
  b.last_heard_wall_ms = now;
  std::string error;
  switch (t->leaf) {
    case Leaf::kState:
      if (payload.empty()) return;  // a retained state cleared by hand
      if (auto st = decode_state(payload, topic, error)) {
        if (signed_by_board(*st, topic, b, now)) {
          show_names_safely(*st);  // after the signature: it covers the names as sent
          apply_state(b, std::move(*st), now);
        }
        return;
      }
      break;
    case Leaf::kStream:
      if (auto item = decode_item(payload, topic, error)) {
        if (signed_by_board(*item, topic, b, now)) {
          show_texts_safely(*item);  // after the signature: it covers the texts as sent
          apply_item(b, std::move(*item), payload, now);
        }
        return;
      }
      break;
    case Leaf::kOnline:
      if (payload.empty()) return;
      if (auto p = decode_presence(payload, topic, error)) {
        if (!signed_by_board(*p, topic, b, now)) return;
        // Issue 28: a presence older than the newest taken is a replay (the
        // board's pairs of "online" and will are strictly increasing); the
        // same one again (the board re-says "online", the will after its
        // clean "offline") changes nothing. Boards before the sequence (0)
        // are taken as before until a numbered presence has been seen.
        const bool numbered = p->sequence() != 0 || b.presence_seq != 0;
        if (numbered && (p->sequence() < b.presence_seq ||
                         (p->sequence() == b.presence_seq && b.online && *b.online != p->online()))) {
          ++b.stale_presences;
          if (ring_) {
            refuse_forged(b, topic,
                          "a presence with sequence " + std::to_string(p->sequence()) + " after " +
                              std::to_string(b.presence_seq) + " (a replayed presence)",
                          now);
          }
          return;
        }
        b.presence_seq = p->sequence();
        if (b.online.value_or(true) && !p->online()) {
          // The key: the presence's sequence (or, from a board before it, its clock), the same at every hub.
          raise(AlertKind::kOffline, b.board, "board " + b.board + " went offline", now,
                b.board + "/offline/" + (p->sequence() != 0 ? "s" + std::to_string(p->sequence())
                                                            : "w" + std::to_string(p->wall_ms())));
        }
        b.online = p->online();
        return;
      }
      break;
    case Leaf::kAction:
    case Leaf::kAck: return;
  }
  bad_payload(b, error, now);
}

void HubModel::bad_payload(BoardEntry& b, const std::string& error, std::int64_t now) {
  // One open alert per board at a time: a flood of garbage (or a retained
  // one redelivered at every reconnect) is counted, not listed one by one.
  ++b.bad_payloads;
  for (const Alert& a : alerts_) {
    if (a.kind == AlertKind::kBadPayload && a.board == b.board && !a.acknowledged) return;
  }
  raise(AlertKind::kBadPayload, b.board,
        error + (b.bad_payloads > 1 ? " (" + std::to_string(b.bad_payloads) + " bad payloads from this board so far)" : ""),
        now);
}

void HubModel::on_oversized(std::string_view topic, const std::string& text, std::int64_t now) {
  ++oversized_payloads_;
  if (parse_alert_acks_topic(topic)) {
    ++refused_alert_acks_;
    return;
  }
  // A known board's (or, unenrolled in open mode, one within the bound's)
  // counts as its bad payload; the rest only here (the hub's log said the first).
  std::optional<ParsedTopic> t = parse_topic(topic);
  if (!t || t->event != event_ || t->leaf == Leaf::kAction || t->leaf == Leaf::kAck) return;
  if (!boards_.count(t->board) && (ring_ ? !ring_->find(t->board) : boards_.size() >= kMaxBoards)) return;
  BoardEntry& b = entry(t->board);
  bad_payload(b, text, now);
}

void HubModel::start_game(BoardEntry& b, const std::string& game, std::int64_t now) {
  b.game = game;
  b.applied_seq = 0;
  b.head = 0;
  b.digest = kDigestStart;
  b.early.clear();
  b.progress_ms = now;
  b.next_request_ms = 0;
  b.backoff_ms = timing_.grace_ms;
  b.ack_now = true;
  b.stall_alerted = false;
}

void HubModel::apply_item(BoardEntry& b, wire::StreamItem item, std::string_view payload, std::int64_t now) {
  // Game ids order by the journal's creation time: a newer one is the
  // board's next game; an item of an older game is late, and dropped.
  if (b.game.empty() || item.game_id() > b.game) start_game(b, item.game_id(), now);
  const std::uint64_t seq = item.seq();
  if (item.game_id() != b.game || seq <= b.applied_seq || b.early.count(seq)) {
    ++b.duplicates;
    return;
  }
  b.head = std::max(b.head, seq);
  if (seq != b.applied_seq + 1) {
    // Ahead of a hole: kept (bounded) until the hole is filled.
    if (b.early.size() < timing_.early_max) {
      b.early.emplace(seq, std::make_pair(std::move(item), std::string(payload)));
    } else {
      ++b.early_dropped;
    }
    return;
  }
  apply_next(b, std::move(item), payload, now);
  drain_early(b, now);
}

void HubModel::drain_early(BoardEntry& b, std::int64_t now) {
  while (!b.early.empty() && b.early.begin()->first <= b.applied_seq + 1) {
    auto node = b.early.extract(b.early.begin());
    if (node.key() == b.applied_seq + 1) apply_next(b, std::move(node.mapped().first), node.mapped().second, now);
  }
}

void HubModel::apply_next(BoardEntry& b, wire::StreamItem item, std::string_view payload, std::int64_t now) {
  b.applied_seq = item.seq();
  b.digest = digest_step(b.digest, payload);
  ++b.items;
  b.progress_ms = now;
  b.last_applied_wall_ms = now;
  b.backoff_ms = timing_.grace_ms;
  b.next_request_ms = 0;
  b.stall_alerted = false;
  // A record time within a day of the hub's clock only: a board's wall_ms of
  // INT64_MIN made `now - wall_ms` overflow (undefined; session 17).
  constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
  if (item.has_move() && latencies_.size() < 100000 && item.wall_ms() > now - kDayMs && item.wall_ms() < now + kDayMs) {
    latencies_.push_back(now - item.wall_ms());
  }
  if (probe_since_ != 0 && item.wall_ms() < probe_since_) probe_done_ = std::max(probe_done_, now);
  // An item raises one alert at most: its key is the item's place in the game.
  const std::string key = b.board + "/" + b.game + "/item/" + std::to_string(item.seq());
  if (item.has_ruling()) {
    const wire::RulingItem& r = item.ruling();
    if (r.severity() == "illegal") {
      raise(AlertKind::kIllegalMove, b.board, "board " + b.board + ": " + r.text(), now, key);
    } else if (r.kind() == "out-of-sync") {
      raise(AlertKind::kOutOfSync, b.board, "board " + b.board + ": " + r.text(), now, key);
    } else if (r.kind() == "timeout") {
      raise(AlertKind::kFlag, b.board, "board " + b.board + ": " + r.text(), now, key);
    }
  }
  if (item.has_reply() && !item.reply().accepted()) {
    raise(AlertKind::kActionRefused, b.board, "board " + b.board + ": " + item.reply().text(), now, key);
  }
  if (item.has_reply()) answered(b.board, item.reply());
  // Session 28: the record keeps it (the hub client writes it); what the
  // record kept before gives way to what the board sent.
  if (keep_streams_) {
    if (applied_.size() >= kMaxAppliedQueued) applied_.erase(applied_.begin());
    applied_.push_back({b.board, item});
  }
  b.kept.clear();
  b.recent.push_back(std::move(item));
  while (b.recent.size() > kRecent) b.recent.pop_front();
}

void HubModel::on_connected(std::int64_t now) {
  // The broker may have lost its retained copy of this hub's acknowledgements.
  own_dirty_ = own_dirty_ || (sharing_ && !own_keys_.empty());
  for (auto& [name, b] : boards_) {
    b.ack_now = true;
    b.next_request_ms = 0;
    b.progress_ms = std::min(b.progress_ms, now - timing_.grace_ms);  // ask at once for what is missing
  }
}

std::vector<wire::HubAck> HubModel::due_acks(std::int64_t now) {
  std::vector<wire::HubAck> out;
  for (auto& [name, b] : boards_) {
    if (b.game.empty() && !b.state) continue;  // known by its presence only: the SyncRequest brings its state
    const bool behind = b.head > b.applied_seq;
    const bool stalled = behind && now - b.progress_ms >= timing_.grace_ms;
    if (stalled && now - b.progress_ms >= timing_.give_up_ms) {
      if (!b.early.empty()) {
        // The board does not answer: skip the hole, say so, go on.
        const std::uint64_t first = b.applied_seq + 1;
        const std::uint64_t last = b.early.begin()->first - 1;
        b.missing += last - first + 1;
        raise(AlertKind::kGap, b.board,
              "board " + b.board + ": stream items " + std::to_string(first) +
                  (first == last ? "" : ".." + std::to_string(last)) + " never came, though asked for; skipped",
              now);
        b.applied_seq = last;
        drain_early(b, now);
        continue;
      }
      if (!b.stall_alerted) {
        b.stall_alerted = true;
        raise(AlertKind::kGap, b.board,
              "board " + b.board + ": stream items " + std::to_string(b.applied_seq + 1) + ".." +
                  std::to_string(b.head) + " have not come for " + std::to_string(timing_.give_up_ms / 1000) +
                  " s, though asked for",
              now);
      }
    }
    const bool request = stalled && now >= b.next_request_ms;
    const bool progress = b.applied_seq != b.acked_seq && now - b.ack_sent_ms >= timing_.ack_every_ms;
    if (!request && !progress && !b.ack_now && now - b.ack_sent_ms < timing_.keepalive_ms) continue;
    wire::HubAck a;
    a.set_version(wire::PAYLOAD_VERSION_CURRENT);
    a.set_event(event_);
    a.set_board(b.board);
    a.set_game_id(b.game);
    a.set_applied_seq(b.applied_seq);
    a.set_resend(request);
    if (b.state && b.state->game_id() == b.game) {
      a.set_state_seq(b.state->through_seq());
      a.set_state_wall_ms(b.state->wall_ms());
    }
    a.set_wall_ms(now);
    out.push_back(std::move(a));
    if (request) {
      ++b.requests;
      b.next_request_ms = now + b.backoff_ms;
      b.backoff_ms = std::min(b.backoff_ms * 2, timing_.backoff_max_ms);
    }
    b.acked_seq = b.applied_seq;
    b.ack_sent_ms = now;
    b.ack_now = false;
  }
  return out;
}

void HubModel::apply_state(BoardEntry& b, wire::BoardState st, std::int64_t now) {
  if (b.game.empty() || st.game_id() > b.game) start_game(b, st.game_id(), now);
  if (st.game_id() != b.game) return;  // an older game's state, late
  if (b.state && b.state->game_id() == b.game &&
      std::pair(st.through_seq(), st.wall_ms()) < std::pair(b.state->through_seq(), b.state->wall_ms())) {
    // Older than the one held: a stale retained copy (a broker's snapshot).
    ++b.stale_states;
    repairs_[b.board] = encode(*b.state);
    return;
  }
  b.head = std::max(b.head, st.through_seq());
  b.last_applied_wall_ms = now;
  const wire::BoardState* old = b.state && b.state->game_id() == b.game ? &*b.state : nullptr;
  // Out of sync while the game is played only: a board being set up (every
  // board at every round's start, until its pieces stand), put back after a
  // takeback, or cleared after the game differs from its position by design
  // and its kiosk says what to do; an alert for each was noise on the
  // arbiter's page (session 18: every simulated board raised one at its
  // setup). A board that names no phase (an older one) is alerted on as before.
  const bool played = st.phase() == wire::PHASE_PLAY || st.phase() == wire::PHASE_CHOOSING ||
                      st.phase() == wire::PHASE_UNSPECIFIED;
  const bool was_out = old && old->tracker() == wire::TRACKER_STATE_OUT_OF_SYNC &&
                       (old->phase() == wire::PHASE_PLAY || old->phase() == wire::PHASE_CHOOSING ||
                        old->phase() == wire::PHASE_UNSPECIFIED);
  if (st.tracker() == wire::TRACKER_STATE_OUT_OF_SYNC && played && !was_out) {
    // Named by the spell's first state (session 20: the board carries it),
    // so a hub that starts during the spell names it alike; a board of
    // before session 20 sends no such field (nor a board whose field cannot
    // be: after this state): the state at hand names it.
    const std::uint64_t said = st.out_of_sync_since_seq();
    const std::uint64_t since = said != 0 && said <= st.through_seq() ? said : st.through_seq();
    raise(AlertKind::kOutOfSync, b.board, "board " + b.board + " is out of sync with its game", now,
          b.board + "/" + b.game + "/out-of-sync/" + std::to_string(since));
  }
  for (int i = 0; i < st.seats_size(); ++i) {
    bool was = old && i < old->seats_size() && old->seats(i).status() == wire::SEAT_STATUS_FLAGGED;
    if (st.seats(i).status() == wire::SEAT_STATUS_FLAGGED && !was) {
      raise(AlertKind::kFlag, b.board, "board " + b.board + ": " + st.seats(i).name() + "'s flag fell", now,
            b.board + "/" + b.game + "/flag/" + std::to_string(i));
    }
  }
  // Session 21: a board whose journal cannot be written (BoardState.not_recording,
  // session 20) was shown but raised nothing: the arbiter is told once when
  // it starts and once when it clears, not at every state. Kept per board
  // across games: a next game that records ends the spell. Keyed by the
  // state's through_seq, which stands still while nothing is journaled (no
  // stream item is made), so a hub that starts during the spell names it alike.
  const bool not_recording = !st.not_recording().empty();
  if (not_recording != b.not_recording) {
    const std::string at = b.board + "/" + b.game + (not_recording ? "/not-recording/" : "/records-again/") +
                           std::to_string(st.through_seq());
    std::string text = not_recording
                           ? "board " + b.board + " is NOT RECORDING: its journal cannot be written (" +
                                 core::shown_text(st.not_recording(), 200) +
                                 "); it plays on, and what it cannot journal is not taken"
                           : "board " + b.board + " records again: its journal is written again";
    say(text);
    raise(not_recording ? AlertKind::kNotRecording : AlertKind::kRecordsAgain, b.board, std::move(text), now, at);
    b.not_recording = not_recording;
  }
  // Session 21: the tournament record refuses a game naming one player on two
  // seats (tournament.h); the arbiter hears of it from the first state that
  // says so, on the hall screen and the arbiter's page, not only in the
  // recording hub's log when the game ends.
  if (b.two_seats_game != b.game) {
    if (const std::string why = two_seats_problem(st); !why.empty()) {
      b.two_seats_game = b.game;
      raise(AlertKind::kTwoSeats, b.board, why + "; the tournament record will not take this game (nor rate it)", now,
            b.board + "/" + b.game + "/two-seats");
    }
  }
  if (st.over() && !finished_ids_.count(st.game_id())) {
    finished_ids_[st.game_id()] = true;
    std::string text = "board " + b.board + ": game over (" + (st.result_reason().empty() ? "over" : st.result_reason()) + ")";
    raise(AlertKind::kFinished, b.board, text, now, b.board + "/" + b.game + "/finished");
    finished_.push_back({b.board, st});
  }
  b.state = std::move(st);
}

}  // namespace tabula::hub
