// seating_plan.cpp — Section index: the field, labels, classes.
#include "event/seating_plan.h"

#include <algorithm>
#include <cstdint>
#include <set>

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

}  // namespace

int plan_rounds(int players) {
  if (players < 16 || players % 4 != 0) return 0;
  return field_of(players / 4).q;
}

std::vector<PlanRound> unplayed_plan_rounds(const Section& s) {
  const int n = static_cast<int>(s.players.size());
  const Field f = field_of(plan_rounds(n) ? n / 4 : 0);
  if (f.q == 0 || s.played.empty()) return {};
  for (const Player& p : s.players) {
    if (p.withdrawn) return {};
  }
  // ---- labels: round one's table i is column i, its seat k row k ----
  std::vector<int> row(static_cast<std::size_t>(n), -1), col(static_cast<std::size_t>(n), -1);
  const Round& first = s.played.front();
  if (static_cast<int>(first.tables.size()) != f.q || !first.byes.empty()) return {};
  for (std::size_t t = 0; t < first.tables.size(); ++t) {
    const Table& table = first.tables[t];
    if (table.seats.size() != 4) return {};
    for (std::size_t k = 0; k < 4; ++k) {
      const auto p = static_cast<std::size_t>(table.seats[k].value);
      if (p >= row.size() || row[p] >= 0) return {};
      row[p] = static_cast<int>(k);
      col[p] = static_cast<int>(t);
    }
  }
  // ---- classes ----
  // The table of player p in class r: x - k*r (its column in class 0).
  auto table_in = [&](int r, std::size_t p) { return f.sub(col[p], f.mul(row[p], r)); };
  std::set<int> played;
  for (const Round& round : s.played) {
    if (!round.byes.empty() || static_cast<int>(round.tables.size()) != f.q) return {};
    int which = -1;
    for (int r = 0; r < f.q && which < 0; ++r) {
      bool all = true;
      for (const Table& table : round.tables) {
        if (table.seats.size() != 4) return {};
        const int t = table_in(r, static_cast<std::size_t>(table.seats[0].value));
        for (PlayerId p : table.seats) all = all && table_in(r, static_cast<std::size_t>(p.value)) == t;
      }
      if (all) which = r;
    }
    if (which < 0 || !played.insert(which).second) return {};  // off the plan
  }
  const int j = static_cast<int>(s.played.size());
  std::vector<PlanRound> out;
  for (int r = 0; r < f.q; ++r) {
    if (played.count(r)) continue;
    PlanRound pr;
    pr.tables.assign(static_cast<std::size_t>(f.q), {-1, -1, -1, -1});
    for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p) {
      const auto seat = static_cast<std::size_t>((row[p] + j) % 4);
      pr.tables[static_cast<std::size_t>(table_in(r, p))][seat] = static_cast<int>(p);
    }
    out.push_back(std::move(pr));
  }
  return out;
}

}  // namespace tabula::event
