// seating_plan.cpp — Section index: the field, the plans (field, field with
// extra players, the 24-point design), labels from round one, classes.
#include "event/seating_plan.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>

namespace tabula::event {
namespace {

// ---- the field ----
// GF(q): q prime (arithmetic mod q) or q = 2^m (polynomial arithmetic, the
// element's bits are the coefficients; reduced by a primitive polynomial).
struct Field {
  int q = 0;
  int poly = 0;  // 0: prime field
  int add(int a, int b) const { return poly ? (a ^ b) : (a + b) % q; }
  int sub(int a, int b) const { return poly ? (a ^ b) : (a - b + q) % q; }
  int mul(int a, int b) const {
    if (!poly) return (a * b) % q;
    int r = 0;
    while (b) {
      if (b & 1) r ^= a;
      b >>= 1;
      a <<= 1;
      if (a & q) a ^= poly;
    }
    return r;
  }
};

bool prime(int q) {
  if (q < 2) return false;
  for (int d = 2; d * d <= q; ++d) {
    if (q % d == 0) return false;
  }
  return true;
}

// The field of size q with at least four elements, or q = 0.
Field field_of(int q) {
  if (q == 4) return {4, 0b111};     // x^2 + x + 1
  if (q == 8) return {8, 0b1011};    // x^3 + x + 1
  if (q == 16) return {16, 0b10011};  // x^4 + x + 1
  if (q >= 5 && prime(q)) return {q, 0};
  return {};
}

// g with g + k != 0 for every row k = 0..3 (seating_plan.h), or 0: none.
int extra_step(const Field& f) {
  for (int g = 1; g < f.q; ++g) {
    bool fits = true;
    for (int k = 0; k < 4; ++k) fits = fits && f.add(g, k) != 0;
    if (fits) return g;
  }
  return 0;
}

struct Class {
  std::vector<std::array<int, 4>> tables;
  std::vector<int> byes;
};

struct Design {
  std::vector<Class> classes;  // class 0: table t seat k is point 4t + k, byes 4q, 4q + 1, ...
  bool rows = false;
};

// Renumbers the points so that class 0 reads 0, 1, 2, ... (tables, then byes).
Design normalised(Design d, int points) {
  std::vector<int> id(static_cast<std::size_t>(points), -1);
  int next = 0;
  for (const auto& t : d.classes.front().tables) {
    for (int p : t) id[static_cast<std::size_t>(p)] = next++;
  }
  for (int p : d.classes.front().byes) id[static_cast<std::size_t>(p)] = next++;
  for (Class& c : d.classes) {
    for (auto& t : c.tables) {
      for (int& p : t) p = id[static_cast<std::size_t>(p)];
    }
    for (int& p : c.byes) p = id[static_cast<std::size_t>(p)];
  }
  return d;
}

// The field plan of 4q labels with `extra` players taking the byes' places.
Design field_design(const Field& f, int extra) {
  const int g = extra ? extra_step(f) : 0;
  Design d;
  d.rows = true;
  auto label = [](int row, int col) { return 4 * col + row; };
  for (int r = 0; r < f.q; ++r) {
    Class c;
    c.tables.assign(static_cast<std::size_t>(f.q), {});
    for (int t = 0; t < f.q; ++t) {
      for (int k = 0; k < 4; ++k) c.tables[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)] = label(k, f.add(t, f.mul(k, r)));
    }
    for (int e = 0; e < extra; ++e) {
      const int a = f.q - 1 - e;
      const int bye = label(e, f.add(a, f.mul(f.add(e, g), r)));
      const int table = f.add(a, f.mul(g, r));  // (bye's column) - e*r
      auto& seat = c.tables[static_cast<std::size_t>(table)][static_cast<std::size_t>(e)];
      seat = 4 * f.q + e;  // E_e
      c.byes.push_back(bye);
    }
    d.classes.push_back(std::move(c));
  }
  return normalised(std::move(d), 4 * f.q + extra);
}

// 24 points: the resolvable 4-GDD of type 3^8 (seating_plan.h). Points
// (i, a) = 3i + a for i in Z7, a in 0..2, and 21, 22, 23 (three fixed
// points). The base class below (found by an exhaustive search over the
// blocks whose differences mod 7 within and between the three kinds a are
// all different and never 0, each fixed point with one of each kind) is
// developed by i -> i + d mod 7 for d = 0..6. The groups: {(i,0),(i,1),(i,2)}
// and {21, 22, 23}; every other pair shares exactly one block.
// Not normalised: the 23 and 25-27 plans below are made from it.
Design raw_24() {
  constexpr int kFixed = -1;
  constexpr std::array<std::array<std::array<int, 2>, 4>, 6> kBase{{
      {{{kFixed, 0}, {0, 0}, {5, 1}, {1, 2}}},
      {{{kFixed, 1}, {1, 0}, {4, 1}, {3, 2}}},
      {{{kFixed, 2}, {2, 0}, {1, 1}, {6, 2}}},
      {{{3, 0}, {4, 0}, {6, 0}, {2, 2}}},
      {{{5, 0}, {0, 1}, {2, 1}, {6, 1}}},
      {{{3, 1}, {0, 2}, {4, 2}, {5, 2}}},
  }};
  Design d;
  for (int shift = 0; shift < 7; ++shift) {
    Class c;
    for (const auto& block : kBase) {
      std::array<int, 4> t{};
      for (std::size_t k = 0; k < 4; ++k) {
        const auto [i, a] = block[k];
        t[k] = i == kFixed ? 21 + a : 3 * ((i + shift) % 7) + a;
      }
      c.tables.push_back(t);
    }
    d.classes.push_back(std::move(c));
  }
  return d;
}

// 23 points: the 24 design without point 23; its table in each class sits
// out (seating_plan.h). Point 23 meets the 21 points outside its group once
// each, so those 21 have one bye each and 21, 22 none.
Design design_23() {
  Design d = raw_24();
  for (Class& c : d.classes) {
    auto it = std::find_if(c.tables.begin(), c.tables.end(),
                           [](const std::array<int, 4>& t) { return std::find(t.begin(), t.end(), 23) != t.end(); });
    for (int p : *it) {
      if (p != 23) c.byes.push_back(p);
    }
    c.tables.erase(it);
  }
  return normalised(std::move(d), 23);
}

// 25-27 points: the 24 design and `extra` points 24 + e that each class
// take the place (and seat) of the point kExtraByes[e][class], which then
// has the bye (seating_plan.h). Found by a small backtracking search over
// the 24 design's classes: the 7 x 3 points replaced are all different, two
// extras are never at one table of a class, and an extra's 21 table-mates
// over the 7 classes are all different (checked again by the tests, which
// count every pair met).
Design design_24_extra(int extra) {
  constexpr std::array<std::array<int, 7>, 3> kExtraByes{{
      {0, 1, 9, 8, 3, 2, 20},
      {4, 6, 14, 11, 7, 16, 22},
      {13, 23, 10, 17, 5, 15, 12},
  }};
  Design d = raw_24();
  for (std::size_t r = 0; r < d.classes.size(); ++r) {
    Class& c = d.classes[r];
    for (int e = 0; e < extra; ++e) {
      const int bye = kExtraByes[static_cast<std::size_t>(e)][r];
      for (auto& t : c.tables) {
        for (int& p : t) {
          if (p == bye) p = 24 + e;
        }
      }
      c.byes.push_back(bye);
    }
  }
  return normalised(std::move(d), 24 + extra);
}

// The plan for `players`, or no classes.
Design design_of(int players) {
  if (players == 23) return design_23();
  if (players >= 24 && players <= 27) return players == 24 ? normalised(raw_24(), 24) : design_24_extra(players - 24);
  if (players < 16) return {};
  const Field f = field_of(players / 4);
  const int extra = players % 4;
  if (f.q == 0 || (extra && extra_step(f) == 0)) return {};
  return field_design(f, extra);
}

}  // namespace

int plan_rounds(int players) { return static_cast<int>(design_of(players).classes.size()); }

std::vector<PlanRound> unplayed_plan_rounds(const Section& s) {
  const int n = static_cast<int>(s.players.size());
  const Design d = design_of(n);
  if (d.classes.empty() || s.played.empty()) return {};
  for (const Player& p : s.players) {
    if (p.withdrawn) return {};
  }
  // ---- labels: round one's table t seat k is point 4t + k, its byes follow ----
  const Class& zero = d.classes.front();
  std::vector<int> point(static_cast<std::size_t>(n), -1);  // player -> point
  std::vector<int> player(static_cast<std::size_t>(n), -1);  // point -> player
  const Round& first = s.played.front();
  if (first.tables.size() != zero.tables.size() || first.byes.size() != zero.byes.size()) return {};
  int next = 0;
  auto label = [&](PlayerId p) {
    const auto i = static_cast<std::size_t>(p.value);
    if (p.value < 0 || i >= point.size() || point[i] >= 0) return false;
    point[i] = next;
    player[static_cast<std::size_t>(next++)] = p.value;
    return true;
  };
  for (const Table& table : first.tables) {
    if (table.seats.size() != 4) return {};
    for (PlayerId p : table.seats) {
      if (!label(p)) return {};
    }
  }
  for (PlayerId p : first.byes) {
    if (!label(p)) return {};
  }
  // ---- which class each played round is ----
  std::vector<std::vector<int>> table_of(d.classes.size(), std::vector<int>(static_cast<std::size_t>(n), -1));
  for (std::size_t c = 0; c < d.classes.size(); ++c) {
    for (std::size_t t = 0; t < d.classes[c].tables.size(); ++t) {
      for (int p : d.classes[c].tables[t]) table_of[c][static_cast<std::size_t>(p)] = static_cast<int>(t);
    }
  }
  std::set<std::size_t> played;
  for (const Round& round : s.played) {
    if (round.tables.size() != zero.tables.size() || round.byes.size() != zero.byes.size()) return {};
    std::size_t which = d.classes.size();
    for (std::size_t c = 0; c < d.classes.size() && which == d.classes.size(); ++c) {
      bool all = true;
      for (const Table& table : round.tables) {
        if (table.seats.size() != 4) return {};
        const auto at = [&](PlayerId p) { return table_of[c][static_cast<std::size_t>(point[static_cast<std::size_t>(p.value)])]; };
        const int t = at(table.seats[0]);
        for (PlayerId p : table.seats) all = all && t >= 0 && at(p) == t;
      }
      std::set<int> byes;
      for (PlayerId p : round.byes) byes.insert(point[static_cast<std::size_t>(p.value)]);
      all = all && byes == std::set<int>(d.classes[c].byes.begin(), d.classes[c].byes.end());
      if (all) which = c;
    }
    if (which == d.classes.size() || !played.insert(which).second) return {};  // off the plan
  }
  const std::size_t j = s.played.size();
  std::vector<PlanRound> out;
  for (std::size_t c = 0; c < d.classes.size(); ++c) {
    if (played.count(c)) continue;
    PlanRound pr;
    pr.rows = d.rows;
    for (const auto& t : d.classes[c].tables) {
      std::array<int, 4> seated{};
      for (std::size_t k = 0; k < 4; ++k) {
        const std::size_t seat = d.rows ? (k + j) % 4 : k;
        seated[seat] = player[static_cast<std::size_t>(t[k])];
      }
      pr.tables.push_back(seated);
    }
    for (int p : d.classes[c].byes) pr.byes.push_back(player[static_cast<std::size_t>(p)]);
    out.push_back(std::move(pr));
  }
  return out;
}

namespace {

using Counts = std::vector<std::vector<int>>;

// Bit k set when seat k is one of p's least used.
unsigned allowed_of(const Counts& counts, int p) {
  const auto& c = counts[static_cast<std::size_t>(p)];
  const int low = *std::min_element(c.begin(), c.end());
  unsigned out = 0;
  for (std::size_t k = 0; k < 4; ++k) out |= c[k] == low ? 1u << k : 0u;
  return out;
}

// The orders of `t` with the fewest players outside their least-used seats.
std::vector<std::array<int, 4>> fitting_orders(const Counts& counts, std::array<int, 4> t, int& misfits) {
  std::sort(t.begin(), t.end());
  std::array<unsigned, 4> allowed{};  // the sorted table's players' least-used seats, looked up once
  for (std::size_t i = 0; i < 4; ++i) allowed[i] = allowed_of(counts, t[i]);
  std::array<std::size_t, 4> at{0, 1, 2, 3};  // the players are distinct: their orders in turn as t's
  std::vector<std::array<int, 4>> out;
  misfits = 5;
  do {
    int m = 0;
    for (std::size_t k = 0; k < 4; ++k) m += (allowed[at[k]] & (1u << k)) ? 0 : 1;
    if (m < misfits) {
      misfits = m;
      out.clear();
    }
    if (m == misfits) out.push_back({t[at[0]], t[at[1]], t[at[2]], t[at[3]]});
  } while (std::next_permutation(at.begin(), at.end()));
  return out;
}

void sit(Counts& counts, const std::vector<std::array<int, 4>>& orders) {
  for (const auto& t : orders) {
    for (std::size_t k = 0; k < 4; ++k) ++counts[static_cast<std::size_t>(t[k])][k];
  }
}

// Seats one class: a random fitting order per table; returns the misfits.
int seat_randomly(const Counts& counts, const std::vector<std::array<int, 4>>& tables, std::mt19937& rng,
                  std::vector<std::array<int, 4>>& orders) {
  int total = 0;
  orders.clear();
  for (const auto& t : tables) {
    int m = 0;
    const auto options = fitting_orders(counts, t, m);
    total += m;
    orders.push_back(options[rng() % options.size()]);
  }
  return total;
}

// The fewest misfits any class of `rest` has next (exact: a table's best
// order does not depend on the other tables').
int next_misfits(const Counts& counts, const std::vector<const PlanRound*>& rest, std::size_t* which = nullptr) {
  int best = -1;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    int m = 0;
    for (const auto& t : rest[i]->tables) {
      int tm = 0;
      fitting_orders(counts, t, tm);
      m += tm;
    }
    if (best < 0 || m < best) {
      best = m;
      if (which) *which = i;
    }
  }
  return std::max(best, 0);
}

// The rest of the plan seated greedily after `counts`: each step the class
// with the fewest misfits; the misfits of each step, nearest first.
std::vector<int> rest_misfits(Counts counts, std::vector<const PlanRound*> rest, std::mt19937& rng) {
  std::vector<int> out;
  std::vector<std::array<int, 4>> orders;
  while (!rest.empty()) {
    std::size_t best = 0;
    next_misfits(counts, rest, &best);
    out.push_back(seat_randomly(counts, rest[best]->tables, rng, orders));
    sit(counts, orders);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return out;
}

constexpr int kSeatTries = 20;
constexpr long kAheadNodes = 8000;  // the exact search's budget per chain of classes

// Exact, for a chain of classes after the next round: orders of the next
// round's tables (each among its fitting orders), then of each class of the
// chain but the last (each with no misfit), after which the last class of
// the chain has no misfit either. A depth-first search over the tables in
// turn, round after round; a table of a later round is checked (a fitting
// order without misfit exists) as soon as all its players are seated in the
// round before it. False when none exists or the budget ran out.
struct AheadSearch {
  struct Step {
    std::size_t round = 0;  // 0: the next round; j: chain[j - 1]
    const std::array<int, 4>* table = nullptr;
  };
  std::vector<Step> steps;
  std::vector<std::vector<const std::array<int, 4>*>> check_at;  // checked after step i (index i + 1)
  Counts after;
  std::vector<std::array<int, 4>> orders;  // one per step
  long nodes = 0;

  AheadSearch(const Counts& counts, const PlanRound& next, const std::vector<const PlanRound*>& chain)
      : after(counts) {
    std::vector<const PlanRound*> rounds{&next};
    rounds.insert(rounds.end(), chain.begin(), chain.end());
    check_at.assign(1, {});
    for (std::size_t j = 0; j < rounds.size(); ++j) {
      // The step after which each player is seated in round j - 1.
      std::vector<long> seated(counts.size(), -1);
      if (j > 0) {
        for (std::size_t i = 0; i < steps.size(); ++i) {
          if (steps[i].round != j - 1) continue;
          for (int p : *steps[i].table) seated[static_cast<std::size_t>(p)] = static_cast<long>(i);
        }
        for (const auto& t : rounds[j]->tables) {
          long last = -1;
          for (int p : t) last = std::max(last, seated[static_cast<std::size_t>(p)]);
          check_at[static_cast<std::size_t>(last + 1)].push_back(&t);
        }
      }
      if (j + 1 == rounds.size()) break;  // the last class is only checked
      for (const auto& t : rounds[j]->tables) {
        steps.push_back({j, &t});
        check_at.emplace_back();
      }
    }
    orders.resize(steps.size());
  }

  bool fits(std::size_t at) const {
    for (const auto* t : check_at[at]) {
      int m = 0;
      fitting_orders(after, *t, m);
      if (m > 0) return false;
    }
    return true;
  }

  bool run(std::size_t i) {
    if (i == steps.size()) return true;
    int m = 0;
    const std::vector<std::array<int, 4>> options = fitting_orders(after, *steps[i].table, m);
    if (steps[i].round > 0 && m > 0) return false;
    for (const auto& option : options) {
      if (++nodes > kAheadNodes) return false;
      for (std::size_t k = 0; k < 4; ++k) ++after[static_cast<std::size_t>(option[k])][k];
      orders[i] = option;
      const bool ok = fits(i + 1) && run(i + 1);
      for (std::size_t k = 0; k < 4; ++k) --after[static_cast<std::size_t>(option[k])][k];
      if (ok) return true;
      if (nodes > kAheadNodes) return false;
    }
    return false;
  }
};

// The next round's orders from the first chain of `length` (1 or 2) classes
// of `others` the exact search completes; empty when none. (A chain of two
// holds its first class to no misfit too: with misfits one class ahead, the
// chains of one are the search; with none there but some two ahead, the
// chains of two.)
std::vector<std::array<int, 4>> orders_without_misfits_ahead(const Counts& counts, const PlanRound& next,
                                                             const std::vector<const PlanRound*>& others,
                                                             std::size_t length) {
  std::vector<std::vector<const PlanRound*>> chains;
  for (const PlanRound* a : others) {
    if (length == 1) chains.push_back({a});
    for (const PlanRound* b : others) {
      if (length == 2 && a != b) chains.push_back({a, b});
    }
  }
  for (const auto& chain : chains) {
    AheadSearch search(counts, next, chain);
    if (search.fits(0) && search.run(0)) {
      return {search.orders.begin(), search.orders.begin() + static_cast<std::ptrdiff_t>(next.tables.size())};
    }
  }
  return {};
}

// Exact, for the rest of the event: a class's tables each in an order
// without misfit, then `more` of the other classes, in whatever order the
// search picks, each seated without misfit too. A depth-first search over
// the tables in turn; at each round the classes whose every table has an
// order without misfit now are tried, the one with the fewest such orders
// first (it may have none later). Which classes come later is decided later,
// by scores: a completion in some order shows this round's orders leave the
// event a way to end with every player's seats within one after every round.
// A state from which no way through exists (the classes used, and each
// player's seat counts above their least-used: all that the later rounds'
// fit depends on) is remembered, so the next class tried, or the same classes in
// another order, does not search it again. False when none exists or the
// budget ran out.
struct ThroughSearch {
  Counts counts;
  std::vector<const PlanRound*> classes;
  std::vector<bool> used;
  std::set<std::string> dead;  // states proven to have no way through
  long nodes = 0;
  long budget = 0;

  std::string state() const {
    std::string key;
    for (bool u : used) key.push_back(u ? '1' : '0');
    for (const auto& c : counts) {
      const int low = *std::min_element(c.begin(), c.end());
      for (std::size_t k = 0; k < 4; ++k) key.push_back(static_cast<char>(c[k] - low));  // at most 99 rounds
    }
    return key;
  }

  // s14: forward checking. After a table is seated, a table of another
  // unused class whose players are all settled for this round (seated or on
  // the bye) is checked at once: if it has no order without misfit, that
  // class cannot be the next round, and when no unused class can, this
  // branch is cut (before, every order of the round's later tables was tried
  // first: 586,652 nodes for round 5 of 29 players, seed 2, without budget).
  std::vector<std::vector<int>> table_of;   // class -> player -> its table in the class (-1: a bye)
  std::vector<int> where;                   // player -> table of the round being seated (-1: none)
  std::vector<std::vector<char>> ruled_out;  // level -> class -> cannot be the round after this one
  std::size_t level = 0;                    // rounds seated in this search before the one being seated
  std::vector<std::array<int, 4>>* top_orders = nullptr;  // the exact search: the first round's orders
  int top_class = -1;                                      // and its class

  void prepare(std::size_t players) {
    table_of.assign(classes.size(), std::vector<int>(players, -1));
    for (std::size_t c = 0; c < classes.size(); ++c) {
      for (std::size_t t = 0; t < classes[c]->tables.size(); ++t) {
        for (int p : classes[c]->tables[t]) table_of[c][static_cast<std::size_t>(p)] = static_cast<int>(t);
      }
    }
    where.assign(players, -1);
    ruled_out.assign(classes.size() + 1, std::vector<char>(classes.size(), 0));
  }

  // Rules out the classes a settled table of `option` (the i-th table) no
  // longer fits; false when no unused class is left for the next round.
  bool next_round_left(const std::array<int, 4>& option, std::size_t i, std::vector<std::size_t>& newly) {
    std::vector<char>& gone = ruled_out[level];
    for (std::size_t c = 0; c < classes.size(); ++c) {
      if (used[c] || gone[c]) continue;
      for (int x : option) {
        const int t = table_of[c][static_cast<std::size_t>(x)];
        if (t < 0) continue;
        const std::array<int, 4>& other = classes[c]->tables[static_cast<std::size_t>(t)];
        bool settled = true;
        for (int y : other) settled = settled && where[static_cast<std::size_t>(y)] <= static_cast<int>(i);
        int m = 0;
        if (settled) fitting_orders(counts, other, m);
        if (m > 0) {
          gone[c] = 1;
          newly.push_back(c);
          break;
        }
      }
    }
    for (std::size_t c = 0; c < classes.size(); ++c) {
      if (!used[c] && !gone[c]) return true;
    }
    return false;
  }

  bool tables(const PlanRound& round, std::size_t i, int more, std::vector<std::array<int, 4>>* out) {
    if (i > 0) return seat_tables(round, i, more, out);
    std::vector<int> saved(where.size(), -1);
    saved.swap(where);
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      for (int p : round.tables[t]) where[static_cast<std::size_t>(p)] = static_cast<int>(t);
    }
    const bool ok = seat_tables(round, 0, more, out);
    where.swap(saved);
    return ok;
  }

  bool seat_tables(const PlanRound& round, std::size_t i, int more, std::vector<std::array<int, 4>>* out) {
    if (i == round.tables.size()) return rounds(more);
    int m = 0;
    const std::vector<std::array<int, 4>> options = fitting_orders(counts, round.tables[i], m);
    if (m > 0) return false;
    for (const auto& option : options) {
      if (++nodes > budget) return false;
      for (std::size_t k = 0; k < 4; ++k) ++counts[static_cast<std::size_t>(option[k])][k];
      if (out) (*out)[i] = option;
      std::vector<std::size_t> newly;
      const bool ok = (more == 0 || next_round_left(option, i, newly)) && seat_tables(round, i + 1, more, out);
      for (std::size_t c : newly) ruled_out[level][c] = 0;
      for (std::size_t k = 0; k < 4; ++k) --counts[static_cast<std::size_t>(option[k])][k];
      if (ok) return true;
      if (nodes > budget) return false;
    }
    return false;
  }

  bool rounds(int more) {
    if (more == 0) return true;
    const std::string key = state();
    if (dead.count(key)) return false;
    std::vector<std::pair<long, std::size_t>> open;  // (orders without misfit, summed over tables; class)
    for (std::size_t c = 0; c < classes.size(); ++c) {
      if (used[c]) continue;
      long options = 0;
      bool fits = true;
      for (const auto& t : classes[c]->tables) {
        int m = 0;
        options += static_cast<long>(fitting_orders(counts, t, m).size());
        fits = fits && m == 0;
      }
      if (fits) open.emplace_back(options, c);
    }
    std::sort(open.begin(), open.end());
    for (const auto& [options, c] : open) {
      const bool top = level == 0 && top_orders != nullptr;  // seat_plan_through_exact's first round
      if (top) top_orders->assign(classes[c]->tables.size(), {});
      used[c] = true;
      ++level;
      const bool ok = tables(*classes[c], 0, more - 1, top ? top_orders : nullptr);
      --level;
      used[c] = false;
      if (ok && top) top_class = static_cast<int>(c);
      if (ok) return true;
      if (nodes > budget) return false;
    }
    dead.insert(key);
    return false;
  }
};

constexpr long kThroughNodes = 10000;  // the whole-event search's budget per class tried

}  // namespace

PlanSeats seat_plan_round(const Counts& seat_count, const PlanRound& next, const std::vector<PlanRound>& rest) {
  std::vector<const PlanRound*> others;
  for (const PlanRound& pr : rest) {
    if (&pr != &next) others.push_back(&pr);
  }
  std::mt19937 rng(static_cast<std::uint32_t>(seat_count.size() * 131 + rest.size()));
  std::vector<std::array<int, 4>> best = next.tables, orders;
  std::vector<int> best_key;  // misfits now, then each later round's
  for (int attempt = 0; attempt < kSeatTries; ++attempt) {
    std::vector<int> key{seat_randomly(seat_count, next.tables, rng, orders)};
    if (!best_key.empty() && key[0] > best_key[0]) continue;
    // Climb: one table's order at a time, while the next round's fewest
    // misfits (exact) go down.
    Counts after = seat_count;
    sit(after, orders);
    int ahead = next_misfits(after, others);
    for (bool better = ahead > 0; better;) {
      better = false;
      for (std::size_t t = 0; t < orders.size() && ahead > 0; ++t) {
        int m = 0;
        for (const auto& option : fitting_orders(seat_count, orders[t], m)) {
          const std::array<int, 4> was = orders[t];
          for (std::size_t k = 0; k < 4; ++k) {
            --after[static_cast<std::size_t>(was[k])][k];
            ++after[static_cast<std::size_t>(option[k])][k];
          }
          orders[t] = option;
          const int a = next_misfits(after, others);
          if (a < ahead) {
            ahead = a;
            better = true;
            continue;
          }
          for (std::size_t k = 0; k < 4; ++k) {
            --after[static_cast<std::size_t>(option[k])][k];
            ++after[static_cast<std::size_t>(was[k])][k];
          }
          orders[t] = was;
        }
      }
    }
    const std::vector<int> later = rest_misfits(after, others, rng);
    key.insert(key.end(), later.begin(), later.end());
    if (best_key.empty() || key < best_key) {
      best_key = key;
      best = orders;
    }
    if (std::all_of(key.begin(), key.end(), [](int m) { return m == 0; })) break;
  }
  // The random climb can miss: after round 3 of a four-round cycle every
  // player who played each round wants the one seat they have not had, and
  // a table of round 4 whose players want the same seat puts one of them two
  // apart (docs/EVENT.md "Seats with byes and at 24": 0-3 players after round
  // 4 or 5, at 23-27 and 29-31), a trap set one or two rounds before. So
  // when it left misfits for one of the next two rounds, search this round's
  // orders exactly, with the next class's (or two classes') orders, for a
  // chain of classes without misfits (s12: 38 player-rounds two apart over
  // 23-31 players x 3 seeds x 7 rounds before, 3 after).
  const std::size_t ahead = best_key.size() > 1 && best_key[1] > 0   ? 1
                            : best_key.size() > 2 && best_key[2] > 0 ? 2
                                                                     : 0;
  if (ahead > 0) {
    const auto exact = orders_without_misfits_ahead(seat_count, next, others, ahead);
    int now = 0;
    for (const auto& t : exact) {
      for (std::size_t k = 0; k < 4; ++k) now += (allowed_of(seat_count, t[k]) & (1u << k)) ? 0 : 1;
    }
    if (!exact.empty() && now <= best_key[0]) {
      best = exact;
      best_key = std::vector<int>{now, 0};
    }
  }
  PlanSeats out;
  out.orders = best;
  out.misfits = best_key.empty() ? 0 : best_key[0];
  out.next_misfits = best_key.size() > 1 ? best_key[1] : 0;
  return out;
}

namespace {

long through_budget_hook = 0;  // set_through_budget_for_tests; 0: kThroughNodes

// The first class of `order` with a way through, `budget` nodes per class;
// `ran_out` tells whether any class's search stopped at its budget (else a
// -1 is a proof: the dead states are shared, and sound, across classes).
ThroughPick through_search(const Counts& seat_count, const std::vector<PlanRound>& classes,
                           const std::vector<std::size_t>& order, int rounds_after, long budget, bool& ran_out,
                           long& nodes) {
  ThroughSearch search;
  search.counts = seat_count;
  for (const PlanRound& pr : classes) search.classes.push_back(&pr);
  search.used.assign(classes.size(), false);
  search.prepare(seat_count.size());
  const int more = std::max(0, std::min(rounds_after, static_cast<int>(classes.size()) - 1));
  ThroughPick out;
  ran_out = false;
  nodes = 0;
  for (std::size_t c : order) {
    search.nodes = 0;
    search.budget = budget;
    std::vector<std::array<int, 4>> orders(classes[c].tables.size());
    search.used[c] = true;
    const bool found = search.tables(classes[c], 0, more, &orders);
    search.used[c] = false;
    nodes += std::min(search.nodes, budget);
    ran_out = ran_out || search.nodes > budget;
    if (found) {
      out.which = static_cast<int>(c);
      out.orders = orders;
      return out;
    }
  }
  return out;
}

}  // namespace

void set_through_budget_for_tests(long nodes) { through_budget_hook = nodes; }

namespace {
long exact_bound_hook = 0;  // set_exact_bound_for_tests; 0: kExactThroughNodes
}  // namespace

void set_exact_bound_for_tests(long nodes) { exact_bound_hook = nodes; }
long exact_through_bound() { return exact_bound_hook > 0 ? exact_bound_hook : kExactThroughNodes; }

ThroughPick seat_plan_through(const Counts& seat_count, const std::vector<PlanRound>& classes,
                              const std::vector<std::size_t>& order, int rounds_after) {
  bool ran_out = false;
  long nodes = 0;
  return through_search(seat_count, classes, order, rounds_after,
                        through_budget_hook > 0 ? through_budget_hook : kThroughNodes, ran_out, nodes);
}

ExactThrough seat_plan_through_exact(const Counts& seat_count, const std::vector<PlanRound>& classes,
                                     const std::vector<std::size_t>& order, int rounds_after, long max_nodes) {
  // One search over every class at once, the class with the fewest orders
  // without misfit first at every round (this one included), bounded by
  // `max_nodes` only (s15; before, by nothing but the problem's size): it
  // ends with a way through, with every state searched, or at the bound. The
  // cost order is left to the budgeted search; going through the classes in
  // it here, each proven dead before the next, had taken 25.9 million nodes
  // for round 2 of 24 players (an s14 probe event, seeds 1-10).
  ExactThrough out;
  ThroughSearch search;
  search.counts = seat_count;
  for (const PlanRound& pr : classes) search.classes.push_back(&pr);
  search.used.assign(classes.size(), true);
  for (std::size_t c : order) search.used[c] = false;  // the classes the caller offers
  search.prepare(seat_count.size());
  search.budget = std::clamp(max_nodes, 1L, std::numeric_limits<long>::max() - 1);
  std::vector<std::array<int, 4>> orders;
  search.top_orders = &orders;
  const int more = std::max(0, std::min(rounds_after, static_cast<int>(classes.size()) - 1));
  const bool found = search.rounds(more + 1);
  out.nodes = search.nodes;
  if (found && search.top_class >= 0) {
    out.pick.which = search.top_class;
    out.pick.orders = orders;
  }
  // Past the budget a branch returns false without marking its state dead:
  // nothing was proven.
  out.ran_out = !found && search.nodes > search.budget;
  out.proven_none = !found && !out.ran_out;
  return out;
}

}  // namespace tabula::event
