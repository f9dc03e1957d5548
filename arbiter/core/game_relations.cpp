// game_relations.cpp — the Game's part of sheet 003 (allies and vassals):
// relations, tokens, removals, the vassal's duty, hostile-edge promotion and
// the stalemate placement. The relation state itself is core/vassalage.h.
#include <algorithm>
#include <bit>

#include "core/check_lines.h"
#include "core/game.h"

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

}  // namespace

std::array<bool, kMaxSeats> Game::in_game() const {
  std::array<bool, kMaxSeats> out{};
  for (int s = 0; s < rules_->seat_count(); ++s) out[s] = status_[s] != SeatStatus::kRemoved;
  return out;
}

std::array<std::string, kMaxSeats> Game::names() const {
  std::array<std::string, kMaxSeats> out;
  for (int s = 0; s < rules_->seat_count(); ++s) out[s] = rules_->seats[s].name;
  return out;
}

std::array<std::array<bool, kMaxSeats>, kMaxSeats> Game::friendship() const {
  std::array<std::array<bool, kMaxSeats>, kMaxSeats> out{};
  for (int a = 0; a < rules_->seat_count(); ++a)
    for (int b = 0; b < rules_->seat_count(); ++b) out[a][b] = vassalage_.friends(seat_at(a), seat_at(b));
  return out;
}

void Game::relation_ruling(const std::string& text, std::vector<Ruling>& out) {
  Ruling r;
  r.kind = RulingKind::kRelation;
  if (!quiet_) r.text = text;
  out.push_back(r);
}

void Game::refresh_relations() {
  int n = rules_->seat_count();
  // 003 rule 2: allies and vassals do not capture or check each other.
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) pos_.set_may_capture(seat_at(a), seat_at(b), !vassalage_.friends(seat_at(a), seat_at(b)));
  // 003 rule 4: promotion only on an opponent's edge. Judgement call: the
  // edge of a player who has left the game counts as hostile.
  if (rules_->promotion.edge == PromotionEdge::kHostileEdgeOnly) {
    auto present = in_game();
    for (int s = 0; s < n; ++s) {
      Seat owner = edge_owner_[s];
      bool hostile = owner == kNoSeat || !present[index_of(owner)] || !vassalage_.friends(seat_at(s), owner);
      pos_.set_promotion_allowed(seat_at(s), hostile);
      if (!hostile) waiting_pawns_ = static_cast<std::uint8_t>(waiting_pawns_ | (1U << s));
    }
  }
}

void Game::filter_by_relations(MoveList& list) const {
  Seat mover = pos_.to_move();
  int n = rules_->seat_count();
  // 003 rules 2 and 3: no move may expose the king of an ally, of the
  // suzerain, of the suzerain's ally or of a fellow vassal. The lines to
  // each guarded king are found once for the list (issue 30 item 3); a move
  // they cannot judge is made.
  std::array<CheckLines, kMaxSeats - 1> lines;  // (no seat guards himself)
  std::array<Seat, kMaxSeats - 1> guarded{};
  int count = 0;
  // Their union: one test of a move against every guarded king at once.
  SquareSet seen;
  SquareSet reached;
  std::uint8_t enemies = 0;
  bool make_all = false;
  for (int b = 0; b < n; ++b) {
    Seat s = seat_at(b);
    if (!vassalage_.protects(mover, s) || status(s) == SeatStatus::kRemoved) continue;
    if (pos_.king_square(s) == kNoSquare) continue;  // nothing to expose
    CheckLines& l = lines[static_cast<std::size_t>(count)];
    l.build(pos_, s);
    if (l.attacked() || l.safe()) continue;  // in check, or no move reaches him: nothing to expose
    seen |= l.seen();
    reached |= l.reached();
    enemies = static_cast<std::uint8_t>(enemies | l.enemies());
    make_all = make_all || l.make_all();
    guarded[static_cast<std::size_t>(count++)] = s;
  }
  if (count == 0) return vassal_duty(list);
  // CheckLines::after's kNo for every guarded king at once, as two sets: a
  // plain move (no promotion) from a square no line meets first, taking no
  // king, and (when the mover's pieces could attack one of those kings: they
  // are his friends, so never in 003) landing where no line reaches. One
  // royal piece per seat (Position's invariant).
  SquareSet bad_from = seen;
  SquareSet bad_to;
  if ((enemies >> index_of(mover)) & 1U) bad_to = reached;
  for (int b = 0; b < n; ++b) {
    const Square k = pos_.king_square(seat_at(b));
    if (k != kNoSquare) bad_to[index_of(k)] = true;
  }
  // A king's plain move is like any piece's (it empties `from`, fills `to`),
  // but in the corner games (000) it may turn bishops into queens.
  if (rules_->corners.enabled && pos_.king_square(mover) != kNoSquare)
    bad_from[index_of(pos_.king_square(mover))] = true;
  std::size_t keep = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    const bool plain = !make_all && (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) &&
                       m.promotion == kNoKind && !bad_from[index_of(m.from)] && !bad_to[index_of(m.to)];
    bool ok = true;
    for (int g = 0; g < count && ok && !plain; ++g) {
      CheckLines::Answer a = lines[static_cast<std::size_t>(g)].after(pos_, m);
      ok = a == CheckLines::Answer::kNo ||
           (a == CheckLines::Answer::kMake && !pos_.king_attacked_after(m, guarded[static_cast<std::size_t>(g)]));
    }
    if (!ok) continue;
    if (keep != i) list[keep] = m;
    ++keep;
  }
  list.truncate(keep);
  vassal_duty(list);
}

void Game::vassal_duty(MoveList& list) const {
  // 003 rule 3: the vassal's duty — while his suzerain is in check, a vassal
  // who can end that check must. Rule 5 makes a stalemate placement his
  // move, so the duty covers placements too (a placed piece can block).
  Seat lord = vassalage_.suzerain_of(pos_.to_move());
  if (lord == kNoSeat || !pos_.in_check(lord)) return;
  MoveList rescue;
  for (const Move& m : list)
    if (!pos_.king_attacked_after(m, lord)) rescue.push(m);
  if (!rescue.empty()) list = rescue;
}

void Game::add_placements(MoveList& list) const {
  // 003 rule 5: the stalemated player places a new piece of his own on any
  // empty square; any kind but a king, a pawn not on its last rank.
  Seat mover = pos_.to_move();
  const SquareSet& last = rules_->seats[index_of(mover)].promotion_zone;
  for (int i = 0; i < kMaxSquares; ++i) {
    Square q = static_cast<Square>(i);
    if (!rules_->geometry.playable(q) || !pos_.at(q).empty()) continue;
    for (std::size_t k = 0; k < rules_->pieces.size(); ++k) {
      const PieceDef& d = rules_->pieces[k];
      if (d.royal || (d.pawn && last[i])) continue;
      if (list.size() + 1 >= MoveList::kCapacity) return;
      list.push({kNoSquare, q, MoveKind::kPlacement, kind_at(static_cast<int>(k)), 0});
    }
  }
}

std::string Game::placement_violation(const Move& m) const {
  // 003 rule 5, worded for the table.
  const Geometry& g = rules_->geometry;
  Seat mover = pos_.to_move();
  std::string head = seat_name(mover) + " cannot place a piece";
  if (rules_->checks.stalemate != StalemateRule::kPlacement) return head + ": this variant has no placements";
  if (m.promotion == kNoKind || index_of(m.promotion) >= static_cast<int>(rules_->pieces.size())) {
    return head + ": no such piece";
  }
  const PieceDef& d = rules_->piece(m.promotion);
  head = seat_name(mover) + " cannot place a " + d.name;
  if (!g.playable(m.to)) return head + ": that square is not on the board";
  head += " on " + g.name(m.to);
  if (!pos_.at(m.to).empty()) return head + ": the square holds " + piece_phrase(pos_.at(m.to), m.to);
  if (d.royal) return head + ": a king is never placed";
  if (d.pawn && rules_->seats[index_of(mover)].promotion_zone[index_of(m.to)]) return head + ": a pawn is never placed on its last rank";
  MoveList plain;
  pos_.generate_legal(plain);
  module_filter(plain);
  if (!plain.empty() || pos_.in_check()) return head + ": only a stalemated player places a piece (rule 5)";
  Seat lord = vassalage_.suzerain_of(mover);
  if (lord != kNoSeat) {
    return head + ": " + seat_name(mover) + " must end the check on " + seat_name(lord) +
           "'s king (his suzerain), and a placement can";
  }
  return head;
}

std::string Game::relation_violation(const Move& m) const {
  Seat mover = pos_.to_move();
  for (int b = 0; b < rules_->seat_count(); ++b) {
    Seat s = seat_at(b);
    if (!vassalage_.protects(mover, s) || status(s) == SeatStatus::kRemoved) continue;
    if (pos_.king_square(s) == kNoSquare || pos_.in_check(s)) continue;
    if (pos_.king_attacked_after(m, s)) {
      std::string who = vassalage_.ally_of(mover) == s        ? "his ally"
                        : vassalage_.ally_of(mover) == vassalage_.suzerain_of(s) ? "his ally, his ally's vassal"
                        : vassalage_.suzerain_of(mover) == s  ? "his suzerain"
                        : vassalage_.suzerain_of(s) == vassalage_.suzerain_of(mover) ? "a fellow vassal"
                                                                                     : "his suzerain's ally";
      return "it would expose " + seat_name(s) + "'s king (" + who + ")";
    }
  }
  Seat lord = vassalage_.suzerain_of(mover);
  if (lord != kNoSeat && pos_.in_check(lord) && pos_.king_attacked_after(m, lord)) {
    MoveList all;
    pos_.generate_legal(all);
    for (const Move& o : all) {
      if (!pos_.king_attacked_after(o, lord)) {
        return seat_name(mover) + " must end the check on " + seat_name(lord) +
               "'s king (his suzerain), and can";
      }
    }
  }
  return {};
}

void Game::remove_seat(Seat s, const std::string& why, std::vector<Ruling>& out, int depth) {
  remove_seats({{s, why}}, out, depth);
}

void Game::remove_seats(const std::vector<std::pair<Seat, std::string>>& seats, std::vector<Ruling>& out,
                        int depth) {
  if (depth > kMaxSeats) return;
  auto before = friendship();
  std::vector<Seat> gone;
  std::vector<Seat> former_friends;
  for (const auto& [s, why] : seats) {
    if (status(s) == SeatStatus::kRemoved) continue;
    gone.push_back(s);
    for (int b = 0; b < rules_->seat_count(); ++b)
      if (b != index_of(s) && before[index_of(s)][b]) former_friends.push_back(seat_at(b));
    Ruling r;
    r.kind = RulingKind::kRemoval;
    r.severity = Severity::kWarning;
    r.seat = s;
    if (!quiet_) {  // (a search writes no words: issue 30 item 2)
      r.text = "remove all of " + seat_name(s) + "'s pieces: " + why;
      for (int i = 0; i < kMaxSquares; ++i) {
        Piece p = pos_.at(static_cast<Square>(i));
        if (!p.empty() && p.seat == s) r.squares.push_back(static_cast<Square>(i));
      }
    }
    out.push_back(r);
    status_[index_of(s)] = SeatStatus::kRemoved;
    pos_.set_status(s, SeatStatus::kRemoved);
    pos_.set_active(s, false);
    remove_pieces(s);
    eliminated_.push_back(s);
  }
  if (gone.empty()) return;
  for (Seat s : gone)
    for (const std::string& t : vassalage_.leave(s, in_game(), names())) relation_ruling(t, out);
  refresh_relations();
  if (rules_->relations.removal_exposure == RemovalExposure::kAnyAttacker) {
    // 003 rule 3, house rule (the wider reading of "... or after the pieces
    // of a suzerain, ally or vassal are removed"): a former friend whose king
    // now stands attacked, by anyone, goes too.
    std::vector<std::pair<Seat, std::string>> exposed;
    for (Seat f : former_friends) {
      if (status(f) == SeatStatus::kRemoved || !pos_.in_check(f)) continue;
      if (std::any_of(exposed.begin(), exposed.end(), [&](const auto& e) { return e.first == f; })) continue;
      exposed.push_back({f, "his king is attacked once " + seat_name(gone.front()) + "'s pieces are gone"});
    }
    if (rules_->relations.removal_order == RemovalOrder::kSimultaneous) {
      remove_seats(exposed, out, depth + 1);
    } else {
      for (const auto& e : exposed)
        if (status(e.first) != SeatStatus::kRemoved && pos_.in_check(e.first)) remove_seat(e.first, e.second, out, depth + 1);
    }
  }
  // The removal makes new opponents (freed vassals, spent alliances).
  check_new_opponents(before, out, depth + 1);
}

void Game::check_new_opponents(const std::array<std::array<bool, kMaxSeats>, kMaxSeats>& before,
                               std::vector<Ruling>& out, int depth) {
  // 003 rule 3: after relations change, a player whose king is attacked by
  // a newly made opponent has all his pieces removed. House rule
  // relations.removal_order: all such players at once (then what their
  // removal causes), or one at a time in seat order.
  int n = rules_->seat_count();
  bool at_once = rules_->relations.removal_order == RemovalOrder::kSimultaneous;
  std::vector<std::pair<Seat, std::string>> victims;
  for (int p = 0; p < n; ++p) {
    Seat victim = seat_at(p);
    Square k = pos_.king_square(victim);
    if (status(victim) == SeatStatus::kRemoved || k == kNoSquare) continue;
    for (int q = 0; q < n; ++q) {
      Seat other = seat_at(q);
      if (q == p || status(other) == SeatStatus::kRemoved) continue;
      if (!before[p][q] || vassalage_.friends(victim, other)) continue;  // not a new opponent
      if (pos_.attacked(k, static_cast<std::uint8_t>(1U << q))) {
        std::string why = "his king is attacked by " + seat_name(other) + ", a new opponent";
        if (at_once) victims.push_back({victim, why});
        else remove_seat(victim, why, out, depth + 1);
        break;
      }
    }
  }
  if (at_once) remove_seats(victims, out, depth + 1);
}

void Game::relation_mate(Seat victim, Seat mater, std::vector<Ruling>& out) {
  // 003 rule 3: the loser pays ceil(n/2) of his n tokens to the mater; with
  // no tokens to pay his pieces are removed; otherwise he becomes a vassal.
  int& tokens = points_[index_of(victim)];
  bool broke = tokens == 0;
  if (!broke) {
    int pay = (tokens + 1) / 2;
    tokens -= pay;
    points_[index_of(mater)] += pay;
    Ruling r;
    r.kind = RulingKind::kPoints;
    r.seat = mater;
    r.by = victim;
    r.amount = pay;
    if (!quiet_) {
      r.text = seat_name(victim) + " pays " + std::to_string(pay) + (pay == 1 ? " token" : " tokens") + " to " +
               seat_name(mater);
    }
    out.push_back(r);
    broke = rules_->ledger.removed_when_no_tokens_left && tokens == 0;
  }
  if (broke) {
    remove_seat(victim, "mated with no tokens left", out);
    return;
  }
  auto before = friendship();
  for (const std::string& t : vassalage_.vassalize(victim, mater, in_game(), names())) relation_ruling(t, out);
  refresh_relations();
  check_new_opponents(before, out, 0);
}

void Game::promote_waiting(Seat mover, std::vector<Ruling>& out) {
  // 003 rule 4: every waiting pawn promotes at the end of its owner's next
  // move once its edge is hostile; the default piece is the first choice.
  if (rules_->promotion.edge != PromotionEdge::kHostileEdgeOnly || rules_->promotion.choices.empty()) return;
  if (!pos_.promotion_allowed(mover)) return;
  // A pawn waits only where promotion was barred when it arrived: none
  // since this seat's last look (issue 30 item 3: this runs after every move).
  const auto bit = static_cast<std::uint8_t>(1U << index_of(mover));
  if ((waiting_pawns_ & bit) == 0) return;
  waiting_pawns_ = static_cast<std::uint8_t>(waiting_pawns_ & ~bit);  // every waiting pawn promotes below
  // The zone's squares only, in the board's order (this runs after every
  // move: issue 30 item 3).
  for_each_square(rules_->seats[index_of(mover)].promotion_zone, [&](Square q) {
    Piece p = pos_.at(q);
    if (p.empty() || p.seat != mover || !rules_->piece(p.kind).pawn) return;
    edit_square(q, Piece{rules_->promotion.choices.front(), mover, true});
    Ruling r;
    r.kind = RulingKind::kPromotion;
    r.seat = mover;
    if (!quiet_) {  // (a search writes no words)
      r.squares = {q};
      r.text = seat_name(mover) + "'s waiting pawn on " + rules_->geometry.name(q) + " promotes to a " +
               rules_->piece(rules_->promotion.choices.front()).name + ": the edge is an opponent's now";
    }
    out.push_back(r);
  });
}

}  // namespace tabula::core
