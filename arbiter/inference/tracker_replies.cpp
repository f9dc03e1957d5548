// tracker_replies.cpp — the Tracker (tracker.h) where two seats' hands overlap:
// fast replies, the game one tentative move further, and the next seat
// beginning before the move before is seen whole (issues 18, 22, 27).
#include "inference/tracker.h"

#include <algorithm>
#include <optional>

namespace tabula::inference {

namespace {
// One poll of a real DGT board (issue 27 item 9): events within it come in
// either order.
constexpr Millis kOnePoll{270};
}  // namespace

using core::Move;
using core::Piece;
using core::Square;
using core::SquareSet;

void Tracker::drop_impossible_after_tentative(std::vector<std::size_t>& matches) const {
  // Issue 22 item 2: the board showed T (a piece standing on T's landing
  // square); the next player adjusts a piece, then lifts T's piece to take
  // it. The occupancy may then also read as another capture by T's piece
  // from its origin, onto the square just adjusted. That reading needs the
  // piece to have left T's landing square before that square was refilled:
  // follow where the piece went, or the fast recapture is lost.
  if (!tentative_ || tentative_->groups.size() != 1) return;
  const std::size_t ti = tentative_->groups.front();
  std::erase_if(matches, [&](std::size_t i) {
    return i != ti && filled_before_it_left(ti, i, groups_[i].footprint.kept);
  });
}

bool Tracker::filled_before_it_left(std::size_t t, std::size_t m, const SquareSet& squares) const {
  // M (another move of T's piece from the same origin) needs the piece to
  // have left where T put it before M's `squares` were filled: one of them
  // filled no later than that is another hand's.
  const Footprint& tf = groups_[t].footprint;
  if (tf.origin == core::kNoSquare || groups_[m].footprint.origin != tf.origin) return false;
  const SquareSet landing = (tf.changed & ~expected_) | tf.kept;
  std::uint64_t left = 0;  // when T's piece last left where T put it
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (landing.test(q)) left = std::max(left, summary_.last_up[q]);
  }
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (squares.test(q) && !ignored().test(q) && summary_.last_down[q] <= left) return true;
  }
  return false;
}


bool Tracker::stands_on_tentative_landing(std::size_t m) const {
  // The tentative move T's piece stands on T's landing, untouched since the
  // board showed T (a capture's victim lifted before): no other move M of
  // that piece from the same origin was made.
  if (!tentative_ || tentative_->groups.size() != 1) return false;
  const Footprint& tf = groups_[tentative_->groups.front()].footprint;
  if (tf.origin == core::kNoSquare || groups_[m].footprint.origin != tf.origin) return false;
  const SquareSet landing = (tf.changed & ~expected_) | tf.kept;
  if (landing.none()) return false;
  // Shown again only by a reed's flicker (its first flip a fill of the
  // landing): a real lift of the landing after the board first showed T
  // still counts (session 13, chesscom-teams soak seed 533 with the habits:
  // the king of O-O bounced onto a6, Ka7-a6 shown; lifted off a6 with its
  // reed bouncing, the bounce showed Ka7-a6 again for 1 ms; the rook later
  // landed on a6 and the castling was refused as the king "still" on a6).
  const Touch* shown_by = nullptr;
  for (const Touch& t : log_.touches()) {
    if (t.seq == tentative_->seq) shown_by = &t;
  }
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!landing.test(q)) continue;
    const std::uint64_t up = summary_.last_up[q];
    if (!board_.occupied().test(q) || up >= tentative_->seq) return false;
    if (shown_by != nullptr && shown_by->flicker && up != 0) {
      for (const Touch& t : log_.touches()) {
        if (t.seq == up && t.time > tentative_->shown) return false;
      }
    }
  }
  return true;
}

const Tracker::After* Tracker::after(const MoveSource* src) {
  if (!tentative_ || tentative_->groups.size() != 1 || src == nullptr) return nullptr;
  const CandidateGroup& t = groups_[tentative_->groups.front()];
  const Move& m = t.moves.front();
  if (after_ && after_key_ == m) return after_->game ? &*after_ : nullptr;
  after_key_ = m;
  after_ = after_of(t, *src);
  return after_->game ? &*after_ : nullptr;
}

Tracker::After Tracker::played(const core::Game& before, const CandidateGroup& t, const MoveSource& src) {
  After out;
  core::Game g = before;
  std::vector<core::Ruling> rulings = g.play(t.moves.front());
  if (rulings.empty() || rulings.front().kind == core::RulingKind::kIllegalMove ||
      g.outcome().over) {
    return out;
  }
  out.expected = occupancy_of(g.position());
  out.groups = candidate_groups(g.position(), src.moves(g));
  out.game = std::move(g);
  return out;
}

Tracker::After Tracker::after_of(const CandidateGroup& t, const MoveSource& src) const {
  After out = played(src.game(), t, src);
  if (!out.game) return out;
  // What the hands leave after T, and pieces the rules then add or remove.
  SquareSet shown = expected_ ^ t.footprint.changed;
  out.ignored = ignored() | (shown ^ out.expected);
  out.targets = capture_targets(out.groups, out.expected);
  return out;
}

bool Tracker::whole_with_later_lifts(const CandidateGroup& r, const After& a,
                                     const TouchSummary& touches) const {
  // The reply r seen whole from the position after T, and every other
  // difference a piece lifted by a seat other than r's, each after r's own
  // piece left its square: the seat after r has begun (real hands, issue 27
  // item 11: each lift within 270 ms of the landing before it).
  const Evidence ev1 = Evidence::of(a.expected, board_.occupied(), a.ignored, touches);
  const SquareSet rest = ev1.diff & ~r.footprint.touched();
  const Square o = r.footprint.origin;
  if (rest.none() || o == core::kNoSquare) return false;
  const core::Position& after_pos = a.game->position();
  const std::uint64_t began = touches.last_up[static_cast<std::size_t>(core::index_of(o))];
  if (began == 0) return false;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!rest.test(q)) continue;
    if (!a.expected.test(q) || board_.occupied().test(q) ||
        after_pos.at(static_cast<Square>(q)).seat == after_pos.to_move() ||
        touches.last_up[static_cast<std::size_t>(q)] <= began)
      return false;
  }
  const SquareSet skip = a.ignored | rest;
  return shows_result(r.footprint, Evidence::of(a.expected, board_.occupied(), skip, touches));
}

bool Tracker::whole_with_a_later_move(const CandidateGroup& r, const After& a,
                                      const TouchSummary& touches, const MoveSource& src) const {
  // The reply r seen whole from the position after T, and every other
  // difference the move of the seat after r, whole or under way, begun
  // after r's piece left its square: three hands in a row, none of them
  // settled (real hands with commit_at_once off, issue 27 item 11: FFA
  // 104038635, Qd5-d9 resting on d8, Yellow's j13-j12 and Red's Bm9-h4
  // landing within 450 ms of the queen).
  if (r.moves.size() != 1) return false;
  const SquareSet rest =
      Evidence::of(a.expected, board_.occupied(), a.ignored, touches).diff & ~r.footprint.touched();
  const Square o = r.footprint.origin;
  if (rest.none() || o == core::kNoSquare) return false;
  const std::uint64_t began = touches.last_up[static_cast<std::size_t>(core::index_of(o))];
  if (began == 0) return false;
  // Every other difference is a touch after r began (allies-vassals, the
  // bench's seed 48: the queen brushing k8 on its way to l8 was no Qj8-k8
  // with k8 lifted by the seat after next, long before Blue began).
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (rest.test(q) && std::max(touches.last_up[static_cast<std::size_t>(q)],
                                 touches.last_down[static_cast<std::size_t>(q)]) <= began)
      return false;
  }
  if (!shows_result(r.footprint,
                    Evidence::of(a.expected, board_.occupied(), a.ignored | rest, touches)))
    return false;
  core::Game g = *a.game;
  std::vector<core::Ruling> rulings = g.play(r.moves.front());
  if (rulings.empty() || rulings.front().kind == core::RulingKind::kIllegalMove ||
      g.outcome().over)
    return false;
  const SquareSet expected = occupancy_of(g.position());
  const SquareSet ignore = a.ignored | ((a.expected ^ r.footprint.changed) ^ expected);
  const Evidence ev2 = Evidence::of(expected, board_.occupied(), ignore, touches);
  if ((ev2.diff & ~rest).any()) return false;
  for (const CandidateGroup& m : candidate_groups(g.position(), src.moves(g))) {
    const Square mo = m.footprint.origin;
    if (mo == core::kNoSquare ||
        touches.last_up[static_cast<std::size_t>(core::index_of(mo))] <= began)
      continue;
    if (shows_result(m.footprint, ev2) || on_the_way(m.footprint, ev2)) return true;
  }
  return false;
}

std::optional<Tracker::Overlap> Tracker::overlapping_reading(
    const MoveSource* src, const Evidence& ev, std::optional<std::size_t> went_on,
    bool& two_readings) const {
  // Issue 27 item 9 (real DGT recordings): the next player's hand is often on
  // his piece within the same poll as the last landing of the move before,
  // and now and then before it (Ng8-f6 lands 40 ms after White lifts d2).
  // The board then shows no move from the position, yet it can be read one
  // way: move M whole (every square of its footprint as M leaves it, a
  // capture's square refilled after the mover left), and the remaining
  // differences the next seat's reply under way from the position after M
  // (pieces lifted that are not the mover's, perhaps one already landed), or
  // that reply whole with the seat after it already lifting (a third hand:
  // the mover's next piece in a game of two).
  // Only a single such M is a reading; several, or none, are judged as before.
  if (src == nullptr) return std::nullopt;
  const core::Position& pos = src->game().position();
  const SquareSet ignore = ignored();
  std::optional<Overlap> found;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    const Footprint& f = groups_[i].footprint;
    const SquareSet own = f.changed & ~ignore;
    if ((ev.diff & f.touched()) != own || own.none()) continue;
    const SquareSet rest = ev.diff & ~f.touched();
    if (rest.none()) continue;
    if (went_on) {
      // The piece that stood on a waypoint stays, or goes on over it, or
      // it is not the piece that moved: a move of it elsewhere is no reading.
      const CandidateGroup& w = groups_[*went_on];
      if (i != *went_on && f.origin == w.footprint.origin &&
          !lies_between(f.origin, w.moves.front().to, groups_[i].moves.front().to))
        continue;
      // Going on, the piece left the waypoint before it landed: a landing
      // filled before the waypoint's last lift was another hand's
      // (drop_impossible_after_tentative's rule; corners-mini soak seed
      // 472: Bd2-b4 resting where it could go on to take the queen on a5;
      // Grey straightened that queen, then lifted the bishop off b4 to take
      // it with his bishop from a3, and Bd2xQa5 was read).
      if (i != *went_on && filled_before_it_left(*went_on, i, (f.changed & ~expected_) | f.kept))
        continue;
    }
    if (landed_before_it_left(groups_[i])) continue;
    // Nor another move of the tentative move's piece whose landing was
    // filled while that piece stood on the tentative move's landing still
    // (corners-mini soak seed 533, commit_at_once off: Qe6xg6 was read with
    // Pink's queen lifted; that queen, taking it, brushed f5, and Qe6-f5
    // with Pink's queen under way was read).
    if (tentative_ && tentative_->groups.size() == 1 && tentative_->groups.front() != i &&
        stands_on_tentative_landing(i))
      continue;
    // Not a reading: the mover's own hand on a second piece (unless the
    // reply is seen whole and that lift came after it began: his next
    // move), or a lifted piece that the moving piece could still take: a
    // victim lifted first while the piece brushes a square on its way there
    // (Qd1 over e2 to take on f3), or while it is still at its origin.
    SquareSet reach;
    const Square landing = groups_[i].moves.front().to;
    for (const CandidateGroup& h : groups_) {
      if (h.footprint.origin != f.origin || f.origin == core::kNoSquare) continue;
      if (groups_[i].moves.front().kind == core::MoveKind::kCastle ||
          lies_between(f.origin, landing, h.moves.front().to))
        reach |= h.footprint.kept | (h.footprint.changed & expected_);
    }
    if (f.origin != core::kNoSquare) reach.reset(core::index_of(f.origin));
    bool mover_lifted = false;
    bool victim_lifted = false;
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (!rest.test(q) || !expected_.test(q) || board_.occupied().test(q)) continue;
      if (pos.at(static_cast<Square>(q)).seat == mover_) mover_lifted = true;
      if (reach.test(q)) victim_lifted = true;
    }
    if (!shows_result(f, Evidence::of(expected_, board_.occupied(), ignore | rest, summary_)))
      continue;
    After a = after_of(groups_[i], *src);
    if (!a.game) continue;
    // The waypoint itself, with a knight standing on its landing beside the
    // longer move's filled landing: the hands told, the piece went on.
    if (went_on && i == *went_on &&
        std::any_of(a.groups.begin(), a.groups.end(),
                    [&](const CandidateGroup& r) { return went_on_beside(i, r, pos); }))
      continue;
    Evidence ev1 = Evidence::of(a.expected, board_.occupied(), a.ignored, summary_);
    bool reply = false;
    bool reply_whole = false;
    bool later_lifts = false;
    const Touch* landed = nullptr;  // M's landing, when the reply took on it later
    SquareSet shown_reply;          // the squares of the replies seen whole
    const SquareSet m_landing = (f.changed & ~expected_) | f.kept;
    // A third seat's hand already on its piece (three seats' hands in a row,
    // session 13, corners-mini soak seed 493 with the habits: White's
    // Qe4-d3 lands as Grey holds his d4 pawn and Black his h6 queen): its
    // lifts are not the reply's squares; the reply may still be under way.
    SquareSet third;
    const core::Seat reply_seat = a.game->to_move();
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (!ev1.diff.test(q) || !a.expected.test(q) || board_.occupied().test(q)) continue;
      const core::Seat s = a.game->position().at(static_cast<Square>(q)).seat;
      if (s != reply_seat && s != mover_) third.set(q);
    }
    const Evidence ev3 = Evidence::of(a.expected, board_.occupied(), a.ignored | third, summary_);
    // M's landing: the first fill of its square after its piece last left
    // its origin (0: not known, castling or a placement).
    const Touch* m_landed = nullptr;
    if (f.origin != core::kNoSquare && core::is_valid(landing)) {
      const std::uint64_t m_up = summary_.last_up[static_cast<std::size_t>(core::index_of(f.origin))];
      for (const Touch& t : log_.touches()) {
        if (t.square == landing && t.occupied && !t.flicker && t.seq > m_up) {
          m_landed = &t;
          break;
        }
      }
    }
    // The reply r landed before M did, by more than one poll of a real
    // board (issue 27 item 9: landings in the same 270 ms poll come in
    // either order; White's d2-d4 reported 40 ms before Black's knight on f6).
    const auto landed_first = [&](const CandidateGroup& r) {
      const Square r_to = r.moves.front().to;
      if (m_landed == nullptr || r.footprint.origin == core::kNoSquare || !core::is_valid(r_to) ||
          !board_.occupied().test(core::index_of(r_to)))
        return false;
      const std::uint64_t down = summary_.last_down[static_cast<std::size_t>(core::index_of(r_to))];
      for (const Touch& t : log_.touches()) {
        if (t.seq == down) return m_landed->time - t.time > kOnePoll;
      }
      return false;
    };
    for (const CandidateGroup& r : a.groups) {
      // A piece lands after it leaves, the reply's too (session 12, a hand
      // knocking g7 onto f6 after Qh6-g6 landed: g7-g6 "shown" with Qh6-f6).
      // And no reply lands a poll or more before the move it answers
      // (session 18, chess soak seed 5410: Bc3-d4 landed, Black lifted f6,
      // White lifted the bishop again and Black's knight landed on d7 488 ms
      // before the bishop, going on to g7, rested on e5: Bc3-e5 with
      // Nf6-d7 was committed).
      const bool impossible = landed_before_it_left(r, ev1.diff & board_.occupied()) || landed_first(r);
      const bool whole = !impossible && shows_result(r.footprint, ev1);
      const bool lifted_on = !whole && !impossible && whole_with_later_lifts(r, a, summary_);
      later_lifts = later_lifts || lifted_on;
      reply = reply || whole || lifted_on ||
              (!impossible && (on_the_way(r.footprint, ev1) ||
                               (third.any() && on_the_way(r.footprint, ev3))));
      // A reply taking on M's landing square "shown" by M's own landing
      // is the victim of M in the air (a victim lifted first): no proof,
      // unless that square was emptied and filled again after M's piece
      // landed there (the victim lifted from it, the capturer put down).
      const SquareSet on_landing = r.footprint.kept & m_landing;
      if (!(whole || lifted_on)) continue;
      // Nor is a reply with a square not compared (a piece the rules take
      // off after M, a masked sensor): part of it is unseen, as for a move
      // (Wait::kSettle), so it is under way at most (session 20,
      // corners-mini soak seed 5936: White's e3 bishop lifted as Black's
      // victim, the queen brushing g5 on its way from h6 to take it;
      // Qh6-g5 mates Pink, whose d4 pawn is then taken off, and Be3-d4
      // "landing" on that unseen square proved Qh6-g5).
      if ((r.footprint.touched() & a.ignored).any()) continue;
      shown_reply |= r.footprint.touched();
      if (on_landing.none()) {
        reply_whole = true;
      } else if (const Touch* l = landed_again(on_landing); l != nullptr && !filled_before_lift(f.origin, *l)) {
        reply_whole = true;
        landed = l;
      }
    }
    if (!reply || (mover_lifted && !later_lifts)) continue;
    // A lifted piece the moving piece could still take may be the victim of
    // a longer capture under way (the piece resting on its way there); a
    // reply seen whole says it was not (issue 27 item 11, four-kingdoms: the
    // bishop resting on b8, Red's pawn lifted from h2 on its diagonal, is
    // Ba9-b8 once that pawn stands on h4).
    if (victim_lifted && !reply_whole) continue;
    // The waypoint left may have been lifted by the next seat taking the
    // piece resting there, not by that piece going on; M's landing is then
    // the capturer resting on its way to the waypoint (a reply not seen
    // whole yet): two readings, judged as the hands go on.
    if (went_on && i != *went_on && !reply_whole && capturer_resting_on(i, *went_on, rest, *src)) {
      two_readings = true;
      continue;
    }
    if (found) return std::nullopt;  // two readings: judged, not guessed
    found = Overlap{i, reply_whole};
    found->reply = shown_reply & ~f.touched();
    if (landed != nullptr) {
      found->landed_seq = landed->seq;
      found->landed_at = landed->time;
    }
  }
  return found;
}

bool Tracker::filled_before_lift(Square origin, const Touch& fill) const {
  // M's piece lands after it leaves: a fill of its landing before its origin
  // was first lifted is another hand's (session 14, chesscom-ffa soak seed
  // 733 with the hand habits: Blue's hand knocked the c7 pawn onto c8 and
  // set it back; Yellow's Qd9-c8 landed later, and that knock's fill and
  // lift read as Qd9-c8 landed, then taken by Green's queen lifted from g8).
  if (origin == core::kNoSquare) return false;
  for (const Touch& t : log_.touches()) {
    if (t.square == origin && !t.occupied && !t.flicker) return fill.seq < t.seq;
  }
  return false;
}

bool Tracker::landed_before_it_left(const CandidateGroup& g, const SquareSet& rests) const {
  // A piece lands after it leaves: a move whose landing was last filled
  // before its origin was first lifted (since the last commit; a flicker's
  // flips are no lift or fill) is no move (real hands, corners-long and
  // corners-short soak seed 980: Black's Rj10-j9 landed, then Black's
  // knight on h10 was lifted by Pink to take it and Pink's rook brushed
  // j10 on its way; that brush read as Nh10-j9 with Rl10xRj10, though j9
  // was filled before the knight left h10). Nor does it rest on its way
  // before it leaves: a square of `rests` on its path (a reply "resting"
  // there) filled before the lift is no rest of it (session 12: a hand
  // knocking White's d2 pawn onto c2 after Be4-d3 landed read as Be4-c2
  // with d2-d4 resting on d3). Castling's rook may land before the king is
  // lifted: not checked.
  const Move& m = g.moves.front();
  const Square o = g.footprint.origin;
  if (o == core::kNoSquare || m.kind == core::MoveKind::kCastle || !core::is_valid(m.to))
    return false;
  std::uint64_t lifted = 0;
  for (const Touch& t : log_.touches()) {
    if (t.square == o && !t.occupied && !t.flicker) {
      lifted = t.seq;
      break;
    }
  }
  if (lifted == 0) return false;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    const Square s = static_cast<Square>(q);
    // Only where a piece stands now: a square filled and emptied again is
    // no landing or rest of it.
    if (!board_.occupied().test(q)) continue;
    if (s != m.to && !(rests.test(q) && lies_between(o, s, m.to))) continue;
    const std::uint64_t filled = summary_.last_down[static_cast<std::size_t>(q)];
    if (filled != 0 && lifted > filled) return true;
  }
  return false;
}

bool Tracker::capturer_resting_on(std::size_t m, std::size_t waypoint, const SquareSet& rest,
                                  const MoveSource& src) const {
  // Real hands, corners-mini soak seed 229 (commit_at_once on): Black's pawn
  // goes d7-d6 resting there as on d7-d5's way; Pink lifts it to take it and
  // his queen from d4 rests on d5 on its way to d6. With d5 filled, d6 and d4
  // empty, d7-d5 with Pink's queen lifted fits as well as d7-d6 with Pink's
  // queen resting on d5: M (d7-d5 here) is no reading while a piece of the
  // seat after the waypoint move, lifted before M's landing filled, could
  // take on the waypoint passing over that landing. The hands tell: the
  // queen landing on d6 shows d7-d6 and its capture (a fast reply); landing
  // elsewhere, M with its reply seen whole.
  const CandidateGroup& w = groups_[waypoint];
  const Square w_to = w.moves.front().to;
  const Square landing = groups_[m].moves.front().to;
  const int l = core::index_of(landing);
  After a = after_of(w, src);
  if (!a.game) return false;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!rest.test(q) || !expected_.test(q) || board_.occupied().test(q)) continue;
    if (summary_.last_up[static_cast<std::size_t>(q)] >=
        summary_.last_down[static_cast<std::size_t>(l)])
      continue;  // lifted after M's landing filled: not the piece resting there
    const Square from = static_cast<Square>(q);
    // Resting on its way there.
    for (const CandidateGroup& r : a.groups) {
      if (r.footprint.origin == from && r.moves.front().to == w_to &&
          lies_between(from, landing, w_to))
        return true;
    }
    // Or a knight that takes on the waypoint set down beside it first, on
    // a square it cannot move to (session 16, chess-four soak seed 970 and
    // corners-long/short 1666 with the hand habits: Grey's b10-c10 rests
    // on c10, b10-d10 passes it; Black lifts the pawn to take it, his d12
    // knight is set on d10 for 175 ms, then on c10; b10-d10 with the knight
    // in the air was committed at once, then the board ruled out of sync).
    // The hands tell: the knight landing on the waypoint with `landing`
    // emptied is the waypoint and its capture (a fast reply); with
    // `landing` still filled, the longer move (reply_shown's knight rule).
    if (set_beside_waypoint(from, w_to, landing, src.game().position())) {
      bool can_land = false;
      for (const CandidateGroup& r : a.groups)
        can_land = can_land || (r.footprint.origin == from && r.moves.front().to == landing);
      for (const CandidateGroup& r : a.groups) {
        if (!can_land && r.footprint.origin == from && r.moves.front().to == w_to) return true;
      }
    }
  }
  return false;
}

bool Tracker::set_beside_waypoint(Square from, Square w_to, Square landing,
                                  const core::Position& pos) const {
  // A knight set down beside the square it takes on (session 16, 970 and
  // 1666): always a second reading. Any other piece but a pawn set down
  // beside it, off its way there (session 17, chess soak seed 3373: White
  // lifts Black's bishop resting on c5, 720 ms later his e3 bishop, which
  // bounces onto b4 367 ms after that; chesscom-teams 3484: Red lifts the
  // pawn resting on l6, then his g1 queen, which bounces onto k6): only
  // when the hands' timing allows it. The waypoint's piece goes on as a
  // slide: it leaves its rest and fills the next square of its line as a
  // slide brushes it (20-160 ms a square, docs/INFERENCE.md), and the next
  // seat may lift a piece meanwhile (real hands: chess 498, 1123, 1858,
  // chess-four 3310, each 1 ms after the rest was left, the landing 24-61 ms
  // after it: a second reading there misread all four, session 16). So the
  // slider's reading is a second one only when its piece was lifted after
  // the waypoint was left and the landing filled more than the settle time
  // after the waypoint was left (3373: 1087 ms, 3484: 993 ms; the victim
  // taken off by the next seat, whose capturer then bounced aside). The
  // pair then waits for the hands, as the knight's does: the capturer
  // landing on the waypoint with the landing emptied is the capture; landing
  // elsewhere, or on the waypoint with the landing still filled, the longer
  // move (a mover bouncing aside before he lands takes that long too:
  // allies-vassals soak seed 2561, b7-d7 read once Red's bishop landed).
  if (knight_beside(from, w_to, landing)) return true;
  const core::Piece p = pos.at(from);
  if (p.empty() || pos.rules().piece(p.kind).pawn || !set_beside(from, w_to, landing)) return false;
  const auto at = [](Square q) { return static_cast<std::size_t>(core::index_of(q)); };
  const std::uint64_t left = summary_.last_up[at(w_to)];
  const std::uint64_t lifted = summary_.last_up[at(from)];
  const std::uint64_t filled = summary_.last_down[at(landing)];
  if (left == 0 || lifted <= left || filled <= lifted) return false;
  std::optional<Millis> left_at;
  std::optional<Millis> filled_at;
  for (const Touch& t : log_.touches()) {
    if (t.seq == left) left_at = t.time;
    if (t.seq == filled) filled_at = t.time;
  }
  return left_at && filled_at && *filled_at - *left_at > settings_.settle;
}

bool Tracker::went_on_beside(std::size_t t, const CandidateGroup& r,
                             const core::Position& pos) const {
  // The pending pair of capturer_resting_on, judged by the hands: a knight
  // taking on T's landing while a square beside it, where T's piece could
  // go on to, stands filled since after the knight was lifted and after T's
  // piece left: the piece went on there, and the knight made its own move
  // (session 16, chesscom-ffa soak seed 1297: Ba9 rested on d12 and went on
  // to take on e13; Yellow's e14 knight, lifted before it landed, went to
  // d12: Ba9-d12 with Ne14xBd12 is shown too, e13 being filled either way).
  const CandidateGroup& tg = groups_[t];
  const Square o = r.footprint.origin;
  const Square t_from = tg.footprint.origin;
  const Square t_to = tg.moves.front().to;
  if (r.moves.front().to != t_to || o == core::kNoSquare || t_from == core::kNoSquare) return false;
  const auto at = [](Square q) { return static_cast<std::size_t>(core::index_of(q)); };
  // The knight lifted and off its square, T's landing filled since.
  if (summary_.last_up[at(o)] == 0 || board_.occupied().test(core::index_of(o)) ||
      !board_.occupied().test(core::index_of(t_to)) ||
      summary_.last_down[at(t_to)] < summary_.last_up[at(o)])
    return false;
  for (const CandidateGroup& h : groups_) {
    const Square l = h.moves.front().to;
    if (h.footprint.origin != t_from || !core::is_valid(l) || !lies_between(t_from, t_to, l) ||
        !board_.occupied().test(core::index_of(l)) || !set_beside_waypoint(o, t_to, l, pos))
      continue;
    if (summary_.last_down[at(l)] > summary_.last_up[at(o)] &&
        summary_.last_down[at(l)] > summary_.last_up[at(t_to)])
      return true;
  }
  return false;
}

const Touch* Tracker::landed_again(const SquareSet& squares) const {
  // Each square was lifted and filled again after a move's piece landed on
  // it: a lift more than the position's own piece there could make (none on
  // an empty square, the victim's on a capture's), and filled last; a
  // flicker's flips are no lift. Real hands, issue 27 item 11, corners-mini
  // (fast-recapture soak game 3): the queen lands on c2 after Grey lifted
  // b3, which the queen could go on to take; Grey lifts the queen off c2
  // and puts his pawn there: Qd1-c2 then b3xQc2, which no longer queen move
  // can show (the queen would stand on b3). Returns the move's landing (the
  // fill before the last lift; the latest of the squares'), or none.
  const Touch* landing = nullptr;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!squares.test(q)) continue;
    int lifts = 0;
    const Touch* fill = nullptr;
    const Touch* before_lift = nullptr;
    for (const Touch& t : log_.touches()) {
      if (core::index_of(t.square) != q || t.flicker) continue;
      if (t.occupied) {
        fill = &t;
      } else {
        ++lifts;
        before_lift = fill;
        fill = nullptr;
      }
    }
    if (fill == nullptr || before_lift == nullptr || lifts < (expected_.test(q) ? 2 : 1))
      return nullptr;
    if (landing == nullptr || before_lift->seq > landing->seq) landing = before_lift;
  }
  return landing;
}

bool Tracker::next_seat_began(const MoveSource* src) {
  // T waits only because the hands may still be on their way to a longer
  // move (a slide, the other half of castling). A piece of the seat to move
  // after T lifted since, on a square no longer move of T's piece could
  // capture, while T's squares stand untouched: the mover is done, T was the
  // move. (Another seat touching a piece out of turn proves nothing.)
  if (tentative_->groups.size() != 1) return false;
  if (tentative_->wait != Wait::kSlide && tentative_->wait != Wait::kPrefix) return false;
  const After* a = after(src);
  if (a == nullptr) return false;
  const core::Seat next = a->game->to_move();
  const CandidateGroup& t = groups_[tentative_->groups.front()];
  if (touched_since(tentative_->seq, t.footprint.touched())) return false;
  // T's squares flickering (a reed bouncing as the piece leaves its rest):
  // the piece may be on its way on, not resting; the next change tells.
  for (auto it = log_.touches().rbegin(); it != log_.touches().rend(); ++it) {
    if (now_ - it->time >= settings_.health.bounce_window) break;
    if (t.footprint.touched().test(core::index_of(it->square))) return false;
  }
  SquareSet reach;  // what longer moves of T's piece would capture on
  const Square t_to = t.moves.front().to;
  for (const CandidateGroup& g : groups_) {
    if (g.footprint.origin != t.footprint.origin) continue;
    // A slide goes on along its line, past the square it rests on: only
    // what lies beyond it (session 14, corners-mini soak seed 806 with the
    // hand habits: Qe6-c6 resting where Qe6-b6 passes; Black lifting his
    // queen on g6, behind e6, to take on c6 is the next seat beginning,
    // though Qe6xg6 was legal).
    if (tentative_->wait == Wait::kSlide && !lies_between(t.footprint.origin, t_to, g.moves.front().to))
      continue;
    reach |= g.footprint.kept | (g.footprint.changed & expected_);
  }
  const core::Position& pos = src->game().position();
  // The mover still holds a piece of his own besides T's (the king of a
  // rook-first castling, lifted after the rook landed): his hand is not off
  // the board, whoever else begins (issue 27 item 11: famous.pgn game 5,
  // 8... O-O read as Rh8-f8 when White lifted his bishop 200 ms before the
  // king landed).
  const SquareSet held = expected_ & ~board_.occupied() & ~t.footprint.touched() & ~ignored();
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (held.test(i) && pos.at(static_cast<Square>(i)).seat == mover_) return false;
  }
  for (const Touch& touch : log_.touches()) {
    if (touch.seq <= tentative_->seq || touch.occupied) continue;
    int i = core::index_of(touch.square);
    if (reach.test(i) || !expected_.test(i)) continue;
    Piece p = pos.at(touch.square);
    if (p.seat == next && next != mover_) return true;
  }
  return false;
}

bool Tracker::other_seat_acting(const MoveSource* src) const {
  const CandidateGroup& t = groups_[tentative_->groups.front()];
  const core::Position& pos = src->game().position();
  SquareSet landing = (t.footprint.changed & ~expected_) | t.footprint.kept;
  bool any_up = false;
  SquareSet touched;
  for (const Touch& touch : log_.touches()) {
    if (touch.seq <= tentative_->seq) continue;
    touched.set(core::index_of(touch.square));
    if (touch.occupied) continue;
    any_up = true;
    Piece p = landing.test(core::index_of(touch.square)) ? Piece{core::kNoKind, mover_, false}
                                                         : pos.at(touch.square);
    if (p.seat != core::kNoSeat && p.seat != mover_) return true;
  }
  // Only pieces put down (nothing lifted): judge them after T if T is untouched.
  return !any_up && touched.any() && (touched & t.footprint.touched()).none();
}


}  // namespace tabula::inference
