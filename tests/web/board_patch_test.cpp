// board_patch.h: what a spectator's stream is sent of a board's change, and
// stream_log.h: the frames every stream is sent, encoded once. The expected
// patches are written out by hand from the board JSON's shape (board_json.h).
#include <gtest/gtest.h>

#include "hub/hub_model.h"
#include "hub/web/board_patch.h"
#include "hub/web/event_feed.h"
#include "hub/web/stream_log.h"

namespace tabula::hub::web {
namespace {

TEST(BoardPatch, AMoveSendsTheFieldsThatChangedAndItsSquaresNotTheWholeBoard) {
  const std::string before =
      R"({"board":"t1","variant":"chess","pieces":[[4,1,0,"P",false],[3,6,1,"P",false],[4,7,1,"K",false],)"
      R"([4,0,0,"K",false]],"last":null,"moves":0,"seats":[{"name":"White","clock_ms":60000}]})";
  const std::string after =
      R"({"board":"t1","variant":"chess","pieces":[[4,0,0,"K",false],[4,3,0,"P",false],[3,6,1,"P",false],)"
      R"([4,7,1,"K",false]],"last":[[4,1],[4,3]],"moves":1,"seats":[{"name":"White","clock_ms":59000}]})";
  EXPECT_EQ(board_patch(before, after),
            R"({"board":"t1","pieces_del":[[4,1]],"pieces_add":[[4,3,0,"P",false]],"last":[[4,1],[4,3]],)"
            R"("moves":1,"seats":[{"name":"White","clock_ms":59000}]})");  // one seat: whole is shorter
}

TEST(BoardPatch, OnlyTheSeatsThatChangedAreSent) {
  const std::string seats = R"({"name":"Red","player":"Ann","status":"live","points":0,"clock_ms":60000},)"
                            R"({"name":"Blue","player":"Bob","status":"live","points":0,"clock_ms":60000},)"
                            R"({"name":"Yellow","player":"Cid","status":"live","points":0,"clock_ms":60000})";
  const std::string after = R"({"name":"Red","player":"Ann","status":"live","points":0,"clock_ms":60000},)"
                            R"({"name":"Blue","player":"Bob","status":"live","points":3,"clock_ms":57500},)"
                            R"({"name":"Yellow","player":"Cid","status":"live","points":0,"clock_ms":60000})";
  EXPECT_EQ(board_patch(R"({"board":"t2","seats":[)" + seats + "]}", R"({"board":"t2","seats":[)" + after + "]}"),
            R"({"board":"t2","seats_at":[[1,{"name":"Blue","player":"Bob","status":"live","points":3,"clock_ms":57500}]]})");
  // A seat more or fewer: the seats go whole.
  const std::string two = R"({"name":"Red","player":"Ann","status":"live","points":0,"clock_ms":60000},)"
                          R"({"name":"Blue","player":"Bob","status":"live","points":3,"clock_ms":57500})";
  EXPECT_EQ(board_patch(R"({"board":"t2","seats":[)" + seats + "]}", R"({"board":"t2","seats":[)" + two + "]}"),
            R"({"board":"t2","seats":[)" + two + "]}");
}

TEST(BoardPatch, ACaptureAddsThePieceOnTheSquareTakenAndEmptiesTheSquareLeft) {
  const std::string pieces_before =
      R"([[0,0,0,"R",false],[4,3,0,"P",false],[3,4,1,"P",false],[7,7,1,"R",false],[4,0,0,"K",false],[4,7,1,"K",false]])";
  const std::string pieces_after =
      R"([[0,0,0,"R",false],[4,0,0,"K",false],[3,4,0,"P",false],[7,7,1,"R",false],[4,7,1,"K",false]])";
  EXPECT_EQ(board_patch(R"({"board":"t1","pieces":)" + pieces_before + "}", R"({"board":"t1","pieces":)" + pieces_after + "}"),
            R"({"board":"t1","pieces_del":[[4,3]],"pieces_add":[[3,4,0,"P",false]]})");
}

TEST(BoardPatch, AFieldWhoseTextHoldsCommasBracketsAndQuotesIsSentWhole) {
  const std::string before = R"({"board":"t\"1","rulings":[],"over":false})";
  const std::string after = R"({"board":"t\"1","rulings":[{"severity":"info","text":"a \"b\", ]} [c"}],"over":false})";
  EXPECT_EQ(board_patch(before, after), R"({"board":"t\"1","rulings":[{"severity":"info","text":"a \"b\", ]} [c"}]})");
  // A few pieces changing more than the delta saves go whole.
  EXPECT_EQ(board_patch(R"({"board":"t1","pieces":[[1,1,0,"K",false]]})", R"({"board":"t1","pieces":[]})"),
            R"({"board":"t1","pieces":[]})");
}

TEST(BoardPatch, BoardsWithOtherFieldsOrTextThatIsNotAnObjectGetNoPatch) {
  // A variant that stopped reading loses its geometry's fields: the whole board goes.
  EXPECT_EQ(board_patch(R"({"board":"t1","w":8,"moves":1})", R"({"board":"t1","moves":2})"), "");
  EXPECT_EQ(board_patch(R"({"board":"t1","w":8})", R"({"board":"t1","h":8})"), "");
  EXPECT_EQ(board_patch(R"({"moves":1})", R"({"moves":2})"), "");  // no board named
  EXPECT_EQ(board_patch(R"({"board":"t1","moves":1})", R"({"board":"t1","moves":2)"), "");     // cut short
  EXPECT_EQ(board_patch(R"({"board":"t1","moves":1})", R"({"board":"t1","moves":2}x)"), "");  // trailing text
  EXPECT_EQ(board_patch(R"([1,2])", R"({"board":"t1"})"), "");
  EXPECT_EQ(board_patch(R"({"board":"t1","text":"unended})", R"({"board":"t1","text":"x"})"), "");
  EXPECT_EQ(board_patch("", ""), "");
}

TEST(StreamLog, AStreamIsSentEveryFrameAfterItsLastInOrderOrToldItFellTooFarBehind) {
  StreamLog log(3, 1000);
  EXPECT_EQ(log.last(), 0u);
  EXPECT_EQ(log.append("a;"), 1u);
  log.append("b;");
  log.append("c;");
  std::string out;
  EXPECT_TRUE(log.since(0, out));
  EXPECT_EQ(out, "a;b;c;");
  out.clear();
  EXPECT_TRUE(log.since(2, out));
  EXPECT_EQ(out, "c;");
  out.clear();
  EXPECT_TRUE(log.since(3, out));  // up to date: nothing
  EXPECT_EQ(out, "");
  log.append("d;");  // the fourth drops the first (3 frames held)
  EXPECT_FALSE(log.since(0, out));
  EXPECT_EQ(out, "");
  EXPECT_TRUE(log.since(1, out));
  EXPECT_EQ(out, "b;c;d;");
  out.clear();
  EXPECT_FALSE(log.since(1, out, 5));  // 6 bytes behind, the caller's whole state is 5
  EXPECT_TRUE(log.since(1, out, 6));
  // Bounded by bytes too: one frame larger than the bound is still held alone.
  StreamLog small(100, 4);
  small.append("xyz;");
  small.append("0123456789;");
  EXPECT_FALSE(small.since(0, out));
  out.clear();
  EXPECT_TRUE(small.since(1, out));
  EXPECT_EQ(out, "0123456789;");
}

TEST(EventFeed, ANewBoardIsLoggedWholeAndAMoveAsOnlyWhatChanged) {
  HubModel model("club");
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event("club");
  st.set_board("t1");
  st.set_variant("chess");
  st.set_game_id("g1");
  st.set_phase(wire::PHASE_PLAY);
  st.set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  st.set_wall_ms(1796000000000);
  for (const char* name : {"White", "Black"}) st.add_seats()->set_name(name);
  model.on_message("tabula/club/t1/state", st.SerializeAsString(), 1000);
  EventFeed feed(FeedSettings{});
  feed.observe(model, 1000);
  std::string out;
  ASSERT_TRUE(feed.log(false).since(0, out));
  EXPECT_EQ(out, feed.public_boards().at("t1").frame);  // whole: "event: board", 32 pieces
  EXPECT_EQ(out.rfind("event: board\ndata: {", 0), 0u) << out;
  const std::uint64_t first = feed.log(false).last();

  st.set_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  st.set_moves(1);
  st.add_record("e2-e4");
  st.set_last_move("e2-e4");
  st.set_through_seq(1);
  st.set_wall_ms(1796000000500);
  model.on_message("tabula/club/t1/state", st.SerializeAsString(), 1500);
  feed.observe(model, 1500);
  for (bool live : {false, true}) {
    out.clear();
    ASSERT_TRUE(feed.log(live).since(first, out));
    EXPECT_EQ(out,
              "event: patch\ndata: {\"board\":\"t1\",\"wall_ms\":1796000000500,"
              "\"pieces_del\":[[4,1]],\"pieces_add\":[[4,3,0,\"P\",false]],\"last\":[[4,1],[4,3]],"
              "\"last_move\":\"e2-e4\",\"moves\":1}\n\n")
        << (live ? "live" : "public");
  }
}

}  // namespace
}  // namespace tabula::hub::web
