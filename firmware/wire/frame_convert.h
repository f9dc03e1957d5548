// Core values -> tabula.board messages: the one place the wire format is
// filled in. Time becomes timestamp_ms (floor of the microseconds).
#pragma once

#include <string>
#include <string_view>

#include "scan/board_monitor.h"
#include "scan/board_profile.h"
#include "scan/fault.h"
#include "tabula_proto/board.pb.h"

namespace tabula::firmware {

board::Frame make_hello(const BoardProfile& profile, std::string_view backend);
board::Frame make_event(const BoardProfile& profile, const SquareChange& change);
board::Frame make_snapshot(const BoardProfile& profile, const Snapshot& snapshot,
                           board::BoardSnapshot::Reason reason, std::uint64_t events_published);
board::Frame make_fault(const BoardProfile& profile, const Fault& fault);
board::Frame make_protocol_error(std::string message);

}  // namespace tabula::firmware
