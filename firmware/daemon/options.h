// tabula-boardd's command line. Parsing is pure (strings in, options or one
// error message out) so it is unit-tested; main.cpp only acts on the result.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::firmware {

enum class Mode { kRun, kCheckProfile, kWiringSvg, kPinTable, kParts, kHelp, kVersion };
enum class Backend { kGpiod, kSim, kSerial };
enum class SerialProtocol { kTabulaLine, kDgt };

struct DaemonOptions {
  Mode mode = Mode::kRun;
  std::vector<std::string> files;  // --check-profile FILE...; --wiring-svg/--pin-table/--parts FILE
  std::string profile_path = "/etc/tabula/board.textproto";
  Backend backend = Backend::kGpiod;
  std::string trace_path;
  double speed = 1.0;  // sim time per real time; 0 = as fast as possible
  bool hold = false;   // sim: keep running after the trace ends
  std::string socket_path = "/run/tabula/board.sock";
  bool to_stdout = false;
  bool text = false;
  std::optional<unsigned> scan_hz;
  std::optional<unsigned> debounce_ms;
  std::optional<unsigned> heartbeat_s;
  unsigned sim_bounce_ms = 3;
  std::uint64_t seed = 1;
  std::string serial_device;  // --backend serial: the board's tty
  SerialProtocol serial_protocol = SerialProtocol::kTabulaLine;
  unsigned serial_baud = 0;  // 0: the protocol's own
  unsigned max_clients = 16;
  unsigned max_queued_kib = 256;
};

struct ParsedOptions {
  DaemonOptions options;
  std::string error;  // empty when parsing succeeded
};

struct BoardProfile;

// Applies --scan-hz/--debounce-ms/--heartbeat-s to a loaded profile; an error
// when the result is inconsistent (debounce under two scans, rows that do not
// fit the period).
std::optional<std::string> apply_overrides(BoardProfile& profile, const DaemonOptions& options);

// args excludes the program name.
ParsedOptions parse_options(std::span<const std::string_view> args);
std::string usage();

}  // namespace tabula::firmware
