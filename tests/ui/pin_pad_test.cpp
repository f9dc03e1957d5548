// PinPad: entry, checking and clearing.
#include "ui/pin_pad.h"

#include <gtest/gtest.h>

namespace tabula::ui {
namespace {

TEST(PinPad, AcceptsTheRightPinWhenTheLastDigitIsPressed) {
  PinPad pad("2468");
  EXPECT_EQ(pad.press('2'), PinPad::Outcome::kIncomplete);
  EXPECT_EQ(pad.press('4'), PinPad::Outcome::kIncomplete);
  EXPECT_EQ(pad.press('6'), PinPad::Outcome::kIncomplete);
  EXPECT_EQ(pad.entered(), 3u);
  EXPECT_EQ(pad.press('8'), PinPad::Outcome::kAccepted);
  EXPECT_EQ(pad.entered(), 0u);
}

TEST(PinPad, RejectsAWrongPinAndStartsAgain) {
  PinPad pad("0000");
  for (char c : std::string("000")) pad.press(c);
  EXPECT_EQ(pad.press('1'), PinPad::Outcome::kRejected);
  EXPECT_EQ(pad.rejections(), 1);
  EXPECT_EQ(pad.entered(), 0u);
  for (char c : std::string("000")) pad.press(c);
  EXPECT_EQ(pad.press('0'), PinPad::Outcome::kAccepted);
}

TEST(PinPad, EraseAndNonDigits) {
  PinPad pad("12");
  pad.press('1');
  pad.press('x');
  EXPECT_EQ(pad.entered(), 1u);
  pad.erase();
  pad.erase();
  EXPECT_EQ(pad.entered(), 0u);
  pad.press('1');
  EXPECT_EQ(pad.press('2'), PinPad::Outcome::kAccepted);
}

TEST(PinPad, AnInvalidPinFallsBackToTheDefault) {
  EXPECT_FALSE(PinPad::is_valid_pin(""));
  EXPECT_FALSE(PinPad::is_valid_pin("12a4"));
  EXPECT_FALSE(PinPad::is_valid_pin("1234567890123"));
  PinPad pad("abc");
  EXPECT_EQ(pad.length(), 4u);
  for (char c : std::string("000")) pad.press(c);
  EXPECT_EQ(pad.press('0'), PinPad::Outcome::kAccepted);
}

}  // namespace
}  // namespace tabula::ui
