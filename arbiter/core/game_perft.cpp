#include "core/game_perft.h"

namespace tabula::core {

namespace {

std::uint64_t perft_made(Game& game, int depth) {
  if (depth == 1) return game.legal_move_count();
  MoveList moves;
  game.legal_moves(moves);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    game.make(m);
    nodes += perft_made(game, depth - 1);
    game.unmake();
  }
  return nodes;
}

}  // namespace

std::uint64_t game_perft(const Game& game, int depth) {
  if (depth <= 0) return 1;
  Game g = game;
  return perft_made(g, depth);
}

std::vector<std::pair<Move, std::uint64_t>> game_perft_divide(const Game& game, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  Game g = game;
  MoveList moves;
  g.legal_moves(moves);
  for (const Move& m : moves) {
    g.make(m);
    out.emplace_back(m, depth <= 1 ? 1 : perft_made(g, depth - 1));
    g.unmake();
  }
  return out;
}

}  // namespace tabula::core
