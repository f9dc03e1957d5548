// board_patch.h — what changed of a board between two of its JSON texts
// (board_json.h), for the spectators' streams (issue 34's bench: 1000
// spectators fell seconds behind on whole ~1-2.5 KB frames; a move changes a
// few fields and two or three pieces).
//
// The patch is a JSON object: "board" (always), then every top-level field of
// `after` whose text differs from `before`'s, in `after`'s order, except
// "pieces", which goes as
//   "pieces_del":[[file,rank],...]           squares left empty
//   "pieces_add":[[file,rank,seat,"K",dead],...]  squares whose piece is new
// (a capture is an add on the square taken), and "seats", when the board
// has as many seats as before, as
//   "seats_at":[[index,{seat}],...]         the seats whose text changed
// (a move changes its mover's clock: one seat of two or four). Either goes
// whole when that is not shorter. Applying it: replace the fields named,
// drop the pieces on every square named in pieces_del and pieces_add, then
// add pieces_add, and replace each seat of seats_at (app.js `applyPatch`).
//
// No patch ("") when `before` and `after` do not have the same fields in the
// same order (a variant that stopped reading drops its geometry), or either
// is not a JSON object as board_json writes it: the stream then sends the
// whole board.
//
// Pure text work on board_json's own output (no general JSON parser: strings,
// arrays and objects are skipped by their brackets and quotes).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula::hub::web {

// The patch from `before` to `after` (above), or "".
std::string board_patch(std::string_view before, std::string_view after);

// The top-level fields of a JSON object, in order: (name as written, without
// its quotes; the value's text). False when `json` is not one object.
bool split_fields(std::string_view json, std::vector<std::pair<std::string_view, std::string_view>>& out);

// The elements of a JSON array, in order (their texts). False when `json` is not one array.
bool split_elements(std::string_view json, std::vector<std::string_view>& out);

}  // namespace tabula::hub::web
