// The wiring docs in hardware/wiring/ are generated from the profiles; this
// fails when a profile changed and the docs were not regenerated
// (hardware/wiring/regenerate.sh).
#include "daemon/wiring_docs.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "rig.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::firmware {
namespace {

using ::testing::HasSubstr;

using tabula::testing::read_file;

class WiringDocs : public ::testing::TestWithParam<const char*> {};

TEST_P(WiringDocs, ShippedDocsMatchTheProfile) {
  const std::string name = GetParam();
  BoardProfile p = testing::load_shipped(name);
  p.source_file = "hardware/profiles/" + name + ".textproto";  // as regenerate.sh names it
  const std::string dir = std::string(TABULA_SOURCE_DIR) + "/hardware/wiring/";
  EXPECT_EQ(read_file(dir + name + ".svg"), wiring_svg(p)) << "run hardware/wiring/regenerate.sh";
  EXPECT_EQ(read_file(dir + name + ".md"), pin_table_markdown(p) + "\n" + parts_markdown(p))
      << "run hardware/wiring/regenerate.sh";
}

TEST_P(WiringDocs, DiagramNamesEverySquareAndEveryLine) {
  const BoardProfile p = testing::load_shipped(GetParam());
  const std::string svg = wiring_svg(p);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_THAT(svg, HasSubstr("</svg>"));
  // Well-formed XML: comments may not contain "--".
  for (auto at = svg.find("<!--"); at != std::string::npos; at = svg.find("<!--", at + 4)) {
    const auto end = svg.find("-->", at + 4);
    ASSERT_NE(end, std::string::npos);
    EXPECT_EQ(svg.substr(at + 4, end - at - 4).find("--"), std::string::npos);
  }
  for (const auto& sq : p.geometry.squares()) EXPECT_THAT(svg, HasSubstr(">" + sq.name + "<"));
  const std::string pins = pin_table_markdown(p);
  for (const LineId& l : p.wiring.input_lines)
    EXPECT_THAT(pins, HasSubstr(describe_line(p.wiring, l)));
  for (const LineId& l : p.wiring.output_lines())
    EXPECT_THAT(pins, HasSubstr(describe_line(p.wiring, l)));
}

INSTANTIATE_TEST_SUITE_P(Shipped, WiringDocs,
                         ::testing::Values("chess-8x8-matrix", "cross-12-matrix",
                                           "cross-12-corners-matrix", "cross-14-decoder",
                                           "bipartite-5x9-direct", "mini-8x8-corners-matrix"),
                         [](const auto& param_info) {
                           std::string n = param_info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(WiringDocs, PinNamesFollowTheHeaderAndTheExpander) {
  const ChipSpec pi{"soc", "gpiochip0", 58, ChipKind::kRpiHeader, ""};
  EXPECT_EQ(pin_name(pi, 17), "GPIO17, header pin 11");
  EXPECT_EQ(pin_name(pi, 4), "GPIO4, header pin 7");
  const ChipSpec mcp{"mcp20", "/dev/tabula/mcp20", 16, ChipKind::kMcp23017, ""};
  EXPECT_EQ(pin_name(mcp, 0), "GPA0, pin 21");
  EXPECT_EQ(pin_name(mcp, 15), "GPB7, pin 8");
}

}  // namespace
}  // namespace tabula::firmware

namespace tabula::firmware {
namespace {

// Issue 29: three profiles need SPI and the UART off; --check-profile says so.
TEST(HeaderRequirements, NameTheSpiAndUartLinesAProfileUsesAndHowToFreeThem) {
  const std::vector<std::string> cross14 = header_requirements(testing::load_shipped("cross-14-decoder"));
  ASSERT_EQ(cross14.size(), 2u);
  EXPECT_EQ(cross14[0],
            "it uses GPIO 7, 8, which SPI0 takes: /boot/firmware/config.txt needs dtparam=spi=off (and "
            "no SPI overlay), else the daemon finds them busy (line-busy)");
  EXPECT_EQ(cross14[1],
            "it uses GPIO 14, 15, which the UART takes: /boot/firmware/config.txt needs enable_uart=0, "
            "and /boot/firmware/cmdline.txt no console=serial0,115200 (raspi-config: Interface "
            "Options, Serial Port, No and No)");
  EXPECT_EQ(header_requirements(testing::load_shipped("cross-12-matrix")).front().substr(0, 29),
            "it uses GPIO 7, 8, 9, 10, 11,");
  EXPECT_EQ(header_requirements(testing::load_shipped("cross-12-corners-matrix")).size(), 2u);
  EXPECT_TRUE(header_requirements(testing::load_shipped("chess-8x8-matrix")).empty());
  EXPECT_TRUE(header_requirements(testing::load_shipped("bipartite-5x9-direct")).empty());
}

}  // namespace
}  // namespace tabula::firmware
