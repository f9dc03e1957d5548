// The evaluation: symmetric starts, the ledgers and the goals it must know.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/test_rules.h"
#include "engine/evaluation.h"
#include "variants/variant_loader.h"

namespace tabula::engine {
namespace {

core::Game start_of(const std::string& id) {
  auto rules = testing::shipped(id);
  auto pos = rules->four_player_notation ? core::parse_fen4(*rules, rules->start_fen) : core::parse_fen(*rules, rules->start_fen);
  EXPECT_TRUE(pos.ok()) << id;
  return core::Game(rules, *pos);
}

TEST(Evaluation, EverySeatIsWorthTheSameAtTheStartOfSymmetricVariants) {
  for (const char* id : {"chess", "chesscom-ffa", "chesscom-teams", "four-kingdoms", "chess-four", "corners-short"}) {
    core::Game g = start_of(id);
    GameAdapter a(g);
    Evaluator e(g.rules());
    SeatValues v = e.evaluate(a);
    for (int i = 1; i < g.rules().seat_count(); ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], v[0]) << id << " seat " << i;
    EXPECT_GT(v[0], 3000) << id;  // the army's material
  }
}

TEST(Evaluation, KnownPiecesHaveTheirChessWorth) {
  auto rules = testing::shipped("chess");
  Evaluator e(*rules);
  EXPECT_EQ(e.piece_value(rules->kind_by_letter('Q')), 900);
  EXPECT_EQ(e.piece_value(rules->kind_by_letter('R')), 500);
  EXPECT_EQ(e.piece_value(rules->kind_by_letter('N')), 300);
  EXPECT_EQ(e.piece_value(rules->kind_by_letter('P')), 100);
  EXPECT_EQ(e.piece_value(rules->kind_by_letter('K')), 0);
}

TEST(Evaluation, BipartitesOwnPiecesAreValuedFromTheirMoves) {
  // 004 stage two: the captain (knight + a step) is worth more than the
  // soldier (a king that moves without capturing straight), the range-3
  // power pieces less than a full rook or bishop.
  auto rules = testing::shipped("bipartite-stage2");
  Evaluator e(*rules);
  int captain = e.piece_value(rules->kind_by_letter('C'));
  int soldier = e.piece_value(rules->kind_by_letter('S'));
  int rook3 = e.piece_value(rules->kind_by_letter('R'));
  EXPECT_GT(captain, soldier);
  EXPECT_GT(rook3, 200);
  EXPECT_LT(rook3, 500);
}

TEST(Evaluation, TheRaceOfStageOneRewardsEveryStepForward) {
  // 004 stage one: a messenger one row nearer the far home rows is worth more.
  core::Game g = start_of("bipartite");
  Evaluator e(g.rules());
  GameAdapter before(g);
  core::Seat mover = g.to_move();
  int v0 = e.evaluate(before)[static_cast<std::size_t>(index_of(mover))];
  core::MoveList moves = g.legal_moves();
  ASSERT_FALSE(moves.empty());
  g.play(moves[0]);
  GameAdapter after(g);
  EXPECT_GT(e.evaluate(after)[static_cast<std::size_t>(index_of(mover))], v0);
}

TEST(Evaluation, PointsOfTheLedgerCount) {
  // chess.com FFA: the same board, but Red has 20 points more (a FEN4 ledger).
  auto rules = testing::shipped("chesscom-ffa");
  std::string fen = rules->start_fen;
  core::SeatPoints zero{}, twenty{};
  auto p0 = core::parse_fen4(*rules, fen, &zero);
  ASSERT_TRUE(p0.ok());
  twenty = zero;
  twenty[0] += 20;
  core::Game a(rules, *p0, zero), b(rules, *p0, twenty);
  Evaluator e(*rules);
  EXPECT_EQ(e.evaluate(GameAdapter(b))[0] - e.evaluate(GameAdapter(a))[0], 2000);
}

TEST(Evaluation, AFinishedGameIsAWinForTheWinnersTeam) {
  // Chess: the scholar's mate is over; White has won.
  auto rules = testing::shipped("chess");
  auto pos = core::parse_fen(*rules, "r1bqkbnr/1ppp1Qpp/p1n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
  ASSERT_TRUE(pos.ok());
  core::Game g(rules, *pos);
  ASSERT_TRUE(g.outcome().over);
  Evaluator e(*rules);
  SeatValues v = e.evaluate(GameAdapter(g));
  EXPECT_EQ(v[0], kWin);
  EXPECT_LT(v[1], -kWin / 2);
}

core::Game start_of_rules(const std::shared_ptr<const core::RuleSet>& rules) {
  auto pos = rules->four_player_notation ? core::parse_fen4(*rules, rules->start_fen) : core::parse_fen(*rules, rules->start_fen);
  EXPECT_TRUE(pos.ok()) << rules->id;
  return core::Game(rules, *pos);
}

// The value of `seat_index`'s seat after the moves (coordinate text) from
// the game's position; `opening` forces the opening terms (Evaluator's
// second argument).
int value_after_moves(core::Game g, const std::vector<std::string>& line, int seat_index,
                      std::optional<bool> opening = std::nullopt) {
  const std::string id = g.rules().id;
  for (const std::string& text : line) {
    bool found = false;
    for (const core::Move& m : g.legal_moves()) {
      if (core::coordinate(g.position(), m) != text) continue;
      g.play(m);
      found = true;
      break;
    }
    EXPECT_TRUE(found) << id << ": " << text << " is not legal";
  }
  GameAdapter a(g);
  Evaluator e(g.rules(), opening);
  return e.evaluate(a)[static_cast<std::size_t>(seat_index)];
}

int value_after(const std::string& id, const std::vector<std::string>& line, int seat_index) {
  return value_after_moves(start_of(id), line, seat_index);
}

TEST(Evaluation, CentrePawnsAndDevelopedMinorsAreWorthMoreInEveryFrame) {
  // Chess: e2-e4 and d2-d4 over the rim pawns' a2-a4 and h2-h4; a knight off
  // its first rank, even to the rim (g1-h3), over the knight at home.
  EXPECT_GT(value_after("chess", {"e2e4"}, 0), value_after("chess", {"a2a4"}, 0));
  EXPECT_GT(value_after("chess", {"d2d4"}, 0), value_after("chess", {"h2h4"}, 0));
  EXPECT_GT(value_after("chess", {"e2e3"}, 0), value_after("chess", {"a2a3"}, 0));
  EXPECT_GT(value_after("chess", {"g1h3"}, 0), value_after("chess", {}, 0));
  // Black's frame is White's turned round: e7-e5 over a7-a5.
  EXPECT_GT(value_after("chess", {"e2e4", "e7e5"}, 1), value_after("chess", {"e2e4", "a7a5"}, 1));
  // Chess Four (12 files, White's army on c-j): g2-g4 over the rim's c2-c4.
  EXPECT_GT(value_after("chess-four", {"g2g4"}, 0), value_after("chess-four", {"c2c4"}, 0));
  // chess.com FFA (14 files): Red's h2-h4 over d2-d4; Blue, who moves along
  // the ranks from the a-file, b7-d7 (a centre rank) over b4-d4 (his rim).
  EXPECT_GT(value_after("chesscom-ffa", {"h2h4"}, 0), value_after("chesscom-ffa", {"d2d4"}, 0));
  EXPECT_GT(value_after("chesscom-ffa", {"h2h4", "b7d7"}, 1), value_after("chesscom-ffa", {"h2h4", "b4d4"}, 1));
}

TEST(Evaluation, TheOpeningTermsDoNotCountInTheCornerGames) {
  // 000: the opening is the king's walk to his corner square; a pawn step is
  // worth its progress whatever its file (6fc298a: with the terms, level 8
  // lost to greedy in corners-mini).
  EXPECT_EQ(value_after("corners-mini", {"d2d3"}, 0), value_after("corners-mini", {"f2f3"}, 0));
}

// A variant's data written here, in the shipped directory (so `inherits`
// finds its parent).
variants::LoadResult variant_text(const std::string& id, const std::string& body) {
  return variants::load_text("id: \"" + id + "\"\n" + body, variants::variants_dir() + "/" + id + ".txtpb");
}

TEST(Evaluation, TheOpeningTermsAreTheVariantsHouseSwitch) {
  // The switch is data (proto/variant.proto BotEvaluation), not a sheet named
  // in the engine: chess with `evaluation { opening_terms: false }` values
  // a2-a4 as e2-e4 (both two rows of progress), and corners-mini with it on
  // values d2-d3 (a centre file) apart from f2-f3 (its neighbour).
  auto plain = variant_text("chess-plain", "inherits: \"chess\"\nevaluation { opening_terms: false }\n");
  ASSERT_TRUE(plain.ok()) << plain.error_text();
  EXPECT_FALSE(plain.rules->evaluation.opening_terms);
  EXPECT_TRUE(testing::shipped("chess")->evaluation.opening_terms) << "absent: on";
  EXPECT_EQ(value_after_moves(start_of_rules(plain.rules), {"e2e4"}, 0), value_after_moves(start_of_rules(plain.rules), {"a2a4"}, 0));
  EXPECT_GT(value_after("chess", {"e2e4"}, 0), value_after("chess", {"a2a4"}, 0));
  auto mini = variant_text("corners-mini-centre", "inherits: \"corners-mini\"\nevaluation { opening_terms: true }\n");
  ASSERT_TRUE(mini.ok()) << mini.error_text();
  EXPECT_NE(value_after_moves(start_of_rules(mini.rules), {"d2d3"}, 0), value_after_moves(start_of_rules(mini.rules), {"f2f3"}, 0));
  // Every shipped corner game has them off in its data; the rest on.
  for (const std::string& id : variants::list_ids()) {
    const bool corners = id.rfind("corners-", 0) == 0;
    EXPECT_EQ(testing::shipped(id)->evaluation.opening_terms, !corners) << id;
  }
}

TEST(Evaluation, AMatchCanForceTheOpeningTermsEitherWay) {
  // Evaluator's override (SearchOptions::opening_terms, `level:8,opening=on`):
  // on in a corner game, off in chess, whatever the data says.
  core::Game mini = start_of("corners-mini");
  EXPECT_NE(value_after_moves(mini, {"d2d3"}, 0, true), value_after_moves(mini, {"f2f3"}, 0, true));
  core::Game chess = start_of("chess");
  EXPECT_EQ(value_after_moves(chess, {"e2e4"}, 0, false), value_after_moves(chess, {"a2a4"}, 0, false));
}

TEST(Evaluation, ABadEvaluationSwitchIsRefusedWithItsPlace) {
  for (const char* body : {"inherits: \"chess\"\nevaluation { opening_terms: maybe }\n",
                           "inherits: \"chess\"\nevaluation { opening: false }\n"}) {
    auto r = variant_text("chess-bad", body);
    EXPECT_FALSE(r.ok()) << body;
    EXPECT_NE(r.error_text().find("chess-bad.txtpb:3:"), std::string::npos) << r.error_text();
  }
}

}  // namespace
}  // namespace tabula::engine
