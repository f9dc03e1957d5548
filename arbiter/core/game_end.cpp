// game_end.cpp — Game: the end. The standing, the variant's game end, the
// bare king (004), the draw rules (material, dead positions, repetitions).
#include "core/game.h"

#include <algorithm>
#include <string>

#include "core/zobrist.h"

namespace tabula::core {

Game::Ranking Game::ranking_by_points() const {
  Ranking seats;
  for (int s = 0; s < rules_->seat_count(); ++s) seats.at[seats.n++] = seat_at(s);
  const auto& tb = rules_->ledger.tie_break;
  auto tie_rank = [&](Seat s) {
    auto it = std::find(tb.begin(), tb.end(), s);
    return it == tb.end() ? static_cast<int>(tb.size()) : static_cast<int>(it - tb.begin());
  };
  auto before = [&](Seat a, Seat b) {
    if (points(a) != points(b)) return points(a) > points(b);
    // 003, judgement call: on equal tokens the ruling suzerain ranks first.
    if ((a == tie_winner_) != (b == tie_winner_)) return a == tie_winner_;
    return tie_rank(a) < tie_rank(b);  // 002 rule 11: the later mover first
  };
  // A stable insertion sort of at most four seats (std::stable_sort would
  // ask the heap for a buffer: a search's game end allocates nothing).
  for (std::size_t i = 1; i < seats.n; ++i)
    for (std::size_t j = i; j > 0 && before(seats.at[j], seats.at[j - 1]); --j) std::swap(seats.at[j], seats.at[j - 1]);
  return seats;
}

std::string Game::reason_words(const EndReason& why) const {
  using K = EndReason::Kind;
  switch (why.kind) {
    case K::kNone: return {};
    case K::kCheckmate: return "checkmate";
    case K::kResignation: return "resignation";
    case K::kTime: return "time";
    case K::kStalemate: return "stalemate";
    case K::kLastPlayerStanding: return "last player standing";
    case K::kLastTeamStanding: return "last team standing";
    case K::kMoveRule:
      return why.n == 150 ? "seventy-five-move rule"
             : why.n == 100 ? "fifty-move rule"
                            : std::to_string(why.n / 2) + "-move rule";
    case K::kRepetition:
      return why.n == 3 ? "threefold repetition"
             : why.n == 5 ? "fivefold repetition"
                          : std::to_string(why.n) + "-fold repetition";
    case K::kInsufficientMaterial: return "insufficient material";
    case K::kDeadPosition: return "dead position (blocked pawns)";
    case K::kTimeForfeitNoMate: return "time forfeit, but " + seat_name(why.seat) + " cannot checkmate (FIDE 6.9)";
    case K::kAgreement: return "agreement";
    case K::kAdjudicated: return "adjudicated by the arbiter";
    case K::kClaim:
      return why.n == 3 ? "fifty-move rule and threefold repetition"
             : why.n == 1 ? "fifty-move rule"
                          : "threefold repetition";
    case K::kNoPlayerCanMove: return "no player can move";
    case K::kRulesEveryone: return seat_name(why.seat) + " rules every remaining player";
    case K::kBareKing: return "bare king";
    case K::kBaredBack: return "bare kings: " + seat_name(why.seat) + " bared the king back at once";
    case K::kOpponentHome: return "all pieces in the opponent's home rows";
  }
  return {};
}

void Game::finish(bool draw, const EndReason& why, std::vector<Ruling>& out, Seat winner) {
  settle_position();  // (its key reads the legal moves: none once over)
  outcome_.over = true;
  outcome_.draw = draw;
  outcome_.why = why;
  // The words only for the session (issue 30 item 2: a search's make()
  // writes none; the ranking's vector keeps its capacity between makes).
  if (!quiet_) outcome_.reason = reason_words(why);
  outcome_.ranking.clear();
  if (winner != kNoSeat) {
    outcome_.ranking.push_back(winner);
    // The winner's side next (the sides a module set: 001's teams win together).
    for (Seat s : rules_->turn_order)
      if (teammates(s, winner)) outcome_.ranking.push_back(s);
    for (Seat s : rules_->turn_order)
      if (s != winner && !teammates(s, winner)) outcome_.ranking.push_back(s);
  } else if (rules_->ledger.kind == LedgerKind::kPoints || rules_->ledger.kind == LedgerKind::kTokens) {
    const Ranking rank = ranking_by_points();
    outcome_.ranking.assign(rank.begin(), rank.end());
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
    if (!quiet_) d.text = "draw: " + outcome_.reason;
    out.push_back(d);
  }
  Ruling r;
  r.kind = RulingKind::kGameOver;
  if (quiet_) {  // a search reads the outcome, not the ruling's words (issue 30 item 2)
    out.push_back(r);
    return;
  }
  r.seats = outcome_.ranking;
  r.text = "game over (" + outcome_.reason + ")";
  if (!draw && !outcome_.ranking.empty()) {
    // The winner in a module's words (001: the whole team), else by name.
    const Seat first = outcome_.ranking.front();
    std::string words;
    for (const Modules::Module* mod : modules_)
      if (words.empty()) words = mod->winner_words(*this, first);
    r.text += ": " + (words.empty() ? seat_name(first) + " wins" : words);
  }
  out.push_back(r);
}

void Game::find_game_end(std::vector<Ruling>& out) {
  // (check_game_end, game.h, answered the common case.)
  // The seats still live, in turn order (a fixed array: this runs after every move).
  struct Live {
    std::array<Seat, kMaxSeats> seats{};
    std::size_t n = 0;
    std::size_t size() const { return n; }
    bool empty() const { return n == 0; }
    Seat front() const { return seats[0]; }
    const Seat* begin() const { return seats.data(); }
    const Seat* end() const { return seats.data() + n; }
  } live;
  // (002's one side left and 004's stage end read it; 000 and 003 do not.)
  if (rules_->game_end == GameEnd::kOneSideLeft || rules_->game_end == GameEnd::kFillOpponentHome) {
    for (Seat s : rules_->turn_order)
      if (status(s) == SeatStatus::kLive) live.seats[live.n++] = s;
  }
  EndReason::Kind reason = EndReason::Kind::kCheckmate;  // (a code: this runs after every move)
  if (!eliminated_.empty()) {
    SeatStatus last = status(eliminated_.back());
    if (last == SeatStatus::kResigned) reason = EndReason::Kind::kResignation;
    if (last == SeatStatus::kFlagged) reason = EndReason::Kind::kTime;
    if (last == SeatStatus::kStalemated) reason = EndReason::Kind::kStalemate;
  }
  switch (rules_->game_end) {
    case GameEnd::kFirstMate:
      // The first player out ends the game: chess's mate; a module names the
      // winner (000 short game: the mater; chess.com Teams: the other side).
      if (!eliminated_.empty()) {
        Seat winner = kNoSeat;
        for (const Modules::Module* mod : modules_)
          if (winner == kNoSeat) winner = mod->first_mate_winner(*this);
        finish(false, reason, out, winner);
      }
      return;
    case GameEnd::kOneSideLeft: {
      // One side left (the sides a module set; else every seat its own): 001,
      // both players of a team out; 002, one player left.
      int first_side = -1;
      for (Seat s : live) {
        int side = team_[index_of(s)] >= 0 ? team_[index_of(s)] : 100 + index_of(s);
        if (first_side >= 0 && side != first_side) {  // two sides still play
          sides_still_play_ = status_;
          sides_known_ = true;
          return;
        }
        first_side = side;
      }
      if (live.size() == 1)
        for (const Modules::Module* mod : modules_) mod->score_last_standing(*this, live.front(), out);
      finish(false,
             live.empty()       ? reason
             : team_[0] >= 0 ? EndReason::Kind::kLastTeamStanding
                             : EndReason::Kind::kLastPlayerStanding,
             out);
      return;
    }
    case GameEnd::kSuzerainOnly:     // 003
    case GameEnd::kFillOpponentHome:  // 004
      for (const Modules::Module* mod : hot_[Hot::kCheckEnd])
        if (mod->check_end(*this, live.size(), reason, out)) return;
      return;
  }
}

bool Game::bare(Seat s) const {
  // The board's grid only, not the whole 16x16 mailbox (issue 30 item 3:
  // 004 asks this after every move).
  const Geometry& g = rules_->geometry;
  bool king = false;
  // Rows from both edges inward (0, h-1, 1, h-2, ...): a seat's pieces
  // start near one edge, so the first one that is not a king is found soon.
  const int h = g.height();
  for (int k = 0; k < h; ++k) {
    const int r = k % 2 == 0 ? k / 2 : h - 1 - k / 2;
    for (int f = 0; f < g.width(); ++f) {
      Piece p = pos_.at(make_square(f, r));
      if (p.empty() || p.seat != s) continue;
      if (!rules_->piece(p.kind).royal) return false;
      king = true;
    }
  }
  return king;
}

void Game::draw_end(const EndReason& why, int points, std::vector<Ruling>& out, Seat leaver) {
  settle_position();  // (before a module's draw changes the game)
  // What a draw pays (chess.com FFA, issue 17 item 4: each live player;
  // issue 31 item 1: the one whose leaving drew it too), then a module's own
  // (chess.com: a walking king's 20).
  for (const Modules::Module* mod : modules_) mod->score_draw(*this, why, points, leaver, out);
  for (const Modules::Module* mod : modules_) mod->on_draw(*this, leaver, out);
  finish(true, why, out);
}

bool Game::insufficient_material() const {
  if (rules_->seat_count() > 2) {
    // chess.com FFA (issue 17 item 4): only kings are left that can move
    // (a walking king's army is dead, an eliminated seat's pieces too).
    // Issue 31 item 1 (draws.insufficient_material_last_two_bare_king): or
    // two live players are left and one of them has a bare king.
    int live = 0;
    if (rules_->draws.insufficient_material_last_two_bare_king)
      for (Seat s : rules_->turn_order) live += status(s) == SeatStatus::kLive ? 1 : 0;
    if (rules_->draws.insufficient_material_last_two_bare_king && live == 2) {
      // (bare() scans the board: only when it can matter; this runs after every move.)
      for (Seat s : rules_->turn_order)
        if (status(s) == SeatStatus::kLive && bare(s)) return true;
    }
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
    if (rules_->piece(p.kind).royal) continue;
    if ((bishop_kinds_ >> index_of(p.kind)) & 1U) {
      ++minors;
      Square q = static_cast<Square>(i);
      ((file_of(q) + rank_of(q)) % 2 ? bishops_light : bishops_dark)++;
    } else if ((knight_kinds_ >> index_of(p.kind)) & 1U) {
      ++minors;
    } else {
      return false;
    }
  }
  if (minors <= 1) return true;
  return minors == bishops_light || minors == bishops_dark;
}

// Issue 30 (s7): the blocked-pawn proof (core/dead_position.h) reads only
// the pawns, the other material and whether an en passant capture is open;
// a king move changes none of them, so the proof can change only on a pawn
// move or a capture (they reset the move clock: 0), on the move after one
// (an en passant window a double step opened closes: 1), or on the game's
// first move (a start that was dead already). Every other move skips it.
bool Game::blocked_pawns_can_change() const {
  return pos_.halfmove_clock() <= 1 || moves_.size() <= 1;
}

void Game::automatic_end(const EndReason& why, std::vector<Ruling>& out) {
  if (automatic_end_draws()) {
    draw_end(why, rules_->ledger.draw_points, out);
  } else {
    finish(false, why, out);
  }
}

bool Game::automatic_end_draws() const {
  // draws.automatic_end: a draw, or (003 house rule) the game decided by the
  // ledger as it stands, where equal leaders draw.
  if (!rules_->draws.automatic_by_standing || rules_->ledger.kind == LedgerKind::kNone) return true;
  const Ranking rank = ranking_by_points();
  return rank.size() > 1 && points(rank[0]) == points(rank[1]);
}

EndReason Game::claimable() const {
  const DrawRules& d = rules_->draws;
  if (outcome_.over) return {};
  // Issue 31 item 10: when both can be claimed, the ruling names both.
  bool fifty = d.fifty_move_plies > 0 && pos_.halfmove_clock() >= d.fifty_move_plies;
  bool threefold = d.repetitions > 0 && repetitions() + 1 >= d.repetitions;
  if (!fifty && !threefold) return {};
  return {EndReason::Kind::kClaim, (fifty ? 1 : 0) + (threefold ? 2 : 0)};
}

std::string Game::claimable_draw() const { return reason_words(claimable()); }

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
  MoveList found;                    // the legal moves, found at most once
  const MoveList* legal = nullptr;   // (the start-of-turn test's list when it has one)
  for (int c = 0; c < rules_->seat_count(); ++c) {
    Seat creator = seat_at(c);
    const EnPassantEntry& e = pos_.en_passant(creator);
    if (!e.open()) continue;
    // The player to move: his legal list is looked at only when his
    // pseudo-legal moves hold such a capture (the list is a part of them;
    // issue 30 item 3: no scan of the list after every double step).
    bool usable = false;
    if (pos_.en_passant_pseudo(pos_.to_move(), e.target)) {
      if (!legal) {
        legal = legal_cached_ && !outcome_.over ? &legal_cache_ : &found;
        if (legal == &found) legal_moves(found);
      }
      usable = std::any_of(legal->begin(), legal->end(), [&](const Move& m) {
        return m.kind == MoveKind::kEnPassant && m.to == e.target;
      });
    }
    if (!usable && rules_->pawns.en_passant == EnPassantWindow::kUntilOwnerMovesAgain) {
      // A later opponent's pawn standing ready to take: the en passant
      // moves his generate_pseudo would give him, found from the target's
      // capture rays (issue 30 item 3: no generation per position).
      const Seat to_move = pos_.to_move();
      for (int o = 0; o < rules_->seat_count() && !usable; ++o) {
        Seat s = seat_at(o);
        if (s == creator || s == to_move || !plays(s)) continue;
        usable = pos_.en_passant_pseudo(s, e.target);
      }
    }
    if (!usable) key ^= zobrist::en_passant(e.target);
  }
  return key;
}

bool Game::may_repeat(int limit) const {
  // The pending key is pos_.hash() with the squares of some open en passant
  // entries taken out (repetition_key): each subset's key is a candidate.
  std::array<std::uint64_t, 1U << kMaxSeats> candidates;  // (only [0, count) is read: not filled)
  std::size_t count = 1;
  candidates[0] = pos_.hash();
  for (int c = 0; c < rules_->seat_count(); ++c) {
    const EnPassantEntry& e = pos_.en_passant(seat_at(c));
    if (!e.open()) continue;
    for (std::size_t i = 0; i < count; ++i) candidates[count + i] = candidates[i] ^ zobrist::en_passant(e.target);
    count *= 2;
  }
  const std::size_t n = seen_.size();
  for (int back = 1; back <= limit; ++back)
    for (std::size_t i = 0; i < count; ++i)
      if (seen_[n - 1 - static_cast<std::size_t>(back)] == candidates[i]) return true;
  return false;
}

int Game::repetitions() const {
  int count = 0;
  int n = static_cast<int>(seen_.size());
  if (n == 0) return 0;
  int limit = std::min(n - 1, pos_.halfmove_clock());
  // (No earlier position can equal this one: its key is not needed yet.)
  if (limit <= 0 || (seen_pending_ && !may_repeat(limit))) return 0;
  settle_position();
  for (int back = 1; back <= limit; ++back) {
    if (seen_[static_cast<std::size_t>(n - 1 - back)] == seen_.back()) ++count;
  }
  return count;
}

}  // namespace tabula::core
