// headless_hub.h — the hall screen (ui/hub/hub_screen.h) in an ImGui
// context without a window or GPU, for hub_screen_test and
// hub_frame_benchmark (s31-hall: the same set-up stood in both). Header only.
#pragma once

#include <imgui.h>

#include <vector>

#include "hub/hub_model.h"
#include "ui/hub/hub_screen.h"

namespace tabula::ui {

/// The hub screen in an ImGui context without a window or GPU; one frame()
/// is one frame with the mouse where the test says.
struct HeadlessHub {
  explicit HeadlessHub(ImVec2 size, float text_scale = 1.0f) : context(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60;
    io.FontGlobalScale = text_scale;
    unsigned char* px = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ImFont* f = io.Fonts->Fonts[0];
    screen.set_fonts(KioskFonts{f, f, f, f, f, f, f});
    side.can_act = true;
  }
  ~HeadlessHub() { ImGui::DestroyContext(context); }
  HeadlessHub(const HeadlessHub&) = delete;
  HeadlessHub& operator=(const HeadlessHub&) = delete;

  std::vector<HubIntent> frame(const hub::HubModel& model, ImVec2 mouse, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    std::vector<HubIntent> intents = screen.draw(model, side, 0.0);
    ImGui::Render();
    return intents;
  }

  ImGuiContext* context;
  HubScreen screen;
  HubSide side;
};

}  // namespace tabula::ui
