// corners_proof.cpp — sheet 000's mate rule (RULINGS 000: "Only the target
// may be checkmated: a move that would checkmate any other king is
// illegal"): the look at the position after a move (mates_non_target) and
// the proofs that a checked non-target has a reply the game allows
// (corner_reply_exists, reply_allowed, memo_node), with the board-only
// look they make (BoardOnlyMove).
//
// Section index: helpers and BoardOnlyMove; the look after a move; the
// reply proofs. The per-node filter that asks them (node_of, refused,
// filter_legal, the non-targets' lines) is in core/corners.cpp.
#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <span>
#include <utility>

#include "core/module_corners.h"

namespace tabula::core {

// ---- helpers and BoardOnlyMove ------------------------------------------------

namespace {

// mates_non_target's answer where `own` found the mover's own king
// attacked after the move (beside the seats' bits: a bit per seat index).
constexpr std::uint8_t kOwnKingAttacked = 0x80;
static_assert(kMaxSeats < 8);

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

// BoardOnlyMove::two_squares, inline: asked at every look and every
// candidate reply (issue 30 item 3: out of line, with the call, ~30
// instructions of each).
inline bool board_only(const Position& p, const Move& m) {
  return (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) && m.promotion == kNoKind &&
         is_valid(m.from) && is_valid(m.to) && !p.at(m.from).empty() &&
         p.at(m.to).kind != p.royal_kind() && !p.converts(m);
}

// Position::advance_en_passant inline in the look (flatten: GCC called it
// out of line from mates_non_target, its ~50 instructions beside the call;
// issue 30 item 3, session 30).
[[gnu::flatten]] inline std::uint8_t advance_entries(Position& p, Seat mover, const Move& m) {
  return p.advance_en_passant(mover, m);
}

// Whether some seat's en passant entry is open: a target is a square
// (below 256) or kNoSquare (0xFFFF), so the four ANDed stay kNoSquare only
// when every entry is closed (one test, no branch per seat).
inline bool entries_open(const Position& p) {
  static_assert(kMaxSeats == 4 && kMaxSquares <= 0xFF + 1);
  const auto t = [&](int i) { return static_cast<unsigned>(p.en_passant(seat_at(i)).target); };
  return (t(0) & t(1) & t(2) & t(3)) != static_cast<unsigned>(kNoSquare);
}

// The look's board in place (BoardOnlyMove's; mates_non_target changes
// the board and the entries the same way in two steps): m's two squares changed, and the en passant
// entries as Position::make leaves them where some is open or m opens one
// (`saved`: all four as they were; `changed`: the seats whose entries
// advance_en_passant changed). What stood on m.to is returned for
// look_leave. m: board_only, no castling right left.
using Entries = std::array<EnPassantEntry, kMaxSeats>;
[[gnu::always_inline]] inline Piece look_enter(Position& p, const Move& m, Seat mover, Entries& saved,
                                              std::uint8_t& changed) {
  // advance_en_passant changes only open entries and a double step's own:
  // with none open and no double step there is nothing to copy or advance
  // (issue 30 item 3: most looks).
  changed = 0;
  if (m.kind == MoveKind::kDoubleStep || entries_open(p)) {
    for (int s = 0; s < kMaxSeats; ++s)
      saved[static_cast<std::size_t>(s)] = p.en_passant(seat_at(s));
    changed = p.advance_en_passant(mover, m);
  }
  return p.place_on_board(m);  // (the hash is not read by the look)
}
[[gnu::always_inline]] inline void look_leave(Position& p, const Move& m, Piece was, const Entries& saved,
                                             std::uint8_t changed) {
  p.lift_back(m, was);
  for (unsigned c = changed; c != 0; c &= c - 1U) {
    const int s = std::countr_zero(c);
    p.set_en_passant(seat_at(s), saved[static_cast<std::size_t>(s)]);
  }
}

// Position::pseudo_legal(m) for seat s to move, m a two-squares move of
// his (board_only: no king on m.to), from its remembered path where that
// names m and says yes: m's piece, of the path's kind and frame, is his and
// may move (his seat active, not a walking king's), every square before
// m.to on the ray is empty and m.to empty where the step moves there or
// another seat's he may take where it captures there — the answer of
// pseudo_legal's walk along that ray (the Position's own test, generate_piece's
// walk; a king's corner squares and a pawn's promotion and barred squares
// have no path). Else Position::pseudo_legal, and the path found for a
// normal move it allows (path_found_by_walk).
bool path_found_by_walk(const Position& p, const Move& m, Seat s, ReplyPath& path);
inline bool pseudo_legal_by_path(const Position& p, const Move& m, Seat s, ReplyPath& path) {
  const Piece piece = p.at(m.from);
  if (path.from == m.from && path.to == m.to && m.kind == MoveKind::kNormal && m.promotion == kNoKind &&
      piece.kind == path.kind && piece.seat == s && p.frame_seat(s) == path.frame && p.active(s) &&
      !p.king_only(s)) {
    bool open = true;
    for (std::size_t i = 0; i < path.count && open; ++i) open = p.at_valid(path.before[i]).empty();
    const Piece occ = p.at(m.to);
    if (open && (occ.empty() ? (path.flags & kStepMove) != 0
                             : (path.flags & kStepCapture) != 0 && p.may_capture(s, occ.seat)))
      return true;
    // (Blocked on this ray: another of the piece's rays may reach m.to.)
  }
  return path_found_by_walk(p, m, s, path);
}

// pseudo_legal_by_path where the path does not answer (a reply's first
// test, or its piece blocked on the path's ray: ~5 % of the remembered
// replies at corners-mini d6), out of reply_allowed's line (issue 30 item
// 3: ~400 bytes of code fetched with it at every reply).
[[gnu::noinline]] bool path_found_by_walk(const Position& p, const Move& m, Seat s, ReplyPath& path) {
  const Piece piece = p.at(m.from);
  if (!p.pseudo_legal(m)) return false;
  if (m.kind != MoveKind::kNormal || m.promotion != kNoKind || piece.empty()) return true;
  // The path of m: its ray's squares up to m.to, the first ray that holds it.
  const RuleSet& rules = p.rules();
  const SeatDef& seat = p.seat_def(s);
  const bool pawn = rules.piece(piece.kind).pawn;
  const bool king = piece.kind == p.royal_kind();
  if (pawn && (seat.promotion_zone[index_of(m.to)] || seat.pawn_barred[index_of(m.to)])) return true;
  ReplyPath found;
  found.from = m.from;
  found.to = m.to;
  found.kind = piece.kind;
  found.frame = p.frame_seat(s);
  const MoveTables& t = rules.tables;
  for (const RayRef& r : t.moves(piece.kind, found.frame, m.from)) {
    std::size_t n = 0;
    for (const RayStep& step : t.ray(r)) {
      if (king && rules.geometry.merged(step.square)) break;
      if (step.square == m.to) {
        found.flags = step.flags;
        found.count = static_cast<std::uint8_t>(n);
        path = found;
        return true;
      }
      if (n == found.before.size()) break;
      found.before[n++] = step.square;
    }
  }
  return true;
}

// A proof's reply kept as the first candidate after `after` (ReplyAfter):
// where the slot held another check (~0.2 % of the proofs at corners-mini
// d7) or a later candidate proved it (~8 %); out of corner_reply_exists'
// line (issue 30 item 3: ~110 bytes of code fetched with it at every
// proof).
[[gnu::cold, gnu::noinline]] void remember_after(ReplyAfter& slot, std::uint32_t after, const Move& reply,
                                                 const ReplyPath& path) {
  slot.after = after;
  slot.reply = reply;
  slot.path = path;
}

}  // namespace

bool BoardOnlyMove::two_squares(const Position& p, const Move& m) { return board_only(p, m); }

BoardOnlyMove::BoardOnlyMove(Position& p, const Move& m, Seat mover) : p_(p), m_(m) {
  // While a castling right remains, make() may take one away (a move from
  // or to a king's or rook's first square): made, the first test, as the
  // short and long games keep their rights through a search's first plies
  // (a square-by-square test cost them more than it saved: issue 30 item 3).
  if (p.castling_rights() != 0 || !board_only(p, m)) return;
  // The entries as Position::make leaves them (its own bookkeeping), the
  // changed ones put back by the destructor.
  was_ = look_enter(p, m, mover, ep_, changed_);
  done_ = true;
}

BoardOnlyMove::~BoardOnlyMove() {
  if (done_) look_leave(p_, m_, was_, ep_, changed_);
}

// ---- the look after a move -------------------------------------------------

bool Modules::Corners::in_check_look(const Game& g, Seat s, const StandingTries* standing) {
  // Position::in_check(s) (legality.cpp: king_exposed, attacked_in), the
  // walk taking the kings' tries without their leaves no kind on this
  // board attacks from (StandingTries, as CheckLines::build does): no piece
  // that stands there attacks the king, and no path goes on behind a leaf,
  // so the answer is the same (session 21: corners-mini has no knights,
  // whose squares were ~40 % of the nodes each of the look's walks visited).
  const Position& p = g.pos_;
  const Square k = p.king_square(s);
  if (k == kNoSquare) return false;
  // 000 short game: "Kings may enter their own coloured corner square and
  // become immune from check or checkmate".
  const CornerRules& c = g.rules_->corners;
  if (c.enabled && c.immune_in_corner && k == c.own[index_of(s)]) return false;
  const std::uint8_t seats = p.attackers_of(s);
  if (seats == 0) return false;
  const std::span<const AttackNode> trie = standing ? standing->trie(k) : g.rules_->tables.attack_trie(k);
  const PieceKind royal = p.royal_kind();
  const auto size = static_cast<std::uint32_t>(trie.size());
  for (std::uint32_t i = 0; i < size;) {
    const AttackNode& node = trie[i];
    const Piece q = p.at_valid(node.square);  // (a trie's square: on the board)
    if (q.empty()) {
      ++i;
      continue;
    }
    if (((seats >> index_of(q.seat)) & 1U) &&
        ((node.kinds[index_of(p.frame_seat(q.seat))] >> index_of(q.kind)) & 1U) &&
        (q.kind == royal || !p.king_only(q.seat)))
      return true;
    i = node.end;  // the piece blocks every path through its square
  }
  return false;
}


bool Modules::Corners::mates_non_target(const Game& g, const Move& m, const CornerState& st,
                                        int depth, std::uint8_t seats, Seat target,
                                        std::uint8_t unchecked, std::uint8_t known_checked, bool own,
                                        std::uint8_t near_clear) {
  // RULINGS 000: "Only the target may be checkmated: a move that would
  // checkmate any other king is illegal." Checkmate as the game layer judges
  // it: in check with no reply the game allows (the edge-pawn truce, this
  // very rule, the corner duty), with the corner state after the move.
  // (The rare cases out of line, cold: no lines, a move made whole, the
  // first round's state, a king mated before the move; issue 30 item 3,
  // session 22: less code fetched per node of a search.)
  // The one look of the mate rule: the filter's at a node, and a reply
  // proof's (reply_allowed, `own`: his own king looked at first, the
  // reply refused where it stands attacked; issue 30 item 3, session 30:
  // one copy of the board change, the walks and the put-back, not two).
  Position& p = const_cast<Position&>(g.pos_);  // make/unmake restores exactly
  const Seat mover = p.to_move();
  if (seats == kEverySeat && p.plain_move(m) && !checks_any_after_plain(g, m, mover, target)) return false;
  // The kings it may mate: those of `seats` but the mover's and his target's.
  // (`every_seat`: the game's seats, Game::all_seats_: its seat count is a
  // division at each ask, issue 30 item 3.)
  const std::uint8_t every_seat = g.all_seats_;
  unsigned ask = seats & every_seat & ~(1U << index_of(mover));
  if (target != kNoSeat) ask &= ~(1U << index_of(target));
  // The position after the move: its two squares changed in place where
  // that is all the walks below read of make() (BoardOnlyMove's look, here
  // without the object: issue 30 item 3, its calls were ~170 instructions
  // of a look at corners-mini d6), else made (the bishops a king entering
  // his corner square turns, and what the move takes, read before it: a
  // two-squares move turns none). The en passant entries and castling
  // rights a reply may use are made right only where a proof follows
  // (below): the walks read neither.
  const bool two = own || board_only(p, m);  // (a reply's look: board_only, reply_allowed)
  bool made = !two;
  Entries entries;
  std::uint8_t changed = 0;
  Piece was = kEmpty;
  SquareSet converted;
  Square captured_on = kNoSquare;
  if (two) {
    was = p.place_on_board(m);  // (the hash is not read by the look)
    if (!was.empty()) captured_on = m.to;
  } else {
    make_for_look(g, m, mover, converted, captured_on);
  }
  const StandingTries* standing = standing_tries(g);
  std::uint8_t mated = 0;
  // His own king first where the move is not known legal (Position::legal's
  // answer: a reply's; its probe_exposes_king reads the same board).
  if (own && in_check_look(g, mover, standing)) {
    mated = kOwnKingAttacked;
  } else {
    // The kings in check after it among those it may mate; `clear`: those
    // found out of check, whose look a reply skips where it leaves their
    // attack reach alone (`near_clear` below). (The check report's
    // unattacked kings, Game::kings_known_unattacked, cost more to ask per
    // look than the walks they spared: +0.4 M at corners-mini d6.)
    // `unchecked` beside them: the kings the caller knows out of check
    // after the move (session 21: the mover's, and those the lines prove,
    // spared ~1 walk of a reply's 2.5 at corners-mini d6).
    std::uint8_t checked = 0;
    std::uint8_t clear = unchecked;
    for (unsigned left = ask; left != 0; left &= left - 1U) {
      const int i = std::countr_zero(left);
      const Seat s = seat_at(i);
      const auto bit = static_cast<std::uint8_t>(1U << i);
      if (g.status_[static_cast<std::size_t>(i)] != SeatStatus::kLive && !g.plays(s)) continue;
      if ((known_checked & bit) != 0) {
        checked |= bit;
        continue;
      }
      // `near_clear` (a reply's): a king known not in check before the
      // move stays so when neither of its squares is on a path to him
      // (MoveTables::attack_reach): most replies are far from the others'
      // kings (issue 30 item 3: two walks of a proof's three; at
      // corners-mini d6 22 of 32,260 found a check).
      if ((near_clear & bit) != 0) {
        const Square k = p.king_square(s);
        const SquareSet* reach = k == kNoSquare ? nullptr : &g.rules_->tables.attack_reach(k);
        if (reach == nullptr || (!(*reach)[index_of(m.from)] && !(*reach)[index_of(m.to)])) {
          clear |= bit;
          continue;
        }
      }
      if (in_check_look(g, s, standing))
        checked |= bit;
      else
        clear |= bit;
    }
    if (checked != 0) {
      // The en passant entries as Position::make leaves them, where some is
      // open or m opens one (`entries`: all four as they were; `changed`:
      // the seats whose entries advance_en_passant changed): a proof's
      // replies read them. While a castling right remains, make() may take
      // one away (a move from or to a king's or rook's first square): then
      // the move is made whole (the short and long games keep their rights
      // through a search's first plies).
      if (two && p.castling_rights() != 0) {
        p.lift_back(m, was);
        make_for_look(g, m, mover, converted, captured_on);
        made = true;
      } else if (two && (m.kind == MoveKind::kDoubleStep || entries_open(p))) {
        // (advance_en_passant changes only open entries and a double
        // step's own: with none open and no double step there is nothing
        // to copy or advance, most looks.)
        for (int s = 0; s < kMaxSeats; ++s)
          entries[static_cast<std::size_t>(s)] = p.en_passant(seat_at(s));
        changed = advance_entries(p, mover, m);
      }
      // The corner state after the move, as the proofs read it. Once every
      // seat has had his first turn, with no corner queens and no king
      // entering his corner square, what the move changes in it (the edge
      // pawns' squares, had_turn) is read only while the truce may hold
      // (node_of: truce_on; refused): then the state before the move is
      // that state (issue 30 item 3: a copy and advance_corner_state per
      // proof).
      if (st.had_turn != every_seat || st.any_entered() || (made && converted.any())) {
        mated = unproven_after(g, m, mover, st, depth, checked, clear, converted, captured_on);
      } else {
        for (unsigned left = checked; left != 0; left &= left - 1U) {
          const int i = std::countr_zero(left);
          if (!corner_reply_here(g, seat_at(i), st, depth + 1, clear, reply_after_key(m)))
            mated = static_cast<std::uint8_t>(mated | (1U << i));
        }
      }
    }
  }
  if (made) {
    p.unmake();
  } else {
    p.lift_back(m, was);
    for (unsigned c = changed; c != 0; c &= c - 1U) {
      const int s = std::countr_zero(c);
      p.set_en_passant(seat_at(s), entries[static_cast<std::size_t>(s)]);
    }
  }
  if (mated == kOwnKingAttacked) return true;
  return mated != 0 && mated_by_move(g, st, depth, mated);
}

bool Modules::Corners::checks_any_after_plain(const Game& g, const Move& m, Seat mover, Seat target) {
  // No lines (a reply's test): a plain move that checks nobody mates
  // nobody, found without the make of mates_non_target (most replies check
  // nobody).
  const std::uint8_t others = mate_rule_seats(g, mover, target);
  return others != 0 && g.pos_.checks_after_plain(m, others) != 0;
}

void Modules::Corners::make_for_look(const Game& g, const Move& m, Seat mover, SquareSet& converted,
                                     Square& captured_on) {
  converted = corner_entry_bishops(g, mover, m);
  captured_on = capture_square(g.pos_, m);
  const_cast<Position&>(g.pos_).make(m);  // (mates_non_target unmakes it)
}

std::uint8_t Modules::Corners::unproven_after(const Game& g, const Move& m, Seat mover, const CornerState& st,
                                              int depth,
                                              std::uint8_t checked, std::uint8_t clear,
                                              const SquareSet& converted, Square captured_on) {
  // mates_non_target's proofs with the corner state advanced by the move
  // (the first round, corner queens, a king entering his corner square).
  CornerState advanced = st;
  advance_corner_state(g, advanced, mover, m, captured_on, captured_on != kNoSquare, converted);
  std::uint8_t mated = 0;
  for (unsigned left = checked; left != 0; left &= left - 1U) {
    const int i = std::countr_zero(left);
    if (!corner_reply_exists(g, seat_at(i), advanced, depth + 1, clear, reply_after_key(m)))
      mated = static_cast<std::uint8_t>(mated | (1U << i));
  }
  return mated;
}

bool Modules::Corners::mated_by_move(const Game& g, const CornerState& st, int depth, std::uint8_t mated) {
  // A king mated already before the move is not mated by it (the move that
  // mates the target, whose other checks are looked at in the position after
  // it, before the target is out).
  for (unsigned left = mated; left != 0; left &= left - 1U) {
    const Seat s = seat_at(std::countr_zero(left));
    if (!in_check_look(g, s, standing_tries(g)) || corner_reply_exists(g, s, st, depth + 1)) return true;
  }
  return false;
}

// ---- the reply proofs --------------------------------------------------------

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
  // move going to the player that is in check" (Corners::after_move: the
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

inline bool Modules::Corners::reply_allowed_here(const Game& g, const Move& m, const CornerState& st,
                                                 const Node& node, std::uint8_t others, bool legal,
                                                 std::uint8_t clear, ReplyPath* path) {
  // refused(g, m, st, node) == kNone after Position::legal(m) (unless
  // `legal` says it is proven), for a candidate reply of node.mover.
  // `others`: mate_rule_seats for him where the mate rule is judged.
  const Position& p = g.pos_;
  if (!board_only(p, m)) return reply_made_allowed(g, m, st, node, legal);
  if (!legal && !(path != nullptr ? pseudo_legal_by_path(p, m, node.mover, *path) : p.pseudo_legal(m)))
    return false;
  // The sheet's other rules as refused() applies them, where one bears on
  // the node (after the first round, with no corner duty, none: refused()
  // not called, issue 30 item 3, session 22), before the look: they read
  // the board before the move, and the answer is theirs and the look's
  // together (refused() judges a pseudo-legal move as it would the legal
  // one).
  if (node.truce || node.must_leave || node.stay_in_corner || g.two_player_) {
    Node rest = node;
    rest.mate_rule = false;
    if (refused(g, m, st, rest) != Refusal::kNone) return false;
  }
  // A move that changes its two squares only (a king's step too): one look
  // at the board after it, mates_non_target's, answers both the Position's
  // question (is his own king attacked? Position::probe_exposes_king's
  // answer; `own`, unless `legal`) and the mate rule's (which of the
  // others' kings does it check, and has each a reply?), instead of a
  // board change for each (issue 30 item 3: ~300 instructions of a
  // ~1,800-instruction proof at corners-mini d6; session 30: the look's
  // code is mates_non_target's, one copy). His own king is out of check
  // after it once it is found legal (`unchecked`).
  return !mates_non_target(g, m, st, node.depth, others, node.target,
                           static_cast<std::uint8_t>(1U << index_of(node.mover)), 0, !legal, clear);
}

bool Modules::Corners::corner_reply_exists(const Game& g, Seat s, const CornerState& st,
                                           int depth, std::uint8_t clear, std::uint32_t after) {
  return corner_reply_here(g, s, st, depth, clear, after);
}

inline bool Modules::Corners::corner_reply_here(const Game& g, Seat s, const CornerState& st,
                                                int depth, std::uint8_t clear, std::uint32_t after) {
  // Whether seat s, were it his turn now, has a move the game layer allows:
  // the first one found is the proof (his king's moves first: a checked
  // king most often steps away), not his whole list (issue 30 item 3).
  // (His turn without the hash's: no look below reads it; Position::look_as.)
  Position& p = const_cast<Position&>(g.pos_);  // the turn is given back below
  const Seat saved = p.look_as(s);
  // His node: memo_node's, read in place where its memo holds it (most
  // proofs: issue 30 item 3, the call and its copy were ~90 instructions
  // of a proof at corners-mini d6); else found (memo_node_found). (The memo's
  // slot is his and this depth's: the proofs below are deeper, so it holds
  // the node until this proof ends.)
  const CornerNodeKey key = node_key(g, st, depth);
  const CornerNodeMemo* memo = nullptr;
  if (!st.any_entered() && depth >= 0 && depth < kCornerNodeDepths)
    memo = &g.corner_nodes_[static_cast<std::size_t>(index_of(s))][static_cast<std::size_t>(depth)];
  // (`found`: only where no memo is kept; a Node built at every proof was
  // ~7 instructions of stores the memo's node made needless.)
  std::optional<Node> found;
  std::uint8_t others = 0;
  const Node* node = nullptr;
  if (memo != nullptr) [[likely]] {
    if (memo->word != key.word) memo_node_found(g, key, st, others);  // (found into *memo)
    node = &memo->node;
    others = memo->others;
  } else {
    node = &found.emplace(memo_node_found(g, key, st, others));
  }
  // The reply last proven for him after the same checking move first
  // (ReplyAfter: sibling nodes of a search play the same checks again), else
  // his latest; then his last two proven replies and a third, then the walk
  // (reply_after_first, out of line: the first candidate ends ~93 % of the
  // proofs at corners-mini d7, and the code of the others is not fetched
  // with it; issue 30 item 3). A remembered move is only a candidate: it
  // counts once the full rules allow it here (Position::legal, then refused:
  // reply_allowed). At mini d7 the remembered replies end ~98 % of the
  // proofs; the walk ends the rest at the first legal move it meets (the
  // corner rules refused none there): the cost is in judging a candidate,
  // not in finding one. (Each with its path: ReplyPath, found at its first
  // test.)
  const auto seat = static_cast<std::size_t>(index_of(s));
  CornerLinesCache& cache = g.corner_lines_;
  ReplyAfter* slot = nullptr;
  Move tried = g.reply_[seat][0];
  ReplyPath* path = &cache.reply_paths[seat][0];
  if (after != 0) {
    slot = &cache.after_slot(seat, after);
    if (slot->after == after) {
      tried = slot->reply;
      path = &slot->path;
    }
  }
  bool any = tried.from != kNoSquare && reply_allowed_here(g, tried, st, *node, others, false, clear, path);
  if (!any) {
    any = reply_after_first(g, s, st, *node, others, clear, tried, slot, after);
  } else if (slot != nullptr && slot->after != after) {
    remember_after(*slot, after, tried, *path);  // (his latest: the first proof after this move)
  }
  p.look_as(saved);
  return any;
}

bool Modules::Corners::reply_after_first(const Game& g, Seat s, const CornerState& st, const Node& node,
                                         std::uint8_t others, std::uint8_t clear, const Move& first,
                                         ReplyAfter* slot, std::uint32_t after) {
  // corner_reply_exists after its first candidate failed: his latest
  // proven reply (where the first was after's), the one before it, then a
  // third, the reply the last walk's pushed out of the two (issue 30 item
  // 3: at corners-mini d7 it ends 4,353 of the 10,207 walks that have one,
  // each ~3,000 instructions), then the walk. The reply found is after's
  // next first candidate.
  Position& p = const_cast<Position&>(g.pos_);
  const auto seat = static_cast<std::size_t>(index_of(s));
  std::array<Move, 2>& last = g.reply_[seat];
  std::array<ReplyPath, 3>& paths = g.corner_lines_.reply_paths[seat];
  Move& kept = g.corner_lines_.reply_third[seat];
  const Move latest = last[0];
  const Move other = last[1];
  const Move third = kept;
  bool found = false;
  if (latest != first && latest.from != kNoSquare &&
      reply_allowed(g, latest, st, node, others, false, clear, &paths[0])) {
    found = true;
  } else if (other != first && other != latest && other.from != kNoSquare &&
             reply_allowed(g, other, st, node, others, false, clear, &paths[1])) {
    std::swap(last[0], last[1]);
    std::swap(paths[0], paths[1]);
    found = true;
  } else if (third.from != kNoSquare && third != first && third != latest && third != other &&
             reply_allowed(g, third, st, node, others, false, clear, &paths[2])) {
    // (First now; the second kept third.)
    std::swap(last[1], kept);
    std::swap(paths[1], paths[2]);
    std::swap(last[0], last[1]);
    std::swap(paths[0], paths[1]);
    found = true;
  } else {
    found = p.any_legal(
        [&](const Move& m) {
          if (m == first || m == latest || m == other || m == third ||
              !reply_allowed(g, m, st, node, others, true, clear))
            return false;
          kept = last[1];
          paths[2] = paths[1];
          last[1] = last[0];
          paths[1] = paths[0];
          last[0] = m;
          return true;
        },
        first.from);
  }
  if (found && slot != nullptr) remember_after(*slot, after, last[0], paths[0]);
  return found;
}

Modules::Corners::Node Modules::Corners::memo_node_found(const Game& g, const CornerNodeKey& key,
                                                         const CornerState& st, std::uint8_t& others) {
  // (memo_node's key did not match its memo, or no memo is kept.)
  const Node n = node_from(g, key, st, nullptr);
  others = n.mate_rule ? mate_rule_seats(g, n.mover, n.target) : 0;
  if (!st.any_entered() && key.depth >= 0 && key.depth < kCornerNodeDepths) {
    CornerNodeMemo& memo =
        g.corner_nodes_[static_cast<std::size_t>(index_of(key.mover))][static_cast<std::size_t>(key.depth)];
    memo.node = n;
    memo.others = others;
    memo.word = key.word;
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
                                     std::uint8_t clear, ReplyPath* path) {
  return reply_allowed_here(g, m, st, node, others, legal, clear, path);
}

bool Modules::Corners::reply_made_allowed(const Game& g, const Move& m, const CornerState& st, const Node& node,
                                          bool legal) {
  // reply_allowed for a move that changes more than its two squares (en
  // passant, castling, a promotion, a king taken, his king entering his
  // corner square): the Position's probe and the mate rule's full look. An
  // en passant capture of an entry that is not his (entries_not_his:
  // another seat moves first) is no reply; asked of such candidates only,
  // so a proof ended by any other reply pays nothing for it
  // (corner_reply_walk closes the entries instead: the same answer, as no
  // other reply reads them — each is made, or looked at as made, which
  // closes them all).
  if (m.kind == MoveKind::kEnPassant && (entries_not_his(g, node.mover) & entry_owners(g, m.to)) != 0)
    return false;
  return (legal || g.pos_.legal(m)) && refused(g, m, st, node) == Refusal::kNone;
}

}  // namespace tabula::core
