#include "daemon/board_daemon.h"

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>

#include "wire/frame_convert.h"
#include "wire/unique_fd.h"

namespace tabula::firmware {
namespace {

void log_line(const std::string& message) {
  std::fprintf(stderr, "tabula-boardd: %s\n", message.c_str());
}

// Real, scaled or stepped time since start, as the loop sees it.
class LoopClock {
 public:
  LoopClock(double speed, Micros step) : speed_(speed), step_(step) {}
  Micros now() const {
    if (speed_ == 0) return virtual_;
    const auto real = std::chrono::steady_clock::now() - start_;
    return Micros(static_cast<std::int64_t>(
        static_cast<double>(std::chrono::duration_cast<Micros>(real).count()) * speed_));
  }
  // Real time to wait until loop time `until`.
  Micros real_wait(Micros until) const {
    if (speed_ == 0) return Micros(0);
    const Micros left = until - now();
    if (left <= Micros(0)) return Micros(0);
    return Micros(static_cast<std::int64_t>(static_cast<double>(left.count()) / speed_));
  }
  void tick() {
    if (speed_ == 0) virtual_ += step_;
  }

 private:
  double speed_;
  Micros step_;
  Micros virtual_{0};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

BoardDaemon::BoardDaemon(const BoardProfile& profile, Gpio& gpio, FrameSink& sink, SimDriver* sim,
                         LoopSettings settings)
    : profile_(profile),
      gpio_(gpio),
      sink_(sink),
      sim_(sim),
      settings_(std::move(settings)),
      scanner_(profile.wiring, gpio, profile.timing.settle, settings_.settle_wait),
      monitor_(profile) {}

int BoardDaemon::run() noexcept {
  try {
    return loop();
  } catch (const std::exception& e) {
    log_line(std::string("fatal: ") + e.what());
  } catch (...) {
    log_line("fatal: unknown exception");
  }
  return 1;
}

void BoardDaemon::publish(MonitorOutput& out, Micros now) {
  for (const Fault& f : out.faults) {
    log_line("fault " + std::string(fault_kind_name(f.kind)) + ": " + f.message);
    board::Frame frame = make_fault(profile_, f);
    sink_.broadcast(frame);
    ++stats_.faults;
  }
  for (const SquareChange& c : out.changes) {
    board::Frame frame = make_event(profile_, c);
    sink_.broadcast(frame);
    ++stats_.events;
  }
  if (out.settled) broadcast_snapshot(board::BoardSnapshot::REASON_RESYNC, now);
  out.clear();
}

void BoardDaemon::send_snapshot(ClientId client, board::BoardSnapshot::Reason reason, Micros now) {
  board::Frame frame = make_snapshot(profile_, monitor_.snapshot(now), reason, stats_.events);
  sink_.send(client, frame);
}

void BoardDaemon::broadcast_snapshot(board::BoardSnapshot::Reason reason, Micros now) {
  board::Frame frame = make_snapshot(profile_, monitor_.snapshot(now), reason, stats_.events);
  sink_.broadcast(frame);
}

void BoardDaemon::handle(const SinkEvent& ev, Micros now) {
  switch (ev.kind) {
    case SinkEvent::Kind::kConnected: {
      board::Frame hello = make_hello(profile_, settings_.backend);
      sink_.send(ev.client, hello);
      send_snapshot(ev.client, board::BoardSnapshot::REASON_CONNECT, now);
      for (const Fault& f : monitor_.active_faults()) {
        board::Frame frame = make_fault(profile_, f);
        sink_.send(ev.client, frame);
      }
      break;
    }
    case SinkEvent::Kind::kRequest:
      if (ev.request.has_snapshot()) {
        send_snapshot(ev.client, board::BoardSnapshot::REASON_REQUESTED, now);
      } else if (ev.request.has_expectation()) {
        const auto& list = ev.request.expectation().occupied_squares();
        const std::vector<std::string> names(list.begin(), list.end());
        if (auto err = monitor_.set_expectation(names, now)) {
          board::Frame frame = make_protocol_error(*err);
          sink_.close_client(ev.client, &frame, *err);
        }
      }
      break;
    case SinkEvent::Kind::kDisconnected:
      if (!ev.reason.empty() && ev.reason != "client closed the connection")
        log_line("client " + std::to_string(ev.client) + ": " + ev.reason);
      break;
  }
}

int BoardDaemon::loop() {
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGTERM);
  sigaddset(&mask, SIGINT);
  sigset_t old_mask;
  if (::sigprocmask(SIG_BLOCK, &mask, &old_mask) != 0) {
    log_line(std::string("cannot block signals: ") + std::strerror(errno));
    return 1;
  }
  UniqueFd sigfd(::signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC));
  if (!sigfd.valid()) {
    log_line(std::string("signalfd: ") + std::strerror(errno));
    return 1;
  }
  ::signal(SIGPIPE, SIG_IGN);

  const Micros period = profile_.timing.scan_period();
  LoopClock clock(settings_.speed, period);
  if (GpioStatus st = scanner_.open(); !st.is_ok()) {
    log_line("cannot open the sensor grid: " + st.to_string());
    return 1;
  }
  const Micros heartbeat = std::chrono::duration_cast<Micros>(profile_.timing.heartbeat);
  const Micros settle_tail = 2 * profile_.timing.debounce + 4 * period;
  Micros next_scan{0};
  Micros next_heartbeat = heartbeat;
  Micros reopen_at{0};
  bool chip_ok = true;
  bool stop = false;
  int code = 0;
  std::vector<pollfd> fds;
  std::vector<SinkEvent> events;

  while (!stop) {
    Micros now = clock.now();
    if (now >= next_scan) {
      if (sim_ != nullptr) sim_->advance(now);
      if (chip_ok) {
        const GpioStatus st = scanner_.scan(frame_);
        if (st.is_ok()) {
          monitor_.on_scan(frame_, now, out_);
        } else {
          monitor_.on_chip_lost(
              "the sensor grid stopped answering (" + st.to_string() + "); retrying every second",
              now, out_);
          chip_ok = false;
          reopen_at = now + std::chrono::seconds(1);
        }
        ++stats_.scans;
      } else if (now >= reopen_at) {
        const GpioStatus st = scanner_.open();
        if (st.is_ok()) {
          chip_ok = true;
          monitor_.on_chip_back(now, out_);
          log_line("sensor grid is back; settling");
        } else {
          reopen_at = now + std::chrono::seconds(1);
        }
      }
      publish(out_, now);
      next_scan += period;
      if (next_scan <= now) {  // fell a whole period behind: skip, do not burst
        ++stats_.overruns;
        next_scan = now + period;
      }
    }
    if (now >= next_heartbeat) {
      broadcast_snapshot(board::BoardSnapshot::REASON_HEARTBEAT, now);
      next_heartbeat += heartbeat;
      if (next_heartbeat <= now) next_heartbeat = now + heartbeat;
    }
    if (sim_ != nullptr && settings_.exit_at_trace_end && sim_->finished() &&
        now >= sim_->last_event_time() + settle_tail) {
      break;
    }

    fds.clear();
    fds.push_back({sigfd.get(), POLLIN, 0});
    sink_.prepare(fds);
    const Micros wait = clock.real_wait(next_scan);
    const timespec ts{static_cast<time_t>(wait.count() / 1'000'000),
                      static_cast<long>((wait.count() % 1'000'000) * 1000)};
    const int n = ::ppoll(fds.data(), fds.size(), &ts, nullptr);
    if (n < 0 && errno != EINTR) {
      log_line(std::string("poll: ") + std::strerror(errno));
      code = 1;
      break;
    }
    if (n > 0 && (fds[0].revents & POLLIN)) {
      signalfd_siginfo info{};
      if (::read(sigfd.get(), &info, sizeof info) == sizeof info)
        log_line(std::string(info.ssi_signo == SIGTERM ? "SIGTERM" : "SIGINT") + ": shutting down");
      stop = true;
    }
    events.clear();
    sink_.dispatch(std::span<const pollfd>(fds), events);
    now = clock.now();
    for (const SinkEvent& ev : events) handle(ev, now);
    if (sink_.broken()) {
      log_line("stopping: " + sink_.broken_reason());
      code = sink_.broken_by_peer() ? 0 : 1;
      break;
    }
    clock.tick();
  }

  if (!sink_.broken()) {
    broadcast_snapshot(board::BoardSnapshot::REASON_FINAL, clock.now());
    sink_.drain(500);
  }
  scanner_.close();
  ::sigprocmask(SIG_SETMASK, &old_mask, nullptr);
  return code;
}

}  // namespace tabula::firmware
