// s31-takeback: `tabula play`'s typed "takeback" goes back to the typing
// seat's own last move, counted from the game as it stands (the session's
// takeback to a seat, session_takeback.cpp), not through the session's
// history, which keeps the moves taken back. Every game here is typed by
// hand at every seat (--bots none); the expected positions are written from
// the moves by hand, and read back from the journal resumed, so the
// takeback is also shown to be kept as an input that replays to the same
// position.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/fen.h"
#include "core/fen4.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "typed_play_run.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

// A journal file in the temporary directory, removed before and after.
class Db {
 public:
  explicit Db(const std::string& name)
      : path_((std::filesystem::temp_directory_path() / name).string()) {
    clear();
  }
  ~Db() { clear(); }
  const std::string& path() const { return path_; }

 private:
  void clear() const {
    for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + side);
  }
  std::string path_;
};

// The journal resumed: the game's position (FEN, or FEN4 with the points),
// or what went wrong.
std::string journal_position(const std::string& db) {
  journal::Journal j;
  journal::JournalContents c;
  journal::JournalStatus st = journal::Journal::open(db, journal::Journal::Access::kRead, j);
  if (st.ok()) st = j.load(c);
  if (!st.ok()) return "error: " + st.message;
  std::string error;
  auto stages = variants::load_stages(c.header.variant, c.header.start_name, error);
  if (stages.empty()) return "error: " + error;
  journal::Resumed r = journal::resume(c, db, stages);
  if (!r.session) return "error: " + r.error;
  const core::Game& g = r.session->game();
  if (!g.rules().four_player_notation) return core::to_fen(g.position());
  core::SeatPoints points{};
  for (int i = 0; i < g.rules().seat_count(); ++i)
    points[static_cast<std::size_t>(i)] = g.points(core::seat_at(i));
  return core::to_fen4(g.position(), points);
}

// `tabula play` of `variant` with every seat typed (no bot), journaled in `db`.
std::vector<std::string> typed_args(const std::string& variant, const Db& db) {
  return {"play", "--variant", variant, "--bots", "none", "--journal", db.path()};
}

// The start of corners-mini (its start_fen), W G B P: Black's king d8 and
// queen e8, Pink's king h5 and queen h4, Grey's king a4 and queen a5.
const char* const kMiniStart =
    "W-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bB,bK,bQ,bB,2/2,bP,bP,bP,bP,2/gB,gP,4,pP,pB/"
    "gQ,gP,4,pP,pK/gK,gP,4,pP,pQ/"
    "gB,gP,4,pP,pB/2,wP,wP,wP,wP,2/2,wB,wQ,wK,wB,2";
// ... after 1. c2-c3, Grey to move.
const char* const kMiniAfterC3 =
    "G-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bB,bK,bQ,bB,2/2,bP,bP,bP,bP,2/gB,gP,4,pP,pB/"
    "gQ,gP,4,pP,pK/gK,gP,4,pP,pQ/"
    "gB,gP,wP,3,pP,pB/3,wP,wP,wP,2/2,wB,wQ,wK,wB,2";

// An elimination between the asker's move and the takeback: White d2-d3,
// Grey resigns (000 mini: his pieces leave the board), Black e7-e6, Pink
// g3-f3; White's takeback undoes all four, the resignation too (before: 3,
// counted through the moves alone, which undid Pink's, Black's and the
// resignation and left Grey to move after d2-d3).
TEST(TypedTakeback, AnEliminationBetweenIsTakenBackWithTheMovesSince) {
  Db db("tabula_typed_takeback_resign.db");
  const std::vector<std::string> args = typed_args("corners-mini", db);
  PlayRun r = play(args, "d2d3\nresign\ne7e6\ng3f3\ntakeback\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("  Grey is out; remove all of Grey's pieces\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  White's last move, d2-d3, is taken back with the 2 moves and 1 "
                       "resignation, flag, draw or "
                       "adjudication since; White to move\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 0 moves; "), std::string::npos) << r.out;
  EXPECT_EQ(journal_position(db.path()), kMiniStart);
  // Resumed: the same game, Grey back in it; White plays on.
  PlayRun again = play(args, "c2c3\nquit\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find(", 0 moves from " + db.path() + "\n"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("\nGrey to move> "), std::string::npos) << again.out;
  EXPECT_EQ(journal_position(db.path()), kMiniAfterC3);
}

// 000's turn to the checked player and a takeback after a takeback. Pink's
// g5-f5 opens h4-d8 on Black's king: Black moves next, White and Grey are
// passed over; so White's last move is six back at the second takeback,
// though the four taken back at the first sit nearer in the session's
// history (before: 4 again, which left Black to move after d2-d3 b5-c5).
TEST(TypedTakeback, ATakebackAfterATakebackCountsTheGameNotTheHistory) {
  Db db("tabula_typed_takeback_twice.db");
  const std::vector<std::string> args = typed_args("corners-mini", db);
  // 1. d2-d3 b5-c5 e7-e6 g5-f5+ (Black in check: White's and Grey's turns
  // pass) f7-f6 g4-f4 2. c2-c3 b6-c6 d7-d6 g3-f3, then White takes back.
  PlayRun r =
      play(args, "d2d3\nb5c5\ne7e6\ng5f5\nf7f6\ng4f4\nc2c3\nb6c6\nd7d6\ng3f3\ntakeback\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("  Black is in check and moves next; White's turn is passed over\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          "  White's last move, c2-c3, is taken back with the 3 moves since; White to move\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 6 moves; "), std::string::npos) << r.out;
  // d2-d3 b5-c5 e7-e6 g5-f5 f7-f6 g4-f4, White to move.
  EXPECT_EQ(journal_position(db.path()),
            "W-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bB,bK,bQ,bB,2/2,bP,bP,4/gB,gP,2,bP,bP,pP,pB/"
            "gQ,1,gP,2,pP,1,pK/"
            "gK,gP,3,pP,1,pQ/gB,gP,1,wP,2,pP,pB/2,wP,1,wP,wP,2/2,wB,wQ,wK,wB,2");
  // Resumed after the takeback: it replays to the same game; White takes
  // back again, to d2-d3, past the check's skipped turns, and plays c2-c3.
  PlayRun again = play(args, "takeback\nc2c3\nquit\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find(", 6 moves from " + db.path() + "\n"), std::string::npos) << again.out;
  EXPECT_NE(
      again.out.find(
          "  White's last move, d2-d3, is taken back with the 5 moves since; White to move\n"),
      std::string::npos)
      << again.out;
  EXPECT_NE(again.out.find("> the game is not over after 1 move; "), std::string::npos)
      << again.out;
  EXPECT_EQ(journal_position(db.path()), kMiniAfterC3);
}

// Two players, each typing: a takeback goes back to the typing seat's last
// move, past the other's answer (as before: this worked, and still does).
TEST(TypedTakeback, TwoPlayerChessStillGoesBackToTheTypersOwnMove) {
  Db db("tabula_typed_takeback_chess.db");
  const std::vector<std::string> args = typed_args("chess", db);
  PlayRun r = play(args, "e2e4\ne7e5\ng1f3\nb8c6\ntakeback\nb1c3\ntakeback\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "  White's last move, Ng1-f3, is taken back with the 1 move since; White to move\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(
                "  Black's last move, e7-e5, is taken back with the 1 move since; Black to move\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 1 move; "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n1. e4 *"), std::string::npos) << r.out;
  // 1. e4, Black to move (e3 open for en passant).
  EXPECT_EQ(journal_position(db.path()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

// Bad input: a takeback at the start, and by a seat that has not moved yet,
// is refused with the reason, and recorded (the journal keeps the input; the
// game is unchanged). Before: at the start "cannot take back 1 move: 0 made
// in this stage"; Black's "takeback" after 1. e4 took back White's e4.
TEST(TypedTakeback, NoMoveOfTheSeatYetIsRefusedWithTheReason) {
  Db db("tabula_typed_takeback_none.db");
  const std::vector<std::string> args = typed_args("chess", db);
  PlayRun r = play(args, "takeback\ne2e4\ntakeback\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "  White has no move to take back: none has been made in this game since its start\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  Black has no move to take back: none of the 1 move made in this game "
                       "since its start is "
                       "Black's (a takeback goes back to the asking seat's own last move)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 1 move; "), std::string::npos) << r.out;
  EXPECT_EQ(journal_position(db.path()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(db.path(), journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  int takebacks = 0;
  for (const session::Input& in : c.inputs) {
    const auto* i = std::get_if<session::Intent>(&in);
    if (i == nullptr || i->kind != session::IntentKind::kTakeback) continue;
    EXPECT_EQ(i->count, 0);
    EXPECT_EQ(i->seat, core::seat_at(takebacks));  // White's, then Black's
    ++takebacks;
  }
  EXPECT_EQ(takebacks, 2) << "both takebacks are journaled";
}

// A game from a set position, resumed: a takeback goes back to its start,
// and not past it (the moves before a --fen are not the game's).
TEST(TypedTakeback, NotPastTheStartOfAResumedGameFromAPosition) {
  Db db("tabula_typed_takeback_fen.db");
  const std::vector<std::string> args = {"play",
                                         "--variant",
                                         "chess",
                                         "--bots",
                                         "none",
                                         "--fen",
                                         "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                                         "--journal",
                                         db.path()};
  PlayRun r = play(args, "e2e3\ne8d7\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  PlayRun again = play(args, "takeback\ntakeback\nquit\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find(", 2 moves from " + db.path() + "\n"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find(
                "  White's last move, e2-e3, is taken back with the 1 move since; White to move\n"),
            std::string::npos)
      << again.out;
  EXPECT_NE(
      again.out.find(
          "  White has no move to take back: none has been made in this game since its start\n"),
      std::string::npos)
      << again.out;
  EXPECT_EQ(journal_position(db.path()), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

// After the game ended: typed play ends with it, and a resumed game that is
// over says that nothing more is read (before: the words "type a move ...,
// takeback, ..." were offered, then the end said, the typed takeback unread).
TEST(TypedTakeback, AGameOverSaysNothingMoreIsTyped) {
  Db db("tabula_typed_takeback_over.db");
  const std::vector<std::string> args = {"play",
                                         "--variant",
                                         "chess",
                                         "--bots",
                                         "none",
                                         "--fen",
                                         "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                                         "--journal",
                                         db.path()};
  PlayRun r = play(args, "Ra1-a8\ntakeback\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\ngame over (checkmate) after 1 move; "), std::string::npos) << r.out;
  PlayRun again = play(args, "takeback\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("\n  this game is over: nothing more is typed here (no move, takeback "
                           "or resignation after "
                           "the end; the arbiter's takeback of the end is at the kiosk)\ngame over "
                           "(checkmate) after 1 "
                           "move; "),
            std::string::npos)
      << again.out;
  EXPECT_EQ(again.out.find("type a move"), std::string::npos) << again.out;
  // The game as it ended: 1. Ra8#, Black mated.
  EXPECT_EQ(journal_position(db.path()), "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
}

// --max-plies counts the game's plies as they stand: "e2e4, takeback, d2d4"
// with a cap of 3 stopped after d2-d4 ("stopped after 3 plies" with one on
// the board); now the bot answers it and the game goes on.
TEST(TypedTakeback, TheMaxPliesCapCountsTheGamesPlies) {
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=greedy", "--seed", "3",
                    "--hint-engine", "tabula", "--max-plies", "3"},
                   "e2e4\ntakeback\nd2d4\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find("stopped after"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 2 moves\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n1. d4 "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tabula::testing
