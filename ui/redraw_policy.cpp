// RedrawPolicy (table in the header).
#include "ui/redraw_policy.h"

#include <algorithm>

namespace tabula::ui {

void RedrawPolicy::on_input(double now_s) {
  settle_until_s_ = std::max(settle_until_s_.value_or(now_s), now_s + settings_.settle_s);
  frames_owed_ = std::max(frames_owed_, settings_.settle_frames);
}

bool RedrawPolicy::due(double now_s) const {
  if (first_) return true;
  if (frames_owed_ > 0) return true;
  if (settle_until_s_ && now_s <= *settle_until_s_) return true;
  if (next_change_s_ && now_s >= *next_change_s_) return true;
  if (animating_ && last_frame_s_ && now_s - *last_frame_s_ >= 1.0 / settings_.animation_fps) {
    return true;
  }
  return false;
}

std::optional<double> RedrawPolicy::wait_s(double now_s) const {
  if (due(now_s)) return 0.0;
  std::optional<double> at;
  auto sooner = [&](double t) { at = at ? std::min(*at, t) : t; };
  if (next_change_s_) sooner(*next_change_s_);
  if (animating_ && last_frame_s_) sooner(*last_frame_s_ + 1.0 / settings_.animation_fps);
  if (!at) return std::nullopt;
  return std::max(0.0, *at - now_s);
}

void RedrawPolicy::drew(double now_s) {
  first_ = false;
  last_frame_s_ = now_s;
  ++frames_;
  if (frames_owed_ > 0) --frames_owed_;
  if (settle_until_s_ && now_s > *settle_until_s_) settle_until_s_.reset();
  if (next_change_s_ && now_s >= *next_change_s_) next_change_s_.reset();
}

}  // namespace tabula::ui
