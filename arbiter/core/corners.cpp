// corners.cpp — the Game's part of sheet 000, the corner-square games
// (corners-short, corners-long, corners-mini), as read in RULINGS.md.
//
// Section index: setup and targets, legality (the filter), after a move,
// the two-player phase, the end.
//
// The Position does what legality of a single move needs (kings entering
// their own corner square, immunity inside it, bishops becoming queens,
// barred pawn files, turned pawns); this file does what needs the game's
// history or several seats at once: targets, the mate restriction, the turn
// passing to a checked player, the edge-pawn truce, the corner queens and the
// duty to leave, and the long game's two-player phase. Every rule is a
// switch of core::CornerRules (the sheet hides one false rule). What
// legality depends on lives in a CornerState (core/corners.h), so that the
// mate rule can look ahead with the game layer's own legality.
#include <algorithm>
#include <optional>

#include "core/check_lines.h"
#include "core/game.h"

namespace tabula::core {

// ---- setup and targets ------------------------------------------------------

void Game::corners_setup() {
  // A start with two seats left (a FEN4 from the long game) is already in
  // the two-player phase.
  int live = 0;
  for (Seat s : rules_->turn_order) live += plays(s) ? 1 : 0;
  if (rules_->corners.two_player.enabled && live == 2) {
    enter_two_player(opening_);
    update_area_reached(opening_);
  }
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves." Past move 1 every seat has had his first turn; at move 1 (a
  // FEN4 written during the first round) the seats before the side to move
  // in the turn order have had theirs.
  for (Seat s : rules_->turn_order) {
    if (pos_.fullmove_number() != 1 || pos_.order_index(s) < pos_.order_index(pos_.to_move())) corner_.note_turn(s);
  }
  // Judgement call (switch edge_pawn_truce): the edge pawns are those on the
  // two end squares of each seat's pawn row at the start.
  if (!rules_->corners.edge_pawn_truce || pos_.fullmove_number() != 1) return;
  for (int s = 0; s < rules_->seat_count(); ++s) {
    const SeatDef& seat = rules_->seats[s];
    Frame fr = frame_of(seat.facing);
    int lo = 1 << 20;
    int hi = -(1 << 20);
    Square lo_sq = kNoSquare;
    Square hi_sq = kNoSquare;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = pos_.at(static_cast<Square>(i));
      if (p.empty() || p.seat != seat_at(s) || !rules_->piece(p.kind).pawn || !seat.double_step_zone[i]) continue;
      Square q = static_cast<Square>(i);
      int along = file_of(q) * fr.right_file + rank_of(q) * fr.right_rank;
      if (along < lo) lo = along, lo_sq = q;
      if (along > hi) hi = along, hi_sq = q;
    }
    if (lo_sq != kNoSquare) corner_.edge_pawns.set(index_of(lo_sq));
    if (hi_sq != kNoSquare) corner_.edge_pawns.set(index_of(hi_sq));
  }
}

Seat Game::target_of(Seat s) const {
  // RULINGS 000: "Each player's target is the player on his left, which is
  // the next seat in turn order" (of those still playing).
  const auto& order = rules_->turn_order;
  int i = pos_.order_index(s);
  int n = static_cast<int>(order.size());
  for (int k = 1; k < n; ++k) {
    Seat t = order[(i + k) % n];
    if (plays(t)) return t;
  }
  return kNoSeat;
}

bool Game::king_must_leave(Seat s, const CornerState& st) const {
  // 000 short game: "If two Queens are captured, the King must on his next
  // move return to an unoccupied space around the corner square". Captured:
  // a corner queen that reverted to a bishop in the long game's two-player
  // phase was not captured, so then the duty never arises.
  const CornerRules& c = rules_->corners;
  int i = index_of(s);
  return c.must_leave_when_queens_lost && c.bishops_become_queens && st.entered[i] && st.queens[i].empty() &&
         st.reverted[i] == 0 && pos_.in_own_corner(s);
}

bool Game::truce_on(Seat mover, const CornerState& st) const {
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves." Which moves are the first round is a switch (truce_round).
  const CornerRules& c = rules_->corners;
  if (!c.edge_pawn_truce || st.edge_pawns.none()) return false;
  if (c.truce_round == TruceRound::kOwnFirstTurn) return !st.had_turn_of(mover);
  // Until every seat still playing has had his first turn: a seat out of
  // the game before his first turn does not keep the round going.
  for (Seat s : rules_->turn_order)
    if (plays(s) && !st.had_turn_of(s)) return true;
  return false;
}

namespace {

// The square of the piece a move captures, or kNoSquare.
Square capture_square(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::kNormal && !pos.at(m.to).empty()) return m.to;
  if (m.kind != MoveKind::kEnPassant) return kNoSquare;
  for (int s = 0; s < pos.rules().seat_count(); ++s)
    if (pos.en_passant(seat_at(s)).target == m.to) return pos.en_passant(seat_at(s)).victim;
  return kNoSquare;
}

}  // namespace

void Game::advance_corner_state(CornerState& st, Seat mover, const Move& m, Square captured_on, bool captured,
                                const std::vector<Square>& converted) const {
  if (mover != kNoSeat) st.note_turn(mover);
  // The edge pawns of the first round move with their pawns.
  if (st.edge_pawns.any()) {
    if (captured && st.edge_pawns[index_of(captured_on)]) st.edge_pawns.reset(index_of(captured_on));
    if (m.from != kNoSquare && st.edge_pawns[index_of(m.from)]) {
      st.edge_pawns.reset(index_of(m.from));
      st.edge_pawns.set(index_of(m.to));
    }
  }
  // The corner queens move with their pieces and are lost when captured.
  for (int s = 0; s < rules_->seat_count(); ++s) {
    auto& queens = st.queens[s];
    if (captured) {
      auto it = std::find(queens.begin(), queens.end(), captured_on);
      if (it != queens.end()) queens.erase(it);
    }
    if (seat_at(s) == mover && m.from != kNoSquare) std::replace(queens.begin(), queens.end(), m.from, m.to);
  }
  // 000 short game: "When a King enters his corner square, both of his
  // Bishops become Queens instantly."
  if (!converted.empty()) {
    st.entered[index_of(mover)] = true;
    st.queens[index_of(mover)] = converted;
    st.reverted[index_of(mover)] = 0;
  }
}

bool Game::all_in_area(Seat s, bool except_king) const {
  const SquareSet& area = rules_->corners.two_player.area;
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = pos_.at(static_cast<Square>(i));
    if (p.empty() || p.seat != s || area[i]) continue;
    if (except_king && p.kind == rules_->royal_kind()) continue;
    return false;
  }
  return true;
}

// ---- legality -----------------------------------------------------------------

// How many replies deep the mate rule judges with the whole game layer: the
// checked player's replies are tested against the mate rule too, their own
// replies against the other corner rules (truce, corner duty) only.
constexpr int kMateProbeDepth = 2;

bool Game::mates_non_target(const Move& m, const CornerState& st, int depth, const SeatLines* lines) const {
  // RULINGS 000: "Only the target may be checkmated: a move that would
  // checkmate any other king is illegal." Checkmate as the game layer judges
  // it: in check with no reply the game allows (the edge-pawn truce, this
  // very rule, the corner duty), with the corner state after the move.
  // A move that checks none of the other kings mates none (the lines, built
  // by the caller for every seat looked at below, prove it unmade).
  if (lines && !lines->may_check(pos_, m)) return false;
  Position& p = const_cast<Position&>(pos_);  // make/unmake restores exactly
  Seat mover = p.to_move();
  Seat target = target_of(mover);
  Square captured_on = capture_square(p, m);
  std::vector<Square> converted = corner_entry_bishops(mover, m);
  p.make(m);
  std::uint8_t mated = 0;
  std::optional<CornerState> after;
  for (int i = 0; i < rules_->seat_count(); ++i) {
    Seat s = seat_at(i);
    if (s == mover || s == target || !plays(s) || !p.in_check(s)) continue;
    if (!after) {
      after = st;
      advance_corner_state(*after, mover, m, captured_on, captured_on != kNoSquare, converted);
    }
    if (!corner_reply_exists(s, *after, depth + 1)) mated = static_cast<std::uint8_t>(mated | (1U << i));
  }
  p.unmake();
  // A king mated already before the move is not mated by it (the move that
  // mates the target, whose other checks are looked at in the position after
  // it, before the target is out).
  for (int i = 0; i < rules_->seat_count(); ++i) {
    if (!((mated >> i) & 1U)) continue;
    Seat s = seat_at(i);
    if (!p.in_check(s) || corner_reply_exists(s, st, depth + 1)) return true;
  }
  return false;
}

bool Game::corner_reply_exists(Seat s, const CornerState& st, int depth) const {
  // Whether seat s, were it his turn now, has a move the game layer allows.
  Position& p = const_cast<Position&>(pos_);  // the turn is given back below
  Seat saved = p.to_move();
  p.set_to_move(s);
  MoveList list;
  p.generate_legal(list);
  bool any = false;
  for (const Move& m : list) {
    if (corner_violation(m, st, depth).empty()) {
      any = true;
      break;
    }
  }
  p.set_to_move(saved);
  return any;
}

std::string Game::corner_violation(const Move& m, const CornerState& st, int depth, const SeatLines* lines) const {
  const CornerRules& c = rules_->corners;
  Seat mover = pos_.to_move();
  const Geometry& g = rules_->geometry;
  if (m.from != kNoSquare && st.edge_pawns[index_of(m.from)] && truce_on(mover, st)) {
    Square victim = m.to;
    if (m.kind == MoveKind::kEnPassant) {
      for (int s = 0; s < rules_->seat_count(); ++s)
        if (pos_.en_passant(seat_at(s)).target == m.to) victim = pos_.en_passant(seat_at(s)).victim;
    }
    Piece v = pos_.at(victim);
    if (!v.empty() && rules_->piece(v.kind).pawn && st.edge_pawns[index_of(victim)] &&
        rules_->piece(pos_.at(m.from).kind).pawn) {
      return "edge pawns may not capture edge pawns in the first round";
    }
  }
  if (king_must_leave(mover, st) && m.from != pos_.king_square(mover)) {
    return seat_name(mover) + "'s corner queens are gone: the king must leave the corner square now";
  }
  if (!c.may_leave_corner_at_will && !two_player_ && m.from != kNoSquare && m.from == pos_.king_square(mover) &&
      g.merged(m.from) && !king_must_leave(mover, st)) {
    return "the king leaves his corner square only when both corner queens are lost (house rule)";
  }
  if (two_player_) {
    const TwoPlayerRules& t = c.two_player;
    bool from_in = m.from != kNoSquare && t.area[index_of(m.from)];
    bool to_in = m.to != kNoSquare && t.area[index_of(m.to)];
    if (t.stay_in_area && from_in && !to_in) return "a piece on the playing area may not leave it";
    if (t.exit_corner_onto_area && m.from != kNoSquare && g.merged(m.from) && !to_in) {
      return "with two players left, the king leaves the corner square only onto the playing area";
    }
    if (t.no_check_until_inside && !area_reached_ && gives_check_on_area(m, mover, st)) {
      return "no check may be given until both sides are on the playing area";
    }
  }
  if (c.only_target_may_be_mated && depth < kMateProbeDepth && mates_non_target(m, st, depth, lines)) {
    return "only " + seat_name(target_of(mover)) + "'s king (the target) may be checkmated";
  }
  return {};
}

bool Game::gives_check_on_area(const Move& m, Seat mover, const CornerState& st) const {
  // Whether the move leaves another seat's king attacked, with the piece as
  // it stands once the move is made: in the two-player phase a corner queen
  // that lands on the playing area is a bishop there at once (000 long: "If
  // a player has two Queens remaining both Queens must revert to Bishops on
  // the Chess playing area"), and checks as one (issue 30 item 4).
  const TwoPlayerRules& t = rules_->corners.two_player;
  const auto& queens = st.queens[index_of(mover)];
  bool reverts = t.corner_queens_revert && m.kind == MoveKind::kNormal && t.area[index_of(m.to)] &&
                 std::find(queens.begin(), queens.end(), m.from) != queens.end();
  Position& p = const_cast<Position&>(pos_);  // make/unmake restores exactly
  p.make(m);
  Piece landed = p.at(m.to);
  if (reverts) p.transform(m.to, Piece{rules_->corners.bishop, mover, false});
  bool check = false;
  for (int i = 0; i < rules_->seat_count() && !check; ++i) {
    Seat s = seat_at(i);
    check = s != mover && plays(s) && p.in_check(s);
  }
  if (reverts) p.transform(m.to, landed);
  p.unmake();
  return check;
}

// The lines to the kings a move of the side to move could mate against the
// rule (every seat playing but the mover and his target), once per node.
void Game::non_target_lines(SeatLines& lines) const {
  lines.clear();
  if (!rules_->corners.only_target_may_be_mated) return;
  Seat mover = pos_.to_move();
  Seat target = target_of(mover);
  for (int i = 0; i < rules_->seat_count(); ++i) {
    Seat s = seat_at(i);
    if (s == mover || s == target || !plays(s)) continue;
    lines.add(pos_, s);
  }
}

void Game::filter_corners(MoveList& list) const {
  SeatLines lines;
  non_target_lines(lines);
  std::size_t keep = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (corner_violation(list[i], corner_, 0, &lines).empty()) list[keep++] = list[i];
  }
  list.truncate(keep);
}

std::vector<Square> Game::corner_entry_bishops(Seat mover, const Move& m) const {
  // The bishops that become queens when this move takes the king into his
  // corner square (the Position turns them; the Game remembers them).
  std::vector<Square> out;
  const CornerRules& c = rules_->corners;
  if (!c.bishops_become_queens || m.kind != MoveKind::kNormal || m.from != pos_.king_square(mover) ||
      m.to != c.own[index_of(mover)]) {
    return out;
  }
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = pos_.at(static_cast<Square>(i));
    if (!p.empty() && p.seat == mover && p.kind == c.bishop) out.push_back(static_cast<Square>(i));
  }
  return out;
}

bool Game::could_enter_area(Seat s) const {
  if (!two_player_ || !rules_->corners.two_player.enter_area_warning || all_in_area(s, false)) return false;
  const SquareSet& area = rules_->corners.two_player.area;
  for (const Move& m : legal_moves()) {
    if (m.from != kNoSquare && !area[index_of(m.from)] && area[index_of(m.to)]) return true;
  }
  return false;
}

// ---- after a move -------------------------------------------------------------------

void Game::corners_after_make(Seat mover, const Move& m, Square captured_on, bool captured,
                              const std::vector<Square>& converted, std::vector<Ruling>& out) {
  const Geometry& g = rules_->geometry;
  std::array<bool, kMaxSeats> had_queens{};
  for (int s = 0; s < rules_->seat_count(); ++s) had_queens[s] = !corner_.queens[s].empty();
  advance_corner_state(corner_, mover, m, captured_on, captured, converted);
  // 000 long game: a corner queen that lands on the playing area is a bishop
  // there at once, before the checks the move gives are judged (issue 30
  // item 4: they were judged with the queen).
  if (two_player_) revert_corner_queens(out);
  for (int s = 0; s < rules_->seat_count(); ++s) {
    if (!had_queens[s] || !king_must_leave(seat_at(s))) continue;
    Ruling r;
    r.kind = RulingKind::kRelation;
    r.severity = Severity::kWarning;
    r.seat = seat_at(s);
    r.by = mover;
    r.squares = {pos_.king_square(seat_at(s))};
    r.text = seat_name(seat_at(s)) + " has lost both corner queens: his king must leave the corner square "
             "on his next move";
    out.push_back(r);
  }
  if (!converted.empty()) {
    Ruling r;
    r.kind = RulingKind::kPromotion;
    r.severity = Severity::kWarning;  // the table swaps the pieces
    r.seat = mover;
    r.squares = converted;
    r.text = seat_name(mover) + "'s king enters his corner square, immune from check; his bishops on ";
    for (std::size_t i = 0; i < converted.size(); ++i)
      r.text += (i == 0 ? "" : (i + 1 == converted.size() ? " and " : ", ")) + g.name(converted[i]);
    r.text += " become queens";
    out.push_back(r);
  }
}

void Game::corners_after_move(Seat mover, bool could_enter, bool entered, std::vector<Ruling>& out) {
  const CornerRules& c = rules_->corners;
  for (int s = 0; s < rules_->seat_count(); ++s)
    if (!plays(seat_at(s))) corner_.queens[s].clear();
  int live = 0;
  for (Seat s : rules_->turn_order) live += plays(s) ? 1 : 0;
  if (c.two_player.enabled && !two_player_ && live == 2) {
    enter_two_player(out);
  } else if (two_player_) {
    if (could_enter && !entered) {
      // 000 long game: "all pieces must as soon as possible enter onto the
      // playing area of Chess" — a duty legality cannot enforce: a warning.
      Ruling r;
      r.kind = RulingKind::kRelation;
      r.severity = Severity::kWarning;
      r.seat = mover;
      r.text = seat_name(mover) + " could have brought a piece onto the playing area and must do so as soon "
                                  "as possible";
      out.push_back(r);
    }
    revert_corner_queens(out);
  }
  update_area_reached(out);
  // 000 short game: "Other Kings may be placed in check only, with the next
  // move going to the player that is in check." The long game: "or by the
  // player whose King is in Check as a result of the pieces being removed".
  if (outcome_.over) return;
  // The seats in check, looked at once for both rules below.
  std::uint8_t checked = 0;
  for (Seat s : rules_->turn_order)
    if (plays(s) && pos_.in_check(s)) checked = static_cast<std::uint8_t>(checked | (1U << index_of(s)));
  // A king left in check once a colour's pieces came off (long game): the
  // check is a ruling too, credited to the mover; the mover's own king too
  // (the mater's, exposed by the removal), credited to the checking colour.
  for (Seat s : rules_->turn_order) {
    if (!((checked >> index_of(s)) & 1U)) continue;
    bool reported = std::any_of(out.begin(), out.end(), [s](const Ruling& r) {
      return r.kind == RulingKind::kCheck && r.seat == s;
    });
    if (reported) continue;
    Ruling r;
    r.kind = RulingKind::kCheck;
    r.seat = s;
    r.squares = checkers(s);
    r.by = s == mover ? pos_.at(r.squares.front()).seat : mover;
    if (!quiet_) r.text = seat_name(s) + " is in check once the pieces are removed";
    out.push_back(r);
  }
  if (!c.turn_to_checked_player) return;
  const auto& order = rules_->turn_order;
  int n = static_cast<int>(order.size());
  // After a resignation (no mover) the search starts with the seat to move.
  // The mover himself comes last: "or by the player whose King is in Check
  // as a result of the pieces being removed" may be the mater.
  int from = mover != kNoSeat ? pos_.order_index(mover) : (pos_.order_index(pos_.to_move()) + n - 1) % n;
  for (int k = 1; k <= n; ++k) {
    Seat s = order[(from + k) % n];
    if (!((checked >> index_of(s)) & 1U)) continue;
    if (s == pos_.to_move()) return;
    for (int j = 1; j < k; ++j) {
      Seat skipped = order[(from + j) % n];
      if (!plays(skipped) || skipped == mover) continue;
      Ruling r;
      r.kind = RulingKind::kTurnSkipped;
      r.seat = skipped;
      r.by = mover;
      if (!quiet_) r.text = seat_name(s) + " is in check and moves next; " + seat_name(skipped) + "'s turn is passed over";
      out.push_back(r);
    }
    pos_.set_to_move(s);
    return;
  }
}

// ---- the two-player phase -----------------------------------------------------------

void Game::update_area_reached(std::vector<Ruling>& out) {
  // 000 long game: "A check or checkmate may not occur intentionally until
  // the move after both sides are on the Chess playing area."
  if (!two_player_ || area_reached_) return;
  for (Seat s : rules_->turn_order)
    if (plays(s) && !all_in_area(s, false)) return;
  area_reached_ = true;
  Ruling r;
  r.kind = RulingKind::kRelation;
  r.text = "both sides are on the playing area: checks may be given from the next move";
  out.push_back(r);
}

void Game::enter_two_player(std::vector<Ruling>& out) {
  // 000 long game: "When two colours remain, the game is played as Chess".
  const TwoPlayerRules& t = rules_->corners.two_player;
  two_player_ = true;
  // House rule stay_in_area ("played as Chess"): no king enters a corner
  // square any more.
  if (t.stay_in_area) pos_.set_corner_entry_open(false);
  std::vector<Seat> live;
  for (Seat s : rules_->turn_order)
    if (plays(s)) live.push_back(s);
  Ruling r;
  r.kind = RulingKind::kRelation;
  r.severity = Severity::kWarning;
  r.seats = live;
  r.text = "two players remain: " + seat_name(live[0]) + " and " + seat_name(live[1]) +
           " play on as chess; every piece must enter the playing area as soon as possible";
  out.push_back(r);
  const auto& order = rules_->turn_order;
  int n = static_cast<int>(order.size());
  if (t.adjacent_survivors_switch && n == 4) {
    // "If players are diagonal (IE Black and Grey) the opponent to the right
    // (i.e. Grey) must immediately switch pawn movement direction towards the
    // opponent to the left. This player also moves to the vacated seat on
    // his right." The one who switches is the one whose left neighbour (next
    // in turn order) is the other survivor.
    int a = pos_.order_index(live[0]);
    int b = pos_.order_index(live[1]);
    Seat mover = kNoSeat;
    Seat other = kNoSeat;
    if ((b - a + n) % n == 1) mover = live[0], other = live[1];
    if ((a - b + n) % n == 1) mover = live[1], other = live[0];
    if (mover != kNoSeat) {
      Seat vacated = order[(pos_.order_index(other) + 2) % n];  // opposite the other survivor
      pos_.set_frame_seat(mover, pos_.frame_seat(vacated));
      Ruling sw;
      sw.kind = RulingKind::kRelation;
      sw.severity = Severity::kWarning;
      sw.seat = mover;
      sw.seats = {mover, other};
      sw.text = seat_name(mover) + " moves to " + seat_name(vacated) + "'s seat; " + seat_name(mover) +
                "'s pawns now move toward " + seat_name(other);
      out.push_back(sw);
    }
  }
  revert_corner_queens(out);
}

void Game::revert_corner_queens(std::vector<Ruling>& out) {
  // 000 long game: "If a player has three Queens any two must revert to
  // Bishops on the Chess playing area. If a player has two Queens remaining
  // both Queens must revert to Bishops" — read (RULINGS: surplus queens
  // revert) as: the queens made in the corner square become bishops again
  // once they stand on the playing area.
  const TwoPlayerRules& t = rules_->corners.two_player;
  if (!t.corner_queens_revert) return;
  for (int s = 0; s < rules_->seat_count(); ++s) {
    auto& queens = corner_.queens[s];
    for (auto it = queens.begin(); it != queens.end();) {
      if (!t.area[index_of(*it)]) {
        ++it;
        continue;
      }
      edit_square(*it, Piece{rules_->corners.bishop, seat_at(s), false});
      Ruling r;
      r.kind = RulingKind::kPromotion;
      r.severity = Severity::kWarning;  // the table swaps the piece
      r.seat = seat_at(s);
      r.squares = {*it};
      r.text = seat_name(seat_at(s)) + "'s queen on " + rules_->geometry.name(*it) +
               " (made in the corner square) reverts to a bishop on the playing area";
      out.push_back(r);
      it = queens.erase(it);
      ++corner_.reverted[s];
    }
  }
}

bool Game::stuck_in_corner(Seat s) const {
  // 000 long game, two-player phase: the king in his corner square whose
  // other pieces are all on the playing area and who cannot step onto it.
  if (!two_player_ || !rules_->corners.two_player.corner_king_mated_when_stuck || !plays(s)) return false;
  Square k = pos_.king_square(s);
  if (k == kNoSquare || !rules_->geometry.merged(k) || !all_in_area(s, true)) return false;
  if (s != pos_.to_move()) return false;
  for (const Move& m : legal_moves())
    if (m.from == k) return false;
  return true;
}

// ---- the end --------------------------------------------------------------------

Seat Game::first_mate_winner() const {
  // 000 short game: "Checkmate of the King on the immediate left is needed to
  // win": the mater wins. On a resignation (judgement call, switch
  // resignation_wins_for_attacker) the player whose target resigned wins.
  if (eliminated_.empty()) return kNoSeat;
  Seat out = eliminated_.back();
  if (status(out) == SeatStatus::kCheckmated) return last_mater_;
  if (!rules_->corners.resignation_wins_for_attacker) return kNoSeat;
  const auto& order = rules_->turn_order;
  int n = static_cast<int>(order.size());
  int i = pos_.order_index(out);
  for (int k = 1; k < n; ++k) {
    Seat s = order[(i - k + n) % n];
    if (plays(s)) return s;
  }
  return kNoSeat;
}

StalemateRule Game::stalemate_rule() const {
  return two_player_ ? rules_->corners.two_player.stalemate : rules_->checks.stalemate;
}

}  // namespace tabula::core
