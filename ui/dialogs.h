// DialogPresenter: shows the session's pending question (KioskView::dialog)
// as a modal popup and returns the answer as DialogAnswered.
//
// One popup per dialog id. After an answer the presenter hides that id even
// while the snapshot still holds it (the session has not caught up yet);
// when the snapshot drops or replaces the dialog, the popup closes. The
// answered and open ids are the only state. Call between ImGui::NewFrame()
// and ImGui::Render(), on the UI thread.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <optional>

#include "ui/intent.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

class DialogPresenter {
 public:
  /// Draws the dialog with its `pivot` (0..1 of its size) at `anchor`;
  /// returns the answer the frame it is given.
  std::optional<Intent> draw(const KioskView& view, const KioskFonts& fonts, ImVec2 anchor,
                             ImVec2 pivot);

 private:
  std::optional<std::uint32_t> answered_;
  std::optional<std::uint32_t> open_;
};

}  // namespace tabula::ui
