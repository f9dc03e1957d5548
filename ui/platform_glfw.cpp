// GLFW + OpenGL (ES) + ImGui backends: every platform and GPU call of the kiosk.
//
// The context, best first (TABULA_GL=es3|gl3|gl2 forces one):
//   es3  OpenGL ES 3.0: the Raspberry Pi's V3D is an ES 3.1 device. Debian's
//        libimgui builds the OpenGL3 backend for desktop GL, but that backend
//        loads its GL functions at run time and has the "#version 300 es"
//        shaders, so it draws on an ES context too.
//   gl3  desktop OpenGL 3.0, "#version 130" shaders.
//   gl2  whatever context the device gives (a 2.1 compatibility profile on
//        older Mesa), drawn by the OpenGL2 backend (also in libimgui).
// X11 and Wayland alike: GLFW 3.4 (Debian 13) has both and takes Wayland
// when WAYLAND_DISPLAY is set and answers, else X11 on DISPLAY; GLFW 3.3
// (Debian 12) is X11 only (under a Wayland compositor, through Xwayland).
// gl_description() says which context it got, on which platform.
#include "ui/platform_glfw.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl2.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#define GLFW_INCLUDE_NONE
#include <GL/gl.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ui/theme.h"

namespace tabula::ui {
namespace {

// GLFW reports errors through a callback; the latest one is kept so that
// create() can turn it into a PlatformStatus.
std::string& last_glfw_error() {
  static std::string message;
  return message;
}

void on_glfw_error(int code, const char* description) {
  last_glfw_error() =
      "GLFW error " + std::to_string(code) + ": " + (description ? description : "");
}

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

struct GlChoice {
  GlApi api;
  const char* name;  // as TABULA_GL spells it
};
constexpr GlChoice kGlChoices[] = {{GlApi::kEs3, "es3"}, {GlApi::kGl3, "gl3"}, {GlApi::kGl2, "gl2"}};

void hint_context(GlApi api) {
  glfwDefaultWindowHints();
  switch (api) {
    case GlApi::kEs3:
      glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
      glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
      glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
      break;
    case GlApi::kGl3:
      glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
      glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
      glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
      break;
    case GlApi::kGl2:
      glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);  // any version the device gives
      break;
  }
}

bool init_renderer(GlApi api) {
  switch (api) {
    case GlApi::kEs3:
      return ImGui_ImplOpenGL3_Init("#version 300 es");
    case GlApi::kGl3:
      return ImGui_ImplOpenGL3_Init("#version 130");
    case GlApi::kGl2:
      return ImGui_ImplOpenGL2_Init();
  }
  return false;
}

// "Wayland" or "X11": which of them GLFW connected to.
std::string platform_name() {
#if GLFW_VERSION_MAJOR > 3 || (GLFW_VERSION_MAJOR == 3 && GLFW_VERSION_MINOR >= 4)
  switch (glfwGetPlatform()) {
    case GLFW_PLATFORM_WAYLAND:
      return "Wayland";
    case GLFW_PLATFORM_X11:
      return "X11";
    default:
      return "platform " + std::to_string(glfwGetPlatform());
  }
#else
  // 3.3 is built for one platform; its version string names it.
  return std::strstr(glfwGetVersionString(), "Wayland") != nullptr ? "Wayland" : "X11";
#endif
}

std::string gl_string(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s != nullptr ? s : "?";
}

}  // namespace

GlfwPlatform::Created GlfwPlatform::create(const PlatformConfig& config) {
  Created created;
  if (!env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY")) {
    created.status = PlatformStatus{PlatformError::kNoDisplay,
                                    "no display (neither WAYLAND_DISPLAY nor DISPLAY is set)"};
    return created;
  }
  std::vector<GlApi> tries;
  const char* forced = std::getenv("TABULA_GL");
  for (const GlChoice& c : kGlChoices) {
    if (forced == nullptr || forced[0] == '\0' || std::strcmp(forced, c.name) == 0)
      tries.push_back(c.api);
  }
  if (tries.empty()) {
    created.status = PlatformStatus{PlatformError::kWindow, std::string("TABULA_GL='") + forced +
                                                                "': expected es3, gl3 or gl2"};
    return created;
  }
  glfwSetErrorCallback(on_glfw_error);
#ifdef GLFW_PLATFORM
  // GLFW 3.4 tries Wayland first even where only DISPLAY is set, and
  // libwayland then prints "XDG_RUNTIME_DIR is invalid or not set" on every
  // start under X11 (Xvfb): without WAYLAND_DISPLAY, X11 directly.
  glfwInitHint(GLFW_PLATFORM, env_set("WAYLAND_DISPLAY") ? GLFW_ANY_PLATFORM : GLFW_PLATFORM_X11);
#endif
#ifdef GLFW_WAYLAND_LIBDECOR
  // Full screen (cage) has no title bar to draw: no libdecor, whose plugins a
  // Lite image lacks ("No plugins found" on every start). A window on a
  // desktop (labwc) keeps libdecor or the compositor's decorations.
  if (config.fullscreen) glfwInitHint(GLFW_WAYLAND_LIBDECOR, GLFW_WAYLAND_DISABLE_LIBDECOR);
#endif
  if (glfwInit() == GLFW_FALSE) {
    created.status =
        PlatformStatus{PlatformError::kGlfwInit, "cannot initialise GLFW: " + last_glfw_error()};
    return created;
  }
  GLFWmonitor* monitor = config.fullscreen ? glfwGetPrimaryMonitor() : nullptr;
  int width = config.width;
  int height = config.height;
  if (width <= 0 || height <= 0) {
    // Full screen at the monitor's size. Without a monitor or a mode (a
    // Wayland output that is not up yet), any size: the compositor (cage)
    // gives a full-screen window the output's size anyway.
    const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
    const bool known = mode != nullptr && mode->width > 0 && mode->height > 0;
    width = known ? mode->width : 1280;
    height = known ? mode->height : 800;
  }
  if (!config.fullscreen && config.fit_monitor) {
    if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) {
      int x = 0, y = 0, w = 0, h = 0;
      glfwGetMonitorWorkarea(primary, &x, &y, &w, &h);
      if (w <= 0 || h <= 0) {
        if (const GLFWvidmode* mode = glfwGetVideoMode(primary)) {
          w = mode->width;
          h = mode->height;
        }
      }
      if (w > 0 && h > 0 && (width > w || height > h)) {
        std::fprintf(stderr, "tabula-kiosk: the window is %dx%d, the screen's size (%dx%d was too large)\n",
                     std::min(width, w), std::min(height, h), width, height);
        width = std::min(width, w);
        height = std::min(height, h);
      }
    }
  }
  std::string failures;  // why each context was refused, for the message
  for (GlApi api : tries) {
    hint_context(api);
    GLFWwindow* window = glfwCreateWindow(width, height, config.title.c_str(), monitor, nullptr);
    if (window == nullptr) {
      failures += std::string(failures.empty() ? "" : "; ") + kGlChoices[static_cast<int>(api)].name +
                  ": " + last_glfw_error();
      continue;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(config.vsync ? 1 : 0);
    install_callbacks(window);  // before ImGui's backend, which chains them

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // a kiosk keeps no layout file
    io.LogFilename = nullptr;
    if (!ImGui_ImplGlfw_InitForOpenGL(window, true)) {
      failures += std::string(failures.empty() ? "" : "; ") + "the ImGui GLFW backend failed";
      ImGui::DestroyContext();
      glfwDestroyWindow(window);
      continue;
    }
    if (!init_renderer(api)) {
      failures += std::string(failures.empty() ? "" : "; ") +
                  kGlChoices[static_cast<int>(api)].name + ": the ImGui renderer failed";
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
      glfwDestroyWindow(window);
      continue;
    }
    created.platform.reset(new GlfwPlatform(window, api));
    glfwSetWindowUserPointer(window, created.platform.get());
    // No blinking text cursor: it would need a frame twice a second.
    io.ConfigInputTextCursorBlink = false;
    created.platform->gl_description_ =
        gl_string(GL_VERSION) + " (" + gl_string(GL_RENDERER) + "), ImGui " +
        (api == GlApi::kGl2 ? "OpenGL2" : "OpenGL3") + " backend" +
        (api == GlApi::kEs3 ? " with #version 300 es" : api == GlApi::kGl3 ? " with #version 130" : "") +
        ", GLFW " + std::to_string(GLFW_VERSION_MAJOR) + "." + std::to_string(GLFW_VERSION_MINOR) +
        " on " + platform_name();
    return created;
  }
  created.status = PlatformStatus{PlatformError::kWindow,
                                  "cannot open a window with an OpenGL context: " + failures};
  glfwTerminate();
  return created;
}

GlfwPlatform::GlfwPlatform(GLFWwindow* window, GlApi api) : window_(window), api_(api) {}

void GlfwPlatform::install_callbacks(GLFWwindow* window) {
  glfwSetCursorPosCallback(window, &GlfwPlatform::on_cursor);
  glfwSetMouseButtonCallback(window, &GlfwPlatform::on_button);
  glfwSetKeyCallback(window, [](GLFWwindow* w, int, int, int, int) { on_other(w); });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int) { on_other(w); });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double, double) { on_other(w); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int) { on_other(w); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int) { on_other(w); });
  glfwSetWindowSizeCallback(window, [](GLFWwindow* w, int, int) { on_other(w); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { on_other(w); });
}

GlfwPlatform* GlfwPlatform::of(GLFWwindow* window) {
  return static_cast<GlfwPlatform*>(glfwGetWindowUserPointer(window));
}

void GlfwPlatform::on_cursor(GLFWwindow* window, double x, double y) {
  if (GlfwPlatform* self = of(window)) {
#if IMGUI_VERSION_NUM < 18700
    self->pointer_.push({PointerEvent::Kind::kMove, static_cast<float>(x), static_cast<float>(y), 0});
#else
    (void)x, (void)y;
#endif
    self->activity_ = true;
  }
}

void GlfwPlatform::on_button(GLFWwindow* window, int button, int action, int) {
  GlfwPlatform* self = of(window);
  if (self == nullptr) return;
#if IMGUI_VERSION_NUM < 18700
  // GLFW has handled every earlier motion: this is where the press was.
  double x = 0;
  double y = 0;
  glfwGetCursorPos(window, &x, &y);
  self->pointer_.push({action == GLFW_PRESS ? PointerEvent::Kind::kPress : PointerEvent::Kind::kRelease,
                       static_cast<float>(x), static_cast<float>(y), button});
#else
  (void)button, (void)action;
#endif
  self->activity_ = true;
}

void GlfwPlatform::on_other(GLFWwindow* window) {
  if (GlfwPlatform* self = of(window)) self->activity_ = true;
}

void GlfwPlatform::wait_events(std::optional<double> timeout_s) {
  if (timeout_s && *timeout_s <= 0.0) {
    glfwPollEvents();
  } else if (timeout_s) {
    glfwWaitEventsTimeout(*timeout_s);
  } else {
    glfwWaitEvents();
  }
}

bool GlfwPlatform::take_activity() {
  const bool was = activity_;
  activity_ = false;
  return was;
}

GlfwPlatform::~GlfwPlatform() {
  if (api_ == GlApi::kGl2) {
    ImGui_ImplOpenGL2_Shutdown();
  } else {
    ImGui_ImplOpenGL3_Shutdown();
  }
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwPlatform::should_close() const {
  return glfwWindowShouldClose(window_) != 0;
}

void GlfwPlatform::poll_events() {
  glfwPollEvents();
}

void GlfwPlatform::new_frame(const FrameOverrides& overrides) {
  if (api_ == GlApi::kGl2) {
    ImGui_ImplOpenGL2_NewFrame();
  } else {
    ImGui_ImplOpenGL3_NewFrame();
  }
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (overrides.delta_s) io.DeltaTime = *overrides.delta_s;
#if IMGUI_VERSION_NUM < 18700
  // ImGui 1.86 (Debian 12) samples the pointer once a frame; the queue gives
  // this frame its share of what happened instead, so no tap is lost
  // (ui/pointer_queue.h). 1.87+ trickles its own event queue the same way.
  const PointerState pointer = pointer_.next_frame();
  if (pointer.known) {
    io.MousePos = ImVec2(pointer.x, pointer.y);
    for (int b = 0; b < PointerState::kButtons; ++b) io.MouseDown[b] = pointer.down[static_cast<std::size_t>(b)];
  }
#endif
  if (overrides.hide_mouse) {
#if IMGUI_VERSION_NUM >= 18700
    // ImGui 1.87+ (Debian 13): input goes through the event queue, after the
    // backend's own events of this frame.
    io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
    for (int b = 0; b < ImGuiMouseButton_COUNT; ++b) io.AddMouseButtonEvent(b, false);
#else
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool& down : io.MouseDown) down = false;
#endif
  }
  ImGui::NewFrame();
}

void GlfwPlatform::render() {
  ImGui::Render();
  int width = 0;
  int height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  glViewport(0, 0, width, height);
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(palette::kBackground);
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (api_ == GlApi::kGl2) {
    ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
  } else {
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
}

void GlfwPlatform::present() {
  glfwSwapBuffers(window_);
}

void GlfwPlatform::upload_fonts() {
  if (api_ == GlApi::kGl2) {
    ImGui_ImplOpenGL2_DestroyFontsTexture();
    ImGui_ImplOpenGL2_CreateFontsTexture();
  } else {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

RgbaImage GlfwPlatform::read_pixels() const {
  RgbaImage image;
  glfwGetFramebufferSize(window_, &image.width, &image.height);
  const auto row = static_cast<std::size_t>(image.width) * 4;
  std::vector<std::uint8_t> bottom_up(row * static_cast<std::size_t>(image.height));
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  image.pixels.resize(bottom_up.size());
  for (int y = 0; y < image.height; ++y) {
    std::memcpy(image.pixels.data() + static_cast<std::size_t>(y) * row,
                bottom_up.data() + static_cast<std::size_t>(image.height - 1 - y) * row, row);
  }
  for (std::size_t i = 3; i < image.pixels.size(); i += 4) image.pixels[i] = 255;  // opaque
  return image;
}

int GlfwPlatform::framebuffer_width() const {
  int width = 0;
  int height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return width;
}

int GlfwPlatform::framebuffer_height() const {
  int width = 0;
  int height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return height;
}

int GlfwPlatform::window_height() const {
  int width = 0;
  int height = 0;
  glfwGetWindowSize(window_, &width, &height);
  return height;
}

void GlfwPlatform::finish() const {
  glFinish();
}

}  // namespace tabula::ui
