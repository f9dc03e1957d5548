// An arbiter's day end to end (s14), through `tabula event` as an arbiter
// types it: a four-player section and a two-player section of 5 rounds on
// one set of boards, late entries after round 1, a withdrawal after round 2,
// a forfeit in round 3 of each section, a correction of round 2 after round 4
// was seated. After every round the seating is checked against the rules of
// docs/EVENT.md, counted here from the rounds in the event file (not through
// the seating's own History); at the end the standings and their tie-breaks
// are computed here apart, and the two-player section's TRF export is read
// by a reader written here from the TRF-16 specification's columns (not the
// project's parse_trf).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cli/event_commands.h"
#include "code_points.h"
#include "event/event_file.h"
#include "event/standings.h"
#include "test_files.h"

namespace tabula::cli::arbiter_day {
namespace {

struct Typed {
  int rc = 0;
  std::string out, err;
};

Typed type(std::vector<std::string> args) {
  std::ostringstream out, err;
  args.insert(args.begin(), "event");
  Typed r;
  r.rc = cmd_event(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// ---- a TRF-16 reader from the specification (FIDE C.04 Annex 2) ----
// Columns are characters; 001 lines: 5-8 start number, 15-47 name, 49-52
// rating, 81-84 points, 86-89 rank, then per round from 92 in steps of 10:
// opponent (4), colour (at +5), result (at +7).
std::u32string decoded(const std::string& s) { return event::test_text::code_points(s); }

std::u32string field(const std::u32string& line, std::size_t first, std::size_t last) {
  if (line.size() < first) return U"";
  std::u32string f = line.substr(first - 1, std::min(last, line.size()) - first + 1);
  while (!f.empty() && f.back() == U' ') f.pop_back();
  while (!f.empty() && f.front() == U' ') f.erase(f.begin());
  return f;
}

int number(const std::u32string& f) {
  int v = 0;
  for (char32_t c : f) v = v * 10 + static_cast<int>(c - U'0');
  return v;
}

struct SpecGame {
  int opponent = 0;
  char32_t colour = U' ';
  char32_t result = U' ';
};
struct SpecPlayer {
  std::u32string name;
  int rating = 0;
  double points = 0;
  int rank = 0;
  std::vector<SpecGame> games;
};

std::map<int, SpecPlayer> read_trf(const std::string& text, std::vector<std::string>& other_lines) {
  std::map<int, SpecPlayer> out;
  std::istringstream in(text);
  for (std::string raw; std::getline(in, raw);) {
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (raw.rfind("001", 0) != 0) {
      other_lines.push_back(raw);
      continue;
    }
    const std::u32string line = decoded(raw);
    SpecPlayer p;
    p.name = field(line, 15, 47);
    p.rating = number(field(line, 49, 52));
    const std::u32string pts = field(line, 81, 84);
    const auto dot = pts.find(U'.');
    p.points = number(pts.substr(0, dot)) + (dot == std::u32string::npos ? 0 : number(pts.substr(dot + 1)) / 10.0);
    p.rank = number(field(line, 86, 89));
    for (std::size_t at = 92; at <= line.size(); at += 10) {
      SpecGame g;
      g.opponent = number(field(line, at, at + 3));
      g.colour = line.size() >= at + 5 ? line[at + 4] : U' ';
      g.result = line.size() >= at + 7 ? line[at + 6] : U' ';
      p.games.push_back(g);
    }
    out[number(field(line, 5, 8))] = p;
  }
  return out;
}

// ---- the day ----
struct Day {
  tabula::testing::TempDir dir{"arbiter-day"};
  std::string file = dir.path() + "/day.event";
  std::map<std::string, std::map<std::string, int>> joined;  // section -> player -> first round they may play
  std::map<std::string, std::map<std::string, int>> left;    // section -> player -> first round they may not

  event::Event load() {
    std::vector<std::string> errors;
    auto e = event::load_event(file, errors);
    EXPECT_TRUE(e) << (errors.empty() ? "" : errors[0]);
    return e ? *e : event::Event{};
  }
  const event::Section& section(const event::Event& e, const std::string& name) {
    for (const event::Section& s : e.sections) {
      if (s.name == name) return s;
    }
    ADD_FAILURE() << "no section " << name;
    return e.sections.front();
  }
  void add(const std::string& sec, const std::string& name, int rating, int from_round) {
    Typed r = type({"register", "--file", file, "--section", sec, "--name", name, "--rating", std::to_string(rating),
                    "--club", "C" + std::to_string(rating % 3)});
    ASSERT_EQ(r.rc, 0) << name << ": " << r.err;
    joined[sec][name] = from_round;
  }
};

// The rules of a seated round, counted from the file's rounds 1..r.
void check_four_player_round(const event::Section& s, std::size_t r, const std::map<std::string, int>& joined,
                             const std::map<std::string, int>& left) {
  const std::string at = "section " + s.name + ", round " + std::to_string(r + 1);
  const event::Round& round = s.played[r];
  // Everyone who may play is at one table or has the bye; nobody else is.
  std::multiset<std::string> there;
  for (const event::Table& t : round.tables) {
    ASSERT_EQ(t.seats.size(), 4u) << at;
    for (event::PlayerId p : t.seats) there.insert(s.player(p).name);
  }
  for (event::PlayerId p : round.byes) there.insert(s.player(p).name);
  for (const auto& [name, from] : joined) {
    const bool may = static_cast<int>(r + 1) >= from && !(left.count(name) && static_cast<int>(r + 1) >= left.at(name));
    EXPECT_EQ(there.count(name), may ? 1u : 0u) << at << ": " << name;
  }
  EXPECT_EQ(round.byes.size(), (there.size()) % 4) << at << ": byes only for those left over";
  // Byes (docs: the lowest-ranked with the fewest byes; a forfeit win counts
  // as a bye, FIDE C.04.1.d): nobody with the bye has had more than any
  // other player of the round.
  std::map<std::string, int> byes;
  for (std::size_t k = 0; k < r; ++k) {
    for (event::PlayerId p : s.played[k].byes) ++byes[s.player(p).name];
    for (const event::Table& t : s.played[k].tables) {
      if (!t.forfeited()) continue;
      for (event::PlayerId p : t.seats) byes[s.player(p).name] += t.is_absent(p) ? 0 : 1;
    }
  }
  for (event::PlayerId b : round.byes) {
    for (const std::string& other : there) {
      EXPECT_LE(byes[s.player(b).name], byes[other]) << at << ": " << s.player(b).name << " has the bye again";
    }
  }
  // Seats (docs: each player's seat counts never differ by more than one),
  // over the tables played (a forfeited table gives no seat). Seat balance
  // ranks below "no repeated meeting" (docs/EVENT.md "Seating four-player
  // tables"): in a round whose tables repeat a meeting (at 13-14 players
  // over 5 rounds repeats cannot all be avoided), a player may be two apart.
  int repeats_now = 0;
  {
    std::set<std::pair<int, int>> before;
    for (std::size_t k = 0; k < r; ++k) {
      for (const event::Table& t : s.played[k].tables) {
        if (t.forfeited()) continue;
        for (event::PlayerId a : t.seats) {
          for (event::PlayerId b : t.seats) before.insert({a.value, b.value});
        }
      }
    }
    for (const event::Table& t : round.tables) {
      for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = i + 1; j < 4; ++j) repeats_now += before.count({t.seats[i].value, t.seats[j].value}) ? 1 : 0;
      }
    }
  }
  std::map<std::string, std::array<int, 4>> seats;
  for (std::size_t k = 0; k <= r; ++k) {
    for (const event::Table& t : s.played[k].tables) {
      if (t.forfeited()) continue;
      for (std::size_t i = 0; i < 4; ++i) ++seats[s.player(t.seats[i]).name][i];
    }
  }
  for (const auto& [name, c] : seats) {
    EXPECT_LE(*std::max_element(c.begin(), c.end()) - *std::min_element(c.begin(), c.end()), repeats_now > 0 ? 2 : 1)
        << at << ": " << name << " seats " << c[0] << "," << c[1] << "," << c[2] << "," << c[3] << " (" << repeats_now
        << " meetings repeated this round)";
  }
}

void check_two_player_round(const event::Section& s, std::size_t r, const std::map<std::string, int>& joined,
                            const std::map<std::string, int>& left) {
  const std::string at = "section " + s.name + ", round " + std::to_string(r + 1);
  const event::Round& round = s.played[r];
  std::multiset<std::string> there;
  for (const event::Table& t : round.tables) {
    ASSERT_EQ(t.seats.size(), 2u) << at;
    for (event::PlayerId p : t.seats) there.insert(s.player(p).name);
  }
  for (event::PlayerId p : round.byes) there.insert(s.player(p).name);
  for (const auto& [name, from] : joined) {
    const bool may = static_cast<int>(r + 1) >= from && !(left.count(name) && static_cast<int>(r + 1) >= left.at(name));
    EXPECT_EQ(there.count(name), may ? 1u : 0u) << at << ": " << name;
  }
  EXPECT_EQ(round.byes.size(), there.size() % 2) << at;
  // No rematch (a forfeited game is no meeting); colours: |white - black| at
  // most 2 and never three of one colour in a row, over the games played
  // and this round's (a forfeited game has no colour).
  std::map<std::pair<std::string, std::string>, int> met;
  std::map<std::string, std::string> colours;  // "wbw..." in order
  std::map<std::string, int> byes;
  for (std::size_t k = 0; k <= r; ++k) {
    for (const event::Table& t : s.played[k].tables) {
      if (t.forfeited()) continue;
      const std::string w = s.player(t.seats[0]).name, b = s.player(t.seats[1]).name;
      int& times = met[{std::min(w, b), std::max(w, b)}];
      if (k == r) {
        EXPECT_EQ(times, 0) << at << ": " << w << " and " << b << " meet again";
      }
      ++times;
      colours[w] += 'w';
      colours[b] += 'b';
    }
    if (k < r) {
      for (event::PlayerId p : s.played[k].byes) ++byes[s.player(p).name];
    }
  }
  for (const auto& [name, c] : colours) {
    const auto w = std::count(c.begin(), c.end(), 'w');
    const auto b = static_cast<long>(c.size()) - w;
    EXPECT_LE(std::abs(w - b), 2) << at << ": " << name << " colours " << c;
    EXPECT_EQ(c.find("www"), std::string::npos) << at << ": " << name << " colours " << c;
    EXPECT_EQ(c.find("bbb"), std::string::npos) << at << ": " << name << " colours " << c;
  }
  for (event::PlayerId b : round.byes) EXPECT_EQ(byes[s.player(b).name], 0) << at << ": a second bye";
}

// Points per seat of a finished table, from docs/EVENT.md's tables (worked
// here, not through points_of).
std::vector<double> table_points(event::Format f, const event::Table& t) {
  const std::size_t n = t.seats.size();
  std::vector<double> out(n, 0);
  if (t.forfeited()) {
    for (std::size_t i = 0; i < n; ++i) {
      if (t.is_absent(t.seats[i])) continue;
      for (std::size_t j = 0; j < n; ++j) {
        if (j != i) out[i] += t.is_absent(t.seats[j]) ? 1 : (f == event::Format::kFourPlayer ? 0.5 : 0);
      }
      if (f == event::Format::kTwoPlayer) out[i] = 1;
    }
    return out;
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (j != i) out[i] += t.ranks[i] < t.ranks[j] ? 1 : t.ranks[i] == t.ranks[j] ? 0.5 : 0;
    }
  }
  return out;
}

struct Mine {
  double points = 0, buchholz = 0, sb = 0;
  int firsts = 0;
};

std::map<std::string, Mine> standings_here(const event::Section& s) {
  std::map<std::string, Mine> m;
  for (const event::Player& p : s.players) m[p.name];
  const double bye = s.format == event::Format::kFourPlayer ? 1.5 : 1.0;
  for (const event::Round& r : s.played) {
    for (const event::Table& t : r.tables) {
      const auto pts = table_points(s.format, t);
      for (std::size_t i = 0; i < t.seats.size(); ++i) {
        Mine& me = m[s.player(t.seats[i]).name];
        me.points += pts[i];
        if (!t.forfeited() && t.ranks[i] == 0 && std::count(t.ranks.begin(), t.ranks.end(), 0) == 1) ++me.firsts;
      }
    }
    for (event::PlayerId p : r.byes) m[s.player(p).name].points += bye;
  }
  std::map<std::string, double> final_points;
  for (const auto& [name, me] : m) final_points[name] = me.points;
  for (const event::Round& r : s.played) {
    for (const event::Table& t : r.tables) {
      if (t.forfeited()) continue;
      const auto pts = table_points(s.format, t);
      for (std::size_t i = 0; i < t.seats.size(); ++i) {
        for (std::size_t j = 0; j < t.seats.size(); ++j) {
          if (j == i) continue;
          const double theirs = final_points[s.player(t.seats[j]).name];
          m[s.player(t.seats[i]).name].buchholz += theirs;
          m[s.player(t.seats[i]).name].sb += theirs * pts[i];
        }
      }
    }
  }
  return m;
}

// A result for every open table of the section's last round, by a pattern
// (four-player: a rotation of 0-3, a tie for second now and then;
// two-player: white wins, black wins, a draw in turn).
void play_round(Day& day, const std::string& sec) {
  const event::Event e = day.load();
  const event::Section& s = day.section(e, sec);
  const std::size_t r = s.played.size();
  for (std::size_t t = 0; t < s.played.back().tables.size(); ++t) {
    const event::Table& table = s.played.back().tables[t];
    if (table.finished()) continue;
    std::string ranks;
    if (table.seats.size() == 4) {
      const std::size_t k = (r + t) % 4;
      std::array<int, 4> v{};
      for (std::size_t i = 0; i < 4; ++i) v[(i + k) % 4] = static_cast<int>(i);
      if ((r + t) % 3 == 0) {  // seats ranked 1 and 2 tie for second
        for (int& x : v) x = x == 2 ? 1 : x;
      }
      ranks = std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "," + std::to_string(v[3]);
    } else {
      ranks = (r + t) % 3 == 0 ? "0,1" : (r + t) % 3 == 1 ? "1,0" : "0,0";
    }
    Typed typed = type({"result", "--file", day.file, "--section", sec, "--board", table.board, "--ranks", ranks});
    ASSERT_EQ(typed.rc, 0) << sec << " round " << r << " board " << table.board << ": " << typed.err;
  }
}

void seat_and_check(Day& day) {
  for (const char* name : {"ffa", "open"}) {
    const std::string sec = name;
    Typed seated = type({"seat", "--file", day.file, "--section", sec});
    ASSERT_EQ(seated.rc, 0) << sec << ": " << seated.err;
    EXPECT_EQ(seated.err, "") << sec;
    const event::Event e = day.load();
    const event::Section& s = day.section(e, sec);
    if (sec == "ffa") check_four_player_round(s, s.played.size() - 1, day.joined[sec], day.left[sec]);
    else check_two_player_round(s, s.played.size() - 1, day.joined[sec], day.left[sec]);
  }
}

TEST(ArbiterDay, FourAndTwoPlayerSectionsFiveRoundsLateEntriesAWithdrawalAForfeitAndACorrection) {
  Day day;
  ASSERT_EQ(type({"new", "--file", day.file, "--name", "Club day", "--boards", "9"}).rc, 0);
  ASSERT_EQ(type({"section", "--file", day.file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
                  "--rounds", "5"}).rc, 0);
  ASSERT_EQ(type({"section", "--file", day.file, "--name", "open", "--variant", "chess", "--format", "two",
                  "--rounds", "5"}).rc, 0);
  for (int i = 0; i < 13; ++i) day.add("ffa", "F" + std::to_string(i + 1), 2100 - 37 * i, 1);
  // The two-player section has a long Cyrillic name (41 characters; the TRF
  // keeps the first 33) and a Turkish one.
  const std::string cyrillic = "Константинопольская-Щербакова, Александра";
  const std::string turkish = "Şükrüoğlu, İpek";
  day.add("open", cyrillic, 2050, 1);
  day.add("open", turkish, 1990, 1);
  for (int i = 0; i < 7; ++i) day.add("open", "O" + std::to_string(i + 1), 1900 - 45 * i, 1);

  // Round 1; then two late entries (seated from round 2).
  seat_and_check(day);
  play_round(day, "ffa");
  play_round(day, "open");
  day.add("ffa", "Late F", 1500, 2);
  day.add("open", "Late O", 1450, 2);

  // Round 2; then a withdrawal in each section.
  seat_and_check(day);
  play_round(day, "ffa");
  play_round(day, "open");
  for (const auto& [sec, who] : std::vector<std::pair<std::string, std::string>>{{"ffa", "F4"}, {"open", "O3"}}) {
    Typed w = type({"withdraw", "--file", day.file, "--section", sec, "--name", who});
    ASSERT_EQ(w.rc, 0) << w.err;
    day.left[sec][who] = 3;
  }

  // Round 3: in each section a player of the first table does not appear.
  seat_and_check(day);
  std::map<std::string, std::string> absent;
  {
    const event::Event e = day.load();
    for (const char* name : {"ffa", "open"}) {
      const std::string sec = name;
      const event::Section& s = day.section(e, sec);
      absent[sec] = s.player(s.played.back().tables.front().seats[1]).name;
      Typed f = type({"forfeit", "--file", day.file, "--section", sec, "--name", absent[sec]});
      ASSERT_EQ(f.rc, 0) << f.err;
    }
  }
  play_round(day, "ffa");
  play_round(day, "open");

  // Round 4 seated; then round 2's first table of each section is found
  // entered wrong and corrected.
  seat_and_check(day);
  for (const char* name : {"ffa", "open"}) {
    const std::string sec = name;
    const event::Event e = day.load();
    const event::Table t = day.section(e, sec).played[1].tables.front();
    Typed cleared = type({"clear", "--file", day.file, "--section", sec, "--board", t.board, "--round", "2"});
    ASSERT_EQ(cleared.rc, 0) << cleared.err;
    std::vector<int> ranks = t.ranks;
    std::reverse(ranks.begin(), ranks.end());
    if (ranks == t.ranks) ranks = {0, 1};  // a draw entered for a win of White
    std::string text;
    for (int x : ranks) text += (text.empty() ? "" : ",") + std::to_string(x);
    Typed fixed = type({"result", "--file", day.file, "--section", sec, "--board", t.board, "--ranks", text, "--round", "2"});
    ASSERT_EQ(fixed.rc, 0) << fixed.err;
    EXPECT_NE(fixed.out.find("round 2 corrected after round 4 was seated"), std::string::npos) << fixed.out;
    EXPECT_EQ(day.section(day.load(), sec).played[1].tables.front().ranks, ranks);
  }
  play_round(day, "ffa");
  play_round(day, "open");
  seat_and_check(day);
  play_round(day, "ffa");
  play_round(day, "open");
  EXPECT_EQ(type({"seat", "--file", day.file, "--section", "ffa"}).rc, 1) << "5 rounds planned, 5 played";

  const event::Event e = day.load();
  // ---- standings with tie-breaks, computed here ----
  for (const char* section_name : {"ffa", "open"}) {
    const std::string sec = section_name;
    const event::Section& s = day.section(e, sec);
    const auto mine = standings_here(s);
    const auto rows = event::standings_of(s);
    ASSERT_EQ(rows.size(), s.players.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string name = s.player(rows[i].player).name;
      const Mine& m = mine.at(name);
      EXPECT_DOUBLE_EQ(rows[i].points, m.points) << sec << ": " << name;
      EXPECT_DOUBLE_EQ(rows[i].buchholz, m.buchholz) << sec << ": " << name;
      if (sec == "ffa") {
        EXPECT_EQ(rows[i].firsts, m.firsts) << name;
      } else {
        EXPECT_DOUBLE_EQ(rows[i].sonneborn_berger, m.sb) << name;
      }
      if (i > 0) {  // ordered by points, then Buchholz, then SB (two-player) or firsts
        const Mine& before = mine.at(s.player(rows[i - 1].player).name);
        const auto key = [&](const Mine& x) { return std::make_tuple(x.points, x.buchholz, sec == "open" ? x.sb : 0.0); };
        EXPECT_GE(key(before), key(m)) << sec << ": " << name << " after " << s.player(rows[i - 1].player).name;
      }
    }
    Typed printed = type({"standings", "--file", day.file, "--section", sec});
    ASSERT_EQ(printed.rc, 0) << printed.err;
    EXPECT_NE(printed.out.find("after round 5 of 5"), std::string::npos) << printed.out;
    EXPECT_NE(printed.out.find(sec == "ffa" ? "F4 (withdrawn)" : "O3 (withdrawn)"), std::string::npos) << printed.out;
    EXPECT_NE(printed.out.find(" -1"), std::string::npos) << "the absent player's games cell: " << printed.out;
  }

  // ---- the two-player section's TRF, read by the reader above ----
  const std::string trf_file = day.dir.path() + "/open.trf";
  Typed exported = type({"trf", "--file", day.file, "--section", "open", "--out", trf_file});
  ASSERT_EQ(exported.rc, 0) << exported.err;
  std::ifstream in(trf_file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> others;
  const std::map<int, SpecPlayer> trf = read_trf(text, others);
  const event::Section& open = day.section(e, "open");
  ASSERT_EQ(trf.size(), open.players.size());
  EXPECT_NE(std::find(others.begin(), others.end(), "012 Club day open"), others.end()) << text;
  const auto places = event::standings_of(open);
  for (std::size_t p = 0; p < open.players.size(); ++p) {
    const int number = static_cast<int>(p + 1);
    ASSERT_TRUE(trf.count(number)) << number;
    const SpecPlayer& tp = trf.at(number);
    const std::u32string full = decoded(open.players[p].name);
    EXPECT_EQ(tp.name, full.substr(0, 33)) << "start number " << number;
    EXPECT_EQ(tp.rating, open.players[p].rating) << number;
    ASSERT_EQ(tp.games.size(), 5u) << number;
    double sum = 0;
    for (std::size_t r = 0; r < 5; ++r) {
      const SpecGame& g = tp.games[r];
      sum += g.result == U'1' || g.result == U'+' || g.result == U'U' ? 1 : g.result == U'=' ? 0.5 : 0;
      if (g.opponent == 0) {
        EXPECT_EQ(g.colour, U'-') << number << " round " << r + 1;
        EXPECT_TRUE(g.result == U'U' || g.result == U'Z') << number << " round " << r + 1;
        continue;
      }
      // The opponent's line names this player back, with the other colour,
      // and the results agree (1/0, =/=, +/-).
      const SpecGame& back = trf.at(g.opponent).games[r];
      EXPECT_EQ(back.opponent, number) << number << " round " << r + 1;
      EXPECT_TRUE((g.colour == U'w' && back.colour == U'b') || (g.colour == U'b' && back.colour == U'w'));
      const std::map<char32_t, char32_t> other{{U'1', U'0'}, {U'0', U'1'}, {U'=', U'='}, {U'+', U'-'}, {U'-', U'+'}};
      ASSERT_TRUE(other.count(g.result)) << number << " round " << r + 1;
      EXPECT_EQ(back.result, other.at(g.result)) << number << " round " << r + 1;
    }
    EXPECT_DOUBLE_EQ(tp.points, sum) << number << ": the points column is the sum of the codes";
    for (const event::StandingRow& row : places) {
      if (row.player.value == static_cast<int>(p)) {
        EXPECT_EQ(tp.rank, row.place) << number;
        EXPECT_DOUBLE_EQ(tp.points, row.points) << number;
      }
    }
  }
  // The late entry's round 1 and the withdrawn player's rounds 3-5 are
  // "0000 - Z"; the forfeit is "+" / "-" with the scheduled opponent.
  auto start_of = [&](const std::string& name) {
    for (std::size_t p = 0; p < open.players.size(); ++p) {
      if (open.players[p].name == name) return static_cast<int>(p + 1);
    }
    return 0;
  };
  EXPECT_EQ(trf.at(start_of("Late O")).games[0].result, U'Z');
  for (std::size_t r = 2; r < 5; ++r) EXPECT_EQ(trf.at(start_of("O3")).games[r].result, U'Z') << r + 1;
  const SpecGame& lost = trf.at(start_of(absent["open"])).games[2];
  EXPECT_EQ(lost.result, U'-');
  EXPECT_NE(lost.opponent, 0);
  EXPECT_EQ(trf.at(lost.opponent).games[2].result, U'+');
}

}  // namespace
}  // namespace tabula::cli::arbiter_day
