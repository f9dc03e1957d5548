// The event's own inputs attacked (session 12): names that are not UTF-8,
// names cut into TRF-16's columns, a section larger than TRF-16 numbers.
// Expected texts are written here by hand (the UTF-8 cuts computed apart with
// python3's codec), not produced by the code under test.
#include <gtest/gtest.h>

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
  for (const std::string bad : {std::string("Zo\xEB"), std::string("Ann \x80"), std::string("Bo\xE2\x82"),
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

TEST(EventInputs, ALongUnicodeNameIsCutOnACharacterInTheTrf) {
  // 41 and 38 bytes: TRF-16 has 33 columns (15-47) for the name. The first
  // cut at byte 33 falls inside the emoji (bytes 31-34), the second inside "ō".
  Event e = two_player_event({"Šķēle-Ļaudāre, Ēmīlija 😀 Ōkubo", "Šķēle-Ļaudāre, Ēmīlija Žōkubo", "Ann"});
  const std::string text = write_trf(trf_of(e, e.sections[0]));
  std::string error;
  auto doc = parse_trf(text, error);
  ASSERT_TRUE(doc) << error;
  ASSERT_EQ(doc->players.size(), 3u);
  EXPECT_EQ(doc->players[0].name, "Šķēle-Ļaudāre, Ēmīlija");
  EXPECT_EQ(doc->players[1].name, "Šķēle-Ļaudāre, Ēmīlija Ž");
  EXPECT_EQ(doc->players[2].name, "Ann");
  // The columns after the name are where the spec has them (byte columns).
  EXPECT_EQ(doc->players[0].rating, 1500);
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
    t.board = "t1";
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

}  // namespace
}  // namespace tabula::event
