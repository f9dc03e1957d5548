#include "core/game_perft.h"

namespace tabula::core {

std::uint64_t game_perft(const Game& game, int depth) {
  if (depth <= 0) return 1;
  MoveList moves = game.legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    Game next = game;
    next.play(m);
    nodes += game_perft(next, depth - 1);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> game_perft_divide(const Game& game, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (const Move& m : game.legal_moves()) {
    Game next = game;
    next.play(m);
    out.emplace_back(m, game_perft(next, depth - 1));
  }
  return out;
}

}  // namespace tabula::core
