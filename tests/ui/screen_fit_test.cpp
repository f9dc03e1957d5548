// Every screen and overlay fits every documented screen (issue 27 item 1):
// at each layout and dpi of kDocumentedScreens (ui/screen_layout.h), every
// action of the main screen, the PIN pad, the menu's pages, the keyboard,
// the players' screen, a confirmation and each of the session's questions
// is on the screen, shown whole by its window, and at least 9 mm at that
// dpi; the PIN pad has all its keys. (At 720x1280 and 210 px/in the PIN
// pad lost its 7-8-9 row, 0 and Cancel.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/ui/headless_kiosk.h"
#include "ui/scenes.h"

namespace tabula::ui {
namespace {

std::string name_of(const DocumentedScreen& s) {
  return ScreenSize{s.width, s.height}.name() + " at " + std::to_string(static_cast<int>(s.dpi)) + " px/in";
}

class Walk {
 public:
  explicit Walk(const DocumentedScreen& screen)
      : screen_(screen), kiosk_(screen.width, screen.height, "0000", screen.dpi) {
    view_ = *make_scene("four-player");
    view_.to_move = SeatIndex{0};
    view_.dialog.reset();
    kiosk_.frame(view_);
    kiosk_.frame(view_);
  }
  HeadlessKiosk& kiosk() { return kiosk_; }
  KioskView& view() { return view_; }
  void press(const std::string& label) { kiosk_.press(view_, label); }

  /// Every problem of the current screen's actions: too small (a cut one
  /// counts its visible part), off the screen.
  void check(const std::string& screen) {
    const float touch = touch_target_px(screen_.dpi) - 0.5f;
    for (const HitRect& h : kiosk_.app().hit_rects()) {
      const std::string what = screen + " '" + h.label + "' " + std::to_string(static_cast<int>(h.rect.width())) +
                               "x" + std::to_string(static_cast<int>(h.rect.height()));
      if (h.label != "board" && (h.rect.width() < touch || h.rect.height() < touch)) {
        problems_.push_back(what + " under 9 mm (or cut)");
      }
      if (h.rect.x0 < 0 || h.rect.y0 < 0 || h.rect.x1 > screen_.width || h.rect.y1 > screen_.height) {
        problems_.push_back(what + " off the screen");
      }
    }
  }
  void expect_labels(const std::vector<std::string>& labels) {
    for (const std::string& label : labels) {
      if (kiosk_.find(label) == nullptr) problems_.push_back("no '" + label + "' on " + kiosk_.app().screen_name());
    }
  }
  const std::vector<std::string>& problems() const { return problems_; }

 private:
  DocumentedScreen screen_;
  HeadlessKiosk kiosk_;
  KioskView view_;
  std::vector<std::string> problems_;
};

TEST(ScreenFit, EveryScreenAndOverlayFitsEveryDocumentedScreenWithNineMillimetreTargets) {
  for (const DocumentedScreen& screen : kDocumentedScreens) {
    SCOPED_TRACE(name_of(screen));
    Walk walk(screen);
    walk.check("main");
    walk.expect_labels({"Rotate", "Players", "Arbiter"});
    walk.press("Arbiter");
    ASSERT_EQ(walk.kiosk().app().screen_name(), "pin");
    walk.check("pin");
    walk.expect_labels({"1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "\xE2\x86\x90", "Clear", "Cancel"});
    walk.press("Cancel");
    EXPECT_EQ(walk.kiosk().app().screen_name(), "main") << "the pad closes";
    walk.press("Arbiter");
    for (const char* d : {"0", "0", "0", "0"}) walk.press(d);
    ASSERT_EQ(walk.kiosk().app().screen_name(), "menu") << "the default PIN 0000 opens the menu";
    for (const char* page : {"Game", "Result", "Board", "Voice"}) {
      walk.press(page);
      walk.check(std::string("menu ") + page);
      walk.expect_labels({"Lock"});
    }
    walk.press("Result");
    walk.press("Draw...");
    ASSERT_EQ(walk.kiosk().app().screen_name(), "confirm");
    walk.check("confirm");
    walk.expect_labels({"Yes", "No"});
    walk.press("No");
    walk.press("Game");
    walk.press("clock: 15+10, 5d3, 90 (none)");
    ASSERT_EQ(walk.kiosk().app().screen_name(), "keyboard");
    walk.check("keyboard");
    walk.press("done");
    walk.press("Lock");
    walk.press("Players");
    ASSERT_EQ(walk.kiosk().app().screen_name(), "players");
    walk.check("players");
    walk.expect_labels({"Close", "Resign...", "Offer a draw", "Who plays: a person or a bot...", "Clocks",
                        "Last move", "Whose turn", "Red", "Green"});
    // Issue 33 item 1: who plays each seat, its own screen.
    walk.press("Who plays: a person or a bot...");
    ASSERT_EQ(walk.kiosk().app().screen_name(), "who-plays");
    walk.check("who-plays");
    walk.expect_labels({"Back", "Red stronger", "Green stronger", "Change who plays..."});
    walk.press("Back");
    walk.press("Close");
    // The session's question with the most answers.
    DialogView d;
    d.id = 3;
    d.kind = DialogKind::kStalematePlacement;
    d.seat = SeatIndex{1};
    d.title = "placement";
    d.prompt = "Blue places a piece (003 rule 5): which one?";
    d.options = {{"queen", {}}, {"rook", {}}, {"bishop", {}}, {"knight", {}}, {"pawn", {}}};
    walk.view().dialog = d;
    walk.kiosk().frame(walk.view());
    walk.kiosk().frame(walk.view());
    walk.check("question");
    walk.expect_labels({"queen", "rook", "bishop", "knight", "pawn"});
    EXPECT_EQ(walk.problems(), std::vector<std::string>{});
  }
}

}  // namespace
}  // namespace tabula::ui
