// tabula-hub-web: the event in a browser (issue 34, docs/HUB.md "The event
// in a browser").
//
//   tabula-hub-web --broker ADDR --event E [--bind ADDR] [--port N] [--www DIR]
//                  [--delay SECONDS] [--round N] [--max-streams N]
//                  [--broker-user U --broker-password-file F] [--broker-ca F]
//                  [--arbiter-key FILE --arbiter-token-file FILE]
//                  [--tls-cert F --tls-key F]
//                  [--push URL --push-token-file F [--push-pgn4]]
//                  [--client-id ID] [--seconds S] [--board-keys FILE]
//                  [--event-file FILE]   (the event's standings on the page, issue 35)
//                  [--record FILE]  (the hall screen's tournament record, read only: an
//                                    offline board's kept rulings and alerts, session 29)
//                  [--stream-pace-ms MS] [--send-buffer BYTES]  (many spectators: web_service.h)
//                  [--max-per-address N]  (connections per client address; 0: no limit)
//                  [--max-streams-per-address N]  (event streams per client address; 0: no limit)
//                  [--host-names NAME,...]  (the names the hall uses; others 421: DNS rebinding)
//
// A hub of its own on the broker (client id tabula-web-<event>): it follows
// every board as the hub screen does, acknowledges them (so a broker that
// loses its queues costs it nothing) and serves the page, the feeds and the
// arbiter's actions. Runs until SIGTERM/SIGINT (or S seconds).
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/options.h"
#include "files/plain_file.h"
#include "hub/hub_client.h"
#include "hub/web/guarded_server.h"
#include "hub/web/kept_record.h"
#include "hub/web/standings_json.h"
#include "hub/web/web_service.h"
#include "version/version.h"

namespace {

using namespace tabula;

#ifndef TABULA_SOURCE_WWW_DIR
#define TABULA_SOURCE_WWW_DIR ""
#endif
#ifndef TABULA_INSTALLED_WWW_DIR
#define TABULA_INSTALLED_WWW_DIR "/usr/share/tabula/www"
#endif

// The first line of a secret's file, through the one reader of a file a
// person names (s16: a FIFO waited for ever, /dev/zero was read until
// memory ran out).
std::string first_line(const std::string& path, const char* what, std::string& error) {
  std::string line;
  if (const std::string why = files::read_first_line(path, std::string("the file of ") + what, line); !why.empty())
    error = path + ": cannot read " + what + " (" + why + ")";
  return line;
}

bool is_dir(const std::string& p) {
  std::ifstream f(p + "/index.html");
  return static_cast<bool>(f);
}

int usage() {
  std::cerr << "usage: tabula-hub-web --broker ADDR --event E [--bind ADDR] [--port N] [--www DIR] [--delay SECONDS]\n"
               "                      [--round N] [--max-streams N] [--broker-user U --broker-password-file F]\n"
               "                      [--broker-ca F] [--arbiter-key FILE --arbiter-token-file FILE]\n"
               "                      [--tls-cert F --tls-key F] [--push URL --push-token-file F [--push-pgn4]]\n"
               "                      [--client-id ID] [--seconds S] [--board-keys FILE]\n"
               "                      [--event-file FILE] [--record FILE] [--stream-pace-ms MS] [--send-buffer BYTES]\n"
               "                      [--max-per-address N] [--max-streams-per-address N]\n"
               "                      [--host-names NAME,...]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) return usage(), 0;
  if (args.size() == 1 && args[0] == "--version") {
    std::cout << "tabula-hub-web " << tabula::build_version() << "\n";
    return 0;
  }
  auto o = cli::parse_options(args, 0,
                              {"broker", "broker-ca", "broker-user", "broker-password-file", "event", "bind", "port",
                               "www", "delay", "round", "max-streams", "arbiter-key", "arbiter-token-file", "tls-cert",
                               "tls-key", "push", "push-token-file", "client-id", "seconds", "board-keys", "event-file",
                               "stream-pace-ms", "send-buffer", "max-per-address", "max-streams-per-address",
                               "host-names", "record"},
                              {"push-pgn4"}, "tabula-hub-web", std::cerr);
  if (!o) return usage();
  std::string error;
  hub::HubConfig hc;
  if (!o->values.count("broker") || !o->values.count("event")) {
    std::cerr << "tabula-hub-web: --broker ADDRESS and --event NAME are required\n";
    return usage();
  }
  if (o->values.count("broker-ca")) hc.broker.ca_file = o->values.at("broker-ca");
  if (error = hc.broker.parse(o->values.at("broker")); !error.empty()) {
    std::cerr << "tabula-hub-web: --broker: " << error << "\n";
    return 2;
  }
  if (o->values.count("broker-user")) hc.broker.username = o->values.at("broker-user");
  if (o->values.count("broker-password-file")) {
    hc.broker.password = first_line(o->values.at("broker-password-file"), "the broker password", error);
    if (!error.empty()) return std::cerr << "tabula-hub-web: " << error << "\n", 2;
  }
  hc.event = o->values.at("event");
  hc.client_id = o->values.count("client-id") ? o->values.at("client-id") : "tabula-web-" + hc.event;
  hc.acknowledge = true;
  hc.rated = false;

  hub::web::WebOptions wo;
  if (o->values.count("bind")) wo.bind = o->values.at("bind");
  long long port = 8080, delay = 0, round = 1, streams = 1000, seconds = 0;
  long long pace = wo.stream_pace_ms, send_buffer = wo.send_buffer;
  long long per_address = static_cast<long long>(wo.max_per_address);
  long long streams_per_address = static_cast<long long>(wo.max_streams_per_address);
  if (!cli::number_option(*o, "port", 0, 65535, port, std::cerr) ||
      !cli::number_option(*o, "delay", 0, hub::web::kMaxDelayMs / 1000, delay, std::cerr) ||
      !cli::number_option(*o, "round", 1, 9999, round, std::cerr) ||
      !cli::number_option(*o, "max-streams", 1, 20000, streams, std::cerr) ||
      !cli::number_option(*o, "seconds", 0, 1000000000, seconds, std::cerr) ||
      !cli::number_option(*o, "stream-pace-ms", 0, 10000, pace, std::cerr) ||
      !cli::number_option(*o, "send-buffer", 0, 64 * 1024 * 1024, send_buffer, std::cerr) ||
      !cli::number_option(*o, "max-per-address", 0, 20000, per_address, std::cerr) ||
      !cli::number_option(*o, "max-streams-per-address", 0, 20000, streams_per_address, std::cerr)) {
    return 2;
  }
  wo.port = static_cast<int>(port);
  wo.feed.delay_ms = delay * 1000;
  wo.feed.default_round = static_cast<int>(round);
  wo.max_streams = static_cast<std::size_t>(streams);
  wo.stream_pace_ms = static_cast<int>(pace);
  wo.send_buffer = static_cast<int>(send_buffer);
  wo.max_per_address = static_cast<std::size_t>(per_address);
  wo.max_streams_per_address = static_cast<std::size_t>(streams_per_address);
  if (o->values.count("host-names")) {
    const std::string& list = o->values.at("host-names");
    for (std::size_t begin = 0; begin <= list.size();) {
      const std::size_t end = std::min(list.find(',', begin), list.size());
      wo.host_names.push_back(list.substr(begin, end - begin));
      begin = end + 1;
    }
    if (const std::string why = hub::web::host_names_problem(wo.host_names); !why.empty()) {
      std::cerr << "tabula-hub-web: --host-names: " << why << "\n";
      return 2;
    }
  }
  if (o->values.count("www")) {
    wo.www_dir = o->values.at("www");
  } else {
    wo.www_dir = is_dir(TABULA_SOURCE_WWW_DIR) ? TABULA_SOURCE_WWW_DIR : TABULA_INSTALLED_WWW_DIR;
  }
  if (!is_dir(wo.www_dir)) {
    std::cerr << "tabula-hub-web: " << wo.www_dir << " has no index.html (--www DIR: the page's folder)\n";
    return 2;
  }
  if (o->values.count("arbiter-token-file") != o->values.count("arbiter-key")) {
    std::cerr << "tabula-hub-web: the arbiter's page needs both --arbiter-key (signs actions) and "
                 "--arbiter-token-file (signs the arbiter in)\n";
    return 2;
  }
  if (o->values.count("arbiter-key")) {
    hc.key = hub::load_key(o->values.at("arbiter-key"), error);
    if (!hc.key) return std::cerr << "tabula-hub-web: " << error << "\n", 2;
    wo.arbiter_token = first_line(o->values.at("arbiter-token-file"), "the arbiter token", error);
    if (!error.empty()) return std::cerr << "tabula-hub-web: " << error << "\n", 2;
    if (wo.arbiter_token.size() < 12) {
      std::cerr << "tabula-hub-web: " << o->values.at("arbiter-token-file")
                << ": the arbiter token is " << wo.arbiter_token.size()
                << (wo.arbiter_token.size() == 1 ? " character" : " characters") << ", at least 12 are needed\n";
      return 2;
    }
  }
  std::shared_ptr<hub::web::StandingsFile> standings;
  if (o->values.count("event-file")) {
    standings = std::make_shared<hub::web::StandingsFile>(o->values.at("event-file"));
    wo.standings = [standings] { return standings->json(); };
  }
  if (o->values.count("board-keys")) {
    hc.board_keys = hub::BoardKeyRing::load(o->values.at("board-keys"), error);
    if (!hc.board_keys) return std::cerr << "tabula-hub-web: " << error << "\n", 2;
    std::cerr << "tabula-hub-web: " << hc.board_keys->size() << (hc.board_keys->size() == 1 ? " board" : " boards")
              << " enrolled: only their signed payloads are believed\n";
  } else {
    std::cerr << "tabula-hub-web: no --board-keys: board signatures are not checked, every payload is believed as "
                 "read (docs/HUB.md, \"Board signatures\")\n";
  }
  if (o->values.count("tls-cert")) wo.tls_cert = o->values.at("tls-cert");
  if (o->values.count("tls-key")) wo.tls_key = o->values.at("tls-key");
  if (o->values.count("push")) {
    wo.push_url = o->values.at("push");
    if (o->values.count("push-token-file")) {
      wo.push_token = first_line(o->values.at("push-token-file"), "the push token", error);
      if (!error.empty()) return std::cerr << "tabula-hub-web: " << error << "\n", 2;
    }
    wo.push_four = o->values.count("push-pgn4") > 0;
  }

  // SIGTERM/SIGINT are taken by sigtimedwait below, in no other thread.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  auto client = hub::HubClient::start(hc, error);
  if (!client) return std::cerr << "tabula-hub-web: " << error << "\n", 1;
  // Session 29: the hall screen's tournament record, read only and off the
  // service's threads (kept_record.h): an offline board's kept stream and
  // alerts. Made after the client and gone before it (it delivers to it).
  std::unique_ptr<hub::web::KeptRecord> kept;
  if (o->values.count("record")) {
    kept = std::make_unique<hub::web::KeptRecord>(
        o->values.at("record"), hc.event, [raw = client.get(), said = std::size_t{0}, first = true](hub::web::KeptRead r) mutable {
          std::size_t unread = r.unread;
          std::size_t boards = r.streams.size(), alerts = r.alerts.size();
          raw->restore_kept(std::move(r.streams), r.alerts, unread);
          // Session 30: read again at each change of the record; said at the
          // first read, and again only when the rows left out change.
          if (!first && unread == said) return;
          first = false;
          said = unread;
          std::cerr << "tabula-hub-web: --record: read " << boards << (boards == 1 ? " board's" : " boards'")
                    << " kept stream and " << alerts << (alerts == 1 ? " kept alert" : " kept alerts")
                    << (unread > 0 ? "; " + std::to_string(unread) + (unread == 1 ? " kept row" : " kept rows") +
                                         " did not read, left out"
                                   : "")
                    << "\n";
        });
    wo.record_status = [k = kept.get()] { return k->status(); };
  }
  auto web = hub::web::WebService::start(wo, hub::web::access_of(*client), error);
  if (!web) return std::cerr << "tabula-hub-web: " << error << "\n", 1;
  std::printf("tabula-hub-web: serving event %s on %s://%s:%d/ (broker %s, delay %lld s)\n", hc.event.c_str(),
              wo.tls_cert.empty() ? "http" : "https", wo.bind.c_str(), web->port(), hc.broker.describe().c_str(), delay);
  std::fflush(stdout);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  for (;;) {
    timespec ts{1, 0};
    const int sig = sigtimedwait(&signals, nullptr, &ts);
    if (sig == SIGTERM || sig == SIGINT) break;
    if (seconds > 0 && std::chrono::steady_clock::now() >= until) break;
  }
  return 0;
}
