#include "hub/web/board_patch.h"

#include <map>

namespace tabula::hub::web {

namespace {

bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

void skip_space(std::string_view s, std::size_t& i) {
  while (i < s.size() && space(s[i])) ++i;
}

// Past one string starting at s[i] == '"'; false when it does not end.
bool skip_string(std::string_view s, std::size_t& i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      ++i;
      return true;
    }
  }
  return false;
}

// Past one value (string, number, literal, array, object) at s[i].
bool skip_value(std::string_view s, std::size_t& i) {
  if (i >= s.size()) return false;
  if (s[i] == '"') return skip_string(s, i);
  if (s[i] == '[' || s[i] == '{') {
    int depth = 0;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '"') {
        if (!skip_string(s, i)) return false;
        continue;
      }
      if (c == '[' || c == '{') ++depth;
      if (c == ']' || c == '}') --depth;
      ++i;
      if (depth == 0) return true;
    }
    return false;
  }
  const std::size_t start = i;
  while (i < s.size() && s[i] != ',' && s[i] != ']' && s[i] != '}' && !space(s[i])) ++i;
  return i > start;
}

// The square of a piece's text "[file,rank,...": "file,rank".
std::string_view square_of(std::string_view piece) {
  const std::size_t first = piece.find(',');
  const std::size_t second = first == std::string_view::npos ? first : piece.find(',', first + 1);
  return second == std::string_view::npos ? piece : piece.substr(1, second - 1);
}

}  // namespace

namespace {

// The members of the one object (`open` '{': "name":value) or array ('[':
// value) that is all of `json`, in order; an array's names are empty.
bool split_members(std::string_view json, char open, std::vector<std::pair<std::string_view, std::string_view>>& out) {
  out.clear();
  const char close = open == '{' ? '}' : ']';
  std::size_t i = 0;
  skip_space(json, i);
  if (i >= json.size() || json[i] != open) return false;
  ++i;
  skip_space(json, i);
  bool more = i >= json.size() || json[i] != close;
  if (!more) ++i;
  while (more) {
    skip_space(json, i);
    std::string_view key;
    if (open == '{') {
      if (i >= json.size() || json[i] != '"') return false;
      const std::size_t name = i + 1;
      if (!skip_string(json, i)) return false;
      key = json.substr(name, i - 1 - name);
      skip_space(json, i);
      if (i >= json.size() || json[i] != ':') return false;
      ++i;
      skip_space(json, i);
    }
    const std::size_t value = i;
    if (!skip_value(json, i)) return false;
    out.emplace_back(key, json.substr(value, i - value));
    skip_space(json, i);
    if (i >= json.size() || (json[i] != ',' && json[i] != close)) return false;
    more = json[i++] == ',';
  }
  skip_space(json, i);
  return i == json.size();
}

}  // namespace

bool split_fields(std::string_view json, std::vector<std::pair<std::string_view, std::string_view>>& out) {
  return split_members(json, '{', out);
}

bool split_elements(std::string_view json, std::vector<std::string_view>& out) {
  std::vector<std::pair<std::string_view, std::string_view>> members;
  out.clear();
  if (!split_members(json, '[', members)) return false;
  for (const auto& [name, value] : members) out.push_back(value);
  return true;
}

std::string board_patch(std::string_view before, std::string_view after) {
  std::vector<std::pair<std::string_view, std::string_view>> old_fields, new_fields;
  if (!split_fields(before, old_fields) || !split_fields(after, new_fields)) return {};
  if (old_fields.size() != new_fields.size()) return {};
  std::string_view board;
  for (std::size_t k = 0; k < new_fields.size(); ++k) {
    if (old_fields[k].first != new_fields[k].first) return {};
    if (new_fields[k].first == "board") board = new_fields[k].second;
  }
  if (board.empty()) return {};
  std::string out = "{\"board\":";
  out += board;
  for (std::size_t k = 0; k < new_fields.size(); ++k) {
    const auto& [name, value] = new_fields[k];
    if (name == "board" || value == old_fields[k].second) continue;
    std::vector<std::string_view> was, now;
    if (name == "pieces" && split_elements(old_fields[k].second, was) && split_elements(value, now)) {
      std::map<std::string_view, std::string_view> old_at, new_at;
      for (std::string_view p : was) old_at[square_of(p)] = p;
      for (std::string_view p : now) new_at[square_of(p)] = p;
      std::string del, add;
      for (const auto& [square, piece] : old_at) {
        if (!new_at.count(square)) del += (del.empty() ? "[" : ",[") + std::string(square) + "]";
      }
      for (std::string_view p : now) {
        auto it = old_at.find(square_of(p));
        if (it == old_at.end() || it->second != p) (add += add.empty() ? "" : ",") += p;
      }
      if (del.size() + add.size() + 30 < value.size()) {
        out += ",\"pieces_del\":[" + del + "],\"pieces_add\":[" + add + "]";
        continue;
      }
    }
    if (name == "seats" && split_elements(old_fields[k].second, was) && split_elements(value, now) &&
        was.size() == now.size()) {
      std::string at;
      for (std::size_t i = 0; i < now.size(); ++i) {
        if (now[i] != was[i]) (at += at.empty() ? "[" : ",[") += std::to_string(i) + "," + std::string(now[i]) + "]";
      }
      if (at.size() + 12 < value.size()) {
        out += ",\"seats_at\":[" + at + "]";
        continue;
      }
    }
    out += ",\"";
    out += name;
    out += "\":";
    out += value;
  }
  out += "}";
  return out;
}

}  // namespace tabula::hub::web
