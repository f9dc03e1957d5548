#include "hub/topics.h"

#include <array>

#include "core/quote.h"

namespace tabula::hub {

namespace {
constexpr std::array<std::pair<Leaf, std::string_view>, 5> kLeaves{{
    {Leaf::kState, "state"},
    {Leaf::kStream, "stream"},
    {Leaf::kOnline, "online"},
    {Leaf::kAction, "action"},
    {Leaf::kAck, "ack"},
}};
}  // namespace

const char* to_string(Leaf leaf) {
  for (const auto& [l, n] : kLeaves) {
    if (l == leaf) return n.data();
  }
  return "?";
}

std::string check_name(std::string_view what, std::string_view name) {
  // The refused name is quoted printable and short (core/quote.h): it may be
  // a megabyte, a NUL or a terminal escape, and the message is printed.
  if (name.empty()) return std::string(what) + " name is empty";
  if (name.size() > 64) {
    return std::string(what) + " name '" + core::printable_input(name) + "' is longer than 64 characters (" +
           std::to_string(name.size()) + ")";
  }
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-';
    if (!ok) {
      return std::string(what) + " name '" + core::printable_input(name) + "' contains '" +
             core::printable_input(std::string_view(&c, 1)) + "'; use letters, digits, '.', '_' or '-'";
    }
  }
  return "";
}

std::string topic(std::string_view event, std::string_view board, Leaf leaf) {
  std::string t(kTopicRoot);
  t += '/';
  t += event;
  t += '/';
  t += board;
  t += '/';
  t += to_string(leaf);
  return t;
}

std::string event_filter(std::string_view event) { return std::string(kTopicRoot) + "/" + std::string(event) + "/+/+"; }

std::vector<std::string> hub_filters(std::string_view event) {
  std::vector<std::string> f;
  for (Leaf l : {Leaf::kState, Leaf::kStream, Leaf::kOnline}) f.push_back(topic(event, "+", l));
  return f;
}

std::string sync_topic(std::string_view event) { return std::string(kTopicRoot) + "/" + std::string(event) + "/sync"; }

std::string alert_acks_topic(std::string_view event, std::string_view hub) {
  return std::string(kTopicRoot) + "/" + std::string(event) + "/hub/" + std::string(hub) + "/alert-acks";
}

std::string alert_acks_filter(std::string_view event) { return alert_acks_topic(event, "+"); }

std::optional<AlertAcksTopic> parse_alert_acks_topic(std::string_view t) {
  const std::string root = std::string(kTopicRoot) + "/";
  constexpr std::string_view kTail = "/alert-acks";
  if (t.substr(0, root.size()) != root || t.size() < root.size() + kTail.size() ||
      t.substr(t.size() - kTail.size()) != kTail) {
    return std::nullopt;
  }
  t = t.substr(root.size(), t.size() - root.size() - kTail.size());  // "<event>/hub/<hub>"
  const std::size_t slash = t.find('/');
  if (slash == std::string_view::npos || t.substr(slash, 5) != "/hub/") return std::nullopt;
  AlertAcksTopic out{std::string(t.substr(0, slash)), std::string(t.substr(slash + 5))};
  if (!check_name("event", out.event).empty() || !check_name("hub", out.hub).empty()) return std::nullopt;
  return out;
}

std::string assignment_topic(std::string_view event, std::string_view board) {
  return std::string(kTopicRoot) + "/" + std::string(event) + "/" + std::string(board) + "/assignment";
}

std::optional<ParsedTopic> parse_topic(std::string_view t) {
  std::string_view parts[4];
  for (int i = 0; i < 4; ++i) {
    std::size_t slash = t.find('/');
    if (i < 3 && slash == std::string_view::npos) return std::nullopt;
    parts[i] = i < 3 ? t.substr(0, slash) : t;
    if (i < 3) t.remove_prefix(slash + 1);
  }
  if (parts[0] != kTopicRoot || parts[3].find('/') != std::string_view::npos) return std::nullopt;
  if (!check_name("event", parts[1]).empty() || !check_name("board", parts[2]).empty()) return std::nullopt;
  for (const auto& [l, n] : kLeaves) {
    if (n == parts[3]) return ParsedTopic{std::string(parts[1]), std::string(parts[2]), l};
  }
  return std::nullopt;
}

}  // namespace tabula::hub
