// event_file.h — an event as a file an arbiter keeps (Protobuf text format,
// proto/event.proto), read back with every fault named. Outside the pure
// target (tabula::event_io).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "event/event.h"

namespace tabula::event {

std::string to_text(const Event& e);
// Parses and checks (check() in event.h); nullopt and the problems, one per
// line ("club.event:12:5: ..." or "section ffa, round 2, table 1: ...").
std::optional<Event> from_text(const std::string& text, const std::string& where, std::vector<std::string>& errors);

// Whole files; false and `errors` when unreadable or unwritable. Only a
// plain file of at most kMaxEventFileBytes is read (session 15).
inline constexpr std::size_t kMaxEventFileBytes = 16u << 20;
std::optional<Event> load_event(const std::string& path, std::vector<std::string>& errors);
bool save_event(const Event& e, const std::string& path, std::string& error);

}  // namespace tabula::event
