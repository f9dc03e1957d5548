// latency_bench.cpp — `tabula bench-latency` (latency_bench.h).
#include "cli/latency_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

#include "cli/options.h"
#include "cli/session_options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/pgn.h"
#include "session/session.h"
#include "session/trace_generator.h"
#include "variants/variant_loader.h"

namespace tabula::cli {

const char* const kBenchLatencyUsage =
    R"(  bench-latency [--variants ID,ID] [--seeds N] [--plies N] [--record FILE]
                [--settle-ms N] [--settle-slide-ms N] [--sliding on|off] [--slide-rest-ms N]
                [--real-hands on|off]
                                    placement-to-move latency over generated traces,
                                    commit_at_once on and off, real hands by default
                                    (issue 27 item 11; docs/BENCH.md)
)";

namespace {

using session::Millis;

// What one mode (commit_at_once on or off) measured over every game.
struct Tally {
  std::vector<double> shown_ms;   // placement -> tentative shown (or accepted)
  std::vector<double> commit_ms;  // placement -> accepted
  std::vector<double> last_ms;    // the move's last reed event -> accepted
  std::vector<double> event_us;   // wall clock per reed event
  int moves = 0;
  int at_once = 0;
  int slide = 0;
  int prefix = 0;
  int settle = 0;
  int same_input = 0;
  int misread = 0;
  int illegal = 0;
  int warnings = 0;

  void add(const Tally& o) {
    shown_ms.insert(shown_ms.end(), o.shown_ms.begin(), o.shown_ms.end());
    commit_ms.insert(commit_ms.end(), o.commit_ms.begin(), o.commit_ms.end());
    last_ms.insert(last_ms.end(), o.last_ms.begin(), o.last_ms.end());
    event_us.insert(event_us.end(), o.event_us.begin(), o.event_us.end());
    moves += o.moves;
    at_once += o.at_once;
    slide += o.slide;
    prefix += o.prefix;
    settle += o.settle;
    same_input += o.same_input;
    misread += o.misread;
    illegal += o.illegal;
    warnings += o.warnings;
  }
};

// Nearest rank: the smallest value with at least p of the samples at or below it.
double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t rank = static_cast<std::size_t>(p * static_cast<double>(v.size()) + 0.999999);
  return v[std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1];
}

bool same_move(const core::Move& a, const core::Move& b) {
  // A promotion's group shows its first choice: compare where, not which piece.
  return a.from == b.from && a.to == b.to && a.kind == b.kind && a.castle == b.castle;
}

// One script through a session; every move's times into `tally`.
void measure(const std::shared_ptr<const core::RuleSet>& rules, const core::Position& start,
             const session::Script& script, const session::SessionSettings& settings,
             Tally& tally) {
  session::Session s({rules}, start, settings);
  const std::size_t n = script.moves.size();
  std::vector<std::optional<Millis>> shown(n);
  std::vector<std::optional<inference::Wait>> wait(n);
  auto note = [&](const session::Output& out) {
    for (const session::Ruling& r : out.rulings) {
      if (r.severity == core::Severity::kIllegal || r.kind == session::RulingKind::kOperator) {
        ++tally.illegal;
      } else if (r.severity == core::Severity::kWarning &&
                 (r.kind == session::RulingKind::kTouchOutOfTurn ||
                  r.kind == session::RulingKind::kOutOfSync ||
                  r.kind == session::RulingKind::kHeldTooLong)) {
        ++tally.warnings;
      }
    }
    std::size_t k = s.moves().size();
    std::optional<core::Move> t = s.tracker().tentative();
    if (k < n && t && same_move(*t, script.moves[k].move)) {
      if (!shown[k]) shown[k] = s.now();
      wait[k] = s.tracker().tentative_wait();
    }
  };
  for (const session::Input& in : script.inputs) {
    bool event = std::holds_alternative<session::SquareEvent>(in);
    auto t0 = std::chrono::steady_clock::now();
    session::Output out = s.handle(in);
    auto t1 = std::chrono::steady_clock::now();
    if (event) tally.event_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    note(out);
  }
  for (int guard = 0; guard < 100; ++guard) {
    std::optional<Millis> d = s.next_deadline();
    if (!d) break;
    note(s.tick(*d));
  }
  const std::vector<session::AcceptedMove>& got = s.moves();
  for (std::size_t k = 0; k < n; ++k) {
    ++tally.moves;
    if (k >= got.size() || got[k].text != script.moves[k].text) {
      ++tally.misread;
      continue;
    }
    double placed = static_cast<double>(script.moves[k].placed.count());
    double accepted = static_cast<double>(got[k].time.count());
    double first = shown[k] ? std::min(static_cast<double>(shown[k]->count()), accepted) : accepted;
    tally.shown_ms.push_back(first - placed);
    tally.commit_ms.push_back(accepted - placed);
    tally.last_ms.push_back(accepted - static_cast<double>(script.moves[k].done.count()));
    if (!wait[k]) {
      ++tally.same_input;
      continue;
    }
    switch (*wait[k]) {
      case inference::Wait::kNone:
        ++tally.at_once;
        break;
      case inference::Wait::kSlide:
        ++tally.slide;
        break;
      case inference::Wait::kPrefix:
        ++tally.prefix;
        break;
      case inference::Wait::kSettle:
        ++tally.settle;
        break;
    }
  }
  tally.misread += got.size() > n ? static_cast<int>(got.size() - n) : 0;
}

// The share of samples at or below `limit`, in percent.
double within(const std::vector<double>& v, double limit) {
  if (v.empty()) return 0;
  return 100.0 *
         static_cast<double>(
             std::count_if(v.begin(), v.end(), [&](double x) { return x <= limit; })) /
         static_cast<double>(v.size());
}

void print_row(std::ostream& out, const std::string& variant, bool on, const Tally& t) {
  char line[240];
  std::snprintf(line, sizeof line,
                "%-15s %-4s %6d %7d %5d %6d %6d %5d %7d %7d %5d %8.0f %4.0f %9.0f %4.0f %5.0f%% "
                "%8.0f %4.0f\n",
                variant.c_str(), on ? "on" : "off", t.moves, t.at_once, t.slide, t.prefix, t.settle,
                t.same_input, t.misread, t.illegal, t.warnings, percentile(t.shown_ms, 0.5),
                percentile(t.shown_ms, 0.99), percentile(t.commit_ms, 0.5),
                percentile(t.commit_ms, 0.99), within(t.commit_ms, 150), percentile(t.last_ms, 0.5),
                percentile(t.last_ms, 0.99));
  out << line;
}

std::vector<std::string> split_ids(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    std::string id = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    if (!id.empty()) out.push_back(id);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

// One game to read back: its rules, start and what the table does.
struct BenchGame {
  std::shared_ptr<const core::RuleSet> rules;
  std::optional<core::Position> start;
  std::vector<session::Action> actions;
};

// Every game of a PGN/PGN4 file, started as `tabula replay` reads it.
bool record_games(const std::string& id, const std::string& path, std::vector<BenchGame>& games,
                  std::ostream& err) {
  std::string text;
  if (!read_text_file(path, text)) {
    err << "tabula: " << path << ": cannot read the file\n";
    return false;
  }
  auto records = core::parse_pgn(text);
  if (!records.ok()) {
    err << path << ":" << records.error().line << ":" << records.error().column << ": "
        << records.error().message << "\n";
    return false;
  }
  for (std::size_t n = 0; n < records->size(); ++n) {
    const core::PgnRecord& record = (*records)[n];
    std::string why;
    variants::RecordStart rs =
        variants::record_start(id, record.tag("StartFen4"), record.tag("FEN"), why);
    if (!rs.rules) {
      err << "tabula: " << path << " game " << n + 1 << ": " << why;
      return false;
    }
    core::SeatPoints points{};
    auto pos = rs.rules->four_player_notation ? core::parse_fen4(*rs.rules, rs.position, &points)
                                              : core::parse_fen(*rs.rules, rs.position);
    if (!pos.ok()) {
      err << "tabula: " << path << " game " << n + 1 << ": bad start: " << pos.error().message
          << "\n";
      return false;
    }
    auto actions = session::actions_from_record(rs.rules, pos.value(), points, record);
    if (!actions.ok()) {
      err << path << ":" << actions.error().line
          << ": the record is refused: " << actions.error().message << "\n";
      return false;
    }
    games.push_back({rs.rules, pos.value(), actions.value()});
  }
  return true;
}

// `seeds` seeded random games of at most `plies` plies from the variant's start.
bool random_games(const std::string& id, long long seeds, long long plies,
                  std::vector<BenchGame>& games, std::ostream& err) {
  variants::LoadResult loaded = variants::load_id(id);
  if (!loaded.ok()) {
    err << "tabula: bench-latency: " << loaded.error_text();
    return false;
  }
  const core::RuleSet& rules = *loaded.rules;
  auto pos = rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen)
                                        : core::parse_fen(rules, rules.start_fen);
  if (!pos.ok()) {
    err << "tabula: bench-latency: " << id << ": bad start: " << pos.error().message << "\n";
    return false;
  }
  for (long long seed = 1; seed <= seeds; ++seed) {
    core::Game g(loaded.rules, pos.value());
    BenchGame game{loaded.rules, pos.value(), {}};
    for (long long ply = 0; ply < plies && !g.outcome().over; ++ply) {
      std::optional<core::Move> m =
          g.random_move(static_cast<std::uint64_t>(seed) * 7919 + static_cast<std::uint64_t>(ply));
      if (!m) break;
      game.actions.push_back({session::Action::Kind::kMove, *m, g.to_move()});
      g.play(*m);
    }
    games.push_back(std::move(game));
  }
  return true;
}

}  // namespace

int cmd_bench_latency(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o =
      parse_options(args, "bench-latency",
                    {"variants", "seeds", "plies", "record", "settle-ms", "settle-slide-ms",
                     "sliding", "slide-rest-ms", "real-hands"},
                    err);
  if (!o) return 2;
  if (!o->positional.empty()) {
    err << "tabula: unexpected argument \"" << o->positional[0] << "\"\n";
    return 2;
  }
  long long seeds = 20;
  long long plies = 60;
  if (!number_option(*o, "seeds", 1, 10000, seeds, err) ||
      !number_option(*o, "plies", 1, 2000, plies, err)) {
    return 2;
  }
  session::SessionSettings base;
  if (!read_session_settings(*o, base, err)) return 2;
  // Issue 27 item 11: the hands of the DGT recordings (GeneratorSettings::real_hands),
  // on by default; `--real-hands off` gives the generator's tidy hands.
  bool real_hands = true;
  if (auto it = o->values.find("real-hands"); it != o->values.end()) {
    if (it->second != "on" && it->second != "off") {
      err << "tabula: --real-hands must be \"on\" or \"off\", got \"" << it->second << "\"\n";
      return 2;
    }
    real_hands = it->second == "on";
  }
  base.random_moves = session::RandomMoves::kAcceptAnyLegal;  // the games' moves, all of them
  std::vector<std::string> ids = {"chess", "chesscom-ffa", "chesscom-teams", "chess-four",
                                  "corners-short"};
  if (auto it = o->values.find("variants"); it != o->values.end()) ids = split_ids(it->second);
  if (ids.empty()) {
    err << "tabula: --variants needs at least one variant id\n";
    return 2;
  }
  const bool records = o->values.count("record") != 0;
  if (records && (ids.size() != 1 || o->values.count("variants") == 0)) {
    err << "tabula: --record FILE needs the one variant of its games (--variants ID)\n";
    return 2;
  }

  out << "placement-to-move latency, virtual ms from the placement that completes a move "
         "(issue 18)\n";
  if (records) {
    out << "the games of " << o->values.at("record") << ", each through "
        << counted(seeds, "seeded trace", "seeded traces");
  } else {
    out << counted(seeds, "seeded random game", "seeded random games") << " of at most " << counted(plies, "ply", "plies")
        << " per variant";
  }
  out << "; settle " << base.tracker.settle.count() << " ms, settle_slide "
      << base.tracker.settle_slide.count() << " ms, sliding "
      << (base.tracker.sliding ? "on" : "off") << " (slide_rest "
      << base.tracker.slide_rest.count() << " ms), settle_prefix "
      << base.tracker.settle_prefix.count() << " ms, bounce window "
      << base.tracker.health.bounce_window.count() << " ms; hands "
      << (real_hands ? "real (issue 27 item 11)" : "the generator's default") << "\n";
  out << "                                                                      placement to"
         "                 last event to\n";
  out << "                                                                      shown      commit"
         " <=150ms     commit\n";
  out << "variant         mode  moves at-once slide prefix settle same  misread illegal  warn "
         "     p50  p99       p50  p99        p50  p99\n";
  Tally all[2];
  for (const std::string& id : ids) {
    std::vector<BenchGame> games;
    bool ok = records ? record_games(id, o->values.at("record"), games, err)
                      : random_games(id, seeds, plies, games, err);
    if (!ok) return 1;
    Tally per[2];
    for (std::size_t n = 0; n < games.size(); ++n) {
      const BenchGame& game = games[n];
      for (long long seed = 1; seed <= (records ? seeds : 1); ++seed) {
        session::GeneratorSettings gs;
        gs.seed = static_cast<std::uint64_t>(records ? seed : static_cast<long long>(n) + 1);
        gs.settle = base.tracker.settle;
        gs.real_hands = real_hands;
        auto script = session::generate_script(game.rules, *game.start, game.actions, gs);
        if (!script.ok()) {
          err << "tabula: bench-latency: " << id << " game " << n + 1 << ": "
              << script.error().message << "\n";
          return 1;
        }
        for (int on = 1; on >= 0; --on) {
          session::SessionSettings settings = base;
          settings.tracker.commit_at_once = on == 1;
          measure(game.rules, *game.start, script.value(), settings, per[on]);
        }
      }
    }
    for (int on = 1; on >= 0; --on) {
      print_row(out, id, on == 1, per[on]);
      all[on].add(per[on]);
    }
  }
  for (int on = 1; on >= 0; --on) print_row(out, "all", on == 1, all[on]);
  for (int on = 1; on >= 0; --on) {
    char line[200];
    std::snprintf(
        line, sizeof line,
        "compute per reed event, commit_at_once %s: p50 %.1f us, p99 %.1f us (%zu %s)\n",
        on ? "on" : "off", percentile(all[on].event_us, 0.5), percentile(all[on].event_us, 0.99),
        all[on].event_us.size(), all[on].event_us.size() == 1 ? "event" : "events");
    out << line;
  }
  return 0;
}

}  // namespace tabula::cli
