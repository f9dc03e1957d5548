#include "profile/profile_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "rig.h"
#include "test_files.h"

namespace tabula::firmware {
namespace {

using ::testing::HasSubstr;
using testing::profile_path;

const char* const kShipped[] = {"chess-8x8-matrix",        "cross-12-matrix",
                                "cross-12-corners-matrix", "cross-14-decoder",
                                "bipartite-5x9-direct",    "mini-8x8-corners-matrix"};

// A valid 8x8 diode-matrix profile that tests break one line at a time.
std::string chess_profile() {
  std::string s =
      "id: \"t\"\n"
      "geometry: \"chess-8x8\"\n"
      "chips { id: \"soc\" device: \"gpiochip0\" num_lines: 58 kind: CHIP_KIND_RPI_HEADER }\n"
      "matrix {\n";
  for (int r : {4, 17, 27, 22, 5, 6, 13, 19})
    s += "  rows { chip: \"soc\" offset: " + std::to_string(r) + " }\n";
  for (int c : {26, 18, 23, 24, 25, 12, 16, 20})
    s += "  columns { chip: \"soc\" offset: " + std::to_string(c) + " }\n";
  s += "}\n";
  for (int r = 0; r < 8; ++r) {
    s += "sensor_rows { row: " + std::to_string(r) + " squares: [";
    for (int f = 0; f < 8; ++f)
      s += std::string(f ? ", " : "") + "\"" + char('a' + f) + std::to_string(r + 1) + "\"";
    s += "] }\n";
  }
  return s;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// 1-based line and column of the first occurrence of `needle`.
std::pair<int, int> where(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  int line = 1;
  std::size_t start = 0;
  for (std::size_t i = 0; i < at; ++i)
    if (text[i] == '\n') {
      ++line;
      start = i + 1;
    }
  return {line, static_cast<int>(at - start) + 1};
}

std::vector<std::string> messages(const ProfileLoad& load) {
  std::vector<std::string> out;
  for (const auto& d : load.diagnostics) out.push_back(d.to_string());
  return out;
}

TEST(Profile, EveryShippedProfileValidates) {
  for (const char* name : kShipped) {
    const ProfileLoad load = load_profile_file(profile_path(name));
    EXPECT_TRUE(load.ok()) << name << ": " << ::testing::PrintToString(messages(load));
    if (load.ok()) {
      EXPECT_EQ(load.profile->id, name);
    }
  }
}

TEST(Profile, ShippedProfilesCoverTheRequiredBoardsAndTopologies) {
  std::set<std::string> geometries;
  std::set<Topology> topologies;
  for (const char* name : kShipped) {
    const BoardProfile p = testing::load_shipped(name);
    geometries.insert(p.geometry.id());
    topologies.insert(p.wiring.topology);
  }
  for (const char* g : {"chess-8x8", "cross-12", "cross-12-corners", "cross-14", "bipartite-5x9"})
    EXPECT_TRUE(geometries.count(g)) << g;
  EXPECT_EQ(topologies.size(), 3u);
}

TEST(Profile, EverySquareOfEveryProfileIsMappedExactlyOnce) {
  for (const char* name : kShipped) {
    SCOPED_TRACE(name);
    const BoardProfile p = testing::load_shipped(name);
    const Wiring& w = p.wiring;
    // Each reed has its own electrical place...
    std::set<std::pair<int, int>> places;
    for (const SensorSpec& s : w.sensors) EXPECT_TRUE(places.insert({s.row, s.input}).second);
    // ...each square as many reeds as cells (1, or 4 for a merged corner)...
    std::map<std::size_t, std::size_t> per_square;
    for (const SensorSpec& s : w.sensors) ++per_square[to_size(s.square)];
    ASSERT_EQ(per_square.size(), p.geometry.square_count());
    for (const auto& [q, n] : per_square)
      EXPECT_EQ(n, p.geometry.squares()[q].cells.size()) << p.geometry.squares()[q].name;
    // ...and no line serves twice.
    std::set<std::pair<int, int>> lines;
    for (const LineId& l : w.output_lines()) EXPECT_TRUE(lines.insert({l.chip, l.offset}).second);
    for (const LineId& l : w.input_lines) EXPECT_TRUE(lines.insert({l.chip, l.offset}).second);
    EXPECT_EQ(w.sensors.size(), p.geometry.cell_count());
  }
}

TEST(Profile, AFakeScanOfEveryProfileSeesEachSquareAloneOnItsOwnReed) {
  // Placing one piece at a time must light exactly that square, through the
  // real scanner and the electrical model of each topology.
  for (const char* name : kShipped) {
    SCOPED_TRACE(name);
    const BoardProfile p = testing::load_shipped(name);
    FakeMatrix fake(p.wiring);
    Scanner scanner(p.wiring, fake, Micros(0), &no_wait);
    ASSERT_TRUE(scanner.open().is_ok());
    ScanFrame frame;
    for (std::size_t s = 0; s < p.wiring.sensors.size(); ++s) {
      const SensorIndex sensor{static_cast<std::uint16_t>(s)};
      fake.set_magnet(sensor, true);
      ASSERT_TRUE(scanner.scan(frame).is_ok());
      for (std::size_t t = 0; t < frame.sensor_closed.size(); ++t)
        ASSERT_EQ(frame.sensor_closed[t], t == s)
            << "magnet on reed " << s << " (" << p.sensor_square_name(sensor) << ")";
      fake.set_magnet(sensor, false);
    }
  }
}

TEST(Profile, BaseTestProfileIsValid) {
  const ProfileLoad load = load_profile_text(chess_profile(), "t.textproto");
  EXPECT_TRUE(load.ok()) << ::testing::PrintToString(messages(load));
}

TEST(Profile, PinUsedTwiceNamesBothPlaces) {
  const std::string text = replace(chess_profile(), "columns { chip: \"soc\" offset: 26 }",
                                   "columns { chip: \"soc\" offset: 17 }");
  const ProfileLoad load = load_profile_text(text, "t.textproto");
  ASSERT_FALSE(load.ok());
  const auto [row_line, row_col] = where(text, "offset: 17");
  const auto col_at = where(text, "columns { chip: \"soc\" offset: 17");
  ASSERT_EQ(load.diagnostics.size(), 1u) << ::testing::PrintToString(messages(load));
  const Diagnostic& d = load.diagnostics[0];
  EXPECT_EQ(d.line, col_at.first);
  EXPECT_EQ(d.message, "pin soc:17 is used twice: here as column 0, and as row 1 at t.textproto:" +
                           std::to_string(row_line) + ":" + std::to_string(row_col));
}

TEST(Profile, SquareLeftOutIsNamed) {
  const std::string text = replace(chess_profile(), "\"e5\"", "\"-\"");
  const ProfileLoad load = load_profile_text(text, "t.textproto");
  ASSERT_FALSE(load.ok());
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(),
            "t.textproto:2:1: error: square e5 of chess-8x8 has no sensor");
}

TEST(Profile, LineBeyondTheChip) {
  const std::string text = replace(chess_profile(), "columns { chip: \"soc\" offset: 20 }",
                                   "columns { chip: \"soc\" offset: 60 }");
  const ProfileLoad load = load_profile_text(text, "t.textproto");
  ASSERT_FALSE(load.ok());
  const auto at = where(text, "offset: 60");
  ASSERT_GE(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(),
            "t.textproto:" + std::to_string(at.first) + ":" + std::to_string(at.second) +
                ": error: column 7 soc:60 is beyond chip soc, which has 58 lines (0..57)");
}

TEST(Profile, OtherMistakesEachGetAClearMessage) {
  struct Case {
    std::string text;
    std::string needle;  // expected in the message
  };
  const std::string base = chess_profile();
  const Case cases[] = {
      {replace(base, "geometry: \"chess-8x8\"", "geometry: \"chess-9x9\""),
       "unknown geometry 'chess-9x9' (known: chess-8x8, cross-12"},
      {replace(base, "rows { chip: \"soc\" offset: 4 }", "rows { chip: \"gpio\" offset: 4 }"),
       "row 0 names chip 'gpio', which the profile does not list (chips: soc)"},
      {replace(base, "rows { chip: \"soc\" offset: 4 }", "rows { chip: \"soc\" offset: 30 }"),
       "row 0 soc:30 is not on the Pi's 40-pin header (GPIO2..GPIO27)"},
      {replace(base, "\"e5\"", "\"e4\""), "square e4 is sensed twice (first at t.textproto:"},
      {replace(base, "\"h8\"] }", "\"h8\", \"i8\"] }"),
       "sensor row 7 lists 9 squares but the matrix has 8 columns"},
      {replace(base, "\"h8\"", "\"i8\""), "'i8' is not a square of chess-8x8 (off the board)"},
      {replace(base, "\"h8\"", "\"h 8\""), "'h 8' is not a square name"},
      {replace(base, "sensor_rows { row: 7", "sensor_rows { row: 9"),
       "sensor row 9 is beyond the matrix, which has 8 rows (0..7)"},
      {replace(base, "sensor_rows { row: 7", "sensor_rows { row: 6"),
       "sensor row 6 is listed twice (first at t.textproto:"},
      {base + "timing { debounce_ms: 5 }\n", "debounce_ms 5 is shorter than two scans at 100 Hz"},
      {base + "timing { scan_hz: 4000 settle_us: 40 }\n",
       "8 rows x 40 us settle do not fit a scan period of 250 us"},
      {replace(base, "matrix {", "matrix_x {"), "has no field named \"matrix_x\""},
      {replace(base, "kind: CHIP_KIND_RPI_HEADER", ""), "chip soc has no kind"},
      {"id: \"t\"\ngeometry: \"chess-8x8\"\n", "profile lists no chips"},
      {"id: \"t\"\ngeometry: \"chess-8x8\"\n", "profile has no topology"},
  };
  for (const Case& c : cases) {
    const ProfileLoad load = load_profile_text(c.text, "t.textproto");
    EXPECT_FALSE(load.ok()) << c.needle;
    EXPECT_THAT(messages(load), ::testing::Contains(HasSubstr(c.needle)));
    for (const Diagnostic& d : load.diagnostics) {
      EXPECT_EQ(d.file, "t.textproto");
      EXPECT_GT(d.line, 0) << d.message;
    }
  }
}

TEST(Profile, CornerSquaresNeedAllFourReedsAndTheirOwnName) {
  const BoardProfile good = testing::load_shipped("cross-12-corners-matrix");
  std::string text;
  {
    std::ifstream in(profile_path("cross-12-corners-matrix"));
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  // Row 0 starts: "a1", "a1", "c1"... : leave one reed of the corner out.
  const std::string missing_one =
      replace(text, "squares: [\"a1\", \"a1\"", "squares: [\"a1\", \"-\"");
  EXPECT_THAT(
      messages(load_profile_text(missing_one, "c.textproto")),
      ::testing::Contains(HasSubstr("corner square a1 has 3 reed(s); its 4 cells need one each")));
  const std::string cell_name =
      replace(text, "squares: [\"a1\", \"a1\"", "squares: [\"a1\", \"b1\"");
  EXPECT_THAT(messages(load_profile_text(cell_name, "c.textproto")),
              ::testing::Contains(HasSubstr("'b1' is a cell of the corner square 'a1'")));
  EXPECT_EQ(good.wiring.sensors.size(), 144u);
}

TEST(Profile, DecoderAndExpanderRules) {
  std::string decoder;
  {
    std::ifstream in(profile_path("cross-14-decoder"));
    decoder.assign(std::istreambuf_iterator<char>(in), {});
  }
  EXPECT_THAT(messages(load_profile_text(replace(decoder, "row_count: 14", "row_count: 17"), "d")),
              ::testing::Contains(HasSubstr("row_count 17 must be 1..16 for 4 address lines")));
  std::string direct;
  {
    std::ifstream in(profile_path("bipartite-5x9-direct"));
    direct.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string i2c =
      replace(direct, "input_bias: BIAS_PULL_UP",
              "input_bias: BIAS_PULL_UP\n  sensors { line { chip: \"soc\" offset: 2 } square: "
              "\"a1\" }") +
      "chips { id: \"soc\" device: \"gpiochip0\" num_lines: 58 kind: CHIP_KIND_RPI_HEADER }\n";
  EXPECT_THAT(
      messages(load_profile_text(i2c, "b")),
      ::testing::Contains(HasSubstr("soc:2 is I2C1 SDA, which the MCP23017 expanders need")));
  EXPECT_THAT(messages(load_profile_text(replace(direct, "num_lines: 16", "num_lines: 8"), "b")),
              ::testing::Contains(HasSubstr("is an MCP23017, which has 16 lines, not 8")));
}

TEST(Profile, MissingFileIsReported) {
  const ProfileLoad load = load_profile_file("/nonexistent/p.textproto");
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(),
            "/nonexistent/p.textproto: error: cannot be read (No such file or directory)");
}

// Session 11's attacker pass. A directory read as an empty profile ("profile
// has no id", ...), and /dev/zero was read for ever (memory growing until
// killed): a profile is a few kilobytes, so more than kMaxProfileBytes is
// refused unread.
TEST(Profile, ADirectoryOrAnEndlessFileIsRefusedByName) {
  const tabula::testing::TempDir tmp("profile");
  const std::string dir = tmp.path();
  ProfileLoad load = load_profile_file(dir);
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(), dir + ": error: is a directory, not a profile file; nothing was read");
  const std::string big = dir + "/profile_big.textproto";
  std::ofstream(big) << "description: \"" << std::string(kMaxProfileBytes, 'x') << "\"\n";
  load = load_profile_file(big);
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_THAT(load.diagnostics[0].to_string(),
              HasSubstr("error: is " + std::to_string(kMaxProfileBytes + 16) + " bytes; a profile file is at most " +
                        std::to_string(kMaxProfileBytes) + " bytes; nothing was read"));
  std::filesystem::remove(big);
  load = load_profile_file("/dev/zero");
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(), "/dev/zero: error: is a device, not a profile file; nothing was read");
  // Session 15: a FIFO is not opened (the open waited for a writer for ever;
  // this test then hung until ctest's timeout).
  const std::string fifo = dir + "/profile.textproto";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  load = load_profile_file(fifo);
  ASSERT_EQ(load.diagnostics.size(), 1u);
  EXPECT_EQ(load.diagnostics[0].to_string(), fifo + ": error: is a FIFO, not a profile file; nothing was read");
  std::filesystem::remove(fifo);
}

// The profile's id and its chips' ids are names (the daemon's log, the setup
// screen, the wiring documents); its description and notes are one line of
// text. Before, an id holding a newline and a terminal escape was "ok" and
// printed raw.
TEST(Profile, NamesAndTextsAreOnePrintableLine) {
  const std::string base = chess_profile() + "description: \"A board\"\n";
  struct Case {
    std::string text;
    std::string needle;
  };
  const Case cases[] = {
      {replace(base, "id: \"t\"", "id: \"t\\n\\x1b[2Jevil\""),
       "profile id \"t\\x0a\\x1b[2Jevil\" is not a name: use letters, digits, '.', '_' or '-', at most 64"},
      {replace(base, "id: \"t\"", "id: \"" + std::string(65, 'a') + "\""), "is not a name"},
      {replace(base, "chips { id: \"soc\"", "chips { id: \"so c\""), "chip id \"so c\" is not a name"},
      {replace(base, "\"A board\"", "\"A\\rboard\""),
       "description \"A\\x0dboard\" is not one line of printable text"},
      {replace(base, "\"A board\"", "\"" + std::string(600, 'd') + "\""),
       "description is longer than 500 bytes"},
  };
  for (const Case& c : cases) {
    const ProfileLoad load = load_profile_text(c.text, "t.textproto");
    EXPECT_FALSE(load.ok()) << c.needle;
    EXPECT_THAT(messages(load), ::testing::Contains(HasSubstr(c.needle)));
  }
  // Non-ASCII text (a board's name in its maker's language) is still text.
  EXPECT_TRUE(load_profile_text(replace(base, "\"A board\"", "\"Échiquier d'Anna\""), "t.textproto").ok());
}

}  // namespace
}  // namespace tabula::firmware
