// game_actions.cpp — Game: the operator's actions. Resignation, a flag,
// draws by agreement or claim, adjudication, the record's markers, takeback.
#include "core/game.h"

#include "core/dead_position.h"

namespace tabula::core {

std::vector<Ruling> Game::resign(Seat s) { return leave_game(s, true); }

std::vector<Ruling> Game::timeout(Seat s) { return leave_game(s, false); }

std::vector<Ruling> Game::leave_game(Seat s, bool resigned) {
  std::vector<Ruling> out;
  if (outcome_.over || status(s) != SeatStatus::kLive) return out;
  settle_position();  // the key of the position before the seat leaves
  legal_cached_ = false;
  legal_pending_ = false;
  Ruling r;
  r.kind = resigned ? RulingKind::kResignation : RulingKind::kTimeout;
  r.seat = s;
  r.text = seat_name(s) + (resigned ? " resigns" : " has run out of time");
  out.push_back(r);
  actions_.push_back({resigned ? Action::Kind::kResign : Action::Kind::kTimeout, {}, s});
  note_marker(s, resigned ? 'R' : 'T');
  if (!resigned && rules_->seat_count() == 2 && rules_->draws.insufficient_material) {
    // FIDE 6.9: the flag fell, but the opponent cannot checkmate by any
    // series of legal moves (a bare king, or a dead position): a draw.
    Seat other = seat_at(1 - index_of(s));
    if (bare(other) || insufficient_material() || dead_by_blocked_pawns(pos_)) {
      finish(true, {EndReason::Kind::kTimeForfeitNoMate, 0, other}, out);
      return out;
    }
  }
  frozen_[index_of(s)] = true;  // 002 rule 10
  bool handled = false;  // a module's own leaving (003: the pieces go, relations follow)
  for (const Modules::Module* mod : modules_) handled = handled || mod->on_leave(*this, s, resigned, out);
  if (!handled) {
    eliminate(s, resigned ? SeatStatus::kResigned : SeatStatus::kFlagged,
              resigned ? rules_->elimination.on_resign : rules_->elimination.on_timeout, kNoSeat, out);
  }
  if (rules_->ledger.draw_pays_leaving_player && rules_->seat_count() > 2 && rules_->draws.insufficient_material &&
      insufficient_material()) {
    // chess.com FFA (issue 31 item 1): the last live opponent resigns leaving
    // king against king: a draw, +10 to both, the resigner included (not the
    // survivor's +20); the resigner's king is not a walking king's 20 to share.
    draw_end({EndReason::Kind::kInsufficientMaterial}, rules_->ledger.insufficient_material_draw_points, out, s);
    return out;
  }
  if (resigned && rules_->elimination.resign_in_turn_passes_turn && s == pos_.to_move() && plays(s)) {
    // chess.com (issue 31 item 4): resigning at one's own turn ends the turn
    // (`20. R .. Qc4-d5`); the walking king moves from the next round.
    advance_turn_after(s);
  }
  check_game_end(out);
  // chess.com FFA: a resignation can leave only kings that can move.
  if (!outcome_.over && rules_->seat_count() > 2 && rules_->draws.insufficient_material && insufficient_material()) {
    draw_end({EndReason::Kind::kInsufficientMaterial}, rules_->ledger.insufficient_material_draw_points, out);
  }
  if (!outcome_.over && !plays(pos_.to_move())) advance_turn_after(pos_.to_move());
  for (const Modules::Module* mod : modules_)
    if (!outcome_.over) mod->after_leave(*this, out);
  if (!outcome_.over) start_of_turn(out);
  return out;
}

std::vector<Ruling> Game::agree_draw() {
  std::vector<Ruling> out;
  if (outcome_.over) return out;
  actions_.push_back({Action::Kind::kDraw, {}, kNoSeat});
  finish(true, EndReason::Kind::kAgreement, out);
  return out;
}

std::vector<Ruling> Game::adjudicate(bool draw, Seat winner) {
  std::vector<Ruling> out;
  if (outcome_.over) return out;
  if (winner != kNoSeat && (index_of(winner) >= rules_->seat_count() || draw)) return out;
  actions_.push_back({draw ? Action::Kind::kAdjudicateDraw : Action::Kind::kAdjudicate, {}, winner});
  finish(draw, EndReason::Kind::kAdjudicated, out, winner);
  return out;
}

void Game::note_stalemate(Seat s) {
  // PGN4: chess.com writes "S" in the stalemated seat's slot (FFA 12079115,
  // round 74), a walking king's removal included. Two seats: the result says it.
  if (rules_->seat_count() > 2 && !quiet_) record_.push_back({pos_.fullmove_number(), s, "S"});
}

void Game::note_marker(Seat s, char marker) {
  // PGN4: a marker right after the seat's own move is a suffix ("Kh13-g14R");
  // otherwise it stands alone in the seat's slot.
  if (!record_.empty() && record_.back().seat == s && last_mover_ == s) {
    record_.back().text += marker;
  } else {
    record_.push_back({pos_.fullmove_number(), s, std::string(1, marker)});
  }
}

std::vector<Ruling> Game::claim_draw() {
  std::vector<Ruling> out;
  const EndReason claim = claimable();
  if (claim.kind == EndReason::Kind::kNone) {
    Ruling r;
    r.kind = RulingKind::kIllegalMove;
    r.severity = Severity::kIllegal;
    r.seat = pos_.to_move();
    r.text = "no draw can be claimed now: fewer than " +
             std::to_string(rules_->draws.fifty_move_plies / 2) +
             " moves without a capture or pawn move, and no threefold repetition";
    out.push_back(r);
    return out;
  }
  actions_.push_back({Action::Kind::kClaim, {}, pos_.to_move()});
  finish(true, claim, out);
  return out;
}

bool Game::takeback(int n) {
  if (n <= 0 || n > static_cast<int>(actions_.size())) return false;
  // Undo the n last actions: a move, or what ended a player's game after
  // it (a resignation, a flag, a draw, an adjudication) -- a takeback after
  // a resignation undoes the resignation only, not the move before it
  // (issue 18). Everything before them is replayed.
  const std::size_t keep = actions_.size() - static_cast<std::size_t>(n);
  std::vector<Action> replay(actions_.begin(), actions_.begin() + static_cast<std::ptrdiff_t>(keep));
  Game fresh(rules_, start_, start_points_);
  for (const Action& a : replay) {
    switch (a.kind) {
      case Action::Kind::kMove: fresh.play(a.move); break;
      case Action::Kind::kResign: fresh.resign(a.seat); break;
      case Action::Kind::kTimeout: fresh.timeout(a.seat); break;
      case Action::Kind::kDraw: fresh.agree_draw(); break;
      case Action::Kind::kClaim: fresh.claim_draw(); break;
      case Action::Kind::kAdjudicate: fresh.adjudicate(false, a.seat); break;
      case Action::Kind::kAdjudicateDraw: fresh.adjudicate(true, kNoSeat); break;
    }
  }
  *this = std::move(fresh);
  return true;
}

int Game::actions_since_move_of(Seat s) const {
  for (std::size_t i = actions_.size(); i-- > 0;) {
    if (actions_[i].kind == Action::Kind::kMove && actions_[i].seat == s) return static_cast<int>(actions_.size() - i);
  }
  return 0;
}

}  // namespace tabula::core
