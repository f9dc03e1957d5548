// GLFW + OpenGL 3 + ImGui backends: every platform and GPU call of the kiosk.
#include "ui/platform_glfw.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#define GLFW_INCLUDE_NONE
#include <GL/gl.h>
#include <GLFW/glfw3.h>

#include <cfloat>
#include <cstdlib>
#include <cstring>

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

}  // namespace

GlfwPlatform::Created GlfwPlatform::create(const PlatformConfig& config) {
  Created created;
  if (!env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY")) {
    created.status = PlatformStatus{PlatformError::kNoDisplay, "no display (DISPLAY is not set)"};
    return created;
  }
  glfwSetErrorCallback(on_glfw_error);
  if (glfwInit() == GLFW_FALSE) {
    created.status =
        PlatformStatus{PlatformError::kGlfwInit, "cannot initialise GLFW: " + last_glfw_error()};
    return created;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWmonitor* monitor = config.fullscreen ? glfwGetPrimaryMonitor() : nullptr;
  int width = config.width;
  int height = config.height;
  if (monitor != nullptr && (width <= 0 || height <= 0)) {
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    width = mode->width;
    height = mode->height;
  }
  GLFWwindow* window = glfwCreateWindow(width, height, config.title.c_str(), monitor, nullptr);
  if (window == nullptr) {
    created.status =
        PlatformStatus{PlatformError::kWindow, "cannot open a window: " + last_glfw_error()};
    glfwTerminate();
    return created;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(config.vsync ? 1 : 0);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // a kiosk keeps no layout file
  io.LogFilename = nullptr;
  if (!ImGui_ImplGlfw_InitForOpenGL(window, true) || !ImGui_ImplOpenGL3_Init("#version 130")) {
    created.status =
        PlatformStatus{PlatformError::kBackend, "cannot initialise the ImGui OpenGL 3 backend"};
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return created;
  }
  created.platform.reset(new GlfwPlatform(window));
  return created;
}

GlfwPlatform::GlfwPlatform(GLFWwindow* window) : window_(window) {}

GlfwPlatform::~GlfwPlatform() {
  ImGui_ImplOpenGL3_Shutdown();
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
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (overrides.delta_s) io.DeltaTime = *overrides.delta_s;
  if (overrides.hide_mouse) {
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool& down : io.MouseDown) down = false;
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
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void GlfwPlatform::present() {
  glfwSwapBuffers(window_);
}

void GlfwPlatform::upload_fonts() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
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
