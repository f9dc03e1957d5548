// game_turn.cpp — Game: the turn. Eliminations, checks and mates after a
// move, and the start of a turn (who moves, who passes, who is mated). What
// each is worth is the ledger's module's (score_* hooks, core/rule_module.h).
#include "core/game.h"

#include <algorithm>
#include <bit>
#include <new>
#include <string>
#include <type_traits>

#include "core/attack_walk.h"

namespace tabula::core {

void Game::eliminate(Seat s, SeatStatus why, EliminationPolicy policy, Seat by, std::vector<Ruling>& out) {
  status_[index_of(s)] = why;
  pos_.set_status(s, why);
  eliminated_.push_back(s);
  if (by != kNoSeat) last_mater_ = by;
  switch (policy) {
    case EliminationPolicy::kDeadObstacles:
    case EliminationPolicy::kFrozenCapturableByOpponents:
      pos_.set_active(s, false);
      break;
    case EliminationPolicy::kRemoved:
      pos_.set_active(s, false);
      remove_pieces(s);
      break;
    case EliminationPolicy::kRandomMover:
      break;
    case EliminationPolicy::kDeadKingWalking:
      pos_.set_king_only(s, true);
      break;
  }
  if (rules_->seat_count() <= 2) return;
  // The ruling made in its place (issue 30 item 3: no copy of a Ruling at a
  // search's mate); its words play()'s only (issue 30 item 2).
  Ruling& r = out.emplace_back();
  r.kind = RulingKind::kElimination;
  r.seat = s;
  r.by = by;
  if (!quiet_) [[unlikely]]
    r.text = elimination_words(s, policy);
}

std::string Game::elimination_words(Seat s, EliminationPolicy policy) const {
  switch (policy) {
    case EliminationPolicy::kDeadObstacles:
      return seat_name(s) + " is out; the pieces stay as dead obstacles";
    case EliminationPolicy::kFrozenCapturableByOpponents:
      return seat_name(s) + " is out; the pieces stay frozen, capturable by the other team";
    case EliminationPolicy::kRemoved:
      return seat_name(s) + " is out; remove all of " + seat_name(s) + "'s pieces";
    case EliminationPolicy::kRandomMover:
      return seat_name(s) + " is out; the pieces go on as a random mover";
    case EliminationPolicy::kDeadKingWalking:
      return seat_name(s) + " is out; the pieces are dead, the king walks on";
  }
  return {};
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
  const std::uint8_t checking = checking_seats(victim);
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

std::uint8_t Game::report_checks(Seat mover, const Piece& moved, std::uint8_t proven, std::vector<Ruling>& out) {
  checks_ply_ = -1;  // the seats in check are known again only at the end
  if (!quiet_) [[unlikely]]
    return report_play_checks(mover, moved, out);
  // A search (issue 30 item 3: every seat after every move): no words, the
  // same seats in check and the same bonuses, and as few kings walked as
  // what is known of them allows. The seats are taken by index, not in
  // turn order: the order changes no answer here (the bonus counts the
  // kings and asks whether a queen gives one). A search needs the checks
  // only for the mates judged after every move (002 rule 4) and the check
  // bonuses; without either, nothing here changes the game, only its words.
  if (!search_checks_) return checks_found_ = 0;
  const Move& move = moves_.back();
  SearchFrame& frame = frames_[static_cast<std::size_t>(depth_ - 1)];
  // What the report one make() up found of the board this move was made on:
  // the kings no piece attacked then. A move that changed its two squares
  // only leaves a king whose attack reach holds neither attacked by nobody
  // now either. (The record is true of the board one make() up, and
  // nothing but this move changed it since.)
  const std::uint64_t settings = pos_.attack_settings();  // (once: the record's key, read and written below)
  const bool plain = board_version_ == plain_version_;
  std::uint8_t known = 0;
  if (plain && depth_ >= 2) {
    const Unattacked& before = frames_[static_cast<std::size_t>(depth_ - 2)].found;
    if (before.version == version_before_move_ && before.settings == settings) known = before.seats;
  }
  // The kings a module proved unattacked by every other seat after this
  // very move (before_make: MoveNotes::unattacked), while the board and the
  // attack settings are still the move's and every other seat may take
  // each of them (asked below).
  if (proven != 0 && (!plain || !pos_.same_attack_settings(frame.settings))) proven = 0;
  // "Every other seat" leaves out the seats whose pieces are off the board
  // (Position::seats_off_board: not active, no king; asked only once some
  // seat is out, by the statuses' word): attackers_of leaves them out too,
  // so that a later king is still walked once for this report and his list
  // and taken as proven by a module's lines (issue 30 item 3, session 31:
  // with 000's mated seat counted, ~0.35 walks a make at corners-mini d8
  // were a king walked twice or one the lines had proven).
  static_assert(static_cast<int>(SeatStatus::kLive) == 0);
  const std::uint8_t all_seats =
      Position::word_of(status_) == 0 ? all_seats_ : static_cast<std::uint8_t>(all_seats_ & ~pos_.seats_off_board());
  const auto mover_bit = static_cast<std::uint8_t>(1U << index_of(mover));
  std::uint8_t unattacked = 0;
  std::uint8_t in_check = 0;  // every seat found in check (mates_after_move reuses it)
  for (unsigned left = all_seats & ~static_cast<unsigned>(mover_bit); left != 0; left &= left - 1U) {
    const int i = std::countr_zero(left);
    const Seat s = seat_at(i);
    if (!plays(s)) continue;
    const Square k = pos_.king_square(s);
    if (k == kNoSquare) continue;
    const auto bit = static_cast<std::uint8_t>(1U << i);
    // Most kings are attacked by nobody: asked of every other seat at once
    // first (a superset of his attackers while his own pieces may not take
    // him), the seats that may take him only when someone does.
    const auto others = static_cast<std::uint8_t>(all_seats & ~bit);
    const std::uint8_t attackers = pos_.attackers_of(s);
    bool by_others = false;  // the walk below found his king attacked by another seat
    if (!pos_.may_capture(s, s)) {
      bool still = (proven & bit) && attackers == others;
      if (!still && (known & bit)) {
        // (His king stands where it stood: only the mover's pieces moved.)
        const SquareSet& reach = rules_->tables.attack_reach(k);
        still = k != move.to && !reach[index_of(move.from)] && !reach[index_of(move.to)];
      }
      // (The next mover's king: walked once for this report and his list,
      // where every other seat may take him; walk_next_mover.)
      if (still || !(s == pos_.to_move() && attackers == others ? walk_next_mover(s, k, others, settings)
                                                                 : pos_.attacked(k, others))) {
        unattacked |= bit;
        continue;
      }
      by_others = true;
    }
    // (Where every other seat may take him, the walk above answered: not
    // walked again, issue 30 item 3.)
    if (!(by_others && attackers == others) && !pos_.attacked(k, attackers)) continue;
    in_check |= bit;
  }
  // chess.com FFA: the bonuses of the checks the mover gives at once (out
  // of line: only where a bonus pays for them; else the checks at once
  // change nothing in a search, whose rulings have no reader; issue 30 item 3).
  if (check_bonus_ && (in_check & (in_check - 1U)) != 0) [[unlikely]]
    checks_at_once_in_search(mover, moved, in_check, out);
  // Kept for a module's turn rule (000), while this board stands.
  checks_found_ = in_check;
  checks_ply_ = pos_.ply();
  // The mover's own king, attacked by nobody after his legal move where
  // every other seat may take him (mover_safe_), while the board and the
  // attack settings are the move's: the next report need not walk it
  // (issue 30 item 3: one walk of three after every move).
  if (mover_safe_ == board_version_ && move.kind != MoveKind::kPass && move.kind != MoveKind::kPlacement &&
      pos_.legal_move_leaves_unattacked(mover, frame.settings))
    unattacked |= mover_bit;
  frame.found = {unattacked, board_version_, settings};
  return in_check;
}

bool Game::walk_next_mover(Seat s, Square k, std::uint8_t others, std::uint64_t settings) {
  // Position::king_safety walks the trie attacked() walks, to its end
  // (attacked() stops at the first attacker), and with the same seats finds
  // a check exactly where attacked() does; compute_legal takes it for his
  // list (the next thing a search asks of this board: the start of his
  // turn). Where it proves nothing of the king (immune in his corner
  // square, a path too long), attacked() answers.
  // (Made in its place: an assignment made it on the stack and copied
  // its 72 bytes.)
  static_assert(std::is_trivially_destructible_v<Position::KingSafety>);
  ::new (static_cast<void*>(&safety_.ks)) Position::KingSafety(pos_.king_safety());
  safety_.version = board_version_;
  safety_.settings = settings;
  safety_.seat = s;
  safety_.enemies = others;
  if (safety_.ks.king == k && !safety_.ks.probe_all) return safety_.ks.checks > 0;
  return pos_.attacked(k, others);
}

void Game::checks_at_once_in_search(Seat mover, const Piece& moved, std::uint8_t in_check,
                                    std::vector<Ruling>& out) {
  // The kings in check (two or more) the mover's pieces check, by seat
  // index (the order changes no bonus): chess.com FFA (issue 17 item 3),
  // "checking resigned kings does not count for double- or triplechecks".
  const auto mover_bit = static_cast<std::uint8_t>(1U << index_of(mover));
  int checked_by_mover = 0;
  std::array<Seat, kMaxSeats> checked{};
  for (unsigned left = in_check; left != 0; left &= left - 1U) {
    const Seat s = seat_at(std::countr_zero(left));
    const bool counts = status(s) == SeatStatus::kLive || !rules_->ledger.check_bonus_live_kings_only;
    if (counts && (pos_.attackers_of(s) & mover_bit) && pos_.attacked(pos_.king_square(s), mover_bit))
      checked[static_cast<std::size_t>(checked_by_mover++)] = s;
  }
  if (checked_by_mover >= 2) rule_checks_at_once(mover, moved, checked, checked_by_mover, false, out);
}

std::uint8_t Game::report_play_checks(Seat mover, const Piece& moved, std::vector<Ruling>& out) {
  // play()'s report: the rulings' words, every king looked at.
  int checked_by_mover = 0;
  std::array<Seat, kMaxSeats> checked{};
  std::uint8_t in_check = 0;  // every seat found in check (mates_after_move reuses it)
  bool queen_checks = false;  // a reduced-bonus piece of the mover gives a counted check
  for (Seat s : rules_->turn_order) {
    if (s == mover || !plays(s)) continue;
    // The yes-or-no test first; the checking squares are listed only for
    // the ruling's words.
    const Square k = pos_.king_square(s);
    if (k == kNoSquare) continue;
    const std::uint8_t attackers = pos_.attackers_of(s);
    if (!pos_.attacked(k, attackers)) continue;
    in_check |= static_cast<std::uint8_t>(1U << index_of(s));
    // chess.com FFA (issue 17 item 3): "checking resigned kings does not
    // count for double- or triplechecks".
    const bool counts = status(s) == SeatStatus::kLive || !rules_->ledger.check_bonus_live_kings_only;
    const CheckWords words = write_check_ruling(s, k, attackers, mover, out);
    if (words.mover_checks && counts) {
      checked[checked_by_mover++] = s;
      queen_checks = queen_checks || words.mover_queen;
    }
  }
  if (checked_by_mover >= 2) rule_checks_at_once(mover, moved, checked, checked_by_mover, queen_checks, out);
  // Kept for a module's turn rule (000), while this board stands.
  checks_found_ = in_check;
  checks_ply_ = pos_.ply();
  return in_check;
}

bool Game::reduced_check_kind(PieceKind k) const {
  const auto& kinds = rules_->ledger.reduced_check_bonus_kinds;
  return std::find(kinds.begin(), kinds.end(), k) != kinds.end();
}

Game::CheckWords Game::write_check_ruling(Seat s, Square k, std::uint8_t attackers, Seat mover,
                                          std::vector<Ruling>& out) const {
  std::vector<Square> by = pos_.attackers(k, attackers);
  Ruling r;
  r.kind = RulingKind::kCheck;
  r.severity = Severity::kInfo;
  r.seat = s;
  r.by = pos_.at(by.front()).seat;
  CheckWords words;
  std::string from_text;
  for (std::size_t i = 0; i < by.size(); ++i) {
    from_text += (i == 0 ? "" : (i + 1 == by.size() ? " and " : ", ")) + piece_phrase(pos_.at(by[i]), by[i]);
    if (pos_.at(by[i]).seat == mover) {
      words.mover_checks = true;
      words.mover_queen = words.mover_queen || reduced_check_kind(pos_.at(by[i]).kind);
      r.by = mover;
    }
  }
  for (const Modules::Module* mod : modules_) r.by = mod->check_credit(*this, mover, r.by);
  r.text = seat_name(s) + " is in check from " + from_text;
  r.squares = std::move(by);
  out.push_back(std::move(r));
  return words;
}

void Game::rule_checks_at_once(Seat mover, const Piece& moved, const std::array<Seat, kMaxSeats>& checked,
                               int count, bool queen_checks, std::vector<Ruling>& out) {
  const Ledger& l = rules_->ledger;
  if (quiet_ && l.queen_check_bonus_any_checker) {
    // The search skipped the checkers' kinds (report_checks): a queen among
    // the mover's checking pieces (rare: two kings checked at once).
    for (int i = 0; i < count && !queen_checks; ++i)
      for (PieceKind k : l.reduced_check_bonus_kinds)
        queen_checks = queen_checks || walk_attackers(pos_, *rules_, pos_.king_square(checked[i]), mover, k,
                                                      [](Square) { return true; });
  }
  // chess.com FFA: "with a queen" -- the moved piece, or (issue 31 item 3,
  // ledger.queen_check_bonus_any_checker) any queen giving one of the
  // checks, a discovered one included: Bi4-h3++ uncovering a queen, +1.
  bool queen = reduced_check_kind(moved.kind) || (l.queen_check_bonus_any_checker && queen_checks);
  Ruling r;
  r.kind = RulingKind::kDoubleCheck;
  r.seat = mover;
  r.by = mover;
  if (!quiet_) {  // (a search writes no words: issue 30 item 2)
    r.seats.assign(checked.begin(), checked.begin() + count);
    r.text = seat_name(mover) + " checks " + std::to_string(count) + " kings at once";
  }
  out.push_back(r);
  for (const Modules::Module* mod : modules_) mod->score_checks(*this, mover, count, queen, out);
}

void Game::mates_after_move(Seat mover, std::uint8_t in_check, std::vector<Ruling>& out) {
  // 002 rule 4: mate counts the moment the king has no way out, for every
  // player, and the 20 points go to the player whose move made it so. Every
  // mate the move causes is judged before the game's end (rule 8) is: the
  // caller looks at the end afterwards.
  // Nobody in check: nobody is mated (the test below needs a check).
  if (in_check == 0) return;
  const int n = static_cast<int>(rules_->turn_order.size());
  const int from = pos_.order_index(mover);
  // `in_check`: the seats report_checks found in check, true until the
  // first elimination here changes the board (issue 30 item 3: each seat's
  // check is tested once per move).
  bool checks_known = true;
  // Where the first seat after the mover in check moves next (000's turn
  // rule) and his list is the mate test, his test finds that list as his
  // (the turn his for the look, then given back): his turn takes it, and
  // he is not proved twice (issue 30 item 3: a proof, then his list).
  bool first = checked_list_next_ && quiet_;
  // Once a mate took a seat out, the seats each look finds in check on the
  // board as it then stands: the last look's are those of the board the
  // mates leave (removal_checks_; issue 30 item 3: 000's turn rule reads
  // them instead of walking each king again).
  std::uint8_t found = 0;
  auto mated_now = [&](Seat s) {
    // 002 rule 7: a random mover's king can still be mated, for 20.
    if (s == mover || !plays(s)) return false;
    const bool in = checks_known ? ((in_check >> index_of(s)) & 1U) != 0 : checked(s);
    if (!in) return false;
    found = static_cast<std::uint8_t>(found | (1U << index_of(s)));
    const Seat to_move = pos_.to_move();
    if (!first || s == to_move) {
      first = false;
      return !has_move_in_check(s);
    }
    first = false;
    pos_.set_to_move(s);
    const bool has = has_move_in_check(s);
    pos_.set_to_move(to_move);
    return !has;
  };
  if (rules_->checks.multiple_mates == MultipleMates::kSimultaneous) {
    // House rule: every player mated in the position the move left is mated
    // by it, at once, so seat order cannot decide who survives. (Should
    // their going make another mate, that one is judged as a next batch.)
    std::array<Seat, kMaxSeats> mated{};  // (a fixed array: no allocation in a search)
    int count = 0;
    do {
      count = 0;
      found = 0;
      for (int k = 1; k < n; ++k) {
        Seat s = rules_->turn_order[static_cast<std::size_t>(from + k < n ? from + k : from + k - n)];
        if (mated_now(s)) mated[static_cast<std::size_t>(count++)] = s;
      }
      for (int i = 0; i < count; ++i) rule_mate_after_move(mated[static_cast<std::size_t>(i)], mover, out);
      for (int i = 0; i < count; ++i) {
        const Seat s = mated[static_cast<std::size_t>(i)];
        eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
        pos_.set_king_only(s, false);
        checks_known = false;
      }
    } while (count > 0);
    if (!checks_known) removal_checks_ = {found, board_version_};
    return;
  }
  // House rule (the other reading): one at a time in turn order after the
  // mover; an elimination (dead pieces give no check) may lift a later mate.
  for (bool changed = true; changed;) {
    changed = false;
    found = 0;
    for (int k = 1; k < n; ++k) {
      // (No division on a search's path: from + k < 2n.)
      Seat s = rules_->turn_order[static_cast<std::size_t>(from + k < n ? from + k : from + k - n)];
      if (!mated_now(s)) continue;
      rule_mate_after_move(s, mover, out);
      eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
      pos_.set_king_only(s, false);
      checks_known = false;
      changed = true;
    }
  }
  // (The last look took nobody out: its seats are the board's.)
  if (!checks_known) removal_checks_ = {found, board_version_};
}

// The checkmate ruling: the mated seat, the seat credited, the checking
// squares; `by_move`: mated by that seat's move (002 rule 4), else found at
// the mated player's own turn (001 rule 10). A search writes no words.
void Game::rule_checkmate(Seat victim, Seat by, bool by_move, std::vector<Ruling>& out) const {
  Ruling& r = out.emplace_back();  // (in its place: no copy at a search's mate)
  r.kind = RulingKind::kCheckmate;
  r.seat = victim;
  r.by = by;
  if (!quiet_) {
    r.squares = checkers(victim);
    r.text = seat_name(victim) + " is checkmated";
    if (by_move) r.text += " by " + seat_name(by) + "'s move";
  }
}

void Game::rule_mate_after_move(Seat victim, Seat mover, std::vector<Ruling>& out) {
  // 002 rule 4: mated by the mover's move; the ledger pays the mover.
  rule_checkmate(victim, mover, true, out);
  king_fallen_[index_of(victim)] = true;
  for (const Modules::Module* mod : modules_) mod->score_mate(*this, victim, mover, out);
}

void Game::start_of_turn(std::vector<Ruling>& out, bool modules_idle) {
  int passes = 0;
  for (int guard = 0; guard < 4 * kMaxSeats && !outcome_.over; ++guard, modules_idle = false) {
    Seat s = pos_.to_move();
    if (!plays(s)) [[unlikely]] {
      advance_turn_after(s);
      if (!plays(pos_.to_move())) return;
      continue;
    }
    // A module's own end of a turn before any move is looked at (000: a
    // king stuck in his corner square is mated there), unless the move
    // proved it idle (MoveNotes::idle: the first look only).
    Modules::Module::Turn turn = Modules::Module::Turn::kNotMine;
    if (!modules_idle)
      for (const Modules::Module* mod : hot_[Hot::kBeforeMoves])
        if (turn == Modules::Module::Turn::kNotMine) turn = mod->before_moves(*this, s, out);
    if (turn != Modules::Module::Turn::kNotMine) [[unlikely]] {
      if (turn == Modules::Module::Turn::kStop) return;
      continue;  // kAgain
    }
    if (has_any_move()) return;
    if (turn_without_move(s, passes, out) == Modules::Module::Turn::kStop) return;
  }
}

Modules::Module::Turn Game::turn_without_move(Seat s, int& passes, std::vector<Ruling>& out) {
  using Turn = Modules::Module::Turn;
  if (checked(s)) {
    // 001 rule 10: mate judged at the start of the mated player's own turn.
    Seat by = credit_for_mate(s);
    rule_checkmate(s, by, false, out);
    bool handled = false;  // a module's own consequence of a mate (003: tokens and vassals)
    for (const Modules::Module* mod : modules_)
      handled = handled || mod->mated_at_turn_start(*this, s, by, out);
    if (handled) return Turn::kAgain;
    king_fallen_[index_of(s)] = true;
    for (const Modules::Module* mod : modules_) mod->score_mate(*this, s, by, out);
    eliminate(s, SeatStatus::kCheckmated, rules_->elimination.on_mate, by, out);
    check_game_end(out);
    if (!outcome_.over) advance_turn_after(s);
    return Turn::kAgain;
  }
  // No move and not in check: a module's own reading first (004: a bared
  // king; 000: a king that must leave his corner; chess.com: a walking
  // king with no move).
  Turn turn = Turn::kNotMine;
  for (const Modules::Module* mod : modules_)
    if (turn == Turn::kNotMine) turn = mod->no_move(*this, s, passes, out);
  if (turn != Turn::kNotMine) return turn;
  StalemateRule stalemate = rules_->checks.stalemate;
  for (const Modules::Module* mod : modules_)
    if (std::optional<StalemateRule> rule = mod->stalemate_rule(*this)) stalemate = *rule;
  switch (stalemate) {
    case StalemateRule::kDraw: {
      rule_seat(RulingKind::kStalemate, s, " has no legal move and is not in check: stalemate", out);
      finish(true, EndReason::Kind::kStalemate, out);
      return Turn::kStop;
    }
    case StalemateRule::kEliminateWithPoints: {
      // 002 rule 9: the stalemated player leaves (and is paid: the ledger's module).
      rule_seat(RulingKind::kStalemate, s, " is stalemated", out);
      note_stalemate(s);
      for (const Modules::Module* mod : modules_) mod->score_stalemate(*this, s, out);
      eliminate(s, SeatStatus::kStalemated, rules_->elimination.on_stalemate, kNoSeat, out);
      check_game_end(out);
      if (!outcome_.over) advance_turn_after(s);
      return Turn::kAgain;
    }
    case StalemateRule::kPass:
    case StalemateRule::kPlacement: {
      // 001 judgement call: a player with no move who is not in check passes.
      rule_seat(RulingKind::kPass, s, " has no legal move and passes", out);
      if (++passes > rules_->seat_count()) {
        for (const Modules::Module* mod : modules_) {
          if (std::optional<Seat> winner = mod->jammed_winner(*this)) {
            finish(false, EndReason::Kind::kNoPlayerCanMove, out, *winner);  // 004's jammed messengers
            return Turn::kStop;
          }
        }
        no_move_round(out);
        return Turn::kStop;
      }
      for (const Modules::Module* mod : modules_) mod->on_pass(*this, s);
      pos_.make_pass();
      return Turn::kAgain;
    }
  }
  return Turn::kAgain;  // (every rule is named above)
}

// A ruling about seat s whose words are his name and `words` (a search
// writes none: quiet_).
void Game::rule_seat(RulingKind kind, Seat s, const char* words, std::vector<Ruling>& out) const {
  Ruling r;
  r.kind = kind;
  r.seat = s;
  if (!quiet_) r.text = seat_name(s) + words;
  out.push_back(r);
}

// A whole round of passes (every seat in turn, back to the first passer):
// nothing can change any more. The sheets are silent (001, 000): the
// variant's draws.no_move_round decides.
void Game::no_move_round(std::vector<Ruling>& out) {
  if (rules_->draws.no_move_round == NoMoveRound::kDraw) {
    finish(true, EndReason::Kind::kNoPlayerCanMove, out);
    return;
  }
  Ruling r;
  r.kind = RulingKind::kPass;
  r.severity = Severity::kWarning;
  r.seat = pos_.to_move();
  r.text = "no player can move: the game waits for the arbiter's adjudication";
  out.push_back(r);
}

// ---- a move: play()'s and a search's make() (its rare parts: game.cpp) ----------
// (Here, beside report_checks, which it inlines: issue 30 item 3.)

void Game::apply(const Move& m, std::vector<Ruling>& out) {
  settle_position();  // the key of the position the move leaves
  const Seat mover = pos_.to_move();
  // (What a search runs of this function at nearly every move is its
  // common path, kept small and together: the rest out of line, in
  // [[unlikely]] branches GCC lays after it and in the helpers below it;
  // issue 30 item 3. play()'s, never a search's, among them.)
  // A step, slide, leap or double step: its piece on `from`, what it takes
  // on `to`; the other kinds: rare_move_pieces.
  MoveNotes notes;
  notes.captured_on = m.to;
  Piece moved;
  Piece captured = kEmpty;
  if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) [[likely]] {
    // (Both squares a legal step's: valid, read without the test.)
    moved = pos_.at_valid(m.from);
    if (m.kind == MoveKind::kNormal && !pos_.at_valid(m.to).empty()) captured = pos_.at_valid(m.to);
  } else {
    rare_move_pieces(m, mover, moved, captured, notes.captured_on);
  }
  if (!quiet_) [[unlikely]] {  // the move's ruling and record entry (a search has neither)
    write_move_ruling(m, mover, moved, captured, notes.captured_on, out);
    begin_record_entry(m, mover);
  }
  const std::uint32_t statuses = Position::word_of(status_);  // (before the move: MoveNotes::idle)
  notes.captured = !captured.empty();
  for (const Modules::Module* mod : hot_[Hot::kBeforeMake]) mod->before_make(*this, mover, m, notes);
  // Where the move's record entry goes: before any marker the rulings after
  // it write (a stalemate's S in the next seat's slot).
  const std::size_t entry_at = record_.size();
  legal_cached_ = false;
  legal_pending_ = false;
  // (Whether the move changes its two squares only: report_checks.)
  // (Position::converts without its look at the board: any move of his onto
  // the square a king of his converts on, converts_on_, counted as one.)
  const bool two_squares =
      (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) && m.to != converts_on_[index_of(mover)];
  version_before_move_ = board_version_;
  pos_.make(m);
  board_version_ = ++versions_;
  plain_version_ = two_squares ? board_version_ : 0;
  // A search's move is legal (make() takes it from legal_moves()): the
  // board it left, for report_checks' look at the mover's own king.
  mover_safe_ = board_version_;
  moves_.push_back(m);
  if (!quiet_) [[unlikely]]
    actions_.push_back({Action::Kind::kMove, m, mover});  // (takeback's; a search takes back by unmake)
  last_mover_ = mover;

  // The modules' hooks after the move, a promotion, a king taken (002):
  // rules_after_make, where any has something to do. (Not where every
  // module's before_make did its after_make: MoveNotes.)
  // (The modules' part read from counts found once: after_make_n_,
  // before_checks_, score_capture_.)
  if (notes.after_make_done != after_make_n_ || before_checks_ ||
      (m.promotion != kNoKind && m.kind != MoveKind::kPlacement) ||
      (!captured.empty() && (score_capture_ || captured.kind == pos_.royal_kind()))) [[unlikely]]
    rules_after_make(mover, m, captured, notes, out);
  const std::uint8_t in_check = report_checks(mover, moved, notes.unattacked, out);
  // (Nobody in check, most moves: nobody is mated, and no call.)
  if (in_check != 0 && rules_->checks.mate_timing == MateTiming::kAfterEveryMove) mates_after_move(mover, in_check, out);
  check_game_end(out);
  // (Not where every module's before_make proved its after_move and
  // before_moves idle, and the move left no other seat in check, as the
  // report found them on this very board, and no status changed: MoveNotes.)
  const bool idle = notes.idle == turn_hook_modules_ && checks_ply_ == pos_.ply() &&
                    (checks_found_ & ~(1U << index_of(mover))) == 0 && Position::word_of(status_) == statuses;
  if (!idle)
    for (const Modules::Module* mod : hot_[Hot::kAfterMove])
      if (!outcome_.over) mod->after_move(*this, mover, notes, out);
  if (!outcome_.over && !plays(pos_.to_move())) [[unlikely]]
    advance_turn_after(mover);
  if (!outcome_.over) start_of_turn(out, idle);

  if (!quiet_) [[unlikely]] {
    write_record_entry(mover, entry_at, out);
    if (!outcome_.over) write_turns_passed_over(mover, out);
  }

  note_position();
  // Draw rules (chess): mate on the last ply still counts, so they come last.
  // (Not looked at, most moves of a search, before the halfmove clock can
  // reach an automatic rule's count and where no rule reads the material:
  // draw_clock_, found once; issue 30 item 3.)
  if (!outcome_.over && (pos_.halfmove_clock() >= draw_clock_ || !quiet_ || material_rule_)) [[unlikely]]
    draw_rules(out);
  // A search's make() calls this last, and ends with it (issue 30 item 3:
  // make() has no code after the call): its rulings, which nothing reads,
  // taken off for the next make(), and quiet_ set back (play()'s was never
  // set).
  if (quiet_) {
    if (!out.empty()) [[unlikely]]
      out.clear();
    quiet_ = false;
  }
}

void Game::draw_rules(std::vector<Ruling>& out) {
  const DrawRules& d = rules_->draws;
  if (d.automatic_move_plies > 0 && pos_.halfmove_clock() >= d.automatic_move_plies) [[unlikely]] {
    // chess.com FFA: "If 100 plys are made without a capture or pawn move
    // the game will end immediately".
    automatic_end({EndReason::Kind::kMoveRule, d.automatic_move_plies}, out);
  } else if (d.automatic_repetitions > 0 &&
             // (repetitions() counts earlier positions among the last
             // halfmove_clock() plies, so it is at most that: not called
             // where even that many could not make the count, most moves
             // of a search, issue 30 item 3.)
             pos_.halfmove_clock() + 1 >= d.automatic_repetitions &&
             repetitions() + 1 >= d.automatic_repetitions) [[unlikely]] {
    automatic_end({EndReason::Kind::kRepetition, d.automatic_repetitions}, out);
  } else if (d.insufficient_material || !quiet_) [[unlikely]] {
    material_draws(out);
  }
}

}  // namespace tabula::core
