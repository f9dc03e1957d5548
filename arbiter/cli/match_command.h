// match_command.h — `tabula match` and `tabula analyse` (issue 32 item 4).
//
//   tabula match --variant ID --a SPEC --b SPEC [--games N] [--moves M]
//                [--movetime-ms M | --clock BASE_MS+INC_MS] [--seed S]
//                [--max-plies P] [--openings random:K | FILE] [--pgn OUT]
//                [--table-mb N] [--check]
//     Engine against engine, at a time per move or on clocks (each seat's
//     own; a move's budget is a share of what is left, engine::
//     budget_from_clock; a seat whose flag falls loses on time, Game::
//     timeout, and among four the game goes on). SPEC: greedy | level:N |
//     paranoid:N | maxn:N | two-sided:N | uci:PATH[,elo=N][,Name=value] |
//     fourp:PATH. Seats
//     rotate: between two seats or two teams A takes the first side in even
//     games; in free-for-all A takes one seat (seat g mod 4 in game g) and B
//     the other three. Each pair (or round of four) of games starts from the
//     same opening: K seeded random plies, or the next line of FILE (moves in
//     the variant's notation, space-separated). A game not finished after P
//     plies is adjudicated by the engine's evaluation (a side ahead by 3 pawns
//     wins; in free-for-all the seats are ranked by value). A's score per
//     game: 1 win, 1/2 draw, 0 loss; among four seats by its place
//     (1, 2/3, 1/3, 0; 1/2 is par). The last line: games, A's score with its
//     95% interval (Wilson's), the Elo difference with its interval, and
//     the counts of moves, refused moves and engine failures. --moves M: no
//     new game once M moves were played (the 10,000-move legality run).
//     Exit 1 when a move was refused.
//
//   tabula analyse --variant ID FILE [--game N] [--movetime-ms M] [--level L]
//                  [--mark-cp C]
//     Per move of a PGN/PGN4 record: the engine's value before it (for the
//     mover's side), its best move, the value after the move played, and
//     "??" where the move lost at least C centipawns (default 150), "?" for
//     half that.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_analyse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `tabula search`: one search of a position (kSearchUsage), for benchmarks and bot moves.
int cmd_search(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
extern const char* const kSearchUsage;

extern const char* const kMatchUsage;

// Wilson's 95% interval of a mean score over `games` games: honest at 0% and
// 100% and in short matches, where the sample's own spread says +-0.
struct ScoreInterval {
  double lo = 0, hi = 1;
};
ScoreInterval wilson_interval(double mean, long long games);

}  // namespace tabula::cli
