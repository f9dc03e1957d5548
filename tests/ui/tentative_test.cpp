// The move the board shows before the arbiter rules on it (issue 18,
// Beyond: "show a tentative move that a correction within the settle window
// may still change"): it is marked as not yet ruled, the kiosk redraws when
// it appears and when it is ruled, and it turns into the ruled move without
// a frame in which the piece or the mark goes missing.
#include <gtest/gtest.h>

#include "tests/ui/headless_kiosk.h"
#include "tests/ui/virtual_board_play.h"
#include "ui/panels.h"
#include "ui/kiosk_game.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

Cell cell(const char* name) {
  return *parse_cell_name(name);
}

struct Frame {
  Ms time;
  bool piece_on_to = false;
  bool from_empty = false;
  std::optional<LastMove> tentative;
  std::optional<LastMove> last_move;
  std::string banner;  // tentative_text()
  bool valid = true;   // validate() finds nothing
};

bool same(const std::optional<LastMove>& m, const char* from, const char* to) {
  return m && m->from == cell(from) && m->to == cell(to);
}

/// Puts the piece on `from` onto `to` and samples the screen every 50 ms
/// for 3 s (a frame each), from the put-down on; each sample drawn at 800x480.
std::vector<Frame> put_and_watch(KioskGame& sim, const char* from, const char* to, Ms& t,
                                 std::vector<bool>* redraws = nullptr) {
  sim.apply(at(from), t += Ms(300));
  sim.view(t);
  sim.apply(at(to), t += Ms(300));
  HeadlessKiosk kiosk(800, 480);
  std::vector<Frame> frames;
  for (int i = 0; i < 60; ++i) {
    if (i > 0) sim.tick(t += Ms(50));
    if (redraws) redraws->push_back(sim.dirty());
    const KioskView& v = sim.view(t);
    kiosk.frame(v);
    frames.push_back({t, v.piece_at(cell(to)).has_value(), !v.piece_at(cell(from)).has_value(),
                      v.tentative, v.last_move, tentative_text(v), validate(v).empty()});
  }
  return frames;
}

/// The board is set up for white's short castling: e4 e5, Nf3 Nc6, Bc4 Bc5.
std::unique_ptr<KioskGame> ready_to_castle(Ms& t) {
  auto sim = started("chess", t);
  if (!sim) return sim;
  for (const auto& [from, to] :
       {std::pair{"e2", "e4"}, std::pair{"e7", "e5"}, std::pair{"g1", "f3"}, std::pair{"b8", "c6"},
        std::pair{"f1", "c4"}, std::pair{"f8", "c5"}}) {
    play(*sim, from, to, t);
  }
  EXPECT_EQ(sim->session().moves().size(), 6U);
  return sim;
}

TEST(Tentative, ARookMoveThatMayBeginCastlingIsShownAsNotYetRuled) {
  // Rh1-f1 is a legal move and the first half of O-O (rook first): the
  // arbiter waits (the settle time for a castling prefix) before ruling.
  Ms t(0);
  auto sim = ready_to_castle(t);
  ASSERT_TRUE(sim);
  std::vector<bool> redraws;
  const std::vector<Frame> frames = put_and_watch(*sim, "h1", "f1", t, &redraws);
  ASSERT_TRUE(same(frames.front().tentative, "h1", "f1"))
      << "the board shows Rh1-f1 at the put-down";
  EXPECT_TRUE(redraws.front()) << "the put-down redraws the screen";
  EXPECT_EQ(frames.front().banner, "h1-f1 \xE2\x80\xA6 not yet ruled");
  EXPECT_TRUE(frames.front().valid);
  // It is ruled in the end: the rook move (nothing followed it).
  EXPECT_TRUE(same(frames.back().last_move, "h1", "f1"));
  EXPECT_FALSE(frames.back().tentative.has_value());
  EXPECT_EQ(sim->session().moves().size(), 7U);
}

TEST(Tentative, TheShownMoveBecomesTheRuledMoveWithoutAFlicker) {
  for (const auto& [from, to] : {std::pair{"h1", "f1"}, std::pair{"e2", "e4"}}) {
    SCOPED_TRACE(std::string(from) + "-" + to);
    Ms t(0);
    auto sim = std::string(from) == "h1" ? ready_to_castle(t) : started("chess", t);
    ASSERT_TRUE(sim);
    std::vector<bool> redraws;
    const std::vector<Frame> frames = put_and_watch(*sim, from, to, t, &redraws);
    bool ruled = false;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      const Frame& f = frames[i];
      SCOPED_TRACE("at " + std::to_string(f.time.count()) + " ms");
      EXPECT_TRUE(f.piece_on_to) << "the piece stays where it was put";
      EXPECT_TRUE(f.from_empty);
      EXPECT_EQ(f.banner.empty(), !f.tentative.has_value());
      // Every frame shows the move: not yet ruled, or ruled; never neither.
      EXPECT_TRUE(same(f.tentative, from, to) || same(f.last_move, from, to));
      if (same(f.last_move, from, to) && !ruled) {
        ruled = true;
        EXPECT_TRUE(redraws[i]) << "the ruling redraws the screen";
        EXPECT_FALSE(f.tentative.has_value()) << "ruled: no longer marked";
      }
      if (ruled) {
        EXPECT_TRUE(same(f.last_move, from, to)) << "once ruled it stays ruled";
      }
    }
    EXPECT_TRUE(ruled);
  }
}

}  // namespace
}  // namespace tabula::ui
