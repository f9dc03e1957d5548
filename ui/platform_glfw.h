// GlfwPlatform: the kiosk's window, OpenGL (ES) context and ImGui backends -- all
// platform and GPU wiring lives in platform_glfw.cpp and nowhere else.
//
// Owns, by RAII and in this order: GLFW (initialised once per process), the
// window with its GL context, the ImGui context, the GLFW and OpenGL3 (or OpenGL2) ImGui
// backends. Destruction releases them in reverse. GLFW and GL failures become
// a PlatformStatus in create(); nothing here throws. One instance per
// process, used from the thread that created it.
//
// A frame, as in Dear ImGui's examples:
//   platform.wait_events(timeout);   // sleeps until an event or the timeout
//   platform.take_activity();        // did anything happen? (ui/redraw_policy.h)
//   platform.new_frame(overrides);   // backends, then ImGui::NewFrame()
//   app.draw(view, time);            // the app builds the frame
//   platform.render();               // ImGui::Render(), GL draw
//   platform.read_pixels();          // optional, before present()
//   platform.present();              // swap buffers
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "ui/pointer_queue.h"
#include "ui/screenshot.h"

struct GLFWwindow;

namespace tabula::ui {

struct PlatformConfig {
  int width = 1280;
  int height = 800;
  bool fullscreen = false;
  // A window (not full screen) no larger than the monitor's work area: a
  // 1280x800 window on an 800x480 screen showed half the board and no
  // buttons (issue 27 item 7). Off when the size was asked for (--size).
  bool fit_monitor = false;
  bool vsync = true;
  std::string title = "Tabula";
};

enum class PlatformError { kNoDisplay, kGlfwInit, kWindow, kBackend };

/// The GL context the window got (platform_glfw.cpp says the order tried).
enum class GlApi { kEs3, kGl3, kGl2 };

struct PlatformStatus {
  PlatformError error;
  std::string message;
};

/// Per-frame substitutions that make a frame reproducible (screenshots,
/// benchmarks): a fixed time step and no mouse.
struct FrameOverrides {
  std::optional<float> delta_s;
  bool hide_mouse = false;
};

class GlfwPlatform {
 public:
  struct Created;
  /// Opens the window (GL ES 3, else desktop GL 3, else what the device
  /// gives; TABULA_GL=es3|gl3|gl2 forces one) and initialises ImGui.
  /// kNoDisplay when neither WAYLAND_DISPLAY nor DISPLAY is set.
  static Created create(const PlatformConfig& config);

  ~GlfwPlatform();
  GlfwPlatform(const GlfwPlatform&) = delete;
  GlfwPlatform& operator=(const GlfwPlatform&) = delete;

  bool should_close() const;
  void poll_events();
  /// Sleeps until an event arrives or `timeout_s` passes (0: just polls;
  /// nullopt: until an event), then handles the events.
  void wait_events(std::optional<double> timeout_s);
  /// Whether an input event (pointer, key, text, scroll, resize, focus)
  /// came since the last call.
  bool take_activity();
  /// Pointer events not yet handed to ImGui (one button change per frame;
  /// ImGui 1.86 only: 1.87+ queues them itself).
  bool pointer_pending() const { return pointer_.pending(); }
  void new_frame(const FrameOverrides& overrides = {});
  void render();
  void present();
  /// (Re)creates the font texture from the ImGui atlas.
  void upload_fonts();
  /// The back buffer as drawn by render(), top row first.
  RgbaImage read_pixels() const;
  int framebuffer_width() const;
  int framebuffer_height() const;
  /// Window height in screen coordinates (fonts are sized from it).
  int window_height() const;
  /// Blocks until the GPU has finished the frame (benchmarks).
  void finish() const;
  /// Which context it got, on which platform: "OpenGL ES 3.1 Mesa 24.2.8
  /// (V3D 7.1), ImGui OpenGL3 backend with #version 300 es, GLFW 3.4 on
  /// Wayland". The kiosk logs it at start.
  const std::string& gl_description() const { return gl_description_; }
  GlApi gl_api() const { return api_; }

 private:
  GlfwPlatform(GLFWwindow* window, GlApi api);
  static GlfwPlatform* of(GLFWwindow* window);
  static void on_cursor(GLFWwindow* window, double x, double y);
  static void on_button(GLFWwindow* window, int button, int action, int mods);
  static void on_other(GLFWwindow* window);
  static void install_callbacks(GLFWwindow* window);
  GLFWwindow* window_;
  GlApi api_;
  std::string gl_description_;
  PointerQueue pointer_;
  bool activity_ = true;
};

struct GlfwPlatform::Created {
  std::unique_ptr<GlfwPlatform> platform;
  std::optional<PlatformStatus> status;  // set when platform is null
};

}  // namespace tabula::ui
