// module_corners.cpp — sheet 000's corner-square games as a rule module
// (core/module_corners.h): where Game meets the corner rules. The rules
// themselves are in core/corners.cpp (the mate rule's look and proofs in
// core/corners_proof.cpp), the corner state in core/corners.h.
#include "core/module_corners.h"

#include "core/zobrist.h"

namespace tabula::core {

// 000 short game: "Only the target may be checkmated", the edge pawns'
// truce, the corner square and its queens, the two-player phase.
std::string Modules::Corners::refusal(const Game& g, const Move& m) const {
  return corner_violation(g, m, g.corner_, 0);
}

// Mate is judged with the game's own legality (a king in his corner square
// cannot be checked; a reply that mates a non-target is refused).
std::optional<bool> Modules::Corners::has_move_for(const Game& g, Seat s) const {
  return corner_reply_exists(g, s, g.corner_, 0);
}
// No any_move: the seat to move's whole list (Game::has_any_move) is the one
// his turn, the repetition key's en passant test and a search use next, so
// it is found once (issue 30 item 3).

void Modules::Corners::before_make(Game& g, Seat mover, const Move& m, MoveNotes& notes) const {
  // "When a King enters his corner square, both of his Bishops become
  // Queens instantly": only a move onto his corner square can (issue 30
  // item 3: the one test a search's plain move pays here).
  if (m.to == g.rules_->corners.own[index_of(mover)]) [[unlikely]] {
    notes.converted = corner_entry_bishops(g, mover, m);
    notes.converts = notes.converted.any();
  }
  // The check report after the move walks no king this node's lines
  // already prove unattacked (issue 30 item 3).
  notes.unattacked = unattacked_after(g, m);
  CornerState& st = g.corner_;
  const bool plain = !st.any_entered() && !notes.converts;
  if (plain) {
    // No corner queens stand anywhere and the move makes none (a search's
    // plain move): all after_make would do is the turn and the edge pawns
    // (after_make's first part: corners_play.cpp), done here, before the Position
    // moves, which neither reads (issue 30 item 3: one hook call, not two).
    st.note_turn(mover);
    if (st.edge_pawns.any()) advance_edge_pawns(st, m, notes.captured_on, notes.captured);
    ++notes.after_make_done;
  }
  if (!g.two_player_) {
    // Nothing for after_move, nor for before_moves (the two-player phase's
    // stuck king) to do, unless the move leaves another seat in check or
    // changes a status (MoveNotes::idle): no corner queen stands or is
    // made, and the two-player phase is not on and cannot begin while the
    // statuses stay. (With two seats after_move looks at every king.)
    const CornerRules& c = g.rules_->corners;
    if (plain && c.many_seats && !(c.two_player.enabled && at_most_two_live(g)))
      ++notes.idle;
    return;
  }
  note_area_duty(g, mover, m, notes);
}

void Modules::Corners::note_area_duty(const Game& g, Seat mover, const Move& m, MoveNotes& notes) {
  // The long game's "as soon as possible" duty: read after the move only
  // in the two-player phase as it was before the move (after_move).
  notes.could_enter = could_enter_area(g, mover);
  const SquareSet& area = g.rules_->corners.two_player.area;
  notes.entered = m.from != kNoSquare && !area[index_of(m.from)] && area[index_of(m.to)];
}

// RULINGS 000: a move that leaves a king in check is credited to the mover,
// whoever's pieces give the check.
Seat Modules::Corners::check_credit(const Game& g, Seat mover, Seat by) const {
  return g.rules_->corners.check_credited_to_mover ? mover : by;
}

Modules::Module::Turn Modules::Corners::before_moves(Game& g, Seat s,
                                                     std::vector<Ruling>& out) const {
  // (Only in the two-player phase: the test inline, the call not made in
  // most searches' nodes.)
  if (!g.two_player_ || !stuck_in_corner(g, s)) return Turn::kNotMine;
  return mate_in_corner_square(g, s, out);
}

Modules::Module::Turn Modules::Corners::mate_in_corner_square(Game& g, Seat s, std::vector<Ruling>& out) {
  // 000 long game: "If all his other players are on the 64 squares area
  // and the King cannot move onto the Chess playing area then he is
  // checkmated in the corner square."
  Seat by = g.last_mover_ != kNoSeat && g.last_mover_ != s ? g.last_mover_ : target_of(g, s);
  Ruling r;
  r.kind = RulingKind::kCheckmate;
  r.seat = s;
  r.by = by;
  if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
    r.squares = {g.pos_.king_square(s)};
    r.text = g.seat_name(s) + " is checkmated in the corner square: his king cannot reach the playing area";
  }
  out.push_back(r);
  g.king_fallen_[index_of(s)] = true;
  g.eliminate(s, SeatStatus::kCheckmated, g.rules_->elimination.on_mate, by, out);
  g.check_game_end(out);
  if (!g.outcome_.over) g.advance_turn_after(s);
  return Turn::kAgain;
}

Modules::Module::Turn Modules::Corners::no_move(Game& g, Seat s, int& passes,
                                                std::vector<Ruling>& out) const {
  if (!king_must_leave(g, s)) return Turn::kNotMine;
  // 000 short game: "If the King cannot re-enter then he must wait (miss a
  // turn) until a square is available."
  Ruling r;
  r.kind = RulingKind::kTurnSkipped;
  r.seat = s;
  if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
    r.squares = {g.pos_.king_square(s)};
    r.text = g.seat_name(s) + "'s king must leave the corner square and no free square is safe: " +
             g.seat_name(s) + " misses a turn";
  }
  out.push_back(r);
  if (++passes > g.rules_->seat_count()) {
    g.no_move_round(out);
    return Turn::kStop;
  }
  g.corner_.note_turn(s);  // a missed turn is a turn (the truce's first round)
  g.pos_.make_pass();
  return Turn::kAgain;
}

// A pass is a turn (the truce's first round).
void Modules::Corners::on_pass(Game& g, Seat s) const {
  g.corner_.note_turn(s);
}

// 000 long game: a resigning colour is removed like a mated one; the sheet's
// order rules and the two-player phase follow.
void Modules::Corners::after_leave(Game& g, std::vector<Ruling>& out) const {
  after_move(g, kNoSeat, MoveNotes{}, out);
}

// The corner state is the game's as much as the board is: a search's
// frame keeps it (Game::make/unmake copy the Game's ModuleFrame) and the
// game's key counts it.
std::uint64_t Modules::Corners::state_key(const Game& g) const {
  using zobrist::mix;
  const CornerState& st = g.corner_;
  std::uint64_t h =
      mix(0x5000U + st.had_turn + (g.two_player_ ? 0x10U : 0U) + (g.area_reached_ ? 0x20U : 0U));
  for (int i = 0; i < g.rules_->seat_count(); ++i) {
    const std::uint64_t seat = static_cast<std::uint64_t>(i) << 8;
    const auto at = static_cast<std::size_t>(i);
    h ^= mix(0x6000U + seat + (st.entered[at] ? 1U : 0U) + 2U * st.reverted[at]);
    for (Square q : st.queens[at]) h ^= mix(0x70000U + seat * 0x100U + index_of(q));
  }
  for (int i = 0; i < kMaxSquares; ++i)
    if (st.edge_pawns[static_cast<std::size_t>(i)]) h ^= mix(0x80000U + static_cast<std::uint64_t>(i));
  return h;
}

const Modules::Module& Modules::corners() {
  static const Corners module;
  return module;
}

}  // namespace tabula::core
