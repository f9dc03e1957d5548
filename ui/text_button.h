// text_button.h — a button whose label is text that comes from people or
// boards (a seat's name in a board's state, a player's name typed at the
// kiosk), shown whole (session 29).
//
// ImGui reads "##" in a label as the start of the widget's hidden id: a
// seat named "Re##d" gave the hall screen's button "Re##d wins" the visible
// label "Re", and a typed player list "Ann##1, Ben" showed "Ann" in the
// kiosk's field. These buttons take the id apart (`id`, never shown) and
// draw the text as it is, clipped to the button and aligned as ImGui aligns
// a label (ImGuiStyle::ButtonTextAlign); ImGui's text log (the tests'
// capture) gets the whole text too. Call inside a frame, on ImGui's thread.
#pragma once

#include <string_view>

#include <imgui.h>

namespace tabula::ui {

// A button showing `text` whole; `id` names it within the current ID stack
// (give each button of a row its own, or PushID). `size` as ImGui::Button
// takes it (0: fit the text). True when pressed.
bool text_button(std::string_view text, const char* id, ImVec2 size = ImVec2(0, 0));

// The width text_button() takes for `text` with size 0 (for laying out a row).
float text_button_width(std::string_view text);

}  // namespace tabula::ui
