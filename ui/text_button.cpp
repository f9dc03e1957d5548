#include "ui/text_button.h"

#include <string>

#include <imgui_internal.h>

namespace tabula::ui {

float text_button_width(std::string_view text) {
  return ImGui::CalcTextSize(text.data(), text.data() + text.size(), /*hide_text_after_double_hash=*/false).x +
         ImGui::GetStyle().FramePadding.x * 2;
}

bool text_button(std::string_view text, const char* id, ImVec2 size_arg) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* begin = text.data();
  const char* end = begin + text.size();
  // Measured whole: ImGui's own measure stops at a "##".
  const ImVec2 label = ImGui::CalcTextSize(begin, end, /*hide_text_after_double_hash=*/false);
  const ImVec2 size =
      ImGui::CalcItemSize(size_arg, label.x + style.FramePadding.x * 2, label.y + style.FramePadding.y * 2);
  const bool pressed = ImGui::Button((std::string("##") + id).c_str(), size);
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  const ImVec2 from(min.x + style.FramePadding.x, min.y + style.FramePadding.y);
  const ImVec2 to(max.x - style.FramePadding.x, max.y - style.FramePadding.y);
  const ImRect box(min, max);
  // RenderTextClippedEx draws [begin, end) as given (RenderTextClipped
  // would look for "##" again); the log gets what is drawn.
  ImGui::RenderTextClippedEx(ImGui::GetWindowDrawList(), from, to, begin, end, &label, style.ButtonTextAlign, &box);
  if (ImGui::GetCurrentContext()->LogEnabled) {
    ImGui::LogSetNextTextDecoration("[", "]");  // as ImGui logs a button: "[ Ann##1 wins ]"
    ImGui::LogRenderedText(&from, begin, end);
  }
  return pressed;
}

}  // namespace tabula::ui
