#include "engine/evaluation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace tabula::engine {
namespace {

constexpr int kUndeveloped = 15;  // a minor piece on its seat's first rank

// A piece kind's worth from its Betza string, for kinds chess does not name
// (004's captain, guard, soldier, swordsman, power pieces). Each atom adds
// its chess worth; a range limit ("R3") and direction or mode modifiers
// ("fmW", "mW") take a share of it.
int betza_value(const std::string& betza) {
  int total = 0;
  std::string mods;
  for (std::size_t i = 0; i < betza.size(); ++i) {
    char c = betza[i];
    if (std::islower(static_cast<unsigned char>(c))) {
      mods += c;
      continue;
    }
    int base = 0;
    bool slider = false;
    switch (c) {
      case 'W': case 'F': base = 100; break;
      case 'K': base = 300; break;
      case 'N': base = 300; break;
      case 'D': case 'A': base = 80; break;
      case 'R': base = 500; slider = true; break;
      case 'B': base = 330; slider = true; break;
      case 'Q': base = 900; slider = true; break;
      default: base = 100; break;
    }
    int range = 0;
    while (i + 1 < betza.size() && std::isdigit(static_cast<unsigned char>(betza[i + 1]))) {
      range = range * 10 + (betza[++i] - '0');
    }
    double share = 1.0;
    if (slider && range > 0) share *= 0.3 + 0.1 * std::min(range, 7);
    if (mods.find_first_of("fbsvlr") != std::string::npos) share *= 0.5;
    if (mods.find_first_of("mc") != std::string::npos) share *= 0.6;
    total += static_cast<int>(base * share);
    mods.clear();
  }
  return std::max(total, 50);
}

int kind_value(const core::PieceDef& def) {
  if (def.royal) return 0;
  if (def.pawn) return 100;
  const std::string& n = def.name;
  if (n.find("queen") != std::string::npos) return 900;
  if (n == "rook") return 500;
  if (n == "bishop") return 330;
  if (n == "knight") return 300;
  return betza_value(def.betza);
}

}  // namespace

Evaluator::Evaluator(const core::RuleSet& rules, std::optional<bool> opening_terms) : rules_(&rules) {
  for (std::size_t k = 0; k < rules.pieces.size() && k < value_.size(); ++k) value_[k] = kind_value(rules.pieces[k]);
  const core::Geometry& geo = rules.geometry;
  double cf = (geo.width() - 1) / 2.0;
  double cr = (geo.height() - 1) / 2.0;
  for (int sq = 0; sq < core::kMaxSquares; ++sq) {
    auto s = static_cast<core::Square>(sq);
    if (!geo.playable(s)) continue;
    double d = std::max(std::abs(core::file_of(s) - cf), std::abs(core::rank_of(s) - cr));
    centre_[static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(std::max(0, 6 - static_cast<int>(d)));
  }
  for (int i = 0; i < rules.seat_count(); ++i) {
    core::Frame f = core::frame_of(rules.seats[static_cast<std::size_t>(i)].facing);
    int lo = 1 << 20;
    for (int sq = 0; sq < core::kMaxSquares; ++sq) {
      auto s = static_cast<core::Square>(sq);
      if (geo.playable(s)) lo = std::min(lo, core::file_of(s) * f.forward_file + core::rank_of(s) * f.forward_rank);
    }
    for (int sq = 0; sq < core::kMaxSquares; ++sq) {
      auto s = static_cast<core::Square>(sq);
      if (!geo.playable(s)) continue;
      int p = core::file_of(s) * f.forward_file + core::rank_of(s) * f.forward_rank - lo;
      progress_[static_cast<std::size_t>(i)][static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(std::clamp(p, 0, 15));
    }
    // The opening's pawns: a pawn's file across the seat's forward direction
    // (the seat's right), counted from the middle of the board's playable
    // span; the two centre files gain 8 per step forward (up to four), their
    // neighbours 5, the next 2, the rim none. Every sheet's opening fights
    // for the centre: d2-d4 and e2-e4 are worth more than a2-a4.
    int right_lo = 1 << 20, right_hi = -(1 << 20);
    for (int sq = 0; sq < core::kMaxSquares; ++sq) {
      auto s = static_cast<core::Square>(sq);
      if (!geo.playable(s)) continue;
      int r = core::file_of(s) * f.right_file + core::rank_of(s) * f.right_rank;
      right_lo = std::min(right_lo, r);
      right_hi = std::max(right_hi, r);
    }
    static constexpr int kPawnCentre[] = {8, 5, 2};
    for (int sq = 0; sq < core::kMaxSquares; ++sq) {
      auto s = static_cast<core::Square>(sq);
      if (!geo.playable(s)) continue;
      int r = core::file_of(s) * f.right_file + core::rank_of(s) * f.right_rank;
      // Twice the distance from the middle: 1 for the two centre files of an even span.
      int off = (std::abs(2 * r - right_lo - right_hi) - 1) / 2;
      int per_step = off >= 0 && off < 3 ? kPawnCentre[off] : 0;
      int steps = std::min<int>(progress_[static_cast<std::size_t>(i)][static_cast<std::size_t>(sq)], 4);
      pawn_centre_[static_cast<std::size_t>(i)][static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(per_step * steps);
    }
  }
  // 004 stage one: the first to fill the opponent's home rows wins.
  race_ = rules.game_end == core::GameEnd::kFillOpponentHome;
  // The opening terms where the opening is a fight for the centre: the
  // variant's house switch (RuleSet::evaluation, from its data), never in
  // 004 stage one's race, whose evaluation is the race alone.
  opening_ = !race_ && opening_terms.value_or(rules.evaluation.opening_terms);
}

SeatValues Evaluator::terminal(const GameAdapter& g) const {
  SeatValues v{};
  if (g.drawn()) return v;
  const std::vector<Seat>& ranking = g.ranking();
  int n = static_cast<int>(ranking.size());
  int seats = g.seat_count();
  for (int i = 0; i < seats; ++i) {
    Seat s = core::seat_at(i);
    int r = n;  // not ranked: last
    for (int k = 0; k < n; ++k) {
      if (ranking[static_cast<std::size_t>(k)] == s) r = k;
    }
    if (n > 0 && (r == 0 || g.teammates(s, ranking.front()))) {
      v[static_cast<std::size_t>(i)] = kWin;
    } else {
      // Below the winner: a step per place (four seats), the ledger as tie-break.
      v[static_cast<std::size_t>(i)] = -kWin + (seats > 2 ? (n - r) * (kWin / 8) : 0) + g.points(s);
    }
  }
  return v;
}

SeatValues Evaluator::evaluate(const GameAdapter& g) const {
  if (g.over()) return terminal(g);
  SeatValues v{};
  const core::Position& pos = g.position();
  const core::RuleSet& rules = *rules_;
  int seats = g.seat_count();
  std::array<bool, core::kMaxSeats> playing{};
  for (int i = 0; i < seats; ++i) playing[static_cast<std::size_t>(i)] = g.plays(core::seat_at(i));
  int playing_count = static_cast<int>(std::count(playing.begin(), playing.end(), true));
  bool two_player_area = rules.corners.two_player.enabled && seats > 2 && playing_count == 2;
  for (int sq = 0; sq < core::kMaxSquares; ++sq) {
    auto s = static_cast<core::Square>(sq);
    core::Piece p = pos.at(s);
    if (p.empty() || p.seat == core::kNoSeat) continue;
    auto i = static_cast<std::size_t>(index_of(p.seat));
    if (i >= static_cast<std::size_t>(seats) || !playing[i]) continue;
    const core::PieceDef& def = rules.piece(p.kind);
    int val = value_[static_cast<std::size_t>(index_of(p.kind))];
    int prog = progress_[i][static_cast<std::size_t>(sq)];
    if (race_) {
      // 004 stage one: every step toward the far home rows counts, and a
      // messenger already there counts more.
      val += prog * 30;
      if (seats == 2 && rules.seats[1 - i].home.test(static_cast<std::size_t>(sq))) val += 120;
    } else if (def.pawn) {
      val += prog * 6 + (opening_ ? pawn_centre_[i][static_cast<std::size_t>(sq)] : 0);
    } else if (!def.royal) {
      const bool minor = val <= 400;
      val += centre_[static_cast<std::size_t>(sq)] * (minor ? 5 : 2);
      // Develop: a minor piece still on its first rank.
      if (opening_ && minor && prog == 0) val -= kUndeveloped;
    }
    // 000, two-player phase: onto the central area as soon as possible.
    if (two_player_area && rules.corners.two_player.area.test(static_cast<std::size_t>(sq))) val += 25;
    v[i] += val;
  }
  for (int i = 0; i < seats; ++i) {
    Seat s = core::seat_at(i);
    auto u = static_cast<std::size_t>(i);
    switch (rules.ledger.kind) {
      case core::LedgerKind::kPoints: v[u] += g.points(s) * 100; break;  // 002 rule 3, chess.com
      case core::LedgerKind::kTokens: v[u] += g.points(s) * 600; break;   // 003 rule 1: tokens
      case core::LedgerKind::kNone: break;
    }
    if (!playing[u]) v[u] -= kEliminated;
    // 000: inside his own corner square the king cannot be checked.
    if (rules.corners.enabled && playing[u] && pos.in_own_corner(s)) v[u] += 150;
    if (playing[u] && pos.king_square(s) != core::kNoSquare && pos.in_check(s)) v[u] -= 30;
  }
  return v;
}

}  // namespace tabula::engine
