// journal_header.cpp — a journal's header as rows of its `header` table and
// back: the settings it holds, the names checked before a journal is made,
// and every row checked as it is read (a hand-edited header is refused by
// name, never trusted). Split from journal.cpp in session 17 (issue 30 item
// 1: no file in arbiter/ over 800 lines).
#include "journal/journal_header.h"

#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <utility>

#include "core/player_name.h"
#include "core/quote.h"

namespace tabula::journal {

session::SessionSettings JournalHeader::settings() const {
  session::SessionSettings s;
  s.tracker.settle = session::Millis{settle_ms};
  s.tracker.settle_prefix = session::Millis{settle_prefix_ms};
  s.tracker.commit_at_once = commit_at_once;
  s.tracker.settle_slide = session::Millis{settle_slide_ms};
  s.tracker.sliding = sliding;
  s.tracker.slide_rest = session::Millis{slide_rest_ms};
  s.tracker.hold_warning = session::Millis{hold_warning_ms};
  s.promotion_timeout = session::Millis{promotion_timeout_ms};
  s.random_moves = random_any ? session::RandomMoves::kAcceptAnyLegal : session::RandomMoves::kRequireRequested;
  s.random_seed = seed;
  long long initial = 0, bonus = 0;
  int mode = 0;
  if (std::sscanf(time_control.c_str(), "%lld %lld %d", &initial, &bonus, &mode) == 3 && initial > 0 &&
      bonus >= 0 && mode >= 0 && mode <= static_cast<int>(session::TimingMode::kSimpleDelay)) {
    s.time_control = session::TimeControl{session::Millis{initial}, session::Millis{bonus},
                                          static_cast<session::TimingMode>(mode)};
  }
  return s;
}

void JournalHeader::set_settings(const session::SessionSettings& s) {
  settle_ms = s.tracker.settle.count();
  settle_prefix_ms = s.tracker.settle_prefix.count();
  commit_at_once = s.tracker.commit_at_once;
  settle_slide_ms = s.tracker.settle_slide.count();
  sliding = s.tracker.sliding;
  slide_rest_ms = s.tracker.slide_rest.count();
  hold_warning_ms = s.tracker.hold_warning.count();
  promotion_timeout_ms = s.promotion_timeout.count();
  random_any = s.random_moves == session::RandomMoves::kAcceptAnyLegal;
  seed = s.random_seed;
  time_control.clear();
  if (s.time_control) {
    time_control = std::to_string(s.time_control->initial.count()) + " " +
                   std::to_string(s.time_control->bonus.count()) + " " +
                   std::to_string(static_cast<int>(s.time_control->mode));
  }
}

std::map<std::string, std::string> header_rows(const JournalHeader& h) {
  std::string players;
  for (const std::string& p : h.players) players += (players.empty() ? "" : "\t") + p;
  return {{"variant", h.variant},
          {"start_name", h.start_name},
          {"start_position", h.start_position},
          {"settle_ms", std::to_string(h.settle_ms)},
          {"settle_prefix_ms", std::to_string(h.settle_prefix_ms)},
          {"commit_at_once", h.commit_at_once ? "on" : "off"},
          {"settle_slide_ms", std::to_string(h.settle_slide_ms)},
          {"sliding", h.sliding ? "on" : "off"},
          {"slide_rest_ms", std::to_string(h.slide_rest_ms)},
          {"hold_warning_ms", std::to_string(h.hold_warning_ms)},
          {"promotion_timeout_ms", std::to_string(h.promotion_timeout_ms)},
          {"random_moves", h.random_any ? "any" : "requested"},
          {"seed", std::to_string(h.seed)},
          {"time_control", h.time_control},
          {"created", h.created},
          {"event", h.event},
          {"site", h.site},
          {"players", players},
          {"bots", h.bots},
          {"hints", h.hints ? (*h.hints ? "on" : "off") : ""},
          {"blunder_check", h.blunder_check ? (*h.blunder_check ? "on" : "off") : ""}};
}

namespace {

bool read_int(const std::map<std::string, std::string>& m, const std::string& key, std::int64_t& out) {
  auto it = m.find(key);
  if (it == m.end() || it->second.empty()) return false;
  char* end = nullptr;
  long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (*end != '\0') return false;
  out = v;
  return true;
}

}  // namespace

// The names of a new journal's header, by the one rule (core/player_name.h);
// "" when all are good. The callers check them too (with their own option
// names); this is the backstop, so that no caller writes what a reader
// would have to show as refused.
std::string header_names_problem(const JournalHeader& h) {
  for (std::size_t i = 0; i < h.players.size(); ++i) {
    if (h.players[i].empty()) continue;  // a seat without a name ("?")
    if (std::string why = core::player_name_problem(h.players[i]); !why.empty()) {
      return "player " + std::to_string(i + 1) + " \"" + core::shown_text(h.players[i]) + "\" " + why;
    }
  }
  for (auto [key, text] : {std::pair{"event", &h.event}, std::pair{"site", &h.site}}) {
    if (text->empty()) continue;  // none given
    if (std::string why = core::text_problem(*text, core::kMaxLineChars); !why.empty()) {
      return std::string("the ") + key + " \"" + core::shown_text(*text, core::kMaxLineChars) + "\" " + why;
    }
  }
  return {};
}

JournalStatus read_header(const std::string& path, std::map<std::string, std::string>& m, JournalHeader& h) {
  std::int64_t seed = 0;
  if (m["variant"].empty() || m["start_position"].empty() || !read_int(m, "settle_ms", h.settle_ms) ||
      !read_int(m, "settle_prefix_ms", h.settle_prefix_ms) || !read_int(m, "hold_warning_ms", h.hold_warning_ms) ||
      !read_int(m, "promotion_timeout_ms", h.promotion_timeout_ms) || !read_int(m, "seed", seed)) {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's header is incomplete; it is left as it is");
  }
  h.variant = m["variant"];
  h.start_name = m["start_name"];
  h.start_position = m["start_position"];
  h.random_any = m["random_moves"] == "any";
  // Written before issue 18's commit at once: off, as it was played.
  if (m.count("commit_at_once") != 0 && m["commit_at_once"] != "on" && m["commit_at_once"] != "off") {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's commit_at_once " +
                                                           core::quote_input(m["commit_at_once"]) +
                                                           " is neither on nor off; it is left as it is");
  }
  h.commit_at_once = m["commit_at_once"] == "on";
  if (m.count("settle_slide_ms") != 0 && !read_int(m, "settle_slide_ms", h.settle_slide_ms)) {
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": the journal's settle_slide_ms " + core::quote_input(m["settle_slide_ms"]) +
                                   " is not a number; it is left as it is");
  }
  // Written before issue 27's sliding: off, as it was played.
  if (m.count("sliding") != 0 && m["sliding"] != "on" && m["sliding"] != "off") {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's sliding " + core::quote_input(m["sliding"]) +
                                                           " is neither on nor off; it is left as it is");
  }
  h.sliding = m["sliding"] == "on";
  if (m.count("slide_rest_ms") != 0 && !read_int(m, "slide_rest_ms", h.slide_rest_ms)) {
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": the journal's slide_rest_ms " + core::quote_input(m["slide_rest_ms"]) +
                                   " is not a number; it is left as it is");
  }
  // Each duration within what the shells accept (session_options.cpp): a
  // header edited to a huge or negative one would overflow every deadline.
  for (auto [key, value, lo, hi] :
       {std::tuple{"settle_ms", h.settle_ms, 10LL, 60000LL}, std::tuple{"settle_prefix_ms", h.settle_prefix_ms, 10LL, 60000LL},
        std::tuple{"settle_slide_ms", h.settle_slide_ms, 10LL, 60000LL},
        std::tuple{"slide_rest_ms", h.slide_rest_ms, 10LL, 60000LL},
        std::tuple{"hold_warning_ms", h.hold_warning_ms, 0LL, 3600000LL},
        std::tuple{"promotion_timeout_ms", h.promotion_timeout_ms, 0LL, 3600000LL}}) {
    if (value < lo || value > hi) {
      return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's " + key + " " +
                                                             std::to_string(value) + " is not from " +
                                                             std::to_string(lo) + " to " + std::to_string(hi) +
                                                             "; it is left as it is");
    }
  }
  h.time_control = m["time_control"];
  if (!h.time_control.empty() && !h.settings().time_control) {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's time control " + core::quote_input(h.time_control) +
                                                           " is not one; it is left as it is");
  }
  // The largest a time control of `--clock` can be (clock.h's amount: 12
  // digits of minutes, of seconds): past it the clock's sums overflow.
  if (const auto tc = h.settings().time_control;
      tc && (tc->initial.count() > 999999999999LL * 60000 || tc->bonus.count() > 999999999999LL * 1000)) {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's time_control " + core::quote_input(h.time_control) +
                                                           " is larger than any clock; it is left as it is");
  }
  h.seed = static_cast<std::uint64_t>(seed);
  h.created = m["created"];
  // Names and texts recorded before the one name rule (core/player_name.h),
  // or by a hand that edited the file, are shown safely: a bidi override or
  // a line break as "<U+202E>", a stray byte as "<0xFF>". The file keeps
  // what it holds; the moves replay as they were.
  h.event = core::shown_text(m["event"], core::kMaxLineChars);
  h.site = core::shown_text(m["site"], core::kMaxLineChars);
  h.bots = m["bots"];  // issue 33; none in journals written before bots
  // Issue 33 item 3: "" (written before the switches) leaves them to the kiosk's options.
  for (auto [key, field] : {std::pair{"hints", &h.hints}, std::pair{"blunder_check", &h.blunder_check}}) {
    const std::string& v = m[key];
    if (v.empty()) continue;
    if (v != "on" && v != "off") {
      return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal's " + key + " " + core::quote_input(v) +
                                                             " is neither on nor off; it is left as it is");
    }
    *field = v == "on";
  }
  h.players.clear();
  const std::string& p = m["players"];
  for (std::size_t at = 0; !p.empty() && at <= p.size();) {
    std::size_t end = p.find('\t', at);
    h.players.push_back(core::shown_text(p.substr(at, end == std::string::npos ? std::string::npos : end - at)));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return JournalStatus::good();
}

}  // namespace tabula::journal
