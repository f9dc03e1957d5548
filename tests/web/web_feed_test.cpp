// The browser page's model (arbiter/hub/web): board JSON, the public delay,
// the round feeds. Pure: states are fed to a HubModel as the broker would
// deliver them.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include <stdlib.h>
#include <unistd.h>

#include "core/pgn.h"
#include "core/replay.h"
#include "hub/hub_model.h"
#include "hub/web/board_json.h"
#include "hub/web/event_feed.h"
#include "hub/web/json_writer.h"
#include "hub/web/round_feed.h"
#include "hub/web/standings_json.h"
#include "event/event_file.h"
#include "variants/variant_loader.h"

namespace tabula::hub::web {
namespace {

// A board's retained state as a board publishes it.
wire::BoardState state(const std::string& board, const std::string& variant, const std::string& position,
                       const std::vector<std::string>& record, int seats) {
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event("club");
  st.set_board(board);
  st.set_variant(variant);
  st.set_position(position);
  st.set_game_id("g-" + board);
  st.set_phase(wire::PHASE_PLAY);
  st.set_moves(static_cast<int>(record.size()));
  for (const std::string& m : record) st.add_record(m);
  if (!record.empty()) st.set_last_move(record.back());
  st.set_through_seq(record.size());
  st.set_wall_ms(1796000000000 + static_cast<std::int64_t>(record.size()));
  static const char* kNames[] = {"Red", "Blue", "Yellow", "Green"};
  for (int i = 0; i < seats; ++i) {
    wire::Seat* s = st.add_seats();
    s->set_name(seats == 2 ? (i == 0 ? "White" : "Black") : kNames[i]);
    s->set_status(wire::SEAT_STATUS_LIVE);
  }
  return st;
}

void deliver(HubModel& m, const wire::BoardState& st, std::int64_t now) {
  m.on_message("tabula/club/" + st.board() + "/state", st.SerializeAsString(), now);
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(JsonWriter, EscapesQuotesControlCharactersAndTheEndOfAScript) {
  EXPECT_EQ(json_quote("a\"b\\c\n\x01</script>"), "\"a\\\"b\\\\c\\n\\u0001\\u003c/script>\"");
  JsonWriter w;
  w.begin_object().key("a").value(1).key("b").begin_array().value(true).null().value("x").end_array().end_object();
  EXPECT_EQ(w.text(), "{\"a\":1,\"b\":[true,null,\"x\"]}");
}

TEST(BoardJson, TheChessBoardHasSixtyFourSquaresAndThirtyTwoPieces) {
  VariantCache cache;
  const std::string j = board_json(state("t1", "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                         {"e2-e4"}, 2),
                                   true, {}, 1, cache);
  EXPECT_EQ(count(j, "11111111"), 8) << j;
  EXPECT_EQ(count(j, "false]"), 32) << j;  // every piece live
  EXPECT_NE(j.find("\"last\":[[4,1],[4,3]]"), std::string::npos) << j;  // e2 -> e4
  EXPECT_NE(j.find("\"error\":\"\""), std::string::npos);
  EXPECT_NE(j.find("\"ledger\":\"\""), std::string::npos);  // chess keeps no ledger
}

// s31-hall: the page marked only the ranking's first "won" (the JSON had no
// teams): a team's partner showed nothing. "winners" is every seat that
// won, the ranking's first with its team, as the kiosk marks them.
TEST(BoardJson, AGameATeamWonNamesEveryWinnerInWinners) {
  VariantCache cache;
  auto winners = [&](const std::string& variant, int seats, const std::vector<int>& ranking, bool over = true,
                     bool draw = false) {
    const auto r = variants::load_id(variant);
    const std::string start = r.ok() ? r.rules->start_fen : "";
    wire::BoardState st = state("t1", variant, start, {}, seats);
    st.set_over(over);
    st.set_draw(draw);
    for (int s : ranking) st.add_ranking(s);
    const std::string j = board_json(st, true, {}, 1, cache);
    const std::size_t at = j.find("\"winners\":[");
    return at == std::string::npos ? std::string("no winners") : j.substr(at + 11, j.find(']', at) - at - 11);
  };
  // chess.com Teams (Red + Yellow against Blue + Green): Red out first, Blue
  // and Green win (VARIANTS.md, issue 31 item 5).
  EXPECT_EQ(winners("chesscom-teams", 4, {1, 3, 0, 2}), "1,3");
  // 001 Chess Four (White + Yellow against Black + Dark Brown), the winner
  // ranked first either way.
  EXPECT_EQ(winners("chess-four", 4, {2, 0, 1, 3}), "0,2");
  EXPECT_EQ(winners("chess-four", 4, {3, 1, 0, 2}), "1,3");
  // 003's first alliances (White + Blue, Black + Red) are no side at the
  // end: the winner by tokens alone (RULINGS 003).
  EXPECT_EQ(winners("allies-vassals", 4, {3, 0, 1, 2}), "3");
  // Everyone against everyone: the first alone.
  EXPECT_EQ(winners("chesscom-ffa", 4, {2, 0, 3, 1}), "2");
  EXPECT_EQ(winners("chess", 2, {1, 0}), "1");
  // None while playing, after a draw, or for a first the board has no seat for.
  EXPECT_EQ(winners("chess-four", 4, {0, 2, 1, 3}, /*over=*/false), "");
  EXPECT_EQ(winners("chess-four", 4, {}, true, /*draw=*/true), "");
  EXPECT_EQ(winners("chess-four", 4, {7, 0}), "");
  EXPECT_EQ(winners("chess-four", 4, {-1}), "");
  EXPECT_EQ(winners("chess", 2, {2, 0}), "");
  // A variant this service cannot read: the ranking's first, as before.
  EXPECT_EQ(winners("no-such-variant", 4, {2, 0}), "2");
}

// s30-words: the page's rulings name the players beside their seats as the
// kiosk does ("Ann (White) is in check"): each ruling's "said", only when a
// named player's seat is in it; "text" stays the board's own, word for word.
TEST(BoardJson, TheRulingsNameThePlayersBesideTheirSeatsInSaidAndKeepTheText) {
  VariantCache cache;
  wire::BoardState st = state("t1", "chess", "", {}, 2);
  st.mutable_seats(1)->set_player("Bob");
  const std::vector<RulingLine> rulings = {{"info", "Black is in check from White's queen on h5; Black to move"},
                                           {"info", "White's pawn on e2 to e4"},
                                           {"illegal", "Blackmore is no seat"}};
  const std::string j = board_json(st, true, rulings, 1, cache);
  EXPECT_NE(j.find("{\"severity\":\"info\",\"text\":\"Black is in check from White's queen on h5; Black to move\","
                   "\"said\":\"Bob (Black) is in check from White's queen on h5; Black to move\"}"),
            std::string::npos)
      << j;
  EXPECT_NE(j.find("{\"severity\":\"info\",\"text\":\"White's pawn on e2 to e4\"}"), std::string::npos) << j;
  EXPECT_NE(j.find("{\"severity\":\"illegal\",\"text\":\"Blackmore is no seat\"}"), std::string::npos) << j;
  st.mutable_seats(0)->set_player("Ann");
  const std::string both = board_json(st, true, {rulings[1]}, 1, cache);
  EXPECT_NE(both.find("\"said\":\"Ann (White)'s pawn on e2 to e4\""), std::string::npos) << both;
}

// Session 20: a board whose journal cannot be written says why in every
// state; the page's JSON carries it (app.js ends the line "NOT RECORDING
// (...)"), false for a board that records (and every board of before the
// field). Session 21: the board's words name the journal's file on the
// board's disk, so only the arbiter's view carries them (not_recording_why,
// cut at 300 bytes between characters); the public's says only that it is
// not recording.
TEST(BoardJson, ABoardThatIsNotRecordingSaysWhyToTheArbiterOnly) {
  VariantCache cache;
  wire::BoardState st = state("t1", "chess", "", {}, 2);
  EXPECT_NE(board_json(st, true, {}, 1, cache).find("\"not_recording\":false,"), std::string::npos);
  EXPECT_NE(board_json(st, true, {}, 1, cache, Audience::kArbiter).find("\"not_recording\":false,\"not_recording_why\":\"\""),
            std::string::npos);
  st.set_not_recording("/var/lib/tabula/game.db: while recording an input: I/O error (disk I/O error: No space left on device)");
  const std::string arbiter = board_json(st, true, {}, 1, cache, Audience::kArbiter);
  EXPECT_NE(arbiter.find("\"not_recording\":true,\"not_recording_why\":\"/var/lib/tabula/game.db: while recording an input: "
                         "I/O error (disk I/O error: No space left on device)\""),
            std::string::npos) << arbiter;
  const std::string spectators = board_json(st, true, {}, 1, cache);  // the public view is the default
  EXPECT_NE(spectators.find("\"not_recording\":true,"), std::string::npos) << spectators;
  EXPECT_EQ(spectators.find("not_recording_why"), std::string::npos) << spectators;
  EXPECT_EQ(spectators.find("game.db"), std::string::npos) << spectators;
  EXPECT_EQ(spectators.find("/var/lib"), std::string::npos) << spectators;
  EXPECT_EQ(spectators.find("No space"), std::string::npos) << spectators;
  std::string huge = "x";
  for (int i = 0; i < 400; ++i) huge += "\xc3\xa9";
  st.set_not_recording(huge);
  const std::string j = board_json(st, true, {}, 1, cache, Audience::kArbiter);
  const std::string field = "\"not_recording_why\":\"";
  const std::size_t at = j.find(field);
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = j.find('"', at + field.size());
  EXPECT_EQ(end - (at + field.size()), 299u) << "x and 149 two-byte characters";
}

// Session 28: a board that takes no arbiter actions (`tabula play`, its
// state's takes_no_actions, s27) says why in the arbiter's JSON; app.js shows
// "No arbiter actions: <why>" in place of the buttons. An old board's state
// (no field: the bytes of a state encoded without it) reads as taking
// actions (""); the public's view has no field (its page has no buttons);
// hostile words are shown as the hall screen shows them (core::shown_text:
// control characters named, at most 200 characters then "...").
TEST(BoardJson, ABoardThatTakesNoActionsSaysWhyInTheArbitersViewAndAnOldBoardTakesThem) {
  VariantCache cache;
  const wire::BoardState old_board = state("t1", "chess", "", {}, 2);
  wire::BoardState read_back;
  ASSERT_TRUE(read_back.ParseFromString(old_board.SerializeAsString()));
  EXPECT_NE(board_json(read_back, true, {}, 1, cache, Audience::kArbiter).find("\"takes_no_actions\":\"\""),
            std::string::npos);
  wire::BoardState play = old_board;
  play.set_takes_no_actions("this board runs tabula play, which replays a recorded trace and takes no arbiter "
                            "actions from the hub");
  const std::string arbiter = board_json(play, true, {}, 1, cache, Audience::kArbiter);
  EXPECT_NE(arbiter.find("\"takes_no_actions\":\"this board runs tabula play, which replays a recorded trace and "
                         "takes no arbiter actions from the hub\""),
            std::string::npos) << arbiter;
  EXPECT_EQ(board_json(play, true, {}, 1, cache).find("takes_no_actions"), std::string::npos);
  // Markup stays text (the JSON's \u003c; app.js writes it with textContent),
  // a control character is named, 10 KB is cut.
  play.set_takes_no_actions("<img src=x onerror=alert(1)>\x07" + std::string(10000, 'y'));
  const std::string hostile = board_json(play, true, {}, 1, cache, Audience::kArbiter);
  EXPECT_NE(hostile.find("\"takes_no_actions\":\"\\u003cimg src=x onerror=alert(1)>\\u003cU+0007>yyy"), std::string::npos)
      << hostile.substr(hostile.find("takes_no_actions"), 120);
  EXPECT_LT(hostile.size(), 2000u);
  EXPECT_NE(hostile.find("yyy...\""), std::string::npos);
}

// Session 21: through the page's model, as the service serves it: the
// spectators' boards (and their stream frames) never carry the journal's
// words, the arbiter's do; at a delay of 0 as at any other.
TEST(EventFeed, TheJournalsWordsReachTheArbitersViewNeverThePublics) {
  HubModel model("club");
  EventFeed feed(FeedSettings{});
  wire::BoardState st = state("t1", "chess", "", {}, 2);
  deliver(model, st, 1000);
  feed.observe(model, 1000);
  st.set_wall_ms(st.wall_ms() + 1);
  st.set_not_recording("/home/pi/games/t1.db: while recording an input: cannot open or write (attempt to write a "
                       "readonly database: Read-only file system)");
  deliver(model, st, 2000);
  feed.observe(model, 2000);
  ASSERT_EQ(feed.public_boards().count("t1"), 1u);
  const std::string& pub = feed.public_boards().at("t1").json;
  EXPECT_NE(pub.find("\"not_recording\":true"), std::string::npos) << pub;
  EXPECT_EQ(pub.find("t1.db"), std::string::npos) << pub;
  EXPECT_EQ(feed.public_boards().at("t1").frame.find("/home/pi"), std::string::npos);
  const std::string& live = feed.live_boards().at("t1").json;
  EXPECT_NE(live.find("\"not_recording_why\":\"/home/pi/games/t1.db: "), std::string::npos) << live;
  // Every frame the public streams were sent (the patch of the change too).
  std::string sent;
  ASSERT_TRUE(feed.log(false).since(0, sent));
  EXPECT_NE(sent.find("not_recording"), std::string::npos) << sent;
  EXPECT_EQ(sent.find("/home/pi"), std::string::npos) << sent;
}

// s17-club: the page said "Green" for a bot's seat; the JSON carries the bot
// (app.js seatName writes "bot, level 2 (Green)"), and "" for a person's seat
// and for every seat of a board of before the field.
TEST(BoardJson, ASeatABotPlaysCarriesTheBotsLevel) {
  VariantCache cache;
  wire::BoardState st = state("t1", "chesscom-ffa", "", {}, 4);
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(3)->set_bot("level 2");
  const std::string j = board_json(st, true, {}, 1, cache);
  EXPECT_NE(j.find("\"name\":\"Green\",\"player\":\"\",\"bot\":\"level 2\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"name\":\"Red\",\"player\":\"Ann\",\"bot\":\"\""), std::string::npos) << j;
  EXPECT_EQ(count(j, "\"bot\":\"\""), 3) << j;
  EXPECT_EQ(count(j, "\"colour\":\"\""), 4) << j;  // chess.com's seats: the page's colours by name
}

// s17-club: Chess Four's own seat colours (chess-four.txtpb; Black and Dark
// Brown looked alike) reach the page, which draws with them first.
TEST(BoardJson, AVariantsOwnSeatColoursGoToThePage) {
  VariantCache cache;
  const std::string j = board_json(state("t3", "chess-four", "", {}, 4), true, {}, 1, cache);
  EXPECT_NE(j.find("\"colour\":\"#2c2c34\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"colour\":\"#966225\""), std::string::npos) << j;
  EXPECT_EQ(count(j, "\"colour\":\"#"), 4) << j;
}

TEST(BoardJson, TheFourPlayerCrossHas160SquaresWithItsCornersCut) {
  // chess.com's board: 14x14 less four 3x3 corners = 160 squares.
  variants::LoadResult r = variants::load_id("chesscom-ffa");
  ASSERT_TRUE(r.ok()) << r.error_text();
  VariantCache cache;
  const std::string fen4 = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-"
                           "3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gR/bN,bP,10,gP,gN/"
                           "bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/"
                           "14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
  const std::string j = board_json(state("t2", "chesscom-ffa", fen4, {}, 4), true, {}, 1, cache);
  ASSERT_NE(j.find("\"error\":\"\""), std::string::npos) << j;
  int squares = 0;
  for (char c : j.substr(j.find("\"cells\""), j.find("\"ledger\"") - j.find("\"cells\""))) squares += c == '1';
  EXPECT_EQ(squares, 160);
  EXPECT_EQ(count(j, "\"K\","), 4);
  EXPECT_NE(j.find("\"ledger\":\"points\""), std::string::npos);  // chess.com FFA scores points
  EXPECT_EQ(count(j, ",false]"), 64);  // 16 pieces a seat, all live
}

TEST(BoardJson, AnEliminatedSeatsArmyIsDeadOnlyInAFourSeatGame) {
  VariantCache cache;
  wire::BoardState two = state("t1", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}, 2);
  two.mutable_seats(1)->set_status(wire::SEAT_STATUS_RESIGNED);
  EXPECT_EQ(count(board_json(two, true, {}, 1, cache), ",true]"), 0);  // chess: the loser's pieces are not "dead"
}

TEST(BoardJson, AnUnknownVariantIsListedWithTheReason) {
  VariantCache cache;
  const std::string j = board_json(state("t9", "no-such-variant", "x", {}, 2), std::nullopt, {}, 3, cache);
  EXPECT_NE(j.find("\"board\":\"t9\""), std::string::npos);
  EXPECT_NE(j.find("no-such-variant"), std::string::npos);
  EXPECT_NE(j.find("\"round\":3"), std::string::npos);
  EXPECT_NE(j.find("\"online\":null"), std::string::npos);
}

TEST(BoardJson, BipartiteSquaresAreNamedInItsOwnNotation) {
  variants::LoadResult r = variants::load_id("bipartite");
  ASSERT_TRUE(r.ok()) << r.error_text();
  // 004: rows A.. from the top, columns 1.. from the left; coordinate names work too.
  std::vector<std::pair<int, int>> sq = squares_named(*r.rules, "a1-b2");
  ASSERT_EQ(sq.size(), 2u);
  EXPECT_EQ(sq[0], (std::pair<int, int>{0, 0}));
  EXPECT_TRUE(squares_named(*r.rules, "O-O").empty());
}

TEST(RoundFeed, ClocksAndDatesAreWrittenAsBroadcastsReadThem) {
  EXPECT_EQ(clk_comment(3723999), "[%clk 1:02:03]");
  EXPECT_EQ(clk_comment(59000), "[%clk 0:00:59]");
  EXPECT_EQ(clk_comment(-5), "[%clk 0:00:00]");
  EXPECT_EQ(pgn_date(0), "????.??.??");
  EXPECT_EQ(pgn_date(1796342400000), "2026.12.04");  // date -u -d @1796342400: 2026-12-04T00:00:00Z
  EXPECT_TRUE(natural_less("t2", "t10"));
  EXPECT_FALSE(natural_less("t10", "t2"));
  EXPECT_TRUE(natural_less("a", "b"));
}

TEST(RoundFeed, ATwoSeatGameIsStandardPgnWithSanClocksAndTheBoardsResult) {
  wire::BoardState st = state("t1", "chess", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
                              {"e2-e4", "e7-e5", "Bf1-c4", "Nb8-c6", "Qd1-h5", "Ng8-f6", "Qh5xf7#"}, 2);
  st.set_over(true);
  st.add_ranking(0);
  st.add_ranking(1);
  st.set_result_reason("checkmate");
  st.mutable_seats(0)->set_player("Ann");
  ClockMarks clocks{{1, 600000}, {7, 61500}};
  std::string error;
  const std::string pgn = game_record(st, "Club night", 2, clocks, error);
  EXPECT_EQ(error, "");
  EXPECT_NE(pgn.find("[White \"Ann\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Black \"?\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Round \"2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos) << pgn;
  // The scholar's mate in SAN, as every chess program writes it.
  EXPECT_NE(pgn.find("1. e4 {[%clk 0:10:00]} e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {[%clk 0:01:01]} 1-0"), std::string::npos)
      << pgn;
  auto parsed = core::parse_pgn(pgn);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->front().result, "1-0");
}

TEST(RoundFeed, AGameEndedOffTheRecordIsClosedAsTheBoardSays) {
  wire::BoardState st = state("t1", "chess", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
                              {"e2-e4", "e7-e5"}, 2);
  st.set_over(true);
  st.set_draw(true);
  st.set_result_reason("draw agreed");
  std::string error;
  const std::string pgn = game_record(st, "e", 1, {}, error);
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. e4 e5 1/2-1/2"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"draw agreed\"]"), std::string::npos) << pgn;
}

TEST(RoundFeed, ARecordThatDoesNotReplayStillGivesTagsAndSaysWhy) {
  wire::BoardState st = state("t1", "chess", "8/8/8/8/8/8/8/8 w - - 0 1", {"e2-e4", "e2-e4"}, 2);
  std::string error;
  const std::string pgn = game_record(st, "e", 1, {}, error);
  EXPECT_NE(error, "");
  EXPECT_NE(pgn.find("[Board \"t1\"]"), std::string::npos);
  EXPECT_NE(pgn.find("{the record does not replay here:"), std::string::npos) << pgn;
  auto parsed = core::parse_pgn(pgn);
  EXPECT_TRUE(parsed.ok()) << pgn;  // still a well-formed PGN
}

TEST(RoundFeed, AHostileNameInARecordThatDoesNotReplayStaysInsideItsTag) {
  // s10-attack's finding: the tags of a record that does not replay were
  // written raw, so a quote and a line break in the event's name made tags of
  // their own. Every value goes through core::pgn_tag_line as write_pgn's do.
  wire::BoardState st = state("t1", "chess", "8/8/8/8/8/8/8/8 w - - 0 1", {"e2-e4", "e2-e4"}, 2);
  std::string error;
  const std::string pgn = game_record(st, "Open\"]\n[Result \"1-0", 1, {}, error);
  EXPECT_NE(error, "");
  EXPECT_EQ(pgn.find("\n[Result \"1-0\"]"), std::string::npos) << pgn;
  auto parsed = core::parse_pgn(pgn);
  ASSERT_TRUE(parsed.ok()) << pgn;
  ASSERT_EQ(parsed->size(), 1u);
  std::string event;
  int results = 0;
  for (const core::PgnTag& t : parsed->front().tags) {
    if (t.name == "Event") event = t.value;
    if (t.name == "Result") {
      ++results;
      EXPECT_EQ(t.value, "*") << pgn;  // the roster's own, not the name's "1-0"
    }
  }
  EXPECT_EQ(results, 1) << pgn;
  EXPECT_EQ(event, "Open\"] [Result \"1-0") << pgn;  // the line break a space, the quotes kept escaped
}

TEST(RoundFeed, AFourSeatRoundIsPgn4ThatReplaysToTheBoardsPosition) {
  variants::LoadResult r = variants::load_id("chesscom-ffa", "4PC");
  ASSERT_TRUE(r.ok()) << r.error_text();
  wire::BoardState st = state("t3", "chesscom-ffa", "", {"k2-k4", "b9-c9", "d13-d11", "m8-l8"}, 4);
  st.set_start_position("4PC");
  std::string error;
  const std::string pgn4 = game_record(st, "club", 1, {}, error);
  ASSERT_EQ(error, "") << pgn4;
  EXPECT_NE(pgn4.find("1. k2-k4 .. b9-c9 .. d13-d11 .. m8-l8"), std::string::npos) << pgn4;
  EXPECT_NE(pgn4.find("[StartFen4 \"4PC\"]"), std::string::npos) << pgn4;
  auto parsed = core::parse_pgn(pgn4);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->front().moves.size(), 4u);
}

// Session 14: a player named "Ann - Marie" made the round feed's points
// ledger read as five seats; it now names the seats, the seat tags say who.
TEST(RoundFeed, AFourSeatLedgerNamesTheSeatsWhenANameWouldSplitIt) {
  wire::BoardState st = state("t3", "chesscom-ffa", "", {"k2-k4", "b9-c9", "d13-d11", "m8-l8"}, 4);
  st.set_start_position("4PC");
  const char* players[] = {"Ann - Marie", "Bob", "Dr: Cem", "Dee"};
  for (int i = 0; i < 4; ++i) st.mutable_seats(i)->set_player(players[i]);
  std::string error;
  const std::string pgn4 = game_record(st, "club", 1, {}, error);
  ASSERT_EQ(error, "") << pgn4;
  auto parsed = core::parse_pgn(pgn4);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->front().tag("Result"), "Red: 0 - Blue: 0 - Yellow: 0 - Green: 0") << pgn4;
  EXPECT_EQ(parsed->front().tag("Red"), "Ann - Marie");
  EXPECT_EQ(parsed->front().tag("Yellow"), "Dr: Cem");
  // Names that split nothing stay in the ledger.
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(2)->set_player("Cem");
  auto plain = core::parse_pgn(game_record(st, "club", 1, {}, error));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->front().tag("Result"), "Ann: 0 - Bob: 0 - Cem: 0 - Dee: 0");
}

TEST(EventFeed, ThePublicSeesAChangeOnlyAfterTheDelayTheArbiterAtOnce) {
  HubModel model("club");
  FeedSettings s;
  s.delay_ms = 5000;
  EventFeed feed(s);
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  deliver(model, state("t1", "chess", start, {}, 2), 1000);
  feed.observe(model, 1000);
  EXPECT_EQ(feed.live_boards().count("t1"), 1u);
  EXPECT_EQ(feed.public_boards().count("t1"), 0u);  // not yet 5 s old
  deliver(model, state("t1", "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", {"e2-e4"}, 2),
          3000);
  feed.observe(model, 3000);
  EXPECT_NE(feed.live_boards().at("t1").json.find("\"moves\":1"), std::string::npos);
  feed.observe(model, 5999);
  EXPECT_EQ(feed.public_boards().count("t1"), 0u);
  feed.observe(model, 6000);  // the first state is 5 s old
  ASSERT_EQ(feed.public_boards().count("t1"), 1u);
  EXPECT_NE(feed.public_boards().at("t1").json.find("\"moves\":0"), std::string::npos);
  EXPECT_EQ(feed.round_text(1, false).find("e4"), std::string::npos);  // the feed is held back too
  feed.observe(model, 8000);
  EXPECT_NE(feed.public_boards().at("t1").json.find("\"moves\":1"), std::string::npos);
  EXPECT_NE(feed.round_text(1, false).find("1. e4 *"), std::string::npos) << feed.round_text(1, false);
}

TEST(EventFeed, ABoardChangingFasterThanItsBoundSkipsAheadButShowsTheNewest) {
  HubModel model("club");
  FeedSettings s;
  s.delay_ms = 1000;
  s.max_samples = 4;
  EventFeed feed(s);
  std::vector<std::string> record;
  const char* moves[] = {"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6", "Bb5-a4", "Ng8-f6"};
  for (int i = 0; i < 8; ++i) {
    record.push_back(moves[i]);
    wire::BoardState st = state("t1", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", record, 2);
    deliver(model, st, 100 + i * 10);
    feed.observe(model, 100 + i * 10);
  }
  feed.observe(model, 5000);
  EXPECT_NE(feed.public_boards().at("t1").json.find("\"moves\":8"), std::string::npos);
}

// Session 30: the delay held each board's changes bounded in count (4,096),
// not in bytes: an open broker's made-up boards could hold gigabytes (4,096
// changes of up to 1 MiB, 1,000 boards). Now also in bytes, a board's and
// all boards'; a merge is counted, said once a board in the log and on the
// arbiter's page, and the newest change is never lost.
TEST(EventFeed, TheDelayHoldsAtMostItsBytesABoardAndInAllAndSaysWhatItMerged) {
  HubModel model("club");
  FeedSettings s;
  s.delay_ms = 60000;
  s.max_board_bytes = 256 * 1024;
  s.max_bytes = 1024 * 1024;
  EventFeed feed(s);
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  // A big change: a record of 400 moves of 60 characters (about 45 KB held).
  auto big = [&](const std::string& board, int n) {
    std::vector<std::string> record;
    for (int i = 0; i < 400; ++i) record.push_back("m" + std::to_string(n) + "-" + std::string(56, 'x'));
    wire::BoardState st = state(board, "chess", start, record, 2);
    st.set_moves(n);  // a change
    st.set_wall_ms(1796000000000 + n);
    return st;
  };
  // A quiet board: two changes, far within every bound.
  deliver(model, state("quiet", "chess", start, {"e2-e4"}, 2), 1);
  feed.observe(model, 1);
  std::int64_t now = 10;
  // One flooding board: 100 changes.
  for (int n = 1; n <= 100; ++n, ++now) {
    deliver(model, big("flood", n), now);
    feed.observe(model, now);
    EXPECT_LE(feed.held_bytes(), s.max_board_bytes + 64 * 1024) << "change " << n;
  }
  EXPECT_GT(feed.merged("flood"), 80u);
  EXPECT_EQ(feed.merged("quiet"), 0u);
  std::vector<std::string> log = feed.take_log();
  ASSERT_EQ(log.size(), 1u) << "said once a board";
  EXPECT_EQ(log[0],
            "the public delay holds more of board flood's changes than its 256 KiB a board: its oldest inside the "
            "delay are merged away, so the spectators' view of it skips ahead (counted on the arbiter's page; said "
            "once a board)");
  EXPECT_TRUE(feed.take_log().empty());
  EXPECT_NE(feed.live_boards().at("flood").json.find("\"moves\":100"), std::string::npos) << "the newest is live";
  // Many boards, each within its own bound: all of them within the whole.
  for (int b = 0; b < 12; ++b) {
    for (int n = 1; n <= 4; ++n, ++now) {
      deliver(model, big("b" + std::to_string(b), n), now);
      feed.observe(model, now);
      EXPECT_LE(feed.held_bytes(), s.max_bytes + 64 * 1024) << "board " << b << " change " << n;
    }
  }
  EXPECT_EQ(feed.merged("quiet"), 0u) << "the largest holders lose their oldest, not a quiet board";
  log = feed.take_log();
  ASSERT_FALSE(log.empty());
  EXPECT_NE(log[0].find("than its 1 MiB of all boards"), std::string::npos) << log[0];
  const std::string note = feed.delay_note();
  EXPECT_EQ(note.rfind("the public delay merged away " + std::to_string(feed.merged()) + " changes of ", 0), 0u) << note;
  EXPECT_NE(note.find("(4096 changes or 256 KiB a board, 1 MiB in all): the spectators saw them skip ahead (flood "),
            std::string::npos)
      << note;
  // Past the delay the public shows each board's newest change: nothing of
  // what the boards sent last is lost.
  feed.observe(model, now + 60000);
  EXPECT_NE(feed.public_boards().at("flood").json.find("\"moves\":100"), std::string::npos);
  EXPECT_NE(feed.public_boards().at("b11").json.find("\"moves\":4"), std::string::npos);
  EXPECT_LT(feed.held_bytes(), 14 * 64 * 1024u) << "one change a board once due";
}

TEST(EventFeed, TheRoundsFeedsSplitTwoSeatAndFourSeatBoardsInTableOrder) {
  HubModel model("club");
  EventFeed feed(FeedSettings{});
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  deliver(model, state("t10", "chess", start, {"d2-d4"}, 2), 1);
  deliver(model, state("t2", "chess", start, {"c2-c4"}, 2), 1);
  wire::BoardState four = state("t3", "chesscom-ffa", "", {"k2-k4"}, 4);
  four.set_start_position("4PC");
  four.set_round(2);
  deliver(model, four, 1);
  feed.observe(model, 10);
  EXPECT_EQ(feed.rounds(), (std::set<int>{1, 2}));
  const std::string r1 = feed.round_text(1, false);
  ASSERT_NE(r1.find("1. c4"), std::string::npos) << r1;
  EXPECT_LT(r1.find("1. c4"), r1.find("1. d4"));  // t2 before t10
  EXPECT_EQ(feed.round_text(1, true), "");
  EXPECT_NE(feed.round_text(2, true).find("1. k2-k4"), std::string::npos);
}


// Session 25: /api/standings read the event file in the server's thread
// that answered the request, under one lock: a file on a hung network mount
// held that request and queued every later one. Now a reader of its own
// reads it; json() copies the last read, and neither it nor the destructor
// waits for a read that does not return.
TEST(StandingsFile, ARequestNeverWaitsForAReadThatDoesNotReturn) {
  using namespace std::chrono_literals;
  struct Gate {
    std::mutex m;
    std::condition_variable cv;
    bool open = false;
    std::atomic<int> reads{0};
    std::atomic<bool> returned{false};
  };
  auto gate = std::make_shared<Gate>();
  // A reader whose first read hangs (a network mount that does not answer).
  StandingsFile::Reader hung = [gate](const std::string&, StandingsFile::Seen& seen) {
    ++gate->reads;
    std::unique_lock lock(gate->m);
    gate->cv.wait(lock, [&] { return gate->open; });
    gate->returned = true;
    seen = StandingsFile::Seen{1, 0, 10};
    return std::string(R"({"event":"club","error":"","sections":[]})");
  };
  auto file = std::make_unique<StandingsFile>("/net/hub/club.event", 1s, 50ms, hung);
  for (int i = 0; i < 200 && gate->reads == 0; ++i) std::this_thread::sleep_for(5ms);
  ASSERT_EQ(gate->reads, 1);
  auto longest = 0ms;
  std::string json;
  for (int i = 0; i < 5; ++i) {  // requests while the read hangs
    const auto t0 = std::chrono::steady_clock::now();
    json = file->json();
    longest = std::max(longest, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0));
  }
  EXPECT_LT(longest, 1000ms) << "a request waited for the read";
  EXPECT_EQ(json, R"j({"event":"","error":"/net/hub/club.event: not read yet (its first read is under way)","sections":[]})j");
  const auto t0 = std::chrono::steady_clock::now();
  file.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1000ms) << "the exit waited for the read";
  EXPECT_FALSE(gate->returned);
  {
    std::lock_guard lock(gate->m);
    gate->open = true;
  }
  gate->cv.notify_all();
  for (int i = 0; i < 400 && !gate->returned; ++i) std::this_thread::sleep_for(5ms);
  EXPECT_TRUE(gate->returned);
  EXPECT_EQ(gate->reads, 1) << "the reader stopped after its read returned";
}

// The real reader: a missing file, a file that is no event, the event's
// standings, a change; the last good standings stay while the file is gone.
TEST(StandingsFile, ReadsTheEventFileOffTheRequestAndKeepsTheLastGoodRead) {
  using namespace std::chrono_literals;
  char dir_template[] = "/tmp/tabula-standings-XXXXXX";
  ASSERT_NE(::mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  const std::string path = dir + "/club.event";
  auto eventually = [](auto done) {
    for (int i = 0; i < 3000 && !done(); ++i) std::this_thread::sleep_for(10ms);
    return done();
  };
  {
    StandingsFile missing(path, 20ms);
    EXPECT_EQ(missing.json(), R"({"event":"","error":")" + path + R"(: cannot read the event file","sections":[]})");
  }
  {
    std::ofstream(path) << "this is no event";
    StandingsFile bad(path, 20ms);
    const std::string j = bad.json();
    EXPECT_NE(j.find(R"("error":")" + path), std::string::npos) << j;
    EXPECT_NE(j.find(R"("sections":[])"), std::string::npos) << j;
  }
  event::Event e;
  e.name = "club";
  event::Section s;
  s.name = "ffa";
  s.variant = "chess";
  s.format = event::Format::kTwoPlayer;
  s.rounds = 1;
  e.sections.push_back(s);
  std::string error;
  ASSERT_TRUE(event::save_event(e, path, error)) << error;
  StandingsFile file(path, 20ms);
  ASSERT_TRUE(eventually([&] { return file.json().find(R"("event":"club","error":"")") != std::string::npos; }))
      << file.json();
  EXPECT_NE(file.json().find(R"("name":"ffa")"), std::string::npos) << file.json();
  e.sections[0].name = "later";
  ASSERT_TRUE(event::save_event(e, path, error)) << error;
  EXPECT_TRUE(eventually([&] { return file.json().find(R"("name":"later")") != std::string::npos; })) << file.json();
  ::unlink(path.c_str());
  std::this_thread::sleep_for(200ms);  // reads of a missing file
  EXPECT_NE(file.json().find(R"("name":"later")"), std::string::npos) << file.json();
  ::rmdir(dir.c_str());
}

}  // namespace
}  // namespace tabula::hub::web
