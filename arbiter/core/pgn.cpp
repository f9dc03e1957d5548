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

bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

// A {comment}'s text: no '}' to close it early, no '{', no line break or
// other control character (each becomes a space).
std::string comment_text(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c == '{' || c == '}' || is_control(c)) c = ' ';
  }
  return out;
}

}  // namespace

std::string pgn_tag_line(std::string_view name, std::string_view value) {
  // PGN standard 8.1.1: a tag name is letters, digits and underscores.
  std::string out = "[";
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') out += c;
  }
  // PGN standard 7: in a string token '"' and '\\' are escaped with a
  // backslash; a non-printing character is not allowed (a space instead).
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += is_control(c) ? ' ' : c;
  }
  return out + "\"]\n";
}

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
    out += pgn_tag_line(t.name, t.value);
  }
  if (!has_result) out += pgn_tag_line("Result", result);
  if (o.over && !o.reason.empty()) {
    bool has_term = false;
    for (const PgnTag& t : tags) has_term = has_term || t.name == "Termination";
    if (!has_term) out += pgn_tag_line("Termination", o.reason);
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
        comment = "{" + comment_text(game.seat_name(e.seat) + (mt.marker == 'R' ? " resigns" : " lost on time")) + "} ";
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
    if (index < move_comments.size() && !move_comments[index].empty()) piece += " {" + comment_text(move_comments[index]) + "}";
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
    // A byte order mark (U+FEFF in UTF-8), as editors on Windows write at a
    // file's start (and as files joined end to end carry inside): no text.
    if (text.compare(i, 3, "\xEF\xBB\xBF") == 0) {
      advance(3);
      continue;
    }
    if (c == '[') {
      if (in_moves) flush();
      int tl = line;
      int tc = col;
      // [Name "value"]: the value is a string token (PGN standard 7), \" and
      // \\ escaped, so a ']' inside it does not end the tag. The
      // closing quote is the one followed by ']' (a site's unescaped inner
      // quotes are kept). The whole tag is on one line.
      std::size_t eol = text.find('\n', i);
      if (eol == std::string_view::npos) eol = text.size();
      std::size_t q1 = text.find('"', i);
      if (q1 == std::string_view::npos || q1 > eol) {
        std::size_t close = text.find(']', i);
        if (close == std::string_view::npos || close > eol) {
          return make_error("tag is not closed with ']' on its line", tl, tc);
        }
        return make_error("tag needs a quoted value: [Name \"value\"]", tl, tc);
      }
      std::string value;
      std::size_t close = std::string_view::npos;
      // First with the escapes; a value that only closes without them (a
      // site's "C:\" ending in a backslash) is read as written.
      for (bool escapes : {true, false}) {
        value.clear();
        for (std::size_t k = q1 + 1; k < eol && close == std::string_view::npos; ++k) {
          char d = text[k];
          if (escapes && d == '\\' && k + 1 < eol && (text[k + 1] == '"' || text[k + 1] == '\\')) {
            value += text[++k];
            continue;
          }
          if (d == '"') {
            std::size_t after = k + 1;
            while (after < eol && (text[after] == ' ' || text[after] == '\t' || text[after] == '\r')) ++after;
            if (after < eol && text[after] == ']') {
              close = after;
              break;
            }
          }
          value += d;
        }
        if (close != std::string_view::npos) break;
      }
      if (close == std::string_view::npos) {
        if (text.substr(q1 + 1, eol - q1 - 1).find(']') == std::string_view::npos) {
          return make_error("tag is not closed with ']' on its line", tl, tc);
        }
        return make_error("tag needs a quoted value: [Name \"value\"]", tl, tc);
      }
      std::string name(text.substr(i + 1, q1 - i - 1));
      while (!name.empty() && name.back() == ' ') name.pop_back();
      if (cur.tags.empty() && cur.moves.empty()) cur.line = tl;
      cur.tags.push_back({name, std::move(value)});
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
