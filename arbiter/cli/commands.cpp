#include "cli/commands.h"

#include "cli/bench.h"
#include "cli/event_commands.h"
#include "cli/latency_bench.h"
#include "cli/match_command.h"
#include "cli/infer_commands.h"
#include "cli/options.h"
#include "cli/perft_compare.h"
#include "cli/play_commands.h"
#include "cli/voice_commands.h"
#include "cli/board_key_command.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <map>
#include <optional>

#include "core/fen.h"
#include "core/game.h"
#include "core/match.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/game_perft.h"
#include "core/perft.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "core/notation.h"
#include "variants/variant_loader.h"
#include "version/version.h"

namespace tabula::cli {
namespace {

constexpr const char* kUsage = R"(usage: tabula <command> [options]
commands:
  --version                         print the build's version (the package's) and exit
  variants                          list the shipped variants
  check FILE                        validate a variant file
  perft --variant ID [--start NAME] [--fen FEN | --fen4 FEN4] --depth N [--divide] [--position]
                                    count leaf nodes of the game's legal move tree (every
                                    rule of the game layer: teams, dead seats, relations,
                                    corner rules); --position counts the position's moves
                                    only (move generation, without the game layer)
  perft ... --depth N --compare ROUNDS
                                    benchmark: both layers' perft of depth N timed in one
                                    process, ROUNDS (1-1000) runs each, alternately (G P,
                                    P G, ...), by the thread's CPU time; prints each
                                    layer's nodes and min / median / max ms, the ratio
                                    position/game by min and by median, the load average
  selfplay --variant ID --seed N [--games G] [--max-plies P] [--check]
                                    seeded uniformly random games; --check verifies
                                    the position's invariants after every ply
  replay --variant ID FILE [--game N]
                                    replay a PGN or PGN4 record, printing every ruling;
                                    the last line is the final ledger, else the result
                                    (1-0 between two, the ranking among four)
)";

std::shared_ptr<const core::RuleSet> load_variant(const Options& o, std::ostream& err) {
  auto it = o.values.find("variant");
  if (it == o.values.end()) {
    err << "tabula: --variant ID is required (see `tabula variants`)\n";
    return nullptr;
  }
  auto start = o.values.find("start");  // a named start array ("4PCo")
  variants::LoadResult r = variants::load_id(it->second, start == o.values.end() ? "" : start->second);
  if (!r.ok()) {
    err << "tabula: " << r.error_text();
    return nullptr;
  }
  return r.rules;
}

// The start position, or the one given by --fen / --fen4.
std::optional<core::Position> load_position(const core::RuleSet& rules, const Options& o,
                                            std::ostream& err, core::SeatPoints* points = nullptr) {
  std::string text = rules.start_fen;
  bool four = rules.four_player_notation;
  if (auto it = o.values.find("fen"); it != o.values.end()) {
    text = it->second;
    four = false;
  }
  if (auto it = o.values.find("fen4"); it != o.values.end()) {
    text = it->second;
    four = true;
  }
  auto pos = four ? core::parse_fen4(rules, text, points) : core::parse_fen(rules, text);
  if (!pos.ok()) {
    err << "tabula: bad " << (four ? "FEN4" : "FEN");
    if (pos.error().column > 0) err << " at character " << pos.error().column;
    err << ": " << pos.error().message << "\n";
    return std::nullopt;
  }
  return std::move(pos.value());
}

int cmd_variants(std::ostream& out, std::ostream& err) {
  auto ids = variants::list_ids();
  if (ids.empty()) {
    err << "tabula: no variant files in " << variants::variants_dir() << "\n";
    return 1;
  }
  for (const std::string& id : ids) {
    variants::LoadResult r = variants::load_id(id);
    if (r.ok()) {
      out << id << "\t" << r.rules->name << "\t(sheet " << r.rules->sheet << ", "
          << r.rules->seat_count() << " seats)\n";
    } else {
      out << id << "\tBROKEN: " << r.diagnostics.front().to_string() << "\n";
    }
  }
  return 0;
}

int cmd_check(const Options& o, std::ostream& out, std::ostream& err) {
  if (o.positional.size() != 1) {
    err << "tabula: check needs exactly one FILE\n";
    return 2;
  }
  variants::LoadResult r = variants::load_file(o.positional[0]);
  if (!r.ok()) {
    err << r.error_text();
    return 1;
  }
  out << o.positional[0] << ": ok: " << r.rules->id << " (" << r.rules->name << "), "
      << r.rules->geometry.playable_count() << " squares, " << r.rules->seat_count() << " seats, "
      << r.rules->pieces.size() << " piece kinds\n";
  return 0;
}

int cmd_perft(const Options& o, std::ostream& out, std::ostream& err) {
  long long rounds = 0;  // --compare: a benchmark of both layers (cli/perft_compare.h)
  if (o.values.count("compare")) {
    if (!number_option(o, "compare", 1, kMaxCompareRounds, rounds, err)) return 2;
    for (const char* other : {"divide", "position"}) {
      if (o.values.count(other)) {
        err << "tabula: perft --compare times both layers' totals; it takes no --" << other << "\n";
        return 2;
      }
    }
  }
  auto rules = load_variant(o, err);
  if (!rules) return 1;
  long long depth = -1;
  if (!o.values.count("depth")) {
    err << "tabula: perft needs --depth N\n";
    return 2;
  }
  if (!number_option(o, "depth", 0, 12, depth, err)) return 2;
  if (o.values.count("fen") && o.values.count("fen4")) {
    err << "tabula: give --fen or --fen4, not both\n";
    return 2;
  }
  core::SeatPoints points{};
  auto pos = load_position(*rules, o, err, &points);
  if (!pos) return 1;
  if (rounds > 0) {
    const core::Game game(rules, *pos, points);  // built outside every timed run
    const int d = static_cast<int>(depth);
    std::string title = o.values.at("variant") + " depth " + std::to_string(depth);
    if (o.values.count("fen") || o.values.count("fen4")) title += " from the given position";
    return perft_compare(title, static_cast<int>(rounds), [&] { return core::game_perft(game, d); },
                         [&] { return core::perft(*pos, d); }, system_compare_clocks(), out, err);
  }
  bool divide = o.values.count("divide") > 0;
  auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  std::vector<std::pair<core::Move, std::uint64_t>> parts;
  std::optional<core::Game> game;
  if (o.values.count("position")) {
    // Move generation alone: the position's moves, blind to the game layer.
    if (divide) parts = core::perft_divide(*pos, static_cast<int>(depth));
    else total = core::perft(*pos, static_cast<int>(depth));
  } else {
    game.emplace(rules, *pos, points);
    if (divide) parts = core::game_perft_divide(*game, static_cast<int>(depth));
    else total = core::game_perft(*game, static_cast<int>(depth));
  }
  // The game may have passed the turn over seats that are out.
  const core::Position& root = game ? game->position() : *pos;
  for (const auto& [move, count] : parts) {
    out << core::coordinate(root, move) << ": " << count << "\n";
    total += count;
  }
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  err << "perft " << depth << ": " << counted(static_cast<long long>(total), "node", "nodes") << " in " << ms << " ms\n";
  out << total << "\n";
  return 0;
}

// One line summarising a finished (or capped) game.
std::string summary(const core::Game& g) {
  const core::Outcome& o = g.outcome();
  const core::RuleSet& rules = g.rules();
  std::string text;
  if (!o.over) {
    text = "*";
  } else if (rules.seat_count() == 2 && rules.ledger.kind == core::LedgerKind::kNone) {
    if (o.draw) {
      text = "1/2-1/2";
    } else {
      text = o.ranking.front() == core::seat_at(0) ? "1-0" : "0-1";
    }
    text += " (" + o.reason + ")";
  } else {
    text = o.draw ? "draw" : "ranking";
    for (core::Seat s : o.ranking) {
      text += " " + g.seat_name(s);
      if (rules.ledger.kind != core::LedgerKind::kNone) text += "=" + std::to_string(g.points(s));
    }
    text += " (" + o.reason + ")";
  }
  return text;
}

// Every stage's rules: the variant, then the stages that follow it (004).
std::vector<std::shared_ptr<const core::RuleSet>> load_stages(std::shared_ptr<const core::RuleSet> first,
                                                              std::ostream& err) {
  std::vector<std::shared_ptr<const core::RuleSet>> stages{first};
  while (!stages.back()->next_stage.empty() && stages.size() < 8) {
    variants::LoadResult r = variants::load_id(stages.back()->next_stage.front().variant);
    if (!r.ok()) {
      err << "tabula: next stage of " << stages.back()->id << ": " << r.error_text();
      return {};
    }
    stages.push_back(r.rules);
  }
  return stages;
}

int cmd_selfplay(const Options& o, std::ostream& out, std::ostream& err) {
  auto rules = load_variant(o, err);
  if (!rules) return 1;
  long long seed = -1;
  long long games = 1;
  long long max_plies = 1000;
  if (!o.values.count("seed")) {
    err << "tabula: selfplay needs --seed N\n";
    return 2;
  }
  if (!number_option(o, "seed", 0, 1LL << 62, seed, err) ||
      !number_option(o, "games", 1, 1000000, games, err) ||
      !number_option(o, "max-plies", 1, 100000, max_plies, err)) {
    return 2;
  }
  auto start = load_position(*rules, o, err);
  if (!start) return 1;
  auto stages = load_stages(rules, err);
  if (stages.empty()) return 1;
  bool check = o.values.count("check") > 0;
  for (long long i = 0; i < games; ++i) {
    core::Match match(stages, *start);
    int plies = 0;
    std::string stage_notes;
    std::uint64_t game_seed = static_cast<std::uint64_t>(seed) * 1000003ULL + static_cast<std::uint64_t>(i);
    while (match.state() != core::Match::State::kFinished && plies < max_plies) {
      std::uint64_t ply_seed = game_seed * 0x100000001B3ULL + static_cast<std::uint64_t>(plies);
      if (match.state() == core::Match::State::kChoosing) {
        // The stage winner picks an option at random too (004 rule 7).
        auto options = match.options();
        stage_notes += "stage " + std::to_string(match.stage() + 1) + " " + summary(match.game()) + "; ";
        if (options.empty() || match.choose(options[ply_seed % options.size()])) {
          err << "tabula: game " << i + 1 << ": the stage winner has no valid option\n";
          return 1;
        }
        stage_notes += match.game().seat_name(match.chooser()) + " takes the " + options[ply_seed % options.size()] + "; ";
        match.setup_confirmed();
        continue;
      }
      auto m = match.game().random_move(ply_seed);
      if (!m) break;
      auto rulings = match.play(*m);
      ++plies;
      if (check) {
        // Invariants after every ply: the position is consistent and the
        // arbiter accepted the move it generated.
        std::string problem = match.game().position().consistency_problem();
        if (problem.empty() && !rulings.empty() && rulings.front().kind == core::RulingKind::kIllegalMove) {
          problem = "a generated move was refused: " + rulings.front().text;
        }
        const core::RuleSet& rs = match.game().rules();
        if (problem.empty() && rs.ledger.kind == core::LedgerKind::kTokens) {
          // 003: tokens only change hands; the total never changes.
          int total = 0;
          for (int s = 0; s < rs.seat_count(); ++s) total += match.game().points(core::seat_at(s));
          if (total != rs.ledger.tokens_per_seat * rs.seat_count()) {
            problem = "tokens not conserved: " + std::to_string(total);
          }
        }
        if (!problem.empty()) {
          err << "tabula: game " << i + 1 << " ply " << plies << ": " << problem << "\n";
          return 1;
        }
      }
    }
    out << "game " << i + 1 << ": " << stage_notes << summary(match.game()) << ", " << counted(plies, "ply", "plies") << "\n";
  }
  return 0;
}

// The final ledger in seat order, or the result where there is no ledger.
std::string final_line(const core::Game& g) {
  const core::RuleSet& rules = g.rules();
  if (rules.ledger.kind != core::LedgerKind::kNone) {
    std::string out;
    for (int s = 0; s < rules.seat_count(); ++s) {
      out += (s ? " " : "") + rules.seats[s].name + " " + std::to_string(g.points(core::seat_at(s)));
    }
    return out;
  }
  const core::Outcome& o = g.outcome();
  // Four seats: the ranking, as tabula selfplay prints it ("1-0" says
  // nothing of who won among four).
  if (rules.seat_count() > 2) return summary(g);
  if (!o.over) return "*";
  if (o.draw) return "1/2-1/2";
  // 1-0: the first seat won.
  core::Seat winner = o.ranking.front();
  bool first = winner == core::seat_at(0) || g.teammates(winner, core::seat_at(0));
  return first ? "1-0" : "0-1";
}

int cmd_replay(const Options& o, std::ostream& out, std::ostream& err) {
  if (o.positional.size() != 1) {
    err << "tabula: replay needs exactly one FILE\n";
    return 2;
  }
  auto vit = o.values.find("variant");
  long long game_no = 1;
  if (!number_option(o, "game", 1, 1000000, game_no, err)) return 2;
  std::string text, problem;
  if (!read_text_file(o.positional[0], text, &problem)) {
    err << "tabula: " << o.positional[0] << ": " << problem << "\n";
    return 1;
  }
  // s29-newuser: the kiosk's journal given here was read as PGN ("move
  // number '1796629935787.2%vari' is too large").
  if (text.rfind(std::string("SQLite format 3\0", 16), 0) == 0) {
    err << "tabula: " << o.positional[0] << " is a journal (an SQLite file), not a PGN or PGN4 record: "
        << "`tabula archive show --journal " << o.positional[0] << "` lists its rulings, `tabula archive export --journal "
        << o.positional[0] << " --out game.pgn4` writes its record\n";
    return 2;
  }
  auto records = core::parse_pgn(text);
  if (!records.ok()) {
    err << "tabula: " << o.positional[0] << ":" << records.error().line << ":" << records.error().column
        << ": " << records.error().message << "\n";
    return 1;
  }
  if (vit == o.values.end()) {
    // The record's own Variant tag, when it names a shipped variant (a
    // record Tabula exported), is offered (s29-newuser).
    std::string tag = records->empty() ? "" : records->front().tag("Variant");
    if (tag == "Standard") tag = "chess";  // PGN's name of chess, as the export writes it
    err << "tabula: --variant ID is required (see `tabula variants`)";
    const std::vector<std::string> ids = variants::list_ids();
    if (std::find(ids.begin(), ids.end(), tag) != ids.end()) err << "; this record's Variant tag says --variant " << tag;
    err << "\n";
    return 2;
  }
  if (records->size() < static_cast<std::size_t>(game_no)) {
    err << "tabula: " << o.positional[0] << " holds " << records->size() << " game(s), not " << game_no << "\n";
    return 1;
  }
  const core::PgnRecord& record = (*records)[static_cast<std::size_t>(game_no - 1)];

  // The start: a named array, a FEN4 or FEN in the tags, or the variant's own.
  std::string why;
  variants::RecordStart rs = variants::record_start(vit->second, record.tag("StartFen4"), record.tag("FEN"), why);
  if (!rs.rules) {
    err << "tabula: " << why;
    return 1;
  }
  auto rules = rs.rules;
  const std::string& start_text = rs.position;
  bool four = rules->four_player_notation;
  core::SeatPoints points{};
  auto start = four ? core::parse_fen4(*rules, start_text, &points) : core::parse_fen(*rules, start_text);
  if (!start.ok()) {
    err << "tabula: " << o.positional[0] << ": bad start position in the tags: " << start.error().message << "\n";
    return 1;
  }
  core::ReplayResult result = core::replay(rules, *start, points, record);
  for (const core::Ruling& r : result.game->opening_rulings()) out << "  " << core::to_string(r.kind) << ": " << r.text << "\n";
  for (const core::ReplayStep& step : result.steps) {
    out << step.round << ". " << result.game->seat_name(step.seat) << " " << step.token << "\n";
    for (const core::Ruling& r : step.rulings) {
      if (r.kind == core::RulingKind::kMove) continue;
      out << "  " << core::to_string(r.kind) << ": " << r.text << "\n";
    }
  }
  if (!result.ok) {
    err << "tabula: " << o.positional[0] << ":" << result.line << ": refused at " << result.error << "\n";
    return 1;
  }
  out << final_line(*result.game) << "\n";
  return 0;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    (args.empty() ? err : out) << kUsage << kBenchUsage << kBenchLatencyUsage << kInferUsage << kPlayUsage << kBoardKeyUsage << kEventUsage << kMatchUsage << kSearchUsage << kVoiceUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string& cmd = args[0];
  if (cmd == "--version") {
    out << "tabula " << build_version() << "\n";
    return 0;
  }
  if (cmd == "variants") return cmd_variants(out, err);
  if (cmd == "check") {
    auto o = parse_options(args, 1, {}, {}, args[0], err);
    return o ? cmd_check(*o, out, err) : 2;
  }
  if (cmd == "perft") {
    auto o = parse_options(args, 1, {"variant", "start", "fen", "fen4", "depth", "compare"}, {"divide", "position"}, args[0], err);
    if (!o) return 2;
    if (!o->positional.empty()) {
      err << "tabula: unexpected argument \"" << o->positional[0] << "\"\n";
      return 2;
    }
    return cmd_perft(*o, out, err);
  }
  if (cmd == "bench") return cmd_bench(args, out, err);
  if (cmd == "bench-latency") return cmd_bench_latency(args, out, err);
  if (cmd == "infer") return cmd_infer(args, out, err);
  if (cmd == "trace") return cmd_trace(args, out, err);
  if (cmd == "play") return cmd_play(args, out, err);
  if (cmd == "archive") return cmd_archive(args, out, err);
  if (cmd == "match") return cmd_match(args, out, err);
  if (cmd == "analyse") return cmd_analyse(args, out, err);
  if (cmd == "search") return cmd_search(args, out, err);
  if (cmd == "event") return cmd_event(args, out, err);
  if (cmd == "voice") return cmd_voice(args, out, err);
  if (cmd == "board-key") return cmd_board_key(args, out, err);
  if (cmd == "replay") {
    auto o = parse_options(args, 1, {"variant", "game"}, {}, args[0], err);
    return o ? cmd_replay(*o, out, err) : 2;
  }
  if (cmd == "selfplay") {
    auto o = parse_options(args, 1, {"variant", "seed", "games", "max-plies", "fen", "fen4"}, {"check"}, args[0], err);
    if (!o) return 2;
    if (!o->positional.empty()) {
      err << "tabula: unexpected argument \"" << o->positional[0] << "\"\n";
      return 2;
    }
    return cmd_selfplay(*o, out, err);
  }
  err << "tabula: unknown command \"" << cmd << "\"\n" << kUsage;
  return 2;
}

}  // namespace tabula::cli
