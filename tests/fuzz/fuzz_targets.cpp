#include "fuzz_targets.h"

#include <google/protobuf/text_format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <memory>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "event/board_assignment.h"
#include "event/event.h"
#include "event/event_file.h"
#include "event/trf.h"
#include "hub/action_auth.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "profile/profile_loader.h"
#include "serial/dgt_protocol.h"
#include "serial/line_protocol.h"
#include "tabula_proto/board.pb.h"
#include "tabula_proto/setup.pb.h"
#include "trace/trace.h"
#include "variants/variant_loader.h"
#include "wire/frame_codec.h"

namespace tabula::fuzz {
namespace {

// Session 18: a target also checks what the parser says, not only that it
// returns. A broken promise stops the run like a crash, with the input.
void require(bool ok, const char* target, const std::string& what, std::string_view input) {
  if (ok) return;
  std::fprintf(stderr, "fuzz target %s: %s\ninput (%zu bytes, whole in tabula-fuzz-failure.bin): %.*s\n", target,
               what.c_str(), input.size(), static_cast<int>(std::min<std::size_t>(input.size(), 2000)), input.data());
  if (std::FILE* f = std::fopen("tabula-fuzz-failure.bin", "wb")) {
    std::fwrite(input.data(), 1, input.size(), f);
    std::fclose(f);
  }
  std::abort();
}

bool contains(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

// A refusal of FEN, FEN4 or PGN says what is wrong (a message) and, for a
// file of lines, where (its line).
template <class T>
void require_named_refusal(const core::Result<T>& r, const char* target, std::string_view input, bool where) {
  if (r.ok()) return;
  require(!r.error().message.empty(), target, "a refusal without a message", input);
  if (where) require(r.error().line > 0, target, "a refusal without its line: " + r.error().message, input);
}

std::shared_ptr<const core::RuleSet> rules_of(const std::string& id) {
  auto loaded = variants::load_id(id);
  return loaded.rules;
}

// A record's moves replayed on the variant's start (at most 300 tokens, so
// one input stays well under a second under ASan).
void replay_records(std::string_view text, const std::shared_ptr<const core::RuleSet>& rules, bool four) {
  auto records = core::parse_pgn(text);
  require_named_refusal(records, four ? "pgn4" : "pgn", text, true);
  if (!records.ok() || rules == nullptr) return;
  for (core::PgnRecord& rec : *records) {
    if (rec.moves.size() > 300) rec.moves.resize(300);
    core::SeatPoints points{};
    auto start = four ? core::parse_fen4(*rules, rules->start_fen, &points) : core::parse_fen(*rules, rules->start_fen);
    if (!start.ok()) return;
    (void)core::replay(rules, *start, {}, rec);
  }
}

// Notation (SAN, long algebraic, coordinates) against a few positions: a
// refusal says why; a move read is written back (SAN, long algebraic) and
// those texts read as the same move (an ambiguous SAN would read as
// another).
void read_notation(std::string_view text, const std::vector<core::Position>& positions) {
  for (const core::Position& pos : positions) {
    core::Move m;
    std::string why;
    if (!core::parse_move(pos, text, m, why)) {
      require(!why.empty(), "notation", "a move refused without a reason", text);
      continue;
    }
    for (const std::string& written : {core::san(pos, m), core::long_algebraic(pos, m)}) {
      core::Move again;
      std::string why_again;
      require(core::parse_move(pos, written, again, why_again) && again == m, "notation",
              "the move read is written '" + written + "', which reads " +
                  (why_again.empty() ? "as another move" : "not at all: " + why_again),
              text);
    }
  }
}

// TRF-16: a refusal names its line; a document read is written and read again.
void read_trf(std::string_view text) {
  std::string error;
  auto doc = event::parse_trf(std::string(text), error);
  if (!doc) {
    require(contains(error, "line "), "trf", "a refusal that names no line: " + error, text);
    return;
  }
  std::string again;
  const bool read_again = event::parse_trf(event::write_trf(*doc), again).has_value();
  require(read_again, "trf", "a document read and written is refused: " + again, text);
}

// A serial board's byte stream, in reads of the sizes its own bytes give
// (a line or frame split anywhere), then a pause: every problem names its
// place (a line or a byte), every change its square, and the reports are
// at most one per byte read (nothing is held and repeated).
void decode_serial(std::string_view bytes, firmware::serial::StreamDecoder& decoder, const char* target,
                   std::string_view place) {
  firmware::serial::DecodeOutput out;
  std::size_t reports = 0;
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t n = std::min<std::size_t>(bytes.size() - at, 1 + static_cast<unsigned char>(bytes[at]) % 97);
    decoder.feed(std::span<const char>(bytes.data() + at, n), out);
    at += n;
  }
  decoder.pause(out);
  for (const std::string& problem : out.problems)
    require(contains(problem, place), target, "a problem that names no " + std::string(place) + ": " + problem, bytes);
  for (const auto& r : out.reports) {
    ++reports;
    if (r.kind == firmware::serial::BoardReport::Kind::kChange)
      require(!r.square.empty(), target, "a change of no square", bytes);
  }
  require(reports <= bytes.size(), target, std::to_string(reports) + " reports from " + std::to_string(bytes.size()) + " bytes",
          bytes);
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

// Session 29: what a board takes from the broker besides actions (a seat
// assignment, another hub's acknowledged alerts) and the files a board and
// a hub read that no target read: the board's rounds file beside its
// journal and the hub's board keys. A refusal says why; a file's names its
// line (or the file, when it is no file of its kind at all).
// The bytes as the payload, then as the message inside a payload the
// arbiter's key signed (a mutation never passes the HMAC: this reaches the
// checks behind it).
void decode_signed(std::string_view bytes) {
  const hub::ArbiterKey key{"arbiter", std::string(32, 'k')};
  const std::string topic = "tabula/club/hub/h1/alert-acks";
  std::vector<std::string> acks_payloads = {std::string(bytes)};
  if (hub::wire::AlertAcks acks; acks.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    acks_payloads.push_back(hub::sign_alert_acks(acks, topic, key));
  for (const std::string& payload : acks_payloads) {
    std::string error;
    if (!hub::check_alert_acks(payload, topic, &key, error))
      require(!error.empty(), "signed", "alert acks refused without a reason", bytes);
  }
  event::wire::SignedAssignment inner;
  inner.set_assignment(std::string(bytes));
  inner.set_key_id(key.id);
  inner.set_hmac_sha256(hub::hmac_sha256(key.secret, inner.assignment()));
  event::AssignmentGate gate("club", "t1", key);
  for (const std::string& payload : {std::string(bytes), inner.SerializeAsString()}) {
    const event::AssignmentGate::Verdict v = gate.check(payload);
    require(v.assignment.has_value() || !v.error.empty(), "signed", "an assignment refused without a reason", bytes);
  }
}

void read_rounds(std::string_view text) {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("tabula-fuzz-rounds-" + std::to_string(::getpid()))).string();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  const event::AssignmentGate gate("club", "t1", hub::ArbiterKey{"arbiter", std::string(32, 'k')}, path);
  const std::string& why = gate.rounds_problem();
  require(why.empty() || why.rfind(path, 0) == 0, "rounds", "a refusal that does not name the file: " + why, text);
  require(why.size() < 600, "rounds", "a refusal of " + std::to_string(why.size()) + " bytes: " + why.substr(0, 300),
          text);
}

void read_board_keys(std::string_view text) {
  std::string error;
  if (hub::BoardKeyRing::parse(text, "<fuzz>", error)) return;
  require(error.rfind("<fuzz>:", 0) == 0, "board_keys", "a refusal that does not name the file: " + error, text);
  require(error.size() < 600, "board_keys", "a refusal of " + std::to_string(error.size()) + " bytes", text);
}

}  // namespace

const std::vector<FuzzTarget>& fuzz_targets() {
  static const std::vector<FuzzTarget> targets = [] {
    std::shared_ptr<const core::RuleSet> chess = rules_of("chess");
    std::shared_ptr<const core::RuleSet> ffa = rules_of("chesscom-ffa");
    std::vector<FuzzTarget> t;
    t.push_back({"fen", [chess](std::string_view s) { require_named_refusal(core::parse_fen(*chess, s), "fen", s, false); }});
    t.push_back({"fen4", [ffa](std::string_view s) {
                   core::SeatPoints points{};
                   require_named_refusal(core::parse_fen4(*ffa, s, &points), "fen4", s, false);
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
    // Session 18: notation, TRF-16 and the serial boards' two protocols.
    std::vector<core::Position> positions;
    for (const auto& [rules, fen] : std::vector<std::pair<std::shared_ptr<const core::RuleSet>, std::string>>{
             {chess, chess->start_fen},
             // Castling both ways, a capture two ways, en passant, promotions with and without capture.
             {chess, "r3k2r/1P1p1p1p/8/2N1N3/3pP3/8/PPP2PPP/R3K2R b KQkq e3 0 1"},
             {ffa, ffa->start_fen}}) {
      core::SeatPoints points{};
      auto pos = rules == ffa ? core::parse_fen4(*rules, fen, &points) : core::parse_fen(*rules, fen);
      if (pos.ok()) positions.push_back(*pos);
    }
    t.push_back({"notation", [positions](std::string_view s) { read_notation(s, positions); }});
    t.push_back({"trf", read_trf});
    t.push_back({"serial_line", [](std::string_view s) {
                   firmware::serial::LineDecoder d;
                   decode_serial(s, d, "serial_line", "line ");
                 }});
    t.push_back({"serial_dgt", [](std::string_view s) {
                   firmware::serial::DgtDecoder d;
                   decode_serial(s, d, "serial_dgt", "byte ");
                 }});
    t.push_back({"signed", decode_signed});
    t.push_back({"rounds", read_rounds});
    t.push_back({"board_keys", read_board_keys});
    return t;
  }();
  return targets;
}

}  // namespace tabula::fuzz
