#include "event/trf.h"

#include <gtest/gtest.h>

#include "event/seating.h"
#include "event_sim.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::event {
namespace {

std::string fixture() {
  return tabula::testing::read_file(std::string(TABULA_SOURCE_DIR) + "/tests/event/data/club.trf");
}

TEST(Trf, AHandWrittenFileRoundTripsByteForByte) {
  const std::string text = fixture();
  ASSERT_FALSE(text.empty());
  std::string error;
  auto doc = parse_trf(text, error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ(write_trf(*doc), text);
  ASSERT_EQ(doc->players.size(), 6u);
  EXPECT_EQ(doc->players[0].name, "Mirzoev, Azer");
  EXPECT_EQ(doc->players[0].rating, 2527);
  EXPECT_DOUBLE_EQ(doc->players[1].points, 1.5);
  EXPECT_EQ(doc->players[3].rating, 0) << "blank rating";
  ASSERT_EQ(doc->players[3].games.size(), 2u);
  EXPECT_EQ(doc->players[3].games[1].opponent, 0);
  EXPECT_EQ(doc->players[3].games[1].result, 'U');
  EXPECT_EQ(doc->players[0].games[1].opponent, 3);
  EXPECT_EQ(doc->players[0].games[1].colour, 'b');
}

TEST(Trf, CarriageReturnLineEndsAreKept) {
  std::string text = fixture();
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::string error;
  auto doc = parse_trf(crlf, error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ(write_trf(*doc), crlf);
}

TEST(Trf, AnExportedSectionReadsBackToTheSameBytesAndGames) {
  Section s = sim::make_section(9, Format::kTwoPlayer, 3, 4);
  ASSERT_EQ(sim::play_all(s, 5, 44), "");
  Event e;
  e.name = "club";
  const std::string text = write_trf(trf_of(e, s));
  std::string error;
  auto doc = parse_trf(text, error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ(write_trf(*doc), text);
  // Every game of the section is in both players' lines.
  for (std::size_t r = 0; r < s.played.size(); ++r) {
    for (const Table& t : s.played[r].tables) {
      const TrfGame& w = doc->players[static_cast<std::size_t>(t.seats[0].value)].games[r];
      const TrfGame& b = doc->players[static_cast<std::size_t>(t.seats[1].value)].games[r];
      EXPECT_EQ(w.opponent, t.seats[1].value + 1);
      EXPECT_EQ(w.colour, 'w');
      EXPECT_EQ(b.colour, 'b');
      const char expect = t.ranks[0] == t.ranks[1] ? '=' : t.ranks[0] < t.ranks[1] ? '1' : '0';
      EXPECT_EQ(w.result, expect);
    }
    ASSERT_EQ(s.played[r].byes.size(), 1u);
    EXPECT_EQ(doc->players[static_cast<std::size_t>(s.played[r].byes[0].value)].games[r].result, 'U');
  }
}

TEST(Trf, PairingsComeBackAsAJavafoListOrATrfRound) {
  Section s = sim::make_section(5, Format::kTwoPlayer, 3, 4);
  auto got = import_pairings(s, "3\n1 4\n5 2\n3 0\n", sim::boards(2));
  ASSERT_TRUE(got.ok()) << got.error;
  ASSERT_EQ(got.round.tables.size(), 2u);
  EXPECT_EQ(got.round.tables[0].seats, (std::vector<PlayerId>{PlayerId{0}, PlayerId{3}}));
  EXPECT_EQ(got.round.tables[1].board, "b2");
  EXPECT_EQ(got.round.byes, (std::vector<PlayerId>{PlayerId{2}}));
  // The same round written as a TRF round by a pairing program.
  Event e;
  e.name = "club";
  TrfDocument doc = trf_of(e, s);
  auto set = [&](int p, int opp, char c, char r) { doc.players[static_cast<std::size_t>(p - 1)].games.push_back({opp, false, c, r}); };
  set(1, 4, 'w', ' ');
  set(4, 1, 'b', ' ');
  set(5, 2, 'w', ' ');
  set(2, 5, 'b', ' ');
  set(3, 0, '-', 'U');
  auto again = import_pairings(s, write_trf(doc), sim::boards(2));
  ASSERT_TRUE(again.ok()) << again.error;
  EXPECT_EQ(again.round.tables[0].seats, got.round.tables[0].seats);
  EXPECT_EQ(again.round.tables[1].seats, got.round.tables[1].seats);
  EXPECT_EQ(again.round.byes, got.round.byes);
}

TEST(Trf, BadFilesAreRefusedNamingTheLineAndColumn) {
  std::string error;
  std::string text = fixture();
  std::string bad = text;
  bad.replace(bad.find("   1     4 w 1"), 14, "   1    x4 w 1");
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 9, column 92: opponent '  x4' is not a start number");
  bad = text;
  bad.replace(bad.find("4 w 1"), 5, "4 q 1");
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 9, column 97: colour 'q' is not w, b or -");
  bad = text;
  bad.replace(bad.find("4 w 1"), 5, "4 w 7");
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 9, column 99: result '7' is not one of 1 0 = + - W D L H F U Z");
  EXPECT_FALSE(parse_trf("001    1 short\n", error));
  EXPECT_EQ(error, "line 1, column 15: a 001 line is at least 84 characters (through the points)");
  bad = text;
  bad.replace(bad.find("   2 w wf"), 4, "   1");
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 10: start number 1 is used twice");
  bad = text;
  bad.replace(bad.find("     3 b 1"), 10, "    77 b 1");
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 9, player 1, round 2: opponent 77 has no 001 line");  // s18: the line named too
  bad = text;
  bad.replace(bad.find(" 2.0    1"), 4, " 240");  // s18: written back as "240.0" over column 85
  EXPECT_FALSE(parse_trf(bad, error));
  EXPECT_EQ(error, "line 9, column 81: points ' 240' are more than the column holds (99.5)");
  EXPECT_FALSE(parse_trf(std::string("012 x\n001\0\n", 11), error));
  EXPECT_EQ(error, "line 2: a NUL byte; this is not a TRF text file");
}

TEST(Trf, BadPairingsAreRefusedAndNamePlayerOrLine) {
  Section s = sim::make_section(5, Format::kTwoPlayer, 3, 4);
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 2\n", sim::boards(2)).error, "line 1 announces 3 pairs, the file has 2");
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 2\n3 9\n", sim::boards(2)).error,
            "start number 9 is not registered (1-5)");
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 1\n3 0\n", sim::boards(2)).error, "start number 1 is paired twice");
  EXPECT_EQ(import_pairings(s, "2\n1 4\n5 2\n", sim::boards(2)).error,
            "start number 3 (P3) is neither paired nor given a bye");
  EXPECT_EQ(import_pairings(s, "3\n1 4\nfive 2\n3 0\n", sim::boards(2)).error,
            "line 3: 'five 2' is not two start numbers");
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 2\n3 0\n", sim::boards(1)).error, "2 pairs but 1 board");
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 2\n99999999999999 0\n", sim::boards(2)).error,
            "line 4: '99999999999999 0' is not two start numbers");
  s.players[2].withdrawn = true;
  EXPECT_EQ(import_pairings(s, "3\n1 4\n5 2\n3 0\n", sim::boards(2)).error, "start number 3 (P3) has withdrawn");
}

}  // namespace
}  // namespace tabula::event
