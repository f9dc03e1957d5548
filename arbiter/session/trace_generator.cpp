#include "session/trace_generator.h"

#include <algorithm>
#include <optional>

#include "core/game.h"
#include "core/notation.h"
#include "core/replay.h"
#include "inference/physical_board.h"

namespace tabula::session {

using core::Move;
using core::MoveKind;
using core::Square;

core::Result<std::vector<Action>> actions_from_record(
    std::shared_ptr<const core::RuleSet> rules, const core::Position& start,
    const std::array<int, core::kMaxSeats>& points, const core::PgnRecord& record) {
  core::ReplayResult rr = core::replay(rules, start, points, record);
  if (!rr.ok) return core::make_error(rr.error, rr.line);
  std::vector<Action> out;
  core::Game g(rules, start, points);
  for (const core::ReplayStep& step : rr.steps) {
    core::MoveText mt = core::split_annotations(step.token);
    // The replay's closing note ("(Green +20)": the others left on time) is
    // no token of the record; only its rulings count.
    bool note = step.seat == core::kNoSeat;
    if (!mt.move.empty() && !note) {
      Move m;
      std::string why;
      if (!core::parse_move(g.position(), mt.move, m, why)) {
        return core::make_error("round " + std::to_string(step.round) + ", " + step.token + ": " +
                                why);
      }
      out.push_back({Action::Kind::kMove, m, g.to_move()});
      g.play(m);
    }
    for (const core::Ruling& r : step.rulings) {
      if (r.kind == core::RulingKind::kResignation) {
        out.push_back({Action::Kind::kResign, {}, r.seat});
        g.resign(r.seat);
      } else if (r.kind == core::RulingKind::kTimeout && r.severity == core::Severity::kInfo) {
        out.push_back({Action::Kind::kTimeout, {}, r.seat});
        g.timeout(r.seat);
      }
    }
  }
  return out;
}

namespace {

// splitmix64: the same numbers on every platform (std distributions are not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  long long range(long long lo, long long hi) {  // inclusive
    if (hi <= lo) return lo;
    return lo + static_cast<long long>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }

 private:
  std::uint64_t state_;
};

// One hand action: a piece lifted from or put on a square.
struct Step {
  Square square;
  bool occupied;
  bool brush = false;  // a sliding piece passing over (put down and lifted at once)
  long long gap_lo = 0;  // the wait after this step, when not the usual one
  long long gap_hi = 0;
  // Session 29: not a hand's step: the reed of a piece that stays chatters
  // (a carried magnet passing over it), and the hand goes on after 20-80 ms.
  bool chatter = false;
};

class Generator {
 public:
  Generator(std::shared_ptr<const core::RuleSet> rules, const core::Position& start,
            const GeneratorSettings& s)
      : rules_(std::move(rules)),
        game_(rules_, start),
        s_(s),
        rng_(s.seed),
        habits_(s.seed ^ 0x5EC7105712ULL),
        runs_(s.seed ^ 0xB0C3D2A9ULL) {}

  core::Result<Script> run(const std::vector<Action>& actions) {
    const core::Geometry& g = rules_->geometry;
    // The setup at time 0, one square after the other.
    physical_ = inference::occupancy_of(game_.position());
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (physical_.test(i)) {
        Square q = static_cast<Square>(i);
        std::vector<Square> cells = g.cells_of(q);
        cell_[i] = cells[static_cast<std::size_t>(
            rng_.range(0, static_cast<long long>(cells.size()) - 1))];
        push(SquareEvent{Millis{0}, cell_[i], true}, i == first_occupied() ? "set-up" : "");
      }
    }
    clock_ = s_.settle + Millis{rng_.range(300, 900)};
    bool can_reply_fast = false;
    for (const Action& a : actions) {
      if (a.kind != Action::Kind::kMove) {
        clock_ += s_.settle + Millis{rng_.range(200, 800)};
        Intent in;
        in.time = clock_;
        in.kind = a.kind == Action::Kind::kResign ? IntentKind::kResign : IntentKind::kTimeout;
        in.seat = a.seat;
        push(in, game_.seat_name(a.seat) +
                     (a.kind == Action::Kind::kResign ? " resigns" : " loses on time"));
        ++script_.stats.operator_actions;
        auto rs = a.kind == Action::Kind::kResign ? game_.resign(a.seat) : game_.timeout(a.seat);
        if (rs.empty())
          return core::make_error(game_.seat_name(a.seat) + " cannot leave the game here");
        can_reply_fast = false;
        tidy_after_rules();
        continue;
      }
      if (!game_.is_legal(a.move)) {
        return core::make_error("move " + std::to_string(script_.moves.size() + 1) +
                                " is not legal in the game");
      }
      if (a.announced) can_reply_fast = false;  // the hands wait for the announcement
      const bool may_overlap = s_.real_hands && can_reply_fast && prev_clean_;
      const bool drawn = may_overlap && rng_.chance(s_.overlap);
      // Three seats' hands in a row: after an overlapping move, the next
      // seat begins before this one has settled too.
      const bool overlap =
          drawn || (may_overlap && prev_overlapped_ && habits_.chance(s_.three_in_a_row));
      if (overlap) {
        clock_ = last_event_;  // play() puts the first lift around the last landing
      } else if (can_reply_fast && rng_.chance(s_.fast_reply)) {
        clock_ = last_event_ + Millis{rng_.range(80, s_.settle.count() * 8 / 10)};
        ++script_.stats.fast_replies;
      } else {
        clock_ = std::max(clock_, last_event_ + s_.settle + Millis{rng_.range(150, 1200)});
      }
      if (script_.moves.empty() && s_.first_move_at) clock_ = *s_.first_move_at;
      bool asked = play(a.move, overlap);
      can_reply_fast = !asked;
      tidy_after_rules();
    }
    // An overlapping move's first lift may come before the events of the
    // move before: the script is in time order.
    std::vector<std::size_t> order(script_.inputs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      return time_of(script_.inputs[x]) < time_of(script_.inputs[y]);
    });
    Script sorted;
    sorted.moves = std::move(script_.moves);
    sorted.stats = script_.stats;
    for (std::size_t i : order) {
      sorted.inputs.push_back(script_.inputs[i]);
      sorted.notes.push_back(script_.notes[i]);
    }
    return sorted;
  }

 private:
  int first_occupied() const {
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (physical_.test(i)) return i;
    }
    return -1;
  }

  template <typename T>
  void push(const T& in, std::string note) {
    script_.inputs.emplace_back(std::in_place_type<T>, in);
    script_.notes.push_back(std::move(note));
  }

  // One reed event (with bounce), at or after the clock.
  void emit(Square q, bool occupied, std::string note = "") {
    const core::Geometry& g = rules_->geometry;
    int i = core::index_of(q);
    if (occupied) {
      std::vector<Square> cells = g.cells_of(q);
      cell_[i] =
          cells[static_cast<std::size_t>(rng_.range(0, static_cast<long long>(cells.size()) - 1))];
    }
    Square cell = cell_[i];
    push(SquareEvent{clock_, cell, occupied}, std::move(note));
    physical_.set(i, occupied);
    last_event_ = clock_;
    last_edge_ = clock_;
    // The reed flickers as the magnet comes or goes: one pair, or (session
    // 29, its own stream) a run of them or a chatter instead. The pair's
    // numbers are drawn either way, so the rest of the script stays the same.
    const bool pair = rng_.chance(s_.bounce);
    Millis flip = pair ? clock_ + Millis{rng_.range(1, 3)} : clock_;
    Millis back = pair ? flip + Millis{rng_.range(1, 4)} : clock_;
    if (std::optional<Millis> end = reed_run(cell, occupied, s_.chatter, s_.bounce_run)) {
      ++script_.stats.bounces;
      last_event_ = *end;
    } else if (pair) {
      ++script_.stats.bounces;
      push(SquareEvent{flip, cell, !occupied}, "");
      push(SquareEvent{back, cell, occupied}, "");
      last_event_ = back;
    }
    if (occupied) filled_[static_cast<std::size_t>(i)] = last_event_;
    clock_ = last_event_ + Millis{1};
  }

  // Session 29: a reed that has just flipped to `occupied` at the clock goes
  // on flipping: a chatter (`chatter` percent: 4-20 flips) or a run of 2-5
  // bounce pairs (`run` percent). The last flip's time, or none drawn.
  std::optional<Millis> reed_run(Square cell, bool occupied, int chatter, int run) {
    if (chatter > 0 && runs_.chance(chatter)) {
      ++script_.stats.chatters;
      return flips(cell, occupied, static_cast<int>(2 * runs_.range(2, 10)));
    }
    if (run > 0 && runs_.chance(run)) {
      ++script_.stats.bounce_runs;
      return flips(cell, occupied, static_cast<int>(2 * runs_.range(2, 5)));
    }
    return std::nullopt;
  }
  // `n` flips (even: the reed ends as it was) spread over 1-5 ms from the
  // clock: a reed's bounce lasts 0.5-1 ms, so at 1 ms a stamp a run shows
  // several flips in one (docs/INFERENCE.md, session 29). The last one's time.
  Millis flips(Square cell, bool occupied, int n) {
    const long long span = runs_.range(1, 5);
    std::vector<long long> at(static_cast<std::size_t>(n));
    for (long long& x : at) x = runs_.range(0, span);
    std::sort(at.begin(), at.end());
    bool state = occupied;
    for (long long x : at) {
      state = !state;
      push(SquareEvent{clock_ + Millis{x}, cell, state}, "");
    }
    return clock_ + Millis{at.back()};
  }

  void wait(long long lo, long long hi) { clock_ += Millis{rng_.range(lo, hi)}; }
  // A piece in the air from lift to landing: 220-900 ms, median about 560
  // (issue 27 item 11: 564 ms on the DGT recordings).
  void air() {
    if (!s_.real_hands) return wait(120, short_gap());
    clock_ += Millis{220 + rng_.range(0, 340) + rng_.range(0, 340)};
  }
  long long short_gap() const { return s_.settle.count() * 6 / 10; }
  // A wait of the hand habits, drawn from their own stream.
  void habit_wait(long long lo, long long hi) { clock_ += Millis{habits_.range(lo, hi)}; }

  // The playable one-cell squares next to q (a king's step away) that are
  // empty (`empty`) or full on the board now.
  std::vector<Square> neighbours(Square q, bool empty) const {
    const core::Geometry& g = rules_->geometry;
    std::vector<Square> out;
    for (int df = -1; df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = core::file_of(q) + df;
        const int r = core::rank_of(q) + dr;
        if ((df == 0 && dr == 0) || !g.contains(f, r)) continue;
        const Square n = core::make_square(f, r);
        if (!g.playable(n) || g.merged(n)) continue;
        if (physical_.test(core::index_of(n)) != empty) out.push_back(n);
      }
    }
    return out;
  }
  Square pick(const std::vector<Square>& from) {
    return from[static_cast<std::size_t>(
        habits_.range(0, static_cast<long long>(from.size()) - 1))];
  }

  // The piece lands on an empty neighbour of its square first, rests
  // 120-400 ms (shorter than the settle time) and is slid on (session 12).
  // Never a square the piece could legally go to: a released piece there
  // would be that move (FIDE 4.7), which a reed cannot tell from a bounce
  // (docs/INFERENCE.md, "Hand habits"), nor a square the move before touched.
  void bounce_aside(const Move& m, core::SquareSet& squares) {
    std::vector<Square> aside;
    for (Square n : neighbours(m.to, true)) {
      bool landing = n == m.from || prev_squares_.test(core::index_of(n));
      for (const Move& o : game_.legal_moves()) landing = landing || (o.from == m.from && o.to == n);
      if (!landing) aside.push_back(n);
    }
    if (aside.empty()) return;
    const Square n = pick(aside);
    ++script_.stats.bounced_aside;
    emit(n, true);
    habit_wait(120, 400);
    emit(n, false);
    habit_wait(40, 200);
    squares.set(core::index_of(n));
  }

  // The withdrawing hand knocks a piece next to the landing and sets it
  // straight (session 12): lifted and put back on its square, or knocked
  // onto an empty neighbour (never a square that piece could go to in the
  // next seat's turn: that would be a move) and put back. Every rest is
  // shorter than the settle time.
  void knock(const Move& m, Square landing, core::SquareSet& squares) {
    core::Game next = game_;
    next.play(m);
    std::vector<Square> near;
    for (Square q : neighbours(landing, false)) {
      // Not a piece the rules take off after the move (the hands remove it).
      if (!squares.test(core::index_of(q)) && !next.position().at(q).empty()) near.push_back(q);
    }
    if (near.empty()) return;
    const Square q = pick(near);
    std::vector<Square> aside;
    if (habits_.chance(50)) {
      const core::MoveList replies = next.legal_moves();
      for (Square n : neighbours(q, true)) {
        bool move = false;
        for (const Move& o : replies) move = move || (o.from == q && o.to == n);
        if (!move && !squares.test(core::index_of(n))) aside.push_back(n);
      }
    }
    ++script_.stats.knocks;
    habit_wait(30, 150);
    emit(q, false);
    if (!aside.empty()) {
      const Square n = pick(aside);
      ++script_.stats.knocked_aside;
      habit_wait(15, 60);
      emit(n, true);
      habit_wait(200, 450);
      emit(n, false);
      habit_wait(80, 250);
      squares.set(core::index_of(n));
    } else {
      habit_wait(150, 400);
    }
    emit(q, true);
    squares.set(core::index_of(q));
  }

  // The empty squares strictly between a and b on a straight line.
  std::vector<Square> path(Square a, Square b) const {
    std::vector<Square> out;
    int df = core::file_of(b) - core::file_of(a);
    int dr = core::rank_of(b) - core::rank_of(a);
    if (!(df == 0 || dr == 0 || std::abs(df) == std::abs(dr))) return out;
    int n = std::max(std::abs(df), std::abs(dr));
    int sf = (df > 0) - (df < 0);
    int sr = (dr > 0) - (dr < 0);
    for (int k = 1; k < n; ++k) {
      Square q = core::make_square(core::file_of(a) + sf * k, core::rank_of(a) + sr * k);
      q = rules_->geometry.anchor(q);
      if (rules_->geometry.playable(q) && !physical_.test(core::index_of(q))) out.push_back(q);
    }
    return out;
  }

  void add_slide(std::vector<Step>& steps, Square from, Square to, bool slide) {
    if (!slide) return;
    std::vector<Square> on_the_way = path(from, to);
    if (!on_the_way.empty()) ++script_.stats.slides;
    // A hand resting 0.3-0.9 s on one square of the path (issue 27 item 11),
    // where the piece may legally stop: a rest on a square it may not stop on
    // (a pinned piece, a check not blocked there) would be a wrong board.
    std::optional<Square> rest;
    if (s_.real_hands && !on_the_way.empty() && rng_.chance(s_.rest)) {
      Square q = on_the_way[static_cast<std::size_t>(
          rng_.range(0, static_cast<long long>(on_the_way.size()) - 1))];
      for (const Move& o : game_.legal_moves()) {
        if (o.from == from && o.to == q && o.kind == MoveKind::kNormal) rest = q;
      }
      if (rest) ++script_.stats.rests;
    }
    for (Square q : on_the_way) {
      if (rest && *rest == q) {
        steps.push_back({q, true, true, 300, 900});
      } else {
        steps.push_back({q, true, true});
      }
      steps.push_back({q, false, true});
    }
  }

  // What a move does to the squares, as the game plays it: the king's and
  // the rook's squares of a castling (kNoSquare where a square is both left
  // and entered), and the squares emptied besides the mover's own (the pawn
  // taken en passant).
  struct Changes {
    Square king_from = core::kNoSquare;
    Square king_to = core::kNoSquare;
    Square rook_from = core::kNoSquare;
    Square rook_to = core::kNoSquare;
    std::vector<Square> victims;
  };
  Changes changes_of(const Move& m) const {
    const core::Position& before = game_.position();
    core::Game next = game_;
    next.play(m);
    const core::Position& after = next.position();
    Changes c;
    const core::Seat seat = game_.to_move();
    const core::PieceKind king = rules_->royal_kind();
    for (int i = 0; i < core::kMaxSquares; ++i) {
      Square q = static_cast<Square>(i);
      if (!rules_->geometry.playable(q)) continue;
      const core::Piece was = before.at(q);
      const core::Piece now = after.at(q);
      const bool left = !was.empty() && now.empty();
      const bool entered = was.empty() && !now.empty();
      if (left && was.seat != seat) c.victims.push_back(q);
      if (m.kind != MoveKind::kCastle || (was.seat != seat && now.seat != seat)) continue;
      if (left) (was.kind == king ? c.king_from : c.rook_from) = q;
      if (entered) (now.kind == king ? c.king_to : c.rook_to) = q;
    }
    return c;
  }

  // The hand actions of a move, in one of the orders a person might use.
  std::vector<Step> steps_of(const Move& m) {
    const core::Position& pos = game_.position();
    bool slide = rng_.chance(s_.slide);
    std::vector<Step> steps;
    switch (m.kind) {
      case MoveKind::kPlacement:
        steps.push_back({m.to, true});
        break;
      case MoveKind::kCastle: {
        // Which squares the king and the rook leave and take: from the game
        // itself (issue 31 item 12), the position after the move against the
        // one before, never from a rule table read here.
        Changes c = changes_of(m);
        bool overlap = c.king_from == core::kNoSquare || c.king_to == core::kNoSquare ||
                       c.rook_from == core::kNoSquare || c.rook_to == core::kNoSquare;
        if (overlap) {
          // A square both left and entered (the king onto the rook's square):
          // the rule's squares say which, the game's said the rest.
          const core::CastlingRule& r = rules_->castling[m.castle];
          c = Changes{r.king_from, r.king_to, r.rook_from, r.rook_to, {}};
        }
        long long order = overlap          ? 2
                          : !s_.real_hands ? rng_.range(0, 2)
                          : rng_.chance(s_.castle_king_first) ? 0
                                                              : rng_.range(1, 2);
        if (!overlap && s_.real_hands && habits_.chance(s_.one_hand_castle)) {
          // One hand takes king and rook together (5-60 ms apart, either
          // first) and sets them down 20-120 ms apart, either first.
          ++script_.stats.one_hand_castles;
          const bool king_up_first = habits_.chance(50);
          const bool king_down_first = habits_.chance(50);
          const long long up_gap = habits_.range(5, 60);
          const long long down_gap = habits_.range(20, 120);
          steps.push_back({king_up_first ? c.king_from : c.rook_from, false, false, up_gap, up_gap});
          steps.push_back({king_up_first ? c.rook_from : c.king_from, false});
          steps.push_back(
              {king_down_first ? c.king_to : c.rook_to, true, false, down_gap, down_gap});
          steps.push_back({king_down_first ? c.rook_to : c.king_to, true});
          break;
        }
        ++(order == 0   ? script_.stats.castle_king_first
           : order == 1 ? script_.stats.castle_rook_first
                        : script_.stats.castle_both_lifted);
        if (order == 0) {  // king first
          steps.push_back({c.king_from, false});
          add_slide(steps, c.king_from, c.king_to, slide);
          steps.push_back({c.king_to, true});
          steps.push_back({c.rook_from, false});
          steps.push_back({c.rook_to, true});
        } else if (order == 1) {  // rook first
          steps.push_back({c.rook_from, false});
          steps.push_back({c.rook_to, true});
          steps.push_back({c.king_from, false});
          steps.push_back({c.king_to, true});
        } else {  // both lifted
          steps.push_back({c.king_from, false});
          steps.push_back({c.rook_from, false});
          steps.push_back({c.king_to, true});
          steps.push_back({c.rook_to, true});
        }
        break;
      }
      case MoveKind::kEnPassant: {
        // The captured pawn's square from the game (issue 31 item 12: on a
        // four-player board several en passant entries may be open at once,
        // of several seats; the game knows which pawn this one takes).
        Changes c = changes_of(m);
        long long order = rng_.range(0, 2);
        ++script_.stats.en_passant;
        for (std::size_t k = 0; k < c.victims.size() && order == 1; ++k)
          steps.push_back({c.victims[k], false});
        steps.push_back({m.from, false});
        for (std::size_t k = 0; k < c.victims.size() && order == 2; ++k)
          steps.push_back({c.victims[k], false});
        steps.push_back({m.to, true});
        for (std::size_t k = 0; k < c.victims.size() && order == 0; ++k)
          steps.push_back({c.victims[k], false});
        break;
      }
      default: {
        bool capture = !pos.at(m.to).empty();
        bool victim_first = capture && rng_.chance(s_.victim_first);
        if (capture) ++(victim_first ? script_.stats.victim_first : script_.stats.mover_first);
        // The capturer pushing the victim off its square: the reed opens
        // 20-120 ms as one magnet leaves and the other comes, no lift of its own.
        const bool push =
            capture && !victim_first && s_.real_hands && habits_.chance(s_.push_capture);
        if (victim_first) steps.push_back({m.to, false});
        if (push) {
          ++script_.stats.push_captures;
          steps.push_back({m.from, false});
          add_slide(steps, m.from, m.to, slide);
          const long long open = habits_.range(20, 120);
          steps.push_back({m.to, false, false, open, open});
          steps.push_back({m.to, true});
          break;
        }
        if (capture && !victim_first && s_.real_hands) {
          // The capturer held in the air 0.4-0.9 s while the victim is
          // removed (5 of 11 captures on the recordings).
          steps.push_back({m.from, false, false, 150, 450});
          // Session 29: the victim's reed chattering as the capturer's
          // magnet passes over it (its piece stays).
          if (s_.victim_chatter > 0 && runs_.chance(s_.victim_chatter)) {
            Step c{m.to, true};
            c.chatter = true;
            steps.push_back(c);
          }
        } else {
          steps.push_back({m.from, false});
        }
        add_slide(steps, m.from, m.to, slide);
        if (capture && !victim_first) {
          if (s_.real_hands) {
            steps.push_back({m.to, false, false, 250, 450});
          } else {
            steps.push_back({m.to, false});
          }
        }
        steps.push_back({m.to, true});
        break;
      }
    }
    return steps;
  }

  // Plays one move at the table. Returns whether the kiosk had to be answered.
  bool play(const Move& m, bool overlap) {
    const core::Position& pos = game_.position();
    core::Seat seat = game_.to_move();
    std::string text = core::long_algebraic(pos, m);
    std::string note =
        std::to_string(pos.fullmove_number()) + ". " + game_.seat_name(seat) + " " + text;
    // An own piece straightened before the move.
    if (!overlap && rng_.chance(s_.adjust)) {
      std::vector<Square> own;
      for (int i = 0; i < core::kMaxSquares; ++i) {
        Square q = static_cast<Square>(i);
        if (rules_->geometry.playable(q) && !pos.at(q).empty() && pos.at(q).seat == seat)
          own.push_back(q);
      }
      if (!own.empty()) {
        Square q =
            own[static_cast<std::size_t>(rng_.range(0, static_cast<long long>(own.size()) - 1))];
        ++script_.stats.adjustments;
        emit(q, false, note + " (adjusts " + rules_->geometry.name(q) + " first)");
        note.clear();
        wait(120, short_gap());
        emit(q, true);
        wait(120, short_gap());
      }
    }
    std::vector<Step> steps = steps_of(m);
    // The move before has settled (no fast reply, no overlap): a bounce
    // aside during a fast reply is not generated (docs/INFERENCE.md, "Hand
    // habits": four-kingdoms fast recapture game 2 trace seed 5, left).
    const bool settled_before = !overlap && clock_ >= prev_done_ + s_.settle;
    bool hesitate = rng_.chance(s_.hesitate);
    // Overlapping (issue 27 item 11): the first lift of this move within
    // 270 ms of the last landing of the move before, either side of it, but
    // after that move's last lift, and not of a square it touched.
    bool overlapped = false;
    if (overlap && !steps.empty() && !steps.front().occupied && !steps.front().brush &&
        !prev_squares_.test(core::index_of(steps.front().square)) &&
        pos.at(steps.front().square).seat == seat) {
      clock_ = std::max(prev_last_lift_ + Millis{1}, prev_placed_ + Millis{rng_.range(-270, 270)});
      // Never before its piece stood there: a piece the move before the last
      // put down may land after the last move's first lift (three moves
      // overlapping: famous.pgn game 2, 39. Qxh8 Rd3 40. Qa8 lifted the queen
      // from h8 before it landed there).
      clock_ = std::max(clock_, filled_[static_cast<std::size_t>(
                                    core::index_of(steps.front().square))] +
                                    Millis{30});
      // Nor before the seat's own move before is done (in a game of two, the
      // move before the last: Black lifting his bishop while his castling
      // rook was still in the air, famous.pgn game 5).
      clock_ = std::max(clock_, seat_done_[static_cast<std::size_t>(seat)] + Millis{30});
      overlapped = true;
      hesitate = false;
      ++script_.stats.overlaps;
      if (prev_overlapped_) ++script_.stats.chained;
    } else if (overlap) {
      clock_ = std::max(clock_, last_event_ + Millis{rng_.range(80, s_.settle.count() * 8 / 10)});
    }
    Millis last_lift = clock_;
    core::SquareSet squares;
    const bool last_lands =
        !steps.empty() && steps.back().occupied && steps.back().square == m.to &&
        m.kind != MoveKind::kCastle && m.kind != MoveKind::kPlacement;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const Step& st = steps[k];
      if (st.chatter) {
        ++script_.stats.victim_chatters;
        const int i = core::index_of(st.square);
        const Millis end = flips(cell_[static_cast<std::size_t>(i)], true,
                                 static_cast<int>(2 * runs_.range(2, 10)));
        last_event_ = std::max(last_event_, end);
        clock_ = end + Millis{runs_.range(20, 80)};
        continue;
      }
      if (k + 1 == steps.size() && last_lands && settled_before && s_.real_hands &&
          habits_.chance(s_.bounce_aside))
        bounce_aside(m, squares);
      emit(st.square, st.occupied, note);
      note.clear();
      squares.set(core::index_of(st.square));
      if (!st.occupied) last_lift = last_edge_;
      if (k + 1 == steps.size()) break;
      if (st.gap_hi > 0) {
        wait(st.gap_lo, st.gap_hi);
      } else if (st.brush) {
        // The magnet passing over the reed, then on to the next square.
        if (st.occupied) {
          wait(20, 160);
        } else {
          wait(5, 60);
        }
      } else if (!st.occupied && hesitate) {
        // A piece held in the air longer than the settle time: not a move.
        hesitate = false;
        ++script_.stats.hesitations;
        wait(s_.settle.count() * 12 / 10, s_.settle.count() * 3);
      } else if (!st.occupied) {
        air();
      } else {
        wait(120, short_gap());
      }
      // The rest of an overlapping move comes after the move before is down.
      if (overlapped && k == 0) clock_ = std::max(clock_, prev_done_ + Millis{30});
    }
    Millis placed = last_edge_;
    // The promoted piece swapped in, or the moved piece straightened.
    bool promotion = m.promotion != core::kNoKind && m.kind != MoveKind::kPlacement;
    prev_clean_ = true;
    if (!promotion && s_.real_hands && habits_.chance(s_.knock)) {
      prev_clean_ = false;
      knock(m, m.kind == MoveKind::kCastle ? rules_->castling[m.castle].king_to : m.to, squares);
    }
    if ((promotion && rng_.chance(s_.swap_promoted)) || rng_.chance(s_.adjust / 2)) {
      prev_clean_ = false;
      wait(120, short_gap());
      Square landing = m.kind == MoveKind::kCastle ? rules_->castling[m.castle].king_to : m.to;
      ++script_.stats.adjustments;
      emit(landing, false);
      wait(120, promotion ? 1500 : short_gap());
      emit(landing, true);
    }
    Millis done = last_event_;
    // The kiosk asks which piece when the variant offers more than one.
    int choices = 0;
    if (m.promotion != core::kNoKind) {
      for (const Move& o : game_.legal_moves()) {
        if (o.from == m.from && o.to == m.to && o.kind == m.kind) ++choices;
      }
    }
    game_.play(m);
    script_.moves.push_back({m, seat, text, done, placed});
    prev_placed_ = placed;
    prev_overlapped_ = overlapped;
    prev_done_ = std::max(done, prev_done_);
    seat_done_[static_cast<std::size_t>(seat)] = done;
    prev_last_lift_ = last_lift;
    prev_squares_ = squares;
    if (choices > 1) {
      clock_ = done + s_.settle + Millis{rng_.range(100, 400)};
      Intent in;
      in.time = clock_;
      in.kind = IntentKind::kChoosePiece;
      in.piece = m.promotion;
      push(in, "the kiosk answers: " + rules_->piece(m.promotion).name);
      ++script_.stats.choices_answered;
      return true;
    }
    return false;
  }

  // Pieces the rules removed (or added) are taken off (put on) by hand.
  void tidy_after_rules() {
    core::SquareSet want = inference::occupancy_of(game_.position());
    core::SquareSet off = physical_ & ~want;
    core::SquareSet on = want & ~physical_;
    if ((off | on).none()) return;
    prev_clean_ = false;
    clock_ = std::max(clock_, last_event_ + s_.settle + Millis{rng_.range(200, 600)});
    std::string note = "the pieces the rules removed are taken off";
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (!(off | on).test(i)) continue;
      emit(static_cast<Square>(i), on.test(i), note);
      note.clear();
      wait(150, 400);
    }
  }

  std::shared_ptr<const core::RuleSet> rules_;
  core::Game game_;
  GeneratorSettings s_;
  Rng rng_;
  Rng habits_;  // session 12's hand habits: a stream of their own
  Rng runs_;    // session 29's runs of bounces and chatters: one more
  Script script_;
  core::SquareSet physical_;
  std::array<Square, core::kMaxSquares> cell_{};
  Millis clock_{0};
  Millis last_event_{0};
  Millis last_edge_{0};  // the first edge of the last reed event (before its bounce)
  // The move before, for an overlapping next move (issue 27 item 11).
  bool prev_clean_ = false;  // it ended with its landing (no straightening, nothing removed)
  bool prev_overlapped_ = false;  // its first lift overlapped the move before
  Millis prev_placed_{0};
  Millis prev_done_{0};
  Millis prev_last_lift_{0};
  core::SquareSet prev_squares_;
  // When each square was last filled (its landing's last reed event).
  std::array<Millis, core::kMaxSquares> filled_{};
  // When each seat's last move was done (its last reed event).
  std::array<Millis, core::kMaxSeats> seat_done_{};
};

}  // namespace

core::Result<Script> generate_script(std::shared_ptr<const core::RuleSet> rules,
                                     const core::Position& start,
                                     const std::vector<Action>& actions,
                                     const GeneratorSettings& settings) {
  Generator g(std::move(rules), start, settings);
  return g.run(actions);
}

}  // namespace tabula::session
