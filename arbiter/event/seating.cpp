#include "event/seating.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <tuple>

#include "event/seating_plan.h"
#include "event/swiss.h"

namespace tabula::event {
namespace {

// Weights: each far above what the next can add up to (seating.h).
constexpr std::int64_t kRepeat = 1'000'000'000;
constexpr std::int64_t kSeat = 10'000'000;
constexpr int kPerturbations = 300;
// Lookahead: a round is only as good as the rounds it leaves possible. Each
// candidate seating is followed by a plan of the next rounds (meetings only,
// kPlanPerturbations each); the first candidate whose plan needs no repeat
// wins, else the one with the fewest repeats now and planned.
constexpr int kCandidates = 4;
constexpr int kLookahead = 3;
constexpr int kPlanPerturbations = 30;
// The field plan (seating_plan.h) is followed where the local search is
// short of room: when each player would have fewer than a third of the
// others left unmet after the last round (3 * (n - 1 - 3 * rounds) < n - 1).
// Measured (docs/EVENT.md): the local search alone meets no one twice over 7
// rounds from 36 players up (14 of 35 left), and falls short at 28-32 (6 of
// 27, 10 of 31) and at 64 players over 16 rounds (15 of 63).
bool short_of_room(int players, int rounds) { return 3 * (players - 1 - 3 * rounds) < players - 1; }

constexpr std::array<std::array<int, 4>, 24> kPermutations = [] {
  std::array<std::array<int, 4>, 24> out{};
  std::array<int, 4> p{0, 1, 2, 3};
  for (auto& slot : out) {
    slot = p;
    // next permutation, by hand (constexpr)
    int i = 2;
    while (i >= 0 && p[static_cast<std::size_t>(i)] > p[static_cast<std::size_t>(i + 1)]) --i;
    if (i < 0) break;
    int j = 3;
    while (p[static_cast<std::size_t>(j)] < p[static_cast<std::size_t>(i)]) --j;
    std::swap(p[static_cast<std::size_t>(i)], p[static_cast<std::size_t>(j)]);
    for (int a = i + 1, b = 3; a < b; ++a, --b) std::swap(p[static_cast<std::size_t>(a)], p[static_cast<std::size_t>(b)]);
  }
  return out;
}();

struct FourSeater {
  const History& h;
  bool repeats_only = false;  // planning: meetings and seats, not scores
  std::vector<unsigned> allowed;  // per player: bit k set when seat k is one of their least used

  unsigned allowed_of(int p) const { return allowed[static_cast<std::size_t>(p)]; }

  // Players at `t` that cannot sit in a least-used seat under the best order.
  int seat_misfits(const std::array<int, 4>& t) const {
    int best = 4;
    for (const auto& perm : kPermutations) {
      int misfit = 0;
      for (int k = 0; k < 4; ++k) {
        if (!(allowed_of(t[static_cast<std::size_t>(perm[static_cast<std::size_t>(k)])]) & (1u << k))) ++misfit;
      }
      best = std::min(best, misfit);
      if (best == 0) break;
    }
    return best;
  }

  std::int64_t cost(const std::array<int, 4>& t) const {
    std::int64_t repeats = 0;
    double spread = 0;
    for (int i = 0; i < 4; ++i) {
      for (int j = i + 1; j < 4; ++j) {
        const auto a = static_cast<std::size_t>(t[static_cast<std::size_t>(i)]);
        const auto b = static_cast<std::size_t>(t[static_cast<std::size_t>(j)]);
        repeats += h.met[a][b];
        if (repeats_only) continue;
        const double d = 2 * (h.score[a] - h.score[b]);  // half points, whole numbers
        spread += d * d;
      }
    }
    if (repeats_only) return repeats * kRepeat + seat_misfits(t) * kSeat;
    return repeats * kRepeat + seat_misfits(t) * kSeat + static_cast<std::int64_t>(std::llround(spread));
  }
};

// Per player, the seats they have had least (bit k for seat k).
std::vector<unsigned> allowed_seats(const History& h) {
  std::vector<unsigned> out(h.seat_count.size(), 0);
  for (std::size_t p = 0; p < h.seat_count.size(); ++p) {
    const auto& c = h.seat_count[p];
    const int low = *std::min_element(c.begin(), c.end());
    for (std::size_t k = 0; k < 4; ++k) {
      if (c[k] == low) out[p] |= 1u << k;
    }
  }
  return out;
}

// Iterated local search over swaps between tables; `tables` is changed in place.
void improve(const FourSeater& fs, std::vector<std::array<int, 4>>& tables, std::mt19937& rng, int budget) {
  const std::size_t n = tables.size();
  std::vector<std::int64_t> cost(n);
  auto total = [&] {
    std::int64_t sum = 0;
    for (std::int64_t c : cost) sum += c;
    return sum;
  };
  auto descend = [&] {
    bool better = true;
    while (better) {
      better = false;
      for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = a + 1; b < n; ++b) {
          for (std::size_t i = 0; i < 4; ++i) {
            for (std::size_t j = 0; j < 4; ++j) {
              std::swap(tables[a][i], tables[b][j]);
              const std::int64_t ca = fs.cost(tables[a]);
              const std::int64_t cb = fs.cost(tables[b]);
              if (ca + cb < cost[a] + cost[b]) {
                cost[a] = ca;
                cost[b] = cb;
                better = true;
              } else {
                std::swap(tables[a][i], tables[b][j]);
              }
            }
          }
        }
      }
    }
  };
  for (std::size_t t = 0; t < n; ++t) cost[t] = fs.cost(tables[t]);
  descend();
  if (n < 2) return;
  std::vector<std::array<int, 4>> best = tables;
  std::int64_t best_cost = total();
  // Min-conflicts walk: move a player of a table with a repeat or a seat
  // misfit to another table, descend, and go on from there unless it got
  // worse than where the walk stands (plateaus are crossed, not refused).
  std::int64_t walk_cost = best_cost;
  for (int round = 0; round < budget && best_cost >= kSeat; ++round) {
    std::vector<std::size_t> bad;
    for (std::size_t t = 0; t < n; ++t) {
      if (cost[t] >= kSeat) bad.push_back(t);
    }
    const std::vector<std::array<int, 4>> before = tables;
    const std::size_t a = bad.empty() ? rng() % n : bad[rng() % bad.size()];
    std::size_t b = rng() % (n - 1);
    if (b >= a) ++b;
    std::swap(tables[a][rng() % 4], tables[b][rng() % 4]);
    cost[a] = fs.cost(tables[a]);
    cost[b] = fs.cost(tables[b]);
    descend();
    const std::int64_t c = total();
    if (c < best_cost) {
      best_cost = c;
      best = tables;
    }
    if (c <= walk_cost + kSeat / 2) {
      walk_cost = c;
    } else {
      tables = before;
      for (std::size_t t = 0; t < n; ++t) cost[t] = fs.cost(tables[t]);
    }
  }
  tables = best;
}

// The seat order of every table: least-used seats for each player, and the
// choices made so that next round's demand for each seat stays even.
std::vector<std::array<int, 4>> seat_orders(const FourSeater& fs, const std::vector<std::array<int, 4>>& tables) {
  const std::size_t n = tables.size();
  std::vector<std::vector<std::array<int, 4>>> options(n);  // per table: seat -> player
  for (std::size_t t = 0; t < n; ++t) {
    int best_misfit = 5;
    for (const auto& perm : kPermutations) {
      std::array<int, 4> order{};
      int misfit = 0;
      for (std::size_t k = 0; k < 4; ++k) {
        order[k] = tables[t][static_cast<std::size_t>(perm[k])];
        if (!(fs.allowed_of(order[k]) & (1u << k))) ++misfit;
      }
      if (misfit < best_misfit) {
        best_misfit = misfit;
        options[t].clear();
      }
      if (misfit == best_misfit) options[t].push_back(order);
    }
  }
  // Next round's demand: a player wants each of their least-used seats after
  // this round equally; the even split is `n` players per seat.
  auto demand_of = [&](const std::vector<std::size_t>& pick) {
    std::array<double, 4> demand{};
    for (std::size_t t = 0; t < n; ++t) {
      const auto& order = options[t][pick[t]];
      for (std::size_t k = 0; k < 4; ++k) {
        std::array<int, 4> counts{};
        const auto& c = fs.h.seat_count[static_cast<std::size_t>(order[k])];
        for (std::size_t z = 0; z < 4; ++z) counts[z] = c[z] + (z == k ? 1 : 0);
        const int low = *std::min_element(counts.begin(), counts.end());
        const int wanted = static_cast<int>(std::count(counts.begin(), counts.end(), low));
        for (std::size_t z = 0; z < 4; ++z) {
          if (counts[z] == low) demand[z] += 1.0 / wanted;
        }
      }
    }
    double off = 0;
    for (double d : demand) off += (d - static_cast<double>(n)) * (d - static_cast<double>(n));
    return off;
  };
  std::vector<std::size_t> pick(n, 0);
  double current = demand_of(pick);
  for (bool better = true; better;) {
    better = false;
    for (std::size_t t = 0; t < n; ++t) {
      for (std::size_t o = 0; o < options[t].size(); ++o) {
        const std::size_t was = pick[t];
        pick[t] = o;
        const double d = demand_of(pick);
        if (d + 1e-9 < current) {
          current = d;
          better = true;
        } else {
          pick[t] = was;
        }
      }
    }
  }
  std::vector<std::array<int, 4>> out(n);
  for (std::size_t t = 0; t < n; ++t) out[t] = options[t][pick[t]];
  return out;
}

// What a plan of the next `rounds` rounds would need after `orders` (this
// round, seat order): (repeats, seat misfits). Meetings and seats only.
std::pair<int, int> plan_cost(const History& h, const std::vector<std::array<int, 4>>& orders, int rounds,
                              std::mt19937& rng) {
  History future;
  future.met = h.met;
  future.seat_count = h.seat_count;
  auto play = [&](const std::vector<std::array<int, 4>>& ts) {
    for (const auto& t : ts) {
      for (std::size_t k = 0; k < 4; ++k) {
        ++future.seat_count[static_cast<std::size_t>(t[k])][k];
        for (int b : t) {
          if (b != t[k]) ++future.met[static_cast<std::size_t>(t[k])][static_cast<std::size_t>(b)];
        }
      }
    }
  };
  play(orders);
  std::pair<int, int> cost{0, 0};
  std::vector<std::array<int, 4>> next = orders;
  for (int r = 0; r < rounds; ++r) {
    FourSeater planner{future, true, allowed_seats(future)};
    // Start from a transposed table list: table k takes the k-th seat of each.
    std::vector<int> order;
    for (std::size_t k = 0; k < 4; ++k) {
      for (const auto& t : next) order.push_back(t[k]);
    }
    for (std::size_t i = 0; i < order.size(); ++i) next[i / 4][i % 4] = order[i];
    improve(planner, next, rng, kPlanPerturbations);
    for (const auto& t : next) {
      const std::int64_t c = planner.cost(t);
      cost.first += static_cast<int>(c / kRepeat);
      cost.second += static_cast<int>((c % kRepeat) / kSeat);
    }
    next = seat_orders(planner, next);
    play(next);
  }
  return cost;
}

// Rank order: score, then rating, then start number.
std::vector<int> ranked(const Section& s, const History& h, const std::vector<int>& ids) {
  std::vector<int> out = ids;
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
    const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
    if (h.score[ua] != h.score[ub]) return h.score[ua] > h.score[ub];
    return s.players[ua].rating > s.players[ub].rating;
  });
  return out;
}

// The round's tables (seat order), best scores first, on the boards in order.
SeatingResult tables_of(const History& h, std::vector<std::array<int, 4>> orders, const std::vector<std::string>& boards,
                        SeatingResult out) {
  auto strength = [&](const std::array<int, 4>& t) {
    double sum = 0;
    for (int p : t) sum += h.score[static_cast<std::size_t>(p)];
    return sum;
  };
  std::stable_sort(orders.begin(), orders.end(),
                   [&](const auto& a, const auto& b) { return strength(a) > strength(b); });
  for (std::size_t t = 0; t < orders.size(); ++t) {
    Table table;
    table.number = static_cast<int>(t + 1);
    table.board = boards[t];
    for (int p : orders[t]) table.seats.push_back(PlayerId{p});
    out.round.tables.push_back(std::move(table));
  }
  return out;
}

SeatingResult seat_four(const Section& s, const History& h, std::vector<int> active,
                        const std::vector<std::string>& boards) {
  SeatingResult out;
  active = ranked(s, h, active);
  const bool everyone = active.size() == s.players.size();  // nobody withdrawn
  const std::size_t left_over = active.size() % 4;
  // Byes: from the bottom, the fewest byes first.
  for (std::size_t k = 0; k < left_over; ++k) {
    int fewest = h.byes[static_cast<std::size_t>(active.back())];
    for (int p : active) fewest = std::min(fewest, h.byes[static_cast<std::size_t>(p)]);
    for (auto it = active.rbegin(); it != active.rend(); ++it) {
      if (h.byes[static_cast<std::size_t>(*it)] == fewest) {
        out.round.byes.push_back(PlayerId{*it});
        active.erase(std::next(it).base());
        break;
      }
    }
  }
  std::vector<std::array<int, 4>> tables(active.size() / 4);
  for (std::size_t i = 0; i < active.size(); ++i) tables[i / 4][i % 4] = active[i];

  FourSeater fs{h, false, allowed_seats(h)};
  const int n = static_cast<int>(s.players.size());
  const bool tight = short_of_room(n, s.rounds);
  std::vector<std::array<int, 4>> chosen;
  if (tight && everyone && plan_rounds(n) >= s.rounds && !s.played.empty()) {
    // Among the plan's classes not yet played, the best by the same cost
    // (round one, seated above by rating with the lowest-ranked on the bye,
    // defines the plan's labels). A class's byes are the plan's.
    // Where the rows' rotation cannot seat a class (a bye broke it, or the
    // 24 design has no rows), seat balance stays above like scores: s13, the
    // cheapest class whose orders leave the rest of the event a way through
    // with every player's seats within one after every round
    // (seat_plan_through); when none is found, the classes compare by (misfits
    // now, the fewest the next round must have, cost), each with its seats
    // planned with the next classes in view (seat_plan_round).
    const std::vector<PlanRound> classes = unplayed_plan_rounds(s);
    std::vector<std::int64_t> cost;
    bool rotate = !classes.empty();  // every class seated by the rows' rotation
    for (const PlanRound& pr : classes) {
      std::int64_t c = 0;
      for (const auto& t : pr.tables) c += fs.cost(t) % kSeat;
      cost.push_back(c);
      bool fits = pr.rows && pr.byes.empty();
      for (const auto& t : pr.tables) {
        for (std::size_t k = 0; k < 4; ++k) fits = fits && (fs.allowed_of(t[k]) & (1u << k));
      }
      rotate = rotate && fits;
    }
    const PlanRound* pick = nullptr;
    std::vector<std::array<int, 4>> pick_orders;
    bool through_found = false;
    if (!rotate && !classes.empty()) {
      std::vector<std::size_t> by_cost(classes.size());
      for (std::size_t i = 0; i < by_cost.size(); ++i) by_cost[i] = i;
      std::stable_sort(by_cost.begin(), by_cost.end(), [&](std::size_t a, std::size_t b) { return cost[a] < cost[b]; });
      const int later = s.rounds - static_cast<int>(s.played.size()) - 1;
      ThroughPick through = seat_plan_through(h.seat_count, classes, by_cost, later);
      if (through.which < 0) {
        // s14: the budget ran out for every class (or none has a way
        // through). The same search without a budget always ends: with a
        // way through, which then leaves one for every later round (the rest
        // of it), or with a proof that none exists, which the arbiter is
        // told; only then are the seats chosen round by round below.
        // s15: bounded (seating_plan.h kExactThroughNodes): a search that
        // stops at its bound proves nothing, and the arbiter is told so.
        const long bound = exact_through_bound();
        const ExactThrough exact = seat_plan_through_exact(h.seat_count, classes, by_cost, later, bound);
        through = exact.pick;
        const std::string round_name = "section " + s.name + ", round " + std::to_string(s.played.size() + 1);
        if (exact.proven_none) {
          out.note = round_name +
                     ": no seat order of the plan's remaining rounds keeps every player's seat counts within one "
                     "after every round (searched to the end); this round seats the fewest players outside a seat "
                     "they have had least";
        } else if (exact.ran_out) {
          out.note = round_name + ": the search for seat orders that keep every player's seat counts within one "
                     "after every round stopped at its bound of " + std::to_string(bound) +
                     " nodes without finding one or proving there is none; kept: a round of the plan (no "
                     "meeting repeated), seated with the fewest players outside a seat they have had least now, "
                     "then next round (a player's seat counts may end two apart)";
        }
      }
      if (through.which >= 0) {
        pick = &classes[static_cast<std::size_t>(through.which)];
        pick_orders = std::move(through.orders);
        through_found = true;
      }
    }
    std::tuple<int, int, std::int64_t> best{0, 0, 0};
    for (std::size_t i = 0; i < classes.size() && !through_found; ++i) {
      const PlanRound& pr = classes[i];
      PlanSeats seats;
      seats.orders = pr.tables;
      if (!rotate) seats = seat_plan_round(h.seat_count, pr, classes);
      const std::tuple<int, int, std::int64_t> key{seats.misfits, seats.next_misfits, cost[i]};
      if (i == 0 || key < best) {
        best = key;
        pick = &pr;
        pick_orders = seats.orders;
      }
    }
    if (pick) {
      chosen = pick_orders;
      out.round.byes.clear();
      for (int p : pick->byes) out.round.byes.push_back(PlayerId{p});
    }
  }
  if (!chosen.empty()) return tables_of(h, chosen, boards, std::move(out));
  std::mt19937 rng(static_cast<std::uint32_t>(1 + s.played.size() * 7919 + s.players.size()));
  const int rounds_after = s.rounds - static_cast<int>(s.played.size()) - 1;
  const std::vector<std::array<int, 4>> start = tables;
  std::tuple<int, int, std::int64_t> chosen_key{0, 0, 0};
  for (int c = 0; c < kCandidates; ++c) {
    std::vector<std::array<int, 4>> cand = start;
    for (int k = 0; k < c * 2 && cand.size() > 1; ++k) {  // later candidates start further from the score order
      const std::size_t a = rng() % cand.size();
      std::size_t b = rng() % (cand.size() - 1);
      if (b >= a) ++b;
      std::swap(cand[a][rng() % 4], cand[b][rng() % 4]);
    }
    improve(fs, cand, rng, kPerturbations);
    std::int64_t now = 0;
    for (const auto& t : cand) now += fs.cost(t);
    std::vector<std::array<int, 4>> orders = seat_orders(fs, cand);
    const auto planned = plan_cost(h, orders, std::min(rounds_after, kLookahead), rng);
    const int repeats = static_cast<int>(now / kRepeat);
    const int misfits = static_cast<int>((now % kRepeat) / kSeat);
    const std::tuple<int, int, std::int64_t> key{repeats + planned.first, misfits + planned.second, now};
    if (chosen.empty() || key < chosen_key) {
      chosen = orders;
      chosen_key = key;
    }
    if (std::get<0>(key) == 0 && std::get<1>(key) == 0) break;
  }
  return tables_of(h, chosen, boards, std::move(out));
}

SwissUnit unit_of(const History& h, const Section& s, int p, int white_a, int white_b, int black_a, int black_b) {
  const auto u = static_cast<std::size_t>(p);
  SwissUnit unit;
  unit.score = h.score[u];
  unit.rating = s.players[u].rating;
  unit.byes = h.byes[u];
  const auto& c = h.seat_count[u];
  auto at = [&](int seat) { return seat < 0 ? 0 : c[static_cast<std::size_t>(seat)]; };
  unit.colour_diff = at(white_a) + at(white_b) - at(black_a) - at(black_b);
  const int last = h.last_seat[u];
  unit.last_colour = last < 0 ? -1 : (last == white_a || last == white_b) ? 0 : 1;
  return unit;
}

SeatingResult seat_two(const Section& s, const History& h, const std::vector<int>& active,
                       const std::vector<std::string>& boards) {
  SeatingResult out;
  std::vector<SwissUnit> units;
  std::vector<std::vector<int>> met(active.size(), std::vector<int>(active.size(), 0));
  for (std::size_t i = 0; i < active.size(); ++i) {
    units.push_back(unit_of(h, s, active[i], 0, -1, 1, -1));
    for (std::size_t j = 0; j < active.size(); ++j) {
      met[i][j] = h.met[static_cast<std::size_t>(active[i])][static_cast<std::size_t>(active[j])];
    }
  }
  SwissPairing pairing = pair_swiss(units, met);
  if (pairing.pairs.size() > boards.size()) {
    out.error = counted(pairing.pairs.size(), "table", "tables") + " but " + counted(boards.size(), "board", "boards");
    return out;
  }
  for (std::size_t t = 0; t < pairing.pairs.size(); ++t) {
    Table table;
    table.number = static_cast<int>(t + 1);
    table.board = boards[t];
    table.seats = {PlayerId{active[static_cast<std::size_t>(pairing.pairs[t].first)]},
                   PlayerId{active[static_cast<std::size_t>(pairing.pairs[t].second)]}};
    out.round.tables.push_back(std::move(table));
  }
  if (pairing.bye) out.round.byes.push_back(PlayerId{active[static_cast<std::size_t>(*pairing.bye)]});
  return out;
}

SeatingResult seat_teams(const Section& s, const History& h, const std::vector<int>& active,
                         const std::vector<std::string>& boards) {
  SeatingResult out;
  // Teams in the order their first player registered; a team with a withdrawn
  // partner does not play.
  std::vector<std::array<int, 2>> teams;
  std::vector<std::string> names;
  for (int p : active) {
    const std::string& team = s.players[static_cast<std::size_t>(p)].team;
    auto it = std::find(names.begin(), names.end(), team);
    if (it == names.end()) {
      names.push_back(team);
      teams.push_back({p, -1});
    } else {
      teams[static_cast<std::size_t>(it - names.begin())][1] = p;
    }
  }
  std::erase_if(teams, [](const auto& t) { return t[1] < 0; });
  std::vector<SwissUnit> units;
  std::vector<std::vector<int>> met(teams.size(), std::vector<int>(teams.size(), 0));
  for (std::size_t i = 0; i < teams.size(); ++i) {
    units.push_back(unit_of(h, s, teams[i][0], 0, 2, 1, 3));
    for (std::size_t j = 0; j < teams.size(); ++j) {
      met[i][j] = h.met[static_cast<std::size_t>(teams[i][0])][static_cast<std::size_t>(teams[j][0])];
    }
  }
  SwissPairing pairing = pair_swiss(units, met);
  if (pairing.pairs.size() > boards.size()) {
    out.error = counted(pairing.pairs.size(), "table", "tables") + " but " + counted(boards.size(), "board", "boards");
    return out;
  }
  // Within a side, the partner who sat less in the side's first seat takes it.
  auto order = [&](const std::array<int, 2>& team, std::size_t first_seat) {
    const auto& a = h.seat_count[static_cast<std::size_t>(team[0])];
    const auto& b = h.seat_count[static_cast<std::size_t>(team[1])];
    return a[first_seat] <= b[first_seat] ? team : std::array<int, 2>{team[1], team[0]};
  };
  for (std::size_t t = 0; t < pairing.pairs.size(); ++t) {
    const auto white = order(teams[static_cast<std::size_t>(pairing.pairs[t].first)], 0);
    const auto black = order(teams[static_cast<std::size_t>(pairing.pairs[t].second)], 1);
    Table table;
    table.number = static_cast<int>(t + 1);
    table.board = boards[t];
    table.seats = {PlayerId{white[0]}, PlayerId{black[0]}, PlayerId{white[1]}, PlayerId{black[1]}};
    out.round.tables.push_back(std::move(table));
  }
  if (pairing.bye) {
    for (int p : teams[static_cast<std::size_t>(*pairing.bye)]) out.round.byes.push_back(PlayerId{p});
  }
  return out;
}

}  // namespace

SeatingResult seat_next_round(const Section& s, const std::vector<std::string>& boards) {
  SeatingResult out;
  if (s.round_open()) {
    out.error = "section " + s.name + ": round " + std::to_string(s.played.size()) +
                " still has tables without a result";
    return out;
  }
  if (s.rounds > 0 && static_cast<int>(s.played.size()) >= s.rounds) {
    out.error = "section " + s.name + (s.rounds == 1 ? ": its one round is seated"
                                                     : ": all " + std::to_string(s.rounds) + " rounds are seated");
    return out;
  }
  std::vector<int> active;
  for (std::size_t p = 0; p < s.players.size(); ++p) {
    if (!s.players[p].withdrawn) active.push_back(static_cast<int>(p));
  }
  const int need = s.format == Format::kTwoPlayer ? 2 : 4;
  if (static_cast<int>(active.size()) < need) {
    out.error = "section " + s.name + ": " + counted(active.size(), "player", "players") + ", a table needs " +
                std::to_string(need);
    return out;
  }
  if (s.format == Format::kFourPlayerTeams) {
    // A team whose partner is not registered yet would be left out unsaid.
    for (const Player& p : s.players) {
      const auto partners = std::count_if(s.players.begin(), s.players.end(), [&](const Player& q) { return q.team == p.team; });
      if (partners == 1) {
        out.error = "section " + s.name + ": team " + p.team + " has one player (" + p.name +
                    "): register the partner, or withdraw " + p.name;
        return out;
      }
    }
  }
  const History h = history_of(s);
  if (s.format == Format::kFourPlayer) {
    if (active.size() / 4 > boards.size()) {
      out.error = "section " + s.name + ": " + counted(active.size() / 4, "table", "tables") + " but " +
                  counted(boards.size(), "board", "boards");
      return out;
    }
    return seat_four(s, h, active, boards);
  }
  out = s.format == Format::kTwoPlayer ? seat_two(s, h, active, boards) : seat_teams(s, h, active, boards);
  if (!out.ok()) out.error = "section " + s.name + ": " + out.error;
  return out;
}

SeatingQuality quality_of(const Section& s) {
  SeatingQuality q;
  const History h = history_of(s);
  const std::size_t n = s.players.size();
  const int per_table = seats_of(s.format) - 1;
  for (std::size_t a = 0; a < n; ++a) {
    int games = 0;
    for (int c : h.seat_count[a]) games += c;
    q.avoidable_bound += std::max(0, per_table * games - static_cast<int>(n - 1));
    for (std::size_t b = a + 1; b < n; ++b) q.repeat_meetings += std::max(0, h.met[a][b] - 1);
    const auto [lo, hi] = std::minmax_element(h.seat_count[a].begin(), h.seat_count[a].end());
    q.max_seat_spread = std::max(q.max_seat_spread, *hi - *lo);
    if (*hi - *lo > 1) ++q.players_unbalanced;
    q.max_byes = std::max(q.max_byes, h.byes[a]);
  }
  q.avoidable_bound /= 2;  // each repeated pair counted from both sides
  Section before = s;
  double spread_sum = 0;
  int tables = 0;
  for (std::size_t r = 0; r < s.played.size(); ++r) {
    before.played.assign(s.played.begin(), s.played.begin() + static_cast<std::ptrdiff_t>(r));
    const History hb = history_of(before);
    for (const Table& t : s.played[r].tables) {
      double lo = 1e9, hi = -1e9;
      for (PlayerId p : t.seats) {
        lo = std::min(lo, hb.score[static_cast<std::size_t>(p.value)]);
        hi = std::max(hi, hb.score[static_cast<std::size_t>(p.value)]);
      }
      spread_sum += hi - lo;
      ++tables;
    }
  }
  q.mean_score_spread = tables ? spread_sum / tables : 0;
  return q;
}

}  // namespace tabula::event
