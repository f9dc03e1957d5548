// tabula-hub-sim: the hub's simulator, for scripts/hub_scale.sh and by hand.
//
//   tabula-hub-sim board --broker ADDR --event E --board B --journal FILE --pgn FILE
//                        [--game N] [--variant ID] [--seed N] [--speed X] [--broker-user U --broker-password-file F]
//                        [--arbiter-key FILE]
//       plays game N of the PGN file as sensor events (session::generate_script)
//       through a journaled session in real time divided by X, publishing to
//       the hub; carries out arbiter actions; stays until everything is
//       acknowledged.
//   tabula-hub-sim hub --broker ADDR --event E --boards N [--seconds S] [--record FILE]
//                      [--broker-user U --broker-password-file F]
//       a headless hub: waits until N boards have finished or signed off (or S seconds),
//       then prints items, duplicates, gaps, move latency percentiles and its
//       own CPU time.
//   tabula-hub-sim action --broker ADDR --event E --board B --arbiter-key FILE
//                         --kind pause|resume|takeback|draw|win --seat N
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "hub/hub_client.h"
#include "hub/sim_board.h"
#include "session/trace_generator.h"
#include "variants/variant_loader.h"

namespace {

using namespace tabula;
using Clock = std::chrono::steady_clock;

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

bool broker_of(const cli::Options& o, hub::BrokerConfig& b, std::string& error) {
  if (!o.values.count("broker")) {
    error = "--broker ADDRESS is required";
    return false;
  }
  if (o.values.count("broker-ca")) b.ca_file = o.values.at("broker-ca");
  error = b.parse(o.values.at("broker"));
  if (!error.empty()) return false;
  if (o.values.count("broker-user")) b.username = o.values.at("broker-user");
  if (o.values.count("broker-password-file")) {
    std::ifstream f(o.values.at("broker-password-file"));
    if (!f || !std::getline(f, b.password)) {
      error = o.values.at("broker-password-file") + ": cannot read the password";
      return false;
    }
  }
  return true;
}

std::vector<session::Input> script_of(const std::string& variant, const std::string& pgn_path, int game,
                                      std::uint64_t seed, std::string& start_fen, std::string& error) {
  std::ifstream f(pgn_path);
  std::stringstream all;
  all << f.rdbuf();
  if (!f) {
    error = pgn_path + ": cannot read";
    return {};
  }
  auto records = core::parse_pgn(all.str());
  if (!records.ok() || records->empty()) {
    error = pgn_path + ": no game record";
    return {};
  }
  auto stages = variants::load_stages(variant, "", error);
  if (stages.empty()) return {};
  auto rules = stages.front();
  const core::PgnRecord& rec = (*records)[static_cast<std::size_t>(game) % records->size()];
  core::SeatPoints points{};
  // A record set up from a position (the FEN tag) starts there.
  const std::string fen = rec.tag("FEN").empty() ? rules->start_fen : rec.tag("FEN");
  start_fen = fen;
  auto start = rules->four_player_notation ? core::parse_fen4(*rules, fen, &points) : core::parse_fen(*rules, fen);
  if (!start.ok()) {
    error = pgn_path + ": " + start.error().message;
    return {};
  }
  auto actions = session::actions_from_record(rules, *start, points, rec);
  if (!actions.ok()) {
    error = pgn_path + ": " + actions.error().message;
    return {};
  }
  session::GeneratorSettings gs;
  gs.seed = seed;
  auto script = session::generate_script(rules, *start, *actions, gs);
  if (!script.ok()) {
    error = script.error().message;
    return {};
  }
  return script->inputs;
}

int board(const cli::Options& o) {
  std::string error;
  hub::SimBoardConfig c;
  if (!broker_of(o, c.broker, error)) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 2;
  }
  for (const char* need : {"event", "board", "journal", "pgn"}) {
    if (!o.values.count(need)) {
      std::cerr << "tabula-hub-sim: board needs --" << need << "\n";
      return 2;
    }
  }
  c.variant = o.values.count("variant") ? o.values.at("variant") : "chess";
  c.event = o.values.at("event");
  c.board = o.values.at("board");
  c.journal_path = o.values.at("journal");
  c.players = {c.board + "-white", c.board + "-black"};
  if (o.values.count("arbiter-key")) {
    c.key = hub::load_key(o.values.at("arbiter-key"), error);
    if (!c.key) {
      std::cerr << "tabula-hub-sim: " << error << "\n";
      return 2;
    }
  }
  long long game = 0;
  long long seed = 1;
  cli::number_option(o, "game", 0, 1000000, game, std::cerr);
  cli::number_option(o, "seed", 0, 1LL << 40, seed, std::cerr);
  const double speed = o.values.count("speed") ? std::max(0.01, std::atof(o.values.at("speed").c_str())) : 1.0;
  std::vector<session::Input> inputs = script_of(c.variant, o.values.at("pgn"), static_cast<int>(game),
                                                 static_cast<std::uint64_t>(seed), c.start_position, error);
  if (inputs.empty()) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  auto b = hub::SimBoard::open(c, error);
  if (!b) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  const Clock::time_point t0 = Clock::now();
  for (const session::Input& in : inputs) {
    const auto due = t0 + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double, std::milli>(session::time_of(in).count() / speed));
    std::this_thread::sleep_until(due);
    if (!b->feed(in, error) || b->apply_actions(session::time_of(in), error) < 0) {
      std::cerr << "tabula-hub-sim: " << error << "\n";
      return 1;
    }
  }
  if (!b->finish(error)) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  const bool flushed = b->publisher().flush(std::chrono::seconds(60));
  hub::PublisherStatus st = b->publisher().status();
  std::printf("board %s: %zu moves, %lld items, %s, cpu %.2f s\n", c.board.c_str(), b->session().moves().size(),
              static_cast<long long>(st.last_seq), flushed ? "all acknowledged"
                      : ("NOT flushed: " + std::to_string(st.unacked) + " unacknowledged, " +
                         (st.connected ? "connected" : "not connected") + ", " + st.last_error)
                            .c_str(),
              cpu_seconds());
  return flushed ? 0 : 1;
}

int hub_main(const cli::Options& o) {
  std::string error;
  hub::HubConfig c;
  if (!broker_of(o, c.broker, error) || !o.values.count("event")) {
    std::cerr << "tabula-hub-sim: " << (error.empty() ? "hub needs --event" : error) << "\n";
    return 2;
  }
  c.event = o.values.at("event");
  if (o.values.count("record")) c.record_path = o.values.at("record");
  if (o.values.count("client-id")) c.client_id = o.values.at("client-id");
  long long boards = 1;
  long long seconds = 600;
  cli::number_option(o, "boards", 1, 10000, boards, std::cerr);
  cli::number_option(o, "seconds", 1, 86400, seconds, std::cerr);
  auto hub = hub::HubClient::start(c, error);
  if (!hub) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  std::printf("hub: waiting for %lld boards to finish or sign off (at most %lld s)\n", boards, seconds);
  std::fflush(stdout);
  const double cpu0 = cpu_seconds();
  const Clock::time_point t0 = Clock::now();
  const bool done = hub->wait_until(
      [&](const hub::HubModel& m) {
        long long over = 0;
        for (const auto& [name, b] : m.boards()) over += (b.state && b.state->over()) || b.online == false ? 1 : 0;
        return over >= boards;
      },
      std::chrono::seconds(seconds));
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = cpu_seconds() - cpu0;
  hub->read([&](const hub::HubModel& m) {
    std::uint64_t items = 0, dups = 0, missing = 0;
    for (const auto& [name, b] : m.boards()) {
      items += b.items;
      dups += b.duplicates;
      missing += b.missing;
    }
    std::vector<std::int64_t> lat = m.move_latencies_ms();
    std::sort(lat.begin(), lat.end());
    auto pct = [&](double p) {
      return lat.empty() ? -1 : lat[std::min(lat.size() - 1, static_cast<std::size_t>(p * static_cast<double>(lat.size())))];
    };
    std::printf("hub: %s after %.1f s: %zu boards, %llu items applied, %llu duplicates dropped, %llu missing\n",
                done ? "all finished" : "TIMED OUT", wall, m.boards().size(), static_cast<unsigned long long>(items),
                static_cast<unsigned long long>(dups), static_cast<unsigned long long>(missing));
    std::printf("hub: move latency (board record -> hub) over %zu moves: p50 %lld ms, p95 %lld ms, p99 %lld ms, max %lld ms\n",
                lat.size(), static_cast<long long>(pct(0.5)), static_cast<long long>(pct(0.95)),
                static_cast<long long>(pct(0.99)), static_cast<long long>(lat.empty() ? -1 : lat.back()));
    std::printf("hub: cpu %.2f s over %.1f s wall (%.1f%% of one core)\n", cpu, wall, 100.0 * cpu / std::max(wall, 0.001));
  });
  return done ? 0 : 1;
}

int action(const cli::Options& o) {
  std::string error;
  hub::HubConfig c;
  if (!broker_of(o, c.broker, error)) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 2;
  }
  for (const char* need : {"event", "board", "arbiter-key", "kind"}) {
    if (!o.values.count(need)) {
      std::cerr << "tabula-hub-sim: action needs --" << need << "\n";
      return 2;
    }
  }
  c.event = o.values.at("event");
  c.client_id = "tabula-hub-action-" + c.event;
  c.key = hub::load_key(o.values.at("arbiter-key"), error);
  if (!c.key) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 2;
  }
  hub::wire::Action a;
  a.set_board(o.values.at("board"));
  const std::string kind = o.values.at("kind");
  long long seat = -1;
  cli::number_option(o, "seat", -1, 3, seat, std::cerr);
  a.set_winner(static_cast<int>(seat));
  a.set_count(1);
  a.set_kind(kind == "pause"      ? hub::wire::ACTION_KIND_PAUSE
             : kind == "resume"   ? hub::wire::ACTION_KIND_RESUME
             : kind == "takeback" ? hub::wire::ACTION_KIND_TAKEBACK
                                  : hub::wire::ACTION_KIND_ADJUDICATE);
  a.set_draw(kind == "draw");
  auto hub = hub::HubClient::start(c, error);
  if (!hub || !hub->send(a, error)) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  // Sent once the client is connected and has handed it over.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  std::printf("sent %s to %s\n", hub::describe(a).c_str(), a.board().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << "usage: tabula-hub-sim board|hub|action --broker ADDRESS ... (see the source's header)\n";
    return 2;
  }
  const std::string cmd = args[0];
  auto o = cli::parse_options(args, 1,
                              {"broker", "broker-ca", "broker-user", "broker-password-file", "event", "board", "journal", "pgn",
                               "game", "variant", "seed", "speed", "arbiter-key", "boards", "seconds", "record",
                               "kind", "seat", "client-id"},
                              {}, cmd, std::cerr);
  if (!o) return 2;
  if (cmd == "board") return board(*o);
  if (cmd == "hub") return hub_main(*o);
  if (cmd == "action") return action(*o);
  std::cerr << "tabula-hub-sim: board, hub or action, not \"" << cmd << "\"\n";
  return 2;
}
