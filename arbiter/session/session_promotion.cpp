// session_promotion.cpp — promotion (and placement) chosen at the board
// (issue 31 item 11): the default taken when the next move begins, and the
// arbiter's later change of the piece.
#include "core/notation.h"
#include "session/session_moves.h"

namespace tabula::session {

using core::Move;

// ---- promotion at the board (issue 31 item 11) ------------------------------------
//
// A presence board cannot see which piece was put down, and play must go on:
// while a promotion (or placement) question is open, the first sensor change
// away from the promotion square is the next player's move beginning. The
// default (the variant's first choice: the queen) is taken at once and the
// change is read as part of the next move, so no move is lost to the
// question; the arbiter can change the piece afterwards (kChoosePiece with
// no question open), and the game is replayed from the promotion.

void Session::default_open_choice_on_next_move(const SquareEvent& e, Output& out) {
  if (phase_ != Phase::kPlay) return;
  for (const Request& r : requests_) {
    if (r.kind != RequestKind::kPromotion && r.kind != RequestKind::kPlacement) continue;
    if (std::find(r.squares.begin(), r.squares.end(), e.square) != r.squares.end()) return;
    Request req = r;
    Ruling note;
    note.kind = RulingKind::kRequest;
    note.squares = {e.square};
    note.text = "play goes on (" + game().rules().geometry.name(e.square) + "): " +
                req.options[static_cast<std::size_t>(req.default_option)].label +
                " is taken; the arbiter may change it";
    add(note, out);
    answer(req, req.default_option, out);
    return;
  }
}

void Session::change_last_promotion(core::PieceKind piece, Output& out) {
  if (phase_ != Phase::kPlay) return refuse("there is no open question to answer", out);
  core::Game& g = match_.game();
  const core::RuleSet& rules = g.rules();
  const std::vector<Move>& played = g.moves();
  std::size_t at = played.size();
  for (std::size_t i = played.size(); i-- > 0;) {
    if (played[i].promotion != core::kNoKind && played[i].kind != core::MoveKind::kPlacement) {
      at = i;
      break;
    }
  }
  if (at == played.size()) return refuse("there is no open question, and no promotion to change", out);
  if (piece == core::kNoKind || std::find(rules.promotion.choices.begin(), rules.promotion.choices.end(), piece) ==
                                    rules.promotion.choices.end()) {
    std::string names;
    for (core::PieceKind k : rules.promotion.choices) names += (names.empty() ? "" : ", ") + rules.piece(k).name;
    return refuse("a pawn cannot promote to that piece here (the choices: " + names + ")", out);
  }
  const Move old = played[at];
  if (old.promotion == piece) return refuse("the promotion is already a " + rules.piece(piece).name, out);
  // Take the game back to just before the promotion (only moves may follow
  // it: a resignation or flag after it is the arbiter's to take back first).
  core::Game copy = g;
  const std::size_t after = played.size() - at;
  for (std::size_t k = 0; k < after; ++k) {
    if (!copy.takeback(1) || copy.moves().size() != played.size() - k - 1) {
      return refuse("the promotion cannot be changed: the game ended or a player left after it", out);
    }
  }
  Move changed = old;
  changed.promotion = piece;
  const std::string text = core::long_algebraic(copy.position(), changed);
  std::vector<core::Ruling> rs = copy.play(changed);
  for (std::size_t j = at + 1; j < played.size() && !(rs.empty() || rs.front().kind == core::RulingKind::kIllegalMove);
       ++j) {
    rs = copy.play(played[j]);
  }
  if (rs.empty() || rs.front().kind == core::RulingKind::kIllegalMove) {
    return refuse("the promotion cannot be changed to a " + rules.piece(piece).name +
                      ": a later move would not be legal then",
                  out);
  }
  g = copy;
  for (auto it = moves_.rbegin(); it != moves_.rend(); ++it) {
    if (it->move == old && it->stage == match_.stage()) {
      it->move = changed;
      it->text = text;
      break;
    }
  }
  Ruling r;
  r.kind = RulingKind::kOperator;
  r.squares = {old.to};
  r.text = "the arbiter changes the promotion on " + rules.geometry.name(old.to) + " to a " +
           rules.piece(piece).name + " (" + text + "); the game goes on from there";
  add(r, out);
  Moves src(*this);
  process(tracker_.rebase(src, inference::Rebase::kKeepEvidence), out);
}

}  // namespace tabula::session
