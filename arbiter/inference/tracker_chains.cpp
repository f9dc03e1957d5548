// tracker_chains.cpp — the Tracker (tracker.h) reading a board that shows no
// move as several plies in flight (session 18): the mover's move, the next
// seat's reply landed after it, and the seat after that already moving (its
// piece in the air or landed after the reply). Judged only when the board
// would otherwise be ruled (judge).
#include "inference/tracker.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace tabula::inference {

using core::Move;
using core::Square;
using core::SquareSet;

namespace {

// One ply of a chain: the piece lifted from its origin (seq of that lift)
// and set down on its landing (seq of that fill; 0 while it is in the air,
// or while only its victim is lifted: `victim`).
struct ChainPly {
  CandidateGroup group;
  std::uint64_t lifted = 0;
  std::uint64_t landed = 0;
  Millis landed_at{0};
  core::Piece piece;       // the piece moved
  bool captures = false;   // a piece was taken
  // Session 21: a last ply under way whose victim is lifted first, the
  // capturer still standing: the victim's square (kNoSquare otherwise).
  Square victim = core::kNoSquare;
  // The square the hands left empty for a last ply not landed.
  Square off() const { return victim != core::kNoSquare ? victim : group.footprint.origin; }
};

// The fixes that put the board back before a chain: each piece moved goes
// back to where it stood (the last moved first), one in the air is put back.
// Empty when a ply captured (the victim's way back is not followed here).
std::vector<Fix> undo_chain(const std::vector<ChainPly>& chain, const core::RuleSet& rules) {
  struct Track {
    Square origin = core::kNoSquare;
    Square now = core::kNoSquare;  // kNoSquare: in the air
    core::Piece piece;
    std::size_t last = 0;
  };
  std::vector<Track> tracks;
  for (std::size_t k = 0; k < chain.size(); ++k) {
    const ChainPly& p = chain[k];
    if (p.captures) return {};
    const Square o = p.group.footprint.origin;
    auto it = std::find_if(tracks.begin(), tracks.end(), [&](const Track& t) { return t.now == o; });
    if (it == tracks.end()) it = tracks.insert(tracks.end(), Track{o, o, p.piece, k});
    it->now = p.landed != 0 ? p.group.moves.front().to : core::kNoSquare;
    it->last = k;
  }
  std::sort(tracks.begin(), tracks.end(), [](const Track& a, const Track& b) { return a.last > b.last; });
  std::vector<Fix> out;
  for (const Track& t : tracks) {
    if (t.now == t.origin) continue;
    const std::string name = piece_name_of(rules, t.piece);
    if (t.now == core::kNoSquare) {
      out.push_back(Fix{FixKind::kPut, core::kNoSquare, t.origin, t.piece,
                        "put " + name + " back on " + rules.geometry.name(t.origin)});
    } else {
      out.push_back(Fix{FixKind::kMove, t.now, t.origin, t.piece,
                        "move " + name + " from " + rules.geometry.name(t.now) + " back to " +
                            rules.geometry.name(t.origin)});
    }
  }
  return out;
}

// A plain move the touches can follow: one move (no choice of piece), from
// a square (no placement), no castling (two pieces), on squares all touched
// and all compared.
bool chain_candidate(const CandidateGroup& g, const SquareSet& touched, const SquareSet& ignore) {
  if (g.moves.size() != 1 || g.footprint.origin == core::kNoSquare ||
      g.moves.front().kind == core::MoveKind::kCastle || !core::is_valid(g.moves.front().to))
    return false;
  const SquareSet t = g.footprint.touched();
  return (t & ~touched).none() && (t & ignore).none();
}

}  // namespace

std::optional<Tracker::ChainReading> Tracker::chain_reading(const MoveSource& src,
                                                            ChainsFound& found) const {
  // Session 18, soak seeds chess 4288 and bipartite-stage2 3856 with the hand
  // habits: the next seat lifted its piece before the mover's landed (Black's
  // queen off e4 as White's queen goes e2-e3, a square on Qe2xe4's way), and
  // the mover lifted his piece again for his next move before the reply
  // landed (e3 lifted, Qe4-h7 lands, then Qe3-d4). No move and its reply
  // under way explain the board: three plies do. A chain (two to eight
  // plies since session 21, four before) is read when the touches, in their
  // order, follow one piece at a time:
  //   - M1, the mover's: its origin lifted, then its landing filled (L1);
  //   - M2, the next seat's, its piece lifted after M1's first lifted, set
  //     down after its lift and after L1 (no reply lands before the move it
  //     answers), or still in the air;
  //   - each ply after, by the seat then to move, lifted after the landing
  //     two plies before (M3 after L1) and after the ply before it was
  //     lifted (M3 after M2's lift: session 22), set down after the ply
  //     before it landed, or still in the air (then the last), or, the
  //     last, a capture whose victim alone is lifted (session 21);
  // a ply's lift is its origin's last lift, or, when no landing follows
  // that one, the latest earlier lift of its origin that has one (another
  // piece brushing or taking on the square later: session 23);
  // the board is exactly the position after them (the last piece off its
  // square when it is in the air, the victim's square empty when it is
  // lifted), and every touch is explained (below). A
  // piece in the air that the ply before could still take, going on
  // through its landing, may be a victim lifted first: no reading. Every
  // chain that fits is found; one first move common to all is the reading,
  // several are reported (`found`) so that nobody is told he moved
  // illegally, and the table is asked which move was meant (session 19).
  found = ChainsFound{};
  if (disturbed_ || board_.stray().any()) return std::nullopt;
  const SquareSet ignore = ignored();
  const SquareSet touched = summary_.touched;
  const SquareSet occ = board_.occupied();
  const auto at = [](Square q) { return static_cast<std::size_t>(core::index_of(q)); };
  // The first lift of `q` in the touches kept, and the first fill of `q`
  // after the touch `after`; flickers are neither (0: none).
  const auto first_up = [&](Square q) -> std::uint64_t {
    for (const Touch& t : log_.touches())
      if (t.square == q && !t.occupied && !t.flicker) return t.seq;
    return 0;
  };
  const auto fill_after = [&](Square q, std::uint64_t after) -> const Touch* {
    for (const Touch& t : log_.touches())
      if (t.square == q && t.occupied && !t.flicker && t.seq > after) return &t;
    return nullptr;
  };
  // Session 23: a ply's lift and landing: its origin's last lift `up` and
  // the first fill of `to` after it (and after `after`); when no fill
  // follows that lift, another piece passed over or took on the origin
  // later, and the ply is the origin's latest earlier lift (after `floor`)
  // that has one. Chess soak seed 5440 (habits off): Nc6-d4 landed, then
  // White's queen went d5-b7 brushing c6, and the chain Qg2-d5, Nc6-d4,
  // Qd5-b7, a7-a5 was not found; bipartite-stage2 3886 (habits off):
  // Bd7-b9, Cb6-d7, Kc9-d8, b2-b4, then Black lifted the captain on d7 to
  // take it, and the first ply's "lift" was that one.
  const auto landed_lift = [&](Square o, Square to, std::uint64_t up, std::uint64_t floor,
                               std::uint64_t after) -> std::pair<std::uint64_t, const Touch*> {
    std::pair<std::uint64_t, const Touch*> out{up, fill_after(to, std::max(up, after))};
    for (const Touch& t : log_.touches()) {  // in order: the latest such lift wins
      if (out.second != nullptr && out.first == up) break;
      if (t.seq >= up) break;
      if (t.square != o || t.occupied || t.flicker || t.seq <= floor) continue;
      if (const Touch* fill = fill_after(to, std::max(t.seq, after))) out = {t.seq, fill};
    }
    return out;
  };
  const auto same = [&](const SquareSet& want) { return ((want ^ occ) & ~ignore).none(); };
  const auto lift_of = [&](const CandidateGroup& g) {
    return summary_.last_up[at(g.footprint.origin)];
  };
  // The piece of `g` could still go on through its landing to take on `q`.
  const auto could_take = [](const std::vector<CandidateGroup>& from, const CandidateGroup& g,
                             Square q) {
    const Square o = g.footprint.origin;
    for (const CandidateGroup& h : from) {
      if (h.footprint.origin == o && h.moves.front().to == q &&
          lies_between(o, g.moves.front().to, q))
        return true;
    }
    return false;
  };

  // Squares touched that no ply of a chain explains: not a square of its
  // footprint, not a square a ply's piece passed over (a slide's brush or
  // rest), not a standing piece lifted and put back (an adjustment). A
  // piece set down and lifted off such a square was a piece going on that
  // the chain does not follow (chess soak seed 1435, habits off: Bf8-c5
  // with Na3-b5 and Bc5-e7 leaves b4's fill and lift unexplained; Bf8-b4
  // with Na3-b5 and Bb4-e7 explains every touch).
  SquareSet touched_for_real;
  for (const Touch& t : log_.touches())
    if (!t.flicker) touched_for_real.set(core::index_of(t.square));
  // Session 19, corners-mini soak seed 6468 (habits on): Grey's c4 pawn,
  // lifted to take White's queen on d3, was set down on d2 beside it and
  // lifted on (the "bounced aside" habit, session 12). An empty square a
  // king's step from a ply's landing (off its way), every touch of it
  // between that ply's lift and its landing, is its piece set beside.
  const auto bounced_aside = [&](const ChainPly& p, Square q) {
    if (expected_.test(at(q)) || occ.test(at(q)) ||
        !set_beside(p.group.footprint.origin, p.group.moves.front().to, q))
      return false;
    bool any = false;
    for (const Touch& t : log_.touches()) {
      if (t.square != q || t.flicker) continue;
      if (t.seq <= p.lifted || t.seq >= p.landed) return false;
      any = true;
    }
    return any;
  };
  const auto explained = [&](const std::vector<ChainPly>& chain) {
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (!touched_for_real.test(q) || (expected_.test(q) && occ.test(q))) continue;
      bool ok = false;
      for (const ChainPly& p : chain) {
        const Square o = p.group.footprint.origin;
        if (p.landed == 0) {  // in the air: its origin only (its victim's square if lifted first)
          ok = ok || core::index_of(p.off()) == q;
          continue;
        }
        ok = ok || p.group.footprint.touched().test(q) ||
             lies_between(o, static_cast<Square>(q), p.group.moves.front().to) ||
             bounced_aside(p, static_cast<Square>(q));
      }
      if (!ok) return false;
    }
    return true;
  };

  std::vector<std::vector<ChainPly>> chains;
  // A bound on the positions played (a hand sweeping the board touches many
  // squares, and the chains multiply): past it the board is judged as
  // before, no chain read.
  const auto step = [&](const core::Game& before, const CandidateGroup& r) {
    if (found.steps >= kMaxChainSteps) {
      found.gave_up = true;
      return After{};
    }
    ++found.steps;
    return played(before, r, src);
  };
  // Extends `chain` (its last ply landed; `began`: the seq after which the
  // next ply's piece must have been lifted) by the ply of `groups`, the
  // moves of `game`; `prev` the groups the last ply was chosen from.
  // Session 21: up to eight plies (four until then). Real hands keep going
  // in flight, each seat lifting before the ply before it landed: chess
  // soak seeds 8485 (five plies, the last in the air) and 7222 (six
  // landed) were ruled out of sync. kMaxChainSteps bounds the search.
  constexpr std::size_t kMaxPlies = 8;
  std::vector<ChainPly> chain;
  const auto extend = [&](auto&& self, const core::Game& game,
                          const std::vector<CandidateGroup>& prev,
                          const std::vector<CandidateGroup>& groups, std::uint64_t began) -> void {
    const ChainPly last = chain.back();  // a copy: the chain grows below
    // Session 22: a third ply on is lifted after the ply before it was. A
    // seat lifting a piece before the reply to its last move began is that
    // move going on, not its next (chess soak seed 9335, habits on: the queen
    // left c4 for b5 1 ms before Black lifted a6, and Qe2-c4, Ra6-c6, Qc4xc5
    // with b5 "set beside" was asked about beside Qe2-b5, Ra6-c6, Qb5xc5).
    const std::uint64_t after_reply = chain.size() >= 2 ? last.lifted : 0;
    // A last ply not landed, `p` (its piece in the air, or its victim lifted
    // first): the board is the position before it with p.off() empty, and
    // p.off() holds no piece the ply before could still take, going on
    // through its landing. Then the chain with it is one when every touch is
    // explained; returns whether the board fitted (the square is tried).
    const auto try_not_landed = [&](const ChainPly& p) {
      SquareSet want = occupancy_of(game.position());
      want.reset(at(p.off()));
      if (!same(want) || could_take(prev, last.group, p.off())) return false;
      chain.push_back(p);
      if (explained(chain)) chains.push_back(chain);
      chain.pop_back();
      return true;
    };
    std::vector<Square> in_air;  // origins read in the air (one chain each)
    for (const CandidateGroup& g : groups) {
      const Square o = g.footprint.origin;
      if (g.moves.size() != 1 || o == core::kNoSquare) continue;
      std::uint64_t up = lift_of(g);
      if (up <= began || up <= after_reply) continue;
      const Touch* l = nullptr;
      if (chain_candidate(g, touched, ignore)) {
        std::tie(up, l) =
            landed_lift(o, g.moves.front().to, up, std::max(began, after_reply), last.landed);
      }
      if (l == nullptr) {
        // Its piece in the air (no victim lifted first that the ply before
        // could still take: try_not_landed).
        if (occ.test(core::index_of(o)) ||
            std::find(in_air.begin(), in_air.end(), o) != in_air.end())
          continue;
        if (try_not_landed(ChainPly{g, up, 0, Millis{0}, game.position().at(o), false}))
          in_air.push_back(o);
        continue;
      }
      const After s = step(game, g);
      if (!s.game) continue;
      chain.push_back(ChainPly{g, up, l->seq, l->time, game.position().at(o),
                               g.footprint.kept.any() || g.moves.front().kind == core::MoveKind::kEnPassant});
      if (same(s.expected) && explained(chain)) chains.push_back(chain);
      if (chain.size() < kMaxPlies) self(self, *s.game, groups, s.groups, last.landed);
      chain.pop_back();
    }
    // Session 21: the seat to move taking, its victim lifted first and the
    // capturer still standing (chess soak seeds 8154 and 7671, habits on:
    // Bb2-d4, Bg7-f8 and Bd4-e3 landed, then Black lifted White's c4 pawn
    // to take it with b5; Qe5-g7 and Ng4-e5 landed, then White lifted
    // Black's f8 bishop to take it with the queen). The board is the
    // position before it with the victim's square empty, lifted after the
    // landing two plies before (and after a ply before landed on it), and
    // no piece the ply before could still take, going on through its
    // landing (that piece resting on its way to take there).
    std::vector<Square> victims;
    for (const CandidateGroup& g : groups) {
      const Square o = g.footprint.origin;
      if (g.moves.size() != 1 || o == core::kNoSquare) continue;
      const Square v = g.moves.front().to;
      if (!core::is_valid(v) || g.footprint.kept.count() != 1 || !g.footprint.kept.test(at(v)) ||
          (g.footprint.touched() & ignore).any())
        continue;
      const std::uint64_t up = summary_.last_up[at(v)];
      if (up <= began || up <= after_reply || up <= summary_.last_down[at(v)] || occ.test(at(v)) ||
          std::find(victims.begin(), victims.end(), v) != victims.end())
        continue;
      ChainPly p{g, up, 0, Millis{0}, game.position().at(o), true};
      p.victim = v;
      if (try_not_landed(p)) victims.push_back(v);
    }
  };
  for (const CandidateGroup& g1 : groups_) {
    if (!chain_candidate(g1, touched, ignore)) continue;
    const std::uint64_t began = first_up(g1.footprint.origin);
    if (began == 0) continue;
    const auto [up1, l1] =
        landed_lift(g1.footprint.origin, g1.moves.front().to, lift_of(g1), began - 1, 0);
    if (l1 == nullptr) continue;
    const After s1 = step(src.game(), g1);
    if (!s1.game) continue;
    chain.assign(1, ChainPly{g1, up1, l1->seq, l1->time, src.game().position().at(g1.footprint.origin),
                             g1.footprint.kept.any() ||
                                 g1.moves.front().kind == core::MoveKind::kEnPassant});
    extend(extend, *s1.game, groups_, s1.groups, began);
  }
  // A single move is read by evaluate (shows_result), not here.
  std::erase_if(chains, [](const std::vector<ChainPly>& c) { return c.size() < 2; });
  if (found.gave_up || chains.empty()) return std::nullopt;
  // The later plies' squares touched before the first landed (the reply's
  // piece lifted first) are theirs: kept past the first move's commit.
  const auto carry_of = [&](const ChainPly& first) {
    SquareSet carry;
    for (const std::vector<ChainPly>& c : chains) {
      if (c.front().group.moves.front() != first.group.moves.front()) continue;
      for (std::size_t k = 1; k < c.size(); ++k) {
        if (c[k].landed != 0) {
          carry |= c[k].group.footprint.touched();
        } else {
          carry.set(at(c[k].off()));  // in the air: its origin only (a victim lifted: its square)
        }
      }
    }
    return carry & ~first.group.footprint.touched();
  };
  // The later plies landed that every chain beginning with `first` has alike
  // (the same move landed by the same touch), in order.
  const auto later_of = [&](const ChainPly& first) {
    std::vector<std::pair<Move, Millis>> later;
    const std::vector<ChainPly>* model = nullptr;
    std::size_t common = 0;
    for (const std::vector<ChainPly>& c : chains) {
      if (c.front().group.moves.front() != first.group.moves.front()) continue;
      if (model == nullptr) {
        model = &c;
        common = c.size();
      }
      std::size_t k = 1;
      while (k < common && k < c.size() && c[k].landed != 0 && c[k].landed == (*model)[k].landed &&
             c[k].group.moves.front() == (*model)[k].group.moves.front())
        ++k;
      common = k;
    }
    for (std::size_t k = 1; model != nullptr && k < common; ++k)
      later.emplace_back((*model)[k].group.moves.front(), (*model)[k].landed_at);
    return later;
  };
  const ChainPly& first = chains.front().front();
  for (const std::vector<ChainPly>& c : chains) {
    if (c.front().group.moves.front() != first.group.moves.front() ||
        c.front().landed != first.landed) {
      found.several = true;
      break;
    }
  }
  if (found.several) {
    // Put the board back: the same fixes whichever chain was played (the
    // pieces end where they began), else none named from the chains.
    found.undo = undo_chain(chains.front(), src.game().rules());
    for (const std::vector<ChainPly>& c : chains) {
      if (undo_chain(c, src.game().rules()) != found.undo) found.undo.clear();
    }
    // Session 19: the first moves to ask about, each landed once (a move
    // whose piece landed on its square twice, one chain each, is no
    // question the table can answer by naming the move: none asked).
    bool twice = false;
    for (const std::vector<ChainPly>& c : chains) {
      const ChainPly& p = c.front();
      auto it = std::find_if(found.choices.begin(), found.choices.end(),
                             [&](const ChainChoice& k) { return k.move == p.group.moves.front(); });
      if (it == found.choices.end()) {
        found.choices.push_back(
            ChainChoice{p.group.moves.front(), p.landed, p.landed_at, carry_of(p), later_of(p)});
      } else if (it->landed_seq != p.landed) {
        twice = true;
      }
      ChainLine line;
      for (const ChainPly& q : c) {
        if (q.landed != 0) {
          line.moves.push_back(q.group.moves.front());
        } else if (q.victim != core::kNoSquare) {
          line.lifted = q.victim;
        } else {
          line.in_air = q.group.footprint.origin;
        }
      }
      found.lines.push_back(std::move(line));
    }
    if (twice || found.choices.size() < 2) found.choices.clear();
    return std::nullopt;
  }
  ChainReading out;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    if (groups_[i].moves.front() == first.group.moves.front()) out.group = i;
  }
  out.landed_seq = first.landed;
  out.landed_at = first.landed_at;
  out.carry = carry_of(first);
  out.later = later_of(first);
  out.plies = 0;
  for (const std::vector<ChainPly>& c : chains) out.plies = std::max(out.plies, c.size());
  return out;
}

Commit Tracker::ask_which_chain(ChainsFound& found) {
  // Session 19: the touches fit chains of plies in flight that begin with
  // different moves (the rook let go on a3 or on a4 before the knight
  // landed: no reed sees where the hand let go). FIDE 4.7: the move is
  // made when the hand releases the piece; the player knows where that was.
  // The table is asked which first move was meant; the answer commits it
  // (rebase: the commit's touch and carry are that chain's), and the later
  // plies are read from the position after it. Nothing is committed before.
  Commit c;
  c.choice = ChoiceKind::kWhichMove;
  c.time = now_;
  c.made = found.choices.front().landed_at;
  for (const ChainChoice& k : found.choices) {
    c.options.push_back(k.move);
    c.option_made.push_back(k.landed_at);
    c.made = std::min(c.made, k.landed_at);
  }
  c.lines = std::move(found.lines);
  chain_choices_ = std::move(found.choices);
  asked_board_ = board_.occupied();
  tentative_.reset();
  after_.reset();
  withdrawable_.reset();  // the next seat's hand was on the board: no withdrawal
  withdraw_due_ = false;
  placed_.reset();  // the pieces set down were the later plies' too: no straightening
  placed_seat_ = core::kNoSeat;
  state_ = TrackerState::kAwaitingChoice;
  return c;
}

void Tracker::withdraw_chain_question(const MoveSource* src, TrackerUpdate& up) {
  // The board changed while the question was open and settled showing
  // something else (the pieces put back, or play went on): the question
  // no longer fits it, and an answer could commit a move the board no
  // longer shows. Nothing was committed: the touches kept since the last
  // commit are read again from the position (a new question, a move, or a
  // ruling with the fixes).
  const core::Geometry& g = board_.geometry();
  const SquareSet moved = (asked_board_ ^ board_.occupied()) & ~ignored();
  up.withdrawn_question = "the board changed after the question was asked" +
                          (moved.any() ? " (" + square_list(g, moved) + ")" : std::string()) +
                          "; it is read again";
  chain_choices_.clear();
  asked_board_.reset();
  state_ = TrackerState::kMoving;
  judged_ = false;
  evaluate(src, up);
}

}  // namespace tabula::inference
