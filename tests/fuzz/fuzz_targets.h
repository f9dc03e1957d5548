// fuzz_targets.h — the project's parsers as fuzz targets (issue 28 item 9):
// each takes any bytes and must return (a refusal is fine), never crash,
// hang or trip a sanitizer.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::fuzz {

struct FuzzTarget {
  std::string name;  // also the corpus folder: tests/fuzz/corpus/<name>/
  std::function<void(std::string_view)> run;
};

// fen, fen4, pgn, pgn4, variant, profile, setup, trace, event, hub_payload,
// board_frame, notation, trf, serial_line, serial_dgt; session 29: signed
// (a seat assignment, another hub's alert acks), rounds (a board's rounds
// file), board_keys (the hub's enrolment file).
const std::vector<FuzzTarget>& fuzz_targets();

}  // namespace tabula::fuzz
