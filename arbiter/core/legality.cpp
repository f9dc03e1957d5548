// legality.cpp — Position's attack detection and legal move filter (issue 20).
//
// Section index: attacks (the trie walk), king safety (checkers and blockers
// once per node), probes (a light make), legal generation, the reference path.
//
// The fast path answers the same questions as the reference path at the end
// of this file (one reverse-ray walk per piece kind; a full make/unmake per
// move), which stays as the oracle: tests/core/legality_test.cpp compares the
// two on random positions of every shipped variant.
//
// Why the fast path is exact, for any piece the Betza subset can describe
// (steps, leaps, riders, lame paths; no hoppers): a piece attacks a square
// along a path whose squares before the landing one are all empty. So a move
// can open a path to the mover's king only by emptying a square, and close
// one only by filling a square. A plain move (normal or double step) empties
// exactly `from` and fills exactly `to`:
//   - if `from` is not the first occupied square of a path whose next
//     occupied square holds an attacker (a "blocker"), emptying it opens
//     nothing;
//   - every path that reaches the king now (a "check") stays open unless `to`
//     is on it or is the checker's square.
// The king's own moves, blockers' moves, en passant (two squares emptied),
// castling (four squares), placements and promotions to the royal kind are
// probed: the board is changed in place, the king's square tested, and the
// board restored, without the hash, history and undo of a full make.
#include <algorithm>
#include <cassert>

#include "core/position.h"

namespace tabula::core {

// ---- attacks ------------------------------------------------------------------

bool Position::attacks_from(const AttackNode& node, const Piece& p, std::uint8_t seats) const {
  int s = index_of(p.seat);
  return ((seats >> s) & 1U) && ((node.kinds[index_of(frame_seat_[s])] >> index_of(p.kind)) & 1U) &&
         (p.kind == royal_ || !king_only(p.seat));
}

bool Position::attacked_in(std::span<const AttackNode> trie, std::uint32_t first, std::uint32_t last,
                           std::uint8_t seats) const {
  for (std::uint32_t i = first; i < last;) {
    const AttackNode& node = trie[i];
    const Piece& p = board_[index_of(node.square)];
    if (p.empty()) {
      ++i;
      continue;
    }
    if (attacks_from(node, p, seats)) return true;
    i = node.end;  // the piece blocks every path through its square
  }
  return false;
}

bool Position::attacked(Square target, std::uint8_t seats) const {
  if (seats == 0) return false;
  auto trie = rules_->tables.attack_trie(target);
  return attacked_in(trie, 0, static_cast<std::uint32_t>(trie.size()), seats);
}

bool Position::king_exposed(Seat s, Square king) const {
  if (king == kNoSquare) return false;
  // 000 short game: "Kings may enter their own coloured corner square and
  // become immune from check or checkmate".
  if (corners_ && rules_->corners.immune_in_corner && king == rules_->corners.own[index_of(s)]) return false;
  return attacked(king, attackers_of(s));
}

bool Position::in_check(Seat s) const { return king_exposed(s, king_[index_of(s)]); }

// ---- king safety --------------------------------------------------------------

Position::KingSafety Position::king_safety() const {
  KingSafety ks;
  Seat mover = to_move_;
  Square k = king_[index_of(mover)];
  std::uint8_t enemies = attackers_of(mover);
  if ((enemies >> index_of(mover)) & 1U) {
    ks.probe_all = true;  // his own pieces could attack his king: nothing is proven by the walk
    return ks;
  }
  if (k == kNoSquare || enemies == 0 ||
      (corners_ && rules_->corners.immune_in_corner && k == rules_->corners.own[index_of(mover)])) {
    return ks;  // nothing can attack his king where it stands
  }
  ks.king = k;
  auto trie = rules_->tables.attack_trie(k);
  // The empty squares on the way to the node being visited (its ancestors).
  std::array<std::uint32_t, 64> path{};
  std::size_t depth = 0;
  const auto size = static_cast<std::uint32_t>(trie.size());
  for (std::uint32_t i = 0; i < size;) {
    while (depth > 0 && trie[path[depth - 1]].end <= i) --depth;
    const AttackNode& node = trie[i];
    const Piece& p = board_[index_of(node.square)];
    if (p.empty()) {
      if (depth == path.size()) {
        ks.probe_all = true;  // a path longer than any board allows: let the probe decide
        return ks;
      }
      path[depth++] = i;
      ++i;
      continue;
    }
    if (attacks_from(node, p, enemies)) {
      // A check along this path: a plain move resolves it only by landing on
      // one of its squares (blocking) or on the checker (capturing).
      SquareSet on_path;
      on_path.set(index_of(node.square));
      for (std::size_t d = 0; d < depth; ++d) on_path.set(index_of(trie[path[d]].square));
      ks.evasions = ks.checks == 0 ? on_path : (ks.evasions & on_path);
      ++ks.checks;
    } else if (p.seat == mover && attacked_in(trie, i + 1, node.end, enemies)) {
      ks.blockers.set(index_of(node.square));
    }
    i = node.end;
  }
  return ks;
}

bool Position::legal_with(const Move& m, const KingSafety& ks) const {
  // Capturing a king can change who attacks at all (chess.com FFA: a seat
  // without its king gives no check), so that too is probed.
  if (ks.probe_all || (m.kind != MoveKind::kNormal && m.kind != MoveKind::kDoubleStep) ||
      (m.promotion != kNoKind && m.promotion == royal_) || board_[index_of(m.to)].kind == royal_) {
    return !probe_exposes_king(m);
  }
  if (board_[index_of(m.from)].kind == royal_) return !probe_exposes_king(m);
  if (ks.king == kNoSquare) return true;
  if (ks.blockers[index_of(m.from)]) return !probe_exposes_king(m);
  return ks.checks == 0 || ks.evasions[index_of(m.to)];
}

// ---- probes -------------------------------------------------------------------

bool Position::probe_exposes_king(const Move& m) const {
  // The board and the king squares are changed in place and restored before
  // returning; the hash, the history and every other field are left alone.
  Position& self = const_cast<Position&>(*this);
  Seat mover = to_move_;
  const std::array<Square, kMaxSeats> kings = king_;
  Square king = king_[index_of(mover)];
  struct Saved {
    Square square;
    Piece piece;
  };
  std::array<Saved, 4> saved{};
  std::size_t n = 0;
  auto put = [&](Square q, Piece p) {
    const Piece& was = board_[index_of(q)];
    // A royal piece taken off its square leaves its seat without a king, as
    // set_piece() has it (attackers_of may then leave that seat out).
    if (!was.empty() && was.kind == royal_ && king_[index_of(was.seat)] == q) self.king_[index_of(was.seat)] = kNoSquare;
    saved[n++] = {q, was};
    self.board_[index_of(q)] = p;
  };
  switch (m.kind) {
    case MoveKind::kPass:
      break;
    case MoveKind::kPlacement:
      // 003 rule 5: the placed kind travels in `promotion`.
      put(m.to, Piece{m.promotion, mover, false});
      if (m.promotion == royal_) king = m.to;
      break;
    case MoveKind::kCastle: {
      const CastlingRule& c = rules_->castling[m.castle];
      Piece k = board_[index_of(c.king_from)];
      Piece r = board_[index_of(c.rook_from)];
      put(c.king_from, kEmpty);
      put(c.rook_from, kEmpty);
      put(c.king_to, k);
      put(c.rook_to, r);
      if (k.kind == royal_) king = c.king_to;
      break;
    }
    default: {
      Piece p = board_[index_of(m.from)];
      if (m.kind == MoveKind::kEnPassant) {
        for (const EnPassantEntry& e : ep_) {
          if (e.target == m.to) {
            put(e.victim, kEmpty);
            break;
          }
        }
      }
      put(m.from, kEmpty);
      if (p.kind == royal_ && king == m.from) king = kNoSquare;
      if (m.promotion != kNoKind) p.kind = m.promotion;
      put(m.to, p);
      if (p.kind == royal_) king = m.to;
      break;
    }
  }
  // The bishops 000 turns into queens are the mover's own: they do not bear
  // on his king, so the probe leaves them be.
  self.king_[index_of(mover)] = king;
  bool exposed = king_exposed(mover, king);
  while (n > 0) {
    --n;
    self.board_[index_of(saved[n].square)] = saved[n].piece;
  }
  self.king_ = kings;
  return exposed;
}

std::uint8_t Position::checks_after_plain(const Move& m, std::uint8_t seats) const {
  // A plain move empties `from` and fills `to` (a capture is overwritten);
  // no king moves or leaves, no status changes (Position::make), so each
  // king's attack test reads the board as make() would leave it.
  Position& self = const_cast<Position&>(*this);  // the two squares are put back
  const Piece moved = board_[index_of(m.from)];
  const Piece was = board_[index_of(m.to)];
  self.board_[index_of(m.from)] = kEmpty;
  self.board_[index_of(m.to)] = moved;
  std::uint8_t out = 0;
  for (int i = 0; i < rules_->seat_count(); ++i)
    if (((seats >> i) & 1U) && in_check(seat_at(i))) out = static_cast<std::uint8_t>(out | (1U << i));
  self.board_[index_of(m.to)] = was;
  self.board_[index_of(m.from)] = moved;
  return out;
}

bool Position::leaves_king_attacked(const Move& m) const { return probe_exposes_king(m); }

bool Position::is_legal(const Move& m) const { return !leaves_king_attacked(m); }

// ---- legal generation ---------------------------------------------------------

void Position::keep_legal(MoveList& out, std::size_t start, const KingSafety& ks) const {
  // The moves from `start` on that legal_with passes, in their order.
  std::size_t keep = start;
  for (std::size_t i = start; i < out.size(); ++i) {
    if (legal_with(out[i], ks)) out[keep++] = out[i];
  }
  out.truncate(keep);
}

void Position::generate_legal(MoveList& out) const {
  // The position's own perft runs this; a king in check gets the
  // evasion-only generation of generate_legal(out, ks) like the game
  // layer's lists (session 24: the two layers' perfts compare like with like).
  generate_legal(out, king_safety());
}

void Position::generate_legal(MoveList& out, const KingSafety& ks) const {
  if (ks.checks > 0 && ks.king != kNoSquare && !ks.probe_all) [[unlikely]] {
    generate_evasions(out, ks);
    return;
  }
  const std::size_t start = out.size();
  generate_pseudo(out);
  keep_legal(out, start, ks);
}

void Position::generate_evasions(MoveList& out, const KingSafety& ks) const {
  // The king in check (the game layer's lists after a check: issue 30 item
  // 3; the mate test after every move finds them). legal_with keeps a plain
  // move of a piece that is neither royal nor a blocker only where it lands
  // on ks.evasions (blocking or capturing the checker); its other moves are
  // probed: en passant (onto an open en passant target), a capture of a
  // royal piece, a promotion to the royal kind. So a piece none of whose
  // moves can land on one of those squares has no legal move: its moves are
  // not generated. The others are generated and tested in generate_pseudo's
  // order: the list is generate_legal's, move for move.
  if (!active_[index_of(to_move_)]) return;
  if (royal_promotion_) [[unlikely]] {
    // (A pawn that becomes a king moves the king: every move as usual.)
    keep_legal_of(out, ks, false);
    return;
  }
  SquareSet targets = ks.evasions;
  const bool frozen_kings = rules_->elimination.frozen_king_capturable;  // (frozen_king_capturable, inline)
  for (int c = 0; c < rules_->seat_count(); ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (ep_[i].open()) targets.set(index_of(ep_[i].target));
    if (c != index_of(to_move_) && king_[i] != kNoSquare && (king_capture_ || (frozen_kings && !active_[i])))
      targets.set(index_of(king_[i]));
  }
  const MoveTables& t = rules_->tables;
  const Seat frame = frame_seat_[index_of(to_move_)];
  const SeatDef& seat = seat_def(to_move_);
  const bool only_king = king_only(to_move_);
  const int double_step = rules_->pawns.double_step;
  const Frame fr = frame_of(seat.facing);
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (p.empty() || p.seat != to_move_ || (only_king && p.kind != royal_)) continue;
    if (p.kind != royal_ && !ks.blockers[index_of(q)] && !(t.move_reach(p.kind, frame, q) & targets).any()) {
      // (The reach of its rays holds no target; a pawn's double step
      // lands beyond it: generate_piece's square.)
      if (!((pawn_kinds_ >> index_of(p.kind)) & 1U) || double_step <= 1 || !seat.double_step_zone[index_of(q)])
        continue;
      const int f = file_of(q) + fr.forward_file * double_step;
      const int r = rank_of(q) + fr.forward_rank * double_step;
      if (!rules_->geometry.contains(f, r) || !targets[index_of(make_square(f, r))]) continue;
    }
    const std::size_t start = out.size();
    generate_piece(q, p, out);
    keep_legal(out, start, ks);
  }
  if (rules_->castling.empty() || castling_rights_ == 0) return;
  keep_legal_of(out, ks, true);
}

void Position::keep_legal_of(MoveList& out, const KingSafety& ks, bool castling) const {
  const std::size_t start = out.size();
  if (castling) generate_castling(out);
  else generate_pseudo(out);
  keep_legal(out, start, ks);
}

bool Position::has_legal_move() const {
  // The walk piece by piece, the king's moves first, stopping at the first
  // legal move (issue 30 item 3: the mate test after every move of 002 and
  // chess.com generated the whole list; a checked king usually steps away).
  return any_legal([](const Move&) { return true; });
}

// ---- the reference path -------------------------------------------------------

bool Position::attacked_reference(Square target, std::uint8_t seats) const {
  if (seats == 0) return false;
  const MoveTables& t = rules_->tables;
  int kinds = static_cast<int>(rules_->pieces.size());
  int n = rules_->seat_count();
  for (int k = 0; k < kinds; ++k) {
    PieceKind kind = kind_at(k);
    bool sym = t.symmetric(kind);
    for (int s = 0; s < n; ++s) {
      if (!sym && !((seats >> s) & 1U)) continue;
      for (const RayRef& r : t.attacks(kind, frame_seat_[s], target)) {
        for (const RayStep& st : t.ray(r)) {
          const Piece& p = board_[index_of(st.square)];
          if (p.empty()) continue;
          if (st.flags != kStepPass && p.kind == kind &&
              (sym ? ((seats >> index_of(p.seat)) & 1U) : p.seat == seat_at(s)) &&
              (kind == royal_ || !king_only(p.seat))) {
            return true;
          }
          break;
        }
      }
      if (sym) break;
    }
  }
  return false;
}

std::uint8_t Position::attackers_of_reference(Seat victim) const {
  // chess.com FFA, 002 (issue 15 item 7): capturing a king eliminates its
  // owner at once, so a seat without its king gives no check.
  const bool lifted = rules_->checks.king_capture_lifts_attacks;
  unsigned mask = 0;
  for (int s = 0; s < rules_->seat_count(); ++s) {
    if (!active_[static_cast<std::size_t>(s)] || !may_capture(seat_at(s), victim)) continue;
    if (lifted && king_[static_cast<std::size_t>(s)] == kNoSquare) continue;
    mask |= 1U << s;
  }
  return static_cast<std::uint8_t>(mask);
}

bool Position::in_check_reference(Seat s) const {
  Square k = king_[index_of(s)];
  if (k == kNoSquare) return false;
  if (corners_ && rules_->corners.immune_in_corner && k == rules_->corners.own[index_of(s)]) return false;
  return attacked_reference(k, attackers_of_reference(s));
}

void Position::generate_legal_reference(MoveList& out) const {
  Position& self = const_cast<Position&>(*this);  // make/unmake restores exactly
  std::size_t start = out.size();
  generate_pseudo(out);
  Seat mover = to_move_;
  std::size_t keep = start;
  for (std::size_t i = start; i < out.size(); ++i) {
    self.make(out[i]);
    bool bad = in_check_reference(mover);
    self.unmake();
    if (!bad) out[keep++] = out[i];
  }
  out.truncate(keep);
}

}  // namespace tabula::core
