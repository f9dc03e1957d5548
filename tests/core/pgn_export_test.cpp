// Two-seat PGN export is standard PGN (issue 17, "Notation and export"): a
// resignation or a flag fall is the result and a comment, never an "R"
// move token; pgn-extract (Debian package pgn-extract, an independent PGN
// reader that plays every move) accepts the exports and writes the same SAN.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string pgn_extract() {
  for (const char* p : {"/usr/bin/pgn-extract", "/usr/games/pgn-extract"})
    if (std::filesystem::exists(p)) return p;
  return {};
}

Game chess_game(const std::shared_ptr<const RuleSet>& rules, const std::vector<std::string>& san_moves) {
  auto pos = parse_fen(*rules, rules->start_fen);
  Game g(rules, *pos);
  for (const std::string& t : san_moves) {
    Move m;
    std::string why;
    EXPECT_TRUE(parse_move(g.position(), t, m, why)) << t << ": " << why;
    g.play(m);
  }
  return g;
}

TEST(PgnExport, TwoSeatResignationIsTheResultAndAComment) {
  // Issue 17: today "6. Bxf7+ R 1-0", which pgn-extract rejects.
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  Game g = chess_game(rules, {"e4", "e5", "Bc4", "Nc6", "Qh5", "a6", "Bxf7+"});
  g.resign(seat_at(1));
  std::string text = write_pgn(g, {{"Event", "club night"}});
  EXPECT_NE(text.find("4. Bxf7+ {Black resigns} 1-0"), std::string::npos) << text;
  EXPECT_EQ(text.find(" R "), std::string::npos) << text;
  // It reads back to the same end: the loser leaves at the end of the moves.
  auto recs = parse_pgn(text);
  ASSERT_TRUE(recs.ok());
  ReplayResult back = replay(rules, g.start(), {}, recs->front());
  ASSERT_TRUE(back.ok) << back.error;
  EXPECT_TRUE(back.game->outcome().over);
  EXPECT_EQ(back.game->status(seat_at(1)), SeatStatus::kResigned);
  EXPECT_EQ(back.game->outcome().ranking.front(), seat_at(0));
}

TEST(PgnExport, AFlagFallIsTheResultTooAndReadsBackAsTime) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  Game g = chess_game(rules, {"d4", "d5", "c4"});
  g.timeout(seat_at(1));
  std::string text = write_pgn(g, {});
  EXPECT_NE(text.find("2. c4 {Black lost on time} 1-0"), std::string::npos) << text;
  auto recs = parse_pgn(text);
  ASSERT_TRUE(recs.ok());
  ReplayResult back = replay(rules, g.start(), {}, recs->front());
  ASSERT_TRUE(back.ok) << back.error;
  EXPECT_EQ(back.game->status(seat_at(1)), SeatStatus::kFlagged);
}

// Hostile names and events (a journal's header, a setup screen's player
// names, the hub's payload) must not break out of their tag: a quote, a
// backslash, a ']' , a newline or an escape character in a value stays
// inside it (PGN standard 7: '\"' and '\\' in a string token; no
// non-printing character), and a comment never closes early.
TEST(PgnExport, HostileTagValuesAndCommentsStayInsideTheirTokens) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  Game g = chess_game(rules, {"e4", "e5"});
  const std::string event = "Evil\"] [Result \"1-0\n[X \"y";
  const std::string white = "A\"B\\C]D\x1b\tE";
  std::string text = write_pgn(g, {{"Event", event}, {"White", white}, {"Bad Name\"]", "v"}},
                               {"bad} 1. d4 {", "%line\n[Y \"z\"]"});
  EXPECT_EQ(text.find("\n[X"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n[Y"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  auto recs = parse_pgn(text);
  ASSERT_TRUE(recs.ok()) << recs.error().message << "\n" << text;
  ASSERT_EQ(recs->size(), 1u) << text;
  const PgnRecord& r = recs->front();
  std::vector<std::string> names;
  for (const PgnTag& t : r.tags) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Event", "White", "BadName", "Result"})) << text;
  // The value reads back whole; control characters became spaces.
  EXPECT_EQ(r.tag("Event"), "Evil\"] [Result \"1-0 [X \"y") << text;
  EXPECT_EQ(r.tag("White"), "A\"B\\C]D  E") << text;
  EXPECT_EQ(r.tag("Result"), "*") << text;
  std::vector<std::string> tokens;
  for (const PgnToken& t : r.moves) tokens.push_back(t.text);
  EXPECT_EQ(tokens, (std::vector<std::string>{"e4", "e5"})) << text;
}

// A reader of other programs' PGN: a ']' inside a quoted value, an escaped
// quote, and two tags on one line.
TEST(PgnExport, TagValuesAreReadAsStringTokens) {
  auto recs = parse_pgn("[Event \"a]b \\\"q\\\" c\\\\d\"] [Site \"s\"]\n[White \"x \"y\" z\"]\n\n1. e4 *\n");
  ASSERT_TRUE(recs.ok()) << recs.error().message;
  ASSERT_EQ(recs->size(), 1u);
  EXPECT_EQ(recs->front().tag("Event"), "a]b \"q\" c\\d");
  EXPECT_EQ(recs->front().tag("Site"), "s");
  EXPECT_EQ(recs->front().tag("White"), "x \"y\" z");  // unescaped inner quotes, as some sites write them
  auto path = parse_pgn("[Site \"C:\\\"]\n\n1. e4 *\n");  // a value ending in an unescaped backslash
  ASSERT_TRUE(path.ok()) << path.error().message;
  EXPECT_EQ(path->front().tag("Site"), "C:\\");
  ASSERT_EQ(recs->front().moves.size(), 1u);
}

// Before: a record saved with a byte order mark (Windows editors write one)
// was refused: "\xef\xbb\xbf[Event" is not a legal move here. Also at the
// start of a second record (files joined end to end), and with CRLF and
// lone CR line ends.
TEST(PgnExport, AByteOrderMarkAndAnyLineEndsReadAsText) {
  auto recs = parse_pgn("\xEF\xBB\xBF[Event \"x\"]\r\n[White \"a\"]\r\n\r\n1. e4 e5\r2. Nf3 *\r\n\r\n"
                        "\xEF\xBB\xBF[Event \"y\"]\n\n1. d4 *\n");
  ASSERT_TRUE(recs.ok()) << recs.error().message;
  ASSERT_EQ(recs->size(), 2u);
  EXPECT_EQ(recs->at(0).tag("Event"), "x");
  EXPECT_EQ(recs->at(0).tag("White"), "a");
  EXPECT_EQ(recs->at(0).moves.size(), 3u);
  EXPECT_EQ(recs->at(1).tag("Event"), "y");
  EXPECT_EQ(recs->at(1).moves.size(), 1u);
}

TEST(PgnExport, PgnExtractAcceptsSeededRandomGamesAndWritesTheSameSan) {
  std::string tool = pgn_extract();
  if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed (scripts/setup.sh installs it)";
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  auto start = parse_fen(*rules, rules->start_fen);
  ASSERT_TRUE(start.ok());
  std::string all;
  std::vector<std::vector<std::string>> ours;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Game g(rules, *start);
    for (int ply = 0; ply < 160 && !g.outcome().over; ++ply) {
      auto m = g.random_move(seed * 1000 + static_cast<std::uint64_t>(ply));
      ASSERT_TRUE(m);
      g.play(*m);
    }
    // Every third game is resigned, every third lost on time, by the side to move.
    if (!g.outcome().over && seed % 3 == 1) g.resign(g.to_move());
    if (!g.outcome().over && seed % 3 == 2) g.timeout(g.to_move());
    std::string text = write_pgn(g, {{"Event", "soak " + std::to_string(seed)}, {"Site", "?"}, {"Date", "????.??.??"},
                                     {"Round", "?"}, {"White", "a"}, {"Black", "b"}});
    auto recs = parse_pgn(text);
    ASSERT_TRUE(recs.ok());
    std::vector<std::string> tokens;
    for (const PgnToken& t : recs->front().moves) tokens.push_back(t.text);
    ours.push_back(tokens);
    all += text + "\n";
  }
  auto dir = std::filesystem::temp_directory_path() / ("tabula-pgn-extract-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "in.pgn") << all;
  std::string cmd = tool + " -s -Wsan --nocomments -o " + (dir / "out.pgn").string() + " " + (dir / "in.pgn").string() +
                    " 2> " + (dir / "err.txt").string();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::string errors = read_file(dir / "err.txt");
  EXPECT_EQ(errors.find("Line number"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("Unknown"), std::string::npos) << errors;
  auto theirs = parse_pgn(read_file(dir / "out.pgn"));
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(theirs.ok());
  ASSERT_EQ(theirs->size(), ours.size()) << errors;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    std::vector<std::string> tokens;
    for (const PgnToken& t : (*theirs)[i].moves) tokens.push_back(t.text);
    EXPECT_EQ(tokens, ours[i]) << "game " << i + 1;
  }
}

}  // namespace
}  // namespace tabula::core
