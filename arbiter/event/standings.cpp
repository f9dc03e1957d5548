#include "event/standings.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <tuple>

namespace tabula::event {
namespace {

// 2.5, 3, 1.25: no trailing zeros (points are halves, team tie-breaks quarters).
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

int rounds_finished(const Section& s) {
  int n = 0;
  for (const Round& r : s.played) {
    bool all = true;
    for (const Table& t : r.tables) all = all && t.finished();
    if (all) ++n;
  }
  return n;
}

}  // namespace

std::vector<StandingRow> standings_of(const Section& s) {
  const std::size_t n = s.players.size();
  std::vector<StandingRow> rows(n);
  const double bye = bye_points_of(s);
  for (std::size_t p = 0; p < n; ++p) rows[p].player = PlayerId{static_cast<int>(p)};
  for (const Round& r : s.played) {
    for (const Table& t : r.tables) {
      if (!t.finished()) continue;
      if (t.forfeited()) {
        for (std::size_t i = 0; i < t.seats.size(); ++i) {
          StandingRow& row = rows[static_cast<std::size_t>(t.seats[i].value)];
          row.points += forfeit_points_of(s, t, i);
          ++(t.is_absent(t.seats[i]) ? row.forfeits_lost : row.forfeits_won);
        }
        continue;
      }
      for (std::size_t i = 0; i < t.seats.size(); ++i) {
        StandingRow& row = rows[static_cast<std::size_t>(t.seats[i].value)];
        const double pts = points_of(s.format, t, i);
        row.points += pts;
        ++row.games;
        const int mine = t.ranks[i];
        const bool alone_first =
            mine == 0 && std::count(t.ranks.begin(), t.ranks.end(), 0) == (s.format == Format::kFourPlayerTeams ? 2 : 1);
        if (alone_first) ++row.firsts;
      }
    }
    for (PlayerId id : r.byes) rows[static_cast<std::size_t>(id.value)].points += bye;
  }
  // Tie-breaks need every player's final points.
  std::vector<double> final_points(n);
  for (std::size_t p = 0; p < n; ++p) final_points[p] = rows[p].points;
  for (const Round& r : s.played) {
    for (const Table& t : r.tables) {
      if (!t.finished() || t.forfeited()) continue;  // a forfeit has no opponent to count
      for (std::size_t i = 0; i < t.seats.size(); ++i) {
        StandingRow& row = rows[static_cast<std::size_t>(t.seats[i].value)];
        for (std::size_t j = 0; j < t.seats.size(); ++j) {
          if (j == i) continue;
          if (s.format == Format::kFourPlayerTeams && j % 2 == i % 2) continue;
          const double theirs = final_points[static_cast<std::size_t>(t.seats[j].value)];
          // Teams: two opponents of one team, counted once.
          row.buchholz += s.format == Format::kFourPlayerTeams ? theirs / 2 : theirs;
          if (s.format == Format::kTwoPlayer) row.sonneborn_berger += theirs * points_of(s.format, t, i);
        }
      }
    }
  }
  auto key = [&](const StandingRow& r) {
    return std::make_tuple(r.points, r.buchholz, s.format == Format::kTwoPlayer ? r.sonneborn_berger : 0.0, r.firsts);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const StandingRow& a, const StandingRow& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return a.player.value < b.player.value;  // start order among equals (the place is shared)
  });
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i;
    while (j < rows.size() && key(rows[j]) == key(rows[i])) ++j;
    for (std::size_t k = i; k < j; ++k) {
      rows[k].place = static_cast<int>(i + 1);
      rows[k].place_last = static_cast<int>(j);
    }
    i = j;
  }
  return rows;
}

StandingsTable standings_table(const Event& e, const Section& s) {
  StandingsTable t;
  t.title = "Standings of " + e.name + ", section " + s.name + " (" + s.variant + ", " + to_string(s.format) +
            ") after round " + std::to_string(rounds_finished(s)) + " of " + std::to_string(s.rounds);
  const bool two = s.format == Format::kTwoPlayer;
  t.columns = {"place", "player", s.format == Format::kFourPlayerTeams ? "team" : "club", "points", "games",
               "buchholz", two ? "s-b" : "", "firsts"};
  for (const StandingRow& r : standings_of(s)) {
    const Player& p = s.player(r.player);
    std::string games = std::to_string(r.games);
    if (r.forfeits_won > 0) games += " +" + std::to_string(r.forfeits_won);
    if (r.forfeits_lost > 0) games += " -" + std::to_string(r.forfeits_lost);
    t.rows.push_back({r.place == r.place_last ? std::to_string(r.place)
                                              : std::to_string(r.place) + "-" + std::to_string(r.place_last),
                      p.withdrawn ? p.name + " (withdrawn)" : p.name,
                      s.format == Format::kFourPlayerTeams ? p.team : p.club, number(r.points), games,
                      number(r.buchholz), two ? number(r.sonneborn_berger) : "",
                      std::to_string(r.firsts)});
  }
  return t;
}

std::string format_standings(const Event& e, const Section& s) {
  const StandingsTable t = standings_table(e, s);
  std::ostringstream out;
  out << t.title << "\n";
  char line[256];
  auto put = [&](const std::vector<std::string>& c) {
    std::snprintf(line, sizeof line, "%-6s %-24s %-12s %6s %5s %8s %8s %6s\n", c[0].c_str(), c[1].c_str(),
                  c[2].c_str(), c[3].c_str(), c[4].c_str(), c[5].c_str(), c[6].c_str(), c[7].c_str());
    out << line;
  };
  put(t.columns);
  bool forfeits = false;
  for (const auto& row : t.rows) {
    put(row);
    forfeits = forfeits || row[4].find(' ') != std::string::npos;
  }
  if (forfeits) out << "games: played; +N won by forfeit (an opponent absent), -N lost by forfeit (absent)\n";
  return out.str();
}

}  // namespace tabula::event
