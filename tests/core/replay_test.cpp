// Real recorded games (tests/data/pgn4, see its SOURCES.md) replayed through
// the arbiter to the end. The expected scores are chess.com's own, read from
// each record's Result tag; nothing here was produced by the code under test.
#include "core/replay.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

#include "test_source_dir.h"

namespace tabula::core {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string data(const std::string& rel) {
  return std::string(TABULA_SOURCE_DIR) + "/tests/data/pgn4/" + rel;
}

struct Replayed {
  PgnRecord record;
  ReplayResult result;
};

Replayed replay_file(const std::string& variant, const std::string& rel) {
  std::string path = data(rel);
  if (!std::filesystem::exists(path)) return {};
  auto records = parse_pgn(read(path));
  EXPECT_TRUE(records.ok());
  PgnRecord rec = records->front();
  std::string start = rec.tag("StartFen4");
  auto loaded = variants::load_id(variant, start.empty() ? "4PCo" : start);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  SeatPoints points{};
  auto pos = parse_fen4(*loaded.rules, loaded.rules->start_fen, &points);
  EXPECT_TRUE(pos.ok());
  return {rec, replay(loaded.rules, *pos, points, rec)};
}

// "Name: 75 - Other: 8 - ..." -> seat name -> score, through the seat tags.
std::map<std::string, int> recorded_scores(const PgnRecord& rec) {
  std::map<std::string, std::string> seat_of_player;
  for (const char* seat : {"Red", "Blue", "Yellow", "Green"}) seat_of_player[rec.tag(seat)] = seat;
  std::map<std::string, int> out;
  std::string result = rec.tag("Result");
  std::size_t at = 0;
  while (at < result.size()) {
    std::size_t colon = result.find(": ", at);
    if (colon == std::string::npos) break;
    std::size_t end = result.find(" - ", colon);
    std::string name = result.substr(at, colon - at);
    int score = std::stoi(result.substr(colon + 2, end == std::string::npos ? std::string::npos : end - colon - 2));
    out[seat_of_player[name]] = score;
    at = end == std::string::npos ? result.size() : end + 3;
  }
  return out;
}

class FfaRecord : public ::testing::TestWithParam<const char*> {};

TEST_P(FfaRecord, ReplaysToTheEndWithChessComsFinalScores) {
  ASSERT_TRUE(std::filesystem::exists(data(GetParam()))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-ffa", GetParam());
  ASSERT_TRUE(r.result.ok) << r.result.error;
  const Game& g = *r.result.game;
  EXPECT_TRUE(g.outcome().over);
  auto expected = recorded_scores(r.record);
  ASSERT_EQ(expected.size(), 4u) << r.record.tag("Result");
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(g.points(seat_at(s)), expected[g.seat_name(seat_at(s))]) << g.seat_name(seat_at(s));
  }
}

TEST_P(FfaRecord, WrittenPgn4ReadsBackToTheSameGame) {
  ASSERT_TRUE(std::filesystem::exists(data(GetParam()))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-ffa", GetParam());
  ASSERT_TRUE(r.result.ok) << r.result.error;
  const Game& g = *r.result.game;
  std::string start = r.record.tag("StartFen4").empty() ? "4PCo" : r.record.tag("StartFen4");
  std::string text = write_pgn(g, {{"Variant", "FFA"}, {"StartFen4", start}, {"Red", r.record.tag("Red")},
                                   {"Blue", r.record.tag("Blue")}, {"Yellow", r.record.tag("Yellow")},
                                   {"Green", r.record.tag("Green")}});
  auto again = parse_pgn(text);
  ASSERT_TRUE(again.ok());
  auto loaded = variants::load_id("chesscom-ffa", start);
  SeatPoints points{};
  auto pos = parse_fen4(*loaded.rules, loaded.rules->start_fen, &points);
  ReplayResult second = replay(loaded.rules, *pos, points, again->front());
  ASSERT_TRUE(second.ok) << second.error << "\n" << text;
  EXPECT_EQ(to_fen4(second.game->position()), to_fen4(g.position()));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(second.game->points(seat_at(s)), g.points(seat_at(s)));
  EXPECT_EQ(recorded_scores(again->front()), recorded_scores(r.record)) << "names and scores as chess.com writes them";
}

TEST_P(FfaRecord, ExportEqualsTheRecordTokenForToken) {
  // Issue 17, "Notation and export": the PGN4 Tabula writes for a replayed
  // record has chess.com's own move text, check and mate marks included.
  ASSERT_TRUE(std::filesystem::exists(data(GetParam()))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-ffa", GetParam());
  ASSERT_TRUE(r.result.ok) << r.result.error;
  auto again = parse_pgn(write_pgn(*r.result.game, {{"Variant", "FFA"}}));
  ASSERT_TRUE(again.ok());
  const auto& ours = again->front().moves;
  const auto& theirs = r.record.moves;
  ASSERT_GE(ours.size(), theirs.size());
  int differ = 0;
  for (std::size_t i = 0; i < theirs.size(); ++i) {
    EXPECT_EQ(ours[i].text, theirs[i].text) << "round " << theirs[i].round << ", token " << i;
    EXPECT_EQ(ours[i].round, theirs[i].round) << ours[i].text;
    differ += ours[i].text != theirs[i].text;
  }
  EXPECT_EQ(differ, 0) << "of " << theirs.size() << " tokens";
  // What the record leaves out: the players its Termination tag says left
  // the game (replay.cpp), written as time markers.
  for (std::size_t i = theirs.size(); i < ours.size(); ++i) EXPECT_EQ(ours[i].text, "T");
}

INSTANTIATE_TEST_SUITE_P(ChessCom, FfaRecord,
                         ::testing::Values("ffa/ffa-100532097.pgn4", "ffa/ffa-101023253.pgn4",
                                           "ffa/ffa-104038635.pgn4", "ffa/ffa-12100741.pgn4"));

TEST(Replay, FfaMateTakesEffectAtOnce) {
  // SOURCES.md: in 100532097, round 17, Green's Qh8xc8+# mates Blue, whose
  // slot is missing from round 18 on although Red moved in between.
  ASSERT_TRUE(std::filesystem::exists(data("ffa/ffa-100532097.pgn4"))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-ffa", "ffa/ffa-100532097.pgn4");
  ASSERT_TRUE(r.result.ok) << r.result.error;
  bool mate_seen = false;
  for (const ReplayStep& s : r.result.steps) {
    if (s.round == 17 && s.token == "Qh8xc8+#") {
      for (const Ruling& ru : s.rulings) {
        if (ru.kind == RulingKind::kCheckmate) {
          mate_seen = true;
          EXPECT_EQ(r.result.game->seat_name(ru.seat), "Blue");
          EXPECT_EQ(r.result.game->seat_name(ru.by), "Green");
        }
      }
    }
    if (s.round >= 18) {
      EXPECT_NE(r.result.game->seat_name(s.seat), "Blue") << "round " << s.round;
    }
  }
  EXPECT_TRUE(mate_seen);
}

TEST(Replay, TeamsGameEndsInTheRecordedMate) {
  ASSERT_TRUE(std::filesystem::exists(data("teams/teams-519084.pgn4"))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-teams", "teams/teams-519084.pgn4");
  ASSERT_TRUE(r.result.ok) << r.result.error;
  const Game& g = *r.result.game;
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "checkmate");
  // Result "0-1": Blue and Green win; Red is the mated one.
  EXPECT_EQ(g.status(seat_at(0)), SeatStatus::kCheckmated);
  Seat winner = g.outcome().ranking.front();
  EXPECT_TRUE(g.seat_name(winner) == "Blue" || g.seat_name(winner) == "Green");
}

TEST(Replay, TeamsExampleMatchesItsCurrentPositionTag) {
  // teams-example-2018 carries chess.com's own FEN4 for its CurrentMove
  // "4-2-1": the main line's first three moves and the variation 1... m8-k8.
  ASSERT_TRUE(std::filesystem::exists(data("teams/teams-example-2018.pgn4"))) << "tests/data/pgn4 is part of the repository";
  Replayed r = replay_file("chesscom-teams", "teams/teams-example-2018.pgn4");
  ASSERT_TRUE(r.result.ok) << r.result.error;
  EXPECT_EQ(r.result.steps.size(), 4u) << "the variations are skipped";
  auto loaded = variants::load_id("chesscom-teams", "4PCo");
  ASSERT_TRUE(loaded.ok());
  auto pos = parse_fen4(*loaded.rules, loaded.rules->start_fen);
  auto line = parse_pgn("1. h2-h3 .. b6-d6 .. h13-h12 .. m8-k8\n");
  ReplayResult v = replay(loaded.rules, *pos, {}, line->front());
  ASSERT_TRUE(v.ok) << v.error;
  std::string theirs = r.record.tag("CurrentPosition");
  std::string ours = to_fen4(v.game->position());
  auto board = [](const std::string& f) { return f.substr(f.rfind('-') + 1); };
  EXPECT_EQ(board(ours), board(theirs));
}

TEST(Replay, RefusesAnIllegalMoveNamingRoundSeatAndMove) {
  auto loaded = variants::load_id("chesscom-ffa", "4PC");
  ASSERT_TRUE(loaded.ok());
  auto pos = parse_fen4(*loaded.rules, loaded.rules->start_fen);
  auto recs = parse_pgn("1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8\n2. Qg1-g5 ..\n");
  ASSERT_TRUE(recs.ok());
  ReplayResult r = replay(loaded.rules, *pos, {}, recs->front());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("round 2, Red, Qg1-g5"), std::string::npos) << r.error;
  EXPECT_EQ(r.steps.size(), 4u) << "the moves before it stand";
}

TEST(Pgn, SkipsCommentsVariationsAndNags) {
  auto recs = parse_pgn(
      "[Event \"x\"]\n[White \"A\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 Nc6 ; rest\n"
      "3. Bb5 1-0\n\n[Event \"y\"]\n1. d4 *\n");
  ASSERT_TRUE(recs.ok());
  ASSERT_EQ(recs->size(), 2u);
  const PgnRecord& a = (*recs)[0];
  EXPECT_EQ(a.tag("White"), "A");
  std::vector<std::string> moves;
  for (const auto& t : a.moves) moves.push_back(t.text);
  EXPECT_EQ(moves, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"}));
  EXPECT_EQ(a.result, "1-0");
  EXPECT_EQ(a.moves[2].round, 2);
  EXPECT_EQ((*recs)[1].moves.size(), 1u);
}

TEST(Pgn, UnclosedPartsAreErrorsWithPosition) {
  auto c = parse_pgn("1. e4 {oops\n");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().line, 1);
  EXPECT_EQ(c.error().column, 7);
  EXPECT_FALSE(parse_pgn("1. e4 (e5 \n").ok());
  EXPECT_FALSE(parse_pgn("[Event \"x\n").ok());
}

TEST(Notation, AnnotationsAndMarkers) {
  MoveText a = split_annotations("Qh8xc8+#");
  EXPECT_EQ(a.move, "Qh8xc8");
  EXPECT_EQ(a.checks, 1);
  EXPECT_EQ(a.mates, 1);
  MoveText b = split_annotations("Kh13-g14R");
  EXPECT_EQ(b.move, "Kh13-g14");
  EXPECT_EQ(b.marker, 'R');
  MoveText c = split_annotations("f7-f8=R");
  EXPECT_EQ(c.move, "f7-f8=R");
  EXPECT_EQ(c.marker, 0);
  EXPECT_EQ(split_annotations("T").marker, 'T');
  EXPECT_EQ(split_annotations("0-0-0").move, "O-O-O");
}

TEST(Notation, SanDisambiguatesAndParses) {
  auto loaded = variants::load_id("chess");
  ASSERT_TRUE(loaded.ok());
  auto pos = parse_fen(*loaded.rules, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  ASSERT_TRUE(pos.ok());
  Move m;
  std::string why;
  ASSERT_TRUE(parse_move(*pos, "Rad1", m, why)) << why;
  EXPECT_EQ(san(*pos, m), "Rad1");
  EXPECT_EQ(loaded.rules->geometry.name(m.from), "a1");
  EXPECT_FALSE(parse_move(*pos, "Rd1", m, why)) << "ambiguous SAN names no move";
  EXPECT_FALSE(parse_move(*pos, "Qd1", m, why));
  auto castle = parse_fen(*loaded.rules, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(parse_move(*castle, "O-O-O", m, why));
  EXPECT_EQ(m.kind, MoveKind::kCastle);
  EXPECT_EQ(san(*castle, m), "O-O-O");
}

TEST(Notation, TheOperaGameReplaysToMate) {
  // Morphy v Duke Karl / Count Isouard, Paris 1858: a game every club knows.
  auto loaded = variants::load_id("chess");
  ASSERT_TRUE(loaded.ok());
  auto recs = parse_pgn(
      "[Event \"Paris\"]\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 "
      "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 "
      "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n");
  ASSERT_TRUE(recs.ok());
  auto pos = parse_fen(*loaded.rules, loaded.rules->start_fen);
  ReplayResult r = replay(loaded.rules, *pos, {}, recs->front());
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.game->outcome().over);
  EXPECT_EQ(r.game->outcome().reason, "checkmate");
  EXPECT_EQ(r.game->outcome().ranking.front(), seat_at(0));
  // Written back as PGN, the move text is the record's own.
  std::string written = write_pgn(*r.game, {{"Event", "Paris"}});
  EXPECT_NE(written.find("12. O-O-O Rd8 13. Rxd7 Rxd7"), std::string::npos) << written;
  EXPECT_NE(written.find("16. Qb8+ Nxb8 17. Rd8# 1-0"), std::string::npos) << written;
  EXPECT_NE(written.find("[Result \"1-0\"]"), std::string::npos);
}

TEST(Replay, A003PlacementReadsBackInEverySpellingTheArbiterWrites) {
  // Issue 15 item 9. Sheet 003 rule 5: "A stalemated player may place any
  // new piece of his own anywhere on the board; this counts as his move".
  // White's king on d1 cannot move and is not in check; he places a queen on
  // h5, which checks Black's king on a5. The record the arbiter writes
  // (Game::record, write_pgn as `tabula archive export` uses it) must read
  // back, with and without the check mark.
  auto rules = testing::shipped("allies-vassals");
  ASSERT_TRUE(rules);
  Position start = testing::setup(*rules, 'w', {"d1:wK", "a5:bK", "g14:rK", "n8:uK", "k2:bR", "e14:bR"});
  Game played(rules, start);
  Move q{kNoSquare, rules->geometry.parse("h5"), MoveKind::kPlacement, rules->kind_by_letter('Q'), 0};
  ASSERT_NE(played.play(q).front().kind, RulingKind::kIllegalMove);
  ASSERT_EQ(played.record().back().text, "Q@h5+");
  std::string written = write_pgn(played, {{"Variant", "allies-vassals"}, {"StartFen4", to_fen4(start)}});
  auto recs = parse_pgn(written);
  ASSERT_TRUE(recs.ok()) << recs.error().message;
  ReplayResult back = replay(rules, start, {}, recs->front());
  EXPECT_TRUE(back.ok) << back.error << "\n" << written;
  for (const char* token : {"Q@h5+", "Q@h5"}) {
    PgnRecord rec;
    rec.moves.push_back({token, 1, 1, 1});
    ReplayResult r = replay(rules, start, {}, rec);
    EXPECT_TRUE(r.ok) << token << ": " << r.error;
    EXPECT_EQ(r.game->position().at(rules->geometry.parse("h5")).seat, seat_at(0)) << token;
  }
  // A placement the game does not allow is refused with the reason.
  PgnRecord bad;
  bad.moves.push_back({"K@h5", 1, 1, 1});
  ReplayResult refused = replay(rules, start, {}, bad);
  EXPECT_FALSE(refused.ok);
  EXPECT_NE(refused.error.find("K@h5"), std::string::npos) << refused.error;
}

}  // namespace
}  // namespace tabula::core
