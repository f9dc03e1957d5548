// Dialogs and the board underneath (issue 18 item 2): every screen the kiosk
// can raise over the main one (the session's questions: promotion, 003's
// placement, which move, a draw offer, a random move; the PIN pad, the
// arbiter menu, confirmations, the players' screen, the setup), at the three
// small layouts. The tap that opens or closes a screen acts once: a double
// tap on it (the second tap in the next frames) does nothing more; and the
// actions of consecutive screens never share a spot, except where the tap
// guard (ui/kiosk_app.h) covers a pair that must share a zone.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "tests/ui/headless_kiosk.h"
#include "ui/scenes.h"

namespace tabula::ui {
namespace {

using Size = ScreenSize;
constexpr Size kSmall[] = {{800, 480}, {720, 1280}, {1280, 800}};

std::string size_name(const Size& s) {
  return s.name();
}

std::vector<std::string> shared_spots(const std::vector<HitRect>& a,
                                      const std::vector<HitRect>& b) {
  std::vector<std::string> out;
  for (const HitRect& x : a) {
    for (const HitRect& y : b) {
      if (overlaps(x.rect, y.rect)) out.push_back("'" + x.label + "' / '" + y.label + "'");
    }
  }
  return out;
}

DialogView question(DialogKind kind, std::uint32_t id) {
  DialogView d;
  d.id = id;
  d.kind = kind;
  d.seat = SeatIndex{1};
  switch (kind) {
    case DialogKind::kPromotion:
      d.title = "promotion";
      d.prompt = "Blue's pawn promotes: which piece?";
      d.options = {{"queen", {}}, {"rook", {}}, {"bishop", {}}, {"knight", {}}};
      break;
    case DialogKind::kStalematePlacement:
      d.title = "placement";
      d.prompt = "Blue places a piece (003 rule 5): which one?";
      d.options = {{"queen", {}}, {"rook", {}}, {"bishop", {}}, {"knight", {}}, {"pawn", {}}};
      break;
    case DialogKind::kPowerPiece:
      d.title = "which move";
      d.prompt = "The board shows two moves alike: which one was it?";
      d.options = {{"Nb1-c3", {}}, {"Nd1-c3", {}}};
      break;
    case DialogKind::kDrawOffer:
      d.title = "draw offer";
      d.prompt = "Red offers a draw: do all the other players agree?";
      d.options = {{"Accept the draw", {}}, {"Decline", {}}};
      break;
    case DialogKind::kRandomMove:
      d.title = "random move";
      d.prompt = "Blue is a random mover: play h7-h6 for Blue";
      d.options = {{"I will play it on the board", {}}};
      break;
    case DialogKind::kNotice:  // the longest the kiosk says: a journal's missing -wal
      d.title = "Journal warning";
      d.prompt =
          "/var/lib/tabula/current.db: its -wal file is missing though the journal was being written (copied "
          "without it, or lost); the journal holds the 65 inputs up to its last checkpoint, anything recorded after "
          "that is not in this file.\n\nWhat to do: the game goes on from what the journal holds. Check that the "
          "pieces stand as the screen shows them (Arbiter, Board, Check the board); a move made after that is not in "
          "the game: play it again. Keep the journal file for the arbiter's report.";
      d.options = {{"Understood", {}}};
      break;
    case DialogKind::kResignation:
      d.title = "resignation";
      d.options = {{"Yes", {}}, {"No", {}}};
      break;
  }
  return d;
}

constexpr DialogKind kQuestions[] = {DialogKind::kPromotion, DialogKind::kStalematePlacement,
                                     DialogKind::kPowerPiece, DialogKind::kDrawOffer,
                                     DialogKind::kRandomMove, DialogKind::kNotice};

/// A kiosk on the four-player demo without its promotion question, Red to
/// move; `view_of` gives each frame's snapshot from the intents since the
/// last show() (a session that answers).
class Table {
 public:
  using ViewOf = std::function<const KioskView&(const std::vector<Intent>&)>;
  explicit Table(const Size& size) : kiosk_(size.width, size.height) {
    plain_ = *make_scene("four-player");
    plain_.to_move = SeatIndex{0};
    plain_.dialog.reset();
    plain_.variants = {{"chesscom-ffa", "Four-player FFA (chess.com)"}};
    kiosk_.app().arbiter_menu().offer_setup(true);
    show([this](const std::vector<Intent>&) -> const KioskView& { return plain_; });
  }
  HeadlessKiosk& kiosk() { return kiosk_; }
  const KioskView& plain() const { return plain_; }
  void show(ViewOf view_of) {
    view_of_ = std::move(view_of);
    seen_.clear();
    settle();
  }
  /// Frames until the taps queued are done: the intents they gave.
  std::vector<Intent> settle() {
    std::vector<Intent> out = kiosk_.drain([&](const std::vector<Intent>& now) -> const KioskView& {
      std::vector<Intent> all = seen_;
      all.insert(all.end(), now.begin(), now.end());
      return view_of_(all);
    });
    seen_.insert(seen_.end(), out.begin(), out.end());
    return out;
  }
  std::vector<HitRect> hits() { return kiosk_.app().hit_rects(); }
  std::string screen() { return kiosk_.app().screen_name(); }
  /// One tap on `label`, or two (a double tap: the second a frame after the
  /// first is done, 0.2 s after it, once the next screen is drawn): all the
  /// intents.
  std::vector<Intent> tap(const std::string& label, int times = 1) {
    const HitRect* h = kiosk_.find(label);
    EXPECT_NE(h, nullptr) << "no '" << label << "' on the " << screen() << " screen";
    if (h == nullptr) return {};
    const ImVec2 at = HeadlessKiosk::centre(h->rect);
    std::vector<Intent> out;
    for (int i = 0; i < times; ++i) {
      kiosk_.tap(at);
      for (Intent& more : settle()) out.push_back(std::move(more));
    }
    for (int i = 0; i < 4; ++i) {  // the next frames: nothing more happens
      for (Intent& more : settle()) out.push_back(std::move(more));
    }
    return out;
  }
  void unlock() {
    tap("Arbiter");
    for (const char* d : {"2", "5", "8", "0"}) tap(d);
    EXPECT_EQ(screen(), "menu");
  }

 private:
  HeadlessKiosk kiosk_;
  KioskView plain_;
  ViewOf view_of_;
  std::vector<Intent> seen_;
};

TEST(Overlays, TheSessionsQuestionsStayOffTheBoardAndTheHeader) {
  for (const Size& size : kSmall) {
    for (const DialogKind kind : kQuestions) {
      SCOPED_TRACE(size_name(size) + " " + std::string(dialog_kind_name(kind)));
      Table table(size);
      const std::vector<HitRect> main_hits = table.hits();
      KioskView asked = table.plain();
      asked.dialog = question(kind, 7);
      table.show([&](const std::vector<Intent>&) -> const KioskView& { return asked; });
      table.settle();
      ASSERT_EQ(table.screen(), "dialog 7");
      const std::vector<HitRect> dialog_hits = table.hits();
      EXPECT_EQ(dialog_hits.size(), asked.dialog->options.size());
      EXPECT_EQ(shared_spots(main_hits, dialog_hits), std::vector<std::string>{});
      for (const HitRect& h : dialog_hits) {
        EXPECT_GE(h.rect.height(), 47.5f) << h.label;
        EXPECT_GE(h.rect.width(), 47.5f) << h.label;
        EXPECT_LE(h.rect.y1, size.height) << h.label << " below the screen";
        EXPECT_LE(h.rect.x1, size.width) << h.label << " past the screen";
      }
      // A double tap on the last answer answers once; the board under it
      // (none: the quiet zone) and the header are untouched.
      const std::string last = asked.dialog->options.back().label;
      const std::uint32_t id = asked.dialog->id;
      const int option = static_cast<int>(asked.dialog->options.size()) - 1;
      table.show([&](const std::vector<Intent>& so_far) -> const KioskView& {
        return so_far.empty() ? asked : table.plain();  // the session takes the answer
      });
      EXPECT_EQ(table.tap(last, 2), (std::vector<Intent>{DialogAnswered{id, option}}));
      EXPECT_EQ(table.screen(), "main");
    }
  }
}

TEST(Overlays, ADoubleTapOnWhatOpensOrClosesAScreenActsOnce) {
  for (const Size& size : kSmall) {
    SCOPED_TRACE(size_name(size));
    Table table(size);
    EXPECT_EQ(table.tap("Arbiter", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "pin");
    EXPECT_EQ(table.tap("Cancel", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "main");
    table.unlock();
    table.tap("Result");
    EXPECT_EQ(table.tap("Green wins...", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "confirm");
    EXPECT_EQ(table.tap("No", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "menu");
    table.tap("Draw...");
    EXPECT_EQ(table.tap("Yes", 2), (std::vector<Intent>{Adjudicate{std::nullopt}}));
    EXPECT_EQ(table.screen(), "menu");
    // New game: asks first; the keyboard over the menu types nothing with
    // the second tap; set position asks first.
    table.tap("Game");
    EXPECT_EQ(table.tap("Start a new game...", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "confirm");
    table.tap("No");
    table.tap("Board");
    EXPECT_EQ(table.tap("FEN or FEN4", 2), std::vector<Intent>{});
    ASSERT_EQ(table.screen(), "keyboard");
    for (const char* key : {"8", "/", "8"}) table.tap(key);
    EXPECT_EQ(table.tap("done", 2), std::vector<Intent>{});
    ASSERT_EQ(table.screen(), "menu");
    EXPECT_NE(table.kiosk().find("8/8"), nullptr) << "typed once each: 8/8";
    EXPECT_EQ(table.tap("Set...", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "confirm");
    EXPECT_EQ(table.tap("Yes", 2), (std::vector<Intent>{SetPosition{"8/8"}}));
    EXPECT_EQ(table.tap("Lock", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "main");
    EXPECT_EQ(table.tap("Players", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "players");
    EXPECT_EQ(table.tap("Close", 2), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "main");
  }
}

TEST(Overlays, AQuestionRaisedByAnOverlaysLastTapIsNotAnsweredByItsSecond) {
  for (const Size& size : kSmall) {
    SCOPED_TRACE(size_name(size));
    // Offer a draw: the others' question opens at once (the players' screen
    // is over the board, the question in the quiet zone).
    {
      Table table(size);
      table.tap("Players");
      const std::vector<HitRect> players = table.hits();
      KioskView asked = table.plain();
      asked.dialog = question(DialogKind::kDrawOffer, 9);
      table.show([&](const std::vector<Intent>& so_far) -> const KioskView& {
        return so_far.empty() ? table.plain() : asked;
      });
      EXPECT_EQ(table.tap("Offer a draw", 2), (std::vector<Intent>{OfferDraw{SeatIndex{0}}}));
      EXPECT_EQ(table.screen(), "dialog 9");
      EXPECT_EQ(shared_spots(players, table.hits()), std::vector<std::string>{});
    }
    // The seat to move resigns (confirmation in the quiet zone); the random
    // mover's move is then asked where "Yes" was: the tap guard.
    {
      Table table(size);
      table.tap("Players");
      table.tap("Resign...");  // Red's, to move
      ASSERT_EQ(table.screen(), "confirm");
      KioskView asked = table.plain();
      asked.dialog = question(DialogKind::kRandomMove, 11);
      table.show([&](const std::vector<Intent>& so_far) -> const KioskView& {
        return so_far.empty() ? table.plain() : asked;
      });
      EXPECT_EQ(table.tap("Yes", 2), (std::vector<Intent>{Resign{SeatIndex{0}}}));
      EXPECT_EQ(table.screen(), "dialog 11") << "still asked";
    }
    // Another seat resigns through the PIN; the question appears where the
    // last digit was.
    {
      Table table(size);
      table.tap("Players");
      std::vector<HitRect> resign;
      for (const HitRect& h : table.hits()) {
        if (h.label == "Resign...") resign.push_back(h);
      }
      ASSERT_EQ(resign.size(), 4U);
      table.kiosk().tap(HeadlessKiosk::centre(resign[1].rect));  // Blue's: the PIN
      table.settle();
      ASSERT_EQ(table.screen(), "pin");
      for (const char* d : {"2", "5", "8"}) table.tap(d);
      KioskView asked = table.plain();
      asked.dialog = question(DialogKind::kRandomMove, 12);
      table.show([&](const std::vector<Intent>& so_far) -> const KioskView& {
        return so_far.empty() ? table.plain() : asked;
      });
      EXPECT_EQ(table.tap("0", 2), (std::vector<Intent>{Resign{SeatIndex{1}}}));
      EXPECT_EQ(table.screen(), "dialog 12");
    }
    // One question after another in the same place (promotion, then a
    // draw offer): the answer's second tap does not answer the next one.
    {
      Table table(size);
      KioskView first = table.plain();
      first.dialog = question(DialogKind::kPromotion, 20);
      KioskView second = table.plain();
      second.dialog = question(DialogKind::kDrawOffer, 21);
      table.show([&](const std::vector<Intent>& so_far) -> const KioskView& {
        return so_far.empty() ? first : second;
      });
      table.settle();
      EXPECT_EQ(table.tap("queen", 2), (std::vector<Intent>{DialogAnswered{20, 0}}));
      EXPECT_EQ(table.screen(), "dialog 21");
    }
  }
}

// Issue 33 item 1: on the Players screen each live seat is a person or a bot
// with its level (- / + as on the setup page); "Change who plays..." asks the
// arbiter's PIN, then sends the seats as --bots writes them.
TEST(Overlays, ThePlayersScreenMakesASeatABotWithItsLevelBehindThePin) {
  for (const Size& size : kSmall) {
    SCOPED_TRACE(size_name(size));
    Table table(size);
    table.tap("Players");
    ASSERT_EQ(table.screen(), "players");
    EXPECT_EQ(table.tap("Who plays: a person or a bot...", 2), std::vector<Intent>{});
    ASSERT_EQ(table.screen(), "who-plays");
    EXPECT_EQ(table.tap("Back"), std::vector<Intent>{});
    EXPECT_EQ(table.screen(), "players") << "Back: nothing sent";
    table.tap("Who plays: a person or a bot...");
    EXPECT_EQ(table.tap("Blue stronger"), std::vector<Intent>{});  // the greedy bot
    EXPECT_EQ(table.tap("Blue stronger"), std::vector<Intent>{});  // level 1
    for (int i = 0; i < 9; ++i) table.tap("Green stronger");       // ... level 8, the last step
    EXPECT_EQ(table.screen(), "who-plays") << "nothing sent before the PIN";
    EXPECT_EQ(table.tap("Change who plays..."), std::vector<Intent>{});
    ASSERT_EQ(table.screen(), "pin");
    for (const char* d : {"2", "5", "8"}) table.tap(d);
    EXPECT_EQ(table.tap("0"), (std::vector<Intent>{SetBots{"Blue=1,Green=8"}}));
    EXPECT_EQ(table.screen(), "main");
    // A bot made a person again: back to "" (people only).
    KioskView with_bots = table.plain();
    with_bots.bots = "Blue=1";
    table.show([&](const std::vector<Intent>&) -> const KioskView& { return with_bots; });
    table.tap("Players");
    table.tap("Who plays: a person or a bot...");
    table.tap("Blue weaker");
    table.tap("Blue weaker");
    table.tap("Change who plays...");
    for (const char* d : {"2", "5", "8"}) table.tap(d);
    EXPECT_EQ(table.tap("0"), (std::vector<Intent>{SetBots{""}}));
    // A wrong PIN sends nothing.
    table.tap("Players");
    table.tap("Who plays: a person or a bot...");
    table.tap("Red stronger");
    table.tap("Change who plays...");
    for (const char* d : {"1", "1", "1"}) table.tap(d);
    EXPECT_EQ(table.tap("1"), std::vector<Intent>{});
  }
  EXPECT_EQ(describe(SetBots{"Blue=1"}), "bots Blue=1");
  EXPECT_EQ(describe(SetBots{""}), "bots none");
}

TEST(Overlays, ConsecutiveScreensOfTheMenuNeverShareASpot) {
  for (const Size& size : kSmall) {
    SCOPED_TRACE(size_name(size));
    Table table(size);
    const std::vector<HitRect> main_hits = table.hits();
    table.tap("Arbiter");
    const std::vector<HitRect> pin = table.hits();
    EXPECT_EQ(shared_spots(main_hits, pin), std::vector<std::string>{});
    for (const char* d : {"2", "5", "8", "0"}) table.tap(d);
    for (const char* page : {"Game", "Result", "Board"}) {
      table.tap(page);
      EXPECT_EQ(shared_spots(pin, table.hits()), std::vector<std::string>{}) << page;
    }
    table.tap("Game");
    const std::vector<HitRect> menu = table.hits();
    table.tap("Setup...");  // the setup again: asks first
    ASSERT_EQ(table.screen(), "confirm");
    EXPECT_EQ(shared_spots(menu, table.hits()), std::vector<std::string>{});
    EXPECT_EQ(table.tap("Yes", 2), (std::vector<Intent>{OpenSetup{}}));
    EXPECT_EQ(table.screen(), "main") << "the kiosk's loop opens the setup";
  }
}

}  // namespace
}  // namespace tabula::ui
