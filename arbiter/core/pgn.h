// pgn.h — reading PGN and PGN4 game records into tags and move tokens.
//
// PGN (two players):  [Tag "value"] lines, then "1. e4 e5 2. Nf3 ..." with an
// optional result token. PGN4 (chess.com, four players): the same tags, then
// rounds "1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8", one move per seat still in
// the game; eliminated seats are left out. Comments {...} and ;..., NAGs $n
// and variations (...) are skipped. Several games may follow each other.
//
// This file only splits text; turning a token into a move needs a position
// (notation.h), and playing a whole record is replay.h's job.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tabula::core {

struct PgnTag {
  std::string name;
  std::string value;
};

struct PgnToken {
  std::string text;
  int round = 0;  // the move number / round it was written under (0: none)
  int line = 0;   // 1-based
  int column = 0;
};

struct PgnRecord {
  std::vector<PgnTag> tags;
  std::vector<PgnToken> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*" or "" when absent
  int line = 0;        // where the record starts

  // The value of a tag, or "" when absent.
  std::string tag(std::string_view name) const;
};

class Game;

// Writes a game as PGN (two seats: SAN, "1. e4 e5") or PGN4 (four seats:
// long algebraic in rounds, "1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8", with
// R/T markers). `tags` come first, in order; Result is added when absent:
// "1-0"/"0-1"/"1/2-1/2"/"*" for two seats (1-0: seat one or his team won),
// chess.com's "name: score - ..." in seat order for a points ledger.
// `move_comments[i]`, when given and not empty, follows the i-th entry of
// game.record() as a {comment} (the broadcast feed's "[%clk 0:09:10]").
std::string write_pgn(const Game& game, const std::vector<PgnTag>& tags,
                      const std::vector<std::string>& move_comments = {});

// One tag pair line, "[Name \"value\"]\n", that stays one tag whatever the
// value holds: '"' and '\\' escaped, control characters as spaces, the name
// kept to letters, digits and '_' (every tag write_pgn writes goes through it).
std::string pgn_tag_line(std::string_view name, std::string_view value);

// Splits a file into records. Errors (an unclosed tag, comment or variation)
// carry the line and column.
Result<std::vector<PgnRecord>> parse_pgn(std::string_view text);

}  // namespace tabula::core
