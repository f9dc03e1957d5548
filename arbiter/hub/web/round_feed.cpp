#include "hub/web/round_feed.h"

#include <algorithm>
#include <cctype>
#include <ctime>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "journal/archive.h"
#include "variants/variant_loader.h"

namespace tabula::hub::web {

std::string clk_comment(std::int64_t ms) {
  if (ms < 0) ms = 0;
  const std::int64_t s = ms / 1000;
  char buf[48];
  std::snprintf(buf, sizeof buf, "[%%clk %lld:%02lld:%02lld]", static_cast<long long>(s / 3600),
                static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  return buf;
}

std::string pgn_date(std::int64_t wall_ms) {
  if (wall_ms <= 0) return "????.??.??";
  const std::time_t t = static_cast<std::time_t>(wall_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t i2 = i;
      std::size_t j2 = j;
      while (i2 < a.size() && std::isdigit(static_cast<unsigned char>(a[i2]))) ++i2;
      while (j2 < b.size() && std::isdigit(static_cast<unsigned char>(b[j2]))) ++j2;
      std::string_view x = std::string_view(a).substr(i, i2 - i);
      std::string_view y = std::string_view(b).substr(j, j2 - j);
      while (x.size() > 1 && x.front() == '0') x.remove_prefix(1);
      while (y.size() > 1 && y.front() == '0') y.remove_prefix(1);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = i2;
      j = j2;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

namespace {

std::string player_or(const wire::BoardState& st, int seat, const std::string& fallback) {
  if (seat < st.seats_size() && !st.seats(seat).player().empty()) return st.seats(seat).player();
  return fallback;
}

// A four-seat record's player tag is named by the seat ([Red "Ann"]): the
// variant's own name for it when the variant is known, else the board's; a
// name that is not a tag name once cut to letters, digits and '_' (PGN 8.1.1),
// or that is a tag already written ([Event], a seat named twice), is
// "Seat<N>": what a board says cannot write or repeat another tag.
std::string seat_tag(const core::RuleSet* rules, const wire::BoardState& st, int seat,
                     const std::vector<core::PgnTag>& tags) {
  const std::string& said =
      rules && seat < rules->seat_count() ? rules->seats[static_cast<std::size_t>(seat)].name : st.seats(seat).name();
  std::string name;
  for (char c : said) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') name += c;
  }
  const bool taken = std::any_of(tags.begin(), tags.end(), [&](const core::PgnTag& t) { return t.name == name; });
  static const char* kOthers[] = {"Event", "Site", "Date", "Round", "Board", "Result", "Termination", "FEN", "SetUp"};
  const bool other = std::any_of(std::begin(kOthers), std::end(kOthers), [&](const char* t) { return name == t; });
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])) || taken || other) {
    return "Seat" + std::to_string(seat + 1);
  }
  return name;
}

// The result tag as the board's state has it (two seats).
std::string two_seat_result(const wire::BoardState& st) {
  if (!st.over()) return "*";
  if (st.draw() || st.ranking().empty()) return "1/2-1/2";
  return st.ranking(0) == 0 ? "1-0" : "0-1";
}

}  // namespace

std::string game_record(const wire::BoardState& st, const std::string& event, int round, const ClockMarks& clocks,
                        std::string& error) {
  const bool four = st.seats_size() > 2;
  const std::string start = st.start_position();
  variants::RecordStart rs = variants::record_start(st.variant(), four ? start : "", four ? "" : start, error);
  std::vector<core::PgnTag> tags;
  const std::string round_text = std::to_string(round);
  std::optional<core::Game> game;
  if (rs.rules) {
    core::SeatPoints points{};
    core::Result<core::Position> pos = rs.rules->four_player_notation ? core::parse_fen4(*rs.rules, rs.position, &points)
                                                                      : core::parse_fen(*rs.rules, rs.position);
    if (!pos.ok()) {
      error = "start '" + rs.position + "': " + pos.error().message;
    } else {
      core::PgnRecord rec;
      for (const std::string& m : st.record()) rec.moves.push_back({m, 0, 0, 0});
      core::ReplayResult r = core::replay(rs.rules, *pos, points, rec);
      if (!r.ok) {
        error = r.error;
      } else {
        game = std::move(r.game);
      }
    }
  }
  if (game && st.over() && !game->outcome().over) {
    const core::Seat winner = st.draw() || st.ranking().empty() ? core::kNoSeat : core::seat_at(st.ranking(0));
    game->adjudicate(st.draw() || winner == core::kNoSeat, winner);
  }
  if (!four) {
    tags = {{"Event", event},
            {"Site", st.site()},
            {"Date", pgn_date(st.wall_ms())},
            {"Round", round_text},
            {"White", player_or(st, 0, "?")},
            {"Black", player_or(st, 1, "?")},
            {"Result", two_seat_result(st)},
            {"Board", st.board()}};
    if (st.variant() != "chess") tags.push_back({"Variant", st.variant()});
    if (game && rs.rules) {
      const auto usual = core::parse_fen(*rs.rules, rs.rules->start_fen);
      const std::string from = core::to_fen(game->start());
      if (!usual.ok() || from != core::to_fen(*usual)) {
        tags.push_back({"SetUp", "1"});
        tags.push_back({"FEN", from});
      }
    }
  } else {
    tags = {{"Variant", st.variant()}, {"StartFen4", rs.named.empty() ? rs.position : rs.named}};
    for (int i = 0; i < st.seats_size(); ++i) {
      if (!st.seats(i).player().empty()) tags.push_back({seat_tag(rs.rules.get(), st, i, tags), st.seats(i).player()});
    }
    tags.push_back({"Event", event});
    tags.push_back({"Site", st.site()});
    tags.push_back({"Date", pgn_date(st.wall_ms())});
    tags.push_back({"Round", round_text});
    tags.push_back({"Board", st.board()});
  }
  if (st.over() && !st.result_reason().empty()) tags.push_back({"Termination", st.result_reason()});
  if (!game) {
    std::string out;
    for (const core::PgnTag& t : tags) out += core::pgn_tag_line(t.name, t.value);
    // The comment must not close early: '}' cannot appear inside a PGN comment.
    std::string why = error;
    for (char& c : why) {
      if (c == '}' || c == '{') c = ' ';
    }
    return out + "\n{the record does not replay here: " + why + "} " + (four ? "*" : two_seat_result(st)) + "\n";
  }
  std::vector<std::string> comments;
  if (!four) {
    int number = 0;
    for (const core::Game::RecordEntry& e : game->record()) {
      (void)e;
      ++number;
      auto it = clocks.find(number);
      comments.push_back(it == clocks.end() ? "" : clk_comment(it->second));
    }
  }
  // A name holding " - " or ": " would make the points ledger ambiguous.
  if (auto ledger = journal::unambiguous_ledger(*game, tags)) tags.push_back(*ledger);
  return core::write_pgn(*game, tags, comments);
}

}  // namespace tabula::hub::web
