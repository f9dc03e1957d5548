// tabula-hub-sim: the hub's simulator, for scripts/hub_scale.sh and by hand.
//
//   tabula-hub-sim board --broker ADDR --event E --board B --journal FILE --pgn FILE
//                        [--game N] [--variant ID] [--seed N] [--speed X] [--broker-user U --broker-password-file F]
//                        [--arbiter-key FILE] [--wait-hubs N] [--flush-seconds S]
//                        [--players A,B,...] [--bots SEAT=LEVEL,...]
//       plays game N of the PGN file as sensor events (session::generate_script)
//       through a journaled session in real time divided by X, publishing to
//       the hub; carries out arbiter actions; stays until the broker and every
//       live hub (at least N of them) have every item. An existing journal is
//       resumed: the script carries on after what it holds (a board killed
//       and started again). Prints one line of key=value: moves, seq (items
//       numbered), digest (of its outbox, codec.h), flushed, slowest_ms (the
//       slowest input at the table, journal and outbox included), resends, cpu.
//       --players names the seats in turn order (default "<board>-white,
//       <board>-black"; at most the variant's seats, no name twice, as the
//       kiosk's: s19); --bots marks seats as a bot's in the journal's header,
//       as the kiosk's --bots does ("Dark Brown=2"): the record is still
//       played by the script, the hub shows the seat as the bot's (s18-club).
//   tabula-hub-sim hub --broker ADDR --event E --boards N [--seconds S] [--record FILE] [--client-id ID]
//                      [--broker-user U --broker-password-file F]
//       a headless hub: runs until SIGTERM or S seconds, and prints when N
//       boards were complete (every item their states name applied) and since
//       when; SIGUSR1 marks the end of a fault (the hub then notes when the
//       last item recorded before it arrived: converge_ms),
//       then one "hubboard" line per board (seq, items, digest, duplicates
//       dropped, requests, missing), move latency percentiles and its CPU time.
//   tabula-hub-sim proxy --to PORT [--listen-port P]
//       a loopback TCP proxy to PORT (tools/tcp_proxy.h): SIGUSR1 cuts every
//       connection and refuses new ones, SIGUSR2 restores, SIGTERM ends.
//   tabula-hub-sim action --broker ADDR --event E --board B --arbiter-key FILE
//                         --kind pause|resume|takeback|draw|win --seat N
#include <signal.h>
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
#include "core/player_name.h"
#include "hub/hub_client.h"
#include "hub/sim_board.h"
#include "hub/tournament.h"
#include "hub/tools/tcp_proxy.h"
#include "session/bot_seats.h"
#include "session/trace_generator.h"
#include "variants/variant_loader.h"
#include "version/version.h"

namespace {

using namespace tabula;
using Clock = std::chrono::steady_clock;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Blocks SIGTERM/SIGINT (and the proxy's SIGUSR1/2) in every thread, so the
// main thread takes them with sigtimedwait(); call before starting threads.
sigset_t block_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGTERM, SIGINT, SIGUSR1, SIGUSR2}) sigaddset(&set, sig);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

// The next blocked signal within `timeout`, or 0.
int next_signal(const sigset_t& set, std::chrono::milliseconds timeout) {
  timespec ts{static_cast<time_t>(timeout.count() / 1000), static_cast<long>((timeout.count() % 1000) * 1000000)};
  int sig = sigtimedwait(&set, nullptr, &ts);
  return sig > 0 ? sig : 0;
}

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
  auto stages = variants::load_stages(c.variant, "", error);
  if (stages.empty()) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 2;
  }
  if (o.values.count("players")) {
    c.players.clear();
    std::stringstream names(o.values.at("players"));
    for (std::string n; std::getline(names, n, ',');) c.players.push_back(n);
    // Session 19, the attacker's round: more names than seats went into the
    // journal's header (read by no one past the seats) and one name on two
    // seats was recorded and rated at the hub as a game against oneself;
    // refused as the kiosk's --players refuses them.
    const std::size_t seats = stages.front()->seats.size();
    if (c.players.size() > seats) {
      std::cerr << "tabula-hub-sim: --players names " << c.players.size() << " players; " << c.variant << " has "
                << seats << " seats\n";
      return 2;
    }
    for (std::size_t i = 0; i < c.players.size(); ++i) {
      for (std::size_t k = 0; k < i; ++k) {
        if (!c.players[i].empty() && c.players[i] == c.players[k]) {
          std::cerr << "tabula-hub-sim: --players: two players are named \"" << core::shown_text(c.players[i]) << "\"\n";
          return 2;
        }
      }
    }
  }
  if (o.values.count("bots")) {
    // Refused here, naming the text, as the kiosk refuses it: a header the
    // hub cannot read would mark no seat and say nothing.
    auto bots = session::parse_bot_seats(o.values.at("bots"), *stages.front());
    if (!bots.ok()) {
      std::cerr << "tabula-hub-sim: --bots " << o.values.at("bots") << ": " << bots.error().message << "\n";
      return 2;
    }
    c.bots = o.values.at("bots");
  }
  if (o.values.count("arbiter-key")) {
    c.key = hub::load_key(o.values.at("arbiter-key"), error);
    if (!c.key) {
      std::cerr << "tabula-hub-sim: " << error << "\n";
      return 2;
    }
  }
  long long game = 0;
  long long seed = 1;
  if (!cli::number_option(o, "game", 0, 1000000, game, std::cerr) ||
      !cli::number_option(o, "seed", 0, 1LL << 40, seed, std::cerr)) {
    return 2;
  }
  const double speed = o.values.count("speed") ? std::max(0.01, std::atof(o.values.at("speed").c_str())) : 1.0;
  std::vector<session::Input> inputs = script_of(c.variant, o.values.at("pgn"), static_cast<int>(game),
                                                 static_cast<std::uint64_t>(seed), c.start_position, error);
  if (inputs.empty()) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  long long wait_hubs = 0;
  long long flush_seconds = 60;
  if (!cli::number_option(o, "wait-hubs", 0, 16, wait_hubs, std::cerr) ||
      !cli::number_option(o, "flush-seconds", 1, 86400, flush_seconds, std::cerr)) {
    return 2;
  }
  auto b = hub::SimBoard::open(c, error);
  if (!b) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  // A resumed journal: carry on after the inputs it holds, on the same time line.
  const bool resuming = b->resumed_inputs() > 0;
  const session::Millis resumed = b->resumed_time();
  std::size_t skip_at = b->resumed_at_time();
  const Clock::time_point t0 =
      Clock::now() - std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double, std::milli>(resuming ? resumed.count() / speed : 0.0));
  Clock::duration slowest{0};
  for (const session::Input& in : inputs) {
    const session::Millis t = session::time_of(in);
    if (resuming && t < resumed) continue;
    if (resuming && t == resumed && skip_at > 0) {
      --skip_at;
      continue;
    }
    const auto due = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(t.count() / speed));
    std::this_thread::sleep_until(due);
    const Clock::time_point before = Clock::now();
    if (!b->feed(in, error) || b->apply_actions(t, error) < 0) {
      std::cerr << "tabula-hub-sim: " << error << "\n";
      return 1;
    }
    slowest = std::max(slowest, Clock::now() - before);
  }
  if (!b->finish(error)) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  const bool flushed = b->publisher().flush(std::chrono::seconds(flush_seconds), static_cast<std::size_t>(wait_hubs));
  hub::PublisherStatus st = b->publisher().status();
  std::uint64_t digest = 0;
  std::int64_t count = 0;
  if (!b->outbox_digest(digest, count, error)) std::cerr << "tabula-hub-sim: " << error << "\n";
  std::printf("board %s: moves=%zu seq=%lld digest=%016llx flushed=%d slowest_ms=%lld resends=%llu resumed=%zu cpu=%.2f\n",
              c.board.c_str(), b->session().moves().size(), static_cast<long long>(count),
              static_cast<unsigned long long>(digest), flushed ? 1 : 0,
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(slowest).count()),
              static_cast<unsigned long long>(st.resends), b->resumed_inputs(), cpu_seconds());
  if (!flushed) std::printf("board %s: NOT flushed: %s\n", c.board.c_str(), hub::describe(st).c_str());
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
  if (!cli::number_option(o, "boards", 1, 10000, boards, std::cerr) ||
      !cli::number_option(o, "seconds", 1, 86400, seconds, std::cerr)) {
    return 2;
  }
  const sigset_t signals = block_signals();
  auto hub = hub::HubClient::start(c, error);
  if (!hub) {
    std::cerr << "tabula-hub-sim: " << error << "\n";
    return 1;
  }
  std::printf("hub: %s, waiting for %lld %s to finish (at most %lld s, or until SIGTERM)\n", hub->hub_id().c_str(),
              boards, boards == 1 ? "board" : "boards", seconds);
  std::fflush(stdout);
  const double cpu0 = cpu_seconds();
  const Clock::time_point t0 = Clock::now();
  // Complete: `boards` boards, each with every item its state names.
  auto complete = [&](const hub::HubModel& m) {
    long long n = 0;
    for (const auto& [name, b] : m.boards()) n += b.caught_up() ? 1 : 0;
    return n >= boards;
  };
  std::int64_t fault_end = 0;
  std::int64_t complete_since = 0;  // the hub's clock when the view last became complete
  std::int64_t first_complete = 0;
  for (;;) {
    const bool done = hub->wait_until(complete, std::chrono::milliseconds(200));
    if (done && complete_since == 0) complete_since = wall_ms();
    if (done && first_complete == 0) first_complete = complete_since;
    if (!done) complete_since = 0;
    const int sig = next_signal(signals, std::chrono::milliseconds(1));
    if (sig == SIGUSR1) {
      fault_end = wall_ms();
      hub->probe_backlog(fault_end);
      continue;
    }
    if (sig != 0) break;
    if (Clock::now() - t0 > std::chrono::seconds(seconds)) break;
  }
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = cpu_seconds() - cpu0;
  const hub::HubStatus hs = hub->status();
  // The games in the tournament record (-1 without --record).
  long long recorded = -1;
  hub->with_record([&](hub::TournamentRecord* r) {
    std::vector<hub::RecordedGame> games;
    if (r != nullptr && r->games(c.event, games).ok()) recorded = static_cast<long long>(games.size());
  });
  std::printf("hub: recorded=%lld\n", recorded);
  hub->read([&](const hub::HubModel& m) {
    std::uint64_t items = 0, dups = 0, missing = 0, requests = 0;
    std::int64_t last_record = 0;
    for (const auto& [name, b] : m.boards()) {
      items += b.items;
      dups += b.duplicates;
      missing += b.missing;
      requests += b.requests;
      if (!b.recent.empty()) last_record = std::max(last_record, b.recent.back().wall_ms());
      std::printf("hubboard %s seq=%llu items=%llu digest=%016llx dups=%llu requests=%llu missing=%llu early_dropped=%llu over=%d caught_up=%d state_seq=%llu state_moves=%d\n",
                  name.c_str(), static_cast<unsigned long long>(b.applied_seq), static_cast<unsigned long long>(b.items),
                  static_cast<unsigned long long>(b.digest), static_cast<unsigned long long>(b.duplicates),
                  static_cast<unsigned long long>(b.requests), static_cast<unsigned long long>(b.missing),
                  static_cast<unsigned long long>(b.early_dropped), b.state && b.state->over() ? 1 : 0,
                  b.caught_up() ? 1 : 0, static_cast<unsigned long long>(b.state ? b.state->through_seq() : 0),
                  b.state ? b.state->moves() : -1);
    }
    std::vector<std::int64_t> lat = m.move_latencies_ms();
    std::sort(lat.begin(), lat.end());
    auto pct = [&](double p) {
      return lat.empty() ? -1 : lat[std::min(lat.size() - 1, static_cast<std::size_t>(p * static_cast<double>(lat.size())))];
    };
    const std::int64_t converge = fault_end == 0 ? -1 : std::max<std::int64_t>(0, m.backlog_done_ms() - fault_end);
    std::printf("hub: complete=%d converge_ms=%lld first_complete_ms=%lld complete_since_ms=%lld last_record_ms=%lld boards=%zu items=%llu "
                "dups_dropped=%llu missing=%llu requests=%llu acks_sent=%llu\n",
                complete_since != 0 ? 1 : 0, static_cast<long long>(converge), static_cast<long long>(first_complete),
                static_cast<long long>(complete_since), static_cast<long long>(last_record), m.boards().size(),
                static_cast<unsigned long long>(items), static_cast<unsigned long long>(dups),
                static_cast<unsigned long long>(missing), static_cast<unsigned long long>(requests),
                static_cast<unsigned long long>(hs.acks_sent));
    std::printf("hub: move latency (board record -> hub) over %zu %s: p50 %lld ms, p95 %lld ms, p99 %lld ms, max %lld ms\n",
                lat.size(), lat.size() == 1 ? "move" : "moves", static_cast<long long>(pct(0.5)), static_cast<long long>(pct(0.95)),
                static_cast<long long>(pct(0.99)), static_cast<long long>(lat.empty() ? -1 : lat.back()));
    std::printf("hub: cpu %.2f s over %.1f s wall (%.1f%% of one core)\n", cpu, wall, 100.0 * cpu / std::max(wall, 0.001));
  });
  return complete_since != 0 ? 0 : 1;
}

int proxy(const cli::Options& o) {
  long long to = 0;
  long long listen = 0;
  if (!o.values.count("to")) {
    std::cerr << "tabula-hub-sim: proxy needs --to PORT\n";
    return 2;
  }
  if (!cli::number_option(o, "to", 1, 65535, to, std::cerr) || !cli::number_option(o, "listen-port", 0, 65535, listen, std::cerr)) return 2;
  const sigset_t signals = block_signals();
  hub::TcpProxy p(static_cast<int>(to), static_cast<int>(listen));
  if (!p.listening()) {
    std::cerr << "tabula-hub-sim: proxy cannot listen on 127.0.0.1:" << listen << "\n";
    return 1;
  }
  std::printf("proxy: 127.0.0.1:%d -> 127.0.0.1:%lld\n", p.port(), to);
  std::fflush(stdout);
  for (;;) {
    const int sig = next_signal(signals, std::chrono::milliseconds(1000));
    if (sig == SIGUSR1) p.cut();
    if (sig == SIGUSR2) p.restore();
    if (sig == SIGTERM || sig == SIGINT) return 0;
  }
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
  if (!cli::number_option(o, "seat", -1, 3, seat, std::cerr)) return 2;
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
    std::cerr << "usage: tabula-hub-sim board|hub|proxy|action ... (see the source's header)\n";
    return 2;
  }
  const std::string cmd = args[0];
  if (args.size() == 1 && cmd == "--version") {
    std::cout << "tabula-hub-sim " << tabula::build_version() << "\n";
    return 0;
  }
  auto o = cli::parse_options(args, 1,
                              {"broker", "broker-ca", "broker-user", "broker-password-file", "event", "board", "journal", "pgn",
                               "game", "variant", "seed", "speed", "arbiter-key", "boards", "seconds", "record",
                               "kind", "seat", "client-id", "wait-hubs", "flush-seconds", "to", "listen-port", "players", "bots"},
                              {}, cmd, std::cerr);
  if (!o) return 2;
  if (cmd == "board") return board(*o);
  if (cmd == "hub") return hub_main(*o);
  if (cmd == "action") return action(*o);
  if (cmd == "proxy") return proxy(*o);
  std::cerr << "tabula-hub-sim: board, hub, proxy or action, not \"" << cmd << "\"\n";
  return 2;
}
