// test_rules.h — shared helpers for core tests: shipped variants by id, and
// small hand-built rule sets for piece tests.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/result.h"
#include "core/rule_set.h"
#include "sanitizer_size.h"

namespace tabula::testing {

// A shipped variant; fails the test (ADD_FAILURE) and returns null if broken.
std::shared_ptr<const core::RuleSet> shipped(const std::string& id);
// The rules' start position (start_fen, in FEN4 where the variant writes
// four-player notation).
core::Result<core::Position> start_of(const core::RuleSet& rules);

// A board of the given size with one piece kind per betza string (letters
// A.. in order) plus a royal king 'K', two seats (south, north), no castling.
std::shared_ptr<core::RuleSet> piece_lab(int files, int ranks, const std::vector<std::string>& betzas,
                                         const std::vector<std::string>& holes = {});

// A position of `rules` built from pieces written "h1:rK" (square, the
// owner's seat letter in lowercase, the piece letter). `to_move` is a seat
// letter; `out` lists seat letters whose seats are out (dead pieces).
core::Position setup(const core::RuleSet& rules, char to_move, const std::vector<std::string>& pieces,
                     const std::string& out = "");
core::Seat seat_of(const core::RuleSet& rules, char letter);
// The legal move from->to (promotion: its letter), failing the test if none.
core::Move move(const core::Position& pos, const std::string& from, const std::string& to, char promotion = 0);
bool has_move(const core::Position& pos, const std::string& from, const std::string& to);

// The destination names of every pseudo-legal move from `from`, sorted.
std::vector<std::string> destinations(const core::Position& pos, const std::string& from);

// Positions reached by seeded random play in every shipped variant and
// start: `games` games of up to `plies` plies each (a soak's sanitizer size,
// sanitizer_size.h, is its games: the first game of every start is kept), visit(game, where) at
// each; with seed = game * 7919 + ply + salt, a seat of a four-player game
// resigns where seed % resign_every == resign_every - 1 (dead pieces,
// walking kings, random movers). Stops at a fatal failure.
void soak_variants(int games, int plies, std::uint64_t salt, std::uint64_t resign_every,
                   const std::function<void(const core::Game&, const std::string&)>& visit);

}  // namespace tabula::testing
