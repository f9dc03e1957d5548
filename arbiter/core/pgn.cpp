#include "core/pgn.h"

#include <cctype>
#include <algorithm>
#include <map>

#include "core/game.h"
#include "core/notation.h"

namespace tabula::core {

std::string PgnRecord::tag(std::string_view name) const {
  for (const PgnTag& t : tags) {
    if (t.name == name) return t.value;
  }
  return {};
}

namespace {

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// "12." or "12..." -> 12; otherwise -1.
// The largest move number read; a longer one is an error, never an overflow.
constexpr int kMaxMoveNumber = 99999;

// -1: not a move number; -2: a move number above kMaxMoveNumber.
int move_number(std::string_view t, std::size_t& consumed) {
  std::size_t i = 0;
  int n = 0;
  bool too_large = false;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) {
    if (n > kMaxMoveNumber) too_large = true;
    else n = n * 10 + (t[i] - '0');
    ++i;
  }
  if (i == 0 || i >= t.size() || t[i] != '.') return -1;
  if (too_large || n > kMaxMoveNumber) return -2;
  while (i < t.size() && t[i] == '.') ++i;
  consumed = i;
  return n;
}

}  // namespace

std::string write_pgn(const Game& game, const std::vector<PgnTag>& tags, const std::vector<std::string>& move_comments) {
  const RuleSet& rules = game.rules();
  bool four = rules.seat_count() > 2;
  std::string out;
  bool has_result = false;
  auto name_of = [&](Seat s) {
    for (const PgnTag& t : tags) {
      if (t.name == rules.seats[index_of(s)].name && !t.value.empty()) return t.value;
    }
    return rules.seats[index_of(s)].name;
  };
  std::string result;
  const Outcome& o = game.outcome();
  if (rules.ledger.kind != LedgerKind::kNone && four) {
    std::vector<Seat> order;
    for (int s = 0; s < rules.seat_count(); ++s) order.push_back(seat_at(s));
    for (std::size_t i = 0; i < order.size(); ++i) {
      result += (i ? " - " : "") + name_of(order[i]) + ": " + std::to_string(game.points(order[i]));
    }
  } else if (!o.over) {
    result = "*";
  } else if (o.draw) {
    result = "1/2-1/2";
  } else {
    Seat w = o.ranking.front();
    result = (w == seat_at(0) || game.teammates(w, seat_at(0))) ? "1-0" : "0-1";
  }
  for (const PgnTag& t : tags) {
    if (t.name == "Result") has_result = true;
    out += "[" + t.name + " \"" + t.value + "\"]\n";
  }
  if (!has_result) out += "[Result \"" + result + "\"]\n";
  if (o.over && !o.reason.empty()) {
    bool has_term = false;
    for (const PgnTag& t : tags) has_term = has_term || t.name == "Termination";
    if (!has_term) out += "[Termination \"" + o.reason + "\"]\n";
  }
  out += "\n";
  std::string line;
  int round = -1;
  std::string comment;  // two seats: how the game was left, before the result
  std::size_t entry = 0;
  for (Game::RecordEntry e : game.record()) {
    const std::size_t index = entry++;
    if (!four) {
      // Standard PGN (issue 17): a resignation or a flag fall is the result
      // and a comment, never an "R" / "T" move token (pgn-extract refuses it).
      MoveText mt = split_annotations(e.text);
      if (mt.marker == 'R' || mt.marker == 'T') {
        comment = "{" + game.seat_name(e.seat) + (mt.marker == 'R' ? " resigns" : " lost on time") + "} ";
        if (mt.move.empty()) continue;
        e.text.pop_back();
      }
    }
    std::string piece;
    if (e.round != round) {
      if (!line.empty()) {
        out += line + (four ? "\n" : " ");
        line.clear();
      }
      bool first_seat = !rules.turn_order.empty() && e.seat == rules.turn_order.front();
      round = e.round;
      // A record that starts with another seat to move: "1... e5".
      piece = std::to_string(round) + (!four && !first_seat && line.empty() && out.back() == '\n' ? "... " : ". ") + e.text;
    } else {
      piece = four ? ".. " + e.text : e.text;
    }
    if (index < move_comments.size() && !move_comments[index].empty()) piece += " {" + move_comments[index] + "}";
    line += (line.empty() ? "" : " ") + piece;
  }
  if (!line.empty()) out += line + (four ? "\n" : " ");
  if (!four) out += comment + (o.over ? result : "*") + "\n";
  return out;
}

Result<std::vector<PgnRecord>> parse_pgn(std::string_view text) {
  std::vector<PgnRecord> out;
  PgnRecord cur;
  bool in_moves = false;
  int line = 1;
  int col = 1;
  int round = 0;
  std::size_t i = 0;
  auto advance = [&](std::size_t n) {
    for (std::size_t k = 0; k < n && i < text.size(); ++k, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  };
  auto flush = [&]() {
    if (!cur.tags.empty() || !cur.moves.empty()) out.push_back(std::move(cur));
    cur = PgnRecord{};
    in_moves = false;
    round = 0;
  };
  while (i < text.size()) {
    char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      advance(1);
      continue;
    }
    if (c == '[') {
      if (in_moves) flush();
      int tl = line;
      int tc = col;
      std::size_t close = text.find(']', i);
      std::size_t eol = text.find('\n', i);
      if (close == std::string_view::npos || (eol != std::string_view::npos && close > eol)) {
        return make_error("tag is not closed with ']' on its line", tl, tc);
      }
      std::string_view body = text.substr(i + 1, close - i - 1);
      std::size_t q1 = body.find('"');
      std::size_t q2 = body.rfind('"');
      if (q1 == std::string_view::npos || q2 == q1) return make_error("tag needs a quoted value: [Name \"value\"]", tl, tc);
      std::string name(body.substr(0, q1));
      while (!name.empty() && name.back() == ' ') name.pop_back();
      if (cur.tags.empty() && cur.moves.empty()) cur.line = tl;
      cur.tags.push_back({name, std::string(body.substr(q1 + 1, q2 - q1 - 1))});
      advance(close - i + 1);
      continue;
    }
    in_moves = true;
    if (cur.line == 0) cur.line = line;
    if (c == '{') {
      int tl = line;
      int tc = col;
      std::size_t close = text.find('}', i);
      if (close == std::string_view::npos) return make_error("comment '{' is never closed", tl, tc);
      advance(close - i + 1);
      continue;
    }
    if (c == ';') {
      std::size_t eol = text.find('\n', i);
      advance((eol == std::string_view::npos ? text.size() : eol) - i);
      continue;
    }
    if (c == '(') {
      int tl = line;
      int tc = col;
      int depth = 0;
      while (i < text.size()) {
        char d = text[i];
        if (d == '{') {
          std::size_t close = text.find('}', i);
          if (close == std::string_view::npos) return make_error("comment '{' is never closed", line, col);
          advance(close - i + 1);
          continue;
        }
        if (d == '(') ++depth;
        if (d == ')' && --depth == 0) {
          advance(1);
          break;
        }
        advance(1);
      }
      if (depth != 0) return make_error("variation '(' is never closed", tl, tc);
      continue;
    }
    // A whitespace-delimited token.
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '{' &&
           text[end] != '(' && text[end] != ';') {
      ++end;
    }
    std::string_view tok = text.substr(i, end - i);
    int tl = line;
    int tc = col;
    advance(end - i);
    if (tok == "..") continue;
    if (tok[0] == '$') continue;  // NAG
    std::size_t consumed = 0;
    int n = move_number(tok, consumed);
    if (n == -2) {
      return make_error("move number '" + std::string(tok.substr(0, std::min<std::size_t>(tok.size(), 24))) +
                            "' is too large (at most " + std::to_string(kMaxMoveNumber) + ")",
                        tl, tc);
    }
    if (n >= 0) {
      round = n;
      tok.remove_prefix(consumed);
      tc += static_cast<int>(consumed);
      if (tok.empty()) continue;
    }
    if (is_result(tok)) {
      cur.result = std::string(tok);
      flush();
      continue;
    }
    cur.moves.push_back({std::string(tok), round, tl, tc});
  }
  flush();
  return out;
}

}  // namespace tabula::core
