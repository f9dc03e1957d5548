// `tabula voice` (arbiter/cli/voice_commands.h) in-process: the texts of a
// real record, the queries, and bad input named.
#include "cli/voice_commands.h"

#include <gtest/gtest.h>

#include <sstream>

#include "test_source_dir.h"

namespace tabula::cli {
namespace {

struct Ran {
  int code;
  std::string out, err;
};

Ran voice(std::vector<std::string> args) {
  args.insert(args.begin(), "voice");
  std::ostringstream out, err;
  const int code = cmd_voice(args, out, err);
  return {code, out.str(), err.str()};
}

std::string record() { return std::string(TABULA_SOURCE_DIR) + "/tests/data/pgn4/ffa/ffa-100532097.pgn4"; }

TEST(VoiceCommand, SaysTheRecordsRulingsAndWhoseTurn) {
  const Ran r = voice({"say", record(), "--variant", "chesscom-ffa", "--plies", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  // 1. k2-k4 .. b9-c9 (the record's first two plies), written by hand.
  EXPECT_EQ(r.out, "Red's pawn on k2 to k4\nBlue to move\nBlue's pawn on b9 to c9\nYellow to move\n");
}

TEST(VoiceCommand, AnswersTheQueries) {
  Ran r = voice({"ask", record(), "--variant", "chesscom-ffa", "--plies", "2", "--pieces", "blue"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "Blue: king a7; queen a8; rooks a4, a11; bishops a6, a9; knights a5, a10; "
            "pawns b4, b5, b6, b7, b8, c9, b10, b11\n");
  r = voice({"ask", record(), "--variant", "chesscom-ffa", "--plies", "2", "--last-move"});
  EXPECT_EQ(r.out, "Last move: Blue, b9-c9\n");
  r = voice({"ask", record(), "--variant", "chesscom-ffa", "--plies", "2", "--turn"});
  EXPECT_EQ(r.out, "Yellow to move\n");
}

TEST(VoiceCommand, BadInputIsNamed) {
  Ran r = voice({});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("voice wants say, ask or bench"), std::string::npos);
  r = voice({"say", "/nonexistent/x.pgn4", "--variant", "chesscom-ffa"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "tabula: voice: /nonexistent/x.pgn4: no such file\n");
  r = voice({"say", record()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("--variant ID is required"), std::string::npos);
  r = voice({"ask", record(), "--variant", "chesscom-ffa", "--pieces", "Purple"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tabula: voice ask: --pieces Purple: no such seat (0-3 or a seat's name)\n");
  r = voice({"ask", record(), "--variant", "chesscom-ffa", "--turn", "--last-move"});
  EXPECT_EQ(r.code, 2);
  r = voice({"say", record(), "--variant", "chesscom-ffa", "--plies", "0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tabula: --plies must be a whole number from 1 to 2000, got \"0\"\n");
  r = voice({"say", record(), record(), "--variant", "chesscom-ffa"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tabula: voice say needs exactly one record FILE\n");
}

}  // namespace
}  // namespace tabula::cli
