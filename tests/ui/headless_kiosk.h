// HeadlessKiosk: a KioskApp driven frame by frame in an ImGui context with
// a built font atlas and no window or GPU. One frame() call is one frame
// with the pointer where the test says; tap() goes through the kiosk's
// PointerQueue, as the touch screen's events do. Each frame is kFrame_s of
// the kiosk's time (its tap guard counts it).
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ui/kiosk_app.h"
#include "ui/pointer_queue.h"

namespace tabula::ui {

/// A screen size of the layouts the tests walk, named "800x480".
struct ScreenSize {
  float width;
  float height;
  std::string name() const {
    return std::to_string(static_cast<int>(width)) + "x" + std::to_string(static_cast<int>(height));
  }
};

class HeadlessKiosk {
 public:
  static constexpr double kFrame_s = 0.1;

  explicit HeadlessKiosk(float width = 1280, float height = 800, std::string pin = "2580", float dpi = 133)
      : app_(KioskConfig{std::move(pin), dpi}), width_(width), height_(height) {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = {width, height};
    io.DeltaTime = 1.0f / 60.0f;
#if IMGUI_VERSION_NUM >= 18700
    // A synthetic frame's mouse move, button and typed text all land in that
    // frame (ImGui 1.87+ would otherwise trickle them over several frames).
    io.ConfigInputTrickleEventQueue = false;
#endif
    unsigned char* pixels = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessKiosk() { ImGui::DestroyContext(context_); }
  HeadlessKiosk(const HeadlessKiosk&) = delete;
  HeadlessKiosk& operator=(const HeadlessKiosk&) = delete;

  KioskApp& app() { return app_; }
  float width() const { return width_; }
  float height() const { return height_; }

  std::vector<Intent> frame(const KioskView& view, ImVec2 mouse = {-1000, -1000}, int button_down = -1,
                            const char* typed = "") {
    ImGuiIO& io = ImGui::GetIO();
    set_pointer(mouse, [&](int b) { return b == button_down; });
    for (const char* c = typed; *c != '\0'; ++c) io.AddInputCharacter(static_cast<unsigned>(*c));
    ImGui::NewFrame();
    std::vector<Intent> intents = app_.draw(view, next_time());
    ImGui::Render();
    return intents;
  }

  /// Hover, press, release: returns every intent of the three frames.
  std::vector<Intent> click(const KioskView& view, ImVec2 at, int button = 0) {
    std::vector<Intent> all = frame(view, at);
    for (auto& i : frame(view, at, button)) all.push_back(i);
    for (auto& i : frame(view, at)) all.push_back(i);
    return all;
  }

  /// Queues a tap (the finger's move, press and release), as the touch
  /// screen reports it; drain() hands the queue to the frames.
  void tap(ImVec2 at) {
    queue_.push({PointerEvent::Kind::kMove, at.x, at.y, 0});
    queue_.push({PointerEvent::Kind::kPress, at.x, at.y, 0});
    queue_.push({PointerEvent::Kind::kRelease, at.x, at.y, 0});
  }
  /// Frames until the queue is empty (and one more), each seeing its share
  /// of the queued events; `view_of` gives each frame's snapshot.
  template <typename ViewOf>
  std::vector<Intent> drain(ViewOf&& view_of, int max_frames = 1000) {
    std::vector<Intent> all;
    for (int f = 0; f < max_frames && (queue_.pending() || f == 0); ++f) {
      const PointerState s = queue_.next_frame();
      set_pointer(s.known ? ImVec2{s.x, s.y} : ImVec2{-1000, -1000}, [&](int b) {
        return b < PointerState::kButtons && s.down[static_cast<std::size_t>(b)];
      });
      ImGui::NewFrame();
      for (Intent& i : app_.draw(view_of(all), next_time())) all.push_back(std::move(i));
      ImGui::Render();
    }
    for (Intent& i : frame(view_of(all))) all.push_back(std::move(i));
    return all;
  }

  /// One frame with the queue's share of the pointer events.
  std::vector<Intent> queued_frame(const KioskView& view) {
    const PointerState s = queue_.next_frame();
    set_pointer(s.known ? ImVec2{s.x, s.y} : ImVec2{-1000, -1000}, [&](int b) {
      return b < PointerState::kButtons && s.down[static_cast<std::size_t>(b)];
    });
    ImGui::NewFrame();
    std::vector<Intent> intents = app_.draw(view, next_time());
    ImGui::Render();
    return intents;
  }
  bool pending() const { return queue_.pending(); }

  ImVec2 centre_of(const KioskView& view, const char* square) {
    const BoardLayout layout = app_.board_layout(view, width_, height_);
    const PixelPoint p = layout.square_rect(*parse_cell_name(square)).center();
    return {p.x, p.y};
  }

  /// The action labelled `label` on the current screen, or null.
  const HitRect* find(const std::string& label) const {
    for (const HitRect& h : app_.hit_rects()) {
      if (h.label == label) return &h;
    }
    return nullptr;
  }
  /// Clicks the action labelled `label`; the two frames after it let the
  /// next screen draw (and size) itself. All the intents of those frames.
  std::vector<Intent> press(const KioskView& view, const std::string& label) {
    const HitRect* h = find(label);
    EXPECT_NE(h, nullptr) << "no '" << label << "' on the " << app_.screen_name() << " screen";
    if (h == nullptr) return {};
    std::vector<Intent> intents = click(view, centre(h->rect));
    for (Intent& i : frame(view)) intents.push_back(std::move(i));
    for (Intent& i : frame(view)) intents.push_back(std::move(i));
    return intents;
  }

  /// The middle of an action's rectangle (KioskApp::hit_rects()).
  static ImVec2 centre(const PixelRect& r) { return {(r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f}; }

 private:
  double next_time() {
    time_s_ += kFrame_s;
    return time_s_;
  }
  template <typename Down>
  static void set_pointer(ImVec2 at, Down&& down) {
    ImGuiIO& io = ImGui::GetIO();
#if IMGUI_VERSION_NUM >= 18700  // ImGui 1.87+ (Debian 13): the input event queue
    io.AddMousePosEvent(at.x, at.y);
    for (int b = 0; b < 5; ++b) io.AddMouseButtonEvent(b, down(b));
#else
    io.MousePos = at;
    for (int b = 0; b < 5; ++b) io.MouseDown[b] = down(b);
#endif
  }

  ImGuiContext* context_;
  KioskApp app_;
  float width_;
  float height_;
  PointerQueue queue_;
  double time_s_ = 0;
};

// The same as free functions, as the touch tests write them.
inline const HitRect* find(HeadlessKiosk& kiosk, const std::string& label) {
  return kiosk.find(label);
}
inline std::vector<Intent> press(HeadlessKiosk& kiosk, const KioskView& view,
                                 const std::string& label) {
  return kiosk.press(view, label);
}

}  // namespace tabula::ui
