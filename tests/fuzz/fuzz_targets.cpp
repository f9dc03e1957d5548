#include "fuzz_targets.h"

#include <google/protobuf/text_format.h>

#include <array>
#include <memory>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "event/event.h"
#include "event/event_file.h"
#include "hub/action_auth.h"
#include "hub/codec.h"
#include "profile/profile_loader.h"
#include "tabula_proto/board.pb.h"
#include "tabula_proto/setup.pb.h"
#include "trace/trace.h"
#include "variants/variant_loader.h"
#include "wire/frame_codec.h"

namespace tabula::fuzz {
namespace {

std::shared_ptr<const core::RuleSet> rules_of(const std::string& id) {
  auto loaded = variants::load_id(id);
  return loaded.rules;
}

// A record's moves replayed on the variant's start (at most 300 tokens, so
// one input stays well under a second under ASan).
void replay_records(std::string_view text, const std::shared_ptr<const core::RuleSet>& rules, bool four) {
  auto records = core::parse_pgn(text);
  if (!records.ok() || rules == nullptr) return;
  for (core::PgnRecord& rec : *records) {
    if (rec.moves.size() > 300) rec.moves.resize(300);
    core::SeatPoints points{};
    auto start = four ? core::parse_fen4(*rules, rules->start_fen, &points) : core::parse_fen(*rules, rules->start_fen);
    if (!start.ok()) return;
    (void)core::replay(rules, *start, {}, rec);
  }
}

void decode_frames(std::string_view bytes) {
  firmware::FrameDecoder requests;
  requests.feed(bytes);
  board::Request r;
  while (requests.next(r) == firmware::DecodeResult::kFrame) {
  }
  firmware::FrameDecoder frames;
  // Fed in two pieces: a frame split across reads.
  frames.feed(bytes.substr(0, bytes.size() / 2));
  board::Frame f;
  while (frames.next(f) == firmware::DecodeResult::kFrame) {
  }
  frames.feed(bytes.substr(bytes.size() / 2));
  while (frames.next(f) == firmware::DecodeResult::kFrame) {
  }
}

void decode_hub(std::string_view bytes) {
  std::string error;
  (void)hub::decode_state(bytes, "tabula/club/t1/state", error);
  (void)hub::decode_item(bytes, "tabula/club/t1/stream", error);
  (void)hub::decode_presence(bytes, "tabula/club/t1/online", error);
  (void)hub::decode_ack(bytes, "tabula/club/t1/ack", error);
  (void)hub::decode_sync(bytes, "tabula/club/sync", error);
  hub::ArbiterKey key{"arbiter", std::string(32, 'k')};
  hub::ActionGate gate("club", "t1", key);
  (void)gate.check(bytes, 1'800'000'000'000);
  (void)hub::parse_key(bytes, "<fuzz>", error);
}

}  // namespace

const std::vector<FuzzTarget>& fuzz_targets() {
  static const std::vector<FuzzTarget> targets = [] {
    std::shared_ptr<const core::RuleSet> chess = rules_of("chess");
    std::shared_ptr<const core::RuleSet> ffa = rules_of("chesscom-ffa");
    std::vector<FuzzTarget> t;
    t.push_back({"fen", [chess](std::string_view s) { (void)core::parse_fen(*chess, s); }});
    t.push_back({"fen4", [ffa](std::string_view s) {
                   core::SeatPoints points{};
                   (void)core::parse_fen4(*ffa, s, &points);
                 }});
    t.push_back({"pgn", [chess](std::string_view s) { replay_records(s, chess, false); }});
    t.push_back({"pgn4", [ffa](std::string_view s) { replay_records(s, ffa, true); }});
    t.push_back({"variant", [](std::string_view s) {
                   // A file name in no folder: an `inherits` finds no parent file.
                   (void)variants::load_text(std::string(s), "/nonexistent/fuzz.txtpb");
                 }});
    t.push_back({"profile", [](std::string_view s) { (void)firmware::load_profile_text(s, "<fuzz>"); }});
    t.push_back({"setup", [](std::string_view s) {
                   setup::Setup setup;
                   google::protobuf::TextFormat::Parser parser;
                   parser.AllowPartialMessage(false);
                   (void)parser.ParseFromString(std::string(s), &setup);
                 }});
    t.push_back({"trace", [](std::string_view s) { (void)trace::parse_trace(s, "<fuzz>"); }});
    t.push_back({"event", [](std::string_view s) {
                   // Session 15: the event file (a hand may edit it); what loads is checked too.
                   std::vector<std::string> errors;
                   (void)event::from_text(std::string(s), "<fuzz>", errors);
                 }});
    t.push_back({"hub_payload", decode_hub});
    t.push_back({"board_frame", decode_frames});
    return t;
  }();
  return targets;
}

}  // namespace tabula::fuzz
