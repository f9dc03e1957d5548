// inference_soak — the generated soaks of random_game_inference_test over any
// seed range, run by hand (docs/INFERENCE.md, "Soaking wider"): the suite runs
// 50 seeds a variant; this runs as many as asked and prints each game whose
// moves were not all read, and a count. The expected moves come from the rules
// core playing the random game, never from inference (as in the test).
//
//   inference_soak [--from N] [--to M] [--variant ID]... [--plies P]
//                  [--commit-at-once on|off] [--tidy] [--recapture]
//                  [--habits on|off] [--bounce-runs on|off] [--dump VARIANT SEED]
//
// --habits off: without session 12's hand habits (GeneratorSettings:
// bounce_aside, knock, push_capture, one_hand_castle, three_in_a_row), the
// scripts of the sessions before (their seeds' misreads reproduce).
// --bounce-runs on: session 29's reeds (GeneratorSettings: bounce_run 10 %
// and chatter 3 % of reed events, victim_chatter 10 % of captures with the
// mover lifted first); off (the default) gives the scripts of the sessions
// before.
// --recapture: the fast-recapture soak (a move, then the next seat at once
// capturing the piece just moved; 3 games a variant, trace seeds N-M).
// --dump: one game's reed events with the session's moves, rulings and the
// tracker's state after each (what a misread is read from).
// Exit status: 0 when every game was read, 1 when one was not, 2 on bad usage.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/fen4.h"
#include "table.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

struct Options {
  int from = 1;
  int to = 50;
  int plies = 40;
  std::vector<std::string> variants;
  bool commit_at_once = true;
  bool tidy = false;
  bool recapture = false;
  bool habits = true;
  bool bounce_runs = false;
  std::optional<std::string> dump_variant;
  int dump_seed = 0;
};

// The soak's generator settings for a game seed (random_game_inference_test).
session::GeneratorSettings soak_settings(const Options& o, int seed) {
  session::GeneratorSettings gs;
  gs.seed = static_cast<std::uint64_t>(seed);
  gs.real_hands = !o.tidy;
  if (!o.habits) {
    gs.bounce_aside = gs.knock = gs.push_capture = gs.one_hand_castle = gs.three_in_a_row = 0;
  }
  if (o.bounce_runs) {
    gs.bounce_run = 10;
    gs.chatter = 3;
    gs.victim_chatter = 10;
  }
  if (seed % 2 == 0) gs.first_move_at = session::Millis{(seed * 37) % 1001};
  return gs;
}

// The fast-recapture soak's settings for a trace seed.
session::GeneratorSettings recapture_settings(const Options& o, int trace_seed) {
  session::GeneratorSettings gs = soak_settings(o, trace_seed);
  gs.first_move_at.reset();
  gs.fast_reply = 100;
  gs.bounce = 100;
  return gs;
}

void dump(const PreparedRecord& prep, const session::GeneratorSettings& gs,
          inference::TrackerSettings ts) {
  const LoadedRecord& rec = prep.loaded;
  auto script = session::generate_script(rec.rules, *rec.start, prep.actions, gs);
  if (!script.ok()) {
    std::cout << "generator: " << script.error().message << "\n";
    return;
  }
  session::SessionSettings settings;
  settings.tracker = ts;
  settings.tracker.settle = gs.settle;
  settings.random_moves = session::RandomMoves::kAcceptAnyLegal;
  session::Session s({rec.rules}, *rec.start, settings);
  const core::Geometry& g = rec.rules->geometry;
  auto show = [&](const session::Output& o) {
    for (const auto& m : o.moves) std::cout << "      => MOVE " << m.text << " @" << m.time.count() << "\n";
    if (!o.moves.empty()) {
      std::cout << "      => FEN "
                << (s.game().rules().four_player_notation ? core::to_fen4(s.game().position())
                                                          : core::to_fen(s.game().position()))
                << "\n";
    }
    for (const auto& r : o.rulings)
      std::cout << "      => [" << r.time.count() << "] " << session::to_string(r.kind) << ": "
                << r.text << "\n";
  };
  std::cout << "expected:";
  for (const std::string& m : prep.expected) std::cout << " " << m;
  std::cout << "\n";
  for (std::size_t i = 0; i < script->inputs.size(); ++i) {
    const session::Input& in = script->inputs[i];
    if (!script->notes[i].empty()) std::cout << "# " << script->notes[i] << "\n";
    if (const auto* e = std::get_if<session::SquareEvent>(&in)) {
      std::cout << e->time.count() << " " << g.name(e->square) << (e->occupied ? " down" : " up")
                << "\n";
    } else {
      std::cout << session::time_of(in).count() << " (intent)\n";
    }
    session::Output o = s.handle(in);
    auto t = s.tracker().tentative();
    std::cout << "      [" << inference::to_string(s.tracker().state());
    if (t) {
      std::cout << " T=" << g.name(t->from) << g.name(t->to) << " "
                << inference::to_string(*s.tracker().tentative_wait()) << " shown "
                << s.tracker().tentative_shown()->count();
    }
    std::cout << "]\n";
    show(o);
  }
  for (int guard = 0; guard < 100; ++guard) {
    auto d = s.next_deadline();
    if (!d) break;
    std::cout << d->count() << " tick\n";
    show(s.tick(*d));
  }
}

// One game read back: "" when every move was read and nothing ruled, else why.
std::string verdict(const PreparedRecord& prep, const RecordRun& run) {
  if (!run.error.empty()) return "generator: " + run.error;
  if (run.inferred == prep.expected && run.problems.empty()) return "";
  std::size_t i = 0;
  while (i < run.inferred.size() && i < prep.expected.size() && run.inferred[i] == prep.expected[i])
    ++i;
  std::ostringstream out;
  out << "ply " << i + 1 << ": want " << (i < prep.expected.size() ? prep.expected[i] : "-")
      << " got " << (i < run.inferred.size() ? run.inferred[i] : "-");
  if (!run.problems.empty()) out << " | " << run.problems.front();
  return out.str();
}

int usage(const std::string& why) {
  std::cerr << "inference_soak: " << why
            << "\nusage: inference_soak [--from N] [--to M] [--variant ID]... [--plies P]"
               " [--commit-at-once on|off] [--tidy] [--recapture] [--habits on|off] [--bounce-runs "
               "on|off]"
               " [--dump VARIANT SEED]\n";
  return 2;
}

std::optional<int> number(const std::string& s) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoi(s);
}

int run(int argc, char** argv) {
  Options o;
  const std::vector<std::string> known = variants::list_ids();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    auto count = [&](int& out) -> bool {
      std::optional<std::string> v = value();
      std::optional<int> n = v ? number(*v) : std::nullopt;
      if (!n) return false;
      out = *n;
      return true;
    };
    if (a == "--from" || a == "--to" || a == "--plies") {
      int& out = a == "--from" ? o.from : a == "--to" ? o.to : o.plies;
      if (!count(out)) return usage(a + " needs a number (0-999999)");
    } else if (a == "--variant") {
      std::optional<std::string> v = value();
      if (!v || std::find(known.begin(), known.end(), *v) == known.end())
        return usage("--variant needs a shipped variant id");
      o.variants.push_back(*v);
    } else if (a == "--commit-at-once") {
      std::optional<std::string> v = value();
      if (!v || (*v != "on" && *v != "off")) return usage("--commit-at-once needs on or off");
      o.commit_at_once = *v == "on";
    } else if (a == "--habits") {
      std::optional<std::string> v = value();
      if (!v || (*v != "on" && *v != "off")) return usage("--habits needs on or off");
      o.habits = *v == "on";
    } else if (a == "--bounce-runs") {
      std::optional<std::string> v = value();
      if (!v || (*v != "on" && *v != "off")) return usage("--bounce-runs needs on or off");
      o.bounce_runs = *v == "on";
    } else if (a == "--tidy") {
      o.tidy = true;
    } else if (a == "--recapture") {
      o.recapture = true;
    } else if (a == "--dump") {
      std::optional<std::string> v = value();
      if (!v || std::find(known.begin(), known.end(), *v) == known.end())
        return usage("--dump needs a shipped variant id and a seed");
      o.dump_variant = *v;
      if (!count(o.dump_seed)) return usage("--dump needs a seed after the variant");
    } else {
      return usage("unknown argument \"" + a + "\"");
    }
  }
  if (o.from > o.to) return usage("--from is after --to");
  if (o.variants.empty()) o.variants = known;
  inference::TrackerSettings ts;
  ts.commit_at_once = o.commit_at_once;
  if (o.dump_variant) {
    if (o.recapture) {
      // --dump VARIANT GAME with --from giving the trace seed.
      bool done = false;
      PreparedRecord prep = prepare_recapture_game(*o.dump_variant, static_cast<std::uint64_t>(o.dump_seed), done);
      dump(prep, recapture_settings(o, o.from), ts);
    } else {
      PreparedRecord prep =
          prepare_random_game(*o.dump_variant, static_cast<std::uint64_t>(o.dump_seed), o.plies);
      dump(prep, soak_settings(o, o.dump_seed), ts);
    }
    return 0;
  }
  int games = 0;
  int bad = 0;
  long moves = 0;
  for (const std::string& v : o.variants) {
    int v_bad = 0;
    int v_games = 0;
    if (o.recapture) {
      if (v == "bipartite") continue;  // 004 stage one: messengers never capture
      int found = 0;
      for (std::uint64_t game = 1; game <= 40 && found < 3; ++game) {
        bool done = false;
        PreparedRecord prep = prepare_recapture_game(v, game, done);
        if (!done) continue;
        ++found;
        for (int ts_seed = o.from; ts_seed <= o.to; ++ts_seed) {
          RecordRun r = run_record(prep, recapture_settings(o, ts_seed), ts);
          ++v_games;
          moves += static_cast<long>(prep.expected.size());
          std::string why = verdict(prep, r);
          if (why.empty()) continue;
          ++v_bad;
          std::cout << "MISREAD " << v << " game " << game << " trace " << ts_seed << " " << why
                    << "\n";
        }
      }
    } else {
      for (int seed = o.from; seed <= o.to; ++seed) {
        PreparedRecord prep =
            prepare_random_game(v, static_cast<std::uint64_t>(seed), o.plies);
        if (!prep.error.empty()) {
          std::cout << "ERROR " << v << " " << seed << " " << prep.error << "\n";
          ++v_bad;
          continue;
        }
        RecordRun r = run_record(prep, soak_settings(o, seed), ts);
        ++v_games;
        moves += static_cast<long>(prep.expected.size());
        std::string why = verdict(prep, r);
        if (why.empty()) continue;
        ++v_bad;
        std::cout << "MISREAD " << v << " " << seed << " " << why << "\n";
      }
    }
    std::cout << "variant " << v << ": " << v_bad << " of " << v_games << std::endl;
    games += v_games;
    bad += v_bad;
  }
  std::cout << "total: " << bad << " of " << games << " games (" << moves << " moves) not read\n";
  return bad == 0 ? 0 : 1;
}

}  // namespace
}  // namespace tabula::testing

int main(int argc, char** argv) { return tabula::testing::run(argc, argv); }
