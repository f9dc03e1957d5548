// Put-back guidance names the piece (issue 18 item 1: "Likewise 'Put a piece
// on j2' must say which piece"), played on the virtual board against the
// real session and drawn at the Pi's 800x480: after a takeback of a capture,
// after a refused move and a touch, and after a four-player capture.
#include <gtest/gtest.h>

#include <string>

#include "tests/ui/headless_kiosk.h"
#include "tests/ui/virtual_board_play.h"
#include "ui/panels.h"
#include "ui/kiosk_game.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

const FixSquare* fix_at(const KioskView& v, const char* square, FixAction action) {
  for (const FixSquare& f : v.fixes) {
    if (f.cell == *parse_cell_name(square) && f.action == action) return &f;
  }
  return nullptr;
}

/// The screen's board line, drawn at 800x480 (the frame must not trip on
/// the guidance), and the words of it.
std::string guidance_at_800x480(const KioskView& v) {
  HeadlessKiosk kiosk(800, 480);
  kiosk.frame(v);
  kiosk.frame(v);
  return describe_fixes(v);
}

TEST(FixGuidance, ATakenBackCaptureNamesThePieceToPutBack) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  play(*sim, "d7", "d5", t);
  play(*sim, "e4", "d5", t);  // exd5
  ASSERT_EQ(sim->session().moves().size(), 3U);
  sim->apply(TakeBack{1}, t += Ms(100));
  play(*sim, "d5", "e4", t);  // the white pawn goes back; d5 is empty
  const KioskView& v = sim->view(t);
  const FixSquare* d5 = fix_at(v, "d5", FixAction::kPutPiece);
  ASSERT_NE(d5, nullptr);
  ASSERT_TRUE(d5->piece.has_value()) << "the square marker knows the piece";
  EXPECT_EQ(d5->piece->glyph, PieceGlyph::kPawn);
  EXPECT_EQ(d5->piece->seat, SeatIndex{1});
  const std::string text = guidance_at_800x480(v);
  EXPECT_NE(text.find("Black's pawn"), std::string::npos) << text;
  EXPECT_NE(text.find("d5"), std::string::npos) << text;
  EXPECT_EQ(text.find("a piece"), std::string::npos) << text;
}

TEST(FixGuidance, ARefusedMoveThenATouchNamesEachPieceWhereItBelongs) {
  // Issue 18: Black plays d7-d4 (refused), White then touches d2.
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  play(*sim, "d7", "d4", t);           // refused
  sim->apply(at("d2"), t += Ms(300));  // White lifts the d-pawn
  sim->tick(t += Ms(1000));
  const KioskView& v = sim->view(t);
  const FixSquare* d7 = fix_at(v, "d7", FixAction::kPutPiece);
  const FixSquare* d2 = fix_at(v, "d2", FixAction::kPutPiece);
  ASSERT_NE(d7, nullptr);
  ASSERT_NE(d2, nullptr);
  ASSERT_TRUE(d7->piece && d2->piece);
  EXPECT_EQ(d7->piece->seat, SeatIndex{1});
  EXPECT_EQ(d2->piece->seat, SeatIndex{0});
  const std::string text = guidance_at_800x480(v);
  EXPECT_EQ(text.find("a piece"), std::string::npos) << text;
  EXPECT_NE(text.find("Black's pawn"), std::string::npos) << text;
  EXPECT_NE(text.find("White's pawn"), std::string::npos) << text;
  // The black pawn on d4 goes back to d7, not the white one.
  EXPECT_EQ(text.find("White's pawn from d4"), std::string::npos) << text;
  EXPECT_NE(text.find("d7"), std::string::npos) << text;
}

TEST(FixGuidance, AFourPlayerCaptureTakenBackNamesTheCapturedSeatsPiece) {
  Ms t(0);
  auto sim = started("chesscom-ffa", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e3", t);    // Red opens the f1 bishop's diagonal
  play(*sim, "b7", "c7", t);    // Blue
  play(*sim, "h13", "h12", t);  // Yellow
  play(*sim, "m7", "l7", t);    // Green
  play(*sim, "f1", "b5", t);    // Red: Bxb5, Blue's pawn
  ASSERT_EQ(sim->session().moves().size(), 5U);
  sim->apply(TakeBack{1}, t += Ms(100));
  play(*sim, "b5", "f1", t);
  const KioskView& v = sim->view(t);
  const FixSquare* b5 = fix_at(v, "b5", FixAction::kPutPiece);
  ASSERT_NE(b5, nullptr);
  ASSERT_TRUE(b5->piece.has_value());
  EXPECT_EQ(b5->piece->seat, SeatIndex{1});
  const std::string text = guidance_at_800x480(v);
  EXPECT_NE(text.find("Blue's pawn"), std::string::npos) << text;
  EXPECT_EQ(text.find("a piece"), std::string::npos) << text;
}

}  // namespace
}  // namespace tabula::ui
