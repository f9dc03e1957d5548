#include "journal/input_codec.h"

#include <charconv>
#include <cstdint>
#include <vector>

namespace tabula::journal {

const char* to_string(InputKind k) {
  switch (k) {
    case InputKind::kEvent: return "event";
    case InputKind::kSnapshot: return "snapshot";
    case InputKind::kTick: return "tick";
    case InputKind::kIntent: return "intent";
  }
  return "?";
}

namespace {

constexpr int kIntentNumbers = 13;

struct Encoder {
  EncodedInput operator()(const session::SquareEvent& e) const {
    return {InputKind::kEvent, e.time.count(),
            std::to_string(core::index_of(e.square)) + (e.occupied ? " 1" : " 0")};
  }
  EncodedInput operator()(const session::BoardSnapshot& s) const {
    std::string p;
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      if (s.cells.test(i)) p += (p.empty() ? "" : " ") + std::to_string(i);
    }
    return {InputKind::kSnapshot, s.time.count(), p};
  }
  EncodedInput operator()(const session::Tick& t) const { return {InputKind::kTick, t.time.count(), ""}; }
  EncodedInput operator()(const session::Intent& i) const {
    const std::int64_t n[kIntentNumbers] = {static_cast<std::int64_t>(i.kind),
                                            i.request,
                                            i.option,
                                            static_cast<std::int64_t>(i.piece),
                                            core::index_of(i.move.from),
                                            core::index_of(i.move.to),
                                            static_cast<std::int64_t>(i.move.kind),
                                            static_cast<std::int64_t>(i.move.promotion),
                                            i.move.castle,
                                            i.count,
                                            static_cast<std::int64_t>(i.seat),
                                            core::index_of(i.square),
                                            i.force ? 1 : 0};
    std::string p;
    for (std::int64_t v : n) p += std::to_string(v) + " ";
    p += i.text;
    return {InputKind::kIntent, i.time.count(), p};
  }
};

// Reads `count` integers separated by single spaces; `rest` gets what follows.
bool read_numbers(const std::string& p, std::size_t count, std::vector<std::int64_t>& out, std::string* rest) {
  std::size_t at = 0;
  while (out.size() < count || (count == 0 && at < p.size())) {
    std::size_t end = p.find(' ', at);
    std::string word = p.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (word.empty()) return false;
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || ptr != word.data() + word.size()) return false;
    out.push_back(v);
    if (end == std::string::npos) {
      at = p.size();
      break;
    }
    at = end + 1;
  }
  if (count != 0 && out.size() != count) return false;
  if (rest != nullptr) *rest = at <= p.size() ? p.substr(at) : "";
  return true;
}

bool in_range(std::int64_t v, std::int64_t lo, std::int64_t hi) { return v >= lo && v <= hi; }

}  // namespace

EncodedInput encode(const session::Input& in) { return std::visit(Encoder{}, in); }

std::optional<session::Input> decode(std::int64_t kind, std::int64_t time_ms, const std::string& payload) {
  std::string why;
  return decode(kind, time_ms, payload, why);
}

std::optional<session::Input> decode(std::int64_t kind, std::int64_t time_ms, const std::string& payload,
                                     std::string& why) {
  why = "a field out of range";
  session::Millis t{time_ms};
  if (time_ms < 0 || time_ms > session::kMaxInputTime.count()) return std::nullopt;
  std::vector<std::int64_t> n;
  switch (kind) {
    case static_cast<int>(InputKind::kEvent): {
      if (!read_numbers(payload, 2, n, nullptr) || !in_range(n[0], 0, core::kMaxSquares - 1) || !in_range(n[1], 0, 1)) {
        return std::nullopt;
      }
      return session::Input{session::SquareEvent{t, static_cast<core::Square>(n[0]), n[1] == 1}};
    }
    case static_cast<int>(InputKind::kSnapshot): {
      session::BoardSnapshot s;
      s.time = t;
      if (!payload.empty() && !read_numbers(payload, 0, n, nullptr)) return std::nullopt;
      for (std::int64_t c : n) {
        if (!in_range(c, 0, core::kMaxSquares - 1)) return std::nullopt;
        s.cells.set(static_cast<std::size_t>(c));
      }
      return session::Input{s};
    }
    case static_cast<int>(InputKind::kTick):
      return payload.empty() ? std::optional<session::Input>(session::Input{session::Tick{t}}) : std::nullopt;
    case static_cast<int>(InputKind::kIntent): {
      session::Intent i;
      i.time = t;
      if (!read_numbers(payload, kIntentNumbers, n, &i.text)) {
        // A row cut short (a damaged file, an edit): say so, not "out of range".
        std::vector<std::int64_t> some;
        if (read_numbers(payload, 0, some, nullptr) && some.size() < static_cast<std::size_t>(kIntentNumbers)) {
          why = "an intent cut short: " + std::to_string(some.size()) + " of its " + std::to_string(kIntentNumbers) +
                " numbers";
        }
        return std::nullopt;
      }
      if (!in_range(n[0], 0, static_cast<int>(session::IntentKind::kBotFallback))) {
        why = "an intent of kind " + std::to_string(n[0]) + ", unknown to this build (a newer build's journal?)";
        return std::nullopt;
      }
      // Each field as the shell writes it: a square, seat, piece kind or move
      // kind out of its range is a row edited or damaged (the session would
      // index its boards with it).
      auto square_ok = [](std::int64_t v) { return in_range(v, 0, core::kMaxSquares - 1) || v == 0xFFFF; };
      auto kind_ok = [](std::int64_t v) { return in_range(v, 0, core::kMaxPieceKinds - 1) || v == 0xFF; };
      if (!in_range(n[1], 0, 0xFFFFFFFFLL) || !in_range(n[2], INT32_MIN, INT32_MAX) || !kind_ok(n[3]) || !square_ok(n[4]) ||
          !square_ok(n[5]) || !in_range(n[6], 0, static_cast<int>(core::MoveKind::kPass)) || !kind_ok(n[7]) ||
          !in_range(n[8], 0, 255) || !in_range(n[9], INT32_MIN, INT32_MAX) ||
          !(in_range(n[10], 0, core::kMaxSeats - 1) || n[10] == 0xFF) || !square_ok(n[11]) || !in_range(n[12], 0, 1)) {
        return std::nullopt;
      }
      // s31-fallback: a Stockfish seat's fallback names its seat, a known
      // reason and Tabula's level (session/input.h).
      if (n[0] == static_cast<int>(session::IntentKind::kBotFallback)) {
        if (n[10] == 0xFF) {
          why = "a Stockfish fallback that names no seat";
          return std::nullopt;
        }
        if (!in_range(n[2], 0, session::kBotFallbackReasons - 1)) {
          why = "a Stockfish fallback with an unknown reason " + std::to_string(n[2]) + " (this build knows 0-" +
                std::to_string(session::kBotFallbackReasons - 1) + ")";
          return std::nullopt;
        }
        if (!in_range(n[9], 0, 8)) {
          why = "a Stockfish fallback to Tabula's level " + std::to_string(n[9]) + " (levels 1-8)";
          return std::nullopt;
        }
      }
      i.kind = static_cast<session::IntentKind>(n[0]);
      i.request = static_cast<std::uint32_t>(n[1]);
      i.option = static_cast<int>(n[2]);
      i.piece = static_cast<core::PieceKind>(n[3]);
      i.move.from = static_cast<core::Square>(n[4]);
      i.move.to = static_cast<core::Square>(n[5]);
      i.move.kind = static_cast<core::MoveKind>(n[6]);
      i.move.promotion = static_cast<core::PieceKind>(n[7]);
      i.move.castle = static_cast<std::uint8_t>(n[8]);
      i.count = static_cast<int>(n[9]);
      i.seat = static_cast<core::Seat>(n[10]);
      i.square = static_cast<core::Square>(n[11]);
      i.force = n[12] != 0;
      return session::Input{i};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace tabula::journal
