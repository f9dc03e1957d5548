// position_report.cpp — the accessibility queries (position_report.h).
#include "voice/position_report.h"

#include <algorithm>
#include <vector>

namespace tabula::voice {

const char* to_string(Query q) {
  switch (q) {
    case Query::kClocks:
      return "clocks";
    case Query::kLastMove:
      return "last-move";
    case Query::kTurn:
      return "turn";
    case Query::kPieces:
      return "pieces";
    case Query::kAgain:
      return "again";
  }
  return "?";
}

std::string plural(const std::string& noun) {
  if (noun.empty()) return noun;
  if (noun.size() >= 3 && noun.compare(noun.size() - 3, 3, "man") == 0) return noun.substr(0, noun.size() - 2) + "en";
  const char last = noun.back();
  const bool sibilant = last == 's' || last == 'x' || last == 'z' ||
                        (noun.size() >= 2 && (noun.compare(noun.size() - 2, 2, "ch") == 0 ||
                                              noun.compare(noun.size() - 2, 2, "sh") == 0));
  return noun + (sibilant ? "es" : "s");
}

std::string pieces_text(const core::Game& game, core::Seat seat) {
  const core::RuleSet& rules = game.rules();
  const core::Position& pos = game.position();
  // Piece types: chess's order first, then the file's.
  std::vector<int> order;
  for (char letter : std::string("KQRBNP")) {
    for (int k = 0; k < static_cast<int>(rules.pieces.size()); ++k) {
      if (rules.pieces[static_cast<std::size_t>(k)].letter == letter) order.push_back(k);
    }
  }
  for (int k = 0; k < static_cast<int>(rules.pieces.size()); ++k) {
    if (std::find(order.begin(), order.end(), k) == order.end()) order.push_back(k);
  }
  std::string text = game.seat_name(seat);
  if (game.status(seat) != core::SeatStatus::kLive) text += ", out of the game";
  text += ": ";
  bool any = false;
  for (int k : order) {
    std::vector<std::string> squares;
    for (int i = 0; i < core::kMaxSquares; ++i) {  // board order: rank by rank
      const core::Square q = static_cast<core::Square>(i);
      const core::Piece p = pos.at(q);
      if (!p.empty() && p.seat == seat && core::index_of(p.kind) == k) squares.push_back(rules.geometry.name(q));
    }
    if (squares.empty()) continue;
    const std::string& name = rules.pieces[static_cast<std::size_t>(k)].name;
    text += any ? "; " : "";
    text += (squares.size() == 1 ? name : plural(name)) + " ";
    for (std::size_t i = 0; i < squares.size(); ++i) text += (i ? ", " : "") + squares[i];
    any = true;
  }
  if (!any) text += "no pieces on the board";
  return text;
}

std::string last_move_text(const core::Game& game) {
  const auto& record = game.record();
  for (auto it = record.rbegin(); it != record.rend(); ++it) {
    // Markers (R resigned, T time, S stalemated) are not moves.
    if (it->text.size() == 1 && it->text[0] >= 'A' && it->text[0] <= 'Z') continue;
    if (it->text.empty()) continue;
    return "Last move: " + game.seat_name(it->seat) + ", " + it->text;
  }
  return "No move yet";
}

std::string turn_text(const core::Game& game) {
  if (game.outcome().over) return "The game is over";
  const core::Seat s = game.position().to_move();
  return s == core::kNoSeat ? "The game is over" : game.seat_name(s) + " to move";
}

std::string duration_text(session::Millis left) {
  const long long ms = std::max<long long>(0, left.count());
  if (ms < 10000) {
    const long long tenths = ms / 100;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " seconds";
  }
  const long long s = ms / 1000;
  const long long h = s / 3600, m = s / 60 % 60, sec = s % 60;
  auto unit = [](long long n, const char* one) {
    return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
  };
  std::string text;
  auto put = [&](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
  if (h) put(unit(h, "hour"));
  if (m) put(unit(m, "minute"));
  if (sec || text.empty()) put(unit(sec, "second"));
  return text;
}

std::string clocks_text(const session::Session& session, session::Millis now) {
  const auto& clock = session.clock();
  if (!clock) return "This game has no clock";
  const core::Game& game = session.game();
  const auto running = clock->state() == session::GameClock::State::kRunning ? clock->running() : std::nullopt;
  std::string text;
  for (int i = 0; i < clock->seat_count(); ++i) {
    text += i ? "; " : "";
    text += game.seat_name(core::seat_at(i)) + " ";
    if (clock->flagged(i)) {
      text += "time is up";
    } else {
      text += duration_text(clock->remaining(i, now));
      if (clock->retired(i)) text += ", out";
      if (running && *running == i) text += ", running";
    }
  }
  if (clock->state() == session::GameClock::State::kIdle) {
    text += "; the clock has not started";
  } else if (clock->state() != session::GameClock::State::kRunning) {
    text += "; the clock is stopped";
  }
  return text;
}

std::string query_text(const session::Session& session, Query q, core::Seat seat, session::Millis now) {
  switch (q) {
    case Query::kClocks:
      return clocks_text(session, now);
    case Query::kLastMove:
      return last_move_text(session.game());
    case Query::kTurn:
      return turn_text(session.game());
    case Query::kPieces:
      if (core::index_of(seat) >= session.game().rules().seat_count()) return "No such seat";
      return pieces_text(session.game(), seat);
    case Query::kAgain:
      return {};
  }
  return {};
}

}  // namespace tabula::voice
