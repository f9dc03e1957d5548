// module_relations.cpp — sheet 003's relations and tokens (Allies and
// Vassals) as a rule module (core/module_relations.h): where Game meets
// allies, suzerains and vassals, and the rules behind it: relations,
// tokens, removals, the vassal's duty, hostile-edge promotion and the
// stalemate placement. The relation state itself is core/vassalage.h.
#include "core/module_relations.h"

#include <algorithm>
#include <bit>

#include "core/guard_lines.h"

namespace tabula::core {

namespace {

// Calls f(square) for each square of a set, in the board's order (a walk of
// its 64-bit words: these sets hold a few squares of 256).
template <typename F>
void for_each_square(const SquareSet& set, F&& f) {
  for (std::size_t base = 0; base < set.size(); base += 64) {
    for (std::uint64_t w = ((set >> base) & SquareSet(~0ULL)).to_ullong(); w != 0; w &= w - 1)
      f(static_cast<Square>(base + static_cast<std::size_t>(std::countr_zero(w))));
  }
}

// Drops from the list each move `unproven` names that `exposes` refuses;
// the moves up to the first refused stay where they are.
template <typename Unproven, typename Exposes>
void refuse_where(MoveList& list, Unproven&& unproven, Exposes&& exposes) {
  const std::size_t size = list.size();
  std::size_t i = 0;
  while (i < size && !(unproven(list[i]) && exposes(list[i]))) ++i;
  if (i == size) return;
  std::size_t keep = i;
  for (++i; i < size; ++i)
    if (!(unproven(list[i]) && exposes(list[i]))) list[keep++] = list[i];
  list.truncate(keep);
}

}  // namespace

// ---- the hooks -------------------------------------------------------------

void Modules::Relations::setup(Game& g) const {
  const RuleSet& rules = *g.rules_;
  // 003 rule 1: four tokens each, unless the start carries a ledger (a FEN4).
  if (rules.ledger.kind == LedgerKind::kTokens && g.points_ == std::array<int, kMaxSeats>{})
    g.points_.fill(rules.ledger.tokens_per_seat);
  // 003 rule 2: White + Blue and Black + Red start as allies.
  for (const auto& team : rules.relations.teams)
    if (team.size() == 2) g.vassalage_.ally(team[0], team[1]);
  // A start with seats out (a FEN4's dead field, as the arbiter's "set
  // position" writes): in 003 a player out of the game is a removed one,
  // and his alliance ends with him (rule 2).
  for (int s = 0; s < rules.seat_count(); ++s) {
    if (g.status_[s] == SeatStatus::kLive) continue;
    g.status_[s] = SeatStatus::kRemoved;
    g.pos_.set_status(seat_at(s), SeatStatus::kRemoved);
  }
  for (int s = 0; s < rules.seat_count(); ++s)
    if (g.status_[s] == SeatStatus::kRemoved) g.vassalage_.leave(seat_at(s), g.in_game());
  // 003 rule 4: whose edge each seat's last rank is.
  for (int s = 0; s < rules.seat_count(); ++s)
    for (int t = 0; t < rules.seat_count(); ++t)
      if (t != s && (rules.seats[s].promotion_zone & rules.seats[t].home).any()) g.edge_owner_[s] = seat_at(t);
  // 003 rule 4: the pawns already waiting on their last rank (a set
  // position); refresh_relations adds each seat promotion is barred to.
  g.waiting_pawns_ = 0;
  for (int s = 0; s < rules.seat_count(); ++s)
    for (int q = 0; q < kMaxSquares; ++q) {
      const Piece p = g.pos_.at(static_cast<Square>(q));
      if (rules.seats[s].promotion_zone[q] && !p.empty() && p.seat == seat_at(s) && rules.piece(p.kind).pawn)
        g.waiting_pawns_ = static_cast<std::uint8_t>(g.waiting_pawns_ | (1U << s));
    }
  refresh_relations(g);
  // The start may already be the end: one suzerain rules every seat in.
  g.check_game_end(g.opening_);
}

// 003 rule 5: the stalemated player places a new piece; the vassal's duty
// (rule 3) covers placements too.
void Modules::Relations::stalemate_moves(const Game& g, MoveList& list) const {
  if (g.rules_->checks.stalemate != StalemateRule::kPlacement) return;
  add_placements(g, list);
  vassal_duty(g, list);
}

// 003 rule 3: the mated player pays and becomes a vassal (or is removed);
// then his turn is looked at again with the new relations.
bool Modules::Relations::mated_at_turn_start(Game& g, Seat victim, Seat by, std::vector<Ruling>& out) const {
  relation_mate(g, victim, by, out);
  g.check_game_end(out);
  if (!g.outcome_.over && !g.plays(g.pos_.to_move())) g.advance_turn_after(victim);
  return true;
}

// 003: the game ends when every remaining player is one player's vassal;
// the winner is decided by tokens.
bool Modules::Relations::check_end(Game& g, std::size_t /*live*/, EndReason::Kind /*reason*/,
                                   std::vector<Ruling>& out) const {
  if (g.rules_->game_end != GameEnd::kSuzerainOnly) return false;
  // A sole suzerain is the one seat in the game with no suzerain: two
  // such seats and nobody rules them all (this runs after every move).
  int free_seats = 0;
  const int n = g.rules_->seat_count();
  for (int s = 0; s < n; ++s)
    if (g.status_[s] != SeatStatus::kRemoved && g.vassalage_.suzerain_of(seat_at(s)) == kNoSeat && ++free_seats > 1)
      return true;  // (the common case: stop at the second)
  if (free_seats != 1) return true;
  Seat head = g.vassalage_.sole_suzerain(g.in_game(), g.rules_->seat_count());
  if (head != kNoSeat) {
    g.tie_winner_ = head;
    g.finish(false, {EndReason::Kind::kRulesEveryone, 0, head}, out);
  }
  return true;
}

// 003: a player who leaves takes his pieces off; relations follow.
bool Modules::Relations::on_leave(Game& g, Seat s, bool resigned, std::vector<Ruling>& out) const {
  remove_seat(g, {resigned ? Removal::Why::kResigned : Removal::Why::kTimeRanOut, s}, out);
  return true;
}

const Modules::Module& Modules::relations() {
  static const Relations module;
  return module;
}

// ---- the rules ---------------------------------------------------------------

Modules::Relations::Friendship Modules::Relations::friendship(const Game& g) {
  std::array<std::array<bool, kMaxSeats>, kMaxSeats> out{};
  for (int a = 0; a < g.rules_->seat_count(); ++a)
    for (int b = 0; b < g.rules_->seat_count(); ++b) out[a][b] = g.vassalage_.friends(seat_at(a), seat_at(b));
  return out;
}

void Modules::Relations::relation_rulings(Game& g, const Vassalage::Changes& changes, std::vector<Ruling>& out) {
  if (changes.n == 0) return;
  std::array<std::string, kMaxSeats> names;  // (only outside a search: issue 30 item 2)
  if (!g.quiet_) names = g.names();
  for (const Vassalage::Change& c : changes) {
    Ruling r;
    r.kind = RulingKind::kRelation;
    if (!g.quiet_) r.text = Vassalage::words(c, names);
    out.push_back(r);
  }
}

void Modules::Relations::refresh_relations(Game& g) {
  int n = g.rules_->seat_count();
  // 003 rule 2: allies and vassals do not capture or check each other.
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) g.pos_.set_may_capture(seat_at(a), seat_at(b), !g.vassalage_.friends(seat_at(a), seat_at(b)));
  // 003 rule 4: promotion only on an opponent's edge. Judgement call: the
  // edge of a player who has left the game counts as hostile.
  if (g.rules_->promotion.edge == PromotionEdge::kHostileEdgeOnly) {
    auto present = g.in_game();
    for (int s = 0; s < n; ++s) {
      Seat owner = g.edge_owner_[s];
      bool hostile = owner == kNoSeat || !present[index_of(owner)] || !g.vassalage_.friends(seat_at(s), owner);
      g.pos_.set_promotion_allowed(seat_at(s), hostile);
      if (!hostile) g.waiting_pawns_ = static_cast<std::uint8_t>(g.waiting_pawns_ | (1U << s));
    }
  }
}

void Modules::Relations::filter_by_relations(const Game& g, MoveList& list) {
  const Position& pos = g.pos_;
  const Seat mover = pos.to_move();
  const int n = g.rules_->seat_count();
  // 003 rules 2 and 3: no move may expose the king of an ally, of the
  // suzerain, of the suzerain's ally or of a fellow vassal. The pins on each
  // guarded king are found once for the list (core/guard_lines.h, issue 30
  // item 3); a move they cannot judge is made.
  GuardLines lines;
  std::array<Seat, kMaxSeats - 1> guarded{};  // (no seat guards himself)
  int count = 0;
  bool make_all = false;
  SquareSet pinned;  // the pins of every guarded king
  for (int b = 0; b < n; ++b) {
    const Seat s = seat_at(b);
    if (!g.vassalage_.protects(mover, s) || g.status(s) == SeatStatus::kRemoved) continue;
    if (pos.king_square(s) == kNoSquare) continue;  // nothing to expose
    lines.build(pos, s);
    if (lines.attacked() || lines.safe()) continue;  // in check, or nothing can attack him: nothing to expose
    make_all = make_all || lines.make_all();
    pinned |= lines.pinned();
    guarded[static_cast<std::size_t>(count++)] = s;
  }
  if (count != 0) {
    // A move that GuardLines::proven clears for one guarded king is cleared
    // for all when it leaves every pin (of any of them) standing; another
    // is made and asked of each king (king_attacked_after is exact, so
    // asking a king whose pins proved the move gives the same answer).
    auto exposes = [&](const Move& m) {
      for (int j = 0; j < count; ++j)
        if (pos.king_attacked_after(m, guarded[static_cast<std::size_t>(j)])) return true;
      return false;
    };
    // Three loops, one test each (issue 30 item 3: this runs on every
    // legal move of every node): without pins only a move of another kind
    // than a normal move or a double step (en passant, castling) can expose.
    if (make_all) {
      refuse_where(list, [](const Move&) { return true; }, exposes);
    } else if (pinned.none()) {
      // Without pins only en passant (a third square emptied) and castling
      // (four squares) can expose. The list holds an en passant capture
      // only where the mover has one onto an open entry's target
      // (Position::en_passant_pseudo, a superset); castling moves come last
      // (Position::generate_pseudo adds them after every piece's moves and
      // generate_legal keeps the order; test
      // GuardLines.CastlingMovesComeLastInTheLegalList): without such a
      // capture only the list's tail of castling moves is asked.
      bool en_passant = false;
      for (int c = 0; c < n && !en_passant; ++c) {
        const EnPassantEntry& e = pos.en_passant(seat_at(c));
        en_passant = e.open() && seat_at(c) != mover && pos.en_passant_pseudo(mover, e.target);
      }
      if (en_passant) {
        refuse_where(list, [](const Move& m) { return !GuardLines::two_squares(m); }, exposes);
      } else {
        std::size_t first = list.size();
        while (first > 0 && list[first - 1].kind == MoveKind::kCastle) --first;
        std::size_t keep = first;
        for (std::size_t i = first; i < list.size(); ++i)
          if (!exposes(list[i])) list[keep++] = list[i];
        list.truncate(keep);
      }
    } else {
      refuse_where(
          list, [&](const Move& m) { return !GuardLines::two_squares(m) || pinned[index_of(m.from)]; }, exposes);
    }
  }
  vassal_duty(g, list);
}

void Modules::Relations::vassal_duty(const Game& g, MoveList& list) {
  // 003 rule 3: the vassal's duty — while his suzerain is in check, a vassal
  // who can end that check must. Rule 5 makes a stalemate placement his
  // move, so the duty covers placements too (a placed piece can block).
  Seat lord = g.vassalage_.suzerain_of(g.pos_.to_move());
  if (lord == kNoSeat || !g.pos_.in_check(lord)) return;
  MoveList rescue;
  for (const Move& m : list)
    if (!g.pos_.king_attacked_after(m, lord)) rescue.push(m);
  if (!rescue.empty()) list = rescue;
}

void Modules::Relations::add_placements(const Game& g, MoveList& list) {
  // 003 rule 5: the stalemated player places a new piece of his own on any
  // empty square; any kind but a king, a pawn not on its last rank.
  Seat mover = g.pos_.to_move();
  const SquareSet& last = g.rules_->seats[index_of(mover)].promotion_zone;
  for (int i = 0; i < kMaxSquares; ++i) {
    Square q = static_cast<Square>(i);
    if (!g.rules_->geometry.playable(q) || !g.pos_.at(q).empty()) continue;
    for (std::size_t k = 0; k < g.rules_->pieces.size(); ++k) {
      const PieceDef& d = g.rules_->pieces[k];
      if (d.royal || (d.pawn && last[i])) continue;
      if (list.size() + 1 >= MoveList::kCapacity) return;
      list.push({kNoSquare, q, MoveKind::kPlacement, kind_at(static_cast<int>(k)), 0});
    }
  }
}

std::string Modules::Relations::placement_violation(const Game& g, const Move& m) {
  // 003 rule 5, worded for the table.
  // (A variant without placements: Game's own words.)
  if (g.rules_->checks.stalemate != StalemateRule::kPlacement) return {};
  const Geometry& geo = g.rules_->geometry;
  Seat mover = g.pos_.to_move();
  std::string head = g.seat_name(mover) + " cannot place a piece";
  if (m.promotion == kNoKind || index_of(m.promotion) >= static_cast<int>(g.rules_->pieces.size())) {
    return head + ": no such piece";
  }
  const PieceDef& d = g.rules_->piece(m.promotion);
  head = g.seat_name(mover) + " cannot place a " + d.name;
  if (!geo.playable(m.to)) return head + ": that square is not on the board";
  head += " on " + geo.name(m.to);
  if (!g.pos_.at(m.to).empty()) return head + ": the square holds " + g.piece_phrase(g.pos_.at(m.to), m.to);
  if (d.royal) return head + ": a king is never placed";
  if (d.pawn && g.rules_->seats[index_of(mover)].promotion_zone[index_of(m.to)]) return head + ": a pawn is never placed on its last rank";
  MoveList plain;
  g.pos_.generate_legal(plain);
  g.module_filter(plain);
  if (!plain.empty() || g.pos_.in_check()) return head + ": only a stalemated player places a piece (rule 5)";
  Seat lord = g.vassalage_.suzerain_of(mover);
  if (lord != kNoSeat) {
    return head + ": " + g.seat_name(mover) + " must end the check on " + g.seat_name(lord) +
           "'s king (his suzerain), and a placement can";
  }
  return head;
}

std::string Modules::Relations::relation_violation(const Game& g, const Move& m) {
  Seat mover = g.pos_.to_move();
  for (int b = 0; b < g.rules_->seat_count(); ++b) {
    Seat s = seat_at(b);
    if (!g.vassalage_.protects(mover, s) || g.status(s) == SeatStatus::kRemoved) continue;
    if (g.pos_.king_square(s) == kNoSquare || g.pos_.in_check(s)) continue;
    if (g.pos_.king_attacked_after(m, s)) {
      std::string who = g.vassalage_.ally_of(mover) == s        ? "his ally"
                        : g.vassalage_.ally_of(mover) == g.vassalage_.suzerain_of(s) ? "his ally, his ally's vassal"
                        : g.vassalage_.suzerain_of(mover) == s  ? "his suzerain"
                        : g.vassalage_.suzerain_of(s) == g.vassalage_.suzerain_of(mover) ? "a fellow vassal"
                                                                                     : "his suzerain's ally";
      return "it would expose " + g.seat_name(s) + "'s king (" + who + ")";
    }
  }
  Seat lord = g.vassalage_.suzerain_of(mover);
  if (lord != kNoSeat && g.pos_.in_check(lord) && g.pos_.king_attacked_after(m, lord)) {
    MoveList all;
    g.pos_.generate_legal(all);
    for (const Move& o : all) {
      if (!g.pos_.king_attacked_after(o, lord)) {
        return g.seat_name(mover) + " must end the check on " + g.seat_name(lord) +
               "'s king (his suzerain), and can";
      }
    }
  }
  return {};
}

void Modules::Relations::remove_seat(Game& g, Removal r, std::vector<Ruling>& out, int depth) {
  Removals one;
  one.push(r);
  remove_seats(g, one, out, depth);
}

std::string Modules::Relations::removal_words(const Game& g, const Removal& r) {
  switch (r.why) {
    case Removal::Why::kResigned: return "he resigned";
    case Removal::Why::kTimeRanOut: return "his time ran out";
    case Removal::Why::kMatedNoTokens: return "mated with no tokens left";
    case Removal::Why::kExposedByRemoval:
      return "his king is attacked once " + g.seat_name(r.other) + "'s pieces are gone";
    case Removal::Why::kNewOpponent: return "his king is attacked by " + g.seat_name(r.other) + ", a new opponent";
  }
  return {};
}

// 003 rule 3: a player's pieces are removed (he left, or was mated with no
// tokens, or his king stands attacked as the relations change); relations
// follow. Fixed arrays and codes: a search's make allocates nothing (issue
// 30 item 2).
void Modules::Relations::remove_seats(Game& g, const Removals& seats, std::vector<Ruling>& out, int depth) {
  if (depth > kMaxSeats) return;
  const Friendship before = friendship(g);
  std::array<Seat, kMaxSeats> gone{};
  std::size_t gone_n = 0;
  for (const Removal& removal : seats) {
    const Seat s = removal.seat;
    if (g.status(s) == SeatStatus::kRemoved) continue;
    gone[gone_n++] = s;
    Ruling r;
    r.kind = RulingKind::kRemoval;
    r.severity = Severity::kWarning;
    r.seat = s;
    if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
      r.text = "remove all of " + g.seat_name(s) + "'s pieces: " + removal_words(g, removal);
      for (int i = 0; i < kMaxSquares; ++i) {
        Piece p = g.pos_.at(static_cast<Square>(i));
        if (!p.empty() && p.seat == s) r.squares.push_back(static_cast<Square>(i));
      }
    }
    out.push_back(r);
    g.status_[index_of(s)] = SeatStatus::kRemoved;
    g.pos_.set_status(s, SeatStatus::kRemoved);
    g.pos_.set_active(s, false);
    g.remove_pieces(s);
    g.eliminated_.push_back(s);
  }
  if (gone_n == 0) return;
  for (std::size_t i = 0; i < gone_n; ++i) relation_rulings(g, g.vassalage_.leave(gone[i], g.in_game()), out);
  refresh_relations(g);
  if (g.rules_->relations.removal_exposure == RemovalExposure::kAnyAttacker) {
    // 003 rule 3, house rule (the wider reading of "... or after the pieces
    // of a suzerain, ally or vassal are removed"): a former friend whose king
    // now stands attacked, by anyone, goes too (in the order they were
    // found: seat order, each once).
    Removals exposed;
    for (std::size_t i = 0; i < gone_n; ++i) {
      for (int b = 0; b < g.rules_->seat_count(); ++b) {
        const Seat f = seat_at(b);
        if (b == index_of(gone[i]) || !before[index_of(gone[i])][b] || g.status(f) == SeatStatus::kRemoved) continue;
        if (!g.pos_.in_check(f)) continue;
        if (std::any_of(exposed.begin(), exposed.end(), [&](const Removal& e) { return e.seat == f; })) continue;
        exposed.push({Removal::Why::kExposedByRemoval, f, gone[0]});
      }
    }
    if (g.rules_->relations.removal_order == RemovalOrder::kSimultaneous) {
      remove_seats(g, exposed, out, depth + 1);
    } else {
      for (const Removal& e : exposed)
        if (g.status(e.seat) != SeatStatus::kRemoved && g.pos_.in_check(e.seat)) remove_seat(g, e, out, depth + 1);
    }
  }
  // The removal makes new opponents (freed vassals, spent alliances).
  check_new_opponents(g, before, out, depth + 1);
}

void Modules::Relations::check_new_opponents(Game& g, const Friendship& before, std::vector<Ruling>& out,
                                             int depth) {
  // 003 rule 3: after relations change, a player whose king is attacked by
  // a newly made opponent has all his pieces removed. House rule
  // relations.removal_order: all such players at once (then what their
  // removal causes), or one at a time in seat order.
  int n = g.rules_->seat_count();
  bool at_once = g.rules_->relations.removal_order == RemovalOrder::kSimultaneous;
  Removals victims;
  for (int p = 0; p < n; ++p) {
    Seat victim = seat_at(p);
    Square k = g.pos_.king_square(victim);
    if (g.status(victim) == SeatStatus::kRemoved || k == kNoSquare) continue;
    for (int q = 0; q < n; ++q) {
      Seat other = seat_at(q);
      if (q == p || g.status(other) == SeatStatus::kRemoved) continue;
      if (!before[p][q] || g.vassalage_.friends(victim, other)) continue;  // not a new opponent
      if (g.pos_.attacked(k, static_cast<std::uint8_t>(1U << q))) {
        const Removal why{Removal::Why::kNewOpponent, victim, other};
        if (at_once) victims.push(why);
        else remove_seat(g, why, out, depth + 1);
        break;
      }
    }
  }
  if (at_once) remove_seats(g, victims, out, depth + 1);
}

void Modules::Relations::relation_mate(Game& g, Seat victim, Seat mater, std::vector<Ruling>& out) {
  // 003 rule 3: the loser pays ceil(n/2) of his n tokens to the mater; with
  // no tokens to pay his pieces are removed; otherwise he becomes a vassal.
  int& tokens = g.points_[index_of(victim)];
  bool broke = tokens == 0;
  if (!broke) {
    int pay = (tokens + 1) / 2;
    tokens -= pay;
    g.points_[index_of(mater)] += pay;
    Ruling r;
    r.kind = RulingKind::kPoints;
    r.seat = mater;
    r.by = victim;
    r.amount = pay;
    if (!g.quiet_) {
      r.text = g.seat_name(victim) + " pays " + std::to_string(pay) + (pay == 1 ? " token" : " tokens") + " to " +
               g.seat_name(mater);
    }
    out.push_back(r);
    broke = g.rules_->ledger.removed_when_no_tokens_left && tokens == 0;
  }
  if (broke) {
    remove_seat(g, {Removal::Why::kMatedNoTokens, victim}, out);
    return;
  }
  const Friendship before = friendship(g);
  relation_rulings(g, g.vassalage_.vassalize(victim, mater, g.in_game()), out);
  refresh_relations(g);
  check_new_opponents(g, before, out, 0);
}

void Modules::Relations::promote_waiting(Game& g, Seat mover, std::vector<Ruling>& out) {
  // 003 rule 4: every waiting pawn promotes at the end of its owner's next
  // move once its edge is hostile; the default piece is the first choice.
  if (g.rules_->promotion.edge != PromotionEdge::kHostileEdgeOnly || g.rules_->promotion.choices.empty()) return;
  if (!g.pos_.promotion_allowed(mover)) return;
  // A pawn waits only where promotion was barred when it arrived: none
  // since this seat's last look (issue 30 item 3: this runs after every move).
  const auto bit = static_cast<std::uint8_t>(1U << index_of(mover));
  if ((g.waiting_pawns_ & bit) == 0) return;
  g.waiting_pawns_ = static_cast<std::uint8_t>(g.waiting_pawns_ & ~bit);  // every waiting pawn promotes below
  // The zone's squares only, in the board's order (this runs after every
  // move: issue 30 item 3).
  for_each_square(g.rules_->seats[index_of(mover)].promotion_zone, [&](Square q) {
    Piece p = g.pos_.at(q);
    if (p.empty() || p.seat != mover || !g.rules_->piece(p.kind).pawn) return;
    g.edit_square(q, Piece{g.rules_->promotion.choices.front(), mover, true});
    Ruling r;
    r.kind = RulingKind::kPromotion;
    r.seat = mover;
    if (!g.quiet_) {  // (a search writes no words)
      r.squares = {q};
      r.text = g.seat_name(mover) + "'s waiting pawn on " + g.rules_->geometry.name(q) + " promotes to a " +
               g.rules_->piece(g.rules_->promotion.choices.front()).name + ": the edge is an opponent's now";
    }
    out.push_back(r);
  });
}

}  // namespace tabula::core
