// corners.cpp — the Game's part of sheet 000, the corner-square games
// (corners-short, corners-long, corners-mini), as read in RULINGS.md.
//
// Section index: setup and targets, legality (the filter). The mate rule's
// look after a move and its reply proofs are in core/corners_proof.cpp;
// after a move, the two-player phase and the end in core/corners_play.cpp.
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
  // Only the playable squares off the area are looked at: every piece
  // stands on a playable square (Position::squares). The long game's
  // two-player phase asks it after every move until both sides are on the
  // area (update_area_reached; issue 30 item 3: at corners-mini d7 a scan
  // of the 256 squares was ~1,000 instructions a call, 12 M in all; the
  // squares off the area there are the 16 corner cells), a list found once
  // per RuleSet (TwoPlayerRules::off_area; session 26: was a walk of a
  // std::bitset with libstdc++'s own _Find_first/_Find_next, g++ only).
  for (const Square q : g.rules_->corners.two_player.off_area) {
    const Piece p = g.pos_.at(q);
    if (p.empty() || p.seat != s) continue;
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

Modules::Corners::Node Modules::Corners::node_from(const Game& g, const CornerNodeKey& k,
                                                   const CornerState& st, const SeatLines* lines) {
  // Of the Game, the rules and what the key holds only: Game::plays (in
  // target_of and truce_on) reads the seats' statuses; truce_on reads the
  // corner state's had_turn and whether edge pawns remain; the duty to
  // leave (king_must_leave) reads the corner queens, and is owed only once
  // a king entered his corner square (CornerState::entered), where no memo
  // keeps a node (memo_node).
  const CornerRules& c = g.rules_->corners;
  Node n;
  n.mover = k.mover;
  n.king = k.king();
  n.truce = k.edge_pawns() && truce_on(g, n.mover, st);
  n.must_leave = st.any_entered() && king_must_leave(g, n.mover, st);
  // House rule may_leave_corner_at_will off: the king stays in his corner
  // square until both corner queens are lost.
  n.stay_in_corner = !c.may_leave_corner_at_will && !k.two_player() && n.king != kNoSquare &&
                     g.rules_->geometry.merged(n.king) && !n.must_leave;
  n.mate_rule = c.only_target_may_be_mated && k.depth < kMateProbeDepth;
  n.target = n.mate_rule ? target_of(g, n.mover) : kNoSeat;
  n.depth = k.depth;
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

void Modules::Corners::find_standing_tries(const Game& g) {
  // The kinds that can stand on the board in this Game, once: every board
  // it holds comes from its start by moves and the modules' square edits
  // (a takeback replays from the start), and with sheet 000's module alone
  // a kind appears only by a promotion (the choices), a king entering his
  // corner square (the queen) or a corner queen turning back (the bishop;
  // the long game's two-player phase edits squares to it). Another module
  // may place or turn pieces (003's placements): then any kind. The lines
  // (CheckLines::build) and the mate rule's looks (in_check_look) walk them.
  CornerLinesCache& cache = g.corner_lines_;
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

// The lines to the kings a move of the side to move could mate against the
// rule (every seat playing but the mover and his target), once per node.
// A seat is a non-target at two nodes in a row (seat s for the movers s+1
// and s+2 in turn order): the node one move below keeps his lines when that
// move changed nothing they read (CheckLines::still_after; issue 30 item 3:
// a build per node instead of two, most moves being far from his king).
// `parent`: the lines of the node at the depth above, whose tags say whether
// it is the position one move before this one.
void Modules::Corners::non_target_lines(const Game& g, Seat target, const CornerLines* parent,
                                        CornerLines& here, int seats) {
  lines_of_non_targets(g, target, parent, here, seats);
}

// (Inline in filter_legal, its caller in a search: session 27, the call, its
// entry and exit and the arguments' moves were ~30 instructions of its ~260
// a node at corners-mini d6.)
inline void Modules::Corners::lines_of_non_targets(const Game& g, Seat target, const CornerLines* parent,
                                                   CornerLines& here, int seats) {
  SeatLines& lines = here.lines;
  // The seats the mate rule looks at: every seat playing but the mover and
  // his target.
  // (`seats` where the caller found them: memo_node's.)
  const bool mate_rule = g.rules_->corners.only_target_may_be_mated;
  const unsigned asked = !mate_rule   ? 0U
                         : seats >= 0 ? static_cast<unsigned>(seats)
                                      : mate_rule_seats(g, g.pos_.to_move(), target);
  lines.clear(g.pos_, standing_tries(g), static_cast<std::uint8_t>(asked));
  here.ply = g.pos_.ply();
  here.moves = g.moves_.size();
  here.edits = g.edits_.size();
  here.eliminated = g.eliminated_.size();
  here.version = g.board_version_;
  here.answer_all = -1;
  if (!mate_rule) return;
  // One move of the Position since the node above, no square changed
  // beside it and nobody eliminated: its lines may still hold.
  const bool below = parent != nullptr && parent->one_move_above(here);
  for (unsigned left = asked; left != 0; left &= left - 1U) {
    const int i = std::countr_zero(left);
    const Seat s = seat_at(i);
    const std::uint8_t enemies = g.pos_.attackers_of(s);  // once, for both tests
    const bool kept = below && ((parent->lines.built() >> i) & 1U) &&
                      parent->lines.lines(s).still_after(g.pos_, g.moves_.back(), s, enemies);
    lines.keep_or_add(g.pos_, s, enemies, kept ? &parent->lines : nullptr);
  }
}

namespace {

// The lines' list grown to hold `depth` (a search's first visit of that
// depth): out of filter_legal's line, cold.
[[gnu::cold, gnu::noinline]] void grow_lines(std::vector<std::unique_ptr<CornerLines>>& at,
                                             std::size_t depth) {
  while (at.size() <= depth) at.push_back(std::make_unique<CornerLines>());
}

}  // namespace

void Modules::Corners::filter_legal(const Game& g, MoveList& list) const {
  // The lines of each search depth are kept in the Game (one node per depth
  // is being searched at a time; the list grows with the depth only).
  auto& at = g.corner_lines_.at;
  const auto depth = static_cast<std::size_t>(g.depth_);
  if (at.size() <= depth) [[unlikely]]
    grow_lines(at, depth);
  CornerLines& here = *at[depth];
  const SeatLines& lines = here.lines;
  // What the rules ask of this node is found once, not per move (issue 30
  // item 3); a node none of them bears on keeps its whole list.
  std::uint8_t others = 0;
  Node node = memo_node(g, g.corner_, 0, others);
  node.lines = &lines;
  lines_of_non_targets(g, node.target, depth > 0 ? at[depth - 1].get() : nullptr, here, others);
  if (!node.truce && !node.must_leave && !node.stay_in_corner && !g.two_player_ &&
      (!node.mate_rule || lines.built() == 0)) {
    return;
  }
  // Most nodes: only the mate rule bears on a move but an edge pawn's (the
  // truce); a move the lines prove checks no non-target is kept at once.
  const bool mates_only = !node.must_leave && !node.stay_in_corner && !g.two_player_;
  // The kings out of check after a legal move the lines do not prove
  // quiet (`seats`: those they may check): the mover's, and the others the
  // lines were built for (mates_non_target's `unchecked`).
  const auto unchecked = [&, mover = 1U << index_of(node.mover)](std::uint8_t seats) {
    return static_cast<std::uint8_t>((lines.built() & ~seats) | mover);
  };
  if (mates_only && !node.truce) {
    // After the first round, with no corner duty: the mate rule alone (it
    // bears here: the lines were built for some seat). One union test per
    // move (SeatLines::far) and nothing else for the moves it proves: the
    // list is written only from the first move refused on (issue 30 item 3;
    // session 25: two loops, the first one reading only, so that a move
    // kept in place costs no count of the kept ones).
    // (`near`: a move far() does not prove.)
    const auto near = [&](const Move& m) {
      std::uint8_t sure = 0;  // (the kings it surely checks: no look at them)
      const std::uint8_t seats = lines.each_seat(g.pos_, m, sure);
      return seats != 0 && mates_non_target(g, m, g.corner_, 0, seats, node.target, unchecked(seats), sure);
    };
    const auto mates = [&](const Move& m) { return !lines.far(m) && near(m); };
    Move* const end = list.end();
    Move* next = list.begin();
    // (The far moves, most of them, loop back at once: session 28, a jump
    // a move less.)
    for (; next != end; ++next) {
      if (lines.far(*next)) [[likely]]
        continue;
      if (near(*next)) break;
    }
    if (next == end) return;
    Move* keep = next;
    for (++next; next != end; ++next)
      if (!mates(*next)) *keep++ = *next;
    list.truncate(static_cast<std::size_t>(keep - list.begin()));
    return;
  }
  filter_by_rules(g, list, node, mates_only);
}

void Modules::Corners::filter_by_rules(const Game& g, MoveList& list, const Node& node, bool mates_only) {
  // The first round (the truce), a corner duty or the long game's
  // two-player phase: each move judged by refused(), but where only the
  // mate rule bears on it (not an edge pawn's, in the first round), whose
  // lines prove most moves checking no non-target (out of filter_legal's
  // line: the corner-square games' searches run it at the few nodes of
  // their first plies; issue 30 item 3, session 22).
  const SeatLines& lines = *node.lines;
  const auto mover = static_cast<std::uint8_t>(1U << index_of(node.mover));
  const SquareSet& edge = g.corner_.edge_pawns;
  std::size_t keep = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    bool ok = true;
    if (!mates_only || (node.truce && m.from != kNoSquare && edge[index_of(m.from)])) {
      ok = refused(g, m, g.corner_, node) == Refusal::kNone;
    } else if (node.mate_rule) {
      const std::uint8_t seats = lines.may_check_seats(g.pos_, m);
      ok = seats == 0 || !mates_non_target(g, m, g.corner_, 0, seats, node.target,
                                           static_cast<std::uint8_t>((lines.built() & ~seats) | mover));
    }
    if (ok) list[keep++] = m;
  }
  list.truncate(keep);
}

std::uint8_t Modules::Corners::unattacked_after(const Game& g, const Move& m) {
  // The lines are a search's cache: those of the node m is made from are at
  // the depth above make()'s (filter_legal found its list there), while
  // they name this board (the board's version and the ply: a sibling's
  // lines name another board).
  if (!g.quiet_) return 0;
  auto& at = g.corner_lines_.at;
  const auto d = static_cast<std::size_t>(g.depth_ - 1);
  if (d >= at.size()) return 0;
  CornerLines& node = *at[d];
  if (node.version != g.board_version_ || node.ply != g.pos_.ply()) return 0;
  const SeatLines& lines = node.lines;
  if (node.answer_all < 0) {
    // Found at the node's first move (most nodes of a search are never
    // moved from): the built seats whose lines answer for every other
    // seat's pieces. (A king immune in his corner square is `safe` there,
    // yet may stand attacked: the report names him as the board has him.)
    // (Every other seat as Game::report_checks counts them: the seats whose
    // pieces are off the board left out, Position::seats_off_board.)
    static_assert(static_cast<int>(SeatStatus::kLive) == 0);
    const unsigned all =
        g.all_seats_ & ~(Position::word_of(g.status_) == 0 ? 0U : static_cast<unsigned>(g.pos_.seats_off_board()));
    unsigned seats = lines.built();
    for (unsigned left = seats; left != 0; left &= left - 1U) {
      const int i = std::countr_zero(left);
      const CheckLines& l = lines.lines(seat_at(i));
      if (l.safe() || l.enemies() != (all & ~(1U << i))) seats &= ~(1U << i);
    }
    node.answer_all = static_cast<int>(seats);
  }
  const auto seats = static_cast<std::uint8_t>(node.answer_all);
  if (seats == 0 || lines.far(m)) return seats;
  return static_cast<std::uint8_t>(seats & ~lines.each_seat(g.pos_, m));
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
