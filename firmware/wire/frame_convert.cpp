#include "wire/frame_convert.h"

#include "version/version.h"

namespace tabula::firmware {
namespace {

std::uint64_t to_ms(Micros t) {
  return t.count() < 0 ? 0 : static_cast<std::uint64_t>(t.count() / 1000);
}

board::FaultKind to_proto(FaultKind kind) {
  switch (kind) {
    case FaultKind::kGhost:
      return board::FAULT_KIND_GHOST;
    case FaultKind::kStuckClosed:
      return board::FAULT_KIND_STUCK_CLOSED;
    case FaultKind::kStuckOpen:
      return board::FAULT_KIND_STUCK_OPEN;
    case FaultKind::kNoisy:
      return board::FAULT_KIND_NOISY;
    case FaultKind::kLineShort:
      return board::FAULT_KIND_LINE_SHORT;
    case FaultKind::kChipLost:
      return board::FAULT_KIND_CHIP_LOST;
  }
  return board::FAULT_KIND_UNSPECIFIED;
}

}  // namespace

board::Frame make_hello(const BoardProfile& profile, std::string_view backend) {
  board::Frame frame;
  board::Hello& h = *frame.mutable_hello();
  h.set_protocol_version(board::PROTOCOL_VERSION_CURRENT);
  h.set_daemon_version(std::string(tabula::build_version()));  // the package's version (arbiter/version)
  h.set_profile_id(profile.id);
  h.set_geometry_id(profile.geometry.id());
  for (const auto& sq : profile.geometry.squares()) h.add_squares(sq.name);
  h.set_scan_hz(profile.timing.scan_hz);
  h.set_debounce_ms(static_cast<std::uint32_t>(profile.timing.debounce.count() / 1000));
  h.set_heartbeat_s(static_cast<std::uint32_t>(profile.timing.heartbeat.count()));
  h.set_backend(std::string(backend));
  return frame;
}

board::Frame make_event(const BoardProfile& profile, const SquareChange& change) {
  board::Frame frame;
  board::SquareEvent& e = *frame.mutable_square_event();
  e.set_square(profile.square_name(change.square));
  e.set_occupied(change.occupied);
  e.set_timestamp_ms(to_ms(change.time));
  return frame;
}

board::Frame make_snapshot(const BoardProfile& profile, const Snapshot& snapshot,
                           board::BoardSnapshot::Reason reason, std::uint64_t events_published) {
  board::Frame frame;
  board::BoardSnapshot& s = *frame.mutable_snapshot();
  s.set_timestamp_ms(to_ms(snapshot.time));
  s.set_reason(reason);
  for (SquareIndex q : snapshot.occupied) s.add_occupied_squares(profile.square_name(q));
  for (SquareIndex q : snapshot.unsettled) s.add_unsettled_squares(profile.square_name(q));
  s.set_events_published(events_published);
  return frame;
}

board::Frame make_fault(const BoardProfile& profile, const Fault& fault) {
  board::Frame frame;
  board::SensorFault& f = *frame.mutable_sensor_fault();
  f.set_timestamp_ms(to_ms(fault.time));
  f.set_kind(to_proto(fault.kind));
  f.set_active(fault.active);
  if (fault.square) f.set_square(profile.square_name(*fault.square));
  for (SquareIndex q : fault.squares) f.add_squares(profile.square_name(q));
  f.set_sensor(fault.sensor);
  f.set_message(fault.message);
  return frame;
}

board::Frame make_protocol_error(std::string message) {
  board::Frame frame;
  frame.mutable_protocol_error()->set_message(std::move(message));
  return frame;
}

}  // namespace tabula::firmware
