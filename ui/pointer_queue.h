// PointerQueue: the touch screen's (or mouse's) moves, presses and releases
// in the order they happened, handed to ImGui at most one button change per
// frame, so a tap shorter than a frame, or two taps within one frame, are
// never lost (issue 18: taps 0.1-0.25 s apart were lost while a frame took
// longer than that).
//
// ImGui 1.86 (Debian's) samples the pointer once per frame: a press and
// release inside one frame count once, and two taps inside one frame count
// as one, at the last position. The queue "trickles" instead, as ImGui's
// own input queue does from 1.87 on:
//
//   event at the front         this frame                        queue
//   move                       position moves (several may pass) popped
//   press at the position      button goes down, frame ends       popped
//   press elsewhere            position moves there, frame ends   kept (pressed next frame)
//   release                    button goes up, frame ends         popped
//   any, after a button change frame ends                        kept
//
// So a tap takes two or three frames (move, press, release) and every
// press-release pair becomes one ImGui click where it happened.
// Pure logic, no GLFW or ImGui; the platform (ui/platform_glfw.cpp) pushes
// the window's events and applies next_frame() after the backend's frame.
// Not thread-safe (GLFW delivers events on the UI thread).
#pragma once

#include <array>
#include <cstddef>
#include <deque>

namespace tabula::ui {

struct PointerEvent {
  enum class Kind { kMove, kPress, kRelease };
  Kind kind = Kind::kMove;
  float x = 0;
  float y = 0;
  int button = 0;  // 0 left (a tap), 1 right, 2 middle; kMove ignores it
};

/// The pointer as one frame sees it.
struct PointerState {
  static constexpr int kButtons = 3;
  bool known = false;  // no position yet (nothing happened)
  float x = 0;
  float y = 0;
  std::array<bool, kButtons> down{};
};

class PointerQueue {
 public:
  void push(const PointerEvent& event);
  /// Consumes this frame's share of the queue (table above) and returns the
  /// pointer's state for the frame.
  PointerState next_frame();
  /// Events still waiting: the loop must draw another frame at once.
  bool pending() const { return !events_.empty(); }
  std::size_t size() const { return events_.size(); }
  const PointerState& state() const { return state_; }

 private:
  std::deque<PointerEvent> events_;
  PointerState state_;
};

}  // namespace tabula::ui
