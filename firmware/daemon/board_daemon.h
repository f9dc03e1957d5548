// The daemon's loop: scan on schedule, feed the BoardMonitor, publish what it
// says, serve clients, and stop cleanly on SIGTERM/SIGINT.
//
// One thread, one poll: the signalfd and the sink's fds are polled with a
// timeout up to the next scan, so a scan is never late because of a client,
// and no write ever blocks (see FrameServer). Time comes from a LoopClock:
// real time, real time scaled (sim --speed X) or stepped (sim --speed 0, one
// scan period per iteration, deterministic).
//
// When the chip fails the loop reports CHIP_LOST, marks every square
// unsettled and retries open() once a second; when the board settles again
// it sends a RESYNC snapshot.
//
// Ownership: borrows everything it is given; they must outlive run().
#pragma once

#include <cstdint>
#include <string>

#include "daemon/sim_driver.h"
#include "scan/board_monitor.h"
#include "scan/gpio.h"
#include "scan/scanner.h"
#include "wire/frame_sink.h"

namespace tabula::firmware {

struct LoopSettings {
  std::string backend = "gpiod";  // reported in Hello
  double speed = 1.0;             // 0 = stepped
  bool exit_at_trace_end = true;  // sim only
  SettleWait settle_wait = &spin_wait;
};

struct LoopStats {
  std::uint64_t scans = 0;
  std::uint64_t overruns = 0;  // scans that started a full period late
  std::uint64_t events = 0;
  std::uint64_t faults = 0;
};

class BoardDaemon {
 public:
  BoardDaemon(const BoardProfile& profile, Gpio& gpio, FrameSink& sink, SimDriver* sim,
              LoopSettings settings);
  // Runs until a signal, a broken sink or the end of the trace. Returns the
  // process exit code; never throws.
  int run() noexcept;
  const LoopStats& stats() const { return stats_; }

 private:
  int loop();
  void publish(MonitorOutput& out, Micros now);
  void handle(const SinkEvent& event, Micros now);
  void send_snapshot(ClientId client, board::BoardSnapshot::Reason reason, Micros now);
  void broadcast_snapshot(board::BoardSnapshot::Reason reason, Micros now);

  const BoardProfile& profile_;
  Gpio& gpio_;
  FrameSink& sink_;
  SimDriver* sim_;
  LoopSettings settings_;
  Scanner scanner_;
  BoardMonitor monitor_;
  ScanFrame frame_;
  MonitorOutput out_;
  LoopStats stats_;
};

}  // namespace tabula::firmware
