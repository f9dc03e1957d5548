// session_moves.h — the Session's MoveSource: the moves the table may play
// now (the game's legal moves, narrowed to a bot's announced move (issue 33)
// or to 002 rule 7's random mover's drawn move), and why another is not.
//
// Private to arbiter/session: included by the Session's own .cpp files only.
// A Moves is a view of its Session (it must not outlive it); not thread-safe,
// like the Session.
#pragma once

#include <string>

#include "core/notation.h"
#include "inference/move_source.h"
#include "session/session.h"

namespace tabula::session {

class Session::Moves : public inference::MoveSource {
 public:
  explicit Moves(const Session& s) : s_(s) {}
  const core::Game& game() const override { return s_.match_.game(); }
  core::MoveList moves(const core::Game& g) const override {
    // Issue 33: a bot's announced move is the one move the table may play.
    if (const Request* b = s_.bot_request(g)) {
      core::MoveList only;
      only.push(b->move);
      return only;
    }
    // 002 rule 7: the table plays the random mover's drawn move, nothing else.
    if (s_.settings_.random_moves == RandomMoves::kRequireRequested &&
        s_.random_mover(g, g.to_move())) {
      core::MoveList only;
      if (auto m = s_.random_move_for(g)) only.push(*m);
      return only;
    }
    return g.legal_moves();
  }
  std::string why_not(const core::Game& g, core::Square from, core::Square to) const override {
    std::string why = g.why_illegal(from, to);
    if (const Request* b = s_.bot_request(g)) return s_.bot_why_not(*b, g, from, to, why);
    if (why.empty() && s_.settings_.random_moves == RandomMoves::kRequireRequested &&
        s_.random_mover(g, g.to_move())) {
      if (auto m = s_.random_move_for(g)) {
        why = g.seat_name(g.to_move()) + " is a random mover and must play " +
              core::long_algebraic(g.position(), *m) + ", not " + g.rules().geometry.name(from) +
              "-" + g.rules().geometry.name(to);
      }
    }
    return why;
  }

 private:
  const Session& s_;
};

}  // namespace tabula::session
