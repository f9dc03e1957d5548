// analyse_command.cpp — `tabula analyse` (see match_command.h).
#include <chrono>
#include <sstream>

#include "cli/engine_players.h"
#include "cli/match_command.h"
#include "cli/options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "engine/levels.h"
#include "engine/search.h"
#include "variants/variant_loader.h"

namespace tabula::cli {
namespace {

engine::SearchResult analyse_position(engine::Engine& e, const core::Game& game, int level, long long movetime_ms,
                                      core::Seat perspective) {
  engine::LevelSettings s = engine::level_settings(level, movetime_ms * 1000, 0);
  s.options.perspective = perspective;
  if (s.options.family == engine::Family::kMaxN) s.options.family = engine::Family::kAuto;
  auto start = std::chrono::steady_clock::now();
  s.limits.elapsed_us = [start] {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
  };
  return e.search(game, s.limits, s.options);
}

}  // namespace

int cmd_analyse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, 1, {"variant", "game", "movetime-ms", "level", "mark-cp"}, {}, args[0], err);
  if (!o) return 2;
  if (o->positional.size() != 1) {
    err << "tabula: analyse needs exactly one FILE (a PGN or PGN4 record)\n";
    return 2;
  }
  if (!o->values.count("variant")) {
    err << "tabula: --variant ID is required (see `tabula variants`)\n";
    return 2;
  }
  long long game_no = 1, movetime = 200, level = 6, mark = 150;
  if (!number_option(*o, "game", 1, 1000000, game_no, err) || !number_option(*o, "movetime-ms", 1, 3600000, movetime, err) ||
      !number_option(*o, "level", 1, 8, level, err) || !number_option(*o, "mark-cp", 1, 100000, mark, err)) {
    return 2;
  }
  const std::string& file = o->positional[0];
  std::string text;
  if (std::string why; !read_text_file(file, text, &why)) {
    err << "tabula: " << file << ": " << why << "\n";
    return 1;
  }
  auto records = core::parse_pgn(text);
  if (!records.ok()) {
    err << "tabula: " << file << ":" << records.error().line << ":" << records.error().column << ": "
        << records.error().message << "\n";
    return 1;
  }
  if (records->size() < static_cast<std::size_t>(game_no)) {
    err << "tabula: " << file << " holds " << records->size() << " game(s), not " << game_no << "\n";
    return 1;
  }
  const core::PgnRecord& record = (*records)[static_cast<std::size_t>(game_no - 1)];
  std::string why;
  variants::RecordStart rs = variants::record_start(o->values["variant"], record.tag("StartFen4"), record.tag("FEN"), why);
  if (!rs.rules) {
    err << "tabula: " << why;
    return 1;
  }
  core::SeatPoints points{};
  bool four = rs.rules->four_player_notation;
  auto start = four ? core::parse_fen4(*rs.rules, rs.position, &points) : core::parse_fen(*rs.rules, rs.position);
  if (!start.ok()) {
    err << "tabula: " << file << ": bad start position in the tags: " << start.error().message << "\n";
    return 1;
  }
  core::ReplayResult result = core::replay(rs.rules, *start, points, record);
  // The moves the record holds, replayed from the start for the analysis.
  core::Game game(rs.rules, *start, points);
  engine::Engine e(16);
  const std::vector<core::Move>& moves = result.game->moves();
  long long marked = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (game.outcome().over) break;
    core::Seat mover = game.to_move();
    engine::SearchResult best = analyse_position(e, game, static_cast<int>(level), movetime, mover);
    std::string played = core::coordinate(game.position(), moves[i]);
    std::string best_text = best.best ? core::coordinate(game.position(), *best.best) : "-";
    core::Game after = game;
    after.play(moves[i]);
    int value_after = best.value;
    if (!(best.best && *best.best == moves[i]) && !after.outcome().over) {
      value_after = analyse_position(e, after, static_cast<int>(level), movetime, mover).value;
    } else if (after.outcome().over) {
      value_after = analyse_position(e, after, 1, movetime, mover).value;
    }
    int loss = best.value - value_after;
    std::string mark_text = loss >= mark ? "??" : loss >= mark / 2 ? "?" : "";
    if (!mark_text.empty()) ++marked;
    out << i + 1 << ". " << game.seat_name(mover) << " " << played << mark_text << "  value " << best.value
        << ", best " << best_text << ", after " << value_after;
    if (!best.pv.empty()) out << ", pv " << pv_text(game, best.pv);
    out << "\n";
    game.play(moves[i]);
  }
  if (!result.ok) {
    err << "tabula: " << file << ":" << result.line << ": refused at " << result.error << "\n";
    out << "analysed " << counted(static_cast<long long>(moves.size()), "move", "moves") << " up to the refused token; " << marked << " marked\n";
    return 1;
  }
  out << "analysed " << counted(static_cast<long long>(moves.size()), "move", "moves") << "; " << marked << " marked (loss >= " << mark / 2 << " cp)\n";
  return 0;
}

}  // namespace tabula::cli

namespace tabula::cli {

const char* const kSearchUsage = R"(  search --variant ID [--fen FEN | --fen4 FEN4] [--level L] [--movetime-ms M]
         [--depth D] [--nodes N] [--family auto|two-sided|paranoid|maxn|brs] [--seed S]
                                    one engine search (level 0: greedy): the family,
                                    depth reached, value, best move and pv; then the
                                    nodes and nodes per second
)";

int cmd_search(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, 1, {"variant", "fen", "fen4", "level", "movetime-ms", "depth", "nodes", "family", "seed"}, {},
                         args[0], err);
  if (!o) return 2;
  if (!o->positional.empty()) {
    err << "tabula: search: unexpected argument \"" << o->positional[0] << "\"\n";
    return 2;
  }
  if (!o->values.count("variant")) {
    err << "tabula: --variant ID is required (see `tabula variants`)\n";
    return 2;
  }
  long long level = 8, movetime = 1000, depth = 0, nodes = 0, seed = 0;
  if (!number_option(*o, "level", 0, 8, level, err) || !number_option(*o, "movetime-ms", 1, 3600000, movetime, err) ||
      !number_option(*o, "depth", 1, 64, depth, err) || !number_option(*o, "nodes", 1, 1LL << 40, nodes, err) ||
      !number_option(*o, "seed", 0, 1LL << 62, seed, err)) {
    return 2;
  }
  engine::Family family = engine::Family::kAuto;
  if (auto it = o->values.find("family"); it != o->values.end()) {
    const std::string& f = it->second;
    if (f == "two-sided") family = engine::Family::kTwoSided;
    else if (f == "paranoid") family = engine::Family::kParanoid;
    else if (f == "maxn") family = engine::Family::kMaxN;
    else if (f == "brs") family = engine::Family::kBestReply;
    else if (f != "auto") {
      err << "tabula: --family " << f << ": expected auto, two-sided, paranoid, maxn or brs\n";
      return 2;
    }
  }
  variants::LoadResult r = variants::load_id(o->values["variant"]);
  if (!r.ok()) {
    err << "tabula: " << r.error_text();
    return 1;
  }
  std::string text = r.rules->start_fen;
  bool four = r.rules->four_player_notation;
  if (auto it = o->values.find("fen"); it != o->values.end()) text = it->second, four = false;
  if (auto it = o->values.find("fen4"); it != o->values.end()) text = it->second, four = true;
  core::SeatPoints points{};
  auto pos = four ? core::parse_fen4(*r.rules, text, &points) : core::parse_fen(*r.rules, text);
  if (!pos.ok()) {
    err << "tabula: bad " << (four ? "FEN4" : "FEN") << ": " << pos.error().message << "\n";
    return 1;
  }
  core::Game game(r.rules, *pos, points);
  engine::LevelSettings s = engine::level_settings(static_cast<int>(level), movetime * 1000, static_cast<std::uint64_t>(seed));
  s.options.family = family;
  if (depth > 0) s.limits.max_depth = static_cast<int>(depth);
  if (nodes > 0) s.limits.max_nodes = static_cast<std::uint64_t>(nodes);
  engine::Engine e(16);  // the table is cleared before the clock starts
  auto start = std::chrono::steady_clock::now();
  s.limits.elapsed_us = [start] {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
  };
  engine::SearchResult res = e.search(game, s.limits, s.options);
  auto us = std::max<std::int64_t>(1, s.limits.elapsed_us());
  if (!res.best) {
    out << "no move (" << (game.outcome().over ? "the game is over" : "no legal move") << ")\n";
    return 0;
  }
  out << "family " << engine::to_string(res.family) << ", depth " << res.depth << ", value " << res.value << ", best "
      << core::coordinate(game.position(), *res.best) << ", pv " << pv_text(game, res.pv) << "\n";
  out << "nodes " << res.nodes << ", " << us / 1000 << " ms, " << res.nodes * 1000000 / static_cast<std::uint64_t>(us)
      << " nodes/s\n";
  return 0;
}

}  // namespace tabula::cli
