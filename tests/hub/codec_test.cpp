// Topic tree and payload codec: what a board publishes, and the refusal of
// anything that is not a payload of this version for this topic.
#include <gtest/gtest.h>

#include <memory>
#include <thread>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>

#include "../journal/journal_fixture.h"
#include "core/fen.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "hub/sim_board.h"
#include "hub/topics.h"
#include "journal/outbox.h"

namespace tabula::hub {
namespace {

using journal::testing::kScholarsMate;
using journal::testing::ScratchDir;
using journal::testing::script_inputs;

TEST(Topics, BuildsAndParsesTheTree) {
  EXPECT_EQ(topic("club-night", "t1", Leaf::kState), "tabula/club-night/t1/state");
  EXPECT_EQ(event_filter("club-night"), "tabula/club-night/+/+");
  auto p = parse_topic("tabula/club-night/t1/stream");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->event, "club-night");
  EXPECT_EQ(p->board, "t1");
  EXPECT_EQ(p->leaf, Leaf::kStream);
  EXPECT_FALSE(parse_topic("tabula/club-night/t1/other"));
  EXPECT_FALSE(parse_topic("tabula/club-night/t1/state/x"));
  EXPECT_FALSE(parse_topic("other/club-night/t1/state"));
  EXPECT_FALSE(parse_topic("tabula/club-night/state"));
  EXPECT_EQ(topic("club", "t1", Leaf::kAck), "tabula/club/t1/ack");
  EXPECT_EQ(parse_topic("tabula/club/t1/ack")->leaf, Leaf::kAck);
  EXPECT_EQ(sync_topic("club"), "tabula/club/sync");
  EXPECT_FALSE(parse_topic("tabula/club/sync"));  // not a board's topic
  EXPECT_EQ(hub_filters("club"),
            (std::vector<std::string>{"tabula/club/+/state", "tabula/club/+/stream", "tabula/club/+/online"}));
}

TEST(Codec, RefusesAcknowledgementsAndRequestsThatDoNotFitTheirTopic) {
  wire::HubAck a;
  a.set_version(wire::PAYLOAD_VERSION_CURRENT);
  a.set_event("club");
  a.set_board("t1");
  a.set_hub("tabula-hub-club");
  a.set_applied_seq(812);
  std::string error;
  auto ok = decode_ack(encode(a), "tabula/club/t1/ack", error);
  ASSERT_TRUE(ok) << error;
  EXPECT_EQ(ok->applied_seq(), 812u);
  EXPECT_FALSE(decode_ack(encode(a), "tabula/club/t2/ack", error));
  EXPECT_NE(error.find("names board \"t1\" of event \"club\", not this topic's"), std::string::npos) << error;
  a.set_hub("");
  EXPECT_FALSE(decode_ack(encode(a), "tabula/club/t1/ack", error));
  EXPECT_EQ(error, "tabula/club/t1/ack: an acknowledgement that names no hub; it is ignored");
  a.set_hub("h");
  a.set_version(2);
  EXPECT_FALSE(decode_ack(encode(a), "tabula/club/t1/ack", error));
  EXPECT_NE(error.find("HubAck payload version 2, this build reads version 1"), std::string::npos) << error;
  EXPECT_FALSE(decode_ack("\xff\xff", "tabula/club/t1/ack", error));
  EXPECT_NE(error.find("is not a HubAck"), std::string::npos) << error;

  wire::SyncRequest r;
  r.set_version(wire::PAYLOAD_VERSION_CURRENT);
  r.set_event("club");
  r.set_hub("h");
  EXPECT_TRUE(decode_sync(encode(r), "tabula/club/sync", error)) << error;
  EXPECT_FALSE(decode_sync(encode(r), "tabula/other/sync", error));
  EXPECT_EQ(error, "tabula/other/sync: the request names event \"club\", not this topic's; it is ignored");
}

TEST(Codec, TheDigestTellsOrderAndBoundaries) {
  const std::uint64_t ab = digest_step(digest_step(kDigestStart, "a"), "b");
  EXPECT_NE(ab, digest_step(digest_step(kDigestStart, "b"), "a"));
  EXPECT_NE(ab, digest_step(kDigestStart, "ab"));
  EXPECT_EQ(ab, digest_step(digest_step(kDigestStart, "a"), "b"));
  EXPECT_NE(digest_step(kDigestStart, ""), kDigestStart);  // an empty item still counts
}

TEST(Topics, RefusesNamesThatWouldBreakTheTreeOrAnAcl) {
  EXPECT_EQ(check_name("board", "t-1.b_2"), "");
  EXPECT_NE(check_name("board", "a/b").find("contains '/'"), std::string::npos);
  EXPECT_NE(check_name("board", "+").find("contains '+'"), std::string::npos);
  EXPECT_NE(check_name("event", "").find("event name is empty"), std::string::npos);
  EXPECT_NE(check_name("event", std::string(65, 'a')).find("longer than 64"), std::string::npos);
}

// A scholar's mate played through a journaled board (no broker: the
// publisher keeps trying in the background, the outbox fills).
struct PlayedGame {
  ScratchDir dir;
  std::unique_ptr<SimBoard> board;
};

std::unique_ptr<PlayedGame> play_scholars_mate() {
  auto g = std::make_unique<PlayedGame>();
  SimBoardConfig c;
  c.variant = "chess";
  c.journal_path = g->dir.file("t1.db");
  c.event = "club";
  c.board = "t1";
  c.players = {"Ann", "Bob"};
  c.broker.port = 1;  // nothing listens there
  std::string error;
  g->board = SimBoard::open(c, error);
  EXPECT_TRUE(g->board) << error;
  for (const session::Input& in : script_inputs("chess", kScholarsMate, 7)) EXPECT_TRUE(g->board->feed(in, error)) << error;
  EXPECT_TRUE(g->board->finish(error)) << error;
  return g;
}

TEST(Codec, StateCarriesPositionSeatsOutcomeAndPgn) {
  auto g = play_scholars_mate();
  const session::Session& s = g->board->session();
  BoardInfo info{"club", "t1", {}};
  info.header.variant = "chess";
  info.header.players = {"Ann", "Bob"};
  info.header.created = "2026.11.29 10:00:00";
  ClockReading clocks{{std::chrono::milliseconds(61000), std::chrono::milliseconds(59000)}, 1};
  wire::BoardState st = make_state(info, s, 12, clocks, false, 1234);
  EXPECT_EQ(st.version(), static_cast<unsigned>(wire::PAYLOAD_VERSION_CURRENT));
  EXPECT_EQ(st.through_seq(), 12u);
  EXPECT_EQ(st.position(), core::to_fen(s.game().position()));
  EXPECT_EQ(st.phase(), wire::PHASE_OVER);
  EXPECT_TRUE(st.over());
  EXPECT_EQ(st.result_reason(), s.game().outcome().reason);
  ASSERT_EQ(st.seats_size(), 2);
  EXPECT_EQ(st.seats(0).player(), "Ann");
  EXPECT_EQ(st.seats(1).status(), wire::SEAT_STATUS_CHECKMATED);
  EXPECT_EQ(st.seats(0).clock_ms(), 61000);
  EXPECT_EQ(st.clock_running(), 1);
  ASSERT_GE(st.ranking_size(), 1);
  EXPECT_EQ(st.ranking(0), 0);
  EXPECT_EQ(st.moves(), 7);
  EXPECT_EQ(st.record_size(), 7);
  EXPECT_EQ(st.last_move(), s.moves().back().text);
  EXPECT_NE(st.pgn().find("[White \"Ann\"]"), std::string::npos) << st.pgn();
  EXPECT_NE(st.pgn().find("Qxf7#"), std::string::npos) << st.pgn();
  EXPECT_EQ(st.game_id(), "2026.11.29 10:00:00 t1");

  std::string error;
  auto back = decode_state(encode(st), "tabula/club/t1/state", error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->SerializeAsString(), st.SerializeAsString());
}

// s17-club: the hall screen and the web page said "Green" where the kiosk
// says "bot, level 2 (Green)": the state now marks a bot's seat.
TEST(Codec, ABotsSeatIsMarkedWithItsLevelAndAPersonsSeatIsNot) {
  auto g = play_scholars_mate();
  BoardInfo info{"club", "t1", {}};
  info.header.variant = "chess";
  info.header.created = "2026.11.29 10:00:00";
  info.header.bots = "black=2";
  wire::BoardState st = make_state(info, g->board->session(), 1, std::nullopt, false, 0);
  ASSERT_EQ(st.seats_size(), 2);
  EXPECT_EQ(st.seats(0).bot(), "");
  EXPECT_EQ(st.seats(1).bot(), "level 2");
  std::string error;
  auto back = decode_state(encode(st), "tabula/club/t1/state", error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->seats(1).bot(), "level 2");
  // The greedy bot, a seat by its number; a text the journal could not hold
  // (an unknown seat) marks nobody rather than the wrong seat.
  apply_bots(st, "1=greedy", g->board->session().game().rules());
  EXPECT_EQ(st.seats(0).bot(), "greedy");
  EXPECT_EQ(st.seats(1).bot(), "");
  apply_bots(st, "Green=2", g->board->session().game().rules());
  EXPECT_EQ(st.seats(0).bot(), "");
  EXPECT_EQ(st.seats(1).bot(), "");
}

TEST(Codec, AStateFromABoardOfBeforeTheBotFieldStillReads) {
  // Bytes as a session-16 board wrote them (hand-encoded, no field 6 in its
  // seats): version 1, event "club", board "t1", game id "g-t1", one seat "Green" with the
  // player "Ann", one seat "Red".
  const std::string old("\x08\x01\x12\x04"
                        "club"
                        "\x1a\x02"
                        "t1"
                        "\xd2\x01\x04"
                        "g-t1"
                        "\x5a\x0c\x0a\x05"
                        "Green"
                        "\x12\x03"
                        "Ann"
                        "\x5a\x05\x0a\x03"
                        "Red",
                        40);
  std::string error;
  auto st = decode_state(old, "tabula/club/t1/state", error);
  ASSERT_TRUE(st) << error;
  ASSERT_EQ(st->seats_size(), 2);
  EXPECT_EQ(st->seats(0).name(), "Green");
  EXPECT_EQ(st->seats(0).player(), "Ann");
  EXPECT_EQ(st->seats(0).bot(), "");
  EXPECT_EQ(st->seats(1).name(), "Red");
  EXPECT_EQ(st->seats(1).bot(), "");
}

// Session 27: a board that takes no actions (`tabula play`) says so in its
// state (field 33), so the hubs refuse an action up front. Old readers on
// both sides: a state of an older board (no field) reads as taking actions;
// a hub of before the field, reading the new state with the schema it was
// built with (field 33 removed: a DynamicMessage), keeps it as an unknown
// field, reads every other field alike and checks the board's signature
// over the same bytes.
TEST(Codec, AStateSaysTheBoardTakesNoActionsAndOlderReadersStillRead) {
  // Version 1, event "club", board "t1", game id "g-t1" (hand-encoded).
  const std::string old_board("\x08\x01\x12\x04"
                              "club"
                              "\x1a\x02"
                              "t1"
                              "\xd2\x01\x04"
                              "g-t1",
                              19);
  std::string error;
  auto old_state = decode_state(old_board, "tabula/club/t1/state", error);
  ASSERT_TRUE(old_state) << error;
  EXPECT_EQ(old_state->takes_no_actions(), "");

  const std::string why = "this board runs tabula play, which replays a recorded trace and takes no arbiter "
                          "actions from the hub";
  wire::BoardState st = *old_state;
  st.add_seats()->set_player("Ann");
  st.set_takes_no_actions(why);
  const std::string topic = "tabula/club/t1/state";
  const BoardKey key = make_board_key("t1");
  sign_message(st, topic, key);
  const std::string payload = encode(st);
  // Field 33, length-delimited: tag (33 << 3 | 2) = 266, the varint 0x8a 0x02.
  EXPECT_NE(payload.find(std::string("\x8a\x02") + static_cast<char>(why.size()) + why), std::string::npos);
  auto back = decode_state(payload, topic, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->takes_no_actions(), why);

  namespace pb = google::protobuf;
  pb::FileDescriptorProto file;
  wire::BoardState::descriptor()->file()->CopyTo(&file);
  for (pb::DescriptorProto& m : *file.mutable_message_type()) {
    if (m.name() != "BoardState") continue;
    auto* fields = m.mutable_field();
    for (int i = 0; i < fields->size(); ++i) {
      if (fields->Get(i).number() == 33) fields->DeleteSubrange(i--, 1);
    }
  }
  pb::DescriptorPool pool;
  const pb::FileDescriptor* old_file = pool.BuildFile(file);
  ASSERT_TRUE(old_file);
  const pb::Descriptor* old_type = old_file->FindMessageTypeByName("BoardState");
  ASSERT_TRUE(old_type);
  ASSERT_EQ(old_type->FindFieldByNumber(33), nullptr);
  pb::DynamicMessageFactory factory(&pool);
  std::unique_ptr<pb::Message> old_hub(factory.GetPrototype(old_type)->New());
  ASSERT_TRUE(old_hub->ParseFromString(payload));
  const pb::Reflection* r = old_hub->GetReflection();
  EXPECT_EQ(r->GetString(*old_hub, old_type->FindFieldByName("game_id")), "g-t1");
  EXPECT_EQ(r->GetString(*old_hub, old_type->FindFieldByName("board")), "t1");
  EXPECT_EQ(r->GetUnknownFields(*old_hub).field_count(), 1);
  // The old hub's signature check: the message without its signature, as it reads it.
  const std::string signature = r->GetString(*old_hub, old_type->FindFieldByName("board_signature"));
  r->ClearField(old_hub.get(), old_type->FindFieldByName("board_signature"));
  EXPECT_TRUE(verify_bytes(signed_bytes(topic, *old_hub), signature, key.public_key));
}

TEST(Codec, RefusesOtherVersionsCorruptBytesAndForeignNames) {
  wire::BoardState st;
  st.set_version(7);
  st.set_event("club");
  st.set_board("t1");
  std::string error;
  EXPECT_FALSE(decode_state(encode(st), "tabula/club/t1/state", error));
  EXPECT_EQ(error, "tabula/club/t1/state: BoardState payload version 7, this build reads version 1; it is ignored");

  EXPECT_FALSE(decode_state(std::string("\xff\xff\xff", 3), "tabula/club/t1/state", error));
  EXPECT_NE(error.find("is not a BoardState"), std::string::npos) << error;

  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  EXPECT_FALSE(decode_state(encode(st), "tabula/club/t2/state", error));
  EXPECT_NE(error.find("names board \"t1\" of event \"club\""), std::string::npos) << error;

  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event("club");
  it.set_board("t1");
  EXPECT_FALSE(decode_item(encode(it), "tabula/club/t1/stream", error));
  EXPECT_NE(error.find("without a sequence number"), std::string::npos) << error;
  EXPECT_FALSE(decode_item("", "tabula/club/t1/stream", error));
  EXPECT_NE(error.find("empty payload"), std::string::npos) << error;
}

TEST(Codec, JournalCatchUpGivesTheItemsPublishedLive) {
  auto g = play_scholars_mate();
  // What on_recorded() stored, item by item...
  journal::Outbox outbox;
  ASSERT_TRUE(journal::Outbox::open(g->board->journal().path(), outbox).ok());
  std::vector<journal::OutboxItem> live;
  ASSERT_TRUE(outbox.pending(0, 1000, live).ok());
  ASSERT_GT(live.size(), 7u);
  // ...equals what the journal alone gives back (but for seq and wall time).
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(g->board->journal().path(), journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  BoardInfo info{"club", "t1", c.header};
  std::vector<wire::StreamItem> again = items_from_journal(info, c, 0, 0);
  ASSERT_EQ(again.size(), live.size());
  int moves = 0;
  for (std::size_t i = 0; i < live.size(); ++i) {
    wire::StreamItem a;
    ASSERT_TRUE(a.ParseFromString(live[i].payload));
    EXPECT_EQ(a.seq(), i + 1);
    a.clear_seq();
    a.clear_wall_ms();
    EXPECT_EQ(a.SerializeAsString(), again[i].SerializeAsString()) << i;
    if (a.has_move()) {
      EXPECT_EQ(a.move().number(), ++moves);
    }
  }
  EXPECT_EQ(moves, 7);
}

// hub::game_id is the journal's creation time and the board: two games of one
// board started within the same second were one game to the hub and its
// record (noticed in issue 35's e2e, which slept a second between rounds).
TEST(Codec, TwoGamesOfABoardStartedWithinASecondHaveTwoIdsInTheirOrder) {
  ScratchDir dir;
  std::string error;
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) {
    SimBoardConfig c;
    c.variant = "chess";
    c.journal_path = dir.file("g" + std::to_string(i) + ".db");
    c.event = "club";
    c.board = "t1";
    c.broker.port = 1;  // nothing listens there
    auto b = SimBoard::open(c, error);
    ASSERT_TRUE(b) << error;
    b.reset();
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::open(c.journal_path, journal::Journal::Access::kRead, j).ok());
    journal::JournalContents contents;
    ASSERT_TRUE(j.load(contents).ok());
    ids.push_back(game_id(BoardInfo{"club", "t1", contents.header}));
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  // Six games within about a fifth of a second: six ids, in the order made
  // (the hub takes the greatest id as the board's current game).
  for (std::size_t i = 1; i < ids.size(); ++i) EXPECT_LT(ids[i - 1], ids[i]) << ids[i - 1] << " / " << ids[i];
  // A journal of before (seconds only) sorts before any of the same second.
  EXPECT_LT(std::string("2026.12.04 15:00:00 t1"), std::string("2026.12.04 15:00:00.000 t1"));
}

}  // namespace
}  // namespace tabula::hub
