// match_command.cpp — `tabula match` (see match_command.h).
// Section index: seats and scores, openings, one game, the command.
#include "cli/match_command.h"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "cli/engine_players.h"
#include "cli/options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "engine/evaluation.h"
#include "engine/search.h"
#include "variants/variant_loader.h"

namespace tabula::cli {

const char* const kMatchUsage = R"(  match --variant ID --a SPEC --b SPEC [--games N] [--moves M] [--movetime-ms M | --clock B+I] [--seed S]
        [--max-plies P] [--openings random:K|FILE] [--pgn OUT] [--table-mb N] [--check]
                                    engine against engine; SPEC: greedy, level:N (1-8),
                                    paranoid:N, maxn:N, brs:N, two-sided:N (N may end in
                                    ,opening=on|off), uci:PATH[,elo=N],
                                    fourp:PATH (a 4pchess-protocol engine); A's score
                                    with its 95% interval
  analyse --variant ID FILE [--game N] [--movetime-ms M] [--level L] [--mark-cp C]
                                    per move of a PGN/PGN4 record: the engine's value,
                                    its best move, ?/?? on moves that lose much
)";

namespace {

// ---- seats and scores -----------------------------------------------------------
// Which seats A plays in game g (bit per seat).
unsigned seats_of_a(const core::RuleSet& rules, long long g) {
  int n = rules.seat_count();
  if (engine::family_for(rules) == engine::Family::kTwoSided) {
    if (n == 2 || rules.relations.teams.size() < 2) return 1U << (g % 2);
    unsigned mask = 0;
    for (core::Seat s : rules.relations.teams[static_cast<std::size_t>(g % 2)]) mask |= 1U << index_of(s);
    return mask;
  }
  return 1U << (g % n);
}

// A's score of a finished or capped game.
double score_of_a(const core::Game& game, unsigned a, const engine::Evaluator& eval, std::string& how) {
  const core::RuleSet& rules = game.rules();
  int n = rules.seat_count();
  bool two_sided = engine::family_for(rules) == engine::Family::kTwoSided;
  const core::Outcome& o = game.outcome();
  std::vector<int> value(static_cast<std::size_t>(n));
  if (o.over) {
    how = o.draw ? "draw (" + o.reason + ")" : o.reason;
    if (o.draw) return 0.5;
    std::vector<core::Seat> ranking = o.ranking;
    for (int i = 0; i < n; ++i) {  // unranked seats last
      if (std::find(ranking.begin(), ranking.end(), core::seat_at(i)) == ranking.end()) ranking.push_back(core::seat_at(i));
    }
    for (int r = 0; r < n; ++r) value[static_cast<std::size_t>(index_of(ranking[static_cast<std::size_t>(r)]))] = n - r;
    if (two_sided) {
      core::Seat w = ranking.front();
      bool a_won = false;
      for (int i = 0; i < n; ++i) {
        if ((a >> i) & 1U) a_won = a_won || core::seat_at(i) == w || game.teammates(core::seat_at(i), w);
      }
      return a_won ? 1.0 : 0.0;
    }
  } else {
    how = "adjudicated by evaluation";
    engine::GameAdapter g(game);
    engine::SeatValues v = eval.evaluate(g);
    for (int i = 0; i < n; ++i) value[static_cast<std::size_t>(i)] = v[static_cast<std::size_t>(i)];
    if (two_sided) {
      int diff = 0;
      for (int i = 0; i < n; ++i) diff += ((a >> i) & 1U) ? v[static_cast<std::size_t>(i)] : -v[static_cast<std::size_t>(i)];
      return diff > 300 ? 1.0 : diff < -300 ? 0.0 : 0.5;
    }
  }
  // Free-for-all: A's place among the seats (ties share the places).
  int mine = 0;
  for (int i = 0; i < n; ++i) {
    if ((a >> i) & 1U) mine = value[static_cast<std::size_t>(i)];
  }
  double above = 0, equal = 0;
  for (int i = 0; i < n; ++i) {
    if ((a >> i) & 1U) continue;
    if (value[static_cast<std::size_t>(i)] > mine) above += 1;
    if (value[static_cast<std::size_t>(i)] == mine) equal += 1;
  }
  double place = above + equal / 2;  // 0 = first
  return (n - 1 - place) / (n - 1);
}

// ---- openings ---------------------------------------------------------------------
struct Openings {
  int random_plies = 0;
  std::vector<std::string> lines;
};

bool parse_openings(const std::string& spec, Openings& o, std::string& why) {
  if (spec.rfind("random:", 0) == 0) {
    long long k = 0;
    if (!parse_number(spec.substr(7), 0, 40, k)) {
      why = "--openings random:K: K must be a number from 0 to 40";
      return false;
    }
    o.random_plies = static_cast<int>(k);
    return true;
  }
  std::string text;
  if (std::string problem; !read_text_file(spec, text, &problem)) {
    why = spec + ": cannot read the openings file: " + problem;
    return false;
  }
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') o.lines.push_back(line);
  }
  if (o.lines.empty()) {
    why = spec + ": no opening lines (one per line, moves separated by spaces)";
    return false;
  }
  return true;
}

// Plays the opening of pair `pair`. False (with why) when a listed move is refused.
bool play_opening(core::Match& match, const Openings& o, long long pair, std::uint64_t seed, std::string& why,
                  int line_no) {
  if (!o.lines.empty()) {
    std::istringstream words(o.lines[static_cast<std::size_t>(pair) % o.lines.size()]);
    std::string token;
    while (words >> token) {
      core::Move m;
      std::string reason;
      core::MoveList legal = match.game().legal_moves();
      if (!core::parse_move(match.game().position(), legal, token, m, reason)) {
        why = "opening line " + std::to_string(line_no) + ", \"" + token + "\": " + reason;
        return false;
      }
      match.play(m);
    }
    return true;
  }
  for (int i = 0; i < o.random_plies && match.state() == core::Match::State::kPlaying; ++i) {
    auto m = match.game().random_move(seed * 1000003ULL + static_cast<std::uint64_t>(pair) * 131ULL + static_cast<std::uint64_t>(i));
    if (!m) break;
    match.play(*m);
  }
  return true;
}

struct Tally {
  long long games = 0, moves = 0, refused = 0, failures = 0;
  double score = 0, score_sq = 0;
};

// A side's longest move over its budget (wall time of Player::choose, the
// engine's start-up and root ordering included; and the process's CPU time,
// which the load does not stretch: Tabula's players search in this
// process, another engine's CPU is its own): the time table in
// docs/BENCH.md "Session 18: every variant under time pressure". The wall
// clock's longest move also gives its CPU time: the rest is time the thread
// spent off the CPU, the scheduler's (session 21, docs/ENGINE.md "Time");
// and how many of the side's moves went over at all.
struct Overrun {
  static constexpr std::int64_t kNoMove = std::numeric_limits<std::int64_t>::min();
  std::int64_t over_us = kNoMove, took_us = 0, budget_us = 0, cpu_us = -1;
  long long game = 0, moves = 0, over_moves = 0;
  int ply = 0;
  // `cpu`: the move's CPU time when `took` is its wall time; -1: none.
  void note(std::int64_t took, std::int64_t budget, long long g, int p, std::int64_t cpu = -1) {
    ++moves;
    if (took > budget) ++over_moves;
    if (took - budget <= over_us) return;
    over_us = took - budget;
    took_us = took;
    budget_us = budget;
    cpu_us = cpu;
    game = g;
    ply = p;
  }
  std::string text() const {
    if (over_us == kNoMove) return "no move";
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(1);
    s << (over_us >= 0 ? "+" : "") << static_cast<double>(over_us) / 1000 << " ms (" << static_cast<double>(took_us) / 1000
      << " of " << static_cast<double>(budget_us) / 1000 << " ms, ";
    if (cpu_us >= 0) s << static_cast<double>(cpu_us) / 1000 << " ms of it CPU, ";
    s << "game " << game << " ply " << ply << "; " << over_moves << " of " << counted(moves, "move", "moves") << " over)";
    return s.str();
  }
};

// A side's search speed by CPU time (Tabula's players only: another engine's
// CPU is its own process's): over every move, and the move that spent the
// most CPU per node, of those of at least kMinNodes nodes (smaller searches
// are mostly the root's ordering). What a node bound costs on a machine:
// its slowest move's CPU per node times the bound (docs/ENGINE.md "Levels";
// on a Raspberry Pi, run the match there and read this line).
struct SearchSpeed {
  static constexpr std::uint64_t kMinNodes = 1000;
  std::uint64_t nodes = 0;
  std::int64_t cpu_us = 0;
  double worst_us_per_node = 0;
  std::uint64_t worst_nodes = 0;
  long long game = 0;
  int ply = 0;
  void note(std::uint64_t n, std::int64_t cpu, long long g, int p) {
    if (n == 0) return;
    nodes += n;
    cpu_us += cpu;
    const double per_node = static_cast<double>(cpu) / static_cast<double>(n);
    if (n >= kMinNodes && per_node > worst_us_per_node) {
      worst_us_per_node = per_node;
      worst_nodes = n;
      game = g;
      ply = p;
    }
  }
  std::string text() const {
    if (nodes == 0 || cpu_us <= 0) return "no nodes counted";
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(0);
    s << static_cast<double>(nodes) * 1000.0 / static_cast<double>(cpu_us) << " k nodes per CPU second ("
      << counted(static_cast<long long>(nodes), "node", "nodes") << ")";
    if (worst_nodes > 0) {
      s.precision(2);
      s << ", slowest move " << worst_us_per_node << " us per node (" << worst_nodes << " nodes, game " << game << " ply "
        << ply << ")";
    }
    return s.str();
  }
};

}  // namespace

ScoreInterval wilson_interval(double mean, long long games) {
  double n = static_cast<double>(std::max(1LL, games)), z = 1.96;
  double centre = (mean + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * std::sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

int cmd_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, 1, {"variant", "a", "b", "games", "moves", "movetime-ms", "clock", "seed", "max-plies", "openings", "pgn", "table-mb"},
                         {"check"}, args[0], err);
  if (!o) return 2;
  if (!o->positional.empty()) {
    err << "tabula: match: unexpected argument \"" << o->positional[0] << "\"\n";
    return 2;
  }
  for (const char* need : {"variant", "a", "b"}) {
    if (!o->values.count(need)) {
      err << "tabula: match needs --" << need << "\n";
      return 2;
    }
  }
  long long games = 2, movetime = 100, seed = 1, max_plies = 300, table_mb = 16, moves_cap = 0;
  if (!number_option(*o, "games", 1, 1000000, games, err) || !number_option(*o, "moves", 1, 1LL << 40, moves_cap, err) || !number_option(*o, "movetime-ms", 1, 3600000, movetime, err) ||
      !number_option(*o, "seed", 0, 1LL << 62, seed, err) || !number_option(*o, "max-plies", 1, 100000, max_plies, err) ||
      !number_option(*o, "table-mb", 1, 4096, table_mb, err)) {
    return 2;
  }
  // --clock BASE_MS+INC_MS: each seat's clock; a move's budget is a share of it.
  std::int64_t clock_base_us = 0, clock_inc_us = 0;
  if (auto it = o->values.find("clock"); it != o->values.end()) {
    auto plus = it->second.find('+');
    long long base = 0, inc = 0;
    if (!parse_number(it->second.substr(0, plus), 1, 86400000, base) ||
        (plus != std::string::npos && !parse_number(it->second.substr(plus + 1), 0, 3600000, inc))) {
      err << "tabula: --clock " << it->second << ": expected BASE_MS or BASE_MS+INCREMENT_MS\n";
      return 2;
    }
    clock_base_us = base * 1000;
    clock_inc_us = inc * 1000;
  }
  Openings openings;
  std::string why;
  if (auto it = o->values.find("openings"); it != o->values.end() && !parse_openings(it->second, openings, why)) {
    err << "tabula: " << why << "\n";
    return 2;
  }
  auto a = make_player(o->values["a"], static_cast<std::size_t>(table_mb), why);
  auto b = a ? make_player(o->values["b"], static_cast<std::size_t>(table_mb), why) : nullptr;
  if (!a || !b) {
    err << "tabula: " << why << "\n";
    return 2;
  }
  variants::LoadResult first = variants::load_id(o->values["variant"]);
  if (!first.ok()) {
    err << "tabula: " << first.error_text();
    return 1;
  }
  std::vector<std::shared_ptr<const core::RuleSet>> stages{first.rules};
  while (!stages.back()->next_stage.empty() && stages.size() < 8) {
    variants::LoadResult r = variants::load_id(stages.back()->next_stage.front().variant);
    if (!r.ok()) {
      err << "tabula: " << r.error_text();
      return 1;
    }
    stages.push_back(r.rules);
  }
  std::ofstream pgn;
  if (auto it = o->values.find("pgn"); it != o->values.end()) {
    if (std::string problem = overwrite_problem(it->second, o->values.count("openings") ? o->values.at("openings") : "");
        !problem.empty()) {  // appended text would damage a journal
      err << "tabula: " << it->second << ": " << problem << "\n";
      return 1;
    }
    pgn.open(it->second, std::ios::app);
    if (!pgn) {
      err << "tabula: " << it->second << ": cannot write\n";
      return 1;
    }
  }
  const core::RuleSet& rules = *first.rules;
  bool check = o->values.count("check") > 0;
  auto position = rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen) : core::parse_fen(rules, rules.start_fen);
  if (!position.ok()) {
    err << "tabula: " << rules.id << ": bad start position: " << position.error().message << "\n";
    return 1;
  }
  int n = rules.seat_count();
  long long round_size = engine::family_for(rules) == engine::Family::kTwoSided ? 2 : n;
  Tally t;
  std::array<Overrun, 2> overrun, cpu_overrun;  // A, B
  std::array<SearchSpeed, 2> speed;             // A, B
  for (long long g = 0; g < games && (moves_cap == 0 || t.moves < moves_cap); ++g) {
    unsigned mask = seats_of_a(rules, g);
    core::Match match(stages, *position);
    a->new_game();
    b->new_game();
    if (!play_opening(match, openings, g / round_size, static_cast<std::uint64_t>(seed), why,
                      static_cast<int>((g / round_size) % std::max<std::size_t>(1, openings.lines.size())) + 1)) {
      err << "tabula: " << why << "\n";
      return 1;
    }
    int plies = 0;
    long long refused = 0, failures = 0;
    std::array<std::int64_t, core::kMaxSeats> clock_us;
    clock_us.fill(clock_base_us);
    std::string notes;
    while (match.state() != core::Match::State::kFinished && plies < max_plies) {
      std::uint64_t ply_seed = static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(g) * 7919ULL +
                               static_cast<std::uint64_t>(plies);
      if (match.state() == core::Match::State::kChoosing) {
        // 004 rule 7: the stage winner picks the power piece (seeded).
        auto options = match.options();
        if (options.empty() || match.choose(options[ply_seed % options.size()])) break;
        match.setup_confirmed();
        continue;
      }
      // A game ended outside a move (a flag fell) is not seen by the Match.
      if (match.game().outcome().over) break;
      core::Seat mover = match.game().to_move();
      Player& p = ((mask >> index_of(mover)) & 1U) ? *a : *b;
      auto& left = clock_us[static_cast<std::size_t>(index_of(mover))];
      std::int64_t budget = clock_base_us > 0 ? engine::budget_from_clock(left, clock_inc_us, 0) : movetime * 1000;
      auto started = std::chrono::steady_clock::now();
      const std::clock_t cpu_started = std::clock();
      Choice c = p.choose(match.game(), budget, ply_seed);
      std::int64_t took = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
      const std::size_t side = &p == a.get() ? 0 : 1;
      const std::int64_t cpu_us = static_cast<std::int64_t>(std::clock() - cpu_started) * 1000000 / CLOCKS_PER_SEC;
      overrun[side].note(took, budget, g + 1, plies + 1, cpu_us);
      cpu_overrun[side].note(cpu_us, budget, g + 1, plies + 1);
      speed[side].note(c.nodes, cpu_us, g + 1, plies + 1);
      if (clock_base_us > 0) {
        left -= took;
        if (left < 0) {
          // The flag fell before the move was made: the seat loses on time.
          for (const core::Ruling& r : match.game().timeout(mover)) out << "  " << core::to_string(r.kind) << ": " << r.text << "\n";
          continue;
        }
        left += clock_inc_us;
      }
      if (!c.ruling.empty()) {
        ++failures;
        out << "  ruling: " << c.ruling << "\n";
      }
      if (!c.move) break;
      auto rulings = match.play(*c.move);
      ++plies;
      if (!rulings.empty() && rulings.front().kind == core::RulingKind::kIllegalMove) {
        ++refused;
        out << "  refused: " << p.name() << ": " << rulings.front().text << "\n";
        break;
      }
      if (check) {
        std::string problem = match.game().position().consistency_problem();
        if (!problem.empty()) {
          err << "tabula: game " << g + 1 << " ply " << plies << ": " << problem << "\n";
          return 1;
        }
      }
    }
    engine::Evaluator eval(match.game().rules());
    std::string how;
    double s = score_of_a(match.game(), mask, eval, how);
    t.games += 1;
    t.score += s;
    t.score_sq += s * s;
    t.moves += plies;
    t.refused += refused;
    t.failures += failures;
    std::string seats;
    for (int i = 0; i < n; ++i) {
      if ((mask >> i) & 1U) seats += (seats.empty() ? "" : "+") + rules.seats[static_cast<std::size_t>(i)].name;
    }
    out << "game " << g + 1 << ": A as " << seats << ", " << how << ", A scores " << s << ", " << counted(plies, "ply", "plies")
        << "\n";
    if (pgn.is_open()) {
      std::vector<core::PgnTag> tags{{"Event", "tabula match"}, {"Site", "Tabula"}, {"Round", std::to_string(g + 1)}};
      const core::RuleSet& stage_rules = match.game().rules();
      // The start, so that the record replays (a variant's untagged records
      // may start from another array, as chess.com's older 4PCo).
      tags.push_back({"Variant", stage_rules.id});
      if (stage_rules.four_player_notation) {
        tags.push_back({"StartFen4", core::to_fen4(match.game().start())});
      } else {
        tags.push_back({"SetUp", "1"});
        tags.push_back({"FEN", core::to_fen(match.game().start())});
      }
      for (int i = 0; i < stage_rules.seat_count(); ++i) {
        tags.push_back({stage_rules.seats[static_cast<std::size_t>(i)].name, ((mask >> i) & 1U) ? a->name() : b->name()});
      }
      pgn << core::write_pgn(match.game(), tags) << "\n";
    }
    out.flush();
  }
  double mean = t.score / static_cast<double>(t.games);
  auto [lo, hi] = wilson_interval(mean, t.games);
  auto elo = [](double p) {
    p = std::clamp(p, 0.001, 0.999);
    return -400.0 * std::log10(1.0 / p - 1.0);
  };
  std::ostringstream line;
  line.setf(std::ios::fixed);
  line.precision(1);
  line << "A " << a->name() << " vs B " << b->name() << ": " << counted(t.games, "game", "games") << ", A scores " << t.score << " ("
       << 100.0 * mean << "%, 95% interval " << 100.0 * lo << "-" << 100.0 * hi << "%), Elo " << elo(mean) << " ["
       << elo(lo) << ", " << elo(hi) << "]; " << counted(t.moves, "move", "moves") << ", " << t.refused << " refused, "
       << counted(t.failures, "engine failure", "engine failures") << "; "
       << (clock_base_us > 0 ? "clock " + o->values["clock"] + " ms" : std::to_string(movetime) + " ms per move");
  out << "search speed: A " << speed[0].text() << "; B " << speed[1].text() << "\n";
  // The line before the last: each side's move furthest over its budget.
  out << "longest over budget: A " << overrun[0].text() << ", B " << overrun[1].text() << "; CPU: A "
      << cpu_overrun[0].text() << ", B " << cpu_overrun[1].text() << "\n";
  out << line.str() << "\n";
  return t.refused > 0 ? 1 : 0;
}

}  // namespace tabula::cli
