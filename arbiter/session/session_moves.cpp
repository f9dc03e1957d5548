// session_moves.cpp — 002 rule 7's random mover: who moves at random, the
// move drawn for them, and the request that asks the table to play it.
#include "session/session_moves.h"

#include "core/notation.h"

namespace tabula::session {

using core::Move;
using core::Seat;

namespace {

// The variant's own rule for a player out who still moves, cited from its
// data (issue 27 item 3: a chess.com game cited "002 rule 7"): 002 rule 7's
// random mover, or chess.com's walking king, by how the seat went out.
std::string random_mover_citation(const core::Game& g) {
  const core::RuleSet& rules = g.rules();
  const core::SeatStatus st = g.status(g.to_move());
  const core::EliminationPolicy policy = st == core::SeatStatus::kFlagged  ? rules.elimination.on_timeout
                                         : st == core::SeatStatus::kResigned ? rules.elimination.on_resign
                                         : st == core::SeatStatus::kCheckmated ? rules.elimination.on_mate
                                                                               : rules.elimination.on_stalemate;
  if (policy == core::EliminationPolicy::kDeadKingWalking) return rules.name + ": the king of a player out walks on";
  if (policy == core::EliminationPolicy::kRandomMover && rules.sheet == "002") return "002 rule 7";
  return rules.name;
}

}  // namespace

bool Session::random_mover(const core::Game& g, Seat s) const {
  return s != core::kNoSeat && g.plays(s) && g.status(s) != core::SeatStatus::kLive;
}

std::optional<Move> Session::random_move_for(const core::Game& g) const {
  // Seeded by the session's seed, the stage and the ply: the same game draws
  // the same moves (and a takeback draws the same one again).
  std::uint64_t seed = settings_.random_seed * 0x9E3779B97F4A7C15ULL +
                       static_cast<std::uint64_t>(match_.stage()) * 1000003ULL + g.moves().size();
  return g.random_move(seed);
}

void Session::request_random_move(Output& out) {
  const core::Game& g = game();
  close_requests(RequestKind::kRandomMove, out);
  if (g.outcome().over || !random_mover(g, g.to_move())) return;
  std::optional<Move> m = random_move_for(g);
  if (!m) return;
  Request r;
  r.kind = RequestKind::kRandomMove;
  r.seat = g.to_move();
  r.move = *m;
  r.squares = {m->from, m->to};
  r.prompt = g.seat_name(r.seat) + " is a random mover (" + random_mover_citation(g) + "): play " +
             core::long_algebraic(g.position(), *m) + " for " + g.seat_name(r.seat);
  open_request(r, out);
}

}  // namespace tabula::session
