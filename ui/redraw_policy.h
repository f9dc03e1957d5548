// RedrawPolicy: when the kiosk draws a frame. An idle kiosk draws nothing
// (issue 18: it redrew 50 times a second, 17% of a core on llvmpipe); it
// draws on input, when a clock's face changes, while something on screen
// is animated, and when the session said something.
//
//   reason                                     frames
//   input (pointer, key, text, resize, focus)  at once, then every frame for settle_s, and
//                                              at least settle_frames frames however long
//                                              each takes (ImGui's fades, a popup opening and
//                                              sizing itself, a button's click shown)
//   pointer events still queued                every frame until drained (ui/pointer_queue.h),
//                                              then settles as after an input (the loop calls
//                                              on_input after a frame that took one)
//
// s29-newuser: a button's click is taken on the frame of the release and
// shows on the frame after it; under llvmpipe on a loaded machine the press
// and release frames outlasted settle_s, that frame was never drawn, and the
// menu's ▶ looked dead (11 of 12 taps under xdotool, load 10-14), so a new
// user tapped twice and skipped a variant.
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
    int settle_frames = 2;       // frames after an input or an output, however slow
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
  int frames_owed_ = 0;  // settle_frames still to draw
};

}  // namespace tabula::ui
