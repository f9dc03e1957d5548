// s31-takeback: the Session's takeback to a seat's last move (count 0 and
// the seat; session_takeback.cpp), the moves that stand after a takeback,
// and the refusals. Positions are written by hand from the moves.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "table.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

using session::Intent;
using session::IntentKind;
using session::Phase;
using session::RulingKind;
using Strings = std::vector<std::string>;

Intent back_to(core::Seat seat) {
  Intent i;
  i.kind = IntentKind::kTakeback;
  i.count = 0;
  i.seat = seat;
  return i;
}

Strings texts(const std::vector<session::AcceptedMove>& moves) {
  Strings out;
  for (const session::AcceptedMove& m : moves) out.push_back(m.text);
  return out;
}

TEST(TakebackToSeat, GoesBackToTheSeatsLastMovePastTheAnswersSince) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700).move("g1", "f3").wait(700);
  t.intent(back_to(core::seat_at(1)));  // Black: e7-e5 and Ng1-f3 since
  EXPECT_EQ(t.last_text(RulingKind::kOperator),
            "Black's last move, e7-e5, is taken back with the 1 move since; Black to move");
  EXPECT_EQ(t.session().phase(), Phase::kRestore);
  ASSERT_FALSE(t.session().requests().empty());
  EXPECT_NE(t.session().requests().front().prompt.find(
                "put the board back as it was before Black's e7-e5"),
            std::string::npos)
      << t.session().requests().front().prompt;
  // 1. e4, Black to move.
  EXPECT_EQ(core::to_fen(t.session().game().position()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  t.up("e5", 300).down("e7", 300).up("f3", 300).down("g1", 300).wait(700);
  EXPECT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
  t.move("c7", "c5").wait(700);
  // Every accepted move stays in the history (the journal's); the game's are those that stand.
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Ng1-f3", "c7-c5"}));
  EXPECT_EQ(texts(t.session().standing_moves()), (Strings{"e2-e4", "c7-c5"}));
  EXPECT_EQ(t.session().standing_count(), 2U);
  EXPECT_TRUE(t.session().stands(0));
  EXPECT_FALSE(t.session().stands(1));
  EXPECT_FALSE(t.session().stands(2));
  EXPECT_TRUE(t.session().stands(3));
}

// The kiosk marks the last move on the board: after a takeback, the last
// move that stands (before: the move taken back, from the history).
TEST(TakebackToSeat, TheSnapshotsLastMoveIsTheLastThatStands) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700).move("g1", "f3").wait(700);
  Intent back;
  back.kind = IntentKind::kTakeback;
  back.count = 2;
  t.intent(back);
  ASSERT_TRUE(t.session().snapshot().last_move.has_value());
  EXPECT_EQ(t.session().snapshot().last_move->text, "e2-e4");
  back.count = 1;
  t.intent(back);
  EXPECT_FALSE(t.session().snapshot().last_move.has_value()) << "no move stands";
  EXPECT_EQ(t.session().standing_count(), 0U);
  EXPECT_EQ(t.session().moves().size(), 3U);
}

TEST(TakebackToSeat, AfterTheGameEndedTheMateCanBeTakenBackNotTheMatedsNoMove) {
  // White's Ra1-a8 mates Black's king g8 behind his pawns.
  Table t("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  t.setup().move("a1", "a8").wait(700);
  ASSERT_EQ(t.session().phase(), Phase::kOver) << t.transcript();
  t.intent(back_to(core::seat_at(1)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator),
            "Black has no move to take back: none of the 1 move made in this game since its start "
            "is Black's (a "
            "takeback goes back to the asking seat's own last move)");
  EXPECT_EQ(t.session().phase(), Phase::kOver);
  t.intent(back_to(core::seat_at(0)));
  EXPECT_EQ(t.session().phase(), Phase::kRestore);
  EXPECT_FALSE(t.session().game().outcome().over);
  EXPECT_EQ(core::to_fen(t.session().game().position()), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
}

TEST(TakebackToSeat, ASeatTheGameDoesNotHaveOrTheSetupIsRefused) {
  Table t("chess");
  t.intent(back_to(core::seat_at(0)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "nothing to take back now (setup)");
  t.setup().move("e2", "e4").wait(700);
  t.intent(back_to(core::seat_at(3)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "there is no seat 3 in this game to take back to");
  EXPECT_EQ(t.session().game().moves().size(), 1U);
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
}

// A takeback long after the last move: the board's check (kRestore) was due
// at the last change of the board plus its report time, long past; drivers
// tick at next_deadline(), and `tabula play --trace` journaled that tick
// back in time, so the journal would not resume (Cli.TracePlayCountsThe...).
TEST(TakebackToSeat, TheNextDeadlineIsNeverBeforeNow) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700).wait(600000);
  t.intent(back_to(core::seat_at(1)));
  ASSERT_EQ(t.session().phase(), Phase::kRestore) << t.transcript();
  const std::optional<session::Millis> d = t.session().next_deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_GE(d->count(), t.session().now().count());
}

// A move withdrawn (FIDE 4.7: the knight set on e7 and moved on at once to
// f6, commit_at_once on, as HandHabits.AKnightBouncing...) stays in the
// history and does not stand; then a takeback to Black's last move undoes
// Ng8-f6, not the withdrawn Ng8-e7.
TEST(TakebackToSeat, AMoveWithdrawnDoesNotStand) {
  session::SessionSettings s;
  s.tracker.commit_at_once = true;
  Table t("chess", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4", s);
  t.setup();
  t.up("g8").down("e7", 560).up("e7", 180).down("f6", 120).wait(2500);
  ASSERT_EQ(t.moves(), (Strings{"Ng8-e7", "Ng8-f6"})) << t.transcript();
  EXPECT_EQ(texts(t.session().standing_moves()), (Strings{"Ng8-f6"}));
  EXPECT_EQ(t.session().snapshot().last_move->text, "Ng8-f6");
  t.intent(back_to(core::seat_at(1)));
  EXPECT_EQ(t.last_text(RulingKind::kOperator),
            "Black's last move, Ng8-f6, is taken back; Black to move");
  EXPECT_EQ(core::to_fen(t.session().game().position()),
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4");
  EXPECT_EQ(t.session().standing_count(), 0U);
}

// 004: the moves that stand go on across the stages (stage one's cannot be
// taken back in stage two); a takeback to a seat counts this stage's moves.
// Stage one as StageChange.TheWinnerChooses... in session_test.cpp: Black's
// messenger c3-c2 wins it, the orthogonal power piece, stage two set up.
TEST(TakebackToSeat, StageOnesMovesStandInStageTwo) {
  auto one = variants::load_id("bipartite");
  if (!one.ok()) GTEST_SKIP() << "no bipartite variant: " << one.error_text();
  auto two = variants::load_id(one.rules->next_stage.front().variant);
  ASSERT_TRUE(two.ok()) << two.error_text();
  auto start = core::parse_fen(*one.rules, "MM*MM/MMMMM/5/5/5/5/2m2/mm1mm/mm*mm b - - 0 1");
  ASSERT_TRUE(start.ok()) << start.error().message;
  session::Session s({one.rules, two.rules}, start.value());
  const core::Geometry& g1 = one.rules->geometry;
  session::Millis t{0};
  put_position(s, g1, *start, t, session::Millis{0});
  s.tick(t += session::Millis{600});
  s.on_event({t += session::Millis{300}, g1.parse("c3"), false});
  s.on_event({t += session::Millis{300}, g1.parse("c2"), true});
  s.tick(t += session::Millis{700});
  Intent choose;
  choose.time = t += session::Millis{2000};
  choose.kind = IntentKind::kChooseOption;
  choose.text = "orthogonal power piece";
  s.intent(choose);
  const core::Position layout = s.snapshot().position;
  lift_everything(s, t, session::Millis{50});
  put_position(s, two.rules->geometry, layout, t, session::Millis{50});
  s.tick(t += session::Millis{700});
  ASSERT_EQ(s.phase(), Phase::kPlay);
  ASSERT_EQ(s.match().stage(), 1);
  ASSERT_EQ(s.standing_count(), 1U) << "stage one's c3-c2";
  EXPECT_EQ(s.standing_moves().front().stage, 0);
  const core::Seat first = s.game().to_move();
  Intent back = back_to(first);
  back.time = t += session::Millis{100};
  s.intent(back);
  const std::string who = s.game().seat_name(first);
  EXPECT_EQ(s.history().back().text,
            who + " has no move to take back: none has been made in this stage since its start");
  EXPECT_EQ(s.standing_count(), 1U);
  // A stage-two move (the first quiet one the rules list), then back to it.
  core::Move m{};
  for (const core::Move& c : s.game().legal_moves()) {
    if (c.kind == core::MoveKind::kNormal && s.game().position().at(c.to).empty()) {
      m = c;
      break;
    }
  }
  ASSERT_NE(m.from, core::kNoSquare);
  s.on_event({t += session::Millis{300}, m.from, false});
  s.on_event({t += session::Millis{300}, m.to, true});
  s.tick(t += session::Millis{2000});
  ASSERT_EQ(s.standing_count(), 2U);
  back.time = t += session::Millis{100};
  s.intent(back);
  EXPECT_EQ(s.phase(), Phase::kRestore);
  EXPECT_EQ(s.game().moves().size(), 0U);
  ASSERT_EQ(s.standing_count(), 1U) << "stage one's move still stands";
  EXPECT_EQ(s.standing_moves().front().stage, 0);
  EXPECT_EQ(s.moves().size(), 2U);
}

}  // namespace
}  // namespace tabula::testing
