#include "core/position.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/attack_walk.h"
#include "core/zobrist.h"

namespace tabula::core {

Position::Position(const RuleSet& rules) : rules_(&rules) {
  for (int i = 0; i < kMaxSquares; ++i) {
    if (rules.geometry.playable(static_cast<Square>(i))) squares_.push_back(static_cast<Square>(i));
  }
  royal_ = rules.royal_kind();
  for (std::size_t k = 0; k < rules.pieces.size() && k < 32; ++k)
    if (rules.pieces[k].pawn) pawn_kinds_ |= 1U << k;
  const auto& choices = rules.promotion.choices;
  royal_promotion_ = std::find(choices.begin(), choices.end(), royal_) != choices.end();
  corners_ = rules.corners.enabled;
  convertible_ = corners_ && rules.corners.bishops_become_queens ? squares_.size() : 0;
  king_capture_ = rules.checks.king_capture;
  int n = rules.seat_count();
  lifts_attacks_ = rules.checks.king_capture_lifts_attacks;
  for (int a = 0; a < n && a < kMaxSeats; ++a) seat_bytes_ |= 1U << (8 * a);
  for (int a = 0; a < n; ++a) {
    for (int v = 0; v < n; ++v) {
      if (a != v) may_capture_[a] |= static_cast<std::uint8_t>(1U << v);
    }
  }
  refresh_capturers();
  if (!rules.turn_order.empty()) to_move_ = rules.turn_order.front();
  for (std::size_t i = rules.turn_order.size(); i-- > 0;) {
    const int s = index_of(rules.turn_order[i]);
    if (s < kMaxSeats) order_place_[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(i);
  }
  // Castling rights die when a move starts or ends on a king's or rook's
  // square (RULINGS "Shared"): one mask per square instead of a loop per move.
  for (std::size_t i = 0; i < rules.castling.size() && i < 32; ++i) {
    const CastlingRule& c = rules.castling[i];
    for (Square q : {c.king_from, c.rook_from}) {
      if (is_valid(q)) castle_kill_[index_of(q)] |= 1U << i;
    }
    if (index_of(c.seat) < kMaxSeats) castle_seat_[index_of(c.seat)] |= 1U << i;
  }
  finish_setup();
}

// ---- set-up -----------------------------------------------------------------

void Position::clear() {
  board_.fill(kEmpty);
  castling_rights_ = 0;
  ep_.fill({});
  halfmove_clock_ = 0;
  fullmove_number_ = 1;
  finish_setup();
}

void Position::put(Square s, Piece p) { board_[index_of(s)] = p; }
void Position::set_to_move(Seat s) {
  hash_ ^= zobrist::side(to_move_) ^ zobrist::side(s);
  to_move_ = s;
}
void Position::set_castling_rights(std::uint32_t rights) { castling_rights_ = rights; }
void Position::set_en_passant(Seat creator, EnPassantEntry e) { ep_[index_of(creator)] = e; }

void Position::set_may_capture(Seat attacker, Seat victim, bool may) {
  auto bit = static_cast<std::uint8_t>(1U << index_of(victim));
  if (may) {
    may_capture_[index_of(attacker)] |= bit;
  } else {
    may_capture_[index_of(attacker)] &= static_cast<std::uint8_t>(~bit);
  }
  refresh_capturers();
}

void Position::set_king_only(Seat s, bool only) {
  auto bit = static_cast<std::uint8_t>(1U << index_of(s));
  king_only_ = only ? (king_only_ | bit) : (king_only_ & static_cast<std::uint8_t>(~bit));
}

void Position::remove_pieces_of(Seat s) {
  for (Square q : squares_) {
    if (!at(q).empty() && at(q).seat == s) set_piece(q, kEmpty);
  }
}

void Position::finish_setup() {
  king_.fill(kNoSquare);
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (!p.empty() && p.kind == royal_) king_[index_of(p.seat)] = q;
  }
  hash_ = compute_hash();
  undo_.clear();
  history_.clear();
  converted_.clear();
}

std::uint64_t Position::aux_hash() const {
  std::uint64_t h = zobrist::side(to_move_);
  for (std::size_t i = 0; i < rules_->castling.size(); ++i) {
    if ((castling_rights_ >> i) & 1U) h ^= zobrist::castling(static_cast<int>(i));
  }
  for (const EnPassantEntry& e : ep_) {
    if (e.open()) h ^= zobrist::en_passant(e.target);
  }
  return h;
}

std::uint64_t Position::compute_hash() const {
  std::uint64_t h = aux_hash();
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (!p.empty()) h ^= zobrist::piece(p.kind, p.seat, q, p.promoted);
  }
  return h;
}

void Position::set_piece(Square s, Piece p) {
  Piece& cur = board_[index_of(s)];
  if (!cur.empty()) {
    hash_ ^= zobrist::piece(cur.kind, cur.seat, s, cur.promoted);
    if (cur.kind == royal_ && king_[index_of(cur.seat)] == s) king_[index_of(cur.seat)] = kNoSquare;
  }
  cur = p;
  if (!p.empty()) {
    hash_ ^= zobrist::piece(p.kind, p.seat, s, p.promoted);
    if (p.kind == royal_) king_[index_of(p.seat)] = s;
  }
}

// ---- attacks ----------------------------------------------------------------

void Position::refresh_capturers() {
  const int n = rules_->seat_count();
  for (int v = 0; v < kMaxSeats; ++v) {
    unsigned mask = 0;
    for (int a = 0; a < n && a < kMaxSeats; ++a)
      mask |= ((static_cast<unsigned>(may_capture_[a]) >> v) & static_cast<unsigned>(active_[a]) & 1U) << a;
    capturers_[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(mask);
  }
}

bool Position::attacked_by_all_others(Seat victim, const Settings& as) const {
  // attackers_of(victim) with `as`'s relations and this board's kings,
  // a byte per seat at once: each other seat active and allowed to take the
  // victim, and where a captured king lifts his seat's attacks, kinged.
  static_assert(kMaxSeats == 4);
  auto word = [](const auto& bytes) {
    return static_cast<std::uint32_t>(bytes[0]) | static_cast<std::uint32_t>(bytes[1]) << 8U |
           static_cast<std::uint32_t>(bytes[2]) << 16U | static_cast<std::uint32_t>(bytes[3]) << 24U;
  };
  const unsigned v = static_cast<unsigned>(index_of(victim));
  const std::uint32_t others = seat_bytes_ & ~(0xFFU << (8U * v));
  std::uint32_t may = (word(as.may_capture_) >> v) & word(as.active_);
  if (lifts_attacks_) {
    const std::array<bool, kMaxSeats> kinged{king_[0] != kNoSquare, king_[1] != kNoSquare, king_[2] != kNoSquare,
                                             king_[3] != kNoSquare};
    may &= word(kinged);
  }
  return (may & others) == others;
}

std::vector<Square> Position::attackers(Square target, std::uint8_t seats) const {
  std::vector<Square> out;
  int kinds = static_cast<int>(rules_->pieces.size());
  for (int k = 0; k < kinds; ++k) {
    for (int s = 0; s < rules_->seat_count(); ++s) {
      if (!((seats >> s) & 1U)) continue;
      walk_attackers(*this, *rules_, target, seat_at(s), kind_at(k), [&](Square sq) {
        if (std::find(out.begin(), out.end(), sq) == out.end()) out.push_back(sq);
        return false;
      });
    }
  }
  return out;
}

// ---- generation -------------------------------------------------------------

void Position::add_pawn_moves(Square from, Square to, MoveKind kind, MoveList& out) const {
  const SeatDef& seat = seat_def(to_move_);
  // 000 short game: "Pawns ... may not enter their farthest left or right
  // file" (they still attack it: attack detection ignores this).
  if (seat.pawn_barred[index_of(to)]) return;
  if (seat.promotion_zone[index_of(to)] && !rules_->promotion.choices.empty() &&
      !promotion_blocked_[index_of(to_move_)]) {
    for (PieceKind k : rules_->promotion.choices) out.push({from, to, kind, k, 0});
    if (!rules_->promotion.mandatory) out.push({from, to, kind, kNoKind, 0});
    return;
  }
  out.push({from, to, kind, kNoKind, 0});
}

bool Position::ep_capturable(Square target, Seat mover, Move& out_move) const {
  const PawnRules& pr = rules_->pawns;
  if (pr.en_passant == EnPassantWindow::kOff) return false;
  for (int c = 0; c < rules_->seat_count(); ++c) {
    const EnPassantEntry& e = ep_[c];
    if (e.target != target || seat_at(c) == mover) continue;
    if (!may_capture(mover, seat_at(c))) continue;
    const Piece& victim = board_[index_of(e.victim)];
    if (victim.empty() || victim.seat != seat_at(c) || !rules_->piece(victim.kind).pawn) continue;
    // 001 rule 11: only pawns moving directly against each other.
    if (pr.en_passant_between == EnPassantBetween::kFacingSeatsOnly && !facing(mover, seat_at(c))) continue;
    out_move.kind = MoveKind::kEnPassant;
    return true;
  }
  return false;
}

bool Position::en_passant_pseudo(Seat s, Square target) const {
  // generate_pseudo's conditions for seat s: his pieces move, and not only
  // his king.
  if (!active_[index_of(s)] || king_only(s)) return false;
  const MoveTables& t = rules_->tables;
  const Seat frame = frame_seat_[index_of(s)];
  for (std::uint32_t kinds = pawn_kinds_; kinds != 0; kinds &= kinds - 1) {
    const PieceKind kind = kind_at(std::countr_zero(kinds));
    // Each pawn of s that attacks `target` (its reverse capture rays; most
    // targets have none, so this comes first), then generate_piece's own
    // walk from that pawn: a capture-only step onto the empty target with
    // every step before it empty; then the capture open to him and the
    // square not barred (add_pawn_moves; promotions land there as en
    // passant moves too).
    for (const RayRef& back : t.attacks(kind, frame, target)) {
      Square from = kNoSquare;
      for (const RayStep& st : t.ray(back)) {
        const Piece& p = board_[index_of(st.square)];
        if (p.empty()) continue;
        if (st.flags != kStepPass && p.kind == kind && p.seat == s) from = st.square;
        break;
      }
      if (from == kNoSquare) continue;
      for (const RayRef& r : t.moves(kind, frame, from)) {
        for (const RayStep& st : t.ray(r)) {
          if (!board_[index_of(st.square)].empty()) break;
          if (st.square != target || st.flags == kStepPass || (st.flags & kStepMove) || !(st.flags & kStepCapture))
            continue;
          Move ep{};
          if (ep_capturable(target, s, ep) && !seat_def(s).pawn_barred[index_of(target)]) return true;
        }
      }
    }
  }
  return false;
}

bool Position::facing(Seat a, Seat b) const {
  Frame fa = frame_of(seat_def(a).facing);
  Frame fb = frame_of(seat_def(b).facing);
  return fa.forward_file == -fb.forward_file && fa.forward_rank == -fb.forward_rank;
}

bool Position::frozen_king_capturable(Seat s) const {
  // 001 rule 8: "the mated player's pieces cannot be moved but can be taken
  // by the other team"; house rule elimination.frozen_king_capturable says
  // whether his king is one of them.
  return rules_->elimination.frozen_king_capturable && !active_[index_of(s)];
}

bool Position::may_enter_corner(Seat s, Square corner) const {
  // 000 short game: "Kings may enter their own coloured corner square ...
  // provided that both of their Bishops are not captured".
  const CornerRules& c = rules_->corners;
  if (!c.king_enters_own_corner || !corner_entry_open_ || corner != c.own[index_of(s)]) return false;
  int bishops = 0;
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (p.kind == c.bishop && p.seat == s) ++bishops;
  }
  return bishops >= 2;
}

void Position::generate_piece(Square from, Piece p, MoveList& out) const {
  const MoveTables& t = rules_->tables;
  const PieceDef& def = rules_->piece(p.kind);
  bool corner_king = corners_ && p.kind == royal_;
  for (const RayRef& r : t.moves(p.kind, frame_seat_[index_of(p.seat)], from)) {
    for (const RayStep& st : t.ray(r)) {
      const Piece& occ = board_[index_of(st.square)];
      if (corner_king && rules_->geometry.merged(st.square)) {
        if (occ.empty() && may_enter_corner(p.seat, st.square)) out.push({from, st.square, MoveKind::kNormal, kNoKind, 0});
        break;
      }
      if (st.flags == kStepPass) {
        if (!occ.empty()) break;
        continue;
      }
      if (occ.empty()) {
        if (st.flags & kStepMove) {
          if (def.pawn) add_pawn_moves(from, st.square, MoveKind::kNormal, out);
          else out.push({from, st.square, MoveKind::kNormal, kNoKind, 0});
        } else if (def.pawn && (st.flags & kStepCapture)) {
          Move ep{from, st.square, MoveKind::kNormal, kNoKind, 0};
          if (ep_capturable(st.square, p.seat, ep)) add_pawn_moves(from, st.square, ep.kind, out);
        }
        continue;
      }
      // chess.com DeadKingWalking (issue 17 item 1): a walking king may take
      // any dead piece next to it, its own former pieces included.
      bool own_dead = occ.seat == p.seat && p.kind == royal_ && king_only(p.seat) &&
                      rules_->elimination.walking_king_takes_own_pieces;
      if ((st.flags & kStepCapture) && (may_capture(p.seat, occ.seat) || own_dead) &&
          (king_capture_ || occ.kind != royal_ || frozen_king_capturable(occ.seat))) {
        if (def.pawn) add_pawn_moves(from, st.square, MoveKind::kNormal, out);
        else out.push({from, st.square, MoveKind::kNormal, kNoKind, 0});
      }
      break;
    }
  }
  // The pawn's double step from its start zone: every square on the way empty.
  if (def.pawn && rules_->pawns.double_step > 1 && seat_def(p.seat).double_step_zone[index_of(from)]) {
    Frame fr = frame_of(seat_def(p.seat).facing);
    int f = file_of(from);
    int rk = rank_of(from);
    for (int step = 1; step <= rules_->pawns.double_step; ++step) {
      f += fr.forward_file;
      rk += fr.forward_rank;
      if (!rules_->geometry.contains(f, rk)) return;
      Square q = make_square(f, rk);
      if (!rules_->geometry.playable(q) || !board_[index_of(q)].empty() || (corners_ && rules_->geometry.merged(q))) return;
    }
    add_pawn_moves(from, make_square(f, rk), MoveKind::kDoubleStep, out);
  }
}

void Position::generate_castling(MoveList& out) const {
  const auto& rules = rules_->castling;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const CastlingRule& c = rules[i];
    // A walking king's rook is dead: no castling (chess.com DeadKingWalking).
    if (c.seat != to_move_ || !((castling_rights_ >> i) & 1U) || king_only(to_move_)) continue;
    Piece king = at(c.king_from);
    Piece rook = at(c.rook_from);
    if (king.empty() || king.seat != to_move_ || king.kind != royal_) continue;
    if (rook.empty() || rook.seat != to_move_) continue;
    // Every square the king or rook passes or lands on must be empty, but for
    // the two castling pieces themselves.
    auto span_clear = [&](Square a, Square b) {
      int df = (file_of(b) > file_of(a)) - (file_of(b) < file_of(a));
      int dr = (rank_of(b) > rank_of(a)) - (rank_of(b) < rank_of(a));
      int f = file_of(a);
      int r = rank_of(a);
      while (f != file_of(b) || r != rank_of(b)) {
        f += df;
        r += dr;
        Square q = make_square(f, r);
        if (q != c.king_from && q != c.rook_from && !at(q).empty()) return false;
      }
      return true;
    };
    if (!span_clear(c.king_from, c.king_to) || !span_clear(c.rook_from, c.rook_to) ||
        !span_clear(c.king_from, c.rook_from)) {
      continue;
    }
    // The king may not castle out of, through or into an attack.
    std::uint8_t enemies = attackers_of(to_move_);
    int df = (file_of(c.king_to) > file_of(c.king_from)) - (file_of(c.king_to) < file_of(c.king_from));
    int dr = (rank_of(c.king_to) > rank_of(c.king_from)) - (rank_of(c.king_to) < rank_of(c.king_from));
    bool safe = !attacked(c.king_from, enemies);
    int f = file_of(c.king_from);
    int r = rank_of(c.king_from);
    while (safe && (f != file_of(c.king_to) || r != rank_of(c.king_to))) {
      f += df;
      r += dr;
      safe = !attacked(make_square(f, r), enemies);
    }
    if (safe) out.push({c.king_from, c.king_to, MoveKind::kCastle, kNoKind, static_cast<std::uint8_t>(i)});
  }
}

void Position::generate_pseudo(MoveList& out) const {
  if (!active_[index_of(to_move_)]) return;
  bool only_king = king_only(to_move_);
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (!p.empty() && p.seat == to_move_ && (!only_king || p.kind == royal_)) generate_piece(q, p, out);
  }
  if (!rules_->castling.empty() && castling_rights_ != 0) generate_castling(out);
}

bool Position::pseudo_legal(const Move& m) const {
  // generate_pseudo's own walk, for one piece: the move is one of them.
  if (!active_[index_of(to_move_)]) return false;
  if (m.kind == MoveKind::kCastle) [[unlikely]] return pseudo_legal_listed(m);
  if (!is_valid(m.from) || !is_valid(m.to)) return false;
  const Piece& p = board_[index_of(m.from)];
  if (p.empty() || p.seat != to_move_ || (king_only(to_move_) && p.kind != royal_)) return false;
  const bool pawn = (pawn_kinds_ >> index_of(p.kind)) & 1U;
  if (pawn && m.kind != MoveKind::kNormal) [[unlikely]] return pseudo_legal_listed(m);  // a double step, en passant
  if (m.kind != MoveKind::kNormal || (!pawn && m.promotion != kNoKind)) return false;
  // A normal move: generate_piece's walk along the piece's rays, stopping
  // at m.to; add_pawn_moves' choice of the moves a pawn's step gives.
  auto emitted = [&]() {
    if (!pawn) return true;
    const SeatDef& seat = seat_def(to_move_);
    if (seat.pawn_barred[index_of(m.to)]) return false;
    const auto& choices = rules_->promotion.choices;
    if (seat.promotion_zone[index_of(m.to)] && !choices.empty() && !promotion_blocked_[index_of(to_move_)]) {
      if (m.promotion == kNoKind) return !rules_->promotion.mandatory;
      return std::find(choices.begin(), choices.end(), m.promotion) != choices.end();
    }
    return m.promotion == kNoKind;
  };
  const MoveTables& t = rules_->tables;
  const bool corner_king = corners_ && p.kind == royal_;
  for (const RayRef& r : t.moves(p.kind, frame_seat_[index_of(p.seat)], m.from)) {
    for (const RayStep& st : t.ray(r)) {
      const Piece& occ = board_[index_of(st.square)];
      if (corner_king && rules_->geometry.merged(st.square)) {
        if (st.square == m.to && occ.empty() && may_enter_corner(p.seat, st.square)) return true;
        break;
      }
      if (st.flags == kStepPass) {
        if (!occ.empty()) break;
        continue;
      }
      if (occ.empty()) {
        // (a pawn's capture step onto an empty square gives en passant only)
        if (st.square == m.to && (st.flags & kStepMove) && emitted()) return true;
        continue;
      }
      if (st.square == m.to && (st.flags & kStepCapture)) {
        const bool own_dead = occ.seat == p.seat && p.kind == royal_ && king_only(p.seat) &&
                              rules_->elimination.walking_king_takes_own_pieces;
        if ((may_capture(p.seat, occ.seat) || own_dead) &&
            (king_capture_ || occ.kind != royal_ || frozen_king_capturable(occ.seat)) && emitted())
          return true;
      }
      break;
    }
  }
  return false;
}

bool Position::pseudo_legal_listed(const Move& m) const {
  // pseudo_legal's castling and a pawn's other moves: found in the list
  // generate_pseudo gives for them (m.kind is kCastle, or m.from holds the
  // side to move's pawn).
  MoveList list;
  if (m.kind == MoveKind::kCastle) {
    if (rules_->castling.empty() || castling_rights_ == 0) return false;
    generate_castling(list);
  } else {
    generate_piece(m.from, board_[index_of(m.from)], list);
  }
  return std::find(list.begin(), list.end(), m) != list.end();
}

bool Position::king_attacked_after(const Move& m, Seat s) const {
  Position& self = const_cast<Position&>(*this);  // make/unmake restores exactly
  self.make(m);
  bool attacked_now = in_check(s);
  self.unmake();
  return attacked_now;
}

bool Position::has_legal_move_for(Seat s) const {
  Position& self = const_cast<Position&>(*this);  // restored before returning
  Seat saved = to_move_;
  std::uint64_t saved_hash = hash_;
  self.to_move_ = s;
  bool any = has_legal_move();
  self.to_move_ = saved;
  self.hash_ = saved_hash;
  return any;
}

// ---- make / unmake ----------------------------------------------------------

Seat Position::next_active_after(Seat s) const {
  // The seats after s in turn order, wrapping round to s itself (a step and
  // a wrap, no division: this runs after every move).
  const auto& order = rules_->turn_order;
  const std::size_t size = order.size();
  std::size_t i = static_cast<std::size_t>(order_index(s));
  for (std::size_t n = 1; n <= size; ++n) {
    if (++i == size) i = 0;
    Seat next = order[i];
    if (active_[index_of(next)]) return next;
  }
  return s;
}

void Position::make(const Move& m) {
  Undo u;
  u.move = m;
  u.castling_rights = castling_rights_;
  u.ep = ep_;
  u.halfmove_clock = halfmove_clock_;
  u.fullmove_number = fullmove_number_;
  u.hash = hash_;
  u.to_move = to_move_;
  history_.push_back(hash_);

  Seat mover = to_move_;
  bool resets_clock = false;

  // A piece's move (normal, double step, en passant): a search's every move,
  // here in one dense run; passes, placements and castling out of line
  // (issue 30 item 3: the game layer's per-node code is larger than the
  // instruction cache).
  if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep || m.kind == MoveKind::kEnPassant) [[likely]] {
    Piece p = board_[index_of(m.from)];
    u.moved = p;
    Square cap_sq = m.to;
    if (m.kind == MoveKind::kEnPassant) [[unlikely]] {
      for (const EnPassantEntry& e : ep_) {
        if (e.target == m.to) {
          cap_sq = e.victim;
          break;
        }
      }
    }
    u.captured = board_[index_of(cap_sq)];
    if (!u.captured.empty()) {
      u.captured_on = cap_sq;
      // chess.com FFA (issue 17 item 4): taking a dead piece does not
      // reset the move rule.
      Seat owner = u.captured.seat;
      bool dead = !active_[index_of(owner)] || (king_only(owner) && u.captured.kind != royal_);
      resets_clock = !(rules_->draws.move_rule_live_plies_only && dead);
      set_piece(cap_sq, kEmpty);
    }
    if ((pawn_kinds_ >> index_of(p.kind)) & 1U) resets_clock = true;
    set_piece(m.from, kEmpty);
    if (m.promotion != kNoKind) {
      p.kind = m.promotion;
      p.promoted = true;
    }
    set_piece(m.to, p);
    // 000 short game: "When a King enters his corner square, both of his
    // Bishops become Queens instantly."
    if (corners_ && p.kind == royal_ && rules_->corners.bishops_become_queens &&
        m.to == rules_->corners.own[index_of(mover)] && m.from != m.to) [[unlikely]]
      u.converted = convert_bishops(mover);
  } else {
    make_other(m, u);
  }

  // Castling rights die when a king or rook leaves, or a rook is captured.
  // The hash follows every right that changes (incrementally: issue 20).
  if (castling_rights_ != 0 && m.kind != MoveKind::kPass) {
    std::uint32_t kill = m.kind == MoveKind::kCastle ? castle_seat_[index_of(mover)] : 0;
    if (is_valid(m.from)) kill |= castle_kill_[index_of(m.from)];
    if (is_valid(m.to)) kill |= castle_kill_[index_of(m.to)];
    std::uint32_t lost = castling_rights_ & kill;
    castling_rights_ &= ~kill;
    for (; lost != 0; lost &= lost - 1) hash_ ^= zobrist::castling(std::countr_zero(lost));
  }

  // En passant: the window decides how long an entry stays open; the hash
  // follows each entry that changed.
  for (unsigned c = advance_en_passant(mover, m); c != 0; c &= c - 1U) {
    const auto i = static_cast<std::size_t>(std::countr_zero(c));
    if (u.ep[i].open()) hash_ ^= zobrist::en_passant(u.ep[i].target);
    if (ep_[i].open()) hash_ ^= zobrist::en_passant(ep_[i].target);
  }

  // chess.com FFA (issue 17 item 4): the move rule counts live players'
  // plies only; a walking king's move leaves it as it is.
  if (!(rules_->draws.move_rule_live_plies_only && king_only(mover))) {
    halfmove_clock_ = resets_clock ? 0 : halfmove_clock_ + 1;
  }
  to_move_ = next_active_after(mover);
  hash_ ^= zobrist::side(mover) ^ zobrist::side(to_move_);
  // A new round (fullmove) starts when the turn wraps past the end of the
  // turn order, even when the last seat in it is out of the game.
  if (order_index(to_move_) <= order_index(mover)) ++fullmove_number_;
  undo_.push_back(u);
}

void Position::make_other(const Move& m, Undo& u) {
  const Seat mover = to_move_;
  switch (m.kind) {
    case MoveKind::kPlacement:
      // 003 rule 5: the placed kind travels in `promotion`.
      set_piece(m.to, Piece{m.promotion, mover, false});
      break;
    case MoveKind::kCastle: {
      const CastlingRule& c = rules_->castling[m.castle];
      Piece king = at(c.king_from);
      Piece rook = at(c.rook_from);
      u.moved = king;
      set_piece(c.king_from, kEmpty);
      set_piece(c.rook_from, kEmpty);
      set_piece(c.king_to, king);
      set_piece(c.rook_to, rook);
      break;
    }
    default:  // a pass
      break;
  }
}

std::uint8_t Position::convert_bishops(Seat mover) {
  // 000 short game: the mover's king entered his corner square, "both of his
  // Bishops become Queens instantly" (make()); how many, for unmake().
  std::uint8_t converted = 0;
  for (Square q : squares_) {
    const Piece& b = board_[index_of(q)];
    if (b.kind != rules_->corners.bishop || b.seat != mover) continue;
    set_piece(q, Piece{rules_->corners.queen, mover, false});
    converted_.push_back(q);
    ++converted;
  }
  return converted;
}

void Position::make_room(std::size_t n) {
  // Twice the room asked, so that a game played on (play(), whose make()s
  // are not a search's) asks again only every n plies.
  const std::size_t end = undo_.size() + 2 * n;
  undo_.reserve(end);
  history_.reserve(end);
  converted_.reserve(end * convertible_);
  room_end_.plies = end;
}

void Position::make_pass() { make(Move{kNoSquare, kNoSquare, MoveKind::kPass, kNoKind, 0}); }

void Position::unmake() {
  assert(!undo_.empty());
  Undo u = undo_.back();
  undo_.pop_back();
  history_.pop_back();
  const Move& m = u.move;
  if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep || m.kind == MoveKind::kEnPassant) [[likely]] {
    if (u.converted > 0) [[unlikely]]
      revert_bishops(u.moved.seat, u.converted);
    board_[index_of(m.to)] = kEmpty;
    board_[index_of(m.from)] = u.moved;
    if (u.moved.kind == royal_) king_[index_of(u.moved.seat)] = m.from;
    if (!u.captured.empty()) {
      board_[index_of(u.captured_on)] = u.captured;
      if (u.captured.kind == royal_) king_[index_of(u.captured.seat)] = u.captured_on;
    }
  } else {
    unmake_other(m);
  }
  castling_rights_ = u.castling_rights;
  ep_ = u.ep;
  halfmove_clock_ = u.halfmove_clock;
  fullmove_number_ = u.fullmove_number;
  hash_ = u.hash;
  to_move_ = u.to_move;
}

void Position::unmake_other(const Move& m) {
  if (m.kind == MoveKind::kPlacement) {
    board_[index_of(m.to)] = kEmpty;
  } else if (m.kind == MoveKind::kCastle) {
    const CastlingRule& c = rules_->castling[m.castle];
    Piece king = board_[index_of(c.king_to)];
    Piece rook = board_[index_of(c.rook_to)];
    board_[index_of(c.king_to)] = kEmpty;
    board_[index_of(c.rook_to)] = kEmpty;
    board_[index_of(c.king_from)] = king;
    board_[index_of(c.rook_from)] = rook;
    king_[index_of(king.seat)] = c.king_from;
  }
}

void Position::revert_bishops(Seat mover, std::uint8_t n) {
  for (; n > 0; --n) {
    board_[index_of(converted_.back())] = Piece{rules_->corners.bishop, mover, false};
    converted_.pop_back();
  }
}

int Position::repetitions() const {
  int count = 0;
  int n = static_cast<int>(history_.size());
  int limit = std::min(n, halfmove_clock_);
  for (int back = 1; back <= limit; ++back) {
    if (history_[n - back] == hash_) ++count;
  }
  return count;
}

Piece Position::last_captured() const { return undo_.empty() ? kEmpty : undo_.back().captured; }

std::string Position::consistency_problem() const {
  const Geometry& g = rules_->geometry;
  std::array<Square, kMaxSeats> kings{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  for (int i = 0; i < kMaxSquares; ++i) {
    const Piece& p = board_[i];
    if (p.empty()) continue;
    Square q = static_cast<Square>(i);
    if (!g.playable(q)) return "a piece stands on " + g.name(q) + ", which is not on the board";
    if (index_of(p.seat) >= rules_->seat_count()) return "a piece on " + g.name(q) + " has no seat";
    if (p.kind == royal_) kings[index_of(p.seat)] = q;
  }
  for (int s = 0; s < rules_->seat_count(); ++s) {
    if (kings[s] != king_[s]) return "king square of seat " + std::to_string(s) + " is stale";
  }
  if (compute_hash() != hash_) return "hash differs from the recomputed hash";
  return {};
}

}  // namespace tabula::core
