// The event's own inputs attacked (session 12): names that are not UTF-8,
// names cut into TRF-16's columns, a section larger than TRF-16 numbers.
// Expected texts are written here by hand (the UTF-8 cuts computed apart with
// python3's codec), not produced by the code under test.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "code_points.h"
#include "event_sim.h"

#include "event/event.h"
#include "event/trf.h"

namespace tabula::event {
namespace {

Event two_player_event(const std::vector<std::string>& names) {
  Event e;
  e.name = "club";
  e.boards = {"t1"};
  Section s;
  s.name = "open";
  s.variant = "chess";
  s.format = Format::kTwoPlayer;
  s.rounds = 5;
  for (const std::string& n : names) s.players.push_back({n, 1500, "", "", false});
  e.sections.push_back(std::move(s));
  return e;
}

TEST(EventInputs, ANameThatIsNotUtf8IsRefusedNamingTheByte) {
  // Latin-1's "ë" (0xEB), a lone continuation byte, a cut 3-byte sequence,
  // an overlong "/", a surrogate.
  for (const std::string& bad : {std::string("Zo\xEB"), std::string("Ann \x80"), std::string("Bo\xE2\x82"),
                                std::string("\xC0\xAF"), std::string("x\xED\xA0\x80")}) {
    Event e = two_player_event({"Ann", bad});
    const std::vector<std::string> problems = check(e);
    ASSERT_EQ(problems.size(), 1u) << bad;
    EXPECT_NE(problems[0].find("is not UTF-8 text (byte "), std::string::npos) << problems[0];
  }
  EXPECT_NE(check(two_player_event({"Zo\xEB"}))[0].find("byte 3 is 0xEB"), std::string::npos);
  // Well-formed non-ASCII names stay welcome.
  EXPECT_TRUE(check(two_player_event({"Zoë", "Łukasz", "Ōkubo 😀", "Ёлкин"})).empty());
}

// TRF-16's columns as bbpPairings reads them (it decodes each line into code
// points, src/fileformats/trf.cpp) and JaVaFo (Java strings), decoded by the
// tests' own code_points (code_points.h).
using test_text::code_points;

std::string line_starting(const std::string& text, const std::string& start) {
  const std::size_t at = text.find(start);
  return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
}

// s14: the name field is 33 CHARACTERS (columns 15-47), and every column
// after it is counted in characters: a name of 33 Cyrillic letters (66
// bytes) keeps its 33 letters, and the rating is at character 49. Before,
// the columns were bytes: the name was cut at 33 bytes (16 letters) and the
// rating sat at character 33, where bbpPairings read part of the name.
TEST(EventInputs, ALongCyrillicOrTurkishNameFillsThirtyThreeCharactersOfTheTrf) {
  // 41 characters of Cyrillic, 36 of Turkish (dotted capital I, s and g
  // with marks), a short name with an emoji (counted apart: python3's len).
  const std::string cyrillic = "Константинопольская-Щербакова, Александра";
  const std::string turkish = "Şükrüoğlu-Çağlayangil, İpek Gülşen Ö";
  const std::string emoji = "Ōkubo 😀 Ann";
  ASSERT_EQ(code_points(cyrillic).size(), 41u);
  ASSERT_EQ(code_points(turkish).size(), 36u);
  Event e = two_player_event({cyrillic, turkish, emoji});
  e.sections[0].players[1].rating = 1234;
  const std::string text = write_trf(trf_of(e, e.sections[0]));
  for (const char* start : {"001    1", "001    2", "001    3"}) {
    const std::u32string line = code_points(line_starting(text, start));
    ASSERT_GE(line.size(), 89u) << start;
    EXPECT_EQ(line[47], U' ') << start << ": column 48 is the blank after the name";
    EXPECT_EQ(line.substr(48, 4), start[7] == '2' ? U"1234" : U"1500") << start << ": the rating in columns 49-52";
    EXPECT_EQ(line.substr(80, 4), U" 0.0") << start << ": points in columns 81-84";
  }
  // The first 33 characters (cut apart with python3's n[:33]): the Cyrillic
  // name keeps "Ал" of its first name; the Turkish one loses "n Ö".
  const std::string cyrillic33 = "Константинопольская-Щербакова, Ал";
  const std::string turkish33 = "Şükrüoğlu-Çağlayangil, İpek Gülşe";
  ASSERT_EQ(code_points(cyrillic33).size(), 33u);
  ASSERT_EQ(code_points(turkish33).size(), 33u);
  EXPECT_EQ(code_points(line_starting(text, "001    1")).substr(14, 33), code_points(cyrillic33));
  EXPECT_EQ(code_points(line_starting(text, "001    2")).substr(14, 33), code_points(turkish33));
  // The project's reader reads the same columns back.
  std::string error;
  auto doc = parse_trf(text, error);
  ASSERT_TRUE(doc) << error;
  ASSERT_EQ(doc->players.size(), 3u);
  EXPECT_EQ(doc->players[0].name, cyrillic33);
  EXPECT_EQ(doc->players[1].name, turkish33);
  EXPECT_EQ(doc->players[2].name, emoji);
  EXPECT_EQ(doc->players[1].rating, 1234);
  EXPECT_EQ(doc->players[0].rating, 1500);
  // And the file read and written again is the same bytes.
  EXPECT_EQ(write_trf(*doc), text);
  // A pairing program's TRF with the next round names them the same: taken.
  TrfDocument next = *doc;
  next.players[0].games = {{2, false, 'w', ' '}};
  next.players[1].games = {{1, false, 'b', ' '}};
  next.players[2].games = {{0, false, '-', 'U'}};
  PairingImport got = import_pairings(e.sections[0], write_trf(next), {"t1"});
  EXPECT_TRUE(got.ok()) << got.error;
}

// A hand-made TRF line whose name is 33 Cyrillic letters: the rating after it
// is read from character 49, where a pairing program writes it.
TEST(EventInputs, ATrfWithANonAsciiNameIsReadByCharacterColumns) {
  std::string name;
  for (int i = 0; i < 33; ++i) name += "Щ";  // 33 letters, 66 bytes
  ASSERT_EQ(code_points(name).size(), 33u);
  const std::string line = "001    1      " + name + " 1876" + std::string(28, ' ') + " 1.0    1";
  ASSERT_EQ(code_points(line).size(), 89u);
  std::string error;
  auto doc = parse_trf("012 x\n" + line + "\n", error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ(doc->players[0].name, name);
  EXPECT_EQ(doc->players[0].rating, 1876);
  EXPECT_DOUBLE_EQ(doc->players[0].points, 1.0);
  EXPECT_EQ(doc->players[0].rank, 1);
}

TEST(EventInputs, ASectionTakesAtMost9999PlayersAndTheirTrfReadsBack) {
  std::vector<std::string> names;
  for (int i = 1; i <= 9999; ++i) names.push_back("P" + std::to_string(i));
  Event e = two_player_event(names);
  EXPECT_TRUE(check(e).empty());
  // One round: 1 v 2, 3 v 4 ... 9997 v 9998, 9999 the bye.
  Section& s = e.sections[0];
  Round r;
  for (int p = 0; p + 1 < 9999; p += 2) {
    Table t;
    t.number = p / 2 + 1;
    t.board = "b" + std::to_string(t.number);
    t.seats = {PlayerId{p}, PlayerId{p + 1}};
    t.ranks = {0, 1};
    r.tables.push_back(t);
  }
  r.byes = {PlayerId{9998}};
  s.played.push_back(r);
  std::string error;
  auto doc = parse_trf(write_trf(trf_of(e, s)), error);
  ASSERT_TRUE(doc) << error;
  ASSERT_EQ(doc->players.size(), 9999u);
  EXPECT_EQ(doc->players[9997].number, 9998);
  ASSERT_EQ(doc->players[9997].games.size(), 1u);
  EXPECT_EQ(doc->players[9997].games[0].opponent, 9997);
  EXPECT_EQ(doc->players[9997].games[0].result, '0');
  EXPECT_EQ(doc->players[9998].games[0].result, 'U');
  // The 10,000th: refused, naming the limit (its number would have run into
  // column 9 and the opponents' blocks: the file did not read back).
  s.players.push_back({"P10000", 1500, "", "", false});
  const std::vector<std::string> problems = check(e);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("10000 players; a section takes at most 9999"), std::string::npos) << problems[0];
}


TEST(EventInputs, ByePointsThatAreNoNumberOrTooManyRoundsAreRefused) {
  Event e = two_player_event({"Ann", "Bob"});
  EXPECT_TRUE(check(e).empty());  // bye_points -1: the format's default
  for (double bad : {std::nan(""), 3.5, 1e300, -std::nan("")}) {
    e.sections[0].bye_points = bad;
    const std::vector<std::string> problems = check(e);
    ASSERT_EQ(problems.size(), 1u) << bad;
    EXPECT_NE(problems[0].find("section open: bye points "), std::string::npos) << problems[0];
    EXPECT_NE(problems[0].find("is not a number from 0 to 3"), std::string::npos) << problems[0];
  }
  for (double fine : {0.0, 0.5, 1.0, 3.0, -1.0}) {
    e.sections[0].bye_points = fine;
    EXPECT_TRUE(check(e).empty()) << fine;
  }
  // More rounds played than planned (a hand-edited file, rounds lowered).
  e.sections[0].rounds = 1;
  e.sections[0].played.resize(2);
  ASSERT_EQ(check(e).size(), 1u);
  EXPECT_EQ(check(e)[0], "section open: 2 rounds played of 1 planned");
  e.sections[0].played.clear();
  e.sections[0].rounds = 2147483647;
  ASSERT_EQ(check(e).size(), 1u);
  EXPECT_EQ(check(e)[0], "section open: 2147483647 rounds; at most 99");
}

TEST(EventInputs, TwoTablesOfOneRoundOnOneBoardAreRefused) {
  Event e = two_player_event({"Ann", "Bob", "Cy", "Di"});
  e.boards = {"t1", "t2"};
  Round r;
  r.tables.push_back({1, "t1", {PlayerId{0}, PlayerId{1}}, {}, ""});
  r.tables.push_back({2, "t1", {PlayerId{2}, PlayerId{3}}, {}, ""});
  e.sections[0].played.push_back(r);
  const std::vector<std::string> problems = check(e);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "section open, round 1, table 2: board t1 already holds another table of this round");
  e.sections[0].played[0].tables[1].board = "t2";
  EXPECT_TRUE(check(e).empty());
  // The same board in the next round is its next game, not a clash.
  r.tables[1].board = "t2";
  e.sections[0].played.push_back(r);
  EXPECT_TRUE(check(e).empty());
}

// Round one of five players as a pairing program writes it back into the
// TRF: 1-4, 5-2, 3 the bye.
void pair_round_one(TrfDocument& doc) {
  for (auto [p, opp, c, r] : std::vector<std::tuple<int, int, char, char>>{
           {1, 4, 'w', ' '}, {4, 1, 'b', ' '}, {5, 2, 'w', ' '}, {2, 5, 'b', ' '}, {3, 0, '-', 'U'}}) {
    doc.players[static_cast<std::size_t>(p - 1)].games.push_back({opp, false, c, r});
  }
}

TEST(EventInputs, PairingsFromTheTrfOfAnotherSectionAreRefused) {
  Section mine = sim::make_section(5, Format::kTwoPlayer, 3, 4);
  Section other = sim::make_section(5, Format::kTwoPlayer, 3, 4);
  other.players[1].name = "Someone Else";
  Event e;
  e.name = "club";
  TrfDocument doc = trf_of(e, other);
  pair_round_one(doc);
  EXPECT_TRUE(import_pairings(other, write_trf(doc), sim::boards(2)).ok());
  EXPECT_EQ(import_pairings(mine, write_trf(doc), sim::boards(2)).error,
            "player 2 is Someone Else in the file but P2 in section open: is this the TRF of another section?");
  // A sixth player the section does not have, paired or not.
  TrfPlayer extra;
  extra.number = 6;
  extra.name = "P6";
  extra.games = {{0, false, '-', 'Z'}};
  doc.players.push_back(extra);
  doc.lines.push_back({5, ""});
  EXPECT_EQ(import_pairings(other, write_trf(doc), sim::boards(2)).error,
            "player 6 (P6) is not registered in section open (1-5): is this the TRF of another section?");
  // A long Unicode name comes back cut as trf_of cut it, and is the same player.
  other.players[1].name = "Šķēle-Ļaudāre, Ēmīlija 😀 Ōkubo";
  TrfDocument cut = trf_of(e, other);
  pair_round_one(cut);
  const PairingImport back = import_pairings(other, write_trf(cut), sim::boards(2));
  EXPECT_TRUE(back.ok()) << back.error;
}

}  // namespace
}  // namespace tabula::event
