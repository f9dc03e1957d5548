// corners.cpp — the Game's part of sheet 000, the corner-square games
// (corners-short, corners-long, corners-mini), as read in RULINGS.md.
//
// Section index: setup and targets, legality (the filter). After a move,
// the two-player phase and the end are in core/corners_play.cpp.
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
#include <array>
#include <bit>
#include <optional>
#include <utility>

#include "core/check_lines.h"
#include "core/module_corners.h"

namespace tabula::core {

// ---- setup and targets ------------------------------------------------------

void Modules::Corners::corners_setup(Game& g) {
  // A start with two seats left (a FEN4 from the long game) is already in
  // the two-player phase.
  int live = 0;
  for (Seat s : g.rules_->turn_order) live += g.plays(s) ? 1 : 0;
  if (g.rules_->corners.two_player.enabled && live == 2) {
    enter_two_player(g, g.opening_);
    update_area_reached(g, g.opening_);
  }
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves." Past move 1 every seat has had his first turn; at move 1 (a
  // FEN4 written during the first round) the seats before the side to move
  // in the turn order have had theirs.
  for (Seat s : g.rules_->turn_order) {
    if (g.pos_.fullmove_number() != 1 ||
        g.pos_.order_index(s) < g.pos_.order_index(g.pos_.to_move()))
      g.corner_.note_turn(s);
  }
  // Judgement call (switch edge_pawn_truce): the edge pawns are those on the
  // two end squares of each seat's pawn row at the start.
  if (!g.rules_->corners.edge_pawn_truce || g.pos_.fullmove_number() != 1) return;
  for (int s = 0; s < g.rules_->seat_count(); ++s) {
    const SeatDef& seat = g.rules_->seats[s];
    Frame fr = frame_of(seat.facing);
    int lo = 1 << 20;
    int hi = -(1 << 20);
    Square lo_sq = kNoSquare;
    Square hi_sq = kNoSquare;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = g.pos_.at(static_cast<Square>(i));
      if (p.empty() || p.seat != seat_at(s) || !g.rules_->piece(p.kind).pawn ||
          !seat.double_step_zone[i])
        continue;
      Square q = static_cast<Square>(i);
      int along = file_of(q) * fr.right_file + rank_of(q) * fr.right_rank;
      if (along < lo) lo = along, lo_sq = q;
      if (along > hi) hi = along, hi_sq = q;
    }
    if (lo_sq != kNoSquare) g.corner_.edge_pawns.set(index_of(lo_sq));
    if (hi_sq != kNoSquare) g.corner_.edge_pawns.set(index_of(hi_sq));
  }
}

Seat Modules::Corners::target_of(const Game& g, Seat s) {
  // RULINGS 000: "Each player's target is the player on his left, which is
  // the next seat in turn order" (of those still playing).
  // (One pass from s's place on, wrapping: called at every node.)
  const auto& order = g.rules_->turn_order;
  const std::size_t n = order.size();
  std::size_t i = 0;
  while (i < n && order[i] != s) ++i;
  if (i == n) i = 0;  // Position::order_index's answer for a seat not in the order
  for (std::size_t k = 1; k < n; ++k) {
    Seat t = order[i + k < n ? i + k : i + k - n];
    if (g.plays(t)) return t;
  }
  return kNoSeat;
}

bool Modules::Corners::king_must_leave(const Game& g, Seat s, const CornerState& st) {
  // 000 short game: "If two Queens are captured, the King must on his next
  // move return to an unoccupied space around the corner square". Captured:
  // a corner queen that reverted to a bishop in the long game's two-player
  // phase was not captured, so then the duty never arises.
  const CornerRules& c = g.rules_->corners;
  int i = index_of(s);
  return c.must_leave_when_queens_lost && c.bishops_become_queens && st.entered[i] &&
         st.queens[i].empty() && st.reverted[i] == 0 && g.pos_.in_own_corner(s);
}

bool Modules::Corners::truce_on(const Game& g, Seat mover, const CornerState& st) {
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves." Which moves are the first round is a switch (truce_round).
  const CornerRules& c = g.rules_->corners;
  if (!c.edge_pawn_truce || st.edge_pawns.none()) return false;
  if (c.truce_round == TruceRound::kOwnFirstTurn) return !st.had_turn_of(mover);
  // Until every seat still playing has had his first turn: a seat out of
  // the game before his first turn does not keep the round going.
  // (Only the seats without a turn yet are looked at: called at every node.)
  for (unsigned left = ~st.had_turn & ((1U << g.rules_->seat_count()) - 1U); left != 0;
       left &= left - 1U)
    if (g.plays(seat_at(std::countr_zero(left)))) return true;
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

// The en passant entries of `owners` (a bit per seat index) closed while a
// reply proof looks (Modules::Corners::entries_not_his), put back after;
// the hash is not read by the proof (its makes restore theirs).
class ProofEntriesClosed {
 public:
  ProofEntriesClosed(Position& p, std::uint8_t owners) : p_(p), owners_(owners) {
    for (unsigned c = owners_; c != 0; c &= c - 1U) {
      const int i = std::countr_zero(c);
      saved_[static_cast<std::size_t>(i)] = p_.en_passant(seat_at(i));
      p_.set_en_passant(seat_at(i), EnPassantEntry{});
    }
  }
  ProofEntriesClosed(const ProofEntriesClosed&) = delete;
  ProofEntriesClosed& operator=(const ProofEntriesClosed&) = delete;
  ~ProofEntriesClosed() {
    for (unsigned c = owners_; c != 0; c &= c - 1U) {
      const int i = std::countr_zero(c);
      p_.set_en_passant(seat_at(i), saved_[static_cast<std::size_t>(i)]);
    }
  }

 private:
  Position& p_;
  const std::uint8_t owners_;
  std::array<EnPassantEntry, kMaxSeats> saved_{};
};

// The seats (a bit per seat index) whose open en passant entry lands on
// `target`.
std::uint8_t entry_owners(const Game& g, Square target) {
  std::uint8_t out = 0;
  for (int i = 0; i < g.rules().seat_count(); ++i)
    if (g.position().en_passant(seat_at(i)).target == target) out = static_cast<std::uint8_t>(out | (1U << i));
  return out;
}

}  // namespace

bool BoardOnlyMove::two_squares(const Position& p, const Move& m) {
  return (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) && m.promotion == kNoKind &&
         is_valid(m.from) && is_valid(m.to) && !p.at(m.from).empty() &&
         p.at(m.to).kind != p.royal_kind() && !p.converts(m);
}

BoardOnlyMove::BoardOnlyMove(Position& p, const Move& m, Seat mover) : p_(p), m_(m) {
  // While a castling right remains, make() may take one away (a move from
  // or to a king's or rook's first square): made, the first test, as the
  // short and long games keep their rights through a search's first plies
  // (a square-by-square test cost them more than it saved: issue 30 item 3).
  if (p.castling_rights() != 0 || !two_squares(p, m)) return;
  // The entries as Position::make leaves them (its own bookkeeping), the
  // changed ones put back by the destructor. advance_en_passant changes
  // only open entries and a double step's own: with none open and no double
  // step there is nothing to copy or advance (issue 30 item 3: most looks).
  bool entries = m.kind == MoveKind::kDoubleStep;
  for (int s = 0; s < kMaxSeats && !entries; ++s) entries = p.en_passant(seat_at(s)).open();
  if (entries) {
    for (int s = 0; s < kMaxSeats; ++s) ep_[static_cast<std::size_t>(s)] = p.en_passant(seat_at(s));
    changed_ = p.advance_en_passant(mover, m);
  }
  was_ = p.place_on_board(m);  // (the hash is not read by the look)
  done_ = true;
}

BoardOnlyMove::~BoardOnlyMove() {
  if (!done_) return;
  p_.lift_back(m_, was_);
  for (unsigned c = changed_; c != 0; c &= c - 1U) {
    const int s = std::countr_zero(c);
    p_.set_en_passant(seat_at(s), ep_[static_cast<std::size_t>(s)]);
  }
}

void Modules::Corners::advance_corner_state(const Game& g, CornerState& st, Seat mover,
                                            const Move& m, Square captured_on, bool captured,
                                            const SquareSet& converted) {
  if (mover != kNoSeat) st.note_turn(mover);
  // The edge pawns of the first round move with their pawns.
  if (st.edge_pawns.any()) advance_edge_pawns(st, m, captured_on, captured);
  // The corner queens move with their pieces and are lost when captured.
  for (int s = 0; s < g.rules_->seat_count() && st.any_entered(); ++s) {
    CornerQueens& queens = st.queens[s];
    if (queens.empty()) continue;
    if (captured) queens.erase(captured_on);
    if (seat_at(s) == mover && m.from != kNoSquare) queens.move(m.from, m.to);
  }
  // 000 short game: "When a King enters his corner square, both of his
  // Bishops become Queens instantly."
  if (converted.any()) {
    st.entered[index_of(mover)] = true;
    st.queens[index_of(mover)].clear();
    for (int i = 0; i < kMaxSquares; ++i)
      if (converted[static_cast<std::size_t>(i)]) st.queens[index_of(mover)].insert(static_cast<Square>(i));
    st.reverted[index_of(mover)] = 0;
  }
}

bool Modules::Corners::all_in_area(const Game& g, Seat s, bool except_king) {
  const SquareSet& area = g.rules_->corners.two_player.area;
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = g.pos_.at(static_cast<Square>(i));
    if (p.empty() || p.seat != s || area[i]) continue;
    if (except_king && p.kind == g.rules_->royal_kind()) continue;
    return false;
  }
  return true;
}

// ---- legality -----------------------------------------------------------------

// How many replies deep the mate rule judges with the whole game layer: the
// checked player's replies are tested against the mate rule too, their own
// replies against the other corner rules (truce, corner duty) only.
constexpr int kMateProbeDepth = 2;

bool Modules::Corners::mates_non_target(const Game& g, const Move& m, const CornerState& st,
                                        int depth, std::uint8_t seats, Seat target) {
  // RULINGS 000: "Only the target may be checkmated: a move that would
  // checkmate any other king is illegal." Checkmate as the game layer judges
  // it: in check with no reply the game allows (the edge-pawn truce, this
  // very rule, the corner duty), with the corner state after the move.
  Position& p = const_cast<Position&>(g.pos_);  // make/unmake restores exactly
  Seat mover = p.to_move();
  if (seats == kEverySeat && p.plain_move(m)) {
    // No lines (a reply's test): a plain move that checks nobody mates
    // nobody, found without the make below (most replies check nobody).
    const std::uint8_t others = mate_rule_seats(g, mover, target);
    if (others == 0 || p.checks_after_plain(m, others) == 0) return false;
  }
  // The kings it may mate: those of `seats` but the mover's and his target's.
  unsigned ask = seats & ((1U << g.rules_->seat_count()) - 1U) & ~(1U << index_of(mover));
  if (target != kNoSeat) ask &= ~(1U << index_of(target));
  std::uint8_t mated = 0;
  {
    // The position after the move: its two squares changed in place where
    // that is all the look below reads of make() (BoardOnlyMove), else made
    // (the bishops a king entering his corner square turns, and what the
    // move takes, read before it: a two-squares move turns none).
    BoardOnlyMove in_place(p, m, mover);
    SquareSet converted;
    Square captured_on = in_place.was().empty() ? kNoSquare : m.to;
    if (!in_place.done()) {
      converted = corner_entry_bishops(g, mover, m);
      captured_on = capture_square(p, m);
      p.make(m);
    }
    // The kings in check after it among those it may mate; `clear`: those
    // found out of check, whose look a reply skips where it leaves their
    // attack reach alone (reply_allowed). (The check report's unattacked
    // kings, Game::kings_known_unattacked, cost more to ask per look than
    // the walks they spared: +0.4 M at corners-mini d6.)
    std::uint8_t checked = 0;
    std::uint8_t clear = 0;
    for (unsigned left = ask; left != 0; left &= left - 1U) {
      const int i = std::countr_zero(left);
      const Seat s = seat_at(i);
      if (g.status_[static_cast<std::size_t>(i)] != SeatStatus::kLive && !g.plays(s)) continue;
      if (p.in_check(s))
        checked = static_cast<std::uint8_t>(checked | (1U << i));
      else
        clear = static_cast<std::uint8_t>(clear | (1U << i));
    }
    if (checked != 0) {
      // The corner state after the move, as the proofs read it. Once every
      // seat has had his first turn, with no corner queens and no king
      // entering his corner square, what the move changes in it (the edge
      // pawns' squares, had_turn) is read only while the truce may hold
      // (node_of: truce_on; refused): then the state before the move is
      // that state (issue 30 item 3: a copy and advance_corner_state per
      // proof).
      auto prove = [&](const CornerState& after) {
        for (unsigned left = checked; left != 0; left &= left - 1U) {
          const int i = std::countr_zero(left);
          if (!corner_reply_exists(g, seat_at(i), after, depth + 1, clear))
            mated = static_cast<std::uint8_t>(mated | (1U << i));
        }
      };
      const auto every_seat = static_cast<std::uint8_t>((1U << g.rules_->seat_count()) - 1U);
      if (st.had_turn != every_seat || st.any_entered() || converted.any()) {
        CornerState advanced = st;
        advance_corner_state(g, advanced, mover, m, captured_on, captured_on != kNoSquare, converted);
        prove(advanced);
      } else {
        prove(st);
      }
    }
    if (!in_place.done()) p.unmake();
  }
  // A king mated already before the move is not mated by it (the move that
  // mates the target, whose other checks are looked at in the position after
  // it, before the target is out).
  for (unsigned left = mated; left != 0; left &= left - 1U) {
    const Seat s = seat_at(std::countr_zero(left));
    if (!p.in_check(s) || corner_reply_exists(g, s, st, depth + 1)) return true;
  }
  return false;
}

std::uint8_t Modules::Corners::entries_not_his(const Game& g, Seat s) {
  // The session 18 reading (docs/VARIANTS.md, corners-*): mate is judged
  // on the board the move leaves, as if the checked player answered now;
  // but his right to take en passant is not his to use if another seat
  // moves before him, whose move closes every entry (the short game's
  // "Pawns move ahead traditionally": by the very next player only).
  // White's double step that checks Grey, his target, and Pink: Grey moves
  // next, and Pink's en passant answer is gone by his turn (tests/core/
  // corners_reply_test.cpp, AnEnPassantReplyCountsOnlyForTheSeatThatMovesNext).
  // The other windows (until the owner moves again; 001's facing seats)
  // are not the corner games' and stay as the Position gives them.
  const PawnRules& pr = g.rules_->pawns;
  if (pr.en_passant != EnPassantWindow::kNextMoverOnly ||
      pr.en_passant_between == EnPassantBetween::kFacingSeatsOnly)
    return 0;
  std::uint8_t owners = 0;
  for (int i = 0; i < g.rules_->seat_count(); ++i)
    if (seat_at(i) != s && g.pos_.en_passant(seat_at(i)).open() &&
        g.pos_.en_passant_pseudo(s, g.pos_.en_passant(seat_at(i)).target) &&
        next_mover_after(g, seat_at(i)) != s)
      owners = static_cast<std::uint8_t>(owners | (1U << i));
  return owners;
}

Seat Modules::Corners::next_mover_after(const Game& g, Seat mover) {
  // 000 short game: "Other Kings may be placed in check only, with the next
  // move going to the player that is in check" (corners_after_move: the
  // first in turn order after the mover; a king immune in his corner square
  // is not in check).
  const auto& order = g.rules_->turn_order;
  const int n = static_cast<int>(order.size());
  const int from = g.pos_.order_index(mover);
  Seat next = kNoSeat;
  for (int k = 1; k < n; ++k) {
    const Seat t = order[static_cast<std::size_t>(from + k < n ? from + k : from + k - n)];
    if (!g.plays(t)) continue;
    if (!g.rules_->corners.turn_to_checked_player) return t;
    if (g.pos_.in_check(t)) return t;
    if (next == kNoSeat) next = t;
  }
  return next;
}

std::uint8_t Modules::Corners::mate_rule_seats(const Game& g, Seat mover, Seat target) {
  // RULINGS 000: the kings a move of `mover` may not mate: every seat still
  // playing but his and his target's. (Game::plays asked only of a seat
  // not live: once per reply proof, issue 30 item 3.)
  const int n = g.rules_->seat_count();
  unsigned out = 0;
  for (int i = 0; i < n; ++i)
    out |= static_cast<unsigned>(g.status_[static_cast<std::size_t>(i)] == SeatStatus::kLive) << i;
  for (unsigned rest = ((1U << n) - 1U) & ~out; rest != 0; rest &= rest - 1U)
    if (g.plays(seat_at(std::countr_zero(rest)))) out |= rest & (0U - rest);
  if (mover != kNoSeat) out &= ~(1U << index_of(mover));
  if (target != kNoSeat) out &= ~(1U << index_of(target));
  return static_cast<std::uint8_t>(out);
}

bool Modules::Corners::corner_reply_exists(const Game& g, Seat s, const CornerState& st,
                                           int depth, std::uint8_t clear) {
  // Whether seat s, were it his turn now, has a move the game layer allows:
  // the first one found is the proof (his king's moves first: a checked
  // king most often steps away), not his whole list (issue 30 item 3).
  Position& p = const_cast<Position&>(g.pos_);  // the turn is given back below
  Seat saved = p.to_move();
  p.set_to_move(s);
  std::uint8_t others = 0;
  const Node node = proof_node(g, st, depth, others);
  // His last two proven replies first, then the piece that made the
  // latest: sibling nodes' checks are most often answered by the same block,
  // capture or step, and where the checking piece stands decides which of
  // two (issue 30 item 3: one remembered reply failed 24 % of the proofs at
  // corners-mini d6, and the walk after it costs ~4 K instructions). A
  // remembered move is only a candidate: it counts once the full rules allow
  // it here (Position::legal, then refused: reply_allowed). At mini d6 the
  // remembered replies end 97 % of the proofs, d7 93 %; the walk ends the
  // rest at the first legal move it meets (the corner rules refused none
  // there): the cost is in judging a candidate, not in finding one.
  std::array<Move, 2>& last = g.reply_[static_cast<std::size_t>(index_of(s))];
  const Move tried = last[0];
  const Move other = last[1];
  bool any = tried.from != kNoSquare && reply_allowed(g, tried, st, node, others, false, clear);
  if (!any && other != tried && other.from != kNoSquare &&
      reply_allowed(g, other, st, node, others, false, clear)) {
    any = true;
    std::swap(last[0], last[1]);
  }
  if (!any) {
    any = p.any_legal(
        [&](const Move& m) {
          if (m == tried || m == other || !reply_allowed(g, m, st, node, others, true, clear)) return false;
          last[1] = last[0];
          last[0] = m;
          return true;
        },
        tried.from);
  }
  p.set_to_move(saved);
  return any;
}

Modules::Corners::Node Modules::Corners::proof_node(const Game& g, const CornerState& st, int depth,
                                                    std::uint8_t& others) {
  // Most proofs judge a seat whose node did not change since his last one
  // (issue 30 item 3: node_of and mate_rule_seats were ~230 instructions of
  // a ~1,300-instruction proof at corners-mini d6). While no king entered
  // his corner square, node_of finds no duty to leave, and the rest of it
  // (his king's square, the depth, the seats' statuses through target_of,
  // plays and truce_on, the two-player phase, the first round's turns and
  // whether edge pawns remain) is the memo's key.
  const Seat s = g.pos_.to_move();
  Game::ProofNode& memo = g.proof_node_[static_cast<std::size_t>(index_of(s))];
  const Square king = g.pos_.king_square(s);
  const bool edge = st.edge_pawns.any();
  const bool keyed = !st.any_entered();
  if (keyed && memo.depth == depth && memo.king == king && memo.had_turn == st.had_turn &&
      memo.edge_pawns == edge && memo.two_player == g.two_player_ && memo.status == g.status_) {
    Node n;
    n.mover = s;
    n.king = king;
    n.truce = memo.truce;
    n.stay_in_corner = memo.stay_in_corner;
    n.mate_rule = memo.mate_rule;
    n.depth = depth;
    n.target = memo.target;
    others = memo.others;
    return n;
  }
  const Node n = node_of(g, st, depth, nullptr);
  others = n.mate_rule ? mate_rule_seats(g, s, n.target) : 0;
  if (keyed && !n.must_leave) {
    memo = {king,    depth,   g.status_,        g.two_player_, st.had_turn, edge,
            n.truce, n.stay_in_corner, n.mate_rule, n.target,    others};
  } else {
    memo.depth = -1;
  }
  return n;
}

bool Modules::Corners::corner_reply_walk(const Game& g, Seat s, const CornerState& st, int depth) {
  // The plain answer corner_reply_exists is tested against
  // (tests/core/corners_reply_test.cpp): his whole list, each move judged
  // by refused().
  Position& p = const_cast<Position&>(g.pos_);  // the turn is given back below
  const ProofEntriesClosed not_his(p, entries_not_his(g, s));
  const Seat saved = p.to_move();
  p.set_to_move(s);
  const Node node = node_of(g, st, depth, nullptr);
  MoveList list;
  p.generate_legal(list);
  const bool any = std::any_of(list.begin(), list.end(), [&](const Move& m) {
    return refused(g, m, st, node) == Refusal::kNone;
  });
  p.set_to_move(saved);
  return any;
}

bool Modules::Corners::reply_allowed(const Game& g, const Move& m, const CornerState& st,
                                     const Node& node, std::uint8_t others, bool legal,
                                     std::uint8_t clear) {
  // refused(g, m, st, node) == kNone after Position::legal(m) (unless
  // `legal` says it is proven), for a candidate reply of node.mover.
  // `others`: mate_rule_seats for him where the mate rule is judged.
  Position& p = const_cast<Position&>(g.pos_);  // the board is put back below
  if (!BoardOnlyMove::two_squares(p, m)) {
    // More than its two squares change (en passant, castling, a promotion,
    // a king taken, his king entering his corner square): the Position's
    // probe and the mate rule's full look. An en passant capture of an
    // entry that is not his (entries_not_his: another seat moves first) is
    // no reply; asked of such candidates only, so a proof ended by any
    // other reply pays nothing for it (corner_reply_walk closes the entries
    // instead: the same answer, as no other reply reads them — each is made,
    // or looked at as made, which closes them all).
    if (m.kind == MoveKind::kEnPassant && (entries_not_his(g, node.mover) & entry_owners(g, m.to)) != 0)
      return false;
    return (legal || p.legal(m)) && refused(g, m, st, node) == Refusal::kNone;
  }
  if (!legal && !p.pseudo_legal(m)) return false;
  // A move that changes its two squares only (a king's step too): one look
  // at the board after it answers both the Position's question (is his own
  // king attacked? Position::probe_exposes_king's answer) and the mate
  // rule's first one (which of the others' kings does it check?
  // Position::checks_after_plain's answer), instead of a board change for
  // each (issue 30 item 3: ~300 instructions of a ~1,800-instruction proof
  // at corners-mini d6).
  const Piece was = p.place_on_board(m);
  if (!legal) legal = !p.in_check(node.mover);
  std::uint8_t checks = 0;
  if (legal) {
    for (unsigned left = others; left != 0; left &= left - 1U) {
      const int i = std::countr_zero(left);
      // A king known not in check before the move stays so when neither of
      // its squares is on a path to him (MoveTables::attack_reach): most
      // replies are far from the others' kings (issue 30 item 3: two walks
      // of a proof's three; at corners-mini d6 22 of 32,260 found a check).
      if ((clear >> i) & 1U) {
        const Square k = p.king_square(seat_at(i));
        if (k == kNoSquare) continue;
        const SquareSet& reach = g.rules_->tables.attack_reach(k);
        if (!reach[index_of(m.from)] && !reach[index_of(m.to)]) continue;
      }
      if (p.in_check(seat_at(i))) checks = static_cast<std::uint8_t>(checks | (1U << i));
    }
  }
  p.lift_back(m, was);
  if (!legal) return false;
  // The sheet's other rules as refused() applies them; the mate rule's
  // look after the move only for the kings it checks (the same answer:
  // mates_non_target looks at no king out of check).
  Node rest = node;
  rest.mate_rule = false;
  if (refused(g, m, st, rest) != Refusal::kNone) return false;
  return checks == 0 || !mates_non_target(g, m, st, node.depth, checks, node.target);
}

Modules::Corners::Node Modules::Corners::node_of(const Game& g, const CornerState& st, int depth,
                                                 const SeatLines* lines) {
  const CornerRules& c = g.rules_->corners;
  Node n;
  n.mover = g.pos_.to_move();
  n.king = g.pos_.king_square(n.mover);
  n.truce = st.edge_pawns.any() && truce_on(g, n.mover, st);
  n.must_leave = king_must_leave(g, n.mover, st);
  // House rule may_leave_corner_at_will off: the king stays in his corner
  // square until both corner queens are lost.
  n.stay_in_corner = !c.may_leave_corner_at_will && !g.two_player_ && n.king != kNoSquare &&
                     g.rules_->geometry.merged(n.king) && !n.must_leave;
  n.mate_rule = c.only_target_may_be_mated && depth < kMateProbeDepth;
  n.target = n.mate_rule ? target_of(g, n.mover) : kNoSeat;
  n.depth = depth;
  n.lines = lines;
  return n;
}

Modules::Corners::Refusal Modules::Corners::refused(const Game& g, const Move& m,
                                                    const CornerState& st, const Node& n) {
  // 000 short game: "Edge pawns may not capture edge pawns on the first
  // round of moves."
  if (n.truce && m.from != kNoSquare && st.edge_pawns[index_of(m.from)]) {
    Square victim = m.to;
    if (m.kind == MoveKind::kEnPassant) {
      for (int s = 0; s < g.rules_->seat_count(); ++s)
        if (g.pos_.en_passant(seat_at(s)).target == m.to)
          victim = g.pos_.en_passant(seat_at(s)).victim;
    }
    Piece v = g.pos_.at(victim);
    if (!v.empty() && g.rules_->piece(v.kind).pawn && st.edge_pawns[index_of(victim)] &&
        g.rules_->piece(g.pos_.at(m.from).kind).pawn) {
      return Refusal::kEdgePawnTruce;
    }
  }
  // "If two Queens are captured, the King must on his next move return to
  // an unoccupied space around the corner square".
  if (n.must_leave && m.from != n.king) return Refusal::kMustLeaveCorner;
  if (n.stay_in_corner && m.from != kNoSquare && m.from == n.king) return Refusal::kStayInCorner;
  if (g.two_player_) {
    const TwoPlayerRules& t = g.rules_->corners.two_player;
    bool from_in = m.from != kNoSquare && t.area[index_of(m.from)];
    bool to_in = m.to != kNoSquare && t.area[index_of(m.to)];
    if (t.stay_in_area && from_in && !to_in) return Refusal::kLeaveArea;
    if (t.exit_corner_onto_area && m.from != kNoSquare && g.rules_->geometry.merged(m.from) &&
        !to_in) {
      return Refusal::kExitCornerOffArea;
    }
    if (t.no_check_until_inside && !g.area_reached_ && gives_check_on_area(g, m, n.mover, st)) {
      return Refusal::kNoCheckYet;
    }
  }
  // A move that checks none of the other kings mates none (the lines, built
  // for every seat the mate rule looks at, prove it without making it).
  if (n.mate_rule) {
    const std::uint8_t seats =
        n.lines == nullptr ? kEverySeat : n.lines->may_check_seats(g.pos_, m);
    if (seats != 0 && mates_non_target(g, m, st, n.depth, seats, n.target))
      return Refusal::kMatesNonTarget;
  }
  return Refusal::kNone;
}

std::string Modules::Corners::refusal_words(const Game& g, Refusal r, Seat mover) {
  switch (r) {
    case Refusal::kNone:
      return {};
    case Refusal::kEdgePawnTruce:
      return "edge pawns may not capture edge pawns in the first round";
    case Refusal::kMustLeaveCorner:
      return g.seat_name(mover) +
             "'s corner queens are gone: the king must leave the corner square now";
    case Refusal::kStayInCorner:
      return "the king leaves his corner square only when both corner queens are lost (house rule)";
    case Refusal::kLeaveArea:
      return "a piece on the playing area may not leave it";
    case Refusal::kExitCornerOffArea:
      return "with two players left, the king leaves the corner square only onto the playing area";
    case Refusal::kNoCheckYet:
      return "no check may be given until both sides are on the playing area";
    case Refusal::kMatesNonTarget:
      return "only " + g.seat_name(target_of(g, mover)) + "'s king (the target) may be checkmated";
  }
  return {};
}

std::string Modules::Corners::corner_violation(const Game& g, const Move& m, const CornerState& st,
                                               int depth) {
  const Node node = node_of(g, st, depth, nullptr);
  return refusal_words(g, refused(g, m, st, node), node.mover);
}

bool Modules::Corners::gives_check_on_area(const Game& g, const Move& m, Seat mover,
                                           const CornerState& st) {
  // Whether the move leaves another seat's king attacked, with the piece as
  // it stands once the move is made: in the two-player phase a corner queen
  // that lands on the playing area is a bishop there at once (000 long: "If
  // a player has two Queens remaining both Queens must revert to Bishops on
  // the Chess playing area"), and checks as one (issue 30 item 4).
  const TwoPlayerRules& t = g.rules_->corners.two_player;
  bool reverts = t.corner_queens_revert && m.kind == MoveKind::kNormal && t.area[index_of(m.to)] &&
                 st.queens[index_of(mover)].contains(m.from);
  Position& p = const_cast<Position&>(g.pos_);  // make/unmake restores exactly
  p.make(m);
  Piece landed = p.at(m.to);
  if (reverts) p.transform(m.to, Piece{g.rules_->corners.bishop, mover, false});
  bool check = false;
  for (int i = 0; i < g.rules_->seat_count() && !check; ++i) {
    Seat s = seat_at(i);
    check = s != mover && g.plays(s) && p.in_check(s);
  }
  if (reverts) p.transform(m.to, landed);
  p.unmake();
  return check;
}

// The lines to the kings a move of the side to move could mate against the
// rule (every seat playing but the mover and his target), once per node.
// A seat is a non-target at two nodes in a row (seat s for the movers s+1
// and s+2 in turn order): the node one move below keeps his lines when that
// move changed nothing they read (CheckLines::still_after; issue 30 item 3:
// a build per node instead of two, most moves being far from his king).
// `parent`: the lines of the node at the depth above, whose tags say whether
// it is the position one move before this one.
void Modules::Corners::non_target_lines(const Game& g, Seat target, const CornerLines* parent,
                                        CornerLines& here) {
  // The kinds that can stand on the board in this Game, once: every board
  // it holds comes from its start by moves and the modules' square edits
  // (a takeback replays from the start), and with sheet 000's module alone
  // a kind appears only by a promotion (the choices), a king entering his
  // corner square (the queen) or a corner queen turning back (the bishop;
  // the long game's two-player phase edits squares to it). Another module
  // may place or turn pieces (003's placements): then any kind.
  CornerLinesCache& cache = g.corner_lines_;
  if (!cache.tries_known) {
    std::uint16_t kinds = 0xFFFF;
    if (g.rules_->modules.size() == 1 && g.rules_->modules.front() == RuleModule::kCorners) {
      auto add = [&](PieceKind k) {
        if (k != kNoKind) kinds = static_cast<std::uint16_t>(kinds | (1U << index_of(k)));
      };
      kinds = 0;
      for (Square q : g.start_.squares()) add(g.start_.at(q).kind);
      for (PieceKind k : g.rules_->promotion.choices) add(k);
      add(g.rules_->corners.queen);
      add(g.rules_->corners.bishop);
    }
    // (Every kind of the variant can stand: the MoveTables' tries.)
    cache.some_dropped = false;
    for (std::size_t k = 0; k < g.rules_->pieces.size() && k < kMaxPieceKinds; ++k)
      cache.some_dropped = cache.some_dropped || !((kinds >> k) & 1U);
    if (cache.some_dropped) cache.tries.build(g.rules_->tables, kinds);
    cache.tries_known = true;
  }
  SeatLines& lines = here.lines;
  lines.clear(g.pos_, cache.some_dropped ? &cache.tries : nullptr);
  here.ply = g.pos_.ply();
  here.moves = g.moves_.size();
  here.edits = g.edits_.size();
  here.eliminated = g.eliminated_.size();
  if (!g.rules_->corners.only_target_may_be_mated) return;
  // One move of the Position since the node above, no square changed
  // beside it and nobody eliminated: its lines may still hold.
  const bool below = parent != nullptr && parent->one_move_above(here);
  // The seats the mate rule looks at: every seat playing but the mover and
  // his target.
  for (unsigned left = mate_rule_seats(g, g.pos_.to_move(), target); left != 0; left &= left - 1U) {
    const int i = std::countr_zero(left);
    const Seat s = seat_at(i);
    const std::uint8_t enemies = g.pos_.attackers_of(s);  // once, for both tests
    if (below && ((parent->lines.built() >> i) & 1U) &&
        parent->lines.lines(s).still_after(g.pos_, g.moves_.back(), s, enemies)) {
      lines.keep(g.pos_, s, parent->lines);
    } else {
      lines.add(g.pos_, s, enemies);
    }
  }
}

void Modules::Corners::filter_corners(const Game& g, MoveList& list) {
  // The lines of each search depth are kept in the Game (one node per depth
  // is being searched at a time; the vector grows with the depth only).
  auto& at = g.corner_lines_.at;
  const auto depth = static_cast<std::size_t>(g.depth_);
  if (at.size() <= depth) at.resize(depth + 1);
  CornerLines& here = at[depth];
  const SeatLines& lines = here.lines;
  // What the rules ask of this node is found once, not per move (issue 30
  // item 3); a node none of them bears on keeps its whole list.
  const Node node = node_of(g, g.corner_, 0, &lines);
  non_target_lines(g, node.target, depth > 0 ? &at[depth - 1] : nullptr, here);
  if (!node.truce && !node.must_leave && !node.stay_in_corner && !g.two_player_ &&
      (!node.mate_rule || lines.built() == 0)) {
    return;
  }
  // Most nodes: only the mate rule bears on a move but an edge pawn's (the
  // truce); a move the lines prove checks no non-target is kept at once.
  const bool mates_only = !node.must_leave && !node.stay_in_corner && !g.two_player_;
  std::size_t keep = 0;
  if (mates_only && !node.truce) {
    // After the first round, with no corner duty: the mate rule alone (it
    // bears here: the lines were built for some seat). One union test per
    // move (SeatLines::quiet) and nothing else for the moves it proves: the
    // list is written only from the first move refused on (issue 30 item 3).
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Move& m = list[i];
      if (!lines.quiet(g.pos_, m)) {
        const std::uint8_t seats = lines.each_seat(g.pos_, m);
        if (seats != 0 && mates_non_target(g, m, g.corner_, 0, seats, node.target)) continue;
      }
      if (keep != i) list[keep] = m;
      ++keep;
    }
    list.truncate(keep);
    return;
  }
  const SquareSet& edge = g.corner_.edge_pawns;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    bool ok = true;
    if (!mates_only || (node.truce && m.from != kNoSquare && edge[index_of(m.from)])) {
      ok = refused(g, m, g.corner_, node) == Refusal::kNone;
    } else if (node.mate_rule) {
      const std::uint8_t seats = lines.may_check_seats(g.pos_, m);
      ok = seats == 0 || !mates_non_target(g, m, g.corner_, 0, seats, node.target);
    }
    if (ok) list[keep++] = m;
  }
  list.truncate(keep);
}

SquareSet Modules::Corners::corner_entry_bishops(const Game& g, Seat mover, const Move& m) {
  // The bishops that become queens when this move takes the king into his
  // corner square (the Position turns them; the Game remembers them). A
  // fixed set, no heap: it is asked in a search's makes (issue 30 item 2).
  SquareSet out;
  const CornerRules& c = g.rules_->corners;
  if (!c.bishops_become_queens || m.kind != MoveKind::kNormal ||
      m.from != g.pos_.king_square(mover) || m.to != c.own[index_of(mover)]) {
    return out;
  }
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = g.pos_.at(static_cast<Square>(i));
    if (!p.empty() && p.seat == mover && p.kind == c.bishop) out.set(static_cast<std::size_t>(i));
  }
  return out;
}

bool Modules::Corners::could_enter_area(const Game& g, Seat s) {
  if (!g.two_player_ || !g.rules_->corners.two_player.enter_area_warning ||
      all_in_area(g, s, false))
    return false;
  const SquareSet& area = g.rules_->corners.two_player.area;
  for (const Move& m : g.legal_moves()) {
    if (m.from != kNoSquare && !area[index_of(m.from)] && area[index_of(m.to)]) return true;
  }
  return false;
}

}  // namespace tabula::core
