// Session 19: several chains of plies in flight that begin with different
// moves (Tracker::ask_which_chain) are asked about ("which move did White
// make?"), the answer commits that chain's plies in order, and a wrong or
// stale answer is refused; the chain search's bound (Tracker::kMaxChainSteps)
// rules a board it stops on without accusing anyone. Every trace is written
// by hand (gaps in ms); the expected moves and times are worked out from the
// trace here, never taken from the code under test. Each runs with
// commit_at_once on and off.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "core/notation.h"
#include "inference/tracker.h"
#include "session/session.h"
#include "table.h"

namespace tabula::testing {
namespace chain_question {

using session::IntentKind;
using session::RequestKind;
using session::RulingKind;
using Strings = std::vector<std::string>;

// White: king e1, rook a1; Black: king e8, knight a6.
const std::string kRookAndKnight = "4k3/8/n7/8/8/8/8/R3K3 w - - 0 1";

session::SessionSettings settings(bool at_once) {
  session::SessionSettings s;
  s.tracker.commit_at_once = at_once;
  return s;
}

// The hands of Soak18.TwoChainsOfPliesInFlightAreNoIllegalMoveOfAnyone:
// White lifts his a1 rook, Black lifts his a6 knight; the rook rests on a3
// (landed at +450) and on a4 (landed at +910) and is lifted; the knight
// lands on c5 (+1360); the rook lands on a6 (+1660). Ra1-a3, Na6-c5, Ra3-a6
// and Ra1-a4, Na6-c5, Ra4-a6 both follow the touches. Returns the time the
// hands began (the offsets above are from it).
long two_chains(Table& t) {
  const long begin = t.now();
  t.up("a1", 100).up("a6", 200).down("a3", 150).up("a3", 400).down("a4", 60);
  t.up("a4", 300).down("c5", 150).down("a6", 300);
  return begin;
}

const session::Request* which_move(const Table& t) {
  for (const session::Request& r : t.session().requests()) {
    if (r.kind == RequestKind::kWhichMove) return &r;
  }
  return nullptr;
}

Strings labels(const session::Request& r) {
  Strings out;
  for (const session::RequestOption& o : r.options) out.push_back(o.label);
  return out;
}

// Sets the table up, plays two_chains and waits for the question: its id
// (0, a failure added, when none was asked).
std::uint32_t asked(Table& t) {
  t.setup();
  two_chains(t);
  t.wait(2500);
  const session::Request* r = which_move(t);
  if (r == nullptr) {
    ADD_FAILURE() << "no which-move question\n" << t.transcript();
    return 0;
  }
  return r->id;
}

session::Intent choose(const std::string& label) {
  session::Intent in;
  in.kind = IntentKind::kChooseOption;
  in.text = label;
  return in;
}

session::Intent answer(std::uint32_t id, int option) {
  session::Intent in;
  in.kind = IntentKind::kAnswer;
  in.request = id;
  in.option = option;
  return in;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Ra1-a4 (landed at `begin` + 910), Na6-c5 (+1360), Ra4-a6 (+1660) read,
// each made where it landed: the clock started on the first move, so
// Black's ran 450 ms, then White's 300 ms, and Black's again since +1660.
void expect_each_ply_timed_at_its_landing(const Table& t, long begin, const std::string& why) {
  ASSERT_EQ(t.moves(), (Strings{"Ra1-a4", "Na6-c5", "Ra4-a6"})) << why;
  ASSERT_TRUE(t.session().clock().has_value());
  const auto& clock = *t.session().clock();
  const session::ClockMillis now{t.now()};
  const session::ClockMillis initial = std::chrono::minutes(15);
  EXPECT_EQ(clock.remaining(0, now), initial - session::ClockMillis(300)) << why;
  EXPECT_EQ(clock.remaining(1, now),
            initial - session::ClockMillis(450) - (now - session::ClockMillis(begin + 1660)))
      << why;
}

// In both commit_at_once modes, with a clock: `hands` plays on a table set
// up at kRookAndKnight and returns the time its hands began.
void expect_timed_at_landings(const std::function<long(Table&)>& hands) {
  for (bool at_once : {true, false}) {
    session::SessionSettings s = settings(at_once);
    s.time_control = session::TimeControl{};
    Table t("chess", kRookAndKnight, s);
    t.setup();
    const long begin = hands(t);
    expect_each_ply_timed_at_its_landing(
        t, begin, "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript());
  }
}

TEST(ChainQuestion, ChainsBeginningWithDifferentMovesAskWhichMoveWasMeant) {
  // Before session 19 the board was ruled out of sync ("put the board back
  // as it was"), the table never asked.
  for (bool at_once : {true, false}) {
    Table t("chess", kRookAndKnight, settings(at_once));
    t.setup();
    two_chains(t);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), Strings{}) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    const session::Request* r = which_move(t);
    ASSERT_NE(r, nullptr) << why;
    EXPECT_EQ(labels(*r), (Strings{"Ra1-a3", "Ra1-a4"})) << why;
    EXPECT_EQ(r->seat, core::Seat{0}) << why;
    // Each sequence named with its seats, in the question the table sees.
    EXPECT_TRUE(
        has(t.last_text(RulingKind::kRequest),
            "more than one sequence of legal moves (White Ra1-a3, Black Na6-c5, White Ra3-a6; or "
            "White Ra1-a4, Black Na6-c5, White Ra4-a6): which move did White make? (Ra1-a3 or "
            "Ra1-a4)"))
        << why;
  }
}

TEST(ChainQuestion, AChainEndingInAVictimLiftedNamesItAndTheAnswerReadsTheCapture) {
  // Session 21: a chain may end with the seat to move taking, its victim
  // lifted first and the capturer still standing. The two chains above,
  // with a White pawn on e4: after the rook lands on a6, Black lifts it to
  // take it with the knight from c5. Each chain is named with the victim
  // lifted; the answer commits that chain, and the knight's landing on e4
  // is the capture.
  const std::string fen = "4k3/8/n7/8/4P3/8/8/R3K3 w - - 0 1";
  for (bool at_once : {true, false}) {
    Table t("chess", fen, settings(at_once));
    t.setup();
    two_chains(t);
    t.up("e4", 300).wait(2500);
    std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), Strings{}) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    const session::Request* r = which_move(t);
    ASSERT_NE(r, nullptr) << why;
    EXPECT_EQ(labels(*r), (Strings{"Ra1-a3", "Ra1-a4"})) << why;
    EXPECT_TRUE(has(t.last_text(RulingKind::kRequest),
                    "(White Ra1-a3, Black Na6-c5, White Ra3-a6, White's pawn on e4 lifted; or "
                    "White Ra1-a4, Black Na6-c5, White Ra4-a6, White's pawn on e4 lifted)"))
        << why;
    t.intent(choose("Ra1-a4")).wait(1000);
    t.up("c5", 200).down("e4", 400).wait(1000);
    why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Ra1-a4", "Na6-c5", "Ra4-a6", "Nc5xe4"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(ChainQuestion, TheAnswerCommitsThatChainsPliesInOrder) {
  for (bool at_once : {true, false}) {
    for (const std::string& pick : {std::string("Ra1-a3"), std::string("Ra1-a4")}) {
      Table t("chess", kRookAndKnight, settings(at_once));
      t.setup();
      two_chains(t);
      t.wait(2500);
      t.intent(choose(pick));
      t.wait(1000);
      const std::string why =
          "commit_at_once " + std::to_string(at_once) + ", " + pick + "\n" + t.transcript();
      const std::string via = pick.substr(4, 2);  // "a3" or "a4"
      EXPECT_EQ(t.moves(), (Strings{pick, "Na6-c5", "R" + via + "-a6"})) << why;
      EXPECT_EQ(which_move(t), nullptr) << why;
      EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
      EXPECT_TRUE(no_illegal(t)) << why;
      // Play goes on from the position the chain left: Black's king.
      t.move("e8", "d8").wait(1000);
      EXPECT_EQ(t.moves().size(), 4U) << why;
      if (t.moves().size() == 4) {
        EXPECT_EQ(t.moves().back(), "Ke8-d8") << why;
      }
    }
  }
}

TEST(ChainQuestion, EachMoveOfTheChainChosenIsTimedWhereItLanded) {
  // Timed from Ra1-a3's landing (+450), Black would have spent 910 ms.
  expect_timed_at_landings([](Table& t) {
    const long begin = two_chains(t);
    t.wait(2500);
    t.intent(choose("Ra1-a4")).wait(1000);
    return begin;
  });
}

TEST(ChainQuestion, AnAnswerNotAmongTheCandidatesIsRefusedAndTheQuestionStays) {
  for (bool at_once : {true, false}) {
    Table t("chess", kRookAndKnight, settings(at_once));
    const std::uint32_t id = asked(t);
    ASSERT_NE(id, 0U);
    // A legal move of the rook that no chain begins with.
    session::Intent a5;
    a5.kind = IntentKind::kChooseMove;
    a5.move = core::Move{t.sq("a1"), t.sq("a5")};
    t.intent(a5);
    EXPECT_TRUE(
        has(t.last_text(RulingKind::kOperator), "that is not one of the choices (Ra1-a3, Ra1-a4)"))
        << t.transcript();
    // A move that is no move at all (e1 to h8), a label of no option, a
    // piece (a promotion's answer), an option past the end, a question
    // that was never asked.
    session::Intent far;
    far.kind = IntentKind::kChooseMove;
    far.move = core::Move{t.sq("e1"), t.sq("h8")};
    t.intent(far);
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator), "not one of the choices"))
        << t.transcript();
    t.intent(choose("Ra3-a6"));
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator), "not one of the choices"))
        << t.transcript();
    session::Intent queen;
    queen.kind = IntentKind::kChoosePiece;
    queen.piece = t.rules().kind_by_letter('Q');
    t.intent(queen);
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator), "not one of the choices"))
        << t.transcript();
    t.intent(answer(id, 2));
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator),
                    "question #" + std::to_string(id) + " has no option 2"))
        << t.transcript();
    t.intent(answer(id + 40, 0));
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator),
                    "there is no open question #" + std::to_string(id + 40)))
        << t.transcript();
    EXPECT_EQ(t.moves(), Strings{}) << t.transcript();
    ASSERT_NE(which_move(t), nullptr) << t.transcript();
    // The question stands; its right answer still commits the chain.
    t.intent(answer(id, 1)).wait(1000);
    EXPECT_EQ(t.moves(), (Strings{"Ra1-a4", "Na6-c5", "Ra4-a6"})) << t.transcript();
  }
}

TEST(ChainQuestion, AnAnswerAfterTheBoardMovedOnIsRefusedAndTheLongerChainAsked) {
  // While the question is open Black plays on (Ke8-d8). An answer while the
  // board differs from the one asked about is refused; once it settles the
  // question is withdrawn (a late answer to it refused with the reason) and
  // the four plies are asked about anew.
  for (bool at_once : {true, false}) {
    Table t("chess", kRookAndKnight, settings(at_once));
    const std::uint32_t first = asked(t);
    ASSERT_NE(first, 0U);
    t.up("e8", 200).down("d8", 250);
    t.intent(answer(first, 1), 50);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator),
                    "question #" + std::to_string(first) +
                        " is about the board as it was asked, and d8 and e8 "
                        "changed since"))
        << why;
    EXPECT_EQ(t.moves(), Strings{}) << why;
    t.wait(2500);
    bool withdrawn = false;
    for (const auto& x : t.rulings(RulingKind::kRequest))
      withdrawn = withdrawn ||
                  has(x.text, "question #" + std::to_string(first) +
                                  " withdrawn: the board changed after the question was asked");
    EXPECT_TRUE(withdrawn) << t.transcript();
    t.intent(answer(first, 1));
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator),
                    "question #" + std::to_string(first) + " was withdrawn: the board changed"))
        << t.transcript();
    const session::Request* r = which_move(t);
    ASSERT_NE(r, nullptr) << t.transcript();
    EXPECT_NE(r->id, first);
    EXPECT_TRUE(has(r->prompt, "White Ra1-a4, Black Na6-c5, White Ra4-a6, Black Ke8-d8"))
        << r->prompt;
    t.intent(choose("Ra1-a4")).wait(1000);
    EXPECT_EQ(t.moves(), (Strings{"Ra1-a4", "Na6-c5", "Ra4-a6", "Ke8-d8"})) << t.transcript();
    EXPECT_TRUE(no_illegal(t)) << t.transcript();
  }
}

TEST(ChainQuestion, ABoardPutBackWithdrawsTheQuestionAndLosesNoMoveMadeBefore) {
  for (bool at_once : {true, false}) {
    Table t("chess", kRookAndKnight, settings(at_once));
    t.setup();
    t.move("e1", "d1").wait(1000).move("e8", "d8").wait(1000);
    ASSERT_EQ(t.moves(), (Strings{"Ke1-d1", "Ke8-d8"})) << t.transcript();
    two_chains(t);
    t.wait(2500);
    const session::Request* r = which_move(t);
    ASSERT_NE(r, nullptr) << t.transcript();
    const std::uint32_t id = r->id;
    // The table puts the board back as it was before the hands.
    t.up("a6", 300).down("a1", 400).up("c5", 300).down("a6", 400).wait(2500);
    EXPECT_EQ(which_move(t), nullptr) << t.transcript();
    t.intent(choose("Ra1-a4"));
    EXPECT_TRUE(has(t.last_text(RulingKind::kOperator),
                    "question #" + std::to_string(id) + " was withdrawn"))
        << t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Ke1-d1", "Ke8-d8"})) << t.transcript();
    EXPECT_TRUE(no_illegal(t)) << t.transcript();
    // And the moves are played again, one at a time.
    t.move("a1", "a4").wait(1000).move("a6", "c5").wait(1000);
    EXPECT_EQ(t.moves(), (Strings{"Ke1-d1", "Ke8-d8", "Ra1-a4", "Na6-c5"})) << t.transcript();
  }
}

}  // namespace chain_question
}  // namespace tabula::testing

namespace tabula::testing {
namespace chain_question {

// White: king e1, queen d1; Black: king e8, queen d8. Each queen's hand
// sweeps eight squares on its lines (each a short down and up, 200 ms
// apart, none a move's end: a longer move of the queen passes over each),
// twice in turn, and sets the queen down on the last: every order of plies
// through the brushed squares is a chain to try.
const std::string kQueens = "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1";

void sweep(Table& t, const std::vector<std::string>& squares, bool land_last) {
  for (std::size_t i = 0; i < squares.size(); ++i) {
    t.down(squares[i], 200);
    if (!(land_last && i + 1 == squares.size())) t.up(squares[i], 200);
  }
}

// Session 22: a seat's next ply is lifted after the reply before it began
// (chess soak seed 9335), which cuts the chains through White's first sweep;
// its second sweep brushes seven squares (five before), so the search still
// passes its bound (699 positions without the bound, 349 with five squares).
void sweeping_hands(Table& t) {
  const std::vector<std::string> white{"d2", "d3", "d4", "c2", "b3", "e2", "f3", "g4"};
  const std::vector<std::string> black{"c7", "b6", "e7", "f6", "g5", "d7", "d6", "d5"};
  t.up("d1", 200);
  sweep(t, white, false);
  t.up("d8", 200);
  sweep(t, black, false);
  sweep(t, {"c2", "b3", "d3", "e2", "f3", "d4", "d2"}, false);
  t.down("h6", 200);
  sweep(t, black, false);
  t.down("h3", 200);
}

TEST(ChainSearch, AHandSweepingPastTheBoundIsRuledWithoutAccusingAnyone) {
  // The bound (Tracker::kMaxChainSteps positions played) had no test of its
  // own: past it the board was judged as if no chain had been looked for.
  // Now the ruling says the hands could not be followed, accuses nobody,
  // and the moves made before stand; put back, play goes on.
  for (bool at_once : {true, false}) {
    Table t("chess", kQueens, settings(at_once));
    t.setup();
    t.move("e1", "f1").wait(1000).move("e8", "f8").wait(1000);
    ASSERT_EQ(t.moves(), (Strings{"Ke1-f1", "Ke8-f8"})) << t.transcript();
    sweeping_hands(t);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Ke1-f1", "Ke8-f8"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    const std::string ruled = t.last_text(RulingKind::kOutOfSync);
    EXPECT_TRUE(
        has(ruled, "the hands touched too many squares to be followed as moves in flight (" +
                       std::to_string(inference::Tracker::kMaxChainSteps) +
                       " positions tried): put the board back as it was ("))
        << why;
    // Session 20: the fixes name the pieces the hands hid, followed along
    // their own lines: White's queen swept d1's lines and was set down on
    // h6 (on the diagonal from d2, its last square); Black's queen swept
    // d8's and was set down on h3 (before, paired by distance: "move
    // White's queen from h3 back to d1").
    EXPECT_TRUE(has(ruled, "move White's queen from h6 back to d1")) << why;
    EXPECT_TRUE(has(ruled, "move Black's queen from h3 back to d8")) << why;
    t.up("h6", 300).down("d1", 400).up("h3", 300).down("d8", 400).wait(1000);
    EXPECT_FALSE(t.rulings(RulingKind::kBoardInOrder).empty()) << t.transcript();
    t.move("d1", "d3").wait(2000);  // d3 is on the queen's way on: a slide's rest (1.5 s)
    EXPECT_EQ(t.moves(), (Strings{"Ke1-f1", "Ke8-f8", "Qd1-d3"})) << t.transcript();
  }
}

TEST(ChainSearch, TheLaterPliesOfOneChainAreTimedWhereTheyLanded) {
  // One chain only (the rook rests on a4 alone): Ra1-a4, Na6-c5, Ra4-a6 are
  // read at the settle time after the last touch, each made where it landed
  // (FIDE 4.7); before session 19 the two later plies were timed when read.
  expect_timed_at_landings([](Table& t) {
    const long begin = t.now();
    t.up("a1", 100).up("a6", 200).down("a4", 610).up("a4", 300).down("c5", 150).down("a6", 300);
    t.wait(2500);
    return begin;
  });
}

TEST(ChainSearch, APieceLiftedThatTheSeatToMoveCannotTakeEndsNoChain) {
  // Session 21's victim lifted last is a capture of the seat to move only:
  // the one chain above (the rook resting on a4 alone), then White's h2
  // pawn lifted in Black's turn, which no Black piece can take. No chain
  // fits: the board is ruled out of sync, nobody accused, nothing
  // committed; the pawn put back, the three plies are read.
  const std::string fen = "4k3/8/n7/8/8/8/7P/R3K3 w - - 0 1";
  for (bool at_once : {true, false}) {
    Table t("chess", fen, settings(at_once));
    t.setup();
    t.up("a1", 100).up("a6", 200).down("a4", 610).up("a4", 300).down("c5", 150).down("a6", 300);
    t.up("h2", 300).wait(2500);
    std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), Strings{}) << why;
    EXPECT_FALSE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    t.down("h2", 500).wait(2500);
    why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Ra1-a4", "Na6-c5", "Ra4-a6"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

TEST(ChainSearch, ACapturerSetBesideTheSquareItTakesOnIsNoUnexplainedTouch) {
  // corners-mini soak seed 6468 (habits on), the new range 5501-7000: White's
  // queen goes d5-d3 (brushing d4, set straight on d3); Grey lifts it to take
  // it, lifts his c4 pawn, sets it on d2 beside d3 and lifts it on, and
  // lands it on d3. Qd5-d3, c4xQd3 is the one chain but for d2's touches;
  // before session 19 they were unexplained, the board was ruled out of sync,
  // and Qd5-d2 (the queen "gone on" over d3) was committed once Black's hand
  // began: a wrong move.
  const std::string fen =
      "W-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-2-2,bB,bK,1,bB,2/3,bP,4/gB,2,gQ,1,bP,pP,pB/"
      "3,wQ,1,wP,1,pK/gK,gP,gP,1,pP,pQ,2/gB,gP,5,pB/4,wP,wP,2/2,wB,1,wK,wB,2";
  for (bool at_once : {true, false}) {
    Table t("corners-mini", fen, settings(at_once));
    t.setup();
    t.up("d5", 100).down("d4", 829).up("d4", 65).down("d3", 13).up("d3", 272).down("d3", 222);
    t.up("d3", 852).up("c4", 1212).down("d2", 298).up("d2", 188).down("d3", 129).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Qd5-d3", "c4xQd3"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(ChainSearch, ARookLiftedAgainBeforeTheReplyIsNoMoveAndTheFixesNameThePiecesWhereTheyStand) {
  // Session 22's hand-made hostile case: White's rook goes a1-a4 and is
  // lifted again before Black touches anything; Black's knight goes a6-c5
  // while it is in the air; the rook is set on a6. No chain is read (the
  // rook's second lift came before the reply began: session 22), and no
  // one piece is known to have gone a1-c5: the rook's lines do not reach
  // c5, the knight's leap from a6 does. Nothing is committed, nobody is
  // accused, and the fixes name each piece where it stands (before: "White's
  // rook cannot go from a1 to c5 ... move White's rook from c5 back to a1").
  const std::string fen = "4k3/8/n7/8/8/8/7P/R3K3 w - - 0 1";
  for (bool at_once : {true, false}) {
    Table t("chess", fen, settings(at_once));
    t.setup();
    t.up("a1", 100).down("a4", 600).up("a4", 300).up("a6", 200).down("c5", 400).down("a6", 300);
    t.wait(2500);
    std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), Strings{}) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    const std::string ruled = t.last_text(RulingKind::kOutOfSync);
    EXPECT_TRUE(has(ruled, "move White's rook from a6 back to a1")) << why;
    EXPECT_TRUE(has(ruled, "move Black's knight from c5 back to a6")) << why;
    EXPECT_FALSE(has(ruled, "from c5 back to a1")) << why;
    t.up("a6", 300).down("a1", 400).up("c5", 300).down("a6", 400).wait(1000);  // put back
    why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_FALSE(t.rulings(RulingKind::kBoardInOrder).empty()) << why;
    t.move("a1", "a3").wait(2000).move("a6", "c5").wait(1000);
    EXPECT_EQ(t.moves(), (Strings{"Ra1-a3", "Na6-c5"})) << t.transcript();
  }
}

}  // namespace chain_question
}  // namespace tabula::testing
