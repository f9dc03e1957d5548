// DialogPresenter: shows the session's pending question (KioskView::dialog)
// as a modal popup and returns the answer as DialogAnswered.
//
// The popup fills the top of the quiet zone (ui/screen_layout.h, Q above E),
// where the main screen has no action: a second tap of the tap that
// completed a move on the virtual board, or of the Players screen's "Offer
// a draw", never lands on an answer (issue 18: no two consecutive screens
// put an action under the same spot). Its buttons are touch targets.
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
#include <vector>

#include "ui/intent.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

class DialogPresenter {
 public:
  /// Draws the dialog in `zone` with buttons at least `touch` high;
  /// returns the answer the frame it is given.
  std::optional<Intent> draw(const KioskView& view, const KioskFonts& fonts, const PixelRect& zone, float touch);
  /// The answers' rectangles drawn this frame (empty: no dialog shown).
  const std::vector<HitRect>& hit_rects() const { return hits_; }
  /// The frame did not call draw() (the arbiter has the screen).
  void not_drawn() { hits_.clear(); }
  /// The dialog on screen this frame, if any.
  std::optional<std::uint32_t> shown() const { return hits_.empty() ? std::nullopt : open_; }

 private:
  std::vector<HitRect> hits_;
  std::optional<std::uint32_t> answered_;
  std::optional<std::uint32_t> open_;
};

}  // namespace tabula::ui
