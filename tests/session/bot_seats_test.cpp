// Issue 33: bot seats: the SEAT=LEVEL text, the session's announcement of a
// bot's move, the put-back of a wrong one, the clock, and cancellation.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "engine/search.h"
#include "session/bot_advice.h"
#include "session/bot_player.h"
#include "session/bot_seats.h"
#include "table.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

using session::BotSeats;
using session::Intent;
using session::IntentKind;
using session::Millis;
using session::RequestKind;
using session::RulingKind;

std::shared_ptr<const core::RuleSet> rules_of(const std::string& id) {
  auto r = variants::load_id(id, "");
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.rules;
}

TEST(BotSeats, ParsesNamesNumbersAndGreedy) {
  auto rules = rules_of("chesscom-ffa");  // Red, Blue, Yellow, Green
  auto b = session::parse_bot_seats("blue=3, 4=greedy", *rules);
  ASSERT_TRUE(b.ok()) << b.error().message;
  ASSERT_EQ(b->seats.size(), 2u);
  EXPECT_EQ(b->seats[0], (session::BotSeat{core::seat_at(1), 3}));
  EXPECT_EQ(b->seats[1], (session::BotSeat{core::seat_at(3), session::kGreedyLevel}));
  EXPECT_EQ(session::to_text(*b, *rules), "Blue=3,Green=greedy");
  EXPECT_TRUE(session::parse_bot_seats("", *rules)->empty());
  EXPECT_TRUE(session::parse_bot_seats("none", *rules)->empty());
  EXPECT_EQ(session::engine_name(5), "Tabula level 5");
}

TEST(BotSeats, PlayersNamedBotAreBots) {
  auto rules = rules_of("chesscom-ffa");
  const BotSeats b = session::bots_from_names({"Ann", "Bot 5", "bot", "BOT greedy"}, *rules);
  EXPECT_EQ(session::to_text(b, *rules), "Blue=5,Yellow=3,Green=greedy");
  EXPECT_TRUE(session::bots_from_names({"Bothwell", "bot 9", "robot"}, *rules).empty());
}

TEST(BotSeats, BadTextNamesTheItemAndTheFault) {
  auto rules = rules_of("chesscom-ffa");
  auto msg = [&](const std::string& t) {
    auto b = session::parse_bot_seats(t, *rules);
    EXPECT_FALSE(b.ok()) << t;
    return b.ok() ? std::string() : b.error().message;
  };
  EXPECT_EQ(msg("Purple=3"),
            "bots: 'Purple=3' (column 1): no seat 'Purple' in Four-player FFA (chess.com); its seats are "
            "Red (1), Blue (2), Yellow (3), Green (4)");
  EXPECT_EQ(msg("Blue=3,Red=9"), "bots: 'Red=9' (column 8): level '9' is not one of 1-8 or greedy");
  EXPECT_EQ(msg("Blue=0"), "bots: 'Blue=0' (column 1): level '0' is not one of 1-8 or greedy");
  EXPECT_EQ(msg("Blue=-1"), "bots: 'Blue=-1' (column 1): level '-1' is not one of 1-8 or greedy");
  EXPECT_EQ(msg("Blue"), "bots: 'Blue' (column 1): no '='; write SEAT=LEVEL, e.g. Green=3");
  EXPECT_EQ(msg("Blue=2,blue=3"), "bots: 'blue=3' (column 8): Blue is named twice");
  EXPECT_EQ(msg("Blue=2,,Red=1"), "bots: '' (column 8): an empty item; write SEAT=LEVEL, e.g. Green=3");
  EXPECT_EQ(msg("5=1"),
            "bots: '5=1' (column 1): no seat '5' in Four-player FFA (chess.com); its seats are "
            "Red (1), Blue (2), Yellow (3), Green (4)");
  EXPECT_FALSE(session::parse_bot_seats("Blue=3=4", *rules).ok());
  EXPECT_FALSE(session::parse_bot_seats(std::string("Blue=\0", 6), *rules).ok());
}

// Session 30: Stockfish's seats in orthodox chess: its full strength, an
// Elo, a skill level; their names; a bad strength and another variant refused.
TEST(BotSeats, StockfishSeatsInChessAtAnEloOrASkill) {
  auto rules = rules_of("chess");
  auto b = session::parse_bot_seats("white=Stockfish:1500, Black=stockfish:skill0", *rules);
  ASSERT_TRUE(b.ok()) << b.error().message;
  ASSERT_EQ(b->seats.size(), 2u);
  EXPECT_EQ(b->seats[0].engine, session::BotEngine::kStockfish);
  EXPECT_EQ(b->seats[0].elo, 1500);
  EXPECT_EQ(b->seats[0].level, 6);  // its fallback: Tabula's level 6 below Elo 1800
  EXPECT_EQ(b->seats[1].skill, 0);
  EXPECT_EQ(b->seats[1].level, 3);
  EXPECT_TRUE(b->any_stockfish());
  EXPECT_EQ(session::to_text(*b, *rules), "White=stockfish:1500,Black=stockfish:skill0");
  EXPECT_EQ(session::engine_name(b->seats[0]), "Stockfish 1500");
  EXPECT_EQ(session::engine_name(b->seats[1]), "Stockfish skill 0");
  EXPECT_EQ(session::level_name(b->seats[1]), "Stockfish, skill 0");
  auto full = session::parse_bot_seats("Black=stockfish", *rules);
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(session::to_text(*full, *rules), "Black=stockfish");
  EXPECT_EQ(full->seats[0].level, 8);
  EXPECT_EQ(session::level_name(full->seats[0]), "Stockfish");
  EXPECT_TRUE(session::stockfish_plays(*rules));
  for (const char* id : {"chesscom-ffa", "bipartite", "chess-four", "corners-mini"})
    EXPECT_FALSE(session::stockfish_plays(*rules_of(id))) << id;
}

TEST(BotSeats, BadStockfishTextNamesTheItemAndTheFault) {
  auto chess = rules_of("chess");
  auto msg = [&](const std::string& t, const core::RuleSet& r) {
    auto b = session::parse_bot_seats(t, r);
    EXPECT_FALSE(b.ok()) << t;
    return b.ok() ? std::string() : b.error().message;
  };
  const std::string strength = "' is not Stockfish's strength; write stockfish, stockfish:ELO (1320-3190) or "
                               "stockfish:skillN (0-20)";
  // (s31-fallback: a table, not the same three lines a case)
  for (const auto& [text, words] : std::vector<std::pair<std::string, std::string>>{
           {"Black=stockfish:1000", "Stockfish's Elo 1000 is not one of 1320-3190 (UCI_Elo)"},
           {"Black=stockfish:skill21", "Stockfish's skill 21 is not one of 0-20 (Skill Level)"},
           {"Black=stockfish:strong", "'stockfish:strong" + strength},
           {"Black=stockfish:", "'stockfish:" + strength},
           {"Black=stockfish:99999", "'stockfish:99999" + strength},
           {"Black=9", "level '9' is not one of 1-8 or greedy, nor stockfish, stockfish:ELO or stockfish:skillN"}}) {
    EXPECT_EQ(msg(text, *chess), "bots: '" + text + "' (column 1): " + words);
  }
  EXPECT_EQ(msg("Blue=stockfish:1500", *rules_of("chesscom-ffa")),
            "bots: 'Blue=stockfish:1500' (column 1): Stockfish plays orthodox chess only, not Four-player FFA "
            "(chess.com); give Blue a level 1-8 or greedy");
}

TEST(BotSeats, ABotNamedInChessIsStockfishWhenItIsInstalled) {
  auto chess = rules_of("chess");
  EXPECT_EQ(session::to_text(session::bots_from_names({"Ann", "bot"}, *chess, true), *chess), "Black=stockfish:1500");
  EXPECT_EQ(session::to_text(session::bots_from_names({"Ann", "bot"}, *chess, false), *chess), "Black=3");
  EXPECT_EQ(session::to_text(session::bots_from_names({"bot 2", "bot stockfish skill 4"}, *chess, true), *chess),
            "White=2,Black=stockfish:skill4");
  EXPECT_EQ(session::to_text(session::bots_from_names({"Bot Stockfish 2000", "bot stockfish"}, *chess), *chess),
            "White=stockfish:2000,Black=stockfish");
  EXPECT_TRUE(session::bots_from_names({"bot stockfish 100"}, *chess).empty());  // no such strength: a person
  auto ffa = rules_of("chesscom-ffa");
  EXPECT_EQ(session::to_text(session::bots_from_names({"bot", "bot stockfish"}, *ffa, true), *ffa), "Red=3");
}

Intent bot_move(Table& t, const std::string& from, const std::string& to, core::Seat seat) {
  Intent i;
  i.kind = IntentKind::kBotMove;
  i.seat = seat;
  i.move.from = t.sq(from);
  i.move.to = t.sq(to);
  i.text = "Tabula level 3";
  return i;
}

bool announced(const Table& t) {
  for (const session::Request& r : t.session().requests()) {
    if (r.kind == RequestKind::kBotMove) return true;
  }
  return false;
}

TEST(BotMove, AnnouncedThenOnlyThatMoveIsAccepted) {
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(800);
  ASSERT_EQ(t.moves(), (std::vector<std::string>{"e2-e4"}));
  BotSeats bots;
  bots.set(core::seat_at(1), 1);
  auto task = session::bot_task(t.session(), bots);
  ASSERT_TRUE(task.has_value());
  EXPECT_EQ(task->seat, core::seat_at(1));
  t.intent(bot_move(t, "b8", "c6", core::seat_at(1)));
  EXPECT_EQ(t.last_text(RulingKind::kBotMove), "Black's bot plays Nb8-c6: move it for Black");
  EXPECT_TRUE(announced(t));
  EXPECT_FALSE(session::bot_task(t.session(), bots).has_value()) << "announced once";
  // The table plays something else: refused, naming the bot's move again.
  t.move("d7", "d5").wait(1200);
  EXPECT_EQ(t.moves().size(), 1u) << t.transcript();
  const std::string ruled = t.last_text(RulingKind::kIllegalMove);
  EXPECT_NE(ruled.find("Black's bot plays Nb8-c6, not d7-d5: move it for Black"), std::string::npos) << ruled;
  EXPECT_NE(ruled.find("Put it back"), std::string::npos) << ruled;
  t.move("d5", "d7").wait(1200);
  t.move("b8", "c6").wait(1200);
  EXPECT_EQ(t.moves(), (std::vector<std::string>{"e2-e4", "Nb8-c6"})) << t.transcript();
  EXPECT_FALSE(announced(t));
}

TEST(BotMove, AMoveTheRulesRefuseNamesTheRuleAndTheBotsMove) {
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(800);
  t.intent(bot_move(t, "e7", "e5", core::seat_at(1)));
  t.move("f8", "a3").wait(1200);  // the bishop is blocked by its own pawn
  const std::string ruled = t.last_text(RulingKind::kIllegalMove);
  EXPECT_NE(ruled.find("Black's bot plays e7-e5: move it for Black"), std::string::npos) << t.transcript();
}

TEST(BotMove, RefusedWhenNotItsTurnIllegalOrTwice) {
  Table t("chess");
  t.setup();
  t.intent(bot_move(t, "e7", "e5", core::seat_at(1)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator),
            "a bot's move for Black was refused: it is White's turn");
  t.intent(bot_move(t, "e2", "e5", core::seat_at(0)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "White's bot move e2-e5 is not legal here; it was refused");
  t.intent(bot_move(t, "e2", "e4", core::seat_at(0)));
  t.intent(bot_move(t, "d2", "d4", core::seat_at(0)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "White's bot has already announced its move");
  EXPECT_EQ(t.rulings(RulingKind::kBotMove).size(), 1u);
}

TEST(BotMove, TakebackResignationAndNewPositionCancelTheAnnouncement) {
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(800);
  t.intent(bot_move(t, "e7", "e5", core::seat_at(1)));
  ASSERT_TRUE(announced(t));
  Intent back;
  back.kind = IntentKind::kTakeback;
  back.count = 1;
  t.intent(back);
  EXPECT_FALSE(announced(t));
  Table r("chess");
  r.setup();
  r.intent(bot_move(r, "e2", "e4", core::seat_at(0)));
  Intent resign;
  resign.kind = IntentKind::kResign;
  resign.seat = core::seat_at(0);
  r.intent(resign);
  EXPECT_FALSE(announced(r));
  EXPECT_TRUE(r.session().game().outcome().over);
}

TEST(BotMove, BotClockStopsAtTheAnnouncementNextStartsWhenTheMoveStands) {
  session::SessionSettings s;
  s.time_control = session::TimeControl{Millis{300000}, Millis{0}, session::TimingMode::kIncrement};
  Table t("chess", "", s);
  t.setup();
  const long black_from = t.now() + 350;  // e4 is set down then (Table::move): Black's clock starts
  t.move("e2", "e4").wait(800);
  t.wait(3000);
  t.intent(bot_move(t, "e7", "e5", core::seat_at(1)), 0);
  const long announced_at = t.now();
  t.wait(7000);  // nobody's clock runs while the table makes the bot's move
  const auto& c = *t.session().clock();
  EXPECT_EQ(c.remaining(1, Millis{t.now()}).count(), 300000 - (announced_at - black_from));
  const long white_left = c.remaining(0, Millis{t.now()}).count();
  const long stood = t.now() + 250;  // e5 is set down then
  t.move("e7", "e5", 0).wait(1000);
  ASSERT_EQ(t.moves().size(), 2u) << t.transcript();
  const auto& c2 = *t.session().clock();
  EXPECT_EQ(c2.remaining(1, Millis{t.now()}).count(), 300000 - (announced_at - black_from));
  EXPECT_EQ(c2.remaining(0, Millis{t.now()}).count(), white_left - (t.now() - stood));
}

TEST(BotMove, SearchIsDeterministicUnderTheSeedAndAnnouncedAgainOnReplay) {
  session::SessionSettings s;
  s.random_seed = 77;
  BotSeats bots;
  bots.set(core::seat_at(1), 4);
  std::vector<std::string> said;
  for (int run = 0; run < 2; ++run) {
    Table t("chess", "", s);
    t.setup();
    t.move("e2", "e4").wait(800);
    auto task = session::bot_task(t.session(), bots);
    ASSERT_TRUE(task);
    engine::Engine e(1);
    auto choice = session::search_bot_move(e, *task, {});
    ASSERT_TRUE(choice);
    t.intent(session::bot_intent(*task, choice->move, Millis{t.now()}));
    said.push_back(t.last_text(RulingKind::kBotMove));
  }
  EXPECT_EQ(said[0], said[1]);
  EXPECT_NE(said[0].find("Black's bot plays "), std::string::npos);
}

// After a power cut the kiosk's engine starts empty, while the search cut
// by it ran in an engine whose table held the game's earlier searches: the
// move made again must be the same (docs/BOTS.md). Session 20: until each
// bot move began with an empty table, the warm engine played h7-h5 at the
// sixth ply below where a fresh one played Bc8-g4.
TEST(BotMove, AWarmEngineAndAFreshOneChooseTheSameMove) {
  auto rules = rules_of("chess");
  auto pos = core::parse_fen(*rules, "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 2 6");
  ASSERT_TRUE(pos.ok());
  core::Game g(rules, *pos);
  engine::Engine warm(16);
  for (int ply = 0; ply < 8; ++ply) {
    session::BotTask task = session::task_for(g, session::BotSeat{g.to_move(), 5}, 3);
    engine::Engine fresh(16);
    auto a = session::search_bot_move(warm, task, {});
    auto b = session::search_bot_move(fresh, task, {});
    ASSERT_TRUE(a && b) << "ply " << ply;
    EXPECT_EQ(core::coordinate(g.position(), a->move), core::coordinate(g.position(), b->move)) << "ply " << ply;
    EXPECT_EQ(a->value, b->value) << "ply " << ply;
    EXPECT_EQ(a->nodes, b->nodes) << "ply " << ply;
    g.play(a->move);
  }
}

TEST(BotMove, AStopFlagCancelsTheSearch) {
  Table t("chess");
  t.setup();
  BotSeats bots;
  bots.set(core::seat_at(0), 8);
  auto task = session::bot_task(t.session(), bots);
  ASSERT_TRUE(task);
  std::atomic<bool> stop{true};
  engine::Engine e(1);
  session::SearchClock clock;
  clock.stop = &stop;
  EXPECT_FALSE(session::search_bot_move(e, *task, clock).has_value());
}

TEST(Advice, HintIsALegalMoveAndSaidThroughTheSession) {
  Table t("chess");
  t.setup();
  engine::Engine e(1);
  auto h = session::hint_for(e, t.session().game(), {});
  ASSERT_TRUE(h);
  EXPECT_TRUE(t.session().game().is_legal(h->move));
  EXPECT_EQ(h->text.rfind("Hint for White: ", 0), 0u) << h->text;
  // What a teacher would name at the start (by hand; s16: it said a2-a4).
  const std::vector<std::string> teacher{"Hint for White: e2-e4", "Hint for White: d2-d4", "Hint for White: c2-c4",
                                         "Hint for White: e2-e3", "Hint for White: d2-d3", "Hint for White: Ng1-f3",
                                         "Hint for White: Nb1-c3"};
  EXPECT_NE(std::find(teacher.begin(), teacher.end(), h->text), teacher.end()) << h->text;
  t.intent(session::advice_intent(h->seat, h->move, h->text, Millis{t.now()}));
  EXPECT_EQ(t.last_text(RulingKind::kAdvice), h->text);
}

TEST(Advice, BlunderCheckNamesTheHangingPieceAndItsTaker) {
  // White's queen a2-c4 stands where Black's d5 pawn takes it; a2-a3 is safe.
  auto rules = rules_of("chess");
  auto pos = core::parse_fen(*rules, "4k3/8/8/3p4/8/8/Q7/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  core::Game g(rules, pos.value());
  core::Move qc4;
  for (const core::Move& m : g.legal_moves()) {
    if (rules->geometry.name(m.from) == "a2" && rules->geometry.name(m.to) == "a3") qc4 = m;
  }
  engine::Engine e(1);
  core::Move blunder;
  for (const core::Move& m : g.legal_moves()) {
    if (rules->geometry.name(m.from) == "a2" && rules->geometry.name(m.to) == "c4") blunder = m;
  }
  ASSERT_TRUE(g.is_legal(blunder));
  auto w = session::blunder_check(e, g, blunder, {});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->text.rfind("White: that hangs your queen to Black's pawn (d5xQc4)", 0), 0u) << w->text;
  EXPECT_GE(w->loss_cp, 800);
  EXPECT_FALSE(session::blunder_check(e, g, qc4, {}).has_value()) << "a safe queen move is no blunder";
}

}  // namespace
}  // namespace tabula::testing
