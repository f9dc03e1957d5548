// Finding a profile's chip by path, name, number or label, and refusing a chip
// whose line count is not the profile's. The chip lists are what gpiodetect
// prints on real boards: a Pi 4 (kernel 6.6), a Pi 5 before kernel 6.6.47
// (RP1 at gpiochip4) and after (RP1 at gpiochip0).
#include "gpiod/chip_lookup.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gpiod/line_plan.h"

namespace tabula::firmware {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::vector<ChipInfo> kPi4 = {
    {"/dev/gpiochip0", "gpiochip0", "pinctrl-bcm2711", 58},
    {"/dev/gpiochip1", "gpiochip1", "raspberrypi-exp-gpio", 8},
};
const std::vector<ChipInfo> kPi5Kernel61 = {
    {"/dev/gpiochip0", "gpiochip0", "gpio-brcmstb@107d508500", 32},
    {"/dev/gpiochip1", "gpiochip1", "gpio-brcmstb@107d508500", 4},
    {"/dev/gpiochip2", "gpiochip2", "gpio-brcmstb@107d517c00", 17},
    {"/dev/gpiochip3", "gpiochip3", "gpio-brcmstb@107d517c00", 6},
    {"/dev/gpiochip4", "gpiochip4", "pinctrl-rp1", 54},
};
const std::vector<ChipInfo> kPi5Kernel66 = {
    {"/dev/gpiochip0", "gpiochip0", "pinctrl-rp1", 54},
    {"/dev/gpiochip10", "gpiochip10", "gpio-brcmstb@107d508500", 32},
    {"/dev/gpiochip11", "gpiochip11", "gpio-brcmstb@107d508500", 4},
    {"/dev/gpiochip12", "gpiochip12", "gpio-brcmstb@107d517c00", 17},
    {"/dev/gpiochip13", "gpiochip13", "gpio-brcmstb@107d517c00", 6},
};

ChipSpec spec(std::string device, unsigned lines) {
  return {"soc", std::move(device), lines, ChipKind::kRpiHeader, ""};
}

TEST(ChipLookup, ADeviceIsAPathANameANumberOrALabel) {
  EXPECT_EQ(classify_chip_ref("/dev/gpiochip3"), ChipRef::kPath);
  EXPECT_EQ(classify_chip_ref("/dev/tabula/mcp20"), ChipRef::kPath);
  EXPECT_EQ(classify_chip_ref("gpiochip12"), ChipRef::kName);
  EXPECT_EQ(classify_chip_ref("4"), ChipRef::kNumber);
  EXPECT_EQ(classify_chip_ref("pinctrl-rp1"), ChipRef::kLabel);
  EXPECT_EQ(classify_chip_ref("gpiochip"), ChipRef::kLabel);
  EXPECT_EQ(classify_chip_ref("gpio-brcmstb@107d508500"), ChipRef::kLabel);
}

TEST(ChipLookup, PathsNamesAndNumbersNeedNoChipList) {
  EXPECT_EQ(resolve_chip(spec("/dev/tabula/mcp20", 16), {}).path, "/dev/tabula/mcp20");
  EXPECT_EQ(resolve_chip(spec("gpiochip4", 54), {}).path, "/dev/gpiochip4");
  EXPECT_EQ(resolve_chip(spec("4", 54), {}).path, "/dev/gpiochip4");
}

TEST(ChipLookup, TheLabelFindsThePi5HeaderBeforeAndAfterItWasRenumbered) {
  const ChipPath before = resolve_chip(spec("pinctrl-rp1", 54), kPi5Kernel61);
  ASSERT_TRUE(before.status.is_ok()) << before.status.to_string();
  EXPECT_EQ(before.path, "/dev/gpiochip4");
  const ChipPath after = resolve_chip(spec("pinctrl-rp1", 54), kPi5Kernel66);
  ASSERT_TRUE(after.status.is_ok()) << after.status.to_string();
  EXPECT_EQ(after.path, "/dev/gpiochip0");
  EXPECT_EQ(resolve_chip(spec("pinctrl-bcm2711", 58), kPi4).path, "/dev/gpiochip0");
}

ChipSpec other(std::string device, unsigned lines) {
  return {"soc", std::move(device), lines, ChipKind::kOther, ""};
}

TEST(ChipLookup, APi4ProfilesHeaderChipIsThePi5sHeaderChip) {
  // Issue 29: the setup screen offers the shipped (Pi 4) profiles on a Pi 5;
  // the one it saves must run there. The header's GPIO 2..27 are the same.
  const ChipPath p = resolve_chip(spec("pinctrl-bcm2711", 58), kPi5Kernel66);
  ASSERT_TRUE(p.status.is_ok()) << p.status.to_string();
  EXPECT_EQ(p.path, "/dev/gpiochip0");
  EXPECT_EQ(resolve_chip(spec("pinctrl-bcm2711", 58), kPi5Kernel61).path, "/dev/gpiochip4");
  EXPECT_TRUE(check_chip_lines(spec("pinctrl-bcm2711", 58), kPi5Kernel66[0]).is_ok());
  EXPECT_EQ(resolve_chip(spec("pinctrl-rp1", 54), kPi4).path, "/dev/gpiochip0");
  EXPECT_TRUE(check_chip_lines(spec("pinctrl-rp1", 54), kPi4[0]).is_ok());
  // Not for a chip that is not a header chip, nor for a header chip with a
  // count that is not its model's.
  EXPECT_FALSE(check_chip_lines(spec("pinctrl-bcm2711", 58), {"/dev/gpiochip0", "gpiochip0", "pinctrl-rp1", 32}).is_ok());
  EXPECT_EQ(resolve_chip(other("pinctrl-bcm2711", 58), kPi5Kernel66).status.code(), GpioError::kChipNotFound);
}

TEST(ChipLookup, AMissingLabelSaysWhichChipsThereAre) {
  const ChipPath p = resolve_chip(other("pinctrl-bcm2711", 58), kPi5Kernel66);
  EXPECT_EQ(p.status.code(), GpioError::kChipNotFound);
  EXPECT_THAT(p.status.message(),
              HasSubstr("open chip soc (pinctrl-bcm2711): no GPIO chip has the label "
                        "'pinctrl-bcm2711'; the chips here: gpiochip0 [pinctrl-rp1] 54 lines, "));
  EXPECT_THAT(resolve_chip(spec("pinctrl-rp1", 54), {}).status.message(),
              HasSubstr("the chips here: none"));
}

TEST(ChipLookup, TwoChipsWithTheLabelAskForAPath) {
  const ChipPath p = resolve_chip(spec("gpio-brcmstb@107d508500", 32), kPi5Kernel66);
  EXPECT_EQ(p.status.code(), GpioError::kInvalidArgument);
  EXPECT_THAT(p.status.message(), HasSubstr("(gpiochip10 and gpiochip11); name one by path"));
}

TEST(ChipLookup, AChipWithAnotherLineCountIsTheWrongChip) {
  // A 58-line chip (not said to be the Pi's header) named by number on a Pi 5.
  const GpioStatus st = check_chip_lines(other("gpiochip0", 58), kPi5Kernel66[0]);
  EXPECT_EQ(st.code(), GpioError::kWrongChip);
  EXPECT_EQ(st.to_string(),
            "wrong-chip: chip soc (gpiochip0) is gpiochip0 [pinctrl-rp1] with 54 lines; the "
            "profile says 58: not the chip the profile was written for (set its device and "
            "num_lines, see docs/INSTALL.md)");
  EXPECT_TRUE(check_chip_lines(spec("pinctrl-rp1", 54), kPi5Kernel66[0]).is_ok());
}

TEST(LinePlan, GroupsLinesPerChipKeepingTheirOrderAndIndices) {
  GpioRequest req;
  req.chips = {spec("pinctrl-bcm2711", 58), {"mcp20", "/dev/tabula/mcp20", 16, ChipKind::kMcp23017, ""}};
  req.outputs = {{1, 3}, {0, 17}, {1, 2}};
  req.initial_outputs = {1, 0, 1};
  req.inputs = {{0, 26}, {0, 18}};
  const std::vector<ChipLinePlan> plan = plan_lines(req);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].chip, 0u);
  EXPECT_THAT(plan[0].output_offsets, ElementsAre(17u));
  EXPECT_THAT(plan[0].output_index, ElementsAre(1u));
  EXPECT_THAT(plan[0].initial_outputs, ElementsAre(0));
  EXPECT_THAT(plan[0].input_offsets, ElementsAre(26u, 18u));
  EXPECT_THAT(plan[0].input_index, ElementsAre(0u, 1u));
  EXPECT_EQ(plan[1].chip, 1u);
  EXPECT_THAT(plan[1].output_offsets, ElementsAre(3u, 2u));
  EXPECT_THAT(plan[1].output_index, ElementsAre(0u, 2u));
  EXPECT_THAT(plan[1].initial_outputs, ElementsAre(1, 1));
  EXPECT_EQ(check_offsets(plan[1], 16, "mcp20").code(), GpioError::kOk);
  EXPECT_THAT(check_offsets(plan[0], 18, "soc").message(),
              HasSubstr("chip soc has 18 lines; the profile uses line 26"));
}

}  // namespace
}  // namespace tabula::firmware
