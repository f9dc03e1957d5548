// Benchmarks of tabula-boardd's hot paths (docs/firmware.md, "Performance"):
//   - one full scan + debounce + fault checks of the 14x14 grid on the fake chip
//     (the pure part; on a Pi the GPIO ioctls and settle waits come on top);
//   - its parts alone;
//   - SquareEvent frames per second through the Unix socket to a reading client.
// Run: build/tests/firmware_benchmark
#include <benchmark/benchmark.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "profile/profile_loader.h"
#include "scan/board_monitor.h"
#include "scan/fake_matrix.h"
#include "scan/scanner.h"
#include "wire/frame_convert.h"
#include "wire/frame_server.h"
#include "wire/unique_fd.h"

namespace tf = tabula::firmware;

namespace {

tf::BoardProfile load(const char* name) {
  auto load = tf::load_profile_file(std::string(TABULA_SOURCE_DIR) + "/hardware/profiles/" + name +
                                    ".textproto");
  if (!load.ok()) {
    std::fprintf(stderr, "cannot load %s\n", name);
    std::abort();
  }
  return std::move(*load.profile);
}

// Four-player start: 64 pieces on the 160-square board.
void place_start(const tf::BoardProfile& p, tf::FakeMatrix& fake) {
  for (std::size_t s = 0; s < p.wiring.sensors.size(); ++s) {
    const auto& cells = p.geometry.square(p.wiring.sensors[s].square).cells;
    const int f = cells[0].file, r = cells[0].rank;
    if (r <= 1 || r >= 12 || f <= 1 || f >= 12)
      fake.set_magnet(tf::SensorIndex{static_cast<std::uint16_t>(s)}, true);
  }
}

void BM_Cross14ScanAndDebounce(benchmark::State& state) {
  const tf::BoardProfile p = load("cross-14-decoder");
  tf::FakeMatrix fake(p.wiring);
  place_start(p, fake);
  tf::Scanner scanner(p.wiring, fake, tf::Micros(0), &tf::no_wait);
  if (!scanner.open().is_ok()) std::abort();
  tf::BoardMonitor monitor(p);
  tf::ScanFrame frame;
  tf::MonitorOutput out;
  tf::Micros now{0};
  std::size_t sensor = 0;
  std::int64_t scans = 0;
  for (auto _ : state) {
    // A piece moves every 100 scans so the change path is exercised too.
    if (++scans % 100 == 0) {
      const tf::SensorIndex s{static_cast<std::uint16_t>(sensor++ % p.wiring.sensors.size())};
      fake.set_magnet(s, !fake.magnet(s));
    }
    fake.set_now(now);
    if (!scanner.scan(frame).is_ok()) std::abort();
    monitor.on_scan(frame, now, out);
    benchmark::DoNotOptimize(out.changes.data());
    out.clear();
    now += p.timing.scan_period();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["cells"] = static_cast<double>(p.wiring.row_count * p.wiring.input_lines.size());
}
BENCHMARK(BM_Cross14ScanAndDebounce);

void BM_Cross14FakeScanOnly(benchmark::State& state) {
  const tf::BoardProfile p = load("cross-14-decoder");
  tf::FakeMatrix fake(p.wiring);
  place_start(p, fake);
  tf::Scanner scanner(p.wiring, fake, tf::Micros(0), &tf::no_wait);
  if (!scanner.open().is_ok()) std::abort();
  tf::ScanFrame frame;
  for (auto _ : state) {
    if (!scanner.scan(frame).is_ok()) std::abort();
    benchmark::DoNotOptimize(frame.sensor_closed.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Cross14FakeScanOnly);

void BM_Cross14MonitorOnly(benchmark::State& state) {
  const tf::BoardProfile p = load("cross-14-decoder");
  tf::FakeMatrix fake(p.wiring);
  place_start(p, fake);
  tf::Scanner scanner(p.wiring, fake, tf::Micros(0), &tf::no_wait);
  if (!scanner.open().is_ok()) std::abort();
  tf::ScanFrame frame;
  if (!scanner.scan(frame).is_ok()) std::abort();
  tf::BoardMonitor monitor(p);
  tf::MonitorOutput out;
  tf::Micros now{0};
  for (auto _ : state) {
    monitor.on_scan(frame, now, out);
    out.clear();
    now += p.timing.scan_period();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Cross14MonitorOnly);

// SquareEvent frames through the socket to `clients` readers that keep up.
void BM_SocketEvents(benchmark::State& state) {
  const auto clients = static_cast<int>(state.range(0));
  const tf::BoardProfile p = load("cross-14-decoder");
  const std::string dir =
      std::filesystem::temp_directory_path() / ("tabula-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  tf::ServerOptions options;
  options.path = dir + "/b.sock";
  options.max_queued_bytes = 1 << 20;
  std::unique_ptr<tf::FrameServer> server;
  if (!tf::FrameServer::open(options, server).is_ok()) std::abort();
  std::vector<tf::UniqueFd> readers;
  for (int i = 0; i < clients; ++i) {
    tf::UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0));
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, options.path.data(), options.path.size());
    ::connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    readers.push_back(std::move(fd));
  }
  std::vector<tf::SinkEvent> events;
  while (server->client_count() < static_cast<std::size_t>(clients)) {
    std::vector<pollfd> fds;
    server->prepare(fds);
    ::poll(fds.data(), fds.size(), 10);
    server->dispatch(fds, events);
  }
  char sink[1 << 16];
  std::uint64_t n = 0;
  for (auto _ : state) {
    const tf::SquareChange c{static_cast<tf::SquareIndex>(n % 160), (n & 1) != 0,
                             tf::Micros(static_cast<std::int64_t>(n) * 1000)};
    tabula::board::Frame f = tf::make_event(p, c);
    server->broadcast(f);
    if (++n % 64 == 0)
      for (auto& r : readers)
        while (::recv(r.get(), sink, sizeof sink, MSG_DONTWAIT) > 0) {
        }
  }
  if (server->clients_dropped() != 0) state.SkipWithError("a reader was dropped");
  state.SetItemsProcessed(state.iterations());
  server.reset();
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_SocketEvents)->Arg(1)->Arg(2);

}  // namespace

BENCHMARK_MAIN();
