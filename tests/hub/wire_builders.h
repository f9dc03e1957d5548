// wire_builders.h — the hub's payloads as the hub and web tests build them
// (session 30: the same builders of a stream item and a board state stood
// in five test files: hub_model_test, hub_model_attack_test,
// hub_names_test, kept_alerts_test, web/kept_record_test). Header only;
// each file sets what its tests are about on top.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tabula_proto/hub.pb.h"

namespace tabula::hub::testing {

// Item `seq` of board `board`'s game `game` in event "club": the move e2-e4,
// numbered `seq`, at wall_ms 1000.
inline wire::StreamItem move_item(std::uint64_t seq, const std::string& board = "t1",
                                  const std::string& game = "g1") {
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event("club");
  it.set_board(board);
  it.set_game_id(game);
  it.set_seq(seq);
  it.set_wall_ms(1000);
  it.mutable_move()->set_text("e2-e4");
  it.mutable_move()->set_number(static_cast<int>(seq));
  return it;
}

// The same item carrying a ruling instead of the move (the body is a oneof).
inline wire::StreamItem ruling_item(std::uint64_t seq, const std::string& kind, const std::string& severity,
                                    const std::string& text, const std::string& board = "t1") {
  wire::StreamItem it = move_item(seq, board);
  it.mutable_ruling()->set_kind(kind);
  it.mutable_ruling()->set_severity(severity);
  it.mutable_ruling()->set_text(text);
  return it;
}

// s31-hall: board t1's opening as a hall keeps its stream (the same 18
// lines stood twice in hub_screen_test): item 1 e2-e4 by seat 0, item 2
// e7-e5 by seat 1 (moves 1 and 2), item 3 a ruling, all of game `game`.
inline std::vector<wire::StreamItem> opening_stream(const std::string& game, const std::string& severity,
                                                    const std::string& text) {
  std::vector<wire::StreamItem> items;
  for (std::uint64_t seq = 1; seq <= 2; ++seq) {
    wire::StreamItem it = move_item(seq, "t1", game);
    it.mutable_move()->set_text(seq == 1 ? "e2-e4" : "e7-e5");
    it.mutable_move()->set_seat(static_cast<int>(seq) - 1);
    items.push_back(it);
  }
  wire::StreamItem ruling = ruling_item(3, "", severity, text);
  ruling.set_game_id(game);
  items.push_back(ruling);
  return items;
}

// A state of board `board`'s game `game` in event "club", nothing else set.
inline wire::BoardState bare_state(const std::string& board = "t1", const std::string& game = "g1") {
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event("club");
  st.set_board(board);
  st.set_game_id(game);
  return st;
}

// The same with two live seats, White and Black, and the tracker in sync.
inline wire::BoardState two_seat_state(const std::string& board = "t1") {
  wire::BoardState st = bare_state(board);
  st.set_tracker(wire::TRACKER_STATE_IN_SYNC);
  for (const char* n : {"White", "Black"}) {
    wire::Seat* s = st.add_seats();
    s->set_name(n);
    s->set_status(wire::SEAT_STATUS_LIVE);
  }
  return st;
}

}  // namespace tabula::hub::testing
