#include "cli/resume_check.h"

#include <functional>
#include <vector>

#include "cli/session_options.h"
#include "session/bot_seats.h"
#include "session/clock.h"

namespace tabula::cli {

namespace {

std::string clock_words(const std::optional<session::TimeControl>& tc) {
  return tc ? session::describe(*tc) : std::string("no clock");
}

std::string ms_words(session::Millis ms) { return std::to_string(ms.count()) + " ms"; }

std::string on_off(bool on) { return on ? "on" : "off"; }

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

int resume_options_agree(const Options& o, const journal::JournalHeader& h, const core::RuleSet& rules,
                         const std::string& path, std::ostream& err) {
  // What the options say, over the journal's own settings (an option left
  // out keeps the journal's value, so it never disagrees).
  const session::SessionSettings kept = h.settings();
  session::SessionSettings given = kept;
  if (!read_session_settings(o, given, err)) return 2;
  struct Check {
    const char* option;
    std::function<std::string(const session::SessionSettings&)> words;
  };
  const std::vector<Check> settings_checks = {
      {"clock", [](const session::SessionSettings& s) { return clock_words(s.time_control); }},
      {"settle-ms", [](const session::SessionSettings& s) { return ms_words(s.tracker.settle); }},
      {"settle-slide-ms", [](const session::SessionSettings& s) { return ms_words(s.tracker.settle_slide); }},
      {"slide-rest-ms", [](const session::SessionSettings& s) { return ms_words(s.tracker.slide_rest); }},
      {"promotion-timeout-ms", [](const session::SessionSettings& s) { return ms_words(s.promotion_timeout); }},
      {"sliding", [](const session::SessionSettings& s) { return on_off(s.tracker.sliding); }},
      {"commit-at-once", [](const session::SessionSettings& s) { return on_off(s.tracker.commit_at_once); }},
      {"random-moves",
       [](const session::SessionSettings& s) {
         return std::string(s.random_moves == session::RandomMoves::kAcceptAnyLegal ? "any" : "requested");
       }},
      {"seed", [](const session::SessionSettings& s) { return std::to_string(s.random_seed); }},
  };
  std::vector<std::string> problems;
  auto disagree = [&](const std::string& option, const std::string& says, const std::string& journal_says) {
    problems.push_back("--" + option + " says " + says + ", but the journal's game was begun with " + journal_says);
  };
  for (const Check& c : settings_checks) {
    if (!o.values.count(c.option)) continue;
    if (c.words(given) != c.words(kept)) disagree(c.option, c.words(given), c.words(kept));
  }
  // The game's own words: its start and the record's header.
  auto text_check = [&](const char* option, const std::string& journal_value) {
    auto it = o.values.find(option);
    if (it != o.values.end() && it->second != journal_value) {
      disagree(option, quoted(it->second), journal_value.empty() ? "none" : quoted(journal_value));
    }
  };
  text_check("start", h.start_name);
  text_check("fen", h.start_position);
  text_check("fen4", h.start_position);
  text_check("event", h.event);
  text_check("site", h.site);
  if (auto it = o.values.find("bots"); it != o.values.end()) {
    auto bots = session::parse_bot_seats(it->second, rules);
    if (!bots.ok()) {
      err << "tabula: --" << bots.error().message << "\n";
      return 2;
    }
    const std::string says = session::to_text(*bots, rules);
    // Typed play needs --bots to be typed play at all: the journal's is the
    // one to give.
    if (says != h.bots) {
      problems.push_back("--bots says " + quoted(says) + ", but the journal's game was begun with " +
                         (h.bots.empty() ? std::string("none") : quoted(h.bots)) +
                         "; a resumed game keeps its journal's bots (give --bots " +
                         (h.bots.empty() ? std::string("as the journal has them") : h.bots) + ")");
    }
  }
  for (const std::string& p : problems) {
    err << "tabula: " << path << ": " << p;
    if (p.rfind("--bots", 0) != 0) {
      err << "; a resumed game keeps its journal's settings (leave the option out, or give the journal's)";
    }
    err << "; the journal is left as it is\n";
  }
  return problems.empty() ? 0 : 1;
}

}  // namespace tabula::cli
