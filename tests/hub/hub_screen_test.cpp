// The hub screen: board states drawn with the kiosk's own board, headless
// ImGui frames (no window, no GPU).
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <sqlite3.h>

#include <chrono>
#include <thread>
#include <memory>

#include "../event/event_sim.h"
#include "../journal/journal_fixture.h"
#include "event/event_file.h"
#include "event/event_store.h"
#include "hub/codec.h"
#include "hub/sim_board.h"
#include "ui/hub/event_standings_feed.h"
#include "ui/hub/hub_runner.h"
#include "ui/hub/hub_screen.h"
#include "ui/hub/hub_view.h"
#include "ui/panels.h"
#include "headless_hub.h"
#include "wire_builders.h"

namespace tabula::ui {
namespace {

using journal::testing::kFfaOpening;
using journal::testing::kScholarsMate;
using journal::testing::ScratchDir;
using journal::testing::script_inputs;

hub::wire::BoardState played(const std::string& variant, const char* pgn, const std::string& board,
                             const hub::BoardInfo* header = nullptr) {
  ScratchDir dir;
  hub::SimBoardConfig c;
  c.variant = variant;
  c.journal_path = dir.file("g.db");
  c.event = "club";
  c.board = board;
  c.broker.port = 1;
  std::string error;
  auto b = hub::SimBoard::open(c, error);
  EXPECT_TRUE(b) << error;
  for (const session::Input& in : script_inputs(variant, pgn, 3)) EXPECT_TRUE(b->feed(in, error)) << error;
  EXPECT_TRUE(b->finish(error)) << error;
  hub::BoardInfo info = header ? *header : hub::BoardInfo{"club", board, {}};
  info.header.variant = variant;
  return hub::make_state(info, b->session(), 1, std::nullopt, false, 0);
}

int pieces(const KioskView& v) {
  int n = 0;
  for (const auto& p : v.pieces) n += p ? 1 : 0;
  return n;
}

TEST(HubView, DrawsTwoAndFourSeatBoardsFromTheirRetainedState) {
  RulesCache rules;
  std::string error;
  auto chess = hub_view_of(played("chess", kScholarsMate, "t1"), rules, error);
  ASSERT_TRUE(chess) << error;
  EXPECT_TRUE(validate(*chess).empty());
  EXPECT_EQ(pieces(*chess), 31);  // one black pawn taken
  EXPECT_EQ(chess->seats[1].status, SeatStatus::kMated);
  // s31-hall: the winner "won", as the kiosk has it (the view had no ranking:
  // "lost", its seat strip greyed as a seat out of the game).
  EXPECT_EQ(chess->seats[0].status, SeatStatus::kWon);
  auto ffa = hub_view_of(played("chesscom-ffa", kFfaOpening, "t2"), rules, error);
  ASSERT_TRUE(ffa) << error;
  EXPECT_TRUE(validate(*ffa).empty());
  EXPECT_EQ(ffa->seats.size(), 4u);
  EXPECT_EQ(pieces(*ffa), 64);
}

// s17-club: the hall screen said "Green" for a bot's seat; the kiosk's words.
TEST(HubView, ASeatABotPlaysSaysSoAndANamedSeatKeepsItsName) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st = played("chesscom-ffa", kFfaOpening, "t2");
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(3)->set_bot("level 2");
  auto v = hub_view_of(st, rules, error);
  ASSERT_TRUE(v) << error;
  // s31-hall: in the kiosk's words, "Ann (Red)" (it said "Red (Ann)").
  EXPECT_EQ(seat_label(v->seats[0]), "Ann (Red)");
  EXPECT_EQ(seat_label(v->seats[1]), "Blue");
  EXPECT_EQ(seat_label(v->seats[3]), "bot, level 2 (Green)");
  EXPECT_EQ(v->seats[0].name, "Red");
  EXPECT_EQ(seat_player(st.seats(3)), "bot, level 2");
  st.mutable_seats(3)->set_player("Dee");  // a bot's seat someone named keeps the name, as on the kiosk
  EXPECT_EQ(seat_player(st.seats(3)), "Dee");
}

// s18-club: a club's Chess Four table (sheet 001) as the hall screen shows
// it: three players, a bot in the fourth seat (the journal's header, as the
// kiosk's --bots writes it), each seat in its variant's colour.
TEST(HubView, AChessFourTableWithABotShowsItsPlayersTheBotAndTheVariantsColours) {
  const char* chess_four =
      "[Variant \"Chess Four\"]\n\n1. f2-f4 .. e11-e9 .. k6-i6 .. b7-d7\n2. Qg1-d4 .. Nd12-e10 .. Bl5-j7 .. Ba8-c6\n";
  hub::BoardInfo info{"club", "t3", {}};
  info.header.players = {"Ann", "Ben", "Cem"};
  info.header.bots = "Dark Brown=2";
  RulesCache rules;
  std::string error;
  const hub::wire::BoardState st = played("chess-four", chess_four, "t3", &info);
  auto v = hub_view_of(st, rules, error);
  ASSERT_TRUE(v) << error;
  // The opened board's seat lines say it the same way (they said "Dark Brown bot, level 2  0"),
  // in the words of the kiosk, the voice and the web page (s31-hall: "White (Ann)").
  EXPECT_EQ(seat_title(st.seats(0)), "Ann (White)");
  EXPECT_EQ(seat_title(st.seats(3)), "bot, level 2 (Dark Brown)");
  EXPECT_EQ(seat_title(hub::wire::Seat()), "");
  EXPECT_EQ(v->ledger, LedgerKind::kNone);  // no points shown
  ASSERT_EQ(v->seats.size(), 4u);
  EXPECT_EQ(seat_label(v->seats[0]), "Ann (White)");
  EXPECT_EQ(seat_label(v->seats[2]), "Cem (Yellow)");
  EXPECT_EQ(seat_label(v->seats[3]), "bot, level 2 (Dark Brown)");
  // chess-four.txtpb: White #ece8de, Black #2c2c34, Yellow #f2cd0c, Dark Brown #966225.
  EXPECT_EQ(v->seats[0].colour, (Rgb{0xec, 0xe8, 0xde}));
  EXPECT_EQ(v->seats[1].colour, (Rgb{0x2c, 0x2c, 0x34}));
  EXPECT_EQ(v->seats[2].colour, (Rgb{0xf2, 0xcd, 0x0c}));
  EXPECT_EQ(v->seats[3].colour, (Rgb{0x96, 0x62, 0x25}));
  EXPECT_EQ(v->subtitle, "8 moves");
}

TEST(HubView, SaysWhyABoardCannotBeDrawn) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st;
  st.set_board("t9");
  st.set_variant("no-such-variant");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_NE(error.find("variant no-such-variant"), std::string::npos) << error;
  st.set_variant("chess");
  st.set_position("rnbqkbnr/pppppppp/8/8 w");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_NE(error.find("board t9: position"), std::string::npos) << error;
}

// s13-attack: the position (and the board name) of a state from the broker
// went into the error whole and raw: a 100 KB position, terminal escapes.
// Now quoted short and printable (core/quote.h), and a variant id that is no
// name is refused before the rules cache remembers it.
TEST(HubView, QuotesAHostileBoardStateShortAndPrintable) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st;
  st.set_board("t9\x1b[2J");
  st.set_variant("chess");
  st.set_position("\x1b]0;owned\x07" + std::string(100000, 'p'));
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_LT(error.size(), 400U) << error.size();
  EXPECT_EQ(error.find('\x1b'), std::string::npos) << error;
  EXPECT_EQ(error.find('\x07'), std::string::npos) << error;
  EXPECT_EQ(error.rfind("board t9\\x1b[2J: position \"\\x1b]0;owned\\x07ppp", 0), 0U) << error;
  st.set_variant(std::string(5000, 'v') + "\n");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_LT(error.size(), 200U) << error.size();
  EXPECT_NE(error.find(" is no variant name"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(HubScreen, DrawsTheGridAndOpensTheBoardClicked) {
  hub::HubModel model("club");
  model.on_message("tabula/club/t1/state", hub::encode(played("chess", kScholarsMate, "t1")), 0);
  model.on_message("tabula/club/t2/state", hub::encode(played("chesscom-ffa", kFfaOpening, "t2")), 0);
  HeadlessHub hub({1600, 900});
  HubScreen& screen = hub.screen;
  auto frame = [&](ImVec2 mouse, bool down) { return hub.frame(model, mouse, down); };
  frame({-1, -1}, false);
  EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 2000);  // two boards of squares and pieces
  // Two boards side by side in the grid left of the 380 px side panel: t2 is on the right.
  const ImVec2 t2{(1600 - 380) * 0.75f, 450};
  frame(t2, false);
  frame(t2, true);
  frame(t2, false);
  ASSERT_TRUE(screen.opened());
  EXPECT_EQ(*screen.opened(), "t2");
  frame({-1, -1}, false);
}

// Session 20: a board whose journal cannot be written is titled and lined
// "NOT RECORDING" with the board's words, shown safely and short; cleared
// by a state that says "" (and never said of a board of before the field).
TEST(HubScreen, ABoardThatIsNotRecordingIsSaidInItsTitleAndLine) {
  hub::HubModel model("club");
  hub::wire::BoardState st = played("chess", kScholarsMate, "t1");
  st.set_through_seq(1);
  st.set_wall_ms(1);
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  const hub::BoardEntry* b = model.board("t1");
  ASSERT_TRUE(b);
  EXPECT_EQ(board_title(*b, 0), "t1");
  EXPECT_EQ(board_summary(*b).find("NOT RECORDING"), std::string::npos) << board_summary(*b);
  st.set_wall_ms(2);
  st.set_not_recording("g.db: disk full\x1b[2J\xE2\x80\xAE" + std::string(500, 'z'));
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  EXPECT_EQ(board_title(*b, 2), "t1 (NOT RECORDING)  [2 alerts]");
  const std::string line = board_summary(*b);
  EXPECT_NE(line.find(", NOT RECORDING (g.db: disk full"), std::string::npos) << line;
  EXPECT_EQ(line.find('\x1b'), std::string::npos) << "an escape shown, not sent to the screen";
  EXPECT_EQ(line.find("\xE2\x80\xAE"), std::string::npos) << "no bidi override";
  EXPECT_LT(line.size(), 300u) << "cut short";
  const std::string cell = board_summary(*b, false);  // the grid's cell: no words
  EXPECT_EQ(cell, line.substr(0, line.find(", NOT RECORDING (")) + ", NOT RECORDING") << cell;
  HeadlessHub hub({1280, 800});
  hub.frame(model, {-1, -1}, false);  // drawn
  st.set_wall_ms(3);
  st.set_not_recording("");
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  EXPECT_EQ(board_title(*b, 0), "t1");
  EXPECT_EQ(board_summary(*b).find("NOT RECORDING"), std::string::npos);
}

// Every window of the last frame whose content is wider than the window
// (clipped at its right edge), by name.
std::vector<std::string> clipped_windows() {
  std::vector<std::string> out;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!w->WasActive || w->Hidden) continue;
    if (w->ContentSize.x > w->ContentRegionRect.GetWidth() + 1.0f) {
      out.push_back(std::string(w->Name) + ": content " + std::to_string(w->ContentSize.x) + " px in " +
                    std::to_string(w->ContentRegionRect.GetWidth()));
    }
  }
  return out;
}

TEST(HubScreen, AnOpenedBoardAndTheAlertsFitAt1280x800) {
  hub::HubModel model("club");
  model.on_message("tabula/club/t2/state", hub::encode(played("chesscom-ffa", kFfaOpening, "t2")), 0);
  HeadlessHub hub({1280, 800}, 1.4f);  // about the kiosk's own text size at 800 px
  hub.screen.open("t2");
  for (int i = 0; i < 3; ++i) hub.frame(model, {-1, -1}, false);
  EXPECT_EQ(clipped_windows(), std::vector<std::string>{});
}

// The last frame's window whose name has `part` ("/##alerts_"), nullptr if none.
ImGuiWindow* window_named(const std::string& part) {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (w->WasActive && std::string(w->Name).find(part) != std::string::npos) return w;
  }
  return nullptr;
}

// Session 26 (pictured with tabula-hub-screen at 1920x1080 and 1280x720):
// the alert box took 55% of the side panel whatever it held, and the
// event's standings came after the ladder in what was left: at 1280x720 not
// one of 40 players' rows showed. The alert box is now as tall as its
// alerts, at most kAlertShare of the panel; the standings have a box of
// their own with the room left beside the ladder's.
TEST(HubScreen, TheEventsStandingsKeepTheirRoomBesideFewOrManyAlerts) {
  event::StandingsTable t;
  t.title = "Standings of club, section ffa (chesscom-ffa, four) after round 1 of 3";
  t.columns = {"place", "player", "club", "points", "games", "buchholz", "sb", "firsts"};
  for (int i = 1; i <= 40; ++i) {
    t.rows.push_back({std::to_string(i), "Player" + std::to_string(i), "Lyon", "3", "1", "3", "0", "1"});
  }
  for (const ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080)}) {
    for (const int boards : {2, 40}) {
      hub::HubModel model("club");
      for (int b = 1; b <= boards; ++b) {
        const std::string topic = "tabula/club/t" + std::to_string(b) + "/online";
        model.on_message(topic, hub::encode(hub::make_presence(true, 0)), 0);
        model.on_message(topic, hub::encode(hub::make_presence(false, 0)), 0);  // an alert: went offline
      }
      HeadlessHub hh(size);
      hh.side.event_standings = {t};
      hh.side.event_standings_note = "standings as last read; the record cannot be read now (hub.db: event club "
                                     "does not read (hub.db:2:9: Message type \"tabula.event.file.Event\" has no "
                                     "field named \"section\".))";
      for (int i = 0; i < 8; ++i) hh.side.ladder.push_back({"Ann" + std::to_string(i), 1500.0 - i, 1});
      // Settled: the boxes take the heights measured in the frame before,
      // and a scroll bar shows a frame after its content outgrew the box.
      for (int i = 0; i < 6; ++i) hh.frame(model, {-1, -1}, false);
      const std::string where = std::to_string(static_cast<int>(size.x)) + "x" + std::to_string(static_cast<int>(size.y)) +
                                ", " + std::to_string(boards) + " alerts";
      ImGuiWindow* panel = window_named("/##side_");
      ImGuiWindow* alerts = window_named("/##alerts_");
      ImGuiWindow* standings = window_named("/##standings_");
      ImGuiWindow* ladder = window_named("/##ladder_");
      ASSERT_TRUE(panel && alerts && standings && ladder) << where;
      const float h = panel->Size.y;
      EXPECT_LE(alerts->Size.y, h * kAlertShare + 1) << where;
      // Two alerts: as tall as they are (four lines and the padding), not a third of the panel.
      if (boards == 2) {
        EXPECT_LT(alerts->Size.y, 6 * ImGui::GetTextLineHeightWithSpacing()) << where;
      }
      // The standings: at least 40% of the panel, twelve rows and more.
      EXPECT_GE(standings->Size.y, h * 0.4f) << where;
      EXPECT_GE(standings->Size.y, 12 * ImGui::GetTextLineHeightWithSpacing()) << where;
      EXPECT_GE(ladder->Size.y, 2 * ImGui::GetTextLineHeightWithSpacing()) << where;
      EXPECT_EQ(clipped_windows(), std::vector<std::string>{}) << where;
    }
  }
}

// The text one frame of the hall screen writes (HubScreen::capture_text).
std::string frame_text(HeadlessHub& hh, const hub::HubModel& model) {
  std::string text;
  hh.screen.capture_text(&text);
  hh.frame(model, {-1, -1}, false);
  hh.screen.capture_text(nullptr);
  return text;
}

// The text of board `board` opened in full, a frame after it was opened (the
// boxes take the heights measured in the frame before).
std::string opened_text(HeadlessHub& hh, const hub::HubModel& model, const std::string& board) {
  hh.screen.open(board);
  hh.frame(model, {-1, -1}, false);
  return frame_text(hh, model);
}

// Session 27: the ladder wrote "1 games" and the header "1 boards". Each
// count the hall screen writes takes its noun's singular for one.
TEST(HubScreen, ACountOfOneTakesTheSingular) {
  hub::HubModel model("club");
  model.on_message("tabula/club/t1/state", hub::encode(played("chess", kScholarsMate, "t1")), 0);
  HeadlessHub hh({1920, 1080});
  hh.side.connected = true;
  hh.side.ladder = {{"Ann", 1516, 1}, {"Bob", 1484, 2}};
  hh.frame(model, {-1, -1}, false);  // settled: the boxes take the heights measured before
  const std::string one = frame_text(hh, model);
  EXPECT_NE(one.find("Tabula hub - club   1 board   broker connected"), std::string::npos) << one;
  EXPECT_NE(one.find("1. Ann | 1516 | 1 game |"), std::string::npos) << one;
  EXPECT_NE(one.find("2. Bob | 1484 | 2 games |"), std::string::npos) << one;
  EXPECT_EQ(one.find("1 games"), std::string::npos) << one;

  model.on_message("tabula/club/t2/state", hub::encode(played("chess", kScholarsMate, "t2")), 0);
  const std::string two = frame_text(hh, model);
  EXPECT_NE(two.find("Tabula hub - club   2 boards   broker connected"), std::string::npos) << two;

  const hub::BoardEntry* b = model.board("t1");
  ASSERT_TRUE(b);
  EXPECT_EQ(board_title(*b, 1), "t1  [1 alert]");
  EXPECT_EQ(board_title(*b, 2), "t1  [2 alerts]");
  RulesCache rules;
  std::string error;
  auto first = hub_view_of(played("chess", "1. e4\n", "t3"), rules, error);
  ASSERT_TRUE(first) << error;
  EXPECT_EQ(first->subtitle, "1 move");
  auto second = hub_view_of(played("chess", "1. e4 e5\n", "t3"), rules, error);
  ASSERT_TRUE(second) << error;
  EXPECT_EQ(second->subtitle, "2 moves");
}

// Session 27: a board whose state says it takes no actions (`tabula play`)
// shows why in place of the action buttons; another board keeps them.
TEST(HubScreen, ABoardThatTakesNoActionsSaysSoInPlaceOfTheButtons) {
  hub::HubModel model("club");
  hub::wire::BoardState st = played("chess", "1. e4 e5\n", "t1");
  st.set_takes_no_actions("this board runs tabula play, which replays a recorded trace and takes no arbiter "
                          "actions from the hub");
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  model.on_message("tabula/club/t2/state", hub::encode(played("chess", "1. e4 e5\n", "t2")), 0);
  HeadlessHub hh({1920, 1080});
  const std::string replayed = opened_text(hh, model, "t1");
  EXPECT_NE(replayed.find("No arbiter actions: this board runs tabula play, which replays a recorded trace and takes "
                          "no arbiter actions from the hub"),
            std::string::npos)
      << replayed;
  EXPECT_EQ(replayed.find("Arbiter actions (signed):"), std::string::npos) << replayed;
  EXPECT_EQ(replayed.find("[ Pause ]"), std::string::npos) << replayed;
  const std::string live = opened_text(hh, model, "t2");
  EXPECT_NE(live.find("Arbiter actions (signed):"), std::string::npos) << live;
  EXPECT_NE(live.find("[ Pause ]"), std::string::npos) << live;
  EXPECT_EQ(live.find("No arbiter actions"), std::string::npos) << live;
}

// Session 28: a board offline since before the hub started (no board answers
// its resend) shows the stream the tournament record kept, and says so; a
// board that sent its own shows that, as before.
TEST(HubScreen, AnOfflineBoardsStreamFromTheRecordIsShownAndSaidToBeFromIt) {
  hub::HubModel model("club");
  const hub::wire::BoardState st = played("chess", "1. e4 e5\n", "t1");
  model.restore_stream("t1", hub::testing::opening_stream(st.game_id(), "illegal", "Ng8-g6 is no knight move"));
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  model.on_message("tabula/club/t1/online", hub::encode(hub::make_presence(false, 0)), 0);
  model.on_message("tabula/club/t2/state", hub::encode(played("chess", "1. e4 e5\n", "t2")), 0);
  HeadlessHub hh({1920, 1080});
  const std::string offline = opened_text(hh, model, "t1");
  const std::size_t head = offline.find(
      "Stream (newest first), kept in the tournament record: the board is offline and has not sent it to this hub");
  ASSERT_NE(head, std::string::npos) << offline;
  const std::size_t ruling = offline.find("#3  illegal: Ng8-g6 is no knight move", head);
  const std::size_t second = offline.find("e7-e5", head);
  const std::size_t first = offline.find("e2-e4", head);
  EXPECT_NE(ruling, std::string::npos) << offline;
  EXPECT_LT(ruling, second) << "newest first";
  EXPECT_LT(second, first) << offline;
  EXPECT_NE(offline.find("Board t1 (offline)"), std::string::npos) << offline;
  const std::string other = opened_text(hh, model, "t2");
  EXPECT_NE(other.find("Stream (newest first):"), std::string::npos) << other;
  EXPECT_EQ(other.find("tournament record"), std::string::npos) << other;
}

// s30-words: the hall screen names the players beside their seats as the
// kiosk does: the board's line ("Ann (White) to move"), the stream's moves
// and its rulings ("Bob (Black) is in check from Ann (White)'s queen on h5");
// an unnamed seat stays as the board said it; the stream keeps the texts.
TEST(HubScreen, TheLineTheMovesAndTheRulingsNameThePlayersBesideTheirSeats) {
  hub::HubModel model("club");
  hub::wire::BoardState st = played("chess", "1. e4 e5\n", "t1");
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(1)->set_player("Bob");
  model.restore_stream("t1", hub::testing::opening_stream(
                                 st.game_id(), "info", "Black is in check from White's queen on h5; Blackmore is no seat"));
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  const hub::BoardEntry* b = model.board("t1");
  ASSERT_TRUE(b);
  EXPECT_EQ(board_summary(*b), "Ann (White) to move, move 2");
  EXPECT_EQ(with_players(st, "White's pawn on e2 to e4"), "Ann (White)'s pawn on e2 to e4");
  HeadlessHub hh({1920, 1080});
  const std::string text = opened_text(hh, model, "t1");
  EXPECT_NE(text.find("#3  info: Bob (Black) is in check from Ann (White)'s queen on h5; Blackmore is no seat"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("#2  1. Bob (Black) e7-e5"), std::string::npos) << text;
  EXPECT_NE(text.find("#1  1. Ann (White) e2-e4"), std::string::npos) << text;
  // s31-hall: the seat list in the same words ("White (Ann)" before).
  EXPECT_NE(text.find("> Ann (White)"), std::string::npos) << text;
  EXPECT_NE(text.find("  Bob (Black)"), std::string::npos) << text;
  EXPECT_EQ(text.find("White (Ann)"), std::string::npos) << text;
  EXPECT_EQ(b->shown_stream().back().ruling().text(), "Black is in check from White's queen on h5; Blackmore is no seat");
  st.mutable_seats(1)->set_player("");  // unnamed: as the board says it
  st.set_wall_ms(st.wall_ms() + 1);
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  hh.frame(model, {-1, -1}, false);
  const std::string one = frame_text(hh, model);
  EXPECT_NE(one.find("#3  info: Black is in check from Ann (White)'s queen on h5"), std::string::npos) << one;
  EXPECT_NE(one.find("#2  1. Black e7-e5"), std::string::npos) << one;
}

// s31-hall: the opened board's seat list after the end says how each seat
// stands in the kiosk's words, both partners of the winning team "won", and
// marks nobody to move (the last seat to move kept its ">").
TEST(HubScreen, AfterATeamsWinTheSeatListSaysHowEachSeatStands) {
  const char* teams = "[Variant \"Teams\"]\n[StartFen4 \"4PC\"]\n\n1. k2-k4 .. b9-c9 .. d13-d11 .. m8-l8\n2. R\n";
  hub::BoardInfo info{"club", "t4", {}};
  info.header.players = {"Ann", "Ben", "Cem", "Dee"};
  const hub::wire::BoardState st = played("chesscom-teams", teams, "t4", &info);
  ASSERT_TRUE(st.over());
  hub::HubModel model("club");
  model.on_message("tabula/club/t4/state", hub::encode(st), 0);
  HeadlessHub hh({1920, 1080});
  const std::string text = opened_text(hh, model, "t4");
  // Red resigned first: its team lost, Blue and Green won (VARIANTS.md).
  EXPECT_NE(text.find("\n  Ann (Red)  resigned\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  Ben (Blue)  won\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  Cem (Yellow)  lost\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  Dee (Green)  won\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n> "), std::string::npos) << text;
}

// s18-club: an alert the arbiter acknowledged leaves the open list (newest
// first) and is kept in the history, newest first; the side panel draws both
// and still fits.
TEST(HubScreen, AnAcknowledgedAlertLeavesTheOpenListAndIsKeptInTheHistory) {
  hub::HubModel model("club");
  for (const char* board : {"t1", "t2", "t3", "t4"}) {
    model.on_message(std::string("tabula/club/") + board + "/online", hub::encode(hub::make_presence(true, 0)), 0);
    model.on_message(std::string("tabula/club/") + board + "/online", hub::encode(hub::make_presence(false, 0)), 0);
  }
  ASSERT_EQ(model.alerts().size(), 4u);  // each board gone offline
  auto boards = [](const std::vector<const hub::Alert*>& list) {
    std::vector<std::string> out;
    for (const hub::Alert* a : list) out.push_back(a->board);
    return out;
  };
  AlertLists before = alert_lists(model, 50);
  EXPECT_EQ(boards(before.open), (std::vector<std::string>{"t4", "t3", "t2", "t1"}));
  EXPECT_TRUE(before.history.empty());
  model.acknowledge(model.alerts()[1].id);  // t2's
  model.acknowledge(model.alerts()[3].id);  // t4's
  AlertLists after = alert_lists(model, 50);
  EXPECT_EQ(boards(after.open), (std::vector<std::string>{"t3", "t1"}));
  EXPECT_EQ(boards(after.history), (std::vector<std::string>{"t4", "t2"}));
  EXPECT_EQ(after.open_count, 2u);
  EXPECT_EQ(after.history_count, 2u);
  // Only the newest `shown` of each are listed; the counts are of all.
  AlertLists one = alert_lists(model, 1);
  EXPECT_EQ(boards(one.open), (std::vector<std::string>{"t3"}));
  EXPECT_EQ(boards(one.history), (std::vector<std::string>{"t4"}));
  EXPECT_EQ(one.open_count, 2u);
  EXPECT_EQ(one.history_count, 2u);
  HeadlessHub hub({1280, 800}, 1.4f);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(hub.frame(model, {-1, -1}, false).empty());
  EXPECT_EQ(clipped_windows(), std::vector<std::string>{});
}

// Session 22: "records again" is an all-clear, written in a calm green; every
// other kind in the alarms' red (values of hub_screen.cpp's two colours).
TEST(HubScreen, AnAllClearIsWrittenCalmNotInTheAlarmsRed) {
  const ImVec4 calm = alert_colour(hub::AlertKind::kRecordsAgain);
  EXPECT_GT(calm.y, calm.x) << "green over red";
  EXPECT_GT(calm.y, calm.z);
  for (hub::AlertKind k : {hub::AlertKind::kNotRecording, hub::AlertKind::kRecordFailed, hub::AlertKind::kIllegalMove,
                           hub::AlertKind::kOffline, hub::AlertKind::kTwoSeats}) {
    const ImVec4 c = alert_colour(k);
    EXPECT_GT(c.x, c.y) << hub::to_string(k) << ": red over green";
    EXPECT_GT(c.x, c.z) << hub::to_string(k);
  }
}

// Whether done() holds within `within`, asked every `step`.
template <typename Done>
bool eventually(Done done, std::chrono::milliseconds within,
                std::chrono::milliseconds step = std::chrono::milliseconds(10)) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(step);
  }
  return true;
}

// Event "club" on four boards, one two-player section of eight (its games
// played when `played`), saved in a new tournament record at `record`.
::testing::AssertionResult saved_club(const std::string& record, bool played, event::Event& e) {
  e.name = "club";
  e.boards = event::sim::boards(4);
  event::Section s = event::sim::make_section(8, event::Format::kTwoPlayer, 2, 7);
  if (played) {
    if (std::string why = event::sim::play_all(s, 4, 3); !why.empty()) return ::testing::AssertionFailure() << why;
  }
  e.sections.push_back(s);
  event::EventStore store;
  if (!event::EventStore::open(record, store).ok()) return ::testing::AssertionFailure() << record << " does not open";
  if (!store.save(e).ok()) return ::testing::AssertionFailure() << "the event is not saved in " << record;
  return ::testing::AssertionSuccess();
}

// Another connection holding the tournament record so that no one reads it
// (WAL readers wait on no writer; a connection in exclusive locking mode,
// as a tool that opened the file so, shuts them out) until release(). It
// writes `text` as the event's file before it lets go.
class RecordHeld {
 public:
  RecordHeld(const std::string& path, const std::string& event, const std::string& text) {
    held_ = sqlite3_open(path.c_str(), &db_) == SQLITE_OK;
    sqlite3_busy_timeout(db_, 10000);  // the feed's read may be under way: it gets the lock once that is done
    held_ = held_ && sqlite3_exec(db_, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE", nullptr, nullptr,
                                  nullptr) == SQLITE_OK;
    sqlite3_stmt* st = nullptr;
    held_ = held_ && sqlite3_prepare_v2(db_, "UPDATE event_files SET text = ?1 WHERE name = ?2", -1, &st, nullptr) ==
                         SQLITE_OK;
    if (st != nullptr) {
      sqlite3_bind_text(st, 1, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
      sqlite3_bind_text(st, 2, event.c_str(), static_cast<int>(event.size()), SQLITE_TRANSIENT);
      held_ = held_ && sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(db_) == 1;
      sqlite3_finalize(st);
    }
    // Committed, and still held: exclusive locking mode keeps the lock
    // until the connection closes.
    held_ = held_ && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
  }
  RecordHeld(const RecordHeld&) = delete;
  RecordHeld& operator=(const RecordHeld&) = delete;
  ~RecordHeld() { release(); }
  bool held() const { return held_; }
  void release() {
    if (db_ != nullptr) sqlite3_close(db_);
    db_ = nullptr;
  }

 private:
  sqlite3* db_ = nullptr;
  bool held_ = false;
};

// Session 24: the hall screen read the event's standings from the record
// inside its frame every 2 s; a record no one could read (held in
// exclusive locking mode, a slow card, a network share) stalled that frame
// for SQLite's busy timeout. Now a worker reads them and the frame copies
// the last read: frames go on while the read waits, the standings read
// before stay up with a note, and the record's new standings are shown once
// it is free.
TEST(HubScreen, TheEventsStandingsAreReadOffTheFrameWhileTheRecordIsHeld) {
  using namespace std::chrono_literals;
  constexpr auto kBusy = 2000ms;  // journal::Database's busy timeout, which each read waits out
  ScratchDir dir;
  const std::string record = dir.file("event.db");
  event::Event e;
  ASSERT_TRUE(saved_club(record, /*played=*/true, e));
  event::Event later = e;  // what the record says once it is free
  later.sections[0].name = "later";

  EventStandingsFeed feed(record, "club", 50ms);
  ASSERT_TRUE(eventually([&] { return !feed.snapshot().tables.empty(); }, 30s));
  const std::string before = feed.snapshot().tables.at(0).title;
  EXPECT_NE(before.find("section open"), std::string::npos) << before;
  EXPECT_EQ(standings_note(feed.snapshot()), "");

  HeadlessHub hh({1600, 900});
  const hub::HubModel model("club");
  // One frame as tabula-hub-screen draws it: the feed's copy, then the screen.
  auto frame = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    EventStandingsFeed::Snapshot read = feed.snapshot();
    hh.side.event_standings_note = standings_note(read);
    hh.side.event_standings = std::move(read.tables);
    hh.frame(model, {0, 0}, false);
    return std::chrono::steady_clock::now() - t0;
  };

  RecordHeld other(record, "club", event::to_text(later));
  ASSERT_TRUE(other.held());
  const std::uint64_t failed_before = feed.snapshot().failures;
  std::chrono::steady_clock::duration longest{0};
  int frames = 0;
  // Frames while the worker's reads wait out the busy timeout and fail,
  // twice (each a full busy timeout: the record was held throughout).
  ASSERT_TRUE(eventually([&] {
    longest = std::max(longest, frame());
    ++frames;
    return feed.snapshot().failures >= failed_before + 2;
  }, 60s)) << "the record never refused a read";
  const auto longest_ms = std::chrono::duration_cast<std::chrono::milliseconds>(longest).count();
  RecordProperty("longest_frame_ms", static_cast<int>(longest_ms));
  RecordProperty("frames_while_held", frames);
  EXPECT_LT(longest, kBusy / 2) << "a frame waited on the record: " << longest_ms << " ms";
  EXPECT_GE(frames, 20) << "frames stopped while the read waited";
  // What was read before stays up, said to be the last read, and why.
  const EventStandingsFeed::Snapshot held = feed.snapshot();
  ASSERT_EQ(held.tables.size(), 1u);
  EXPECT_EQ(held.tables[0].title, before);
  EXPECT_EQ(standings_note(held).find("standings as last read; the record cannot be read now (" + record + ": "), 0u)
      << standings_note(held);
  EXPECT_NE(standings_note(held).find("another process holds"), std::string::npos) << standings_note(held);

  other.release();
  ASSERT_TRUE(eventually([&] {
    frame();
    const EventStandingsFeed::Snapshot now = feed.snapshot();
    return now.problem.empty() && !now.tables.empty() && now.tables[0].title.find("section later") != std::string::npos;
  }, 30s)) << feed.snapshot().problem;
  EXPECT_EQ(hh.side.event_standings.size(), 1u);
  EXPECT_EQ(hh.side.event_standings_note, "");
}

// Session 25: the feed's destructor joined its worker, so the screen's exit
// waited for the read under way: SQLite's busy timeout on a held record
// (2 s), without end on a hung network mount. Now the worker is detached
// with its own share of the state, and the destructor waits at most its
// exit_wait (100 ms); the worker ends by itself once its read returns.
TEST(HubScreen, TheStandingsFeedsExitDoesNotWaitForAReadUnderWay) {
  using namespace std::chrono_literals;
  ScratchDir dir;
  const std::string record = dir.file("event.db");
  event::Event e;
  ASSERT_TRUE(saved_club(record, /*played=*/false, e));
  const int running_before = EventStandingsFeed::workers_running();
  RecordHeld other(record, "club", event::to_text(e));
  ASSERT_TRUE(other.held());
  // Read after read (no pause between): once one has failed, the next is under way.
  auto feed = std::make_unique<EventStandingsFeed>(record, "club", 0ms);
  ASSERT_TRUE(eventually([&] { return feed->snapshot().failures >= 1; }, 60s, 5ms))
      << "the record never refused a read";
  const auto t0 = std::chrono::steady_clock::now();
  feed.reset();
  const auto exit_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
  RecordProperty("exit_ms", static_cast<int>(exit_ms.count()));
  // A read waits the record's 2 s busy timeout; the exit waits 100 ms at most
  // (the bound leaves a loaded machine room; joining the read took ~2 s).
  EXPECT_LT(exit_ms, 1000ms) << "the exit waited for the read: " << exit_ms.count() << " ms";
  // The worker ends on its own once the read returns (the record freed).
  other.release();
  EXPECT_TRUE(eventually([&] { return EventStandingsFeed::workers_running() == running_before; }, 30s, 5ms))
      << EventStandingsFeed::workers_running() << " workers still run";
  // A feed between reads ends at once too (its worker is waiting, not reading).
  auto idle = std::make_unique<EventStandingsFeed>(record, "club", 60s);
  ASSERT_TRUE(eventually([&] { return idle->snapshot().reads >= 1; }, 30s, 5ms));
  idle.reset();
  EXPECT_TRUE(eventually([&] { return EventStandingsFeed::workers_running() == running_before; }, 5s, 5ms));
}

// A record that cannot be the event's: nothing shown, and the note says why.
TEST(HubScreen, TheStandingsNoteSaysWhyARecordCannotBeRead) {
  using namespace std::chrono_literals;
  ScratchDir dir;
  const std::string foreign = dir.file("not-a-record.db");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(foreign.c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES(1)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  journal::JournalStatus st;
  EXPECT_TRUE(event::standings_in_record(foreign, "club", st).empty());
  EXPECT_EQ(st.message, foreign + ": not a tournament record");
  EXPECT_TRUE(event::standings_in_record(dir.file("none.db"), "club", st).empty());
  EXPECT_FALSE(st.ok());
  {
    hub::TournamentRecord r;  // a record no event was kept in: good, and nothing to show
    ASSERT_TRUE(hub::TournamentRecord::open(dir.file("record.db"), r).ok());
  }
  EXPECT_TRUE(event::standings_in_record(dir.file("record.db"), "club", st).empty());
  EXPECT_TRUE(st.ok()) << st.message;

  EventStandingsFeed feed(foreign, "club", 50ms);
  const auto until = std::chrono::steady_clock::now() + 30s;
  while (feed.snapshot().reads == 0 && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(10ms);
  const EventStandingsFeed::Snapshot s = feed.snapshot();
  EXPECT_TRUE(s.tables.empty());
  EXPECT_EQ(standings_note(s), "no standings read yet; the record cannot be read now (" + foreign +
                                   ": not a tournament record)");
}

// s18-club: a picture of one board in full (the hall screen's screenshot).
// Session 29: an alert the tournament record kept over the hub's restart
// (an offline board's illegal move) is listed open, and says where it
// comes from; one the arbiter acknowledged before is in the History.
TEST(HubScreen, AnAlertKeptInTheRecordIsListedOpenAndSaysSo) {
  hub::HubModel model("club");
  EXPECT_EQ(model.restore_alerts({{"t1/g1/item/2", "t1", "illegal move", "board t1: Nb1-b3 is no knight move", 5,
                                   false, ""},
                                  {"t1/g1/item/3", "t1", "illegal move", "board t1: Ra1-a9 leaves the board", 6,
                                   true, ""}}),
            0u);
  model.on_message("tabula/club/t1/state", hub::encode(played("chess", "1. e4 e5\n", "t1")), 0);
  HeadlessHub hh({1920, 1080});
  hh.frame(model, {-1, -1}, false);
  const std::string text = frame_text(hh, model);
  EXPECT_NE(text.find("Alerts (1 open)"), std::string::npos) << text;
  EXPECT_NE(text.find("board t1: Nb1-b3 is no knight move (raised before the hub started, kept in the tournament "
                      "record)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("History (1 acknowledged)"), std::string::npos) << text;
}

// Session 29: a board's seat named "Wh##ite" had the adjudication button
// "Wh" on the opened board (ImGui's id separator), "Bl###ack" "Bl". Drawn
// whole now (ui/text_button.h); a line break or markup in a name is shown
// safely (the model's shown_text), 10 KB cut to the model's 40 characters.
TEST(HubScreen, ASeatNameHoldingImGuisIdSeparatorIsShownWholeOnItsButton) {
  hub::HubModel model("club");
  hub::wire::BoardState st = played("chess", "1. e4 e5\n", "t1");
  st.mutable_seats(0)->set_name("Wh##ite");
  st.mutable_seats(1)->set_name("Bl###ack");
  model.on_message("tabula/club/t1/state", hub::encode(st), 0);
  hub::wire::BoardState hostile = played("chess", "1. e4 e5\n", "t2");
  hostile.mutable_seats(0)->set_name("<b>Re##d</b>\nx");
  hostile.mutable_seats(1)->set_name(std::string(10 * 1024, 'y'));
  model.on_message("tabula/club/t2/state", hub::encode(hostile), 0);
  HeadlessHub hh({1920, 1080});
  const std::string text = opened_text(hh, model, "t1");
  EXPECT_NE(text.find("[ Wh##ite wins ]"), std::string::npos) << text;
  EXPECT_NE(text.find("[ Bl###ack wins ]"), std::string::npos) << text;
  EXPECT_NE(text.find("[ Pause ]"), std::string::npos) << text;
  const std::string other = opened_text(hh, model, "t2");
  EXPECT_NE(other.find("[ <b>Re##d</b><U+000A>x wins ]"), std::string::npos) << other;
  EXPECT_NE(other.find("[ " + std::string(40, 'y') + "... wins ]"), std::string::npos) << other;
}

TEST(HubScreenOptions, OpenNamesTheBoardShownInFullAndWantsAValue) {
  const char* with[] = {"--broker", "127.0.0.1", "--screenshot", "hall.png", "--open", "t3"};
  ParsedHubOptions p = parse_hub_options(with);
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.options.open, std::optional<std::string>("t3"));
  const char* without[] = {"--broker", "127.0.0.1"};
  EXPECT_EQ(parse_hub_options(without).options.open, std::nullopt);
  const char* bare[] = {"--broker", "127.0.0.1", "--open"};
  EXPECT_EQ(parse_hub_options(bare).error, "--open needs a value");
}

}  // namespace
}  // namespace tabula::ui
