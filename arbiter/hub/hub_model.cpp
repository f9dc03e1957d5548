#include "hub/hub_model.h"

#include "hub/codec.h"
#include "hub/topics.h"

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
  }
  return "?";
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
  for (Alert& a : alerts_) {
    if (a.id == alert_id) a.acknowledged = true;
  }
}

std::vector<FinishedGame> HubModel::take_finished() { return std::exchange(finished_, {}); }

void HubModel::raise(AlertKind kind, const std::string& board, std::string text, std::int64_t now) {
  Alert a;
  a.id = alerts_.size() + 1;
  a.kind = kind;
  a.board = board;
  a.text = std::move(text);
  a.wall_ms = now;
  alerts_.push_back(std::move(a));
}

void HubModel::on_message(std::string_view topic, std::string_view payload, std::int64_t now) {
  std::optional<ParsedTopic> t = parse_topic(topic);
  if (!t || t->event != event_ || t->leaf == Leaf::kAction) return;
  BoardEntry& b = boards_[t->board];
  b.board = t->board;
  b.last_heard_wall_ms = now;
  std::string error;
  switch (t->leaf) {
    case Leaf::kState:
      if (payload.empty()) return;  // a retained state cleared by hand
      if (auto st = decode_state(payload, topic, error)) {
        apply_state(b, std::move(*st), now);
        return;
      }
      break;
    case Leaf::kStream:
      if (auto item = decode_item(payload, topic, error)) {
        apply_item(b, std::move(*item), now);
        return;
      }
      break;
    case Leaf::kOnline:
      if (payload.empty()) return;
      if (auto p = decode_presence(payload, topic, error)) {
        if (b.online.value_or(true) && !p->online()) raise(AlertKind::kOffline, b.board, "board " + b.board + " went offline", now);
        b.online = p->online();
        return;
      }
      break;
    case Leaf::kAction: return;
  }
  raise(AlertKind::kBadPayload, b.board, error, now);
}

void HubModel::apply_item(BoardEntry& b, wire::StreamItem item, std::int64_t now) {
  const std::uint64_t seq = item.seq();
  std::uint64_t& applied = b.applied_by_game[item.game_id()];
  if (seq <= applied) {
    ++b.duplicates;
    return;
  }
  if (applied != 0 && seq > applied + 1) {
    const std::uint64_t first = applied + 1;
    const std::uint64_t last = seq - 1;
    b.missing += last - first + 1;
    raise(AlertKind::kGap, b.board,
          "board " + b.board + ": stream items " + std::to_string(first) +
              (first == last ? "" : ".." + std::to_string(last)) + " never arrived",
          now);
  }
  applied = seq;
  b.applied_seq = seq;
  ++b.items;
  if (item.has_move() && latencies_.size() < 100000) latencies_.push_back(now - item.wall_ms());
  if (item.has_ruling()) {
    const wire::RulingItem& r = item.ruling();
    if (r.severity() == "illegal") {
      raise(AlertKind::kIllegalMove, b.board, "board " + b.board + ": " + r.text(), now);
    } else if (r.kind() == "out-of-sync") {
      raise(AlertKind::kOutOfSync, b.board, "board " + b.board + ": " + r.text(), now);
    } else if (r.kind() == "timeout") {
      raise(AlertKind::kFlag, b.board, "board " + b.board + ": " + r.text(), now);
    }
  }
  if (item.has_reply() && !item.reply().accepted()) {
    raise(AlertKind::kActionRefused, b.board, "board " + b.board + ": " + item.reply().text(), now);
  }
  b.recent.push_back(std::move(item));
  while (b.recent.size() > kRecent) b.recent.pop_front();
}

void HubModel::apply_state(BoardEntry& b, wire::BoardState st, std::int64_t now) {
  const wire::BoardState* old = b.state ? &*b.state : nullptr;
  if (st.tracker() == wire::TRACKER_STATE_OUT_OF_SYNC && (!old || old->tracker() != wire::TRACKER_STATE_OUT_OF_SYNC)) {
    raise(AlertKind::kOutOfSync, b.board, "board " + b.board + " is out of sync with its game", now);
  }
  for (int i = 0; i < st.seats_size(); ++i) {
    bool was = old && i < old->seats_size() && old->seats(i).status() == wire::SEAT_STATUS_FLAGGED;
    if (st.seats(i).status() == wire::SEAT_STATUS_FLAGGED && !was) {
      raise(AlertKind::kFlag, b.board, "board " + b.board + ": " + st.seats(i).name() + "'s flag fell", now);
    }
  }
  if (st.over() && !finished_ids_.count(st.game_id())) {
    finished_ids_[st.game_id()] = true;
    std::string text = "board " + b.board + ": game over (" + (st.result_reason().empty() ? "over" : st.result_reason()) + ")";
    raise(AlertKind::kFinished, b.board, text, now);
    finished_.push_back({b.board, st});
  }
  b.state = std::move(st);
}

}  // namespace tabula::hub
