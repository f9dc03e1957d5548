// session_takeback.cpp — the Session's takebacks: the arbiter's count of
// moves, or a seat's "back to my last move", and the moves that stand.
//
// s31-takeback: "take back to seat S's last move" is counted here, once,
// from the game (core::Game::actions_since_move_of), not by the shells from
// the session's history (moves(), which keeps the moves taken back): the
// count is the smallest that leaves S to move with S's last move undone,
// past the other seats' moves, a resignation or flag, and any turn skipped
// between (an eliminated seat, a pass, 000's turn given to the checked
// player). `tabula play`'s typed "takeback" asks it for the seat to move.
#include <algorithm>

#include "session/session.h"

namespace tabula::session {

void Session::take_back(const Intent& in, Output& out) {
  if (phase_ != Phase::kPlay && phase_ != Phase::kOver && phase_ != Phase::kRestore) {
    return refuse("nothing to take back now (" + std::string(to_string(phase_)) + ")", out);
  }
  // The seat form (count 0, a seat): back to that seat's last move.
  const bool to_seat = in.count == 0 && in.seat != core::kNoSeat;
  if (to_seat && core::index_of(in.seat) >= game().rules().seat_count()) {
    return refuse("there is no seat " + std::to_string(core::index_of(in.seat)) +
                      " in this game to take back to",
                  out);
  }
  settle_before_operator(out);
  const core::Game& g = game();
  const std::size_t made = g.moves().size();
  const std::string stage = match_.stage() > 0 ? " in this stage" : " in this game";
  int count = in.count;
  if (to_seat) {
    count = g.actions_since_move_of(in.seat);
    if (count == 0) {
      const std::string who = g.seat_name(in.seat);
      return refuse(
          made == 0
              ? who + " has no move to take back: none has been made" + stage + " since its start"
              : who + " has no move to take back: none of the " + std::to_string(made) +
                    (made == 1 ? " move" : " moves") + " made" + stage + " since its start is " +
                    who + "'s (a takeback goes back to the asking seat's own last move)",
          out);
    }
  }
  const std::string moves = std::to_string(count) + (count == 1 ? " move" : " moves");
  if (!match_.game().takeback(count)) {
    return refuse("cannot take back " + moves + ": " + std::to_string(made) + " made in this stage",
                  out);
  }
  // The moves the takeback undid, and (the seat form) the seat's own move
  // among them: the first of them.
  std::size_t earlier = 0;
  while (earlier < standing_.size() && moves_[standing_[earlier]].stage < match_.stage()) ++earlier;
  const std::size_t left = game().moves().size();
  const std::size_t undone = made - left;
  std::string own;
  if (to_seat && earlier + left < standing_.size()) own = moves_[standing_[earlier + left]].text;
  trim_standing();
  Ruling r;
  r.kind = RulingKind::kOperator;
  std::string prompt;
  if (to_seat) {
    const std::string who = game().seat_name(in.seat);
    const int others = count - static_cast<int>(undone);
    std::string since;
    if (undone > 1) since = std::to_string(undone - 1) + (undone == 2 ? " move" : " moves");
    if (others > 0) {
      since += (since.empty() ? "" : " and ") + std::to_string(others) +
               (others == 1 ? " resignation, flag, draw or adjudication"
                            : " resignations, flags, draws or adjudications");
    }
    r.text = who + "'s last move, " + own + ", is taken back" +
             (since.empty() ? "" : " with the " + since + " since") + "; " +
             game().seat_name(game().to_move()) + " to move";
    prompt = "put the board back as it was before " + who + "'s " + own;
  } else {
    r.text =
        "the arbiter takes back " + moves + "; " + game().seat_name(game().to_move()) + " to move";
    prompt = "put the board back as it was " + moves + " ago";
  }
  add(r, out);
  close_questions(out);
  enter_setup(Phase::kRestore, game().position(), prompt, out);
}

// The current stage's standing moves are the Game's: a takeback, or a move
// withdrawn (FIDE 4.7), drops the last of them.
void Session::trim_standing() {
  std::size_t earlier = 0;
  while (earlier < standing_.size() && moves_[standing_[earlier]].stage < match_.stage()) ++earlier;
  standing_.resize(std::min(standing_.size(), earlier + game().moves().size()));
}

std::vector<AcceptedMove> Session::standing_moves() const {
  std::vector<AcceptedMove> out;
  out.reserve(standing_.size());
  for (std::size_t i : standing_) out.push_back(moves_[i]);
  return out;
}

bool Session::stands(std::size_t i) const {
  return std::find(standing_.begin(), standing_.end(), i) != standing_.end();
}

}  // namespace tabula::session
