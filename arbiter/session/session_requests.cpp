// session_requests.cpp — the Session's open requests (questions to the
// table: promotion, placement, which move, a random move, a bot's move):
// answering, opening and closing them.
#include "session/session_moves.h"

namespace tabula::session {


// ---- requests -----------------------------------------------------------------------

void Session::answer(Request req, int option, Output& out) {
  const RequestOption& o = req.options[static_cast<std::size_t>(option)];
  switch (req.kind) {
    case RequestKind::kPromotion:
    case RequestKind::kPlacement:
    case RequestKind::kWhichMove: {
      std::optional<Millis> made = question_made_;
      if (req.kind == RequestKind::kWhichMove && tracker_.chain_question_open()) {
        // Session 19: the question of several chains is about the board as
        // it was asked; a board changed since may show another sequence.
        const core::SquareSet moved = tracker_.changed_since_asked();
        if (moved.any()) {
          return refuse("question #" + std::to_string(req.id) + " is about the board as it was asked, and " +
                            inference::square_list(game().rules().geometry, moved) +
                            " changed since: put the pieces back as they were, or wait for the board "
                            "to be read again",
                        out);
        }
        for (const auto& [m, at] : question_made_each_) {
          if (m == o.move) made = at;
        }
      }
      Ruling r;
      r.kind = RulingKind::kRequest;
      r.text = game().seat_name(req.seat) + ": " + o.label;
      add(r, out);
      accept(o.move, out, made);
      return;
    }
    case RequestKind::kPowerPiece: {
      if (auto err = match_.choose(o.label)) return refuse(err->message, out);
      Ruling r;
      r.kind = RulingKind::kRequest;
      r.text = game().seat_name(req.seat) + " chooses the " + o.label;
      add(r, out);
      close_requests(RequestKind::kPowerPiece, out);
      enter_setup(Phase::kSetup, match_.setup(), "set up the next stage (" + o.label + ")", out);
      return;
    }
    default:
      return refuse("request #" + std::to_string(req.id) + " needs no answer", out);
  }
}

bool Session::question_open() const {
  return std::any_of(requests_.begin(), requests_.end(),
                     [](const Request& r) { return !r.options.empty(); });
}

void Session::open_request(Request r, Output& out) {
  r.id = next_request_++;
  r.opened = now_;
  requests_.push_back(r);
  out.opened.push_back(r);
  Ruling note;
  note.kind = RulingKind::kRequest;
  note.text = r.prompt;
  note.squares = r.squares;
  if (!r.prompt.empty() && r.kind != RequestKind::kRemovePieces && r.kind != RequestKind::kBotMove) add(note, out);
}

void Session::close_requests(RequestKind kind, Output& out) {
  for (auto it = requests_.begin(); it != requests_.end();) {
    if (it->kind == kind) {
      out.closed.push_back(it->id);
      it = requests_.erase(it);
    } else {
      ++it;
    }
  }
}

void Session::close_questions(Output& out) {
  close_requests(RequestKind::kPromotion, out);
  close_requests(RequestKind::kPlacement, out);
  close_requests(RequestKind::kWhichMove, out);
}

}  // namespace tabula::session
