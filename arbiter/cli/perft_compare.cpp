#include "cli/perft_compare.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <vector>

#include "cli/options.h"

namespace tabula::cli {
namespace {

struct LayerRuns {
  const char* name;
  const std::function<std::uint64_t()>* run;
  std::uint64_t nodes = 0;
  std::vector<double> ms;
};

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string fixed3(double v) {
  char text[48];
  std::snprintf(text, sizeof text, "%.3f", v);
  return text;
}

// position / game, or "-" when the game's time is too small to divide by.
std::string ratio_text(double position_ms, double game_ms) {
  return game_ms > 0 ? fixed3(position_ms / game_ms) : "-";
}

void print_layer(const LayerRuns& l, std::ostream& out) {
  out << l.name << " nodes " << l.nodes << " ms min " << fixed3(*std::min_element(l.ms.begin(), l.ms.end()))
      << " median " << fixed3(median_of(l.ms)) << " max " << fixed3(*std::max_element(l.ms.begin(), l.ms.end()))
      << " runs";
  for (double v : l.ms) out << ' ' << fixed3(v);
  out << '\n';
}

}  // namespace

CompareClocks system_compare_clocks() {
  CompareClocks c;
  c.cpu_ms = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
  };
  c.wall_ms = [] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
  };
  c.load = [] {
    std::ifstream in("/proc/loadavg");
    std::string a, b, d;
    if (!(in >> a >> b >> d)) return std::string("unknown");
    return a + " " + b + " " + d;
  };
  return c;
}

int perft_compare(const std::string& title, int rounds, const std::function<std::uint64_t()>& game,
                  const std::function<std::uint64_t()>& position, const CompareClocks& clocks,
                  std::ostream& out, std::ostream& err) {
  const std::string load_start = clocks.load();
  LayerRuns layers[2] = {{"game", &game, 0, {}}, {"position", &position, 0, {}}};
  double cpu_total = 0;
  const double wall_start = clocks.wall_ms();
  for (int round = 0; round < rounds; ++round) {
    // G P, P G, G P, ...: the order turned every round.
    for (int k = 0; k < 2; ++k) {
      LayerRuns& l = layers[round % 2 == 0 ? k : 1 - k];
      const double t0 = clocks.cpu_ms();
      const std::uint64_t nodes = (*l.run)();
      const double t1 = clocks.cpu_ms();
      if (round == 0) {
        l.nodes = nodes;
      } else if (nodes != l.nodes) {
        err << "tabula: perft --compare: round " << round + 1 << " of the " << l.name << " layer counted "
            << nodes << " nodes, its first round " << l.nodes << ": the perft is not deterministic\n";
        return 1;
      }
      l.ms.push_back(t1 - t0);
      cpu_total += t1 - t0;
    }
  }
  const double wall = clocks.wall_ms() - wall_start;
  out << "# perft --compare: " << title << ", " << counted(rounds, "round", "rounds")
      << " a layer (order G P, P G, ...), CPU time of the thread, the Game built before the runs\n";
  out << "load-start " << load_start << "\n";
  for (const LayerRuns& l : layers) print_layer(l, out);
  const std::vector<double>& g = layers[0].ms;
  const std::vector<double>& p = layers[1].ms;
  out << "ratio position/game min "
      << ratio_text(*std::min_element(p.begin(), p.end()), *std::min_element(g.begin(), g.end())) << " median "
      << ratio_text(median_of(p), median_of(g)) << "\n";
  out << "cpu-share " << (wall > 0 ? fixed3(cpu_total / wall) : std::string("-")) << "\n";
  out << "load-end " << clocks.load() << "\n";
  return 0;
}

}  // namespace tabula::cli
