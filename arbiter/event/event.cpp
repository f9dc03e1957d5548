#include "event/event.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "core/player_name.h"

namespace tabula::event {

std::string to_string(Format f) {
  switch (f) {
    case Format::kFourPlayer: return "four";
    case Format::kFourPlayerTeams: return "teams";
    case Format::kTwoPlayer: return "two";
  }
  return "?";
}

std::optional<Format> parse_format(const std::string& text) {
  if (text == "four") return Format::kFourPlayer;
  if (text == "teams") return Format::kFourPlayerTeams;
  if (text == "two") return Format::kTwoPlayer;
  return std::nullopt;
}

int seats_of(Format f) { return f == Format::kTwoPlayer ? 2 : 4; }

double max_points_of(Format f) { return f == Format::kFourPlayer ? 3 : 1; }

bool Table::is_absent(PlayerId id) const {
  for (PlayerId a : absent) {
    if (a == id) return true;
  }
  return false;
}

std::optional<PlayerId> Section::find(const std::string& wanted) const {
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (players[i].name == wanted) return PlayerId{static_cast<int>(i)};
  }
  return std::nullopt;
}

bool Section::round_open() const {
  if (played.empty()) return false;
  for (const Table& t : played.back().tables) {
    if (!t.finished()) return true;
  }
  return false;
}

Section* Event::section(const std::string& n) {
  for (Section& s : sections) {
    if (s.name == n) return &s;
  }
  return nullptr;
}

const Section* Event::section(const std::string& n) const {
  for (const Section& s : sections) {
    if (s.name == n) return &s;
  }
  return nullptr;
}

std::string name_problem(const std::string& text) {
  // An empty club or team is "none"; an empty event, section or player name
  // is reported by check() in its own words.
  return text.empty() ? "" : core::player_name_problem(text);
}

std::vector<std::string> check(const Event& e) {
  std::vector<std::string> out;
  // Names are quoted as the file has them, made printable: the message itself
  // must not carry the line break it reports.
  auto shown = [](const std::string& text) { return "\"" + core::shown_text(text) + "\""; };
  auto name_ok = [&](const std::string& what, const std::string& text) {
    const std::string problem = name_problem(text);
    if (!problem.empty()) out.push_back(what + " " + shown(text) + ": " + problem);
    return problem.empty();
  };
  name_ok("the event's name", e.name);
  for (const std::string& b : e.boards) name_ok("board", b);
  std::set<std::string> section_names;
  for (const Section& s : e.sections) {
    const std::string where = "section " + (name_ok("section", s.name) ? s.name : shown(s.name));
    if (s.name.empty()) out.push_back("a section without a name");
    if (!section_names.insert(s.name).second) out.push_back(where + ": the name is used twice");
    if (s.rounds < 0) out.push_back(where + ": rounds is negative");
    if (s.rounds > 0 && s.played.size() > static_cast<std::size_t>(s.rounds)) {
      out.push_back(where + ": " + std::to_string(s.played.size()) + " rounds played of " + std::to_string(s.rounds) +
                    " planned");
    }
    if (s.rounds > kMaxRounds) {
      out.push_back(where + ": " + std::to_string(s.rounds) + " rounds; at most " + std::to_string(kMaxRounds));
    }
    // < 0 is the format's default; NaN compares false both ways (a NaN from a
    // hand-edited file or --bye-points nan was kept, then dropped on save).
    if (!(s.bye_points < 0) && !(s.bye_points >= 0 && s.bye_points <= kMaxByePoints)) {
      out.push_back(where + ": bye points " + std::to_string(s.bye_points) + " is not a number from 0 to " +
                    std::to_string(static_cast<int>(kMaxByePoints)));
    }
    if (!(s.forfeit_points < 0) && !(s.forfeit_points >= 0 && s.forfeit_points <= max_points_of(s.format))) {
      out.push_back(where + ": forfeit points " + std::to_string(s.forfeit_points) + " is not a number from 0 to " +
                    std::to_string(static_cast<int>(max_points_of(s.format))) + " (a " + to_string(s.format) +
                    " section's game)");
    }
    if (s.players.size() > static_cast<std::size_t>(kMaxPlayers)) {
      out.push_back(where + ": " + std::to_string(s.players.size()) + " players; a section takes at most " +
                    std::to_string(kMaxPlayers) + " (TRF-16's start numbers are four digits): split it");
    }
    std::set<std::string> names;
    std::map<std::string, int> team_size;
    for (const Player& p : s.players) {
      if (!name_ok(where + ": player", p.name) || !name_ok(where + ": club of a player", p.club) ||
          !name_ok(where + ": team of a player", p.team))
        continue;
      if (p.name.empty()) out.push_back(where + ": a player without a name");
      if (!names.insert(p.name).second) out.push_back(where + ": player " + p.name + " is registered twice");
      if (s.format == Format::kFourPlayerTeams) {
        if (p.team.empty()) out.push_back(where + ": player " + p.name + " has no team (a teams section)");
        else ++team_size[p.team];
      }
    }
    // A team of one is a registration under way (the partner comes next; the
    // CLI registers one player at a time: s13, every teams section had been
    // refused at its first player); seating refuses it (seat_next_round).
    for (const auto& [team, n] : team_size) {
      if (n > 2) out.push_back(where + ": team " + team + " has " + std::to_string(n) + " players, a team is 2");
    }
    const int n = static_cast<int>(s.players.size());
    for (std::size_t r = 0; r < s.played.size(); ++r) {
      const std::string rw = where + ", round " + std::to_string(r + 1);
      std::set<int> seen;
      std::set<std::string> boards_used;
      auto take = [&](PlayerId id, const std::string& at) {
        if (id.value < 0 || id.value >= n) {
          out.push_back(at + ": player number " + std::to_string(id.value + 1) + " is not registered");
          return;
        }
        if (!seen.insert(id.value).second) out.push_back(at + ": " + s.player(id).name + " is seated twice");
      };
      for (const Table& t : s.played[r].tables) {
        const std::string tw = rw + ", table " + std::to_string(t.number);
        if (static_cast<int>(t.seats.size()) != seats_of(s.format)) {
          out.push_back(tw + ": " + counted(t.seats.size(), "seat", "seats") + ", the format has " +
                        std::to_string(seats_of(s.format)));
        }
        if (!t.ranks.empty() && t.ranks.size() != t.seats.size()) {
          out.push_back(tw + ": " + counted(t.ranks.size(), "rank", "ranks") + " for " +
                        counted(t.seats.size(), "seat", "seats"));
        }
        for (int rank : t.ranks) {
          if (rank < 0 || rank >= static_cast<int>(t.seats.size())) {
            out.push_back(tw + ": rank " + std::to_string(rank) + " is out of range");
          }
        }
        for (PlayerId id : t.seats) take(id, tw);
        // A forfeit: the absent are the table's own, each once, and the game
        // was not played, so it has no ranks.
        std::set<int> absent_seen;
        for (PlayerId id : t.absent) {
          const bool seated = std::find(t.seats.begin(), t.seats.end(), id) != t.seats.end();
          if (!seated) {
            out.push_back(tw + ": " + (id.value >= 0 && id.value < n ? s.player(id).name : "player number " + std::to_string(id.value + 1)) +
                          " is absent but not seated at the table");
          } else if (!absent_seen.insert(id.value).second) {
            out.push_back(tw + ": " + s.player(id).name + " is absent twice");
          }
        }
        if (t.forfeited() && !t.ranks.empty()) out.push_back(tw + ": ranks and absent players both (a forfeit is not played)");
        // One board, one game at a time: a second table on it would get the
        // same assignment and its result would be taken for the first's.
        if (!t.board.empty() && !boards_used.insert(t.board).second) {
          out.push_back(tw + ": board " + t.board + " already holds another table of this round");
        }
      }
      for (PlayerId id : s.played[r].byes) take(id, rw + ", byes");
    }
  }
  return out;
}

double points_of(Format f, const Table& t, std::size_t seat) {
  if (!t.finished() || seat >= t.ranks.size()) return 0;
  const int mine = t.ranks[seat];
  double points = 0;
  int opponents = 0;
  for (std::size_t j = 0; j < t.ranks.size(); ++j) {
    if (j == seat) continue;
    if (f == Format::kFourPlayerTeams && j % 2 == seat % 2) continue;  // the partner
    ++opponents;
    if (mine < t.ranks[j]) points += 1;
    else if (mine == t.ranks[j]) points += 0.5;
  }
  // Teams: two opponents, one result: 2, 1 or 0 pairwise points make 1, 0.5, 0.
  if (f == Format::kFourPlayerTeams && opponents > 0) points /= opponents;
  return points;
}

double points_of(const Section& s, const Table& t, std::size_t seat) {
  return t.forfeited() ? forfeit_points_of(s, t, seat) : points_of(s.format, t, seat);
}

double forfeit_points_of(const Section& s, const Table& t, std::size_t seat) {
  if (!t.forfeited() || seat >= t.seats.size() || t.is_absent(t.seats[seat])) return 0;
  if (s.format == Format::kFourPlayerTeams) {
    // A team missing a partner forfeits; the complete team wins, if any.
    auto complete = [&](std::size_t side) {
      return !t.is_absent(t.seats[side]) && (side + 2 >= t.seats.size() || !t.is_absent(t.seats[side + 2]));
    };
    const std::size_t mine = seat % 2;
    if (!complete(mine) || complete(1 - mine)) return 0;
    return s.forfeit_points >= 0 ? s.forfeit_points : 1;
  }
  if (s.forfeit_points >= 0) return s.forfeit_points;
  if (s.format == Format::kTwoPlayer) return 1;  // FIDE's forfeit win
  // Four-player: 1 per absent opponent, a half per present one.
  double points = 0;
  for (std::size_t j = 0; j < t.seats.size(); ++j) {
    if (j != seat) points += t.is_absent(t.seats[j]) ? 1 : 0.5;
  }
  return points;
}

double bye_points_of(const Section& s) {
  if (s.bye_points >= 0) return s.bye_points;
  return s.format == Format::kFourPlayer ? 1.5 : 1.0;
}

History history_of(const Section& s) {
  const std::size_t n = s.players.size();
  const std::size_t seats = static_cast<std::size_t>(seats_of(s.format));
  History h;
  h.score.assign(n, 0.0);
  h.met.assign(n, std::vector<int>(n, 0));
  h.seat_count.assign(n, std::vector<int>(seats, 0));
  h.byes.assign(n, 0);
  h.last_seat.assign(n, -1);
  const double bye = bye_points_of(s);
  for (const Round& r : s.played) {
    for (const Table& t : r.tables) {
      if (t.forfeited()) {
        // Not played: no meeting, no seat; the points, and a present player's
        // forfeit win counts as a bye (FIDE C.04.1.d).
        for (std::size_t i = 0; i < t.seats.size(); ++i) {
          const auto a = static_cast<std::size_t>(t.seats[i].value);
          if (a >= n) continue;
          const double points = forfeit_points_of(s, t, i);
          h.score[a] += points;
          if (points > 0) ++h.byes[a];
        }
        continue;
      }
      for (std::size_t i = 0; i < t.seats.size() && i < seats; ++i) {
        const auto a = static_cast<std::size_t>(t.seats[i].value);
        if (a >= n) continue;
        ++h.seat_count[a][i];
        h.last_seat[a] = static_cast<int>(i);
        h.score[a] += points_of(s.format, t, i);
        for (std::size_t j = 0; j < t.seats.size(); ++j) {
          const auto b = static_cast<std::size_t>(t.seats[j].value);
          if (j != i && b < n) ++h.met[a][b];
        }
      }
    }
    for (PlayerId id : r.byes) {
      const auto a = static_cast<std::size_t>(id.value);
      if (a >= n) continue;
      ++h.byes[a];
      h.score[a] += bye;
    }
  }
  return h;
}

}  // namespace tabula::event
