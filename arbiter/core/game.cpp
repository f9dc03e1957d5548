#include "core/game.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <optional>
#include <type_traits>

#include "core/dead_position.h"
#include "core/notation.h"
#include "core/zobrist.h"

namespace tabula::core {

Game::Game(std::shared_ptr<const RuleSet> rules, const Position& start,
           const std::array<int, kMaxSeats>& points)
    : rules_(std::move(rules)),
      modules_(Modules::chosen(*rules_)),
      hot_(Modules::hot_lists(modules_)),
      start_(start),
      pos_(start),
      start_points_(points) {
  points_ = points;
  auto moves_on = [](EliminationPolicy p) {
    return p == EliminationPolicy::kRandomMover || p == EliminationPolicy::kDeadKingWalking;
  };
  if (moves_on(rules_->elimination.on_resign)) playing_statuses_ |= 1U << static_cast<unsigned>(SeatStatus::kResigned);
  if (moves_on(rules_->elimination.on_timeout)) playing_statuses_ |= 1U << static_cast<unsigned>(SeatStatus::kFlagged);
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
  for (std::size_t k = 0; k < rules_->pieces.size(); ++k) {
    if (rules_->pieces[k].name == "bishop") bishop_kinds_ |= 1U << k;
    if (rules_->pieces[k].name == "knight") knight_kinds_ |= 1U << k;
  }
  // The sheets' set-up (001: the teams' capture bans; 003: the tokens, the alliances...).
  for (const Modules::Module* mod : modules_) mod->setup(*this);
  // The mate test after a move is the list of the seat to move where every
  // module that filters his list or judges the test says its test is that
  // list (has_move_in_check).
  list_is_mate_test_ = true;
  for (const Modules::Module* mod : hot_[Hot::kFilterLegal])
    list_is_mate_test_ = list_is_mate_test_ && mod->mate_test_is_list();
  for (const Modules::Module* mod : hot_[Hot::kHasMoveFor])
    list_is_mate_test_ = list_is_mate_test_ && mod->mate_test_is_list();
  for (const Modules::Module* mod : modules_) {
    checked_list_next_ = checked_list_next_ || (list_is_mate_test_ && mod->turn_to_checked(*rules_));
    if (mod->hot() & (hot_bit(Hot::kAfterMove) | hot_bit(Hot::kBeforeMoves))) ++turn_hook_modules_;
  }
  int looks = 0;
  for (const Modules::Module* mod : modules_) looks = std::max(looks, mod->look_plies());
  room_plies_ = static_cast<std::uint8_t>(1 + rules_->seat_count() + looks);
  const Ledger& l = rules_->ledger;
  check_bonus_ = l.double_check_bonus != 0 || l.double_check_bonus_queen != 0 || l.triple_check_bonus != 0 ||
                 l.triple_check_bonus_queen != 0;
  all_seats_ = static_cast<std::uint8_t>((1U << rules_->seat_count()) - 1U);
  search_checks_ = check_bonus_ || rules_->checks.mate_timing == MateTiming::kAfterEveryMove;
  after_make_n_ = static_cast<std::uint8_t>(hot_[Hot::kAfterMake].n);
  before_checks_ = !hot_[Hot::kBeforeChecks].empty();
  score_capture_ = !hot_[Hot::kScoreCapture].empty();
  // The halfmove clock from which an automatic draw rule may end the game
  // after a move (the move rule at its count; a repetition's count needs as
  // many plies less one: apply()), and whether a rule reads the material.
  const DrawRules& d = rules_->draws;
  if (d.automatic_move_plies > 0) draw_clock_ = d.automatic_move_plies;
  if (d.automatic_repetitions > 0) draw_clock_ = std::min(draw_clock_, d.automatic_repetitions - 1);
  material_rule_ = d.insufficient_material;
  // 000: "When a King enters his corner square, both of his Bishops become
  // Queens instantly" (Position::make): the one square per seat a plain
  // move of his may change more than its own two on.
  if (pos_.king_move_converts())
    for (int s = 0; s < rules_->seat_count(); ++s) converts_on_[s] = rules_->corners.own[s];
  if (!plays(pos_.to_move())) advance_turn_after(pos_.to_move());
  start_of_turn(opening_);
  note_position();
}

// ---- sides ----------------------------------------------------------------------

bool Game::teammates(Seat a, Seat b) const {
  return a != b && team_[index_of(a)] >= 0 && team_[index_of(a)] == team_[index_of(b)];
}

bool Game::random_mover(Seat s) const {
  // A seat out of the game that still takes turns (playing_statuses_,
  // found from the rules' elimination policies when the Game was made).
  return status(s) != SeatStatus::kLive && plays(s);
}

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
  legal_moves(list);
  return list;
}

void Game::legal_moves(MoveList& list) const {
  list.clear();
  if (outcome_.over) return;
  if (legal_cached_) {
    list = legal_cache_;
    return;
  }
  compute_legal(list);
}

std::size_t Game::count_legal() const {
  MoveList list;
  compute_legal(list);
  return list.size();
}

void Game::compute_legal(MoveList& list) const {
  list.clear();
  // The next mover's king as the check report after the move walked it,
  // while it is the same question (Position::king_safety's four inputs);
  // else walked here. (One of the Position's two generate_legal for both:
  // the game's code per node stays small, issue 30 item 3.)
  const Seat s = pos_.to_move();
  if (safety_.version == board_version_ && safety_.seat == s && safety_.enemies == pos_.attackers_of(s) &&
      safety_.settings == pos_.attack_settings())
    pos_.generate_legal(list, safety_.ks);
  else
    pos_.generate_legal(list, pos_.king_safety());
  module_filter(list);
  // No move and not in check: a module's own moves (003: a placement).
  if (list.empty() && !pos_.in_check())
    for (const Modules::Module* mod : modules_) mod->stalemate_moves(*this, list);
}

bool Game::is_legal(const Move& m) const {
  if (outcome_.over) return false;
  bool whole = m.kind == MoveKind::kPlacement;
  for (const Modules::Module* mod : modules_) whole = whole || mod->needs_whole_list();
  if (whole) {
    MoveList list = legal_moves();
    return std::find(list.begin(), list.end(), m) != list.end();
  }
  MoveList list;
  pos_.generate_pseudo(list);
  return std::find(list.begin(), list.end(), m) != list.end() && !pos_.leaves_king_attacked(m) &&
         module_refusal(m).empty();
}

bool Game::has_legal_move_for(Seat s) const {
  // A module may judge mate with the game's own legality (000).
  for (const Modules::Module* mod : hot_[Hot::kHasMoveFor])
    if (std::optional<bool> has = mod->has_move_for(*this, s)) return *has;
  return pos_.has_legal_move_for(s);
}

bool Game::has_move_in_check(Seat s) const {
  // The seat to move next, in check after a move: his turn starts by
  // finding his whole list (has_any_move); found here, it is found once.
  // Only where the list is the mate test (list_is_mate_test_: the
  // Position's own list, or 000's filtered one, whose rules are those its
  // proof judges a reply by): then it is empty exactly when he has no move.
  if (s != pos_.to_move() || !list_is_mate_test_) return has_legal_move_for(s);
  compute_legal(legal_cache_);
  if (legal_cache_.empty()) return false;
  legal_stamp_.version = board_version_;
  legal_stamp_.ply = pos_.ply();
  legal_stamp_.settings = pos_.settings();
  if (!hot_[Hot::kSearchState].empty()) legal_stamp_.modules.copy_from(module_state());
  legal_pending_ = true;
  return true;
}

bool Game::take_pending_list() const {
  legal_pending_ = false;
  if (legal_stamp_.version != board_version_ || legal_stamp_.ply != pos_.ply()) return false;
  // The Position's settings, the same as found: == by their bytes (a
  // Settings has no padding, so equal bytes are equal members and back;
  // issue 30 item 3: a few wide compares, not ~35 instructions member by
  // member).
  static_assert(std::has_unique_object_representations_v<Position::Settings>);
  static_assert(sizeof(Position::Settings) == 5 * sizeof(std::uint64_t));
  const Position::Settings now = pos_.settings();
  std::array<std::uint64_t, 5> a;
  std::array<std::uint64_t, 5> b;
  std::memcpy(a.data(), &legal_stamp_.settings, sizeof a);  // (loads: memcpy of a fixed size)
  std::memcpy(b.data(), &now, sizeof b);
  if (((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) | (a[4] ^ b[4])) != 0) return false;
  // The modules' own state, which their filters read (000: the corner
  // state, the two-player phase, the area reached): the same as found
  // (ModuleFrame::same_as: == without the parts that cannot differ; issue
  // 30 item 3: the members' compare, ~430 instructions, was most of this
  // function).
  if (!hot_[Hot::kSearchState].empty() && !module_state().same_as(legal_stamp_.modules)) return false;
  legal_cached_ = true;
  list_taken_ = true;
  return true;
}

bool Game::checked(Seat s) const {
  Square k = pos_.king_square(s);
  return k != kNoSquare && pos_.attacked(k, pos_.attackers_of(s));
}

std::uint8_t Game::checking_seats(Seat s) const {
  // checkers()'s seats, one yes-or-no test per seat that may take him.
  Square k = pos_.king_square(s);
  if (k == kNoSquare) return 0;
  const std::uint8_t by = pos_.attackers_of(s);
  std::uint8_t out = 0;
  for (int i = 0; i < kMaxSeats; ++i) {
    const auto bit = static_cast<std::uint8_t>(1U << i);
    if ((by & bit) && pos_.attacked(k, bit)) out |= bit;
  }
  return out;
}

std::vector<Square> Game::checkers(Seat s) const {
  Square k = pos_.king_square(s);
  if (k == kNoSquare) return {};
  std::uint8_t by = pos_.attackers_of(s);
  // The yes-or-no test first: most kings are not attacked, and it neither
  // lists nor allocates (issue 30: this runs for every seat after every move).
  if (!pos_.attacked(k, by)) return {};
  return pos_.attackers(k, by);
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
    std::string why = module_refusal(m);
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

void Game::module_filter(MoveList& list) const {
  for (const Modules::Module* mod : hot_[Hot::kFilterLegal]) mod->filter_legal(*this, list);
}

std::string Game::module_refusal(const Move& m) const {
  for (const Modules::Module* mod : modules_) {
    std::string why = mod->refusal(*this, m);
    if (!why.empty()) return why;
  }
  return {};
}

std::string Game::placement_refusal(const Move& m) const {
  for (const Modules::Module* mod : modules_) {
    std::string why = mod->placement_refusal(*this, m);
    if (!why.empty()) return why;
  }
  return seat_name(pos_.to_move()) + " cannot place a piece: this variant has no placements";
}

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

bool Game::has_any_move() const {
  // The whole list, kept for the legal_moves() that follows (issue 30): the
  // player to move is asked for his moves next, so they are found once.
  // The mate test after the move may have found it already (has_move_in_check).
  if (legal_pending_ && take_pending_list()) [[unlikely]]
    return true;
  compute_legal(legal_cache_);
  list_taken_ = false;
  legal_cached_ = !legal_cache_.empty();
  return legal_cached_;
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

// ---- play (a move's rules: apply(), game_turn.cpp; the end: game_end.cpp; the
// operator: game_actions.cpp) --------------------------------------------------

std::vector<Ruling> Game::play(const Move& m) {
  std::vector<Ruling> out;
  if (outcome_.over || !is_legal(m)) {
    Ruling r;
    r.kind = RulingKind::kIllegalMove;
    r.severity = Severity::kIllegal;
    r.seat = pos_.to_move();
    r.squares = {m.from, m.to};
    r.text = outcome_.over                       ? "the game is over"
             : m.kind == MoveKind::kPlacement ? placement_refusal(m)
                                              : why_illegal(m.from, m.to);
    if (r.text.empty()) r.text = "that move is not legal here";
    out.push_back(r);
    return out;
  }
  apply(m, out);
  return out;
}

// ---- apply()'s rare parts, out of its common path (issue 30 item 3) ---------------

void Game::rare_move_pieces(const Move& m, Seat mover, Piece& moved, Piece& captured, Square& captured_on) const {
  // A castling's king, a placed piece (003 rule 5), a pass's none, and an
  // en passant capture's pawn (the entry whose target the move takes).
  switch (m.kind) {
    case MoveKind::kCastle:
      moved = pos_.at(rules_->castling[m.castle].king_from);
      return;
    case MoveKind::kPlacement:
      moved = Piece{m.promotion, mover, false};
      return;
    case MoveKind::kPass:
      moved = kEmpty;
      return;
    case MoveKind::kEnPassant:
      moved = pos_.at(m.from);
      for (int s = 0; s < rules_->seat_count(); ++s) {
        if (pos_.en_passant(seat_at(s)).target == m.to) {
          captured_on = pos_.en_passant(seat_at(s)).victim;
          captured = pos_.at(captured_on);
        }
      }
      return;
    case MoveKind::kNormal:
    case MoveKind::kDoubleStep:
      moved = pos_.at(m.from);  // (apply's own: not asked here)
      return;
  }
}

void Game::rules_after_make(Seat mover, const Move& m, Piece captured, const MoveNotes& notes,
                            std::vector<Ruling>& out) {
  if (notes.after_make_done != hot_[Hot::kAfterMake].n)
    for (const Modules::Module* mod : hot_[Hot::kAfterMake]) mod->after_make(*this, mover, m, notes, out);
  if (m.promotion != kNoKind && m.kind != MoveKind::kPlacement) rule_promotion(mover, m, out);
  if (!captured.empty()) {
    for (const Modules::Module* mod : hot_[Hot::kScoreCapture]) mod->score_capture(*this, mover, captured, out);
    // 002: a king left attacked can be taken by the one who moves first.
    // (The royal kind as the Position keeps it: the RuleSet's is found by a
    // scan of the pieces.)
    if (captured.kind == pos_.royal_kind() && status(captured.seat) != SeatStatus::kCheckmated &&
        status(captured.seat) != SeatStatus::kStalemated)
      capture_king(mover, captured.seat, out);
  }
  for (const Modules::Module* mod : hot_[Hot::kBeforeChecks]) mod->before_checks(*this, mover, out);
}

void Game::material_draws(std::vector<Ruling>& out) {
  // After a move that ended nothing by the move rule or repetition: the
  // material (chess), a dead position, or the claim a player may make.
  const DrawRules& d = rules_->draws;
  if (d.insufficient_material && insufficient_material()) {
    draw_end({EndReason::Kind::kInsufficientMaterial}, rules_->ledger.insufficient_material_draw_points, out);
  } else if (d.insufficient_material && blocked_pawns_can_change() && dead_by_blocked_pawns(pos_)) {
    // FIDE 5.2.2: a pawn wall no king can cross (issue 31 item 9).
    draw_end({EndReason::Kind::kDeadPosition}, rules_->ledger.insufficient_material_draw_points, out);
  } else if (!quiet_) {
    // (A claim is the player's to make: nothing for the search.)
    write_claimable_draw(out);
  }
}

// ---- a move's words and rare rules (out of the hot path: game.h) ----------------

void Game::write_move_ruling(const Move& m, Seat mover, Piece moved, Piece captured, Square captured_on,
                             std::vector<Ruling>& out) const {
  Ruling mv;
  mv.kind = RulingKind::kMove;
  mv.seat = mover;
  if (m.kind == MoveKind::kPass) {
    mv.text = seat_name(mover) + " passes";
  } else if (m.kind == MoveKind::kPlacement) {
    // A placement (a module's stalemate move: 003 rule 5) is his move.
    mv.text = seat_name(mover) + " places a new " + rules_->piece(m.promotion).name + " on " +
              rules_->geometry.name(m.to);
  } else {
    mv.text = piece_phrase(moved, m.from) + " to " + rules_->geometry.name(m.to);
  }
  if (!captured.empty()) mv.text += ", capturing " + piece_phrase(captured, captured_on);
  mv.squares = {m.from, m.to};
  out.push_back(std::move(mv));
}

void Game::begin_record_entry(const Move& m, Seat mover) {
  // The seats playing before the move, for the record's check marks.
  playing_before_ = {};
  for (int s = 0; s < rules_->seat_count(); ++s) playing_before_[s] = plays(seat_at(s));
  record_draft_ = RecordEntry{pos_.fullmove_number(), mover,
                              rules_->seat_count() > 2 ? long_algebraic(pos_, m) : san(pos_, m)};
}

void Game::write_record_entry(Seat mover, std::size_t at, const std::vector<Ruling>& out) {
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
    if (s == mover || !playing_before_[index_of(s)]) continue;
    Square k = pos_.king_square(s);
    if (k != kNoSquare && (pos_.attackers_of(s) & mover_bit) && pos_.attacked(k, mover_bit)) ++checks;
  }
  if (rules_->seat_count() == 2 && mates > 0) checks = 0;
  RecordEntry entry = std::move(record_draft_);
  entry.text += std::string(static_cast<std::size_t>(checks), '+') + std::string(static_cast<std::size_t>(mates), '#');
  if (actions_.size() >= 2 && actions_[actions_.size() - 2].kind == Action::Kind::kTimeout &&
      actions_[actions_.size() - 2].seat == mover && at > 0 && record_[at - 1].seat == mover &&
      record_[at - 1].text == "T") {
    // chess.com writes the walking king's move made at once for a player
    // whose time ran out in his turn as that move marked T ("Kh1-g1T").
    record_.erase(record_.begin() + static_cast<std::ptrdiff_t>(--at));
    entry.text += 'T';
  }
  record_.insert(record_.begin() + static_cast<std::ptrdiff_t>(at), std::move(entry));
}

void Game::write_turns_passed_over(Seat mover, std::vector<Ruling>& out) const {
  // Seats passed over because they are out of the game.
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

void Game::write_claimable_draw(std::vector<Ruling>& out) const {
  std::string claim = claimable_draw();
  if (claim.empty()) return;
  Ruling r;
  r.kind = RulingKind::kDraw;
  r.severity = Severity::kInfo;
  r.seat = pos_.to_move();
  r.text = seat_name(pos_.to_move()) + " may claim a draw (" + claim + ")";
  out.push_back(r);
}

void Game::rule_promotion(Seat mover, const Move& m, std::vector<Ruling>& out) const {
  Ruling r;
  r.kind = RulingKind::kPromotion;
  r.seat = mover;
  if (!quiet_) {
    r.squares = {m.to};
    r.text = seat_name(mover) + "'s pawn promotes to a " + rules_->piece(m.promotion).name;
  }
  out.push_back(r);
}

void Game::capture_king(Seat mover, Seat victim, std::vector<Ruling>& out) {
  // 002: a king left attacked can be taken by the one who moves first.
  Ruling r;
  r.kind = RulingKind::kKingCaptured;
  r.seat = victim;
  r.by = mover;
  if (!quiet_) r.text = seat_name(mover) + " captures " + seat_name(victim) + "'s king";
  out.push_back(r);
  king_fallen_[index_of(victim)] = true;
  if (plays(victim)) {
    eliminate(victim, SeatStatus::kCheckmated, rules_->elimination.on_mate, mover, out);
    pos_.set_king_only(victim, false);
  }
}

}  // namespace tabula::core
