#include "core/perft.h"

namespace tabula::core {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  pos.generate_legal(moves);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake();
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList moves;
  pos.generate_legal(moves);
  for (const Move& m : moves) {
    pos.make(m);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.unmake();
  }
  return out;
}

}  // namespace tabula::core
