// RedrawPolicy: when the kiosk draws a frame. An idle kiosk draws nothing
// (issue 18: it redrew 50 times a second, 17% of a core on llvmpipe); it
// draws on input, when a clock's face changes, while something on screen
// is animated, and when the session said something.
//
//   reason                                     frames
//   input (pointer, key, text, resize, focus)  at once, then every frame for settle_s
//                                              (ImGui's fades, a popup opening and sizing itself)
//   pointer events still queued                every frame until drained (ui/pointer_queue.h)
//   session output (a new snapshot)            one at once (and settle_s after)
//   a clock face changes (a second, a tenth)   one at that moment
//   animation (pulsing squares to fix)         animation_fps
//   nothing of these                           none: the loop sleeps until an event
//
// Time is injected (seconds on any monotonic scale) so the policy is tested
// without a clock. Pure logic; not thread-safe.
#pragma once

#include <optional>

namespace tabula::ui {

class RedrawPolicy {
 public:
  struct Settings {
    double settle_s = 0.3;       // frames after an input or an output
    double animation_fps = 10;   // while animating
  };
  RedrawPolicy() = default;
  explicit RedrawPolicy(Settings settings) : settings_(settings) {}

  /// Something happened that changes the screen or how it reacts.
  void on_input(double now_s);
  /// The session's snapshot changed.
  void on_output(double now_s) { on_input(now_s); }
  /// When the screen next changes by itself (a clock's face); nullopt: never.
  void set_next_change(std::optional<double> at_s) { next_change_s_ = at_s; }
  /// Whether the frame just drawn shows an animation.
  void set_animating(bool animating) { animating_ = animating; }

  /// A frame is due now.
  bool due(double now_s) const;
  /// How long the loop may sleep before the next frame is due (0: draw at
  /// once); nullopt: until an event arrives.
  std::optional<double> wait_s(double now_s) const;
  /// A frame was drawn at `now_s`.
  void drew(double now_s);

  int frames() const { return frames_; }

 private:
  Settings settings_{};
  std::optional<double> settle_until_s_;
  std::optional<double> next_change_s_;
  std::optional<double> last_frame_s_;
  bool animating_ = false;
  bool first_ = true;
  int frames_ = 0;
};

}  // namespace tabula::ui
