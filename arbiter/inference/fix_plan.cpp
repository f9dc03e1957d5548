#include "inference/fix_plan.h"

#include "core/rule_set.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <tuple>

namespace tabula::inference {

using core::Square;

std::string piece_name_of(const core::RuleSet& rules, core::Piece p) {
  if (p.empty() || core::index_of(p.seat) >= rules.seat_count() ||
      core::index_of(p.kind) >= static_cast<int>(rules.pieces.size())) {
    return "a piece";
  }
  return rules.seats[core::index_of(p.seat)].name + "'s " + rules.piece(p.kind).name;
}

std::string square_list(const core::Geometry& g, const core::SquareSet& squares) {
  std::vector<std::string> names;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (squares.test(q)) names.push_back(g.name(static_cast<Square>(q)));
  }
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : (i + 1 == names.size() ? " and " : ", ")) + names[i];
  }
  return out;
}

std::string fixes_sentence(const std::vector<Fix>& fixes, std::size_t at_most) {
  std::string out;
  for (std::size_t i = 0; i < fixes.size() && i < at_most; ++i)
    out += (i == 0 ? "" : "; then ") + fixes[i].text;
  if (fixes.size() > at_most) out += " (" + std::to_string(fixes.size() - at_most) + " more)";
  return out;
}

namespace {

std::vector<Square> squares_of(const core::SquareSet& set) {
  std::vector<Square> out;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (set.test(q)) out.push_back(static_cast<Square>(q));
  }
  return out;
}

// Chebyshev, then Manhattan: the nearest square a hand would reach first.
std::pair<int, int> distance(Square a, Square b) {
  int df = std::abs(core::file_of(a) - core::file_of(b));
  int dr = std::abs(core::rank_of(a) - core::rank_of(b));
  return {std::max(df, dr), df + dr};
}

Fix move_fix(const core::RuleSet& rules, Square from, Square to, core::Piece piece, bool back) {
  const core::Geometry& g = rules.geometry;
  Fix f{FixKind::kMove, from, to, piece, {}};
  f.text = "move " + piece_name_of(rules, piece) + " from " + g.name(from) +
           (back ? " back to " : " to ") + g.name(to);
  return f;
}

Fix put_fix(const core::RuleSet& rules, Square to, core::Piece piece) {
  Fix f{FixKind::kPut, core::kNoSquare, to, piece, {}};
  f.text = "put " + piece_name_of(rules, piece) + " back on " + rules.geometry.name(to);
  return f;
}

Fix remove_fix(const core::RuleSet& rules, Square from, const char* why) {
  Fix f{FixKind::kRemove, from, core::kNoSquare, core::kEmpty, {}};
  f.text = "take the piece on " + rules.geometry.name(from) + " off the board" + why;
  return f;
}

}  // namespace

namespace {

// `a` and `b` on one file, rank or diagonal (and not the same square).
bool straight_line(Square a, Square b) {
  if (!core::is_valid(a) || !core::is_valid(b) || a == b) return false;
  const int df = std::abs(core::file_of(b) - core::file_of(a));
  const int dr = std::abs(core::rank_of(b) - core::rank_of(a));
  return df == 0 || dr == 0 || df == dr;
}

}  // namespace

Provenance follow_pieces(const core::SquareSet& baseline, const std::vector<Touch>& touches,
                         const FollowContext& ctx) {
  Provenance out;
  // The origin of the piece on each square (its own square at the baseline),
  // and whether that is known for sure.
  std::array<Square, core::kMaxSquares> on;
  on.fill(core::kNoSquare);
  core::SquareSet known = baseline;
  core::SquareSet followed = baseline;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (baseline.test(q)) on[static_cast<std::size_t>(q)] = static_cast<Square>(q);
  }
  struct InHand {
    Square origin;
    bool known;
    bool followed;  // every pick of it so far a reading of the hands, none blind
    Square lifted_from;  // the square it was last lifted from
    Millis lifted_at;
    std::size_t lift;    // a number for this lift
    std::size_t below;   // the lift of the piece last in the air before it (0: none)
  };
  auto seat_of = [&](const InHand& h) {
    return ctx.position == nullptr ? core::kNoSeat : ctx.position->at(h.origin).seat;
  };
  const core::Seat mover = ctx.position == nullptr ? core::kNoSeat : ctx.position->to_move();
  std::vector<InHand> air;  // the pieces in the hands, in lift order
  std::size_t lifts = 0;
  for (const Touch& t : touches) {
    std::size_t q = static_cast<std::size_t>(core::index_of(t.square));
    // A reed's flicker (a flip and a flip back, TouchLog) is no hand: it
    // neither lifts a piece nor puts one down (session 20, chess soak seed
    // 7222: Black's bishop landing on a4 bounced, and the bounce read as
    // White's bishop in the air set down there, a capture).
    if (t.flicker) continue;
    if (!t.occupied) {
      if (on[q] != core::kNoSquare)
        air.push_back({on[q], known.test(q), followed.test(q), t.square, t.time, ++lifts,
                       air.empty() ? 0 : air.back().lift});
      on[q] = core::kNoSquare;
      known.reset(q);
      followed.reset(q);
      out.from[q] = core::kNoSquare;
      out.certain.reset(q);
      out.followed.reset(q);
      continue;
    }
    out.from[q] = core::kNoSquare;
    out.certain.reset(q);
    out.followed.reset(q);
    known.reset(q);
    followed.reset(q);
    on[q] = core::kNoSquare;
    if (air.empty()) continue;  // a piece from off the board (a captured one, a spare)
    bool alone = air.size() == 1;
    bool sure = alone;                   // only one piece it can be
    bool blind = false;                  // no reading of the hands picked it
    std::size_t pick = air.size() - 1;  // the last one lifted (a guess)
    if (!alone) {
      // Several pieces in the hands (issue 27 item 2): which one is put down
      // is a guess, read as hands behave. `own` is the piece last lifted
      // from this very square, if it is still in the air.
      std::optional<std::size_t> own;
      for (std::size_t i = 0; i < air.size(); ++i) {
        if (air[i].lifted_from == t.square) own = i;
      }
      auto index_of_lift = [&](std::size_t lift) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < air.size(); ++i) {
          if (air[i].lift == lift) return i;
        }
        return std::nullopt;
      };
      std::optional<std::size_t> under = own ? index_of_lift(air[*own].below) : std::nullopt;
      if (own && under && t.time - air[*own].lifted_at < ctx.bounce) {
        // No hand lifts a piece and puts it back within the bounce window:
        // the piece held before lands and the one lifted from here is off
        // (the virtual board's capture, the victim and the capturer at once).
        pick = *under;
        sure = air.size() == 2;
      } else if (own && under && seat_of(air[*under]) == mover && mover != core::kNoSeat &&
                 seat_of(air[*own]) != mover) {
        // The mover's piece in the air, then another seat's piece lifted
        // from here: a capture, the capturer lands.
        pick = *under;
      } else if (own && (!under || seat_of(air[*own]) == mover)) {
        // A piece put back where it was lifted from, before (or without)
        // the other pieces now in the air: it returns (the mover's knight
        // back on g8 while White holds d2).
        pick = *own;
      } else {
        // A piece going back to its own square (the guidance's usual ask).
        std::optional<std::size_t> home;
        for (std::size_t i = 0; i < air.size(); ++i) {
          if (air[i].origin == t.square) home = i;
        }
        // Else a piece whose last known square (where it was last lifted
        // from, or its own) lies on a straight line with this one: a hand
        // slides or sets its piece on along the lines from where it stood,
        // and two hands at once each keep to their own piece's. The piece
        // lifted last, if it is in line (the hand that just lifted it goes
        // on); else the one other piece in line (session 20: two queens
        // swept over the squares of their own lines in turn and set down;
        // the last one lifted was the other hand's). Else it is a blind
        // guess: the piece lifted last, followed no further.
        // Session 23: or a square its own pattern reaches from where it was
        // lifted (a knight's leap is its hand's line too: Black's knight
        // lifted from a6 while White's rook was in the air from a4, then
        // c5 filled, read as the rook, blind, and ruled "White's rook
        // cannot go from a1 to c5").
        const auto reaches = [&](const InHand& h) {
          if (ctx.position == nullptr) return false;
          const core::Piece p = ctx.position->at(h.origin);
          if (p.empty() || p.seat == core::kNoSeat || !core::is_valid(h.lifted_from)) return false;
          const core::MoveTables& mt = ctx.position->rules().tables;
          for (const core::RayRef& r : mt.moves(p.kind, p.seat, h.lifted_from)) {
            for (const core::RayStep& s : mt.ray(r)) {
              if (s.square == t.square && s.flags != core::kStepPass) return true;
            }
          }
          return false;
        };
        const auto in_line = [&](const InHand& h) {
          return straight_line(h.lifted_from, t.square) || straight_line(h.origin, t.square) ||
                 reaches(h);
        };
        std::optional<std::size_t> other;
        int others = 0;
        for (std::size_t i = 0; i + 1 < air.size(); ++i) {
          if (in_line(air[i])) {
            other = i;
            ++others;
          }
        }
        if (home) {
          pick = *home;
        } else if (!in_line(air.back()) && others == 1) {
          pick = *other;
        } else if (!in_line(air.back())) {
          blind = true;
        }
      }
    }
    InHand p = air[pick];
    air.erase(air.begin() + static_cast<std::ptrdiff_t>(pick));
    if (!sure) {
      // From then on none of those left in the hands is known.
      for (InHand& h : air) h.known = false;
    }
    if (blind) {
      p.followed = false;
      for (InHand& h : air) h.followed = false;
    }
    on[q] = p.origin;
    known.set(q, sure && p.known);
    followed.set(q, p.followed);
    out.certain.set(q, sure && p.known);
    out.followed.set(q, p.followed);
    out.from[q] = p.origin == static_cast<Square>(q) ? core::kNoSquare : p.origin;
  }
  return out;
}

core::SquareSet swapped_squares(const core::Position& expected, const Provenance& moved) {
  core::SquareSet out;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    Square o = moved.from[static_cast<std::size_t>(q)];
    if (o == core::kNoSquare) continue;
    core::Piece here = expected.at(static_cast<Square>(q));
    core::Piece came = expected.at(o);
    if (here.empty() || came.empty()) continue;
    if (here.seat != came.seat || here.kind != came.kind) out.set(q);
  }
  return out;
}

std::vector<Fix> plan_fixes(const core::Position& expected, const core::SquareSet& physical,
                            const core::SquareSet& ignored, const core::SquareSet& stray,
                            const std::optional<Attempt>& attempt, const Provenance* moved) {
  const core::RuleSet& rules = expected.rules();
  core::SquareSet want;
  const core::SquareSet& playable = rules.geometry.playable_set();
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (playable.test(q) && !expected.at(static_cast<Square>(q)).empty()) want.set(q);
  }
  core::SquareSet missing = want & ~physical & ~ignored;
  core::SquareSet extra = physical & ~want & ~ignored;
  std::vector<Fix> out;

  // Undo the attempted move first, while its shape is still on the board.
  if (attempt && missing.test(core::index_of(attempt->from))) {
    const Attempt& a = *attempt;
    bool landed = attempt->capture
                      ? physical.test(core::index_of(a.to)) && want.test(core::index_of(a.to))
                      : extra.test(core::index_of(a.to));
    if (landed) {
      out.push_back(move_fix(rules, a.to, a.from, expected.at(a.from), true));
      missing.reset(core::index_of(a.from));
      if (a.capture) {
        out.push_back(put_fix(rules, a.to, expected.at(a.to)));
      } else {
        extra.reset(core::index_of(a.to));
      }
    }
  }

  if (moved) {
    // Pieces whose origin the touches show go back there (issue 18: the
    // tracker saw d7 lifted and d4 filled, so the pawn on d4 is d7's).
    // `trusted`: the squares whose piece's origin is taken as known.
    auto back_home = [&](const core::SquareSet& trusted) {
      for (Square x : squares_of(extra)) {
        Square o = moved->from[static_cast<std::size_t>(core::index_of(x))];
        if (o == core::kNoSquare || !trusted.test(core::index_of(x)) ||
            !missing.test(core::index_of(o)))
          continue;
        out.push_back(move_fix(rules, x, o, expected.at(o), true));
        missing.reset(core::index_of(o));
        extra.reset(core::index_of(x));
      }
    };
    back_home(moved->certain);
    // Right squares, wrong pieces: each swapped piece goes where it belongs.
    core::SquareSet handled;
    for (const Fix& f : out) {
      if (f.from != core::kNoSquare) handled.set(core::index_of(f.from));
      if (f.to != core::kNoSquare) handled.set(core::index_of(f.to));
    }
    // Only what the sensors saw for certain: a guessed swap is never a
    // demand (issue 27 item 2; the tracker warns instead).
    core::SquareSet swapped = swapped_squares(expected, *moved) & moved->certain & physical & want &
                              ~ignored & ~handled;
    core::SquareSet refilled;  // squares a swapped piece goes back to
    for (Square q : squares_of(swapped))
      refilled.set(core::index_of(moved->from[static_cast<std::size_t>(core::index_of(q))]));
    core::SquareSet free = playable & ~physical & ~want & ~ignored & ~stray;
    for (Square q : squares_of(swapped)) {
      if (handled.test(core::index_of(q))) continue;
      Square o = moved->from[static_cast<std::size_t>(core::index_of(q))];
      if (swapped.test(core::index_of(o)) &&
          moved->from[static_cast<std::size_t>(core::index_of(o))] == q && free.any()) {
        // Two pieces exchanged: back through a free square, one piece in
        // the hand at a time, so the sensors see where each goes (with
        // both in the air they could not tell).
        Square via = core::kNoSquare;
        for (Square f : squares_of(free)) {
          if (via == core::kNoSquare || distance(q, f) < distance(q, via)) via = f;
        }
        Fix aside = move_fix(rules, q, via, expected.at(o), false);
        aside.text += " for a moment (it belongs on " + rules.geometry.name(o) + ")";
        out.push_back(aside);
        out.push_back(move_fix(rules, o, q, expected.at(q), true));
        out.push_back(move_fix(rules, via, o, expected.at(o), false));
        handled.set(core::index_of(q));
        handled.set(core::index_of(o));
        continue;
      }
      Fix f = move_fix(rules, q, o, expected.at(o), true);
      f.text += " (" + piece_name_of(rules, expected.at(q)) + " belongs on " +
                rules.geometry.name(q) + ")";
      out.push_back(f);
      if (missing.test(core::index_of(o))) {
        // A chain, not an exchange: o is filled, q is left for its own
        // piece (the knight taken back to c3 goes to d5 once the pawn on d5
        // is back on e4).
        missing.reset(core::index_of(o));
        if (!refilled.test(core::index_of(q))) missing.set(core::index_of(q));
      }
    }
    back_home(moved->certain);
    // Then the pieces the touches followed as hands behave, several in the
    // hands at once, never by a blind guess (Provenance::followed): each
    // goes back to the square it came from, before any pairing by
    // distance, which knows no identities (session 20: two queens swept
    // past the chain search's bound and set down apart; the nearest
    // pairing sent Black's queen to d1 as "White's queen").
    back_home(moved->followed);
    // Session 23: a chain the hands followed so (no blind guess): the piece
    // on x came from o, and the piece now on o came from a square left
    // empty; that one goes home first, then x's (White's rook lifted again
    // from a4 as Black's knight went a6-c5, then set on a6: "move White's
    // rook from a6 back to a1", then "move Black's knight from c5 back to
    // a6"; paired by distance, "move White's rook from c5 to a1" named the
    // knight a rook).
    for (Square x : squares_of(extra)) {
      const Square o = moved->from[static_cast<std::size_t>(core::index_of(x))];
      if (o == core::kNoSquare || !moved->followed.test(core::index_of(x)) ||
          !moved->followed.test(core::index_of(o)) || !physical.test(core::index_of(o)) ||
          !want.test(core::index_of(o)) || ignored.test(core::index_of(o)))
        continue;
      const Square home = moved->from[static_cast<std::size_t>(core::index_of(o))];
      if (home == core::kNoSquare || !missing.test(core::index_of(home))) continue;
      out.push_back(move_fix(rules, o, home, expected.at(home), true));
      out.push_back(move_fix(rules, x, o, expected.at(o), true));
      missing.reset(core::index_of(home));
      extra.reset(core::index_of(x));
    }
  }

  // Pair each missing piece with the nearest extra square, nearest pairs first.
  std::vector<Square> miss = squares_of(missing);
  std::vector<Square> more = squares_of(extra);
  struct Pair {
    std::pair<int, int> d;
    Square from, to;
  };
  std::vector<Pair> pairs;
  for (Square m : miss) {
    for (Square x : more) pairs.push_back({distance(m, x), x, m});
  }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
    return std::tie(a.d, a.to, a.from) < std::tie(b.d, b.to, b.from);
  });
  core::SquareSet used_from;
  core::SquareSet used_to;
  for (const Pair& p : pairs) {
    if (used_from.test(core::index_of(p.from)) || used_to.test(core::index_of(p.to))) continue;
    used_from.set(core::index_of(p.from));
    used_to.set(core::index_of(p.to));
    out.push_back(move_fix(rules, p.from, p.to, expected.at(p.to), false));
  }
  for (Square m : miss) {
    if (!used_to.test(core::index_of(m))) out.push_back(put_fix(rules, m, expected.at(m)));
  }
  for (Square x : more) {
    if (!used_from.test(core::index_of(x))) out.push_back(remove_fix(rules, x, ""));
  }
  for (Square s : squares_of(stray))
    out.push_back(remove_fix(rules, s, " (that cell is no square of this board)"));
  return out;
}

}  // namespace tabula::inference
