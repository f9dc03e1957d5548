#include "daemon/options.h"

#include <charconv>
#include <cstdlib>

#include "scan/board_profile.h"

namespace tabula::firmware {
namespace {

template <class T>
bool parse_number(std::string_view text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::string usage() {
  return R"(usage:
  tabula-boardd [--profile FILE] [--socket PATH | --stdout [--text]] [options]
  tabula-boardd --backend sim --trace FILE --profile FILE [--speed X] [--hold] ...
  tabula-boardd --backend serial --serial-device TTY [--serial-protocol tabula|dgt] --profile FILE ...
  tabula-boardd --check-profile FILE...
  tabula-boardd --wiring-svg FILE | --pin-table FILE | --parts FILE

Publishes debounced square events from the reed grid as length-delimited
tabula.board.Frame messages (proto/board.proto).

  --profile FILE        board profile (default /etc/tabula/board.textproto)
  --backend gpiod|sim|serial  real GPIO through libgpiod (default), the simulated
                        grid, or a board that reports its squares over a serial line
                        (the profile gives its geometry and timing; docs/firmware.md)
  --serial-device TTY   serial: the board's device, e.g. /dev/ttyACM0
  --serial-protocol P   serial: tabula (the line protocol, default) or dgt (a DGT e-board)
  --serial-baud N       serial: the rate (default 115200 for tabula, 9600 for dgt)
  --trace FILE          sim: the sensor trace to replay (`<ms> <square> <up|down>`)
  --speed X             sim: X times real time; 0 = as fast as possible (default 1)
  --hold                sim: keep running after the trace ends
  --sim-bounce-ms N     sim: contact bounce after each magnet change (default 3)
  --seed N              sim: seed of the bounce noise (default 1)
  --socket PATH         Unix socket to serve (default /run/tabula/board.sock)
  --stdout              write frames to stdout instead of a socket
  --text                with --stdout: one text line per frame (events as trace lines)
  --scan-hz N           override the profile's scan rate
  --debounce-ms N       override the profile's debounce time
  --heartbeat-s N       override the profile's heartbeat period
  --max-clients N       socket clients served at once (default 16; a new one
                        then closes the one idle longest)
  --max-queued-kib N    unread bytes a client may leave queued before it is dropped (default 256)
  --check-profile FILE... validate profiles; file:line:column messages, exit 1 on any error
  --wiring-svg FILE     print the profile's wiring diagram (SVG)
  --pin-table FILE      print the profile's pin table (Markdown)
  --parts FILE          print the profile's parts list (Markdown)
  --help, --version
)";
}

std::optional<std::string> apply_overrides(BoardProfile& profile, const DaemonOptions& o) {
  Timing& t = profile.timing;
  if (o.scan_hz) t.scan_hz = *o.scan_hz;
  if (o.debounce_ms) t.debounce = Micros(std::int64_t{*o.debounce_ms} * 1000);
  if (o.heartbeat_s) t.heartbeat = std::chrono::seconds(*o.heartbeat_s);
  if (t.debounce < 2 * t.scan_period())
    return "debounce " + std::to_string(t.debounce.count() / 1000) +
           " ms is shorter than two scans at " + std::to_string(t.scan_hz) +
           " Hz; raise --debounce-ms or --scan-hz";
  const auto rows = static_cast<std::int64_t>(profile.wiring.row_count);
  if (profile.wiring.is_matrix() && rows * t.settle.count() >= t.scan_period().count())
    return std::to_string(rows) + " rows x " + std::to_string(t.settle.count()) +
           " us settle do not fit one scan at " + std::to_string(t.scan_hz) + " Hz";
  if (t.stuck_after < t.debounce) t.stuck_after = t.debounce;
  return std::nullopt;
}

ParsedOptions parse_options(std::span<const std::string_view> args) {
  ParsedOptions parsed;
  DaemonOptions& o = parsed.options;
  auto fail = [&](std::string message) {
    parsed.error = std::move(message);
    return parsed;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    auto value = [&](std::string_view& out) {
      if (i + 1 >= args.size() || args[i + 1].starts_with("--")) return false;
      out = args[++i];
      return true;
    };
    auto number = [&](auto& out, auto lo, auto hi) -> bool {
      std::string_view v;
      std::uint64_t n = 0;
      if (!value(v) || !parse_number(v, n) || n < static_cast<std::uint64_t>(lo) ||
          n > static_cast<std::uint64_t>(hi))
        return false;
      out = static_cast<std::remove_reference_t<decltype(out)>>(n);
      return true;
    };
    std::string_view v;
    if (arg == "--help" || arg == "-h") {
      o.mode = Mode::kHelp;
    } else if (arg == "--version") {
      o.mode = Mode::kVersion;
    } else if (arg == "--check-profile" || arg == "--wiring-svg" || arg == "--pin-table" ||
               arg == "--parts") {
      o.mode = arg == "--check-profile" ? Mode::kCheckProfile
               : arg == "--wiring-svg"  ? Mode::kWiringSvg
               : arg == "--pin-table"   ? Mode::kPinTable
                                        : Mode::kParts;
      while (i + 1 < args.size() && !args[i + 1].starts_with("--")) o.files.emplace_back(args[++i]);
      if (o.files.empty()) return fail(std::string(arg) + " needs a profile file");
      if (o.mode != Mode::kCheckProfile && o.files.size() != 1)
        return fail(std::string(arg) + " takes exactly one profile file");
    } else if (arg == "--profile") {
      if (!value(v)) return fail("--profile needs a file");
      o.profile_path = v;
    } else if (arg == "--backend") {
      if (!value(v)) return fail("--backend needs gpiod, sim or serial");
      if (v == "gpiod") {
        o.backend = Backend::kGpiod;
      } else if (v == "sim") {
        o.backend = Backend::kSim;
      } else if (v == "serial") {
        o.backend = Backend::kSerial;
      } else {
        return fail("unknown backend '" + std::string(v) + "': expected gpiod, sim or serial");
      }
    } else if (arg == "--serial-device") {
      if (!value(v)) return fail("--serial-device needs a device, e.g. /dev/ttyACM0");
      o.serial_device = v;
    } else if (arg == "--serial-protocol") {
      if (!value(v)) return fail("--serial-protocol needs tabula or dgt");
      if (v == "tabula") {
        o.serial_protocol = SerialProtocol::kTabulaLine;
      } else if (v == "dgt") {
        o.serial_protocol = SerialProtocol::kDgt;
      } else {
        return fail("unknown serial protocol '" + std::string(v) + "': expected tabula or dgt");
      }
    } else if (arg == "--serial-baud") {
      if (!number(o.serial_baud, 9600, 921600)) return fail("--serial-baud needs 9600..921600");
    } else if (arg == "--trace") {
      if (!value(v)) return fail("--trace needs a file");
      o.trace_path = v;
    } else if (arg == "--speed") {
      if (!value(v)) return fail("--speed needs a number");
      char* end = nullptr;
      const std::string s(v);
      o.speed = std::strtod(s.c_str(), &end);
      if (end != s.c_str() + s.size() || !(o.speed >= 0) || o.speed > 1000)
        return fail("--speed '" + s + "': expected a number 0..1000 (0 = as fast as possible)");
    } else if (arg == "--hold") {
      o.hold = true;
    } else if (arg == "--sim-bounce-ms") {
      if (!number(o.sim_bounce_ms, 0, 1000)) return fail("--sim-bounce-ms needs 0..1000");
    } else if (arg == "--seed") {
      if (!number(o.seed, 0, UINT64_MAX)) return fail("--seed needs a whole number");
    } else if (arg == "--socket") {
      if (!value(v)) return fail("--socket needs a path");
      o.socket_path = v;
    } else if (arg == "--stdout") {
      o.to_stdout = true;
    } else if (arg == "--text") {
      o.text = true;
    } else if (arg == "--scan-hz") {
      unsigned n = 0;
      if (!number(n, 1, 5000)) return fail("--scan-hz needs 1..5000");
      o.scan_hz = n;
    } else if (arg == "--debounce-ms") {
      unsigned n = 0;
      if (!number(n, 1, 1000)) return fail("--debounce-ms needs 1..1000");
      o.debounce_ms = n;
    } else if (arg == "--heartbeat-s") {
      unsigned n = 0;
      if (!number(n, 1, 3600)) return fail("--heartbeat-s needs 1..3600");
      o.heartbeat_s = n;
    } else if (arg == "--max-clients") {
      if (!number(o.max_clients, 1, 1024)) return fail("--max-clients needs 1..1024");
    } else if (arg == "--max-queued-kib") {
      if (!number(o.max_queued_kib, 1, 65536)) return fail("--max-queued-kib needs 1..65536");
    } else {
      return fail("unknown argument '" + std::string(arg) + "' (see --help)");
    }
  }
  if (o.mode == Mode::kRun) {
    if (o.backend == Backend::kSim && o.trace_path.empty())
      return fail("--backend sim needs --trace FILE");
    if (o.backend != Backend::kSim && !o.trace_path.empty())
      return fail("--trace is for --backend sim");
    if (o.text && !o.to_stdout) return fail("--text is for --stdout");
    if (o.backend == Backend::kSerial && o.serial_device.empty())
      return fail("--backend serial needs --serial-device TTY (e.g. /dev/ttyACM0)");
    if (o.backend != Backend::kSerial && !o.serial_device.empty())
      return fail("--serial-device is for --backend serial");
  }
  return parsed;
}

}  // namespace tabula::firmware
