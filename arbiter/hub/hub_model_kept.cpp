// hub_model_kept.cpp — what the tournament record keeps of the hub's model
// over a restart, put back (HubModel, hub_model.h): each board's latest
// stream (session 28) and the alerts raised from what boards sent (session
// 29). Split from hub_model.cpp by role (the 800-line bound).
#include <map>

#include "core/player_name.h"
#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/topics.h"

namespace tabula::hub {

std::optional<AlertKind> alert_kind_of(std::string_view words) {
  for (int k = 0; k <= static_cast<int>(AlertKind::kActionUnanswered); ++k) {
    if (words == to_string(static_cast<AlertKind>(k))) return static_cast<AlertKind>(k);
  }
  return std::nullopt;
}

void HubModel::restore_stream(const std::string& board, std::vector<wire::StreamItem> items) {
  if (items.size() > kRecent) items.erase(items.begin(), items.end() - static_cast<std::ptrdiff_t>(kRecent));
  std::deque<wire::StreamItem> kept;
  for (wire::StreamItem& it : items) {
    show_texts_safely(it);  // the record is a file: read as a board's payload is
    kept.push_back(std::move(it));
  }
  if (auto b = boards_.find(board); b != boards_.end()) {
    if (b->second.recent.empty()) b->second.kept = std::move(kept);
    return;
  }
  if (kept_streams_.size() >= kMaxBoards && !kept_streams_.count(board)) return;
  kept_streams_[board] = std::move(kept);
}

void HubModel::alert_changed(const Alert& a) {
  if (!keep_alerts_ || restoring_ || a.key.empty()) return;
  if (alert_changes_.size() >= kMaxAppliedQueued) alert_changes_.erase(alert_changes_.begin());
  alert_changes_.push_back({a.key, a.board, to_string(a.kind), a.text, a.wall_ms, a.acknowledged, a.acknowledged_by});
}

std::size_t HubModel::restore_alerts(const std::vector<KeptAlert>& kept) {
  // Session 29: an offline board does not send its stream again, so the
  // alerts of its items are raised from what the record kept. The record
  // is a file: its texts are shown safely and cut as a board's are.
  restoring_ = true;
  std::size_t left_out = 0;
  // The keys raised here already (a web service's hub reads the record
  // after the boards' retained states came: thousands), looked up once each.
  std::map<std::string, std::size_t> raised;  // key -> index in alerts_
  for (std::size_t i = 0; i < alerts_.size(); ++i) {
    if (!alerts_[i].key.empty()) raised.emplace(alerts_[i].key, i);
  }
  for (const KeptAlert& k : kept) {
    const std::optional<AlertKind> kind = alert_kind_of(k.kind);
    if (!kind || k.key.empty() || k.key.size() > kMaxAlertKeyBytes || !check_name("board", k.board).empty()) {
      ++left_out;
      continue;
    }
    if (restored_keys_.count(k.key)) continue;
    const std::string by = core::shown_text(k.acknowledged_by, 80);
    // Raised here already (a retained state or presence came first): one
    // alert; the record's acknowledgement holds.
    if (auto r = raised.find(k.key); r != raised.end()) {
      Alert* here = &alerts_[r->second];
      if (k.acknowledged && !here->acknowledged) {
        here->acknowledged = true;
        here->acknowledged_by = by;
        remember_acked(k.key, by);
      }
      continue;
    }
    const std::size_t before = alerts_.size();
    if (k.acknowledged) {
      raise_now(*kind, k.board, core::shown_text(k.text, kMaxAlertChars), k.raised_wall_ms, k.key);
      alerts_.back().acknowledged = true;
      alerts_.back().acknowledged_by = by;
      remember_acked(k.key, by);
    } else {
      raise(*kind, k.board, k.text, k.raised_wall_ms, k.key);  // the per-board bound holds
    }
    if (alerts_.size() > before && alerts_.back().key == k.key) {
      alerts_.back().from_record = true;
      restored_keys_.insert(k.key);
    }
  }
  restoring_ = false;
  return left_out;
}

}  // namespace tabula::hub
