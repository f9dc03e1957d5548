#include "event/trf.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

#include "event/standings.h"
#include "core/player_name.h"
#include "core/utf8_text.h"

namespace tabula::event {
namespace {

constexpr int kMaxNumber = 9999;  // four columns

// What a message quotes of a file that came from elsewhere (a pairing
// program's TRF or list, edited by anyone): shown safely and short (session
// 17: a line holding "\x1b]0;...\x07\x1b[2J" was printed as it was, setting
// the arbiter's terminal title and clearing the screen; a line of 64 MB was
// printed whole). core::shown_text: an escape as "<U+001B>", a byte that is
// not UTF-8 as "<0xFF>", at most 80 characters then "...".
std::string as_read(const std::string& text) { return core::shown_text(text, 80); }

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(' ');
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

// Columns are characters (s14): TRF-16's positions, as bbpPairings (which
// decodes each line's UTF-8 into code points) and JaVaFo (Java strings) read
// them; a name of Cyrillic letters takes as many columns as letters. A byte
// that is not UTF-8 counts as one column (a Latin-1 file's letter).
// The byte offset of column `col` (1-based) of `line`; line.size() past its end.
std::size_t byte_of_column(const std::string& line, std::size_t col) {
  std::size_t at = 0;
  for (std::size_t c = 1; c < col && at < line.size(); ++c) at += std::max<std::size_t>(1, core::utf8_length(line, at));
  return at;
}

std::size_t columns_of(const std::string& line) { return core::utf8_count(line); }

std::string cols(const std::string& line, std::size_t first, std::size_t last) {  // 1-based, inclusive
  const std::size_t a = byte_of_column(line, first);
  if (a >= line.size()) return "";
  return line.substr(a, byte_of_column(line, last + 1) - a);
}

// A whole number (blank = 0) in a field; false when it is not one.
bool number_in(const std::string& field, int& out) {
  const std::string t = trim(field);
  out = 0;
  if (t.empty()) return true;
  if (t.size() > 6) return false;
  for (char c : t) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

bool points_in(const std::string& field, double& out) {
  const std::string t = trim(field);
  out = 0;
  if (t.empty()) return true;
  int whole = 0, tenth = 0;
  const auto dot = t.find('.');
  if (!number_in(t.substr(0, dot), whole)) return false;
  if (dot != std::string::npos) {
    const std::string frac = t.substr(dot + 1);
    if (frac.size() != 1 || !number_in(frac, tenth)) return false;
  }
  out = whole + tenth / 10.0;
  return true;
}

void put(std::string& line, std::size_t first, const std::string& text) {  // 1-based column, in characters
  const std::size_t width = core::utf8_count(text);
  const std::size_t have = columns_of(line);
  if (have < first - 1 + width) line.append(first - 1 + width - have, ' ');
  const std::size_t a = byte_of_column(line, first);
  line.replace(a, byte_of_column(line, first + width) - a, text);
}

std::string right(int v, int width, bool blank_zero) {
  if (blank_zero && v == 0) return std::string(static_cast<std::size_t>(width), ' ');
  std::string s = std::to_string(v);
  return std::string(static_cast<std::size_t>(std::max(0, width - static_cast<int>(s.size()))), ' ') + s;
}

std::string player_line(const TrfPlayer& p) {
  std::string line = "001";
  put(line, 5, right(p.number, 4, false));
  put(line, 10, p.sex_title);
  put(line, 15, std::string(core::utf8_prefix_chars(p.name, 33)));  // columns 15-47: 33 characters
  put(line, 49, right(p.rating, 4, true));
  put(line, 54, p.federation);
  put(line, 58, p.fide_id);
  put(line, 70, p.birth);
  char pts[16];
  std::snprintf(pts, sizeof pts, "%4.1f", p.points);
  put(line, 81, pts);
  put(line, 86, right(p.rank, 4, true));
  for (std::size_t r = 0; r < p.games.size(); ++r) {
    const TrfGame& g = p.games[r];
    const std::size_t at = 92 + 10 * r;
    put(line, at, g.blank_opponent ? "    " : g.opponent == 0 ? "0000" : right(g.opponent, 4, false));
    put(line, at + 5, std::string(1, g.colour));
    put(line, at + 7, std::string(1, g.result));
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

bool parse_player(const std::string& line, TrfPlayer& p, std::string& error) {
  auto fail = [&](std::size_t col, const std::string& what) {
    error = "column " + std::to_string(col) + ": " + what;
    return false;
  };
  if (columns_of(line) < 84) return fail(columns_of(line) + 1, "a 001 line is at least 84 characters (through the points)");
  if (!number_in(cols(line, 5, 8), p.number) || p.number < 1) {
    return fail(5, "start number '" + as_read(cols(line, 5, 8)) + "' is not a number from 1");
  }
  p.sex_title = cols(line, 10, 13);
  p.name = trim(cols(line, 15, 47));
  if (p.name.empty()) return fail(15, "the name is empty");
  if (!number_in(cols(line, 49, 52), p.rating)) return fail(49, "rating '" + as_read(cols(line, 49, 52)) + "' is not a number");
  p.federation = cols(line, 54, 56);
  p.fide_id = cols(line, 58, 68);
  p.birth = cols(line, 70, 79);
  if (!points_in(cols(line, 81, 84), p.points)) return fail(81, "points '" + as_read(cols(line, 81, 84)) + "' are not a number");
  // Session 18 (the fuzzer's): "240" was read, then written "240.0" over
  // column 85, a file no longer readable; the column holds 99.5 at most.
  if (p.points > 99.5) return fail(81, "points '" + as_read(cols(line, 81, 84)) + "' are more than the column holds (99.5)");
  if (!number_in(cols(line, 86, 89), p.rank)) return fail(86, "rank '" + as_read(cols(line, 86, 89)) + "' is not a number");
  for (std::size_t at = 92; at <= columns_of(line); at += 10) {
    if (cols(line, at - 2, at - 1).find_first_not_of(' ') != std::string::npos) {
      return fail(at - 2, "a round's block starts at column " + std::to_string(at) + "; found '" +
                              as_read(cols(line, at - 2, at - 1)) + "' before it");
    }
    TrfGame g;
    const std::string opp = cols(line, at, at + 3);
    g.blank_opponent = trim(opp).empty();
    if (!number_in(opp, g.opponent) || g.opponent > kMaxNumber) {
      return fail(at, "opponent '" + as_read(opp) + "' is not a start number");
    }
    if (g.opponent == p.number) return fail(at, "a player cannot meet themself");
    const std::string c = cols(line, at + 5, at + 5);
    g.colour = c.empty() ? ' ' : c[0];
    if (c.size() > 1 || std::string("wb- ").find(g.colour) == std::string::npos) {
      return fail(at + 5, "colour '" + as_read(c) + "' is not w, b or -");
    }
    const std::string r = cols(line, at + 7, at + 7);
    g.result = r.empty() ? ' ' : r[0];
    if (r.size() > 1 || std::string("10=+-WDLHFUZ ").find(g.result) == std::string::npos) {
      return fail(at + 7, "result '" + as_read(r) + "' is not one of 1 0 = + - W D L H F U Z");
    }
    if (trim(cols(line, at + 4, at + 4) + cols(line, at + 6, at + 6)) != "") {
      return fail(at + 4, "a round's block is 'NNNN c r' with single spaces");
    }
    p.games.push_back(g);
  }
  return true;
}

}  // namespace

// TRF-16 has one code for a forfeit win, "+", and no record for its points:
// the points column (81-84) holds the total, and a forfeit win is taken as a
// win (1 point) by the programs that add the codes up. TRF-2026 (FIDE
// Handbook C.04 Annex 2, approved 2025) adds record 299, "abnormal
// assignment points": column 5 the code ("+"), 14-17 the points ("[-]11.5"),
// 20-22 the round, then the players' start numbers in columns 24-27,
// 29-32, ... The forfeit wins of round `r` (0-based) worth other than 1 (the
// house rule --forfeit-points) as one such line; empty when there is none.
std::string abnormal_forfeit_line(const Section& s, std::size_t r) {
  if (s.format != Format::kTwoPlayer || r >= s.played.size()) return "";
  std::vector<int> winners;
  double worth = 1;
  for (const Table& t : s.played[r].tables) {
    if (!t.forfeited() || t.seats.size() != 2) continue;
    for (std::size_t i = 0; i < 2; ++i) {
      if (t.is_absent(t.seats[i])) continue;
      worth = forfeit_points_of(s, t, i);
      winners.push_back(t.seats[i].value + 1);
    }
  }
  if (winners.empty() || worth == 1) return "";
  std::sort(winners.begin(), winners.end());
  char points[16];
  std::snprintf(points, sizeof points, "%4.1f", worth);
  std::string line = "299 +";
  put(line, 14, points);
  put(line, 20, right(static_cast<int>(r + 1), 3, false));
  for (std::size_t k = 0; k < winners.size(); ++k) put(line, 24 + 5 * k, right(winners[k], 4, false));
  return line;
}

std::optional<TrfDocument> parse_trf(const std::string& text, std::string& error) {
  TrfDocument doc;
  doc.crlf = text.find("\r\n") != std::string::npos;
  doc.final_newline = !text.empty() && text.back() == '\n';
  std::istringstream in(text);
  std::set<int> numbers;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\0') != std::string::npos) {
      error = "line " + std::to_string(line_no) + ": a NUL byte; this is not a TRF text file";
      return std::nullopt;
    }
    if (line.rfind("001", 0) == 0) {
      TrfPlayer p;
      std::string why;
      if (!parse_player(line, p, why)) {
        error = "line " + std::to_string(line_no) + ", " + why;
        return std::nullopt;
      }
      if (!numbers.insert(p.number).second) {
        error = "line " + std::to_string(line_no) + ": start number " + std::to_string(p.number) + " is used twice";
        return std::nullopt;
      }
      doc.lines.push_back({static_cast<int>(doc.players.size()), ""});
      doc.players.push_back(std::move(p));
    } else {
      doc.lines.push_back({-1, line});
    }
  }
  // Session 18 (the fuzzer's): the refusal names the player's line too,
  // as every other refusal of the file does. Each line read is one entry.
  for (std::size_t at = 0; at < doc.lines.size(); ++at) {
    const int i = doc.lines[at].player;
    if (i < 0) continue;
    const TrfPlayer& p = doc.players[static_cast<std::size_t>(i)];
    for (std::size_t r = 0; r < p.games.size(); ++r) {
      const int o = p.games[r].opponent;
      if (o != 0 && !numbers.count(o)) {
        error = "line " + std::to_string(at + 1) + ", player " + std::to_string(p.number) + ", round " +
                std::to_string(r + 1) + ": opponent " + std::to_string(o) + " has no 001 line";
        return std::nullopt;
      }
    }
  }
  return doc;
}

std::string write_trf(const TrfDocument& doc) {
  const std::string eol = doc.crlf ? "\r\n" : "\n";
  std::string out;
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    out += l.player >= 0 ? player_line(doc.players[static_cast<std::size_t>(l.player)]) : l.text;
    if (i + 1 < doc.lines.size() || doc.final_newline) out += eol;
  }
  return out;
}

TrfDocument trf_of(const Event& e, const Section& s) {
  TrfDocument doc;
  doc.lines.push_back({-1, "012 " + e.name + " " + s.name});
  doc.lines.push_back({-1, "062 " + std::to_string(s.players.size())});
  doc.lines.push_back({-1, "XXR " + std::to_string(s.rounds)});
  std::vector<StandingRow> rows = standings_of(s);
  for (std::size_t p = 0; p < s.players.size(); ++p) {
    TrfPlayer tp;
    tp.number = static_cast<int>(p + 1);
    tp.name = s.players[p].name;
    tp.rating = s.players[p].rating;
    doc.players.push_back(tp);
  }
  for (const StandingRow& r : rows) {
    TrfPlayer& tp = doc.players[static_cast<std::size_t>(r.player.value)];
    tp.points = r.points;
    tp.rank = r.place;
  }
  for (const Round& round : s.played) {
    for (TrfPlayer& tp : doc.players) tp.games.push_back({0, false, '-', 'Z'});  // absent unless seated
    for (const Table& t : round.tables) {
      for (std::size_t i = 0; i < 2 && t.seats.size() == 2; ++i) {
        TrfGame& g = doc.players[static_cast<std::size_t>(t.seats[i].value)].games.back();
        g.opponent = t.seats[1 - i].value + 1;
        g.colour = i == 0 ? 'w' : 'b';
        // A forfeit keeps the scheduled opponent and colour, with TRF-16's
        // "+" (forfeit win) or "-" (forfeit loss; both absent: both "-"): the
        // pairing programs then know the game was not played (no meeting, no
        // colour) and that the winner had a point without a game (no bye).
        // s14: a present player's forfeit win is "+" whatever it is worth;
        // a house rule's other value (--forfeit-points) goes in a 299 record
        // below, the points column keeps the true total.
        if (t.forfeited()) g.result = t.is_absent(t.seats[i]) ? '-' : '+';
        else if (!t.finished()) g.result = ' ';
        else if (t.ranks[i] == t.ranks[1 - i]) g.result = '=';
        else g.result = t.ranks[i] < t.ranks[1 - i] ? '1' : '0';
      }
    }
    for (PlayerId id : round.byes) {
      TrfGame& g = doc.players[static_cast<std::size_t>(id.value)].games.back();
      g.result = bye_points_of(s) >= 1 ? 'U' : bye_points_of(s) > 0 ? 'H' : 'Z';
    }
  }
  // A withdrawn player is not to be paired in the next round: a zero-point
  // bye there ("0000 - Z", as arbiters mark an absence for JaVaFo and
  // bbpPairings: a round already filled in is not paired).
  if (!s.round_open() && (s.rounds <= 0 || static_cast<int>(s.played.size()) < s.rounds)) {
    for (std::size_t p = 0; p < s.players.size(); ++p) {
      if (s.players[p].withdrawn) doc.players[p].games.push_back({0, false, '-', 'Z'});
    }
  }
  for (std::size_t p = 0; p < doc.players.size(); ++p) doc.lines.push_back({static_cast<int>(p), ""});
  for (std::size_t r = 0; r < s.played.size(); ++r) {
    const std::string line = abnormal_forfeit_line(s, r);
    if (!line.empty()) doc.lines.push_back({-1, line});
  }
  return doc;
}

PairingImport import_pairings(const Section& s, const std::string& text, const std::vector<std::string>& boards) {
  PairingImport out;
  const int n = static_cast<int>(s.players.size());
  std::vector<std::pair<int, int>> pairs;  // start numbers, white first
  std::vector<int> byes;
  std::istringstream probe(text);
  std::string first;
  while (std::getline(probe, first) && trim(first).empty()) {}
  if (!first.empty() && first.back() == '\r') first.pop_back();
  int count = 0;
  if (!trim(first).empty() && number_in(first, count)) {
    // The pairing list: "N", then N lines "WHITE BLACK".
    std::istringstream in(text);
    int line_no = 0;
    bool seen_count = false;
    for (std::string line; std::getline(in, line);) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (trim(line).empty()) continue;
      if (!seen_count) {
        seen_count = true;
        continue;
      }
      std::istringstream fields(line);
      std::string a, b, extra;
      fields >> a >> b >> extra;
      int w = 0, k = 0;
      if (b.empty() || !extra.empty() || !number_in(a, w) || !number_in(b, k)) {
        out.error = "line " + std::to_string(line_no) + ": '" + as_read(line) + "' is not two start numbers";
        return out;
      }
      if (k == 0) byes.push_back(w);
      else pairs.emplace_back(w, k);
    }
    if (static_cast<int>(pairs.size() + byes.size()) != count) {
      out.error = "line 1 announces " + std::to_string(count) + " pairs, the file has " +
                  std::to_string(pairs.size() + byes.size());
      return out;
    }
  } else {
    std::string why;
    auto doc = parse_trf(text, why);
    if (!doc) {
      out.error = why;
      return out;
    }
    // The file must be this section's: each start number the name this
    // section registered under it (as trf_of wrote it: the first 33 columns).
    // A TRF of another section or event numbers other people (s12).
    for (const TrfPlayer& p : doc->players) {
      if (p.number > n) {
        out.error = "player " + std::to_string(p.number) + " (" + as_read(p.name) + ") is not registered in section " + s.name +
                    " (1-" + std::to_string(n) + "): is this the TRF of another section?";
        return out;
      }
      const std::string mine = trim(std::string(core::utf8_prefix_chars(s.players[static_cast<std::size_t>(p.number - 1)].name, 33)));
      if (p.name != mine) {
        out.error = "player " + std::to_string(p.number) + " is " + as_read(p.name) + " in the file but " + mine +
                    " in section " + s.name + ": is this the TRF of another section?";
        return out;
      }
    }
    const std::size_t r = s.played.size();  // the round to read, 0-based
    for (const TrfPlayer& p : doc->players) {
      if (p.games.size() <= r) continue;
      const TrfGame& g = p.games[r];
      if (g.opponent == 0) {
        if (g.result == 'U' || g.result == 'F') byes.push_back(p.number);
        continue;
      }
      if (g.colour == 'w') pairs.emplace_back(p.number, g.opponent);
      else if (g.colour != 'b') {
        out.error = "player " + std::to_string(p.number) + ", round " + std::to_string(r + 1) + ": no colour for the game";
        return out;
      }
      // the black side is checked against its white partner's line below
      bool found = false;
      for (const TrfPlayer& q : doc->players) {
        if (q.number != g.opponent) continue;
        found = q.games.size() > r && q.games[r].opponent == p.number && q.games[r].colour != g.colour &&
                q.games[r].colour != '-';
      }
      if (!found) {
        out.error = "player " + std::to_string(p.number) + ", round " + std::to_string(r + 1) + ": opponent " +
                    std::to_string(g.opponent) + "'s line does not name them back with the other colour";
        return out;
      }
    }
    if (pairs.empty() && byes.empty()) {
      out.error = "the file has no pairings for round " + std::to_string(r + 1);
      return out;
    }
  }
  std::vector<int> seen(static_cast<std::size_t>(n) + 1, 0);
  auto take = [&](int number) {
    if (number < 1 || number > n) {
      out.error = "start number " + std::to_string(number) + " is not registered (1-" + std::to_string(n) + ")";
      return false;
    }
    if (s.players[static_cast<std::size_t>(number - 1)].withdrawn) {
      out.error = "start number " + std::to_string(number) + " (" + s.players[static_cast<std::size_t>(number - 1)].name +
                  ") has withdrawn";
      return false;
    }
    if (++seen[static_cast<std::size_t>(number)] > 1) {
      out.error = "start number " + std::to_string(number) + " is paired twice";
      return false;
    }
    return true;
  };
  for (auto [w, b] : pairs) {
    if (!take(w) || !take(b)) return out;
  }
  for (int b : byes) {
    if (!take(b)) return out;
  }
  for (int p = 1; p <= n; ++p) {
    if (!s.players[static_cast<std::size_t>(p - 1)].withdrawn && seen[static_cast<std::size_t>(p)] == 0) {
      out.error = "start number " + std::to_string(p) + " (" + s.players[static_cast<std::size_t>(p - 1)].name +
                  ") is neither paired nor given a bye";
      return out;
    }
  }
  if (pairs.size() > boards.size()) {
    out.error = counted(pairs.size(), "pair", "pairs") + " but " + counted(boards.size(), "board", "boards");
    return out;
  }
  for (std::size_t t = 0; t < pairs.size(); ++t) {
    Table table;
    table.number = static_cast<int>(t + 1);
    table.board = boards[t];
    table.seats = {PlayerId{pairs[t].first - 1}, PlayerId{pairs[t].second - 1}};
    out.round.tables.push_back(std::move(table));
  }
  for (int b : byes) out.round.byes.push_back(PlayerId{b - 1});
  return out;
}

}  // namespace tabula::event
