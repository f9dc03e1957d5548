// input_codec.h — session inputs as journal rows, and back.
//
// A row is (kind, time_ms, payload). The payload is decimal numbers separated
// by single spaces, in a fixed order per kind; an Intent's free text comes
// last, after its numbers, verbatim:
//   kind 0 event     "<cell> <0|1>"                   (SquareEvent: cell index, occupied)
//   kind 1 snapshot  "<cell> <cell> ..."              (BoardSnapshot: occupied cells)
//   kind 2 tick      ""
//   kind 3 intent    "<kind> <request> <option> <piece> <from> <to> <move kind> <promotion>
//                     <castle> <count> <seat> <square> <force> <text...>"
//   (s31-fallback: intent kind 20, kBotFallback, uses <option> for the reason,
//   <count> for Tabula's level, <seat> and <text>; session/input.h)
// Enums are stored as their numbers; a new enumerator must be added at the
// end (the journal's schema version changes otherwise). decode() refuses a
// row it cannot read rather than guessing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "session/input.h"

namespace tabula::journal {

enum class InputKind : std::uint8_t { kEvent = 0, kSnapshot = 1, kTick = 2, kIntent = 3 };
const char* to_string(InputKind k);

struct EncodedInput {
  InputKind kind = InputKind::kTick;
  std::int64_t time_ms = 0;
  std::string payload;
};

EncodedInput encode(const session::Input& in);
// nullopt when the row is not a valid input of this schema.
std::optional<session::Input> decode(std::int64_t kind, std::int64_t time_ms, const std::string& payload);
// ... and `why` says what is wrong with it ("an intent cut short: 7 of its 13
// numbers", "a Stockfish fallback with an unknown reason 9 (this build knows 0-6)").
std::optional<session::Input> decode(std::int64_t kind, std::int64_t time_ms, const std::string& payload,
                                     std::string& why);

}  // namespace tabula::journal
