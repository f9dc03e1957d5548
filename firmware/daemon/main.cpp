// tabula-boardd: the composition root. Parses the command line, loads the
// profile, picks the backend (libgpiod or the simulated grid) and the sink
// (Unix socket or stdout), and hands them to BoardDaemon. See
// docs/firmware.md.
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/board_daemon.h"
#include "daemon/options.h"
#include "daemon/sim_driver.h"
#include "daemon/wiring_docs.h"
#include "gpiod/gpiod_gpio.h"
#include "profile/profile_loader.h"
#include "scan/fake_matrix.h"
#include "serial/serial_board.h"
#include "wire/frame_convert.h"
#include "wire/frame_server.h"
#include "wire/stream_sink.h"
#include "version/version.h"

namespace tf = tabula::firmware;

namespace {

void err(const std::string& message) {
  std::fprintf(stderr, "tabula-boardd: %s\n", message.c_str());
}

std::optional<tf::BoardProfile> load_or_report(const std::string& path) {
  tf::ProfileLoad load = tf::load_profile_file(path);
  for (const auto& d : load.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
  return std::move(load.profile);
}

int check_profiles(const std::vector<std::string>& files) {
  int failed = 0;
  for (const std::string& file : files) {
    const auto profile = load_or_report(file);
    if (!profile) {
      ++failed;
      continue;
    }
    std::printf("%s: ok: %s\n", file.c_str(), tf::profile_summary(*profile).c_str());
    for (const std::string& need : tf::header_requirements(*profile))
      std::printf("%s: note: %s\n", file.c_str(), need.c_str());
  }
  if (failed > 0) std::fprintf(stderr, "%d of %zu profile(s) have errors\n", failed, files.size());
  return failed > 0 ? 1 : 0;
}

int run(const tf::DaemonOptions& o) {
  auto profile = load_or_report(o.profile_path);
  if (!profile) return 1;
  // A serial board reports squares: its wiring is virtual (serial_board.h).
  if (o.backend == tf::Backend::kSerial)
    profile->wiring = tf::serial::serial_wiring(profile->geometry, o.serial_device);
  if (auto problem = tf::apply_overrides(*profile, o)) {
    err(*problem);
    return 2;
  }

  std::unique_ptr<tf::FrameSink> sink;
  if (o.to_stdout) {
    sink = std::make_unique<tf::StreamSink>(1, o.text);
  } else {
    std::unique_ptr<tf::FrameServer> server;
    tf::ServerOptions so;
    so.path = o.socket_path;
    so.max_clients = o.max_clients;
    so.max_queued_bytes = std::size_t{o.max_queued_kib} * 1024;
    if (tf::IoStatus st = tf::FrameServer::open(so, server); !st.is_ok()) {
      err("cannot serve " + o.socket_path + ": " + st.message());
      return 1;
    }
    std::fprintf(stderr, "tabula-boardd: serving %s on %s\n", profile->id.c_str(),
                 o.socket_path.c_str());
    sink = std::move(server);
  }

  tf::LoopSettings settings;
  if (o.backend == tf::Backend::kSim) {
    tabula::trace::TraceParse parsed = tabula::trace::read_trace_file(o.trace_path);
    auto errors = parsed.errors;
    if (parsed.ok()) errors = tf::SimDriver::check(*profile, parsed.events, o.trace_path);
    for (const auto& e : errors) std::fprintf(stderr, "%s\n", e.to_string().c_str());
    if (!errors.empty()) return 1;
    tf::FakeMatrix fake(profile->wiring, o.seed);
    fake.set_bounce(tf::Micros(std::int64_t{o.sim_bounce_ms} * 1000));
    tf::SimDriver sim(*profile, fake, std::move(parsed.events));
    settings.backend = "sim";
    settings.speed = o.speed;
    settings.exit_at_trace_end = !o.hold;
    settings.settle_wait = &tf::no_wait;
    tf::BoardDaemon daemon(*profile, fake, *sink, &sim, settings);
    return daemon.run();
  }
  if (o.backend == tf::Backend::kSerial) {
    tf::serial::SerialSettings ss;
    ss.device = o.serial_device;
    ss.protocol = o.serial_protocol == tf::SerialProtocol::kDgt ? tf::serial::Protocol::kDgt
                                                                : tf::serial::Protocol::kTabulaLine;
    ss.baud = o.serial_baud;
    tf::serial::SerialBoard board(profile->geometry, ss, err);
    settings.backend = o.serial_protocol == tf::SerialProtocol::kDgt ? "serial-dgt" : "serial";
    settings.settle_wait = &tf::no_wait;
    err("serial board on " + o.serial_device + " at " + std::to_string(board.baud()) + " baud");
    tf::BoardDaemon daemon(*profile, board, *sink, nullptr, settings);
    return daemon.run();
  }
  tf::GpiodGpio gpio;
  settings.backend = "gpiod";
  err("GPIO through " + tf::gpiod_backend_version());
  tf::BoardDaemon daemon(*profile, gpio, *sink, nullptr, settings);
  return daemon.run();
}

int dispatch(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  const tf::ParsedOptions parsed = tf::parse_options(args);
  if (!parsed.error.empty()) {
    err(parsed.error);
    std::fprintf(stderr, "%s", tf::usage().c_str());
    return 2;
  }
  const tf::DaemonOptions& o = parsed.options;
  switch (o.mode) {
    case tf::Mode::kHelp:
      std::printf("%s", tf::usage().c_str());
      return 0;
    case tf::Mode::kVersion:
      std::printf("tabula-boardd %s (protocol %d)\n", std::string(tabula::build_version()).c_str(),
                  static_cast<int>(tabula::board::PROTOCOL_VERSION_CURRENT));
      return 0;
    case tf::Mode::kCheckProfile:
      return check_profiles(o.files);
    case tf::Mode::kWiringSvg:
    case tf::Mode::kPinTable:
    case tf::Mode::kParts: {
      const auto profile = load_or_report(o.files.front());
      if (!profile) return 1;
      const std::string doc = o.mode == tf::Mode::kWiringSvg  ? tf::wiring_svg(*profile)
                              : o.mode == tf::Mode::kPinTable ? tf::pin_table_markdown(*profile)
                                                              : tf::parts_markdown(*profile);
      std::fwrite(doc.data(), 1, doc.size(), stdout);
      return 0;
    }
    case tf::Mode::kRun:
      return run(o);
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (const std::exception& e) {
    err(std::string("fatal: ") + e.what());
  } catch (...) {
    err("fatal: unknown exception");
  }
  return 1;
}
