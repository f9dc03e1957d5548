// bench.cpp — `tabula bench` (bench.h): a fixed signature and nodes/s.
#include "cli/bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <set>

#include "cli/options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/perft.h"
#include "variants/variant_loader.h"

namespace tabula::cli {

const char* const kBenchUsage = R"(  bench [--depth-cut N]             perft of a fixed set of positions of every variant:
                                    the signature (total nodes) and nodes/s (docs/BENCH.md)
)";

namespace {

// One bench position: a variant, a named start array ("" = its default) or
// a FEN / FEN4 ("" = that start), and the depth. The middle-game positions
// were reached by seeded random play; the chess ones are the Chess
// Programming Wiki's perft positions 2 to 5. Changing this table changes the
// signature: say so in docs/BENCH.md.
struct BenchCase {
  const char* variant;
  const char* start;
  int depth;
  const char* fen;
};

const BenchCase kCases[] = {
    {"chess", "", 5, ""},
    {"chess", "", 4, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "", 5, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"chess", "", 4, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"chess", "", 4, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"chess", "", 4, "2kr1bq1/Rb3p2/4pnpr/2npP3/2P4N/1NPP3P/5PPR/4KB2 w - - 0 21"},
    {"bipartite", "", 5, ""},
    {"bipartite", "", 5, "2*1m/2M1m/m2mm/5/mM1mm/MM2M/1Mm1M/2M2/2*M1 b - - 40 21"},
    {"bipartite-stage2", "black-diagonal", 5, ""},
    {"bipartite-stage2", "black-orthogonal", 5, ""},
    {"bipartite-stage2", "", 4, "1b1k1/3ms/dmmc1/4s/*1M1*/3M1/1M2K/RS2S/1G2D b - - 6 21"},
    {"chess-four", "", 4, ""},
    {"chess-four", "", 4,
     "W-0,0,0,0-0,0,1,1-0,1,1,1-0,0,0,0-2-2,bR,1,bB,bQ,bK,bB,4/4,bP,bP,bP,5/nR,bP,nP,6"
     ",bR,yP,yR/nN,nP,1,bP,3,bP,bP,yP,1,yN/1,nP,5,yQ,4/nQ,nB,1,nP,1,bN,1,yP,3,yK/nK,1,"
     "nP,7,yP,1/3,nP,5,wP,yP,1/nN,nB,1,nP,wP,1,wP,2,yP,1,yN/nR,nP,wP,2,wB,2,wP,yB,yP,y"
     "R/2,wR,wP,wK,wP,wN,wP,4/3,wN,wB,1,wQ,2,wR,2"},
    {"chesscom-ffa", "4PC", 4, ""},
    {"chesscom-ffa", "4PCo", 4, ""},
    {"chesscom-ffa", "", 3,
     "R-0,0,0,0-0,0,1,1-0,1,1,0-0,0,0,0-3-3,yR,yN,1,yK,1,yB,yN,yR,3/3,yP,yP,yP,1,yP,yP"
     ",yP,4/6,yP,yB,2,yP,3/bR,1,bP,9,gP,gR/bN,bP,4,bB,3,gP,2,gN/bB,1,rQ,7,gP,3/bQ,bP,8"
     ",gP,1,gB,gK/bK,bP,10,gP,1/1,bP,10,gP,gB/bN,1,bR,1,bP,yQ,6,gP,1/2,bP,8,gN,gP,gR/5"
     ",rP,rP,7/3,rP,rP,1,rN,rB,2,rP,3/3,rR,1,rB,rK,2,rN,rR,3"},
    {"chesscom-teams", "4PC", 4, ""},
    {"chesscom-teams", "4PCo", 4, ""},
    {"chesscom-teams", "", 3,
     "R-0,0,0,0-1,0,0,1-1,1,0,1-0,0,0,0-2-3,yR,1,yK,2,yB,yN,yR,3/3,yP,1,yP,1,yP,yP,yP,"
     "yP,3/4,bP,1,yP,7/bR,4,yQ,6,gP,gR/bN,bP,2,bB,7,gP,1/bB,bP,8,gN,gP,2/bQ,bP,8,gP,yB"
     ",1,gK/bK,2,bP,8,gP,gQ/3,bP,6,gP,2,gB/bN,bR,2,bP,4,gN,2,gP,gB/2,bP,1,rP,2,rP,1,rQ"
     ",gP,2,gR/5,rP,rP,7/3,rP,2,rN,rB,rP,rP,rP,3/3,rR,1,rB,1,rK,1,rN,rR,3"},
    {"four-kingdoms", "", 4, ""},
    {"four-kingdoms", "", 4,
     "R-0,0,0,0-0,0,1,0-1,0,1,0-0,0,0,0-1-3,yR,2,yK,yQ,yB,1,yR,3/3,yP,3,yN,yP,yP,4/3,y"
     "N,10/gR,2,gP,yP,1,yP,3,yP,1,bP,bR/1,gP,10,bP,1/gB,2,gP,7,bN,bP,bB/gQ,gP,8,bP,3/1"
     ",gP,10,bK,1/gR,gP,8,bP,2,bB/gK,2,gP,4,bN,3,bP,1/1,gP,gN,2,rP,1,rP,4,bP,bR/3,rN,r"
     "P,1,rP,1,rN,1,rR,3/3,rP,4,rP,rP,4/3,rR,1,rB,rQ,rK,rB,5"},
    {"allies-vassals", "", 4, ""},
    {"allies-vassals", "", 4,
     "W-0,0,0,0-1,0,1,0-1,0,1,0-0,0,0,0-2-3,rR,rN,1,rK,1,rB,rN,rR,3/3,rP,1,rP,4,rP,3/6"
     ",rP,rP,6/2,bR,bP,rP,3,rP,rP,2,uP,uR/bN,bP,7,uN,1,uP,2/bB,bP,10,uP,uB/bQ,bK,bP,7,"
     "uP,1,uK,1/1,bP,8,uP,1,rB,uQ/4,bP,7,uP,1/bN,2,bP,wP,9/bR,bP,1,wP,2,wP,1,wQ,1,wP,u"
     "P,uP,uR/7,wB,wP,uN,4/4,bB,wP,1,wP,1,wP,4/3,wR,wN,2,wK,wB,wN,wR,3"},
    {"corners-short", "", 4, ""},
    {"corners-short", "", 3,
     "W-0,0,0,0-0,1,1,1-1,0,1,1-0,0,0,0-2-2,bR,bN,1,bK,1,bB,1,bR,2/2,gP,bP,bP,bB,bP,bP"
     ",bP,bP,2/5,gR,2,pP,2,pR/gN,gP,2,gB,5,pP,pN/gB,gP,7,pP,1,pB/gQ,gP,6,bN,pP,1,pK/gK"
     ",2,gP,4,pP,2,pQ/1,gP,8,bQ,1/gN,2,gP,1,wP,3,pP,pP,1/gR,pB,wN,wP,3,wP,1,wN,1,pR/2,"
     "gP,1,wP,1,wP,1,wP,3/2,wR,1,wB,wQ,wK,wB,wR,3"},
    {"corners-long", "", 4, ""},
    {"corners-long", "", 4,
     "W-0,0,0,0-0,0,1,0-1,0,1,1-0,0,0,0-1-2,bR,1,bB,bK,bQ,bB,bN,bR,2/6,bP,1,bP,3/gR,gP"
     ",bP,5,pR,3/1,gP,3,bP,bN,bP,pP,2,pN/gB,gP,2,bP,4,pP,1,pB/1,gP,8,pP,pK/gQ,gP,6,pP,"
     "1,pB,pQ/gK,2,wP,1,wN,3,pP,2/3,gP,3,wP,1,wP,1,pN/gR,1,gN,wP,4,wP,pP,pP,pR/5,wP,wP"
     ",5/2,wR,1,wB,wQ,wK,wB,wN,3"},
    {"corners-mini", "", 5, ""},
    {"corners-mini", "", 4,
     "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bB,bK,1,bB,2/2,bP,1,bQ,bP,2/gB,gP,4,pP,1/g"
     "Q,gP,1,bP,pP,2,pK/gK,3,gP,1,pP,1/gB,2,wB,pB,wP,pP,pB/2,wP,wP,4/2,wB,wQ,wK,3"},
};

}  // namespace

int cmd_bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, "bench", {"depth-cut"}, err);
  if (!o) return 2;
  if (!o->positional.empty()) {
    err << "tabula: unexpected argument \"" << o->positional[0] << "\"\n";
    return 2;
  }
  long long cut = 0;
  if (!number_option(*o, "depth-cut", 0, 10, cut, err)) return 2;

  // Every shipped variant must have a position here: the signature covers them all.
  std::set<std::string> benched;
  for (const BenchCase& c : kCases) benched.insert(c.variant);
  for (const std::string& id : variants::list_ids()) {
    if (!benched.count(id)) {
      err << "tabula: bench has no position of variant \"" << id << "\" (add one to arbiter/cli/bench.cpp)\n";
      return 1;
    }
  }

  std::uint64_t total = 0;
  double cpu_s = 0;
  double wall_s = 0;
  for (const BenchCase& c : kCases) {
    variants::LoadResult loaded = variants::load_id(c.variant, c.start);
    if (!loaded.ok()) {
      err << "tabula: bench: " << loaded.error_text();
      return 1;
    }
    const core::RuleSet& rules = *loaded.rules;
    std::string text = *c.fen ? c.fen : rules.start_fen;
    auto pos = rules.four_player_notation ? core::parse_fen4(rules, text) : core::parse_fen(rules, text);
    if (!pos.ok()) {
      err << "tabula: bench: " << c.variant << ": bad position: " << pos.error().message << "\n";
      return 1;
    }
    int depth = std::max(1, c.depth - static_cast<int>(cut));
    std::clock_t cpu0 = std::clock();
    auto wall0 = std::chrono::steady_clock::now();
    std::uint64_t nodes = core::perft(*pos, depth);
    double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    total += nodes;
    cpu_s += cpu;
    wall_s += wall;
    std::string where = *c.fen ? "position " + text.substr(0, 24) + "..." : std::string("start ") + (*c.start ? c.start : "");
    char line[200];
    std::snprintf(line, sizeof line, "%-17s %-36s d%d %12llu %8.3f s\n", c.variant, where.c_str(), depth,
                  static_cast<unsigned long long>(nodes), cpu);
    out << line;
  }
  out << "signature " << total << "\n";
  char line[160];
  std::snprintf(line, sizeof line, "nodes/s %.0f (cpu %.2f s, wall %.2f s)\n",
                cpu_s > 0 ? static_cast<double>(total) / cpu_s : 0.0, cpu_s, wall_s);
  out << line;
  return 0;
}

}  // namespace tabula::cli
