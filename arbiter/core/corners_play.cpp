// corners_play.cpp — sheet 000, the corner-square games, as the game goes
// on: what a move changes of the corner state (the edge pawns, the corner
// queens, the duty to leave), the long game's two-player phase and the end.
// The setup, the targets and legality are in core/corners.cpp (a split of one
// file by section: issue 30 item 1, no file in arbiter/ over 800 lines).
//
// Section index: after a move, the two-player phase, the end.
#include <algorithm>
#include <array>
#include <bit>
#include <utility>
#include <vector>

#include "core/module_corners.h"

namespace tabula::core {

// ---- after a move -------------------------------------------------------------------

// (The hooks themselves, not helpers they call: one function a hook, issue
// 30 item 3.)
void Modules::Corners::after_make(Game& g, Seat mover, const Move& m, const MoveNotes& notes,
                                  std::vector<Ruling>& out) const {
  CornerState& st = g.corner_;
  // No corner queens stand anywhere and the move makes none (a search's
  // plain move, issue 30 item 3): before_make moved the turn and the edge
  // pawns on (MoveNotes::after_make_done); Game calls this then only for
  // another module's sake, and nothing is left to do.
  if (!st.any_entered() && !notes.converts) return;
  std::array<bool, kMaxSeats> had_queens{};
  bool any_queens = false;  // no seat has corner queens: most moves
  for (int s = 0; s < g.rules_->seat_count() && st.any_entered(); ++s) {
    had_queens[s] = !st.queens[s].empty();
    any_queens = any_queens || had_queens[s];
  }
  advance_corner_state(g, st, mover, m, notes.captured_on, notes.captured, notes.converted);
  // 000 long game: a corner queen that lands on the playing area is a bishop
  // there at once, before the checks the move gives are judged (issue 30
  // item 4: they were judged with the queen).
  if (g.two_player_) revert_corner_queens(g, out);
  if (any_queens) warn_corner_queens_lost(g, mover, had_queens, out);
  if (notes.converts) rule_corner_queens_made(g, mover, notes.converted, out);
}

void Modules::Corners::warn_corner_queens_lost(Game& g, Seat mover, const std::array<bool, kMaxSeats>& had_queens,
                                               std::vector<Ruling>& out) {
  for (int s = 0; s < g.rules_->seat_count(); ++s) {
    if (!had_queens[s] || !king_must_leave(g, seat_at(s))) continue;
    Ruling r;
    r.kind = RulingKind::kRelation;
    r.severity = Severity::kWarning;
    r.seat = seat_at(s);
    r.by = mover;
    if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
      r.squares = {g.pos_.king_square(seat_at(s))};
      r.text = g.seat_name(seat_at(s)) +
               " has lost both corner queens: his king must leave the corner square "
               "on his next move";
    }
    out.push_back(r);
  }
}

void Modules::Corners::rule_corner_queens_made(Game& g, Seat mover, const SquareSet& converted,
                                               std::vector<Ruling>& out) {
  const Geometry& geo = g.rules_->geometry;
  Ruling r;
  r.kind = RulingKind::kPromotion;
  r.severity = Severity::kWarning;  // the table swaps the pieces
  r.seat = mover;
  if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
    // The bishops in square order.
    for (int i = 0; i < kMaxSquares; ++i)
      if (converted[static_cast<std::size_t>(i)]) r.squares.push_back(static_cast<Square>(i));
    r.text =
        g.seat_name(mover) + "'s king enters his corner square, immune from check; his bishops on ";
    for (std::size_t i = 0; i < r.squares.size(); ++i)
      r.text +=
          (i == 0 ? "" : (i + 1 == r.squares.size() ? " and " : ", ")) + geo.name(r.squares[i]);
    r.text += " become queens";
  }
  out.push_back(r);
}

void Modules::Corners::after_move(Game& g, Seat mover, const MoveNotes& notes, std::vector<Ruling>& out) const {
  const CornerRules& c = g.rules_->corners;
  // The corner queens and the long game's two-player phase: nothing to do
  // while no king entered his corner square, the phase is not on and more
  // than two seats are live (most moves; the rest out of line, cold: issue
  // 30 item 3, the code a search runs per move kept small).
  const bool phase = g.two_player_ || (c.two_player.enabled && at_most_two_live(g));
  if (g.corner_.any_entered() || phase) [[unlikely]]
    after_move_phase(g, mover, notes, out);
  // 000 short game: "Other Kings may be placed in check only, with the next
  // move going to the player that is in check." The long game: "or by the
  // player whose King is in Check as a result of the pieces being removed".
  if (g.outcome_.over) return;
  // The seats in check, looked at once for both rules below. The mover's
  // own king is attacked after his legal move only once pieces came off (an
  // elimination: its ruling is in `out`); after a resignation nobody moved.
  // (A plain loop: std::any_of's, unrolled four times, was ~100 bytes
  // more of the code a search runs per check.)
  bool removed = mover == kNoSeat || !c.many_seats;
  for (auto r = out.begin(); !removed && r != out.end(); ++r)
    removed = r->kind == RulingKind::kElimination;
  std::uint8_t checked = 0;
  if (!removed && g.checks_ply_ == g.pos_.ply()) {
    // The board report_checks looked at (issue 30 item 3: each king tested
    // once per move): its seats but a king immune in his corner square
    // (Position::in_check's exception). None of them (most moves): no
    // ruling and no turn below.
    // (By their bits, not in turn order: the order changes no answer here.)
    checked = static_cast<std::uint8_t>(g.checks_found_ & ~(1U << index_of(mover)));
    if (checked == 0) return;
    const bool immune = c.immune_in_corner;
    for (unsigned left = checked; left != 0; left &= left - 1U) {
      const int i = std::countr_zero(left);
      if (!g.plays(seat_at(i)) || (immune && g.pos_.king_square(seat_at(i)) == c.own[i]))
        checked = static_cast<std::uint8_t>(checked & ~(1U << i));
    }
  } else {
    checked = seats_in_check(g, mover, removed);
  }
  // A king left in check once a colour's pieces came off (long game): the
  // check is a ruling too, credited to the mover; the mover's own king too
  // (the mater's, exposed by the removal), credited to the checking colour.
  // A search (quiet) writes no rulings: only the turn below matters there.
  if (!g.quiet_ && checked != 0) write_checks_after_removal(g, mover, checked, out);
  if (!c.turn_to_checked_player || checked == 0) return;
  const auto& order = g.rules_->turn_order;
  int n = static_cast<int>(order.size());
  // After a resignation (no mover) the search starts with the seat to move.
  // The mover himself comes last: "or by the player whose King is in Check
  // as a result of the pieces being removed" may be the mater.
  int from = mover != kNoSeat ? g.pos_.order_index(mover)
                              : (g.pos_.order_index(g.pos_.to_move()) + n - 1) % n;
  for (int k = 1; k <= n; ++k) {
    Seat s = order[static_cast<std::size_t>(from + k < n ? from + k : from + k - n)];  // (no division)
    if (!((checked >> index_of(s)) & 1U)) continue;
    if (s == g.pos_.to_move()) return;
    if (!g.quiet_) write_turns_to_checked(g, mover, s, from, k, out);
    g.pos_.set_to_move(s);
    return;
  }
}

void Modules::Corners::after_move_phase(Game& g, Seat mover, const MoveNotes& notes,
                                        std::vector<Ruling>& out) {
  const CornerRules& c = g.rules_->corners;
  if (g.corner_.any_entered())  // (tested once, not before each seat)
    for (int s = 0; s < g.rules_->seat_count(); ++s)
      if (!g.corner_.queens[s].empty() && !g.plays(seat_at(s))) g.corner_.queens[s].clear();
  auto live = [&g]() {
    int n = 0;
    for (Seat s : g.rules_->turn_order) n += g.plays(s) ? 1 : 0;
    return n;
  };
  if (c.two_player.enabled && !g.two_player_ && at_most_two_live(g) && live() == 2) {
    enter_two_player(g, out);
  } else if (g.two_player_) {
    if (notes.could_enter && !notes.entered) warn_area_duty(g, mover, out);
    revert_corner_queens(g, out);
  }
  if (g.two_player_ && !g.area_reached_) update_area_reached(g, out);
}

std::uint8_t Modules::Corners::seats_in_check(const Game& g, Seat mover, bool removed) {
  // Each seat's king looked at on this board (report_checks did not look
  // at it, or pieces came off): the mover's own only once pieces came off.
  // Where a mate after the move took them off, the mate test looked at
  // every other seat's king on this very board (Game::removal_checks_):
  // those answers, but for a king immune in his corner square
  // (Position::in_check's exception), and only the mover's king walked
  // here (issue 30 item 3).
  const bool known = removed && mover != kNoSeat && g.removal_checks_.version == g.board_version_;
  const CornerRules& c = g.rules_->corners;
  std::uint8_t checked = 0;
  for (Seat s : g.rules_->turn_order) {
    if ((!removed && s == mover) || !g.plays(s)) continue;
    bool in = false;
    if (known && s != mover)
      in = ((g.removal_checks_.seats >> index_of(s)) & 1U) != 0 &&
           !(c.enabled && c.immune_in_corner && g.pos_.king_square(s) == c.own[index_of(s)]);
    else
      in = g.pos_.in_check(s);
    if (in) checked = static_cast<std::uint8_t>(checked | (1U << index_of(s)));
  }
  return checked;
}

// ---- the words of the rules above (out of the code a search runs per node: issue 30
// item 3) ----------------------------------------------------------------------------

void Modules::Corners::warn_area_duty(Game& g, Seat mover, std::vector<Ruling>& out) {
  // 000 long game: "all pieces must as soon as possible enter onto the
  // playing area of Chess" — a duty legality cannot enforce: a warning.
  Ruling r;
  r.kind = RulingKind::kRelation;
  r.severity = Severity::kWarning;
  r.seat = mover;
  if (!g.quiet_)
    r.text = g.seat_name(mover) +
             " could have brought a piece onto the playing area and must do so as soon "
             "as possible";
  out.push_back(r);
}

void Modules::Corners::write_checks_after_removal(Game& g, Seat mover, std::uint8_t checked,
                                                  std::vector<Ruling>& out) {
  for (Seat s : g.rules_->turn_order) {
    if (!((checked >> index_of(s)) & 1U)) continue;
    bool reported = std::any_of(out.begin(), out.end(), [s](const Ruling& r) {
      return r.kind == RulingKind::kCheck && r.seat == s;
    });
    if (reported) continue;
    Ruling r;
    r.kind = RulingKind::kCheck;
    r.seat = s;
    r.squares = g.checkers(s);
    r.by = s == mover ? g.pos_.at(r.squares.front()).seat : mover;
    r.text = g.seat_name(s) + " is in check once the pieces are removed";
    out.push_back(r);
  }
}

void Modules::Corners::write_turns_to_checked(Game& g, Seat mover, Seat checked, int from, int k,
                                              std::vector<Ruling>& out) {
  // The seats between turn order's `from` and `checked` (k-th after it)
  // that play, the mover's own but, lose their turn to him.
  const auto& order = g.rules_->turn_order;
  const int n = static_cast<int>(order.size());
  for (int j = 1; j < k; ++j) {
    Seat skipped = order[(from + j) % n];
    if (!g.plays(skipped) || skipped == mover) continue;
    Ruling r;
    r.kind = RulingKind::kTurnSkipped;
    r.seat = skipped;
    r.by = mover;
    r.text = g.seat_name(checked) + " is in check and moves next; " + g.seat_name(skipped) +
             "'s turn is passed over";
    out.push_back(r);
  }
}

// ---- the two-player phase -----------------------------------------------------------

void Modules::Corners::update_area_reached(Game& g, std::vector<Ruling>& out) {
  // 000 long game: "A check or checkmate may not occur intentionally until
  // the move after both sides are on the Chess playing area."
  if (!g.two_player_ || g.area_reached_) return;
  for (Seat s : g.rules_->turn_order)
    if (g.plays(s) && !all_in_area(g, s, false)) return;
  g.area_reached_ = true;
  Ruling r;
  r.kind = RulingKind::kRelation;
  if (!g.quiet_) r.text = "both sides are on the playing area: checks may be given from the next move";
  out.push_back(r);
}

void Modules::Corners::enter_two_player(Game& g, std::vector<Ruling>& out) {
  // 000 long game: "When two colours remain, the game is played as Chess".
  const TwoPlayerRules& t = g.rules_->corners.two_player;
  g.two_player_ = true;
  // House rule stay_in_area ("played as Chess"): no king enters a corner
  // square any more.
  if (t.stay_in_area) g.pos_.set_corner_entry_open(false);
  // The two players left, in turn order (a fixed array: a search's make may
  // enter the phase, issue 30 item 2).
  std::array<Seat, 2> live{kNoSeat, kNoSeat};
  std::size_t count = 0;
  for (Seat s : g.rules_->turn_order)
    if (g.plays(s) && count < live.size()) live[count++] = s;
  Ruling r;
  r.kind = RulingKind::kRelation;
  r.severity = Severity::kWarning;
  if (!g.quiet_) {  // (a search writes no words)
    r.seats.assign(live.begin(), live.end());
    r.text = "two players remain: " + g.seat_name(live[0]) + " and " + g.seat_name(live[1]) +
             " play on as chess; every piece must enter the playing area as soon as possible";
  }
  out.push_back(r);
  const auto& order = g.rules_->turn_order;
  int n = static_cast<int>(order.size());
  if (t.adjacent_survivors_switch && n == 4) {
    // "If players are diagonal (IE Black and Grey) the opponent to the right
    // (i.e. Grey) must immediately switch pawn movement direction towards the
    // opponent to the left. This player also moves to the vacated seat on
    // his right." The one who switches is the one whose left neighbour (next
    // in turn order) is the other survivor.
    int a = g.pos_.order_index(live[0]);
    int b = g.pos_.order_index(live[1]);
    Seat mover = kNoSeat;
    Seat other = kNoSeat;
    if ((b - a + n) % n == 1) mover = live[0], other = live[1];
    if ((a - b + n) % n == 1) mover = live[1], other = live[0];
    if (mover != kNoSeat) {
      Seat vacated = order[(g.pos_.order_index(other) + 2) % n];  // opposite the other survivor
      g.pos_.set_frame_seat(mover, g.pos_.frame_seat(vacated));
      Ruling sw;
      sw.kind = RulingKind::kRelation;
      sw.severity = Severity::kWarning;
      sw.seat = mover;
      if (!g.quiet_) {
        sw.seats = {mover, other};
        sw.text = g.seat_name(mover) + " moves to " + g.seat_name(vacated) + "'s seat; " +
                  g.seat_name(mover) + "'s pawns now move toward " + g.seat_name(other);
      }
      out.push_back(sw);
    }
  }
  revert_corner_queens(g, out);
}

void Modules::Corners::revert_corner_queens(Game& g, std::vector<Ruling>& out) {
  // 000 long game: "If a player has three Queens any two must revert to
  // Bishops on the Chess playing area. If a player has two Queens remaining
  // both Queens must revert to Bishops" — read (RULINGS: surplus queens
  // revert) as: the queens made in the corner square become bishops again
  // once they stand on the playing area.
  const TwoPlayerRules& t = g.rules_->corners.two_player;
  if (!t.corner_queens_revert) return;
  for (int s = 0; s < g.rules_->seat_count(); ++s) {
    CornerQueens& queens = g.corner_.queens[s];
    if (queens.empty()) continue;
    // In square order (several revert at once when the phase begins).
    const CornerQueens before = queens;
    for (Square q : before) {
      if (!t.area[index_of(q)]) continue;
      g.edit_square(q, Piece{g.rules_->corners.bishop, seat_at(s), false});
      Ruling r;
      r.kind = RulingKind::kPromotion;
      r.severity = Severity::kWarning;  // the table swaps the piece
      r.seat = seat_at(s);
      if (!g.quiet_) {  // (a search writes no words)
        r.squares = {q};
        r.text = g.seat_name(seat_at(s)) + "'s queen on " + g.rules_->geometry.name(q) +
                 " (made in the corner square) reverts to a bishop on the playing area";
      }
      out.push_back(r);
      queens.erase(q);
      ++g.corner_.reverted[s];
    }
  }
}

bool Modules::Corners::stuck_in_corner(const Game& g, Seat s) {
  // 000 long game, two-player phase: the king in his corner square whose
  // other pieces are all on the playing area and who cannot step onto it.
  if (!g.two_player_ || !g.rules_->corners.two_player.corner_king_mated_when_stuck || !g.plays(s))
    return false;
  Square k = g.pos_.king_square(s);
  if (k == kNoSquare || !g.rules_->geometry.merged(k) || !all_in_area(g, s, true)) return false;
  if (s != g.pos_.to_move()) return false;
  for (const Move& m : g.legal_moves())
    if (m.from == k) return false;
  return true;
}

// ---- the end --------------------------------------------------------------------

Seat Modules::Corners::first_mate_winner(const Game& g) const {
  // 000 short game: "Checkmate of the King on the immediate left is needed to
  // win": the mater wins. On a resignation (judgement call, switch
  // resignation_wins_for_attacker) the player whose target resigned wins.
  if (g.eliminated_.empty()) return kNoSeat;
  Seat out = g.eliminated_.back();
  if (g.status(out) == SeatStatus::kCheckmated) return g.last_mater_;
  if (!g.rules_->corners.resignation_wins_for_attacker) return kNoSeat;
  const auto& order = g.rules_->turn_order;
  int n = static_cast<int>(order.size());
  int i = g.pos_.order_index(out);
  for (int k = 1; k < n; ++k) {
    Seat s = order[(i - k + n) % n];
    if (g.plays(s)) return s;
  }
  return kNoSeat;
}

std::optional<StalemateRule> Modules::Corners::stalemate_rule(const Game& g) const {
  // 000 long game: with two left the game "is played as Chess".
  return g.two_player_ ? g.rules_->corners.two_player.stalemate : g.rules_->checks.stalemate;
}

}  // namespace tabula::core
