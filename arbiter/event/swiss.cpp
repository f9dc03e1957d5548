#include "event/swiss.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

namespace tabula::event {
namespace {

constexpr long kNodeLimit = 200000;  // a search this long means no clean pairing

struct Search {
  const std::vector<SwissUnit>& units;
  const std::vector<std::vector<int>>& met;
  int max_meetings = 0;  // pairs that met more often than this are refused
  long nodes = 0;
  std::vector<std::pair<int, int>> pairs;

  // `rest` in rank order.
  bool run(std::vector<int> rest) {
    if (rest.empty()) return true;
    if (++nodes > kNodeLimit) return false;
    const int p = rest.front();
    rest.erase(rest.begin());
    // p's score group among the rest, for the top-half-v-bottom-half ideal.
    int group = 1;
    for (int q : rest) {
      if (units[static_cast<std::size_t>(q)].score == units[static_cast<std::size_t>(p)].score) ++group;
    }
    const double ideal = group / 2.0 - 1;  // index in `rest` of the ideal opponent
    std::vector<std::size_t> order(rest.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto key = [&](std::size_t i) {
      const SwissUnit& a = units[static_cast<std::size_t>(p)];
      const SwissUnit& b = units[static_cast<std::size_t>(rest[i])];
      const bool clash = (a.colour_diff >= 2 && b.colour_diff >= 2) || (a.colour_diff <= -2 && b.colour_diff <= -2);
      return std::make_tuple(met[static_cast<std::size_t>(p)][static_cast<std::size_t>(rest[i])],
                             std::abs(a.score - b.score), clash ? 1 : 0, std::abs(static_cast<double>(i) - ideal));
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return key(x) < key(y); });
    for (std::size_t i : order) {
      const int q = rest[i];
      if (met[static_cast<std::size_t>(p)][static_cast<std::size_t>(q)] > max_meetings) continue;
      std::vector<int> next = rest;
      next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
      pairs.emplace_back(p, q);
      if (run(std::move(next))) return true;
      pairs.pop_back();
      if (nodes > kNodeLimit) return false;
    }
    return false;
  }
};

// (white, black) for p (ranked higher) and q; `table` counts from 0.
std::pair<int, int> colours(const std::vector<SwissUnit>& units, int p, int q, std::size_t table) {
  const SwissUnit& a = units[static_cast<std::size_t>(p)];
  const SwissUnit& b = units[static_cast<std::size_t>(q)];
  if (a.colour_diff != b.colour_diff) return a.colour_diff < b.colour_diff ? std::pair{p, q} : std::pair{q, p};
  if (a.last_colour != b.last_colour) {
    if (a.last_colour == 1 || b.last_colour == 0) return {p, q};
    if (b.last_colour == 1 || a.last_colour == 0) return {q, p};
  }
  if (a.last_colour == 0) return {q, p};
  if (a.last_colour == 1) return {p, q};
  return table % 2 == 0 ? std::pair{p, q} : std::pair{q, p};
}

}  // namespace

SwissPairing pair_swiss(const std::vector<SwissUnit>& units, const std::vector<std::vector<int>>& met) {
  SwissPairing out;
  std::vector<int> order(units.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    const SwissUnit& a = units[static_cast<std::size_t>(x)];
    const SwissUnit& b = units[static_cast<std::size_t>(y)];
    if (a.score != b.score) return a.score > b.score;
    return a.rating > b.rating;
  });
  if (order.size() % 2 == 1) {
    int fewest = units[static_cast<std::size_t>(order.back())].byes;
    for (int i : order) fewest = std::min(fewest, units[static_cast<std::size_t>(i)].byes);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      if (units[static_cast<std::size_t>(*it)].byes == fewest) {
        out.bye = *it;
        order.erase(std::next(it).base());
        break;
      }
    }
  }
  // No rematch first; then at most one earlier meeting per pair, and so on.
  for (int allowed = 0;; ++allowed) {
    Search s{units, met, allowed, 0, {}};
    if (s.run(order)) {
      out.pairs = std::move(s.pairs);
      break;
    }
    if (allowed > static_cast<int>(units.size()) + 1) break;  // unreachable: everyone can meet again
  }
  for (std::size_t t = 0; t < out.pairs.size(); ++t) {
    auto [p, q] = out.pairs[t];
    if (met[static_cast<std::size_t>(p)][static_cast<std::size_t>(q)] > 0) ++out.rematches;
    out.pairs[t] = colours(units, p, q, t);
  }
  return out;
}

}  // namespace tabula::event
