// Dialog popups: piece choices as a row of piece buttons, other answers as a
// column of wide buttons.
#include "ui/dialogs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/piece_art.h"

namespace tabula::ui {
namespace {

std::string popup_name(std::uint32_t id) {
  return "##dialog-" + std::to_string(id);
}

bool all_pieces(const DialogView& dialog) {
  return std::all_of(dialog.options.begin(), dialog.options.end(),
                     [](const DialogOption& o) { return o.glyph.has_value(); });
}

/// A square button showing a piece over its label; true when pressed.
bool piece_button(const DialogOption& option, Rgb colour, float side, const KioskFonts& fonts) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float label_h = fonts.small->FontSize * 1.4f;
  const bool pressed = ImGui::Button(("##" + option.label).c_str(), {side, side + label_h});
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw_piece(draw, *option.glyph, {at.x + side * 0.5f, at.y + side * 0.52f}, side * 0.9f,
             piece_style(colour, PieceLife::kLive), fonts.glyph);
  const ImVec2 size =
      fonts.small->CalcTextSizeA(fonts.small->FontSize, 1e9f, 0, option.label.c_str());
  draw->AddText(fonts.small, fonts.small->FontSize,
                {at.x + (side - size.x) * 0.5f, at.y + side + (label_h - size.y) * 0.35f},
                palette::kText, option.label.c_str());
  return pressed;
}

}  // namespace

std::optional<Intent> DialogPresenter::draw(const KioskView& view, const KioskFonts& fonts,
                                            const PixelRect& zone, float touch) {
  hits_.clear();
  const DialogView* dialog = view.dialog ? &*view.dialog : nullptr;
  if (answered_ && (!dialog || dialog->id != *answered_)) answered_.reset();

  // Close a popup whose dialog is gone, replaced or answered.
  if (open_ && (!dialog || dialog->id != *open_ || answered_ == open_)) {
    if (ImGui::BeginPopupModal(popup_name(*open_).c_str(), nullptr)) {
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    open_.reset();
  }
  if (!dialog || answered_ == dialog->id || dialog->options.empty()) return std::nullopt;

  const std::string name = popup_name(dialog->id);
  // Another popup opened at the same level replaces ours: open it again.
  if (open_ && !ImGui::IsPopupOpen(name.c_str())) open_.reset();
  if (!open_) {
    ImGui::OpenPopup(name.c_str());
    open_ = dialog->id;
  }
  const SeatView* seat = view.seat(dialog->seat);
  const Rgb colour = dialog->kind == DialogKind::kNotice ? Rgb{230, 160, 40} : seat ? seat->colour : Rgb{200, 200, 200};
  std::optional<Intent> answer;

  const float body = fonts.body->FontSize;
  const float pad = std::max(6.0f, std::round(body * 0.6f));
  ImGui::SetNextWindowPos({zone.x0, zone.y0}, ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints({zone.width(), 0}, {zone.width(), zone.height()});
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {pad, pad});
  ImGui::PushStyleColor(ImGuiCol_Border, to_imu32(accent(colour)));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize,
                      std::max(2.0f, body * 0.12f));  // modals use the window border
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::BeginPopupModal(name.c_str(), nullptr, flags)) {
    const bool pieces = all_pieces(*dialog);
    const float width = zone.width() - 2 * pad;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float n = static_cast<float>(dialog->options.size());
    const float side = std::max(touch, std::min(body * 4.2f, (width - (n - 1) * spacing) / n));
    // Answers in one column, or two when they would not fit the zone.
    const float button_h = std::max(touch, body * 2.2f);
    const int columns = !pieces && n * (button_h + ImGui::GetStyle().ItemSpacing.y) > zone.height() * 0.6f ? 2 : 1;
    const float button_w = columns == 1 ? width : (width - spacing) * 0.5f;

    ImGui::PushFont(fonts.small);
    ImGui::PushStyleColor(ImGuiCol_Text, to_imu32(accent(colour)));
    const std::string who = seat && dialog->kind != DialogKind::kNotice ? seat->name + " \xC2\xB7 " : std::string();
    ImGui::TextUnformatted((who + std::string(dialog_kind_name(dialog->kind))).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::PushFont(fonts.title);
    ImGui::TextUnformatted(dialog->title.c_str());
    ImGui::PopFont();
    if (!dialog->prompt.empty()) {
      // Wrapped inside the scroll bar a long notice brings (800x480).
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(width, ImGui::GetContentRegionAvail().x));
      ImGui::TextUnformatted(dialog->prompt.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::Dummy({width, body * 0.3f});

    ImGui::PushFont(fonts.bold);
    for (std::size_t i = 0; i < dialog->options.size(); ++i) {
      const DialogOption& option = dialog->options[i];
      ImGui::PushID(static_cast<int>(i));
      bool pressed = false;
      if (pieces) {
        if (i > 0) ImGui::SameLine();
        pressed = piece_button(option, colour, side, fonts);
      } else {
        if (columns == 2 && i % 2 == 1) ImGui::SameLine();
        pressed = ImGui::Button(option.label.c_str(), {button_w, button_h});
      }
      hits_.push_back({visible_item_rect(), option.label});
      if (pressed) answer = DialogAnswered{dialog->id, static_cast<int>(i)};
      ImGui::PopID();
    }
    ImGui::PopFont();
    if (answer) {
      answered_ = dialog->id;
      open_.reset();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
  return answer;
}

}  // namespace tabula::ui
