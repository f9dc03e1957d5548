// The Session: setup verification, requests (promotion defaults, random
// movers, removals), operator intents (takeback, resign, confirm, sensor
// faults), the 004 stage change, and determinism (the same inputs give the
// same outputs, however often ticks come).
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "table.h"
#include "variants/variant_loader.h"

#include "test_source_dir.h"

namespace tabula::testing {
namespace {

using session::Intent;
using session::IntentKind;
using session::Phase;
using session::RulingKind;
using Strings = std::vector<std::string>;

Intent intent(IntentKind k) {
  Intent i;
  i.kind = k;
  return i;
}

// Plays, by hand, the first legal quiet move the rules core lists for the
// seat to move (for tests that need "any move" in four-player games).
core::Move play_any(Table& t) {
  const core::Position& pos = t.session().game().position();
  for (const core::Move& m : t.session().game().legal_moves()) {
    if ((m.kind == core::MoveKind::kNormal || m.kind == core::MoveKind::kDoubleStep) &&
        pos.at(m.to).empty()) {
      const core::Geometry& g = t.rules().geometry;
      // A step that a double step passes over waits slide_rest (1500 ms).
      t.up(g.name(m.from), 200).down(g.name(m.to), 300).wait(1600);
      return m;
    }
  }
  ADD_FAILURE() << "no quiet move";
  return {};
}

// ---- setup -------------------------------------------------------------------------------

TEST(Setup, TheBoardIsVerifiedBeforeTheGame) {
  Table t("chess");
  EXPECT_EQ(t.session().phase(), Phase::kSetup);
  ASSERT_EQ(t.session().requests().size(), 1U);
  EXPECT_EQ(t.session().requests().front().kind, session::RequestKind::kSetBoard);
  EXPECT_EQ(t.session().snapshot().fixes.size(), 32U);
  EXPECT_EQ(t.session().snapshot().fixes.front().text, "put White's rook back on a1");
  t.setup();
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  EXPECT_EQ(t.last_text(RulingKind::kSetup), "setup verified: the board matches; White to move");
  EXPECT_TRUE(t.session().requests().empty());
}

TEST(Setup, AnIncompleteSetupListsWhatToDoAndIsNotVerified) {
  Table t("chess");
  for (const char* sq : {"b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2",
                         "e2", "f2", "g2", "h2", "a7", "b7", "c7", "d7", "e7", "f7", "g7",
                         "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "a3"}) {
    t.down(sq, 10);
  }
  t.wait(2000);
  EXPECT_EQ(t.session().phase(), Phase::kSetup);
  ASSERT_EQ(t.session().snapshot().fixes.size(), 1U);
  EXPECT_EQ(t.session().snapshot().fixes.front().text, "move White's rook from a3 to a1");
  t.intent(intent(IntentKind::kConfirmSetup));
  EXPECT_NE(t.last_text(RulingKind::kOperator)
                .find("the board does not match yet: move White's rook from a3 to a1"),
            std::string::npos)
      << t.transcript();
  EXPECT_EQ(t.session().phase(), Phase::kSetup);
  t.up("a3", 200).down("a1", 300).wait(700);
  EXPECT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
}

TEST(Setup, TheArbiterCanForceItAndTheDisagreeingSensorsAreIgnored) {
  Table t("chess");
  for (int i = 0; i < core::kMaxSquares; ++i) {
    core::Square q = static_cast<core::Square>(i);
    if (t.rules().geometry.playable(q) && !t.session().snapshot().position.at(q).empty() &&
        t.rules().geometry.name(q) != "h8") {
      t.session().on_event({session::Millis{0}, q, true});
    }
  }
  t.wait(1000);
  Intent force = intent(IntentKind::kConfirmSetup);
  force.force = true;
  t.intent(force);
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  EXPECT_NE(t.transcript().find("the sensors disagree on h8; those sensors are ignored"),
            std::string::npos)
      << t.transcript();
  EXPECT_TRUE(t.session().snapshot().masked.test(core::index_of(t.sq("h8"))));
  t.move("e2", "e4").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

// ---- operator intents ----------------------------------------------------------------------

TEST(Takeback, TheBoardIsPutBackThenPlayGoesOn) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700).move("g1", "f3").wait(700);
  Intent back = intent(IntentKind::kTakeback);
  back.count = 2;
  t.intent(back);
  EXPECT_EQ(t.session().phase(), Phase::kRestore);
  EXPECT_EQ(t.session().game().moves().size(), 1U);
  auto fixes = t.session().snapshot().fixes;
  ASSERT_EQ(fixes.size(), 2U);
  EXPECT_EQ(fixes[0].text, "move Black's pawn from e5 to e7");
  EXPECT_EQ(fixes[1].text, "move White's knight from f3 to g1");
  t.up("e5", 300).down("e7", 300).up("f3", 300).down("g1", 300).wait(700);
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  EXPECT_EQ(t.last_text(RulingKind::kSetup), "board restored: the board matches; Black to move");
  t.move("d7", "d5").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Ng1-f3", "d7-d5"}));
  EXPECT_EQ(t.session().game().moves().size(), 2U);
}

TEST(Takeback, OfMoreMovesThanWereMadeIsRefused) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700);
  Intent back = intent(IntentKind::kTakeback);
  back.count = 3;
  t.intent(back);
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "cannot take back 3 moves: 1 made in this stage");
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
}

TEST(Operator, AResignationWhileAMoveSettlesTakesTheMoveFirst) {
  Table t("chess");
  t.setup();
  t.up("e2").down("e4", 300);
  Intent resign = intent(IntentKind::kResign);
  resign.seat = core::seat_at(1);
  t.intent(resign, 100);  // 100 ms later Black resigns
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"})) << t.transcript();
  EXPECT_EQ(t.session().phase(), Phase::kOver);
  EXPECT_TRUE(t.session().game().outcome().over);
}

// Before: seat 3 of a two-seat game resigned, and the game was
// over "by resignation" (an intent edited into a journal, or made up).
TEST(Operator, AResignationOrFlagOfASeatTheGameDoesNotHaveIsRefused) {
  for (IntentKind k : {IntentKind::kResign, IntentKind::kTimeout}) {
    for (int seat : {2, 3, 255}) {
      Table t("chess");
      t.setup();
      Intent i = intent(k);
      i.seat = static_cast<core::Seat>(seat);
      t.intent(i);
      EXPECT_EQ(t.session().phase(), Phase::kPlay) << seat;
      EXPECT_FALSE(t.session().game().outcome().over) << seat;
      EXPECT_NE(t.last_text(RulingKind::kOperator).find("there is no seat " + std::to_string(seat) + " in this game"),
                std::string::npos)
          << t.transcript();
    }
  }
}

TEST(Operator, ASensorMarkedFaultyIsNoLongerCompared) {
  Table t("chess");
  t.setup();
  Intent fault = intent(IntentKind::kSensorFault);
  fault.square = t.sq("f3");
  t.intent(fault);
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("the sensor of f3 is marked faulty"),
            std::string::npos);
  t.up("g1").wait(700);  // the knight lands on f3, whose reed says nothing
  EXPECT_EQ(t.moves(), (Strings{"Ng1-f3"})) << t.transcript();
  Intent fixed = intent(IntentKind::kSensorRepaired);
  fixed.square = t.sq("f3");
  t.intent(fixed);
  EXPECT_FALSE(t.session().snapshot().masked.any());
}

// ---- 002: random movers ---------------------------------------------------------------------

TEST(RandomMover, TheTableIsAskedToPlayTheDrawnMoveAndOnlyThatOne) {
  Table t("four-kingdoms");
  t.setup();
  Intent resign = intent(IntentKind::kResign);
  resign.seat = t.session().game().to_move();  // Red resigns: 002 rule 7, a random mover
  core::Seat red = resign.seat;
  t.intent(resign);
  // Red's pieces go on moving: still Red's turn, now played for him.
  ASSERT_EQ(t.session().game().to_move(), red) << t.transcript();
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  const session::Request q = t.session().requests().front();
  EXPECT_EQ(q.kind, session::RequestKind::kRandomMove);
  EXPECT_NE(q.prompt.find("Red is a random mover (002 rule 7): play "), std::string::npos);
  // Another legal move of Red is refused and named.
  core::Move other;
  for (const core::Move& m : t.session().game().legal_moves()) {
    if (!(m == q.move) && m.kind == core::MoveKind::kNormal &&
        t.session().game().position().at(m.to).empty() && m.from != q.move.from) {
      other = m;
      break;
    }
  }
  const core::Geometry& g = t.rules().geometry;
  t.up(g.name(other.from), 200).down(g.name(other.to), 300).wait(700);
  std::string refused = t.last_text(RulingKind::kIllegalMove);
  EXPECT_NE(refused.find("Red is a random mover and must play"), std::string::npos)
      << t.transcript();
  EXPECT_TRUE(t.moves().empty());
  t.up(g.name(other.to), 300).down(g.name(other.from), 300).wait(700);
  t.up(g.name(q.move.from), 300).down(g.name(q.move.to), 300).wait(700);
  ASSERT_EQ(t.moves().size(), 1U) << t.transcript();
  EXPECT_EQ(t.session().game().moves().back(), q.move);
  EXPECT_TRUE(t.session().requests().empty());
  for (int i = 0; i < 3; ++i) play_any(t);  // Blue, Yellow, Green
  ASSERT_EQ(t.session().game().to_move(), red);
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  EXPECT_EQ(t.session().requests().front().kind, session::RequestKind::kRandomMove);
}

// ---- 003 rule 3: pieces the rules remove ---------------------------------------------------

std::shared_ptr<const core::RuleSet> removing_variant() {
  // four-kingdoms, except that a resigning player's pieces are removed.
  auto r = variants::load_text(R"(
id: "test-removal"
inherits: "four-kingdoms"
elimination {
  on_mate: ELIMINATION_POLICY_DEAD_OBSTACLES
  on_stalemate: ELIMINATION_POLICY_DEAD_OBSTACLES
  on_resign: ELIMINATION_POLICY_REMOVED
  on_timeout: ELIMINATION_POLICY_REMOVED
}
)",
                               variants::variants_dir() + "/test-removal.txtpb");
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.rules;
}

TEST(Removal, IsAskedForPlayGoesOnMeanwhileAndItIsConfirmed) {
  auto rules = removing_variant();
  ASSERT_TRUE(rules);
  Table t(rules, core::parse_fen4(*rules, rules->start_fen).value());
  t.setup();
  Intent resign = intent(IntentKind::kResign);
  resign.seat = t.session().game().to_move();
  core::Seat red = resign.seat;
  t.intent(resign);
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  session::Request q = t.session().requests().front();
  EXPECT_EQ(q.kind, session::RequestKind::kRemovePieces);
  EXPECT_EQ(q.squares.size(), 16U);
  EXPECT_NE(t.last_text(RulingKind::kRemoval).find("take the pieces on"), std::string::npos);
  play_any(t);  // Blue moves while Red's pieces are still standing
  EXPECT_EQ(t.moves().size(), 1U) << t.transcript();
  for (core::Square s : q.squares) {
    EXPECT_TRUE(t.session().game().position().at(s).empty());
    t.up(t.rules().geometry.name(s), 120);
  }
  t.wait(700);
  EXPECT_TRUE(t.session().requests().empty()) << t.transcript();
  EXPECT_NE(t.last_text(RulingKind::kRemoval).find("removal confirmed"), std::string::npos)
      << t.transcript();
  play_any(t);
  EXPECT_EQ(t.moves().size(), 2U) << t.transcript();
  EXPECT_NE(t.session().game().to_move(), red);
  for (const auto& r : t.rulings()) EXPECT_NE(r.severity, core::Severity::kIllegal) << r.text;
}

TEST(Removal, ASheet003ResignationTakesThePiecesOffTheBoard) {
  auto rules = variants::load_id("allies-vassals");
  if (!rules.ok()) GTEST_SKIP() << rules.error_text();
  Table t(rules.rules, core::parse_fen4(*rules.rules, rules.rules->start_fen).value());
  t.setup();
  Intent resign = intent(IntentKind::kResign);
  resign.seat = core::seat_at(1);  // Black resigns: 003, his pieces come off
  t.intent(resign);
  const session::Request* q = nullptr;
  for (const auto& r : t.session().requests())
    q = r.kind == session::RequestKind::kRemovePieces ? &r : q;
  ASSERT_NE(q, nullptr) << t.transcript();
  std::vector<core::Square> squares = q->squares;
  EXPECT_EQ(squares.size(), 16U);
  for (core::Square s : squares) t.up(t.rules().geometry.name(s), 120);
  t.wait(700);
  EXPECT_NE(t.last_text(RulingKind::kRemoval).find("removal confirmed"), std::string::npos)
      << t.transcript();
  play_any(t);
  EXPECT_EQ(t.moves().size(), 1U) << t.transcript();
}

// ---- 003 rule 5: a stalemated player places a piece ------------------------------------------

TEST(Placement, AStalematedPlayerPlacesAPieceAndTheKioskSaysWhich) {
  auto loaded = variants::load_id("allies-vassals");
  if (!loaded.ok()) GTEST_SKIP() << loaded.error_text();
  auto rules = loaded.rules;
  const core::Geometry& g = rules->geometry;
  // White's lone king on d1 has no move (Red's queen on e3 holds d2, e1, e2)
  // and is not in check: 003 rule 5, he places a piece.
  core::Position pos(*rules);
  pos.clear();
  auto put = [&](const char* sq, char kind, int seat) {
    pos.put(g.parse(sq), core::Piece{rules->kind_by_letter(kind), core::seat_at(seat), false});
  };
  put("d1", 'K', 0);
  put("a7", 'K', 1);
  put("h14", 'K', 2);
  put("e3", 'Q', 2);
  put("n8", 'K', 3);
  pos.set_to_move(core::seat_at(0));
  pos.finish_setup();
  Table t(rules, pos);
  t.setup();
  ASSERT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
  t.down("h5", 200).wait(700);
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  const session::Request& q = t.session().requests().front();
  EXPECT_EQ(q.kind, session::RequestKind::kPlacement);
  EXPECT_NE(q.prompt.find("White places a piece on h5 (003 rule 5)"), std::string::npos)
      << q.prompt;
  Intent pick = intent(IntentKind::kChoosePiece);
  pick.piece = rules->kind_by_letter('R');
  t.intent(pick);
  EXPECT_EQ(t.moves(), (Strings{"R@h5"})) << t.transcript();
  EXPECT_EQ(t.session().game().position().at(g.parse("h5")).kind, rules->kind_by_letter('R'));
}

// ---- 004: the setup is verified at the change of stage ---------------------------------------

TEST(StageChange, TheWinnerChoosesAndStageTwoIsSetUpAndVerified) {
  auto one = variants::load_id("bipartite");
  if (!one.ok()) GTEST_SKIP() << "no bipartite variant: " << one.error_text();
  auto two = variants::load_id(one.rules->next_stage.front().variant);
  ASSERT_TRUE(two.ok()) << two.error_text();
  // Stage one, one move from the end: Black's last messenger steps into
  // White's home rows (004 stage one: the first to fill them wins).
  auto start = core::parse_fen(*one.rules, "MM*MM/MMMMM/5/5/5/5/2m2/mm1mm/mm*mm b - - 0 1");
  ASSERT_TRUE(start.ok()) << start.error().message;
  session::Session s({one.rules, two.rules}, start.value());
  const core::Geometry& g1 = one.rules->geometry;
  session::Millis t{0};
  put_position(s, g1, *start, t, session::Millis{0});
  s.tick(t += session::Millis{600});
  ASSERT_EQ(s.phase(), Phase::kPlay);
  s.on_event({t += session::Millis{300}, g1.parse("c3"), false});
  s.on_event({t += session::Millis{300}, g1.parse("c2"), true});
  s.tick(t += session::Millis{700});
  ASSERT_EQ(s.phase(), Phase::kChoosing);
  ASSERT_EQ(s.requests().size(), 1U);
  const session::Request& q = s.requests().front();
  EXPECT_EQ(q.kind, session::RequestKind::kPowerPiece);
  EXPECT_EQ(q.options.size(), 2U);
  Intent choose;
  choose.time = t += session::Millis{2000};
  choose.kind = IntentKind::kChooseOption;
  choose.text = "orthogonal power piece";
  s.intent(choose);
  ASSERT_EQ(s.phase(), Phase::kSetup);
  // The table sets stage two up: everything off, then the new position on.
  const core::Position layout = s.snapshot().position;
  EXPECT_FALSE(s.snapshot().fixes.empty());
  lift_everything(s, t, session::Millis{50});
  put_position(s, two.rules->geometry, layout, t, session::Millis{50});
  s.tick(t += session::Millis{700});
  EXPECT_EQ(s.phase(), Phase::kPlay);
  EXPECT_EQ(s.match().stage(), 1);
  bool verified = false;
  for (const auto& r : s.history())
    verified = verified || r.text.find("setup verified") != std::string::npos;
  EXPECT_TRUE(verified);
}

// ---- determinism ---------------------------------------------------------------------------

struct Said {
  std::vector<std::string> lines;
  std::vector<std::string> moves;
};

Said run(const std::vector<session::Input>& inputs, const LoadedRecord& rec) {
  session::Session s({rec.rules}, *rec.start);
  Said said;
  for (const session::Input& in : inputs) {
    session::Output o = s.handle(in);
    for (const auto& r : o.rulings) {
      said.lines.push_back(std::to_string(r.time.count()) + " " + session::to_string(r.kind) + " " +
                           r.text);
    }
  }
  for (const auto& m : s.moves())
    said.moves.push_back(std::to_string(m.time.count()) + " " + m.text);
  return said;
}

TEST(Determinism, TheSameInputsGiveTheSameOutputsHoweverOftenTicksCome) {
  LoadedRecord rec =
      load_record("chess", std::string(TABULA_SOURCE_DIR) + "/tests/session/data/famous.pgn", 6);
  ASSERT_TRUE(rec.error.empty()) << rec.error;
  PreparedRecord prep = prepare_record(rec);
  ASSERT_TRUE(prep.error.empty()) << prep.error;
  session::GeneratorSettings gs;
  gs.seed = 11;
  auto script = session::generate_script(rec.rules, *rec.start, prep.actions, gs);
  ASSERT_TRUE(script.ok());
  std::vector<session::Input> plain = script->inputs;
  // (in place: a GCC 12 -Wmaybe-uninitialized false positive on variant copies)
  plain.emplace_back(std::in_place_type<session::Tick>,
                     session::Tick{session::time_of(plain.back()) + session::Millis{60000}});
  // The same inputs with a tick every 37 ms between them.
  std::vector<session::Input> ticked;
  session::Millis next{0};
  for (const session::Input& in : plain) {
    while (next < session::time_of(in)) {
      ticked.emplace_back(std::in_place_type<session::Tick>, session::Tick{next});
      next += session::Millis{37};
    }
    ticked.push_back(in);
  }
  Said a = run(plain, rec);
  Said b = run(plain, rec);
  Said c = run(ticked, rec);
  EXPECT_EQ(a.lines, b.lines);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.lines, c.lines);
  EXPECT_EQ(a.moves, c.moves);
  EXPECT_EQ(a.moves.size(), prep.expected.size());
}

// ---- the snapshot --------------------------------------------------------------------------

TEST(Snapshot, FollowsTheHands) {
  Table t("chess");
  t.setup();
  t.up("g1");
  session::Snapshot s = t.session().snapshot();
  EXPECT_EQ(s.phase, Phase::kPlay);
  EXPECT_TRUE(s.lifted.test(core::index_of(t.sq("g1"))));
  EXPECT_EQ(s.tracker, inference::TrackerState::kMoving);
  t.down("f3", 300);
  s = t.session().snapshot();
  ASSERT_TRUE(s.tentative.has_value());  // shown, not yet settled
  EXPECT_EQ(s.tentative->to, t.sq("f3"));
  EXPECT_TRUE(s.extra.test(core::index_of(t.sq("f3"))));
  EXPECT_EQ(s.tracker, inference::TrackerState::kMatched);
  t.wait(700);
  s = t.session().snapshot();
  ASSERT_TRUE(s.last_move.has_value());
  EXPECT_EQ(s.last_move->text, "Ng1-f3");
  EXPECT_EQ(s.to_move, core::seat_at(1));
  EXPECT_EQ(s.record.size(), 1U);
  EXPECT_FALSE(s.recent.empty());
}

TEST(Snapshot, ShowsChecks) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("f7", "f6").wait(700).move("d1", "h5").wait(700);
  session::Snapshot s = t.session().snapshot();
  ASSERT_EQ(s.checks.size(), 1U) << t.transcript();
  EXPECT_EQ(s.checks.front().first, core::seat_at(1));
  EXPECT_EQ(s.checks.front().second, (std::vector<core::Square>{t.sq("h5")}));
}

}  // namespace
}  // namespace tabula::testing
