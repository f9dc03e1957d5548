// s31-fallback: the hub's PGN of a finished game is the board's (BoardState
// .pgn, made by make_state on the board): it says where Tabula's engine took
// over a Stockfish seat, as the board's own export does. No new field: an old
// hub stores the new board's PGN as it comes (a string), a new hub stores an
// old board's PGN (without the comment) as it comes.
#include <gtest/gtest.h>

#include "../journal/journal_fixture.h"
#include "core/notation.h"
#include "hub/codec.h"
#include "hub/tournament.h"
#include "journal/archive.h"
#include "journal/resume.h"
#include "wire_builders.h"

namespace tabula::hub {
namespace {

using journal::testing::kScholarsMate;
using journal::testing::ScratchDir;

const std::string kFallbackWarning =
    "Stockfish (Black) gave no move within 3.0 s (sent stop, then ended it); Tabula's engine (level 6) plays for "
    "Black until this game ends";

// Scholar's mate with Black a Stockfish seat (Stockfish 1500, fallback level
// 6): each Black move announced first (kBotMove), by Stockfish, then after
// its failure (journaled kBotFallback) by Tabula's engine.
session::Session played_with_stockfish(bool fallback) {
  auto rules = journal::testing::rules_of("chess");
  journal::JournalHeader h = journal::testing::chess_header();
  std::string why;
  session::Session s({rules}, *journal::start_position(h, *rules, why), h.settings());
  const std::vector<std::string> black = {"e7e5", "b8c6", "g8f6"};
  std::size_t announced = 0;
  for (const session::Input& in : journal::testing::script_inputs("chess", kScholarsMate, 7)) {
    const core::Game& g = s.game();
    if (s.phase() == session::Phase::kPlay && g.to_move() == core::seat_at(1) && announced < black.size() &&
        g.moves().size() == 2 * announced + 1 && std::holds_alternative<session::SquareEvent>(in)) {
      const session::Millis at = session::time_of(in);
      if (fallback && announced == 1) {
        session::Intent f;
        f.time = at;
        f.kind = session::IntentKind::kBotFallback;
        f.seat = core::seat_at(1);
        f.option = static_cast<int>(session::BotFallbackReason::kNoMove);
        f.count = 6;
        f.text = kFallbackWarning;
        s.handle(session::Input{f});
      }
      session::Intent b;
      b.time = at;
      b.kind = session::IntentKind::kBotMove;
      b.seat = core::seat_at(1);
      EXPECT_TRUE(core::parse_coordinate(g.position(), black[announced], b.move));
      b.text = fallback && announced >= 1 ? "Tabula level 6" : "Stockfish 1500";
      s.handle(session::Input{b});
      ++announced;
    }
    s.handle(in);
  }
  // The last move stands once its deadlines pass (as SimBoard::finish).
  for (int guard = 0; guard < 100; ++guard) {
    std::optional<session::Millis> d = s.next_deadline();
    if (!d) break;
    s.handle(session::Input{session::Tick{*d}});
  }
  EXPECT_EQ(announced, 3U);
  EXPECT_TRUE(s.game().outcome().over);
  return s;
}

BoardInfo stockfish_chess_info() {
  BoardInfo info{"club", "t1", {}};
  info.header = journal::testing::chess_header();
  info.header.players = {"Ann", ""};
  info.header.bots = "Black=stockfish:1500";
  return info;
}

TEST(FallbackPgn, TheBoardsStateSaysWhereTabulasEngineTookOverAndTheHubKeepsIt) {
  const session::Session s = played_with_stockfish(true);
  wire::BoardState st = make_state(stockfish_chess_info(), s, 20, std::nullopt, false, 1000);
  const std::string comment = "2. Bc4 Nc6 {Tabula level 6 plays Black from here: " + kFallbackWarning + "} 3. Qh5";
  EXPECT_NE(st.pgn().find(comment), std::string::npos) << st.pgn();
  EXPECT_NE(st.pgn().find("1. e4 e5 2. Bc4 Nc6"), std::string::npos) << st.pgn();  // e5 is Stockfish's: no comment
  EXPECT_EQ(st.pgn().find("Nf6 {"), std::string::npos) << st.pgn();              // one comment, at the first
  EXPECT_NE(st.pgn().find("[Black \"Stockfish 1500\"]"), std::string::npos) << st.pgn();
  // The hub records what the board sent: the comment is in the event's PGN.
  ScratchDir dir;
  TournamentRecord t;
  ASSERT_TRUE(TournamentRecord::open(dir.file("event.db"), t).ok());
  wire::BoardState sent = testing::two_seat_state();
  sent.set_variant("chess");
  sent.set_game_id("g1");
  sent.set_over(true);
  sent.set_result_reason("checkmate");
  sent.add_ranking(0);
  sent.mutable_seats(0)->set_player("Ann");
  sent.set_pgn(st.pgn());
  bool added = false;
  ASSERT_TRUE(t.record("club", sent, true, added).ok());
  EXPECT_TRUE(added);
  // An old board's state (its PGN without the comment) is kept as it came.
  wire::BoardState old = sent;
  old.set_board("t2");
  old.set_game_id("g2");
  old.set_pgn(journal::export_record(stockfish_chess_info().header, s.game()));
  ASSERT_TRUE(t.record("club", old, true, added).ok());
  std::string pgn;
  ASSERT_TRUE(t.export_pgn("club", pgn).ok());
  EXPECT_NE(pgn.find(comment), std::string::npos) << pgn;
  EXPECT_NE(pgn.find(old.pgn()), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find(comment), pgn.rfind(comment)) << pgn;
}

TEST(FallbackPgn, WithoutAFallbackTheBoardsPgnIsAsBefore) {
  const session::Session s = played_with_stockfish(false);
  wire::BoardState st = make_state(stockfish_chess_info(), s, 20, std::nullopt, false, 1000);
  EXPECT_EQ(st.pgn(), journal::export_record(stockfish_chess_info().header, s.game()));
  EXPECT_EQ(st.pgn().find('{'), std::string::npos) << st.pgn();
}

// One comment a run of the fallback's moves, at its first (Black's 2nd move,
// the game's 4th); Stockfish's move and the run's later ones carry none.
TEST(FallbackPgn, TheCommentIsAtTheFallbacksFirstMoveOnly) {
  const session::Session s = played_with_stockfish(true);
  std::vector<std::string> comments = journal::bot_comments(stockfish_chess_info().header, s);
  ASSERT_EQ(comments.size(), 7U);
  for (std::size_t i = 0; i < comments.size(); ++i) {
    EXPECT_EQ(comments[i], i == 3 ? "Tabula level 6 plays Black from here: " + kFallbackWarning : "") << i;
  }
}

}  // namespace
}  // namespace tabula::hub
