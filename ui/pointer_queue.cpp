// PointerQueue: one button change per frame (table in the header).
#include "ui/pointer_queue.h"

namespace tabula::ui {

void PointerQueue::push(const PointerEvent& event) {
  if (event.kind != PointerEvent::Kind::kMove &&
      (event.button < 0 || event.button >= PointerState::kButtons)) {
    return;  // a button ImGui does not use
  }
  // Consecutive moves collapse: only where the pointer ends up matters.
  if (event.kind == PointerEvent::Kind::kMove && !events_.empty() &&
      events_.back().kind == PointerEvent::Kind::kMove) {
    events_.back() = event;
    return;
  }
  events_.push_back(event);
}

PointerState PointerQueue::next_frame() {
  bool moved = false;
  while (!events_.empty()) {
    const PointerEvent e = events_.front();
    const bool here = state_.known && e.x == state_.x && e.y == state_.y;
    if (e.kind == PointerEvent::Kind::kMove) {
      state_.known = true;
      state_.x = e.x;
      state_.y = e.y;
      moved = true;
      events_.pop_front();
      continue;
    }
    const auto b = static_cast<std::size_t>(e.button);
    const bool down = e.kind == PointerEvent::Kind::kPress;
    if (down && (!here || moved)) {
      // ImGui sees where the finger is before it sees the press.
      state_.known = true;
      state_.x = e.x;
      state_.y = e.y;
      break;
    }
    state_.known = true;
    state_.x = e.x;
    state_.y = e.y;
    state_.down[b] = down;
    events_.pop_front();
    break;  // one button change per frame
  }
  return state_;
}

}  // namespace tabula::ui
