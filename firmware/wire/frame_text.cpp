#include "wire/frame_text.h"

#include "trace/trace.h"

namespace tabula::firmware {
namespace {

std::string join(const google::protobuf::RepeatedPtrField<std::string>& list) {
  std::string out;
  for (const auto& s : list) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

std::string frame_to_text(const board::Frame& frame) {
  switch (frame.body_case()) {
    case board::Frame::kSquareEvent: {
      const auto& e = frame.square_event();
      trace::TraceEvent ev;
      ev.time = std::chrono::milliseconds(e.timestamp_ms());
      ev.square = e.square();
      ev.motion = e.occupied() ? trace::Motion::kDown : trace::Motion::kUp;
      return trace::format_event(ev);
    }
    case board::Frame::kHello: {
      const auto& h = frame.hello();
      return "# hello protocol " + std::to_string(h.protocol_version()) + " tabula-boardd " +
             h.daemon_version() + " profile " + h.profile_id() + " geometry " + h.geometry_id() +
             " (" + std::to_string(h.squares_size()) + " squares) backend " + h.backend() + " " +
             std::to_string(h.scan_hz()) + " Hz debounce " + std::to_string(h.debounce_ms()) +
             " ms";
    }
    case board::Frame::kSnapshot: {
      const auto& s = frame.snapshot();
      std::string out = "# snapshot " + std::to_string(s.timestamp_ms()) + " ms " +
                        board::BoardSnapshot::Reason_Name(s.reason()) + " occupied " +
                        std::to_string(s.occupied_squares_size()) + ": " +
                        join(s.occupied_squares());
      if (s.unsettled_squares_size() > 0)
        out += " | unsettled " + std::to_string(s.unsettled_squares_size()) + ": " +
               join(s.unsettled_squares());
      return out;
    }
    case board::Frame::kSensorFault: {
      const auto& f = frame.sensor_fault();
      return "# fault " + std::to_string(f.timestamp_ms()) + " ms " +
             board::FaultKind_Name(f.kind()) + (f.active() ? " raised: " : " ") + f.message();
    }
    case board::Frame::kProtocolError:
      return "# protocol error: " + frame.protocol_error().message();
    case board::Frame::BODY_NOT_SET:
      break;
  }
  return "# empty frame";
}

}  // namespace tabula::firmware
