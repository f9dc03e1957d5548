// Forfeits (s13): a player absent at the board. The expected points are
// worked by hand from docs/EVENT.md "Forfeits" (FIDE for two-player and
// teams, the pairwise rule for four-player), the TRF-16 lines from the
// specification's columns, counted here, not produced by the code under test.
#include <gtest/gtest.h>

#include "event/event.h"
#include "event/seating.h"
#include "event/standings.h"
#include "event/trf.h"

namespace tabula::event {
namespace {

PlayerId pid(int i) { return PlayerId{i}; }

Section section_of(Format f, int players) {
  Section s;
  s.name = "open";
  s.variant = f == Format::kTwoPlayer ? "chess" : "chesscom-ffa";
  s.format = f;
  s.rounds = 5;
  for (int i = 0; i < players; ++i) {
    Player p{std::string(1, static_cast<char>('A' + i)), 2000 - 100 * i, "", "", false};
    if (f == Format::kFourPlayerTeams) p.team = "T" + std::to_string(i / 2);
    s.players.push_back(p);
  }
  return s;
}

std::vector<double> points(const Section& s, const Table& t) {
  std::vector<double> out;
  for (std::size_t i = 0; i < t.seats.size(); ++i) out.push_back(points_of(s, t, i));
  return out;
}

TEST(Forfeit, FourPlayerPresentPlayersBeatTheAbsentAndAreLevelWithEachOther) {
  Section s = section_of(Format::kFourPlayer, 4);
  Table t{1, "b1", {pid(0), pid(1), pid(2), pid(3)}, {}, "", {}};
  EXPECT_FALSE(t.finished());
  t.absent = {pid(1)};
  EXPECT_TRUE(t.finished());
  EXPECT_EQ(points(s, t), (std::vector<double>{2, 0, 2, 2}));
  t.absent = {pid(1), pid(3)};
  EXPECT_EQ(points(s, t), (std::vector<double>{2.5, 0, 2.5, 0}));
  t.absent = {pid(0), pid(1), pid(3)};
  EXPECT_EQ(points(s, t), (std::vector<double>{0, 0, 3, 0}));
  t.absent = {pid(0), pid(1), pid(2), pid(3)};
  EXPECT_EQ(points(s, t), (std::vector<double>{0, 0, 0, 0}));
  // The house rule: the present score what the section says.
  s.forfeit_points = 3;
  t.absent = {pid(2)};
  EXPECT_EQ(points(s, t), (std::vector<double>{3, 3, 0, 3}));
  s.forfeit_points = 0;
  EXPECT_EQ(points(s, t), (std::vector<double>{0, 0, 0, 0}));
}

TEST(Forfeit, TwoPlayerAndTeamsScoreAsFideDoes) {
  Section two = section_of(Format::kTwoPlayer, 2);
  Table t{1, "b1", {pid(0), pid(1)}, {}, "", {pid(1)}};
  EXPECT_EQ(points(two, t), (std::vector<double>{1, 0}));
  t.absent = {pid(0), pid(1)};  // a double forfeit: 0-0
  EXPECT_EQ(points(two, t), (std::vector<double>{0, 0}));

  // Teams: A+B (seats 0, 2) against C+D (seats 1, 3).
  Section teams = section_of(Format::kFourPlayerTeams, 4);
  Table u{1, "b1", {pid(0), pid(2), pid(1), pid(3)}, {}, "", {pid(3)}};  // D absent: team C+D forfeits
  EXPECT_EQ(points(teams, u), (std::vector<double>{1, 0, 1, 0}));
  u.absent = {pid(3), pid(1)};  // one of each team: both forfeit
  EXPECT_EQ(points(teams, u), (std::vector<double>{0, 0, 0, 0}));
  teams.forfeit_points = 0.5;
  u.absent = {pid(2)};  // C absent: A+B, complete, score the house rule's half
  EXPECT_EQ(points(teams, u), (std::vector<double>{0.5, 0, 0.5, 0}));
}

TEST(Forfeit, AForfeitedTableIsNoMeetingNoSeatAndCountsAsAByeForThePresent) {
  Section s = section_of(Format::kFourPlayer, 8);
  Round r;
  r.tables.push_back({1, "b1", {pid(0), pid(1), pid(2), pid(3)}, {}, "", {pid(3)}});
  r.tables.push_back({2, "b2", {pid(4), pid(5), pid(6), pid(7)}, {0, 1, 2, 3}, "", {}});
  s.played = {r};
  const History h = history_of(s);
  EXPECT_EQ(h.met[0][1], 0);
  EXPECT_EQ(h.met[0][3], 0);
  EXPECT_EQ(h.met[4][5], 1);
  EXPECT_EQ(h.seat_count[0], (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(h.seat_count[5], (std::vector<int>{0, 1, 0, 0}));
  EXPECT_EQ(h.last_seat[0], -1);
  EXPECT_EQ(h.score, (std::vector<double>{2, 2, 2, 0, 3, 2, 1, 0}));
  EXPECT_EQ(h.byes, (std::vector<int>{1, 1, 1, 0, 0, 0, 0, 0}));
}

// FIDE C.04.1: players whose game was forfeited did not meet and may be
// paired again. Round 1: A (2000) and C (1800) win by forfeit (B and D
// absent); round 2 A-C and B-D drawn; in round 3 A, at 1.5, has met only C
// and takes the better of the 0.5 group, B (1900), leaving C-D. Had the
// forfeits been meetings, A-B and C-D would be rematches: A-D and C-B.
TEST(Forfeit, TheSwissPairsAgainPlayersWhoseGameWasForfeited) {
  Section s = section_of(Format::kTwoPlayer, 4);
  Round r1;
  r1.tables.push_back({1, "b1", {pid(0), pid(1)}, {}, "", {pid(1)}});
  r1.tables.push_back({2, "b2", {pid(2), pid(3)}, {}, "", {pid(3)}});
  Round r2;
  r2.tables.push_back({1, "b1", {pid(2), pid(0)}, {0, 0}, "", {}});
  r2.tables.push_back({2, "b2", {pid(1), pid(3)}, {0, 0}, "", {}});
  s.played = {r1, r2};
  SeatingResult next = seat_next_round(s, {"b1", "b2"});
  ASSERT_TRUE(next.ok()) << next.error;
  bool a_meets_b = false;
  for (const Table& t : next.round.tables) {
    a_meets_b = a_meets_b || (t.seats == std::vector<PlayerId>{pid(0), pid(1)}) ||
                (t.seats == std::vector<PlayerId>{pid(1), pid(0)});
  }
  EXPECT_TRUE(a_meets_b) << next.round.tables[0].seats[0].value << "-" << next.round.tables[0].seats[1].value << " "
                         << next.round.tables[1].seats[0].value << "-" << next.round.tables[1].seats[1].value;
}

TEST(Forfeit, StandingsCountNoGameAndNoTieBreakForAForfeitAndSayWhoWithdrew) {
  Event e;
  e.name = "club";
  e.boards = {"b1", "b2"};
  Section s = section_of(Format::kFourPlayer, 8);
  s.rounds = 2;
  s.players[7].withdrawn = true;
  Round r;
  r.tables.push_back({1, "b1", {pid(0), pid(1), pid(2), pid(3)}, {}, "", {pid(3)}});
  r.tables.push_back({2, "b2", {pid(4), pid(5), pid(6), pid(7)}, {0, 1, 2, 3}, "", {}});
  s.played = {r};
  e.sections.push_back(s);
  std::vector<StandingRow> rows = standings_of(s);
  // E 3; A, B, C 2 (forfeit, Buchholz 0); F 2 (Buchholz E 3 + G 1 + H 0); G 1; D and H 0.
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(s.player(rows[0].player).name, "E");
  EXPECT_EQ(s.player(rows[1].player).name, "F");
  EXPECT_DOUBLE_EQ(rows[1].buchholz, 4);
  for (int k = 2; k <= 4; ++k) {
    EXPECT_DOUBLE_EQ(rows[static_cast<std::size_t>(k)].points, 2);
    EXPECT_EQ(rows[static_cast<std::size_t>(k)].games, 0);
    EXPECT_EQ(rows[static_cast<std::size_t>(k)].forfeits_won, 1);
    EXPECT_DOUBLE_EQ(rows[static_cast<std::size_t>(k)].buchholz, 0);
    EXPECT_EQ(rows[static_cast<std::size_t>(k)].firsts, 0);
  }
  // The cells every screen shows (hub screen, web page, the file).
  const StandingsTable table = standings_table(e, s);
  auto row_of = [&](const std::string& name) {
    for (const auto& row : table.rows) {
      if (row[1] == name) return row;
    }
    return std::vector<std::string>{};
  };
  EXPECT_EQ(row_of("A"), (std::vector<std::string>{"3-5", "A", "", "2", "0 +1", "0", "", "0"}));
  EXPECT_EQ(row_of("D"), (std::vector<std::string>{"8", "D", "", "0", "0 -1", "0", "", "0"}));
  EXPECT_EQ(row_of("H (withdrawn)"), (std::vector<std::string>{"7", "H (withdrawn)", "", "0", "1", "6", "", "0"}));
  const std::string text = format_standings(e, s);
  EXPECT_NE(text.find("after round 1 of 2"), std::string::npos) << text;
  EXPECT_NE(text.find("games: played; +N won by forfeit"), std::string::npos) << text;
}

// TRF-16: a forfeit keeps the opponent and colour with "+" / "-"; a double
// forfeit is "-" on both lines; a withdrawn player has "0000 - Z" in the
// round to be paired, which the pairing programs leave unpaired.
TEST(Forfeit, TrfWritesForfeitCodesAndKeepsTheWithdrawnOutOfTheNextRound) {
  Event e;
  e.name = "club";
  Section s = section_of(Format::kTwoPlayer, 6);
  s.rounds = 3;
  s.players[5].withdrawn = true;
  Round r1;
  r1.tables.push_back({1, "b1", {pid(0), pid(1)}, {}, "", {pid(1)}});
  r1.tables.push_back({2, "b2", {pid(2), pid(3)}, {}, "", {pid(2), pid(3)}});
  r1.tables.push_back({3, "b3", {pid(4), pid(5)}, {1, 0}, "", {}});
  s.played = {r1};
  e.sections.push_back(s);
  const std::string trf = write_trf(trf_of(e, s));
  // Columns 92-95 opponent, 97 colour, 99 result.
  auto line_of = [&](const std::string& start) {
    const std::size_t at = trf.find("001 " + start);
    return at == std::string::npos ? std::string() : trf.substr(at, trf.find('\n', at) - at);
  };
  EXPECT_EQ(line_of("   1").substr(91), "   2 w +") << trf;
  EXPECT_EQ(line_of("   2").substr(91), "   1 b -") << trf;
  EXPECT_EQ(line_of("   3").substr(91), "   4 w -") << trf;
  EXPECT_EQ(line_of("   4").substr(91), "   3 b -") << trf;
  EXPECT_EQ(line_of("   5").substr(91), "   6 w 0") << trf;
  EXPECT_EQ(line_of("   6").substr(91), "   5 b 1  0000 - Z") << trf;
  // Points in columns 81-84: the forfeit win 1.
  EXPECT_EQ(line_of("   1").substr(80, 4), " 1.0");
  // The pairing programs' answer reads back with F left out.
  PairingImport got = import_pairings(s, "3\n1 3\n4 2\n5 0\n", {"b1", "b2", "b3"});
  EXPECT_TRUE(got.ok()) << got.error;
}

// s14: a forfeit win worth nothing (the house rule --forfeit-points 0) is
// still a forfeit win: TRF-16's "+" on the present player's line (it had been
// written "-", a forfeit loss, the one code worth 0), the points column the
// true total, and TRF-2026's record 299 ("abnormal assignment points": code in
// column 5, points in 14-17, round in 20-22, start numbers from 24 in steps
// of 5) gives those "+" their 0 points. Columns counted here by hand.
TEST(Forfeit, AForfeitWinWorthNothingIsWrittenPlusWithItsPointsInA299Record) {
  Event e;
  e.name = "club";
  Section s = section_of(Format::kTwoPlayer, 6);
  s.rounds = 3;
  s.forfeit_points = 0;
  Round r1, r2;
  r1.tables.push_back({1, "b1", {pid(0), pid(1)}, {}, "", {pid(1)}});  // 1 absent: 0 wins by forfeit
  r1.tables.push_back({2, "b2", {pid(2), pid(3)}, {0, 1}, "", {}});
  r1.tables.push_back({3, "b3", {pid(4), pid(5)}, {}, "", {pid(4)}});  // 4 absent: 5 wins by forfeit
  r2.tables.push_back({1, "b1", {pid(5), pid(0)}, {1, 0}, "", {}});
  r2.tables.push_back({2, "b2", {pid(1), pid(2)}, {}, "", {pid(2)}});  // 2 absent: 1 wins by forfeit
  r2.tables.push_back({3, "b3", {pid(3), pid(4)}, {0, 0}, "", {}});
  s.played = {r1, r2};
  e.sections.push_back(s);
  const std::string trf = write_trf(trf_of(e, s));
  auto line_of = [&](const std::string& start) {
    const std::size_t at = trf.find(start);
    return at == std::string::npos ? std::string() : trf.substr(at, trf.find('\n', at) - at);
  };
  EXPECT_EQ(line_of("001    1").substr(80, 4), " 1.0") << trf;
  EXPECT_EQ(line_of("001    1").substr(91), "   2 w +     6 b 1") << trf;
  EXPECT_EQ(line_of("001    2").substr(91), "   1 b -     3 w +") << trf;
  EXPECT_EQ(line_of("001    2").substr(80, 4), " 0.0") << trf;
  EXPECT_EQ(line_of("001    5").substr(91), "   6 w -     4 b =") << trf;
  EXPECT_EQ(line_of("001    6").substr(80, 4), " 0.0") << trf;
  EXPECT_EQ(line_of("001    6").substr(91), "   5 b +     1 w 0") << trf;
  // Column by column: 1-3 "299", 5 "+", 14-17 " 0.0", 20-22 the round, 24-27
  // and 29-32 the start numbers.
  auto record = [](const std::string& round, const std::string& numbers) {
    return "299 +" + std::string(8, ' ') + " 0.0" + std::string(2, ' ') + round + numbers;
  };
  EXPECT_EQ(line_of(record("  1", "")), record("  1", "    1    6")) << trf;
  EXPECT_EQ(line_of(record("  2", "")), record("  2", "    2")) << trf;
  EXPECT_EQ(trf.find(record("  3", "")), std::string::npos);
  // Read back: the project's reader keeps the 299 lines and writes the same
  // bytes; each player's codes, a "+" worth what its 299 line says, add up to
  // the points column (as a pairing program that checks the points does).
  std::string error;
  auto doc = parse_trf(trf, error);
  ASSERT_TRUE(doc) << error;
  EXPECT_EQ(write_trf(*doc), trf);
  for (const TrfPlayer& p : doc->players) {
    double sum = 0;
    for (std::size_t r = 0; r < p.games.size(); ++r) {
      const char c = p.games[r].result;
      const std::string abnormal = line_of(record("  " + std::to_string(r + 1), ""));
      const bool listed = abnormal.find(" " + std::to_string(p.number), 22) != std::string::npos;
      sum += c == '1' || c == 'U' || (c == '+' && !listed) ? 1.0 : c == '=' ? 0.5 : 0.0;
    }
    EXPECT_DOUBLE_EQ(sum, p.points) << "start number " << p.number;
  }
  // The default (a forfeit win worth 1) writes no 299 record.
  e.sections[0].forfeit_points = -1;
  s.forfeit_points = -1;
  EXPECT_EQ(write_trf(trf_of(e, s)).find("299"), std::string::npos);
}

}  // namespace
}  // namespace tabula::event
