#include "core/game.h"

#include <algorithm>
#include <cassert>
#include <optional>

#include "core/dead_position.h"
#include "core/notation.h"
#include "core/zobrist.h"

namespace tabula::core {

Game::Game(std::shared_ptr<const RuleSet> rules, const Position& start,
           const std::array<int, kMaxSeats>& points)
    : rules_(std::move(rules)), start_(start), pos_(start), points_(points), start_points_(points) {
  setup_relations();
  for (int s = 0; s < rules_->seat_count(); ++s) {
    status_[s] = pos_.status(seat_at(s));
    if (status_[s] != SeatStatus::kLive) {
      // A seat that resigned or lost on time (a FEN4's 'left', or its live
      // pieces) plays on as the variant says: a walking king, a random
      // mover, or dead; his points are frozen (002 rule 10).
      Seat seat = seat_at(s);
      bool left = status_[s] == SeatStatus::kResigned || status_[s] == SeatStatus::kFlagged;
      frozen_[s] = left;
      EliminationPolicy policy =
          status_[s] == SeatStatus::kFlagged ? rules_->elimination.on_timeout : rules_->elimination.on_resign;
      pos_.set_active(seat, plays(seat));
      pos_.set_king_only(seat, left && plays(seat) && policy == EliminationPolicy::kDeadKingWalking);
      eliminated_.push_back(seat);
    }
  }
  if (rules_->ledger.kind == LedgerKind::kTokens && points == std::array<int, kMaxSeats>{}) {
    points_.fill(rules_->ledger.tokens_per_seat);
  }
  if (allies_vassals()) {
    // 003 rule 2: White + Blue and Black + Red start as allies.
    for (const auto& team : rules_->relations.teams)
      if (team.size() == 2) vassalage_.ally(team[0], team[1]);
    // A start with seats out (a FEN4's dead field, as the arbiter's "set
    // position" writes): in 003 a player out of the game is a removed one,
    // and his alliance ends with him (rule 2).
    for (int s = 0; s < rules_->seat_count(); ++s) {
      if (status_[s] == SeatStatus::kLive) continue;
      status_[s] = SeatStatus::kRemoved;
      pos_.set_status(seat_at(s), SeatStatus::kRemoved);
    }
    for (int s = 0; s < rules_->seat_count(); ++s)
      if (status_[s] == SeatStatus::kRemoved) vassalage_.leave(seat_at(s), in_game(), names());
    // 003 rule 4: whose edge each seat's last rank is.
    for (int s = 0; s < rules_->seat_count(); ++s)
      for (int t = 0; t < rules_->seat_count(); ++t)
        if (t != s && (rules_->seats[s].promotion_zone & rules_->seats[t].home).any()) edge_owner_[s] = seat_at(t);
    refresh_relations();
  }
  if (corners()) corners_setup();
  if (!plays(pos_.to_move())) advance_turn_after(pos_.to_move());
  // 003: the start may already be the end (one suzerain rules every seat in).
  if (allies_vassals()) check_game_end(opening_);
  start_of_turn(opening_);
  note_position();
}

// ---- relations ----------------------------------------------------------------

void Game::setup_relations() {
  // 001 rules 1, 4: light against dark; teammates never capture or check each
  // other. 003 rule 2: allies likewise.
  if (rules_->relations.kind == RelationsKind::kEveryoneAgainstEveryone) return;
  for (std::size_t t = 0; t < rules_->relations.teams.size(); ++t) {
    for (Seat s : rules_->relations.teams[t]) team_[index_of(s)] = static_cast<int>(t);
  }
  for (int a = 0; a < rules_->seat_count(); ++a) {
    for (int b = 0; b < rules_->seat_count(); ++b) {
      if (a != b && team_[a] >= 0 && team_[a] == team_[b]) {
        pos_.set_may_capture(seat_at(a), seat_at(b), false);
      }
    }
  }
}

bool Game::teammates(Seat a, Seat b) const {
  return a != b && team_[index_of(a)] >= 0 && team_[index_of(a)] == team_[index_of(b)];
}

bool Game::random_mover(Seat s) const {
  SeatStatus st = status(s);
  auto moves_on = [](EliminationPolicy p) {
    return p == EliminationPolicy::kRandomMover || p == EliminationPolicy::kDeadKingWalking;
  };
  if (st == SeatStatus::kResigned) return moves_on(rules_->elimination.on_resign);
  if (st == SeatStatus::kFlagged) return moves_on(rules_->elimination.on_timeout);
  return false;
}

bool Game::plays(Seat s) const { return status(s) == SeatStatus::kLive || random_mover(s); }

// ---- text -------------------------------------------------------------------

std::string Game::seat_name(Seat s) const {
  if (s == kNoSeat || index_of(s) >= rules_->seat_count()) return "nobody";
  return rules_->seats[index_of(s)].name;
}

std::string Game::piece_phrase(Piece p, Square at) const {
  if (p.empty()) return "an empty square " + rules_->geometry.name(at);
  return seat_name(p.seat) + "'s " + rules_->piece(p.kind).name + " on " + rules_->geometry.name(at);
}

// ---- moves --------------------------------------------------------------------

MoveList Game::legal_moves() const {
  MoveList list;
  if (outcome_.over) return list;
  pos_.generate_legal(list);
  if (allies_vassals()) filter_by_relations(list);
  if (corners()) filter_corners(list);
  if (list.empty() && rules_->checks.stalemate == StalemateRule::kPlacement && !pos_.in_check()) {
    add_placements(list);
    if (allies_vassals()) vassal_duty(list);
  }
  return list;
}

bool Game::is_legal(const Move& m) const {
  if (outcome_.over) return false;
  if (allies_vassals() || m.kind == MoveKind::kPlacement) {
    MoveList list = legal_moves();
    return std::find(list.begin(), list.end(), m) != list.end();
  }
  MoveList list;
  pos_.generate_pseudo(list);
  return std::find(list.begin(), list.end(), m) != list.end() && !pos_.leaves_king_attacked(m) &&
         (!corners() || corner_violation(m).empty());
}

bool Game::has_legal_move_for(Seat s) const {
  // 000: mate is judged with the game layer's legality (corners.cpp).
  return corners() ? corner_reply_exists(s, corner_, 0) : pos_.has_legal_move_for(s);
}

std::vector<Square> Game::checkers(Seat s) const {
  Square k = pos_.king_square(s);
  if (k == kNoSquare) return {};
  return pos_.attackers(k, pos_.attackers_of(s));
}

std::string Game::why_illegal(Square from, Square to) const {
  const Geometry& g = rules_->geometry;
  if (outcome_.over) return "the game is over";
  if (!g.playable(from) || !g.playable(to)) return "that square is not on the board";
  Piece p = pos_.at(from);
  if (p.empty()) return "there is no piece on " + g.name(from);
  Seat mover = pos_.to_move();
  std::string who = piece_phrase(p, from);
  if (p.seat != mover) {
    return "it is " + seat_name(mover) + "'s turn, not " + seat_name(p.seat) + "'s (" + who + ")";
  }
  MoveList legal = legal_moves();
  for (const Move& m : legal) {
    if (m.from == from && m.to == to) return {};
  }
  std::string head = seat_name(p.seat) + "'s " + rules_->piece(p.kind).name + " cannot go from " +
                     g.name(from) + " to " + g.name(to);
  MoveList plain;
  pos_.generate_legal(plain);
  for (const Move& m : plain) {
    if (m.from != from || m.to != to) continue;
    std::string why = relation_violation(m);
    if (why.empty() && corners()) why = corner_violation(m);
    if (!why.empty()) return head + ": " + why;
  }
  MoveList pseudo;
  pos_.generate_pseudo(pseudo);
  for (const Move& m : pseudo) {
    if (m.from != from || m.to != to) continue;
    // Pseudo-legal, so it fails on the king's safety.
    Position after = pos_;
    after.make(m);
    Square k = after.king_square(mover);
    std::vector<Square> by = k == kNoSquare ? std::vector<Square>{} : after.attackers(k, after.attackers_of(mover));
    std::string from_text;
    for (std::size_t i = 0; i < by.size(); ++i) {
      from_text += (i == 0 ? "" : (i + 1 == by.size() ? " and " : ", ")) + piece_phrase(after.at(by[i]), by[i]);
    }
    return head + ": it would leave " + seat_name(mover) + "'s king in check" +
           (from_text.empty() ? "" : " from " + from_text);
  }
  Piece target = pos_.at(to);
  if (!target.empty() && target.seat == mover) {
    return head + ": " + g.name(to) + " holds " + seat_name(mover) + "'s own " + rules_->piece(target.kind).name;
  }
  if (!target.empty() && !pos_.may_capture(mover, target.seat)) {
    return head + ": " + seat_name(target.seat) + "'s pieces may not be captured by " + seat_name(mover);
  }
  if (p.kind == rules_->royal_kind()) {
    for (const CastlingRule& c : rules_->castling) {
      if (c.seat == mover && c.king_from == from && c.king_to == to) {
        return head + ": castling is not allowed now (the king or rook has moved, a square between "
                      "them is occupied, or the king is in check or would pass an attacked square)";
      }
    }
  }
  return head + ": that is not a move of a " + rules_->piece(p.kind).name + " here";
}

std::optional<Move> Game::random_move(std::uint64_t seed) const {
  MoveList list = legal_moves();
  if (list.empty()) return std::nullopt;
  // splitmix64 of the seed, reduced without bias by rejection.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
  auto next = [&z]() {
    std::uint64_t x = (z += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  };
  std::uint64_t n = list.size();
  std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  std::uint64_t r = next();
  while (r >= limit) r = next();
  return list[static_cast<std::size_t>(r % n)];
}

// ---- ledger -------------------------------------------------------------------

void Game::add_points(Seat s, int amount, const std::string& why, std::vector<Ruling>& out) {
  if (rules_->ledger.kind != LedgerKind::kPoints || amount == 0 || s == kNoSeat) return;
  // 002 rule 10: a resigned or flagged player's points are frozen.
  if (frozen_[index_of(s)]) return;
  points_[index_of(s)] += amount;
  Ruling r;
  r.kind = RulingKind::kPoints;
  r.seat = s;
  r.amount = amount;
  r.text = seat_name(s) + " +" + std::to_string(amount) + " (" + why + ")";
  out.push_back(r);
}

void Game::apply_capture_score(Seat mover, Piece captured, bool promoted, std::vector<Ruling>& out) {
  if (rules_->ledger.kind != LedgerKind::kPoints) return;
  const PieceDef& def = rules_->piece(captured.kind);
  Seat victim = captured.seat;
  int value = promoted ? def.promoted_value : def.value;
  if (status(victim) == SeatStatus::kLive) {
    // 002 rule 3 (and rule 5 for a promoted queen).
    add_points(mover, value, "captures " + seat_name(victim) + "'s " + def.name, out);
  } else if (random_mover(victim) && def.royal) {
    // 002 rule 7: a random mover's pieces score nothing, but his king still does.
    add_points(mover, value, "captures " + seat_name(victim) + "'s king", out);
  }
  // 002 rule 6: dead pieces score nothing.
}

// ---- eliminations and turns -------------------------------------------------------

void Game::eliminate(Seat s, SeatStatus why, EliminationPolicy policy, Seat by, std::vector<Ruling>& out) {
  status_[index_of(s)] = why;
  pos_.set_status(s, why);
  eliminated_.push_back(s);
  if (by != kNoSeat) last_mater_ = by;
  Ruling r;
  r.kind = RulingKind::kElimination;
  r.seat = s;
  r.by = by;
  switch (policy) {
    case EliminationPolicy::kDeadObstacles:
      pos_.set_active(s, false);
      r.text = seat_name(s) + " is out; the pieces stay as dead obstacles";
      break;
    case EliminationPolicy::kFrozenCapturableByOpponents:
      pos_.set_active(s, false);
      r.text = seat_name(s) + " is out; the pieces stay frozen, capturable by the other team";
      break;
    case EliminationPolicy::kRemoved:
      pos_.set_active(s, false);
      pos_.remove_pieces_of(s);
      r.text = seat_name(s) + " is out; remove all of " + seat_name(s) + "'s pieces";
      break;
    case EliminationPolicy::kRandomMover:
      r.text = seat_name(s) + " is out; the pieces go on as a random mover";
      break;
    case EliminationPolicy::kDeadKingWalking:
      pos_.set_king_only(s, true);
      r.text = seat_name(s) + " is out; the pieces are dead, the king walks on";
      break;
  }
  if (rules_->seat_count() > 2) out.push_back(r);
}

void Game::advance_turn_after(Seat s) {
  Seat next = pos_.next_active_after(s);
  if (next == pos_.to_move()) return;
  // Passing over the last seat of the turn order starts a new round, also
  // when that seat has just gone out: in FFA 12100741 Yellow mates Green
  // (last in order) in round 12 and Red's next move is round 13's.
  if (pos_.order_index(next) <= pos_.order_index(pos_.to_move())) {
    pos_.set_fullmove_number(pos_.fullmove_number() + 1);
  }
  pos_.set_to_move(next);
}

Seat Game::credit_for_mate(Seat victim) const {
  // A mate judged at the start of the victim's turn goes to the last mover
  // when one of his pieces gives check. Otherwise (house rule
  // checks.mate_credit) to a checker chosen by turn order, never by where
  // the checking pieces stand: the one who moved most recently, or the
  // first after the victim.
  std::uint8_t checking = 0;
  for (Square q : checkers(victim)) checking |= static_cast<std::uint8_t>(1U << index_of(pos_.at(q).seat));
  auto gives_check = [&](Seat s) { return s != kNoSeat && ((checking >> index_of(s)) & 1U); };
  if (gives_check(last_mover_) || checking == 0) return last_mover_;
  const auto& order = rules_->turn_order;
  const int n = static_cast<int>(order.size());
  const bool latest = rules_->checks.mate_credit == MateCredit::kLatestChecker;
  const int base = pos_.order_index(latest && last_mover_ != kNoSeat ? last_mover_ : victim);
  for (int k = 1; k < n; ++k) {
    Seat s = order[((latest ? base - k : base + k) % n + n) % n];
    if (gives_check(s)) return s;
  }
  return last_mover_;
}

void Game::report_checks(Seat mover, const Piece& moved, std::vector<Ruling>& out) {
  int checked_by_mover = 0;
  std::vector<Seat> checked;
  const Ledger& ledger = rules_->ledger;
  auto reduced_kind = [&](PieceKind k) {
    return std::find(ledger.reduced_check_bonus_kinds.begin(), ledger.reduced_check_bonus_kinds.end(), k) !=
           ledger.reduced_check_bonus_kinds.end();
  };
  bool queen_checks = false;  // a reduced-bonus piece of the mover gives a counted check
  for (Seat s : rules_->turn_order) {
    if (s == mover || !plays(s)) continue;
    std::vector<Square> by = checkers(s);
    if (by.empty()) continue;
    Ruling r;
    r.kind = RulingKind::kCheck;
    r.severity = Severity::kInfo;
    r.seat = s;
    r.squares = by;
    r.by = pos_.at(by.front()).seat;
    bool mover_checks = false;
    bool mover_queen = false;
    std::string from_text;
    for (std::size_t i = 0; i < by.size(); ++i) {
      from_text += (i == 0 ? "" : (i + 1 == by.size() ? " and " : ", ")) + piece_phrase(pos_.at(by[i]), by[i]);
      if (pos_.at(by[i]).seat == mover) {
        mover_checks = true;
        mover_queen = mover_queen || reduced_kind(pos_.at(by[i]).kind);
        r.by = mover;
      }
    }
    // RULINGS 000: a move that leaves a king in check is credited to the
    // mover, whoever's pieces give the check.
    if (corners() && rules_->corners.check_credited_to_mover) r.by = mover;
    r.text = seat_name(s) + " is in check from " + from_text;
    out.push_back(r);
    // chess.com FFA (issue 17 item 3): "checking resigned kings does not
    // count for double- or triplechecks".
    bool counts = status(s) == SeatStatus::kLive || !rules_->ledger.check_bonus_live_kings_only;
    if (mover_checks && counts) {
      ++checked_by_mover;
      checked.push_back(s);
      queen_checks = queen_checks || mover_queen;
    }
  }
  if (checked_by_mover >= 2) {
    const Ledger& l = ledger;
    // chess.com FFA: "with a queen" -- the moved piece, or (issue 31 item 3,
    // ledger.queen_check_bonus_any_checker) any queen giving one of the
    // checks, a discovered one included: Bi4-h3++ uncovering a queen, +1.
    bool queen = reduced_kind(moved.kind) || (l.queen_check_bonus_any_checker && queen_checks);
    Ruling r;
    r.kind = RulingKind::kDoubleCheck;
    r.seat = mover;
    r.by = mover;
    r.seats = checked;
    r.text = seat_name(mover) + " checks " + std::to_string(checked_by_mover) + " kings at once";
    out.push_back(r);
    int bonus = checked_by_mover == 2 ? (queen ? l.double_check_bonus_queen : l.double_check_bonus)
                                      : (queen ? l.triple_check_bonus_queen : l.triple_check_bonus);
    add_points(mover, bonus, std::to_string(checked_by_mover) + " kings in check", out);
  }
}

void Game::mates_after_move(Seat mover, std::vector<Ruling>& out) {
  // 002 rule 4: mate counts the moment the king has no way out, for every
  // player, and the 20 points go to the player whose move made it so. Every
  // mate the move causes is judged before the game's end (rule 8) is: the
  // caller looks at the end afterwards.
  const int n = static_cast<int>(rules_->turn_order.size());
  const int from = pos_.order_index(mover);
  auto mated_now = [&](Seat s) {
    // 002 rule 7: a random mover's king can still be mated, for 20.
    return s != mover && plays(s) && !checkers(s).empty() && !has_legal_move_for(s);
  };
  auto mate = [&](Seat s) {
    Ruling r;
    r.kind = RulingKind::kCheckmate;
    r.seat = s;
    r.by = mover;
    r.squares = checkers(s);
    r.text = seat_name(s) + " is checkmated by " + seat_name(mover) + "'s move";
    out.push_back(r);
    king_fallen_[index_of(s)] = true;
    add_points(mover, rules_->ledger.mate_points, "checkmates " + seat_name(s), out);
  };
  if (rules_->checks.multiple_mates == MultipleMates::kSimultaneous) {
    // House rule: every player mated in the position the move left is mated
    // by it, at once, so seat order cannot decide who survives. (Should
    // their going make another mate, that one is judged as a next batch.)
    std::vector<Seat> mated;
    do {
      mated.clear();
      for (int k = 1; k < n; ++k) {
        Seat s = rules_->turn_order[(from + k) % n];
        if (mated_now(s)) mated.push_back(s);
      }
      for (Seat s : mated) mate(s);
      for (Seat s : mated) {
        eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
        pos_.set_king_only(s, false);
      }
    } while (!mated.empty());
    return;
  }
  // House rule (the other reading): one at a time in turn order after the
  // mover; an elimination (dead pieces give no check) may lift a later mate.
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 1; k < n; ++k) {
      Seat s = rules_->turn_order[(from + k) % n];
      if (!mated_now(s)) continue;
      mate(s);
      eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
      pos_.set_king_only(s, false);
      changed = true;
    }
  }
}

void Game::start_of_turn(std::vector<Ruling>& out) {
  int passes = 0;
  for (int guard = 0; guard < 4 * kMaxSeats && !outcome_.over; ++guard) {
    Seat s = pos_.to_move();
    if (!plays(s)) {
      advance_turn_after(s);
      if (!plays(pos_.to_move())) return;
      continue;
    }
    if (corners() && stuck_in_corner(s)) {
      // 000 long game: "If all his other players are on the 64 squares area
      // and the King cannot move onto the Chess playing area then he is
      // checkmated in the corner square."
      Seat by = last_mover_ != kNoSeat && last_mover_ != s ? last_mover_ : target_of(s);
      Ruling r;
      r.kind = RulingKind::kCheckmate;
      r.seat = s;
      r.by = by;
      r.squares = {pos_.king_square(s)};
      r.text = seat_name(s) + " is checkmated in the corner square: his king cannot reach the playing area";
      out.push_back(r);
      king_fallen_[index_of(s)] = true;
      eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, by, out);
      check_game_end(out);
      if (!outcome_.over) advance_turn_after(s);
      continue;
    }
    if (has_any_move()) return;
    if (!checkers(s).empty()) {
      // 001 rule 10: mate judged at the start of the mated player's own turn.
      Seat by = credit_for_mate(s);
      Ruling r;
      r.kind = RulingKind::kCheckmate;
      r.seat = s;
      r.by = by;
      r.squares = checkers(s);
      r.text = seat_name(s) + " is checkmated";
      out.push_back(r);
      if (allies_vassals()) {
        // 003: the mated player pays and becomes a vassal (or is removed);
        // then his turn is looked at again with the new relations.
        relation_mate(s, by, out);
        check_game_end(out);
        if (!outcome_.over && !plays(pos_.to_move())) advance_turn_after(s);
        continue;
      }
      king_fallen_[index_of(s)] = true;
      add_points(by, rules_->ledger.mate_points, "checkmates " + seat_name(s), out);
      eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, by, out);
      check_game_end(out);
      if (!outcome_.over) advance_turn_after(s);
      continue;
    }
    if (bare_pending_ != kNoSeat && bare_pending_ != s) {
      // 004: the bared king cannot reply at all, so cannot bare back.
      finish(false, "bare king", out, bare_pending_);
      return;
    }
    if (corners() && king_must_leave(s)) {
      // 000 short game: "If the King cannot re-enter then he must wait (miss
      // a turn) until a square is available."
      Ruling r;
      r.kind = RulingKind::kTurnSkipped;
      r.seat = s;
      r.squares = {pos_.king_square(s)};
      r.text = seat_name(s) + "'s king must leave the corner square and no free square is safe: " +
               seat_name(s) + " misses a turn";
      out.push_back(r);
      if (++passes > rules_->seat_count()) return no_move_round(out);
      corner_.note_turn(s);  // a missed turn is a turn (the truce's first round)
      pos_.make_pass();
      continue;
    }
    if (walking(s)) {
      // chess.com FFA (issue 17 item 5): a walking king with no legal move at
      // its turn is taken off, and its 20 go to the live players as the
      // variant shares them.
      Ruling r;
      r.kind = RulingKind::kStalemate;
      r.seat = s;
      r.squares = {pos_.king_square(s)};
      r.text = seat_name(s) + "'s walking king has no legal move and is removed";
      out.push_back(r);
      note_stalemate(s);
      pos_.transform(pos_.king_square(s), kEmpty);
      pos_.set_king_only(s, false);
      status_[index_of(s)] = SeatStatus::kStalemated;
      pos_.set_status(s, SeatStatus::kStalemated);
      pos_.set_active(s, false);
      share_points(rules_->ledger.mate_points, rules_->ledger.stuck_walking_king_share,
                   seat_name(s) + "'s walking king is removed", out);
      check_game_end(out);
      if (!outcome_.over) advance_turn_after(s);
      continue;
    }
    switch (corners() ? stalemate_rule() : rules_->checks.stalemate) {
      case StalemateRule::kDraw: {
        Ruling r;
        r.kind = RulingKind::kStalemate;
        r.seat = s;
        r.text = seat_name(s) + " has no legal move and is not in check: stalemate";
        out.push_back(r);
        finish(true, "stalemate", out);
        return;
      }
      case StalemateRule::kEliminateWithPoints: {
        // 002 rule 9: the stalemated player gets 20 points and leaves.
        Ruling r;
        r.kind = RulingKind::kStalemate;
        r.seat = s;
        r.text = seat_name(s) + " is stalemated";
        out.push_back(r);
        note_stalemate(s);
        add_points(s, rules_->ledger.stalemate_points, "stalemated", out);
        eliminate(s, SeatStatus::kStalemated, rules_->elimination.on_stalemate, kNoSeat, out);
        check_game_end(out);
        if (!outcome_.over) advance_turn_after(s);
        continue;
      }
      case StalemateRule::kPass:
      case StalemateRule::kPlacement: {
        // 001 judgement call: a player with no move who is not in check passes.
        Ruling r;
        r.kind = RulingKind::kPass;
        r.seat = s;
        r.text = seat_name(s) + " has no legal move and passes";
        out.push_back(r);
        if (++passes > rules_->seat_count()) {
          if (rules_->game_end == GameEnd::kFillOpponentHome) {
            // House rule (004 is silent): when the messengers jam, the stage
            // goes to whoever has more pieces in the opponent's home rows; on
            // a tie to the second mover, against the first move's edge.
            finish(false, "no player can move", out, jammed_race_winner());
            return;
          }
          return no_move_round(out);
        }
        if (corners()) corner_.note_turn(s);  // 000: a pass is a turn (the truce's first round)
        pos_.make_pass();
        continue;
      }
    }
  }
}

// ---- the end ------------------------------------------------------------------

std::vector<Seat> Game::ranking_by_points() const {
  std::vector<Seat> seats;
  for (int s = 0; s < rules_->seat_count(); ++s) seats.push_back(seat_at(s));
  const auto& tb = rules_->ledger.tie_break;
  auto tie_rank = [&](Seat s) {
    auto it = std::find(tb.begin(), tb.end(), s);
    return it == tb.end() ? static_cast<int>(tb.size()) : static_cast<int>(it - tb.begin());
  };
  std::stable_sort(seats.begin(), seats.end(), [&](Seat a, Seat b) {
    if (points(a) != points(b)) return points(a) > points(b);
    // 003, judgement call: on equal tokens the ruling suzerain ranks first.
    if ((a == tie_winner_) != (b == tie_winner_)) return a == tie_winner_;
    return tie_rank(a) < tie_rank(b);  // 002 rule 11: the later mover first
  });
  return seats;
}

void Game::finish(bool draw, const std::string& reason, std::vector<Ruling>& out, Seat winner) {
  outcome_.over = true;
  outcome_.draw = draw;
  outcome_.reason = reason;
  if (winner != kNoSeat) {
    outcome_.ranking.push_back(winner);
    // The winner's teammates next (001: a team wins together).
    for (Seat s : rules_->turn_order)
      if (teammates(s, winner)) outcome_.ranking.push_back(s);
    for (Seat s : rules_->turn_order)
      if (s != winner && !teammates(s, winner)) outcome_.ranking.push_back(s);
  } else if (rules_->ledger.kind == LedgerKind::kPoints || rules_->ledger.kind == LedgerKind::kTokens) {
    outcome_.ranking = ranking_by_points();
  } else {
    // Still-playing seats first, then the eliminated, last out first.
    for (Seat s : rules_->turn_order) {
      if (status(s) == SeatStatus::kLive) outcome_.ranking.push_back(s);
    }
    for (auto it = eliminated_.rbegin(); it != eliminated_.rend(); ++it) outcome_.ranking.push_back(*it);
  }
  if (draw) {
    Ruling d;
    d.kind = RulingKind::kDraw;
    d.text = "draw: " + reason;
    out.push_back(d);
  }
  Ruling r;
  r.kind = RulingKind::kGameOver;
  r.seats = outcome_.ranking;
  r.text = "game over (" + reason + ")";
  if (!draw && !outcome_.ranking.empty()) {
    // 001: a team wins together; the ruling names every member (issue 18:
    // it named one player).
    const Seat first = outcome_.ranking.front();
    std::string team;
    if (rules_->relations.kind == RelationsKind::kFixedTeams) {
      for (const std::vector<Seat>& members : rules_->relations.teams) {
        if (std::find(members.begin(), members.end(), first) == members.end() || members.size() < 2) continue;
        for (std::size_t i = 0; i < members.size(); ++i) {
          team += (i == 0 ? "" : i + 1 == members.size() ? " and " : ", ") + seat_name(members[i]);
        }
      }
    }
    r.text += ": " + (team.empty() ? seat_name(first) + " wins" : "the team of " + team + " wins");
  }
  out.push_back(r);
}

void Game::check_game_end(std::vector<Ruling>& out) {
  if (outcome_.over) return;
  std::vector<Seat> live;
  for (Seat s : rules_->turn_order) {
    if (status(s) == SeatStatus::kLive) live.push_back(s);
  }
  std::string reason = "checkmate";
  if (!eliminated_.empty()) {
    SeatStatus last = status(eliminated_.back());
    if (last == SeatStatus::kResigned) reason = "resignation";
    if (last == SeatStatus::kFlagged) reason = "time";
    if (last == SeatStatus::kStalemated) reason = "stalemate";
  }
  switch (rules_->game_end) {
    case GameEnd::kFirstMate:
      // 000 short game: the first mate ends the game; the mater wins.
      // 001 / chess.com Teams: the side of the first player out loses (issue
      // 31 item 5: Yellow resigned, Blue and Green won).
      if (!eliminated_.empty()) {
        Seat winner = corners() ? first_mate_winner() : kNoSeat;
        if (winner == kNoSeat && rules_->relations.kind == RelationsKind::kFixedTeams) {
          Seat out_first = eliminated_.front();
          const auto& order = rules_->turn_order;
          const int n = static_cast<int>(order.size());
          for (int k = 1; k < n && winner == kNoSeat; ++k) {
            Seat c = order[static_cast<std::size_t>((pos_.order_index(out_first) + k) % n)];
            if (!teammates(c, out_first)) winner = c;
          }
        }
        finish(false, reason, out, winner);
      }
      return;
    case GameEnd::kOneSideLeft: {
      // 001: the game ends when both players of a team are out; 002: when
      // one player is left.
      std::vector<int> sides;
      for (Seat s : live) {
        int side = team_[index_of(s)] >= 0 ? team_[index_of(s)] : 100 + index_of(s);
        if (std::find(sides.begin(), sides.end(), side) == sides.end()) sides.push_back(side);
      }
      if (sides.size() > 1) return;
      if (live.size() == 1 && rules_->ledger.survivor_bonus_per_king > 0) {
        // 002 rule 8: +20 for every king still on the board not mated or captured.
        int kings = 0;
        for (int s = 0; s < rules_->seat_count(); ++s) {
          if (seat_at(s) == live.front() || king_fallen_[s]) continue;
          SeatStatus st = status_[s];
          if ((st == SeatStatus::kResigned || st == SeatStatus::kFlagged) &&
              pos_.king_square(seat_at(s)) != kNoSquare) {
            ++kings;
          }
        }
        add_points(live.front(), kings * rules_->ledger.survivor_bonus_per_king,
                   "last player left, " + std::to_string(kings) + (kings == 1 ? " king" : " kings") + " standing",
                   out);
      }
      finish(false, live.empty() ? reason : "last " + std::string(team_[0] >= 0 ? "team" : "player") + " standing", out);
      return;
    }
    case GameEnd::kSuzerainOnly: {
      // 003: the game ends when every remaining player is one player's
      // vassal; the winner is decided by tokens.
      Seat head = vassalage_.sole_suzerain(in_game(), rules_->seat_count());
      if (head != kNoSeat) {
        tie_winner_ = head;
        finish(false, seat_name(head) + " rules every remaining player", out);
      }
      return;
    }
    case GameEnd::kFillOpponentHome: {
      // 004 stage one rules 1 and 7: the first to get all his pieces into the
      // opponent's home rows wins the stage.
      for (Seat s : rules_->turn_order) {
        Seat other = pos_.next_active_after(s);
        const SquareSet& home = rules_->seats[index_of(other)].home;
        int mine = 0;
        int inside = 0;
        for (int i = 0; i < kMaxSquares; ++i) {
          Piece p = pos_.at(static_cast<Square>(i));
          if (p.empty() || p.seat != s) continue;
          ++mine;
          if (home[i]) ++inside;
        }
        if (mine > 0 && mine == inside) {
          finish(false, "all pieces in the opponent's home rows", out, s);
          return;
        }
      }
      if (live.size() <= 1 && !eliminated_.empty()) finish(false, reason, out);
      return;
    }
  }
}

Seat Game::jammed_race_winner() const {
  Seat best = rules_->turn_order.back();
  int best_count = -1;
  for (auto it = rules_->turn_order.rbegin(); it != rules_->turn_order.rend(); ++it) {
    Seat s = *it;
    Seat other = pos_.next_active_after(s);
    const SquareSet& home = rules_->seats[index_of(other)].home;
    int inside = 0;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = pos_.at(static_cast<Square>(i));
      if (!p.empty() && p.seat == s && home[i]) ++inside;
    }
    if (inside > best_count) {
      best_count = inside;
      best = s;
    }
  }
  return best;
}

bool Game::bare(Seat s) const {
  bool king = false;
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = pos_.at(static_cast<Square>(i));
    if (p.empty() || p.seat != s) continue;
    if (!rules_->piece(p.kind).royal) return false;
    king = true;
  }
  return king;
}

void Game::apply_bare_king(Seat mover, std::vector<Ruling>& out) {
  // 004 stage two rule 6: capturing every enemy piece but the king wins,
  // unless the opponent bares your king with his very next move: a draw.
  if (!rules_->checks.bare_king || rules_->seat_count() != 2 || outcome_.over) return;
  Seat other = pos_.next_active_after(mover);
  if (bare_pending_ == other) {
    bare_pending_ = kNoSeat;
    if (bare(other)) {
      finish(true, "bare kings: " + seat_name(mover) + " bared the king back at once", out);
    } else {
      finish(false, "bare king", out, other);
    }
    return;
  }
  if (bare(other) && !bare(mover)) {
    bare_pending_ = mover;
    Ruling r;
    r.kind = RulingKind::kDraw;
    r.severity = Severity::kWarning;
    r.seat = other;
    r.by = mover;
    r.text = seat_name(other) + "'s king is bare: " + seat_name(mover) + " wins unless " + seat_name(other) +
             " bares " + seat_name(mover) + "'s king with the very next move";
    out.push_back(r);
  }
}

void Game::share_points(int amount, PointsShare share, const std::string& why, std::vector<Ruling>& out) {
  std::vector<Seat> live;
  for (Seat s : rules_->turn_order)
    if (status(s) == SeatStatus::kLive) live.push_back(s);
  if (live.empty() || share == PointsShare::kNobody) return;
  const int n = static_cast<int>(live.size());
  // chess.com FFA (issue 31 item 2): 20 split three ways pays 7 each.
  int each = share == PointsShare::kEach            ? amount
             : share == PointsShare::kSplitRoundedUp ? (amount + n - 1) / n
                                                     : amount / n;
  for (Seat s : live) add_points(s, each, why, out);
}

bool Game::walking(Seat s) const {
  return random_mover(s) && pos_.king_only(s) && pos_.king_square(s) != kNoSquare;
}

void Game::draw_end(const std::string& reason, int points, std::vector<Ruling>& out, Seat leaver) {
  // chess.com FFA (issue 17 item 4): a draw pays each live player (+10 for
  // the move rule and repetitions); a walking king still standing is worth
  // its 20 to whom the variant says. Issue 31 item 1: the player whose
  // leaving drew the game is paid as one still in, and his king is no
  // walking king's 20 to share.
  for (Seat s : rules_->turn_order) {
    if (status(s) == SeatStatus::kLive) add_points(s, points, "draw: " + reason, out);
    if (s == leaver) {
      frozen_[index_of(s)] = false;
      add_points(s, points, "draw: " + reason + ", as his leaving drew the game", out);
      frozen_[index_of(s)] = true;
    }
  }
  for (Seat s : rules_->turn_order) {
    if (walking(s) && s != leaver) {
      share_points(rules_->ledger.mate_points, rules_->ledger.draw_walking_king_share,
                   seat_name(s) + "'s king still stands at the draw", out);
    }
  }
  finish(true, reason, out);
}

bool Game::insufficient_material() const {
  if (rules_->seat_count() > 2) {
    // chess.com FFA (issue 17 item 4): only kings are left that can move
    // (a walking king's army is dead, an eliminated seat's pieces too).
    // Issue 31 item 1 (draws.insufficient_material_last_two_bare_king): or
    // two live players are left and one of them has a bare king.
    int live = 0;
    bool bare_live = false;
    for (Seat s : rules_->turn_order) {
      if (status(s) != SeatStatus::kLive) continue;
      ++live;
      bare_live = bare_live || bare(s);
    }
    if (rules_->draws.insufficient_material_last_two_bare_king && live == 2 && bare_live) return true;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = pos_.at(static_cast<Square>(i));
      if (p.empty() || rules_->piece(p.kind).royal || !pos_.active(p.seat) || pos_.king_only(p.seat)) continue;
      return false;
    }
    return true;
  }
  // FIDE 5.2.2 dead positions: K v K, K+minor v K, K+B v K+B on one colour.
  if (rules_->seat_count() != 2) return false;
  int minors = 0;
  int bishops_light = 0;
  int bishops_dark = 0;
  for (int i = 0; i < kMaxSquares; ++i) {
    Piece p = pos_.at(static_cast<Square>(i));
    if (p.empty()) continue;
    const PieceDef& d = rules_->piece(p.kind);
    if (d.royal) continue;
    if (d.name == "bishop") {
      ++minors;
      Square q = static_cast<Square>(i);
      ((file_of(q) + rank_of(q)) % 2 ? bishops_light : bishops_dark)++;
    } else if (d.name == "knight") {
      ++minors;
    } else {
      return false;
    }
  }
  if (minors <= 1) return true;
  return minors == bishops_light || minors == bishops_dark;
}

// ---- play ---------------------------------------------------------------------

std::vector<Ruling> Game::play(const Move& m) {
  std::vector<Ruling> out;
  if (outcome_.over || !is_legal(m)) {
    Ruling r;
    r.kind = RulingKind::kIllegalMove;
    r.severity = Severity::kIllegal;
    r.seat = pos_.to_move();
    r.squares = {m.from, m.to};
    r.text = outcome_.over                       ? "the game is over"
             : m.kind == MoveKind::kPlacement ? placement_violation(m)
                                              : why_illegal(m.from, m.to);
    if (r.text.empty()) r.text = "that move is not legal here";
    out.push_back(r);
    return out;
  }
  Seat mover = pos_.to_move();
  Piece moved = m.kind == MoveKind::kCastle      ? pos_.at(rules_->castling[m.castle].king_from)
                : m.kind == MoveKind::kPlacement ? Piece{m.promotion, mover, false}
                : m.kind == MoveKind::kPass      ? kEmpty
                                                 : pos_.at(m.from);
  Piece captured = kEmpty;
  Square captured_on = m.to;
  if (m.kind == MoveKind::kNormal && !pos_.at(m.to).empty()) captured = pos_.at(m.to);
  if (m.kind == MoveKind::kEnPassant) {
    for (int s = 0; s < rules_->seat_count(); ++s) {
      if (pos_.en_passant(seat_at(s)).target == m.to) {
        captured_on = pos_.en_passant(seat_at(s)).victim;
        captured = pos_.at(captured_on);
      }
    }
  }

  Ruling mv;
  mv.kind = RulingKind::kMove;
  mv.seat = mover;
  mv.squares = {m.from, m.to};
  if (m.kind == MoveKind::kPass) {
    mv.text = seat_name(mover) + " passes";
  } else if (m.kind == MoveKind::kPlacement) {
    // 003 rule 5: the stalemated player's placement is his move.
    mv.text = seat_name(mover) + " places a new " + rules_->piece(m.promotion).name + " on " +
              rules_->geometry.name(m.to);
  } else {
    mv.text = piece_phrase(moved, m.from) + " to " + rules_->geometry.name(m.to);
  }
  if (!captured.empty()) mv.text += ", capturing " + piece_phrase(captured, captured_on);
  out.push_back(mv);

  std::array<bool, kMaxSeats> playing_before{};
  for (int s = 0; s < rules_->seat_count(); ++s) playing_before[s] = plays(seat_at(s));
  RecordEntry entry{pos_.fullmove_number(), mover,
                    rules_->seat_count() > 2 ? long_algebraic(pos_, m) : san(pos_, m)};
  std::vector<Square> converted;
  bool could_enter = false;
  bool entered = false;
  if (corners()) {
    converted = corner_entry_bishops(mover, m);
    could_enter = could_enter_area(mover);
    const SquareSet& area = rules_->corners.two_player.area;
    entered = m.from != kNoSquare && !area[index_of(m.from)] && area[index_of(m.to)];
  }
  // Where the move's record entry goes: before any marker the rulings after
  // it write (a stalemate's S in the next seat's slot).
  const std::size_t entry_at = record_.size();
  pos_.make(m);
  moves_.push_back(m);
  actions_.push_back({Action::Kind::kMove, m, mover});
  last_mover_ = mover;

  if (corners()) corners_after_make(mover, m, captured_on, !captured.empty(), converted, out);
  if (m.promotion != kNoKind && m.kind != MoveKind::kPlacement) {
    Ruling r;
    r.kind = RulingKind::kPromotion;
    r.seat = mover;
    r.squares = {m.to};
    r.text = seat_name(mover) + "'s pawn promotes to a " + rules_->piece(m.promotion).name;
    out.push_back(r);
  }
  if (!captured.empty()) {
    apply_capture_score(mover, captured, captured.promoted, out);
    if (captured.kind == rules_->royal_kind() && status(captured.seat) != SeatStatus::kCheckmated &&
        status(captured.seat) != SeatStatus::kStalemated) {
      // 002: a king left attacked can be taken by the one who moves first.
      Ruling r;
      r.kind = RulingKind::kKingCaptured;
      r.seat = captured.seat;
      r.by = mover;
      r.text = seat_name(mover) + " captures " + seat_name(captured.seat) + "'s king";
      out.push_back(r);
      king_fallen_[index_of(captured.seat)] = true;
      if (plays(captured.seat)) {
        eliminate(captured.seat, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
        pos_.set_king_only(captured.seat, false);
      }
    }
  }
  // 003 rule 4: waiting pawns promote "at the end of the next move", so
  // before the checks that move gives are announced.
  if (allies_vassals()) promote_waiting(mover, out);
  report_checks(mover, moved, out);
  if (rules_->checks.mate_timing == MateTiming::kAfterEveryMove) mates_after_move(mover, out);
  check_game_end(out);
  if (corners() && !outcome_.over) corners_after_move(mover, could_enter, entered, out);
  apply_bare_king(mover, out);
  if (!outcome_.over && !plays(pos_.to_move())) advance_turn_after(mover);
  if (!outcome_.over) start_of_turn(out);

  // Check and mate marks for the record, as chess.com writes them (issue
  // 17): '+' per king this move puts in check (the mover's pieces attack it,
  // a walking king's or the mated king's included: `Qh8xc8+#` in FFA
  // 100532097), none for a check another player's piece keeps giving
  // (`Qd5-d9#` in FFA 104038635); '#' per king mated by this move.
  int mates = 0;
  int checks = 0;
  for (const Ruling& r : out) {
    if (r.kind == RulingKind::kCheckmate) ++mates;
  }
  auto mover_bit = static_cast<std::uint8_t>(1U << index_of(mover));
  for (Seat s : rules_->turn_order) {
    if (s == mover || !playing_before[index_of(s)]) continue;
    Square k = pos_.king_square(s);
    if (k != kNoSquare && (pos_.attackers_of(s) & mover_bit) && pos_.attacked(k, mover_bit)) ++checks;
  }
  if (rules_->seat_count() == 2 && mates > 0) checks = 0;
  entry.text += std::string(static_cast<std::size_t>(checks), '+') + std::string(static_cast<std::size_t>(mates), '#');
  std::size_t at = entry_at;
  if (actions_.size() >= 2 && actions_[actions_.size() - 2].kind == Action::Kind::kTimeout &&
      actions_[actions_.size() - 2].seat == mover && at > 0 && record_[at - 1].seat == mover &&
      record_[at - 1].text == "T") {
    // chess.com writes the walking king's move made at once for a player
    // whose time ran out in his turn as that move marked T ("Kh1-g1T").
    record_.erase(record_.begin() + static_cast<std::ptrdiff_t>(--at));
    entry.text += 'T';
  }
  record_.insert(record_.begin() + static_cast<std::ptrdiff_t>(at), entry);
  // Seats passed over because they are out of the game.
  if (!outcome_.over) {
    const auto& order = rules_->turn_order;
    int from = pos_.order_index(mover);
    int n = static_cast<int>(order.size());
    for (int k = 1; k < n; ++k) {
      Seat s = order[(from + k) % n];
      if (s == pos_.to_move()) break;
      if (plays(s)) continue;
      Ruling r;
      r.kind = RulingKind::kTurnSkipped;
      r.seat = s;
      r.text = seat_name(s) + " is out; the turn passes on";
      out.push_back(r);
    }
  }

  note_position();
  // Draw rules (chess): mate on the last ply still counts, so they come last.
  if (!outcome_.over) {
    const DrawRules& d = rules_->draws;
    if (d.automatic_move_plies > 0 && pos_.halfmove_clock() >= d.automatic_move_plies) {
      // chess.com FFA: "If 100 plys are made without a capture or pawn move
      // the game will end immediately".
      automatic_end(d.automatic_move_plies == 150 ? "seventy-five-move rule"
               : d.automatic_move_plies == 100 ? "fifty-move rule"
                                               : std::to_string(d.automatic_move_plies / 2) + "-move rule",
               out);
    } else if (d.automatic_repetitions > 0 && repetitions() + 1 >= d.automatic_repetitions) {
      automatic_end(d.automatic_repetitions == 3   ? "threefold repetition"
                    : d.automatic_repetitions == 5 ? "fivefold repetition"
                                                   : std::to_string(d.automatic_repetitions) + "-fold repetition",
                    out);
    } else if (d.insufficient_material && insufficient_material()) {
      draw_end("insufficient material", rules_->ledger.insufficient_material_draw_points, out);
    } else if (d.insufficient_material && dead_by_blocked_pawns(pos_)) {
      // FIDE 5.2.2: a pawn wall no king can cross (issue 31 item 9).
      draw_end("dead position (blocked pawns)", rules_->ledger.insufficient_material_draw_points, out);
    } else if (std::string claim = claimable_draw(); !claim.empty()) {
      Ruling r;
      r.kind = RulingKind::kDraw;
      r.severity = Severity::kInfo;
      r.seat = pos_.to_move();
      r.text = seat_name(pos_.to_move()) + " may claim a draw (" + claim + ")";
      out.push_back(r);
    }
  }
  return out;
}

// ---- operator actions -------------------------------------------------------------

std::vector<Ruling> Game::resign(Seat s) { return leave_game(s, true); }
std::vector<Ruling> Game::timeout(Seat s) { return leave_game(s, false); }

std::vector<Ruling> Game::leave_game(Seat s, bool resigned) {
  std::vector<Ruling> out;
  if (outcome_.over || status(s) != SeatStatus::kLive) return out;
  Ruling r;
  r.kind = resigned ? RulingKind::kResignation : RulingKind::kTimeout;
  r.seat = s;
  r.text = seat_name(s) + (resigned ? " resigns" : " has run out of time");
  out.push_back(r);
  actions_.push_back({resigned ? Action::Kind::kResign : Action::Kind::kTimeout, {}, s});
  note_marker(s, resigned ? 'R' : 'T');
  if (!resigned && rules_->seat_count() == 2 && rules_->draws.insufficient_material) {
    // FIDE 6.9: the flag fell, but the opponent cannot checkmate by any
    // series of legal moves (a bare king, or a dead position): a draw.
    Seat other = seat_at(1 - index_of(s));
    if (bare(other) || insufficient_material() || dead_by_blocked_pawns(pos_)) {
      finish(true, "time forfeit, but " + seat_name(other) + " cannot checkmate (FIDE 6.9)", out);
      return out;
    }
  }
  frozen_[index_of(s)] = true;  // 002 rule 10
  if (allies_vassals()) {
    // 003: a player who leaves takes his pieces off; relations follow.
    remove_seat(s, resigned ? "he resigned" : "his time ran out", out);
  } else {
    eliminate(s, resigned ? SeatStatus::kResigned : SeatStatus::kFlagged,
              resigned ? rules_->elimination.on_resign : rules_->elimination.on_timeout, kNoSeat, out);
  }
  if (rules_->ledger.draw_pays_leaving_player && rules_->seat_count() > 2 && rules_->draws.insufficient_material &&
      insufficient_material()) {
    // chess.com FFA (issue 31 item 1): the last live opponent resigns leaving
    // king against king: a draw, +10 to both, the resigner included (not the
    // survivor's +20); the resigner's king is not a walking king's 20 to share.
    draw_end("insufficient material", rules_->ledger.insufficient_material_draw_points, out, s);
    return out;
  }
  if (resigned && rules_->elimination.resign_in_turn_passes_turn && s == pos_.to_move() && plays(s)) {
    // chess.com (issue 31 item 4): resigning at one's own turn ends the turn
    // (`20. R .. Qc4-d5`); the walking king moves from the next round.
    advance_turn_after(s);
  }
  check_game_end(out);
  // chess.com FFA: a resignation can leave only kings that can move.
  if (!outcome_.over && rules_->seat_count() > 2 && rules_->draws.insufficient_material && insufficient_material()) {
    draw_end("insufficient material", rules_->ledger.insufficient_material_draw_points, out);
  }
  if (!outcome_.over && !plays(pos_.to_move())) advance_turn_after(pos_.to_move());
  // 000 long game: a resigning colour is removed like a mated one; the
  // sheet's order rules and the two-player phase follow.
  if (corners() && !outcome_.over) corners_after_move(kNoSeat, false, false, out);
  if (!outcome_.over) start_of_turn(out);
  return out;
}

std::vector<Ruling> Game::agree_draw() {
  std::vector<Ruling> out;
  if (outcome_.over) return out;
  actions_.push_back({Action::Kind::kDraw, {}, kNoSeat});
  finish(true, "agreement", out);
  return out;
}

std::vector<Ruling> Game::adjudicate(bool draw, Seat winner) {
  std::vector<Ruling> out;
  if (outcome_.over) return out;
  if (winner != kNoSeat && (index_of(winner) >= rules_->seat_count() || draw)) return out;
  actions_.push_back({draw ? Action::Kind::kAdjudicateDraw : Action::Kind::kAdjudicate, {}, winner});
  finish(draw, "adjudicated by the arbiter", out, winner);
  return out;
}

void Game::note_stalemate(Seat s) {
  // PGN4: chess.com writes "S" in the stalemated seat's slot (FFA 12079115,
  // round 74), a walking king's removal included. Two seats: the result says it.
  if (rules_->seat_count() > 2) record_.push_back({pos_.fullmove_number(), s, "S"});
}

void Game::note_marker(Seat s, char marker) {
  // PGN4: a marker right after the seat's own move is a suffix ("Kh13-g14R");
  // otherwise it stands alone in the seat's slot.
  if (!record_.empty() && record_.back().seat == s && last_mover_ == s) {
    record_.back().text += marker;
  } else {
    record_.push_back({pos_.fullmove_number(), s, std::string(1, marker)});
  }
}

void Game::automatic_end(const std::string& reason, std::vector<Ruling>& out) {
  if (automatic_end_draws()) {
    draw_end(reason, rules_->ledger.draw_points, out);
  } else {
    finish(false, reason, out);
  }
}

bool Game::automatic_end_draws() const {
  // draws.automatic_end: a draw, or (003 house rule) the game decided by the
  // ledger as it stands, where equal leaders draw.
  if (!rules_->draws.automatic_by_standing || rules_->ledger.kind == LedgerKind::kNone) return true;
  std::vector<Seat> rank = ranking_by_points();
  return rank.size() > 1 && points(rank[0]) == points(rank[1]);
}

std::string Game::claimable_draw() const {
  const DrawRules& d = rules_->draws;
  if (outcome_.over) return {};
  // Issue 31 item 10: when both can be claimed, the ruling names both.
  bool fifty = d.fifty_move_plies > 0 && pos_.halfmove_clock() >= d.fifty_move_plies;
  bool threefold = d.repetitions > 0 && repetitions() + 1 >= d.repetitions;
  if (fifty && threefold) return "fifty-move rule and threefold repetition";
  if (fifty) return "fifty-move rule";
  if (threefold) return "threefold repetition";
  return {};
}

std::vector<Ruling> Game::claim_draw() {
  std::vector<Ruling> out;
  std::string claim = claimable_draw();
  if (claim.empty()) {
    Ruling r;
    r.kind = RulingKind::kIllegalMove;
    r.severity = Severity::kIllegal;
    r.seat = pos_.to_move();
    r.text = "no draw can be claimed now: fewer than " +
             std::to_string(rules_->draws.fifty_move_plies / 2) +
             " moves without a capture or pawn move, and no threefold repetition";
    out.push_back(r);
    return out;
  }
  actions_.push_back({Action::Kind::kClaim, {}, pos_.to_move()});
  finish(true, claim, out);
  return out;
}

// FIDE 9.2.3: "Positions are considered the same if and only if the same
// player has the move, pieces of the same kind and colour occupy the same
// squares and the possible moves of all the pieces of both players are the
// same"; an en passant square counts only when an en passant capture is
// actually possible. The position's Zobrist key holds every open en passant
// entry, so the key here takes out each that nobody can use: the player to
// move (by the game's own legality), or, where the window stays open past
// him (four-player), a later opponent's pawn standing ready to take.
// Issue 22; the same for every variant with en passant.
std::uint64_t Game::repetition_key() const {
  std::uint64_t key = pos_.hash();
  std::optional<MoveList> legal;
  for (int c = 0; c < rules_->seat_count(); ++c) {
    Seat creator = seat_at(c);
    const EnPassantEntry& e = pos_.en_passant(creator);
    if (!e.open()) continue;
    if (!legal) legal = outcome_.over ? MoveList{} : legal_moves();
    bool usable = std::any_of(legal->begin(), legal->end(), [&](const Move& m) {
      return m.kind == MoveKind::kEnPassant && m.to == e.target;
    });
    if (!usable && rules_->pawns.en_passant == EnPassantWindow::kUntilOwnerMovesAgain) {
      for (int o = 0; o < rules_->seat_count() && !usable; ++o) {
        Seat s = seat_at(o);
        if (s == creator || s == pos_.to_move() || !plays(s)) continue;
        Position later = pos_;
        later.set_to_move(s);
        MoveList pseudo;
        later.generate_pseudo(pseudo);
        usable = std::any_of(pseudo.begin(), pseudo.end(), [&](const Move& m) {
          return m.kind == MoveKind::kEnPassant && m.to == e.target;
        });
      }
    }
    if (!usable) key ^= zobrist::en_passant(e.target);
  }
  return key;
}

int Game::repetitions() const {
  int count = 0;
  int n = static_cast<int>(seen_.size());
  if (n == 0) return 0;
  int limit = std::min(n - 1, pos_.halfmove_clock());
  for (int back = 1; back <= limit; ++back) {
    if (seen_[static_cast<std::size_t>(n - 1 - back)] == seen_.back()) ++count;
  }
  return count;
}

// A whole round of passes (every seat in turn, back to the first passer):
// nothing can change any more. The sheets are silent (001, 000): the
// variant's draws.no_move_round decides.
void Game::no_move_round(std::vector<Ruling>& out) {
  if (rules_->draws.no_move_round == NoMoveRound::kDraw) {
    finish(true, "no player can move", out);
    return;
  }
  Ruling r;
  r.kind = RulingKind::kPass;
  r.severity = Severity::kWarning;
  r.seat = pos_.to_move();
  r.text = "no player can move: the game waits for the arbiter's adjudication";
  out.push_back(r);
}

bool Game::takeback(int n) {
  if (n <= 0 || n > static_cast<int>(actions_.size())) return false;
  // Undo the n last actions: a move, or what ended a player's game after
  // it (a resignation, a flag, a draw, an adjudication) -- a takeback after
  // a resignation undoes the resignation only, not the move before it
  // (issue 18). Everything before them is replayed.
  const std::size_t keep = actions_.size() - static_cast<std::size_t>(n);
  std::vector<Action> replay(actions_.begin(), actions_.begin() + static_cast<std::ptrdiff_t>(keep));
  Game fresh(rules_, start_, start_points_);
  for (const Action& a : replay) {
    switch (a.kind) {
      case Action::Kind::kMove: fresh.play(a.move); break;
      case Action::Kind::kResign: fresh.resign(a.seat); break;
      case Action::Kind::kTimeout: fresh.timeout(a.seat); break;
      case Action::Kind::kDraw: fresh.agree_draw(); break;
      case Action::Kind::kClaim: fresh.claim_draw(); break;
      case Action::Kind::kAdjudicate: fresh.adjudicate(false, a.seat); break;
      case Action::Kind::kAdjudicateDraw: fresh.adjudicate(true, kNoSeat); break;
    }
  }
  *this = std::move(fresh);
  return true;
}

}  // namespace tabula::core
