#include "cli/event_commands.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include "cli/event_hub_commands.h"
#include "cli/options.h"
#include "core/player_name.h"
#include "core/quote.h"
#include "event/event_file.h"
#include "event/event_store.h"
#include "event/seating.h"
#include "event/standings.h"
#include "event/trf.h"
#include "hub/tournament.h"
#include "variants/variant_loader.h"
#include "journal/replace_file.h"

namespace tabula::cli {

const char* const kEventUsage = R"(  event new|section|register|withdraw|seat|result|forfeit|clear|... ...
                                    run an event: register players, seat rounds (four-player
                                    tables, teams, two-player Swiss), results, standings,
                                    TRF-16 (docs/EVENT.md; `tabula event` alone lists the forms)
)";

namespace {

using event::Event;
using event::Section;

constexpr const char* kForms = R"(usage: tabula event <what> --file F ...
  new --name EVENT --boards N|b1,b2,...
  section --name S --variant ID --format four|teams|two --rounds N [--bye-points P] [--forfeit-points P]
  register --section S --name NAME [--rating R] [--club C] [--team T]
  unregister --section S --name NAME          (a player never seated: registered by mistake)
  withdraw --section S --name NAME [--undo]
  seat --section S [--record R]
  unseat --section S                           (take back the last round while none of it has a result)
  result --section S --board B --ranks 0,1,2,3 [--round N]
  forfeit --section S --name NAME [--round N]  (NAME did not appear: the table's game is not played)
  clear --section S --board B [--round N]      (undo a table's result or forfeit)
  collect --record R
  standings --section S [--out FILE]
  trf --section S [--out FILE]
  pairings --section S PAIRINGS
  publish --section S --broker ADDR --arbiter-key F [--broker-user U --broker-password-file P] [--broker-ca CA]
  quality [--from 8] [--to 64] [--rounds 7] [--events 5] [--seed 1]   (no --file)
)";

std::string need(const Options& o, const std::string& name, bool& ok, std::ostream& err) {
  auto it = o.values.find(name);
  if (it == o.values.end() || it->second.empty()) {
    if (ok) err << "tabula event: --" << name << " is required\n";
    ok = false;
    return "";
  }
  return it->second;
}

// A name given on the command line is held to the rule event::check holds a
// loaded file to (event::name_problem, the one name rule of
// core/player_name.h), after losing the spaces typed around it.
bool one_line(const std::string& option, std::string& text, std::ostream& err) {
  const bool blank = !text.empty() && core::trim_spaces(text).empty();
  text = std::string(core::trim_spaces(text));
  const std::string problem = blank ? "is blank (only spaces)" : event::name_problem(text);
  if (!problem.empty()) {
    err << "tabula event: " << option << ": one line of printable text, at most 64 characters ("
        << core::quote_input(text) << " " << problem << ")\n";
  }
  return problem.empty();
}

// "" while no section of `e` has a round seated; else where one has
// ("section ffa has round 2 seated").
std::string under_way_in(const Event& e) {
  for (const Section& s : e.sections) {
    if (!s.played.empty()) return "section " + s.name + " has round " + std::to_string(s.played.size()) + " seated";
  }
  return "";
}

std::string opt(const Options& o, const std::string& name) {
  auto it = o.values.find(name);
  return it == o.values.end() ? "" : it->second;
}

bool write_out(const Options& o, const std::string& text, std::ostream& out, std::ostream& err) {
  const std::string path = opt(o, "out");
  if (path.empty()) {
    out << text;
    return true;
  }
  if (std::string problem = overwrite_problem(path, opt(o, "file")); !problem.empty()) {
    err << "tabula event: " << path << ": " << problem << "\n";
    return false;
  }
  // Session 16: F is replaced whole, never written through. Before, the
  // standings or TRF went through std::ofstream(F, trunc): a symbolic link
  // planted at F (to the event file's backup, a journal, any file of the
  // user's) had its target truncated and overwritten. Now anything at F but a
  // plain file is refused by name (a link, a FIFO, a device, a directory:
  // no --out prints to the terminal), and the text goes through
  // journal::replace_file (F.tmp made anew, fsynced, renamed over F: a crash
  // leaves the old F or the new one).
  std::error_code ec;
  const std::filesystem::file_status at = std::filesystem::symlink_status(path, ec);
  if (!ec && std::filesystem::exists(at) && !std::filesystem::is_regular_file(at)) {
    const auto t = at.type();
    using std::filesystem::file_type;
    err << "tabula event: " << path << ": is "
        << (t == file_type::symlink     ? "a symbolic link"
            : t == file_type::directory ? "a directory"
            : t == file_type::fifo      ? "a FIFO"
            : t == file_type::socket    ? "a socket"
                                        : "a device")
        << "; --out writes a new file or replaces a plain one, never through a link or into a device: "
           "name the file itself (without --out the text is printed); nothing was written\n";
    return false;
  }
  if (const std::string why = journal::replace_file(path, text); !why.empty()) {
    err << "tabula event: " << path << ": cannot be written (" << why << "); it is left as it was\n";
    return false;
  }
  out << "written " << path << "\n";
  return true;
}

// `--round N` (1 to the rounds seated; default the last) as an index into
// s.played; nullopt with the reason on `err`.
std::optional<std::size_t> round_of(const Options& o, const Section& s, std::ostream& err) {
  if (s.played.empty()) {
    err << "tabula event: section " << s.name << " has no round seated\n";
    return std::nullopt;
  }
  const std::string text = opt(o, "round");
  if (text.empty()) return s.played.size() - 1;
  long long r = 0;
  if (!parse_number(text, 1, static_cast<long long>(s.played.size()), r)) {
    err << "tabula event: --round " << text << ": section " << s.name << " has rounds 1 to " << s.played.size()
        << " seated\n";
    return std::nullopt;
  }
  return static_cast<std::size_t>(r - 1);
}

// The player of that name; nullopt, said on `err`, when none.
std::optional<event::PlayerId> registered(const Section& s, const std::string& name, std::ostream& err) {
  auto id = s.find(name);
  if (!id) err << "tabula event: " << name << " is not registered in section " << s.name << "\n";
  return id;
}

// The table of round `r` (an index) on `board`; null, said on `err`, when none.
event::Table* table_on(Section& s, std::size_t r, const std::string& board, std::ostream& err) {
  for (event::Table& t : s.played[r].tables) {
    if (t.board == board) return &t;
  }
  err << "tabula event: round " << r + 1 << " of section " << s.name << " has no table on board " << board << "\n";
  return nullptr;
}

// A table's result as the arbiter typed it: "ranks 0,2,1,3" or "forfeit: Ann absent".
std::string result_text(const Section& s, const event::Table& t) {
  if (t.forfeited()) {
    std::string names;
    for (event::PlayerId id : t.absent) names += (names.empty() ? "" : ", ") + s.player(id).name;
    return "forfeit, absent: " + names;
  }
  std::string ranks;
  for (int r : t.ranks) ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
  return "ranks " + ranks + (t.game_id.empty() ? "" : " (game " + t.game_id + ")");
}

// A section's variant must be one this build ships, with the format's seats:
// `--variant nosuch` was taken (s12) and only the boards found out.
std::string variant_problem(const std::string& id, event::Format format) {
  const std::vector<std::string> ids = variants::list_ids();
  if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
    std::string known;
    for (const std::string& v : ids) known += (known.empty() ? "" : ", ") + v;
    return "--variant " + id + ": not a shipped variant (" + (known.empty() ? "none found in " + variants::variants_dir() : known) + ")";
  }
  variants::LoadResult r = variants::load_id(id);
  if (!r.ok()) return "--variant " + id + ": " + r.diagnostics.front().to_string();
  const int seats = r.rules->seat_count();
  if (seats != event::seats_of(format)) {
    return "--variant " + id + " has " + std::to_string(seats) + " seats; a " + event::to_string(format) +
           " section needs a " + std::to_string(event::seats_of(format)) + "-seat variant";
  }
  return "";
}

// A number option that must fill its whole text and lie in [0, max]
// (`--bye-points 1.5x` had been read as 1.5).
bool points_option(const Options& o, const std::string& name, double max, double& out, std::ostream& err) {
  const std::string text = opt(o, name);
  if (text.empty()) return true;
  std::size_t used = 0;
  double v = -1;
  try {
    v = std::stod(text, &used);
  } catch (...) {
    used = 0;
  }
  if (used != text.size() || !(v >= 0 && v <= max)) {
    err << "tabula event: --" << name << " " << text << ": a number from 0 to " << max << "\n";
    return false;
  }
  out = v;
  return true;
}

void print_round(const Section& s, std::size_t r, std::ostream& out) {
  const event::Round& round = s.played[r];
  out << "Round " << r + 1 << " of section " << s.name << " (" << s.variant << ")\n";
  for (const event::Table& t : round.tables) {
    out << "  table " << t.number << " board " << t.board << ":";
    for (std::size_t i = 0; i < t.seats.size(); ++i) out << (i ? ", " : " ") << s.player(t.seats[i]).name;
    out << "\n";
  }
  for (event::PlayerId b : round.byes) out << "  bye: " << s.player(b).name << "\n";
}

int quality(const Options& o, std::ostream& out, std::ostream& err) {
  long long from = 8, to = 64, rounds = 7, events = 5, seed = 1;
  if (!number_option(o, "from", 4, 512, from, err) || !number_option(o, "to", 4, 512, to, err) ||
      !number_option(o, "rounds", 1, 30, rounds, err) || !number_option(o, "events", 1, 1000, events, err) ||
      !number_option(o, "seed", 0, 1LL << 31, seed, err)) {
    return 2;
  }
  out << "players rounds events | repeats: mean max (bound) | seat spread max, players > 1 | max byes | mean score spread\n";
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  for (long long n = from; n <= to; n += (n < 16 ? 1 : 4)) {
    double repeats = 0, spread_players = 0, score_spread = 0;
    int worst = 0, worst_spread = 0, bound = 0, byes = 0;
    for (long long k = 0; k < events; ++k) {
      Section s;
      s.name = "q";
      s.format = event::Format::kFourPlayer;
      s.rounds = static_cast<int>(rounds);
      for (long long i = 0; i < n; ++i) s.players.push_back({"P" + std::to_string(i + 1), 1000 + static_cast<int>(rng() % 1500), "", "", false});
      std::vector<std::string> boards;
      for (long long b = 0; b < n / 4; ++b) boards.push_back("b" + std::to_string(b + 1));
      for (long long r = 0; r < rounds; ++r) {
        event::SeatingResult res = event::seat_next_round(s, boards);
        if (!res.ok()) {
          err << "tabula event quality: " << res.error << "\n";
          return 1;
        }
        for (event::Table& t : res.round.tables) {
          t.ranks = {0, 1, 2, 3};
          for (std::size_t i = 3; i > 0; --i) std::swap(t.ranks[i], t.ranks[rng() % (i + 1)]);
        }
        s.played.push_back(res.round);
      }
      const event::SeatingQuality q = event::quality_of(s);
      repeats += q.repeat_meetings;
      worst = std::max(worst, q.repeat_meetings);
      bound = std::max(bound, q.avoidable_bound);
      worst_spread = std::max(worst_spread, q.max_seat_spread);
      spread_players += q.players_unbalanced;
      byes = std::max(byes, q.max_byes);
      score_spread += q.mean_score_spread;
    }
    char line[200];
    std::snprintf(line, sizeof line, "%7lld %6lld %6lld | %7.2f %3d (%3d) | %3d %6.2f | %3d | %5.2f\n", n, rounds, events,
                  repeats / static_cast<double>(events), worst, bound, worst_spread,
                  spread_players / static_cast<double>(events), byes, score_spread / static_cast<double>(events));
    out << line;
  }
  return 0;
}

}  // namespace

int cmd_event(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 2) {
    err << kForms;
    return 2;
  }
  const std::string what = args[1];
  auto o = parse_options(args, 2,
                         {"file", "name", "boards", "variant", "format", "rounds", "bye-points", "section", "rating",
                          "club", "team", "record", "board", "ranks", "out", "from", "to", "events", "seed", "broker",
                          "broker-user", "broker-password-file", "broker-ca", "arbiter-key", "round", "forfeit-points"},
                         {"undo"}, "event " + what, err);
  if (!o) return 2;
  if (what == "quality") return quality(*o, out, err);
  bool ok = true;
  const std::string path = need(*o, "file", ok, err);
  if (!ok) return 2;

  Event e;
  if (what == "new") {
    e.name = need(*o, "name", ok, err);
    const std::string boards = need(*o, "boards", ok, err);
    if (!ok) return 2;
    long long count = 0;
    if (boards.find_first_not_of("0123456789") == std::string::npos) {
      if (!parse_number(boards, 1, 1000, count)) {
        err << "tabula event: --boards " << boards << ": a count from 1 to 1000, or the boards' names (t1,t2,...)\n";
        return 2;
      }
      for (long long b = 1; b <= count; ++b) e.boards.push_back("t" + std::to_string(b));
    } else {
      std::istringstream in(boards);
      for (std::string b; std::getline(in, b, ',');) {
        // "t1,,t2" or "t1,t1": a typing slip, not a board list.
        if (b.empty()) {
          err << "tabula event: --boards " << boards << ": an empty board name (two commas?)\n";
          return 2;
        }
        if (std::find(e.boards.begin(), e.boards.end(), b) != e.boards.end()) {
          err << "tabula event: --boards " << boards << ": board " << b << " is named twice\n";
          return 2;
        }
        e.boards.push_back(b);
      }
    }
    if (!one_line("--name", e.name, err)) return 2;
    for (std::string& b : e.boards) {
      if (!one_line("--boards", b, err)) return 2;
    }
    std::ifstream exists(path);
    if (exists) {
      err << "tabula event: " << path << " exists; an event file is never overwritten by `new`\n";
      return 1;
    }
  } else {
    std::vector<std::string> errors;
    auto loaded = event::load_event(path, errors);
    if (!loaded) {
      for (const std::string& m : errors) err << "tabula event: " << m << "\n";
      return 1;
    }
    e = std::move(*loaded);
  }

  // Session 27: a command that saves with --record made a missing record
  // silently, so a typo (`--record hbu.db`) sent the event to a new file and
  // the hall screen, reading hub.db, seemed to lose it. A record is made only
  // before the event is under way (no round seated: the first save with
  // --record), and said on stdout; once a round is seated a missing record
  // is a slip, refused before anything changes. (`collect` reads the record:
  // it must exist, session 26.)
  const std::string record = opt(*o, "record");
  bool record_made = false;
  if (!record.empty() && what != "collect" && what != "standings" && what != "trf" && what != "publish") {
    std::error_code ec;
    if (std::filesystem::symlink_status(record, ec).type() == std::filesystem::file_type::not_found) {
      const std::string under_way = under_way_in(e);
      if (!under_way.empty()) {
        err << "tabula event: " << record << ": no such tournament record, and event " << e.name
            << " is under way (" << under_way
            << "), so its record was made before: is the path right? Nothing was changed. (The hub makes a record "
               "when it starts with --record "
            << record << "; `tabula event` makes one only before an event's first round is seated.)\n";
        return 1;
      }
      record_made = true;
    } else {
      // A record that is there but is none (a directory, a journal, another
      // application's file) is refused now too, not after the event file
      // was saved.
      hub::TournamentRecord check;
      const journal::JournalStatus st = hub::TournamentRecord::open(record, check, hub::RecordOpen::kExisting);
      if (!st.ok()) {
        err << "tabula event: " << st.message << "; nothing was changed\n";
        return 1;
      }
    }
  }

  Section* s = nullptr;
  if (what != "new" && what != "section" && what != "collect") {
    const std::string name = need(*o, "section", ok, err);
    if (!ok) return 2;
    s = e.section(name);
    if (!s) {
      err << "tabula event: " << path << " has no section \"" << name << "\"\n";
      return 1;
    }
  }

  bool changed = what == "new";
  int rc = 0;
  if (what == "new") {
    out << "event " << e.name << " with " << event::counted(e.boards.size(), "board", "boards") << "\n";
  } else if (what == "section") {
    Section add;
    add.name = need(*o, "name", ok, err);
    add.variant = need(*o, "variant", ok, err);
    const std::string format = need(*o, "format", ok, err);
    long long rounds = 0;
    if (!ok || !number_option(*o, "rounds", 1, 99, rounds, err)) return 2;
    if (!one_line("--name", add.name, err)) return 2;
    auto f = event::parse_format(format);
    if (!f) {
      err << "tabula event: --format " << format << ": four, teams or two\n";
      return 2;
    }
    add.format = *f;
    add.rounds = static_cast<int>(rounds);
    if (const std::string why = variant_problem(add.variant, add.format); !why.empty()) {
      err << "tabula event: " << why << "\n";
      return 2;
    }
    if (!points_option(*o, "bye-points", event::kMaxByePoints, add.bye_points, err) ||
        !points_option(*o, "forfeit-points", event::max_points_of(add.format), add.forfeit_points, err)) {
      return 2;
    }
    if (e.section(add.name)) {
      err << "tabula event: section " << add.name << " exists\n";
      return 1;
    }
    e.sections.push_back(add);
    changed = true;
    out << "section " << add.name << ": " << add.variant << ", " << format << ", "
        << event::counted(static_cast<std::size_t>(rounds), "round", "rounds") << "\n";
  } else if (what == "register") {
    event::Player p;
    p.name = need(*o, "name", ok, err);
    long long rating = 0;
    if (!ok || !number_option(*o, "rating", 0, 4000, rating, err)) return 2;
    p.rating = static_cast<int>(rating);
    p.club = opt(*o, "club");
    p.team = opt(*o, "team");
    if (!one_line("--name", p.name, err) || !one_line("--club", p.club, err) || !one_line("--team", p.team, err))
      return 2;
    if (s->find(p.name)) {
      err << "tabula event: " << p.name << " is already registered in section " << s->name << "\n";
      return 1;
    }
    // "ann" after "Ann": the same player typed twice, not a second one.
    auto folded = [](std::string text) {
      for (char& c : text) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      return text;
    };
    for (const event::Player& other : s->players) {
      if (folded(other.name) == folded(p.name)) {
        err << "tabula event: " << p.name << ": section " << s->name << " has " << other.name
            << " registered already (names differing only in capitals are one player)\n";
        return 1;
      }
    }
    if (s->format == event::Format::kFourPlayerTeams && p.team.empty()) {
      err << "tabula event: section " << s->name << " is a teams section: --team is required\n";
      return 2;
    }
    if (s->format != event::Format::kFourPlayerTeams && !p.team.empty()) {
      err << "tabula event: --team " << p.team << ": section " << s->name << " is not a teams section ("
          << event::to_string(s->format) << ")\n";
      return 2;
    }
    if (!p.team.empty() && std::count_if(s->players.begin(), s->players.end(),
                                         [&](const event::Player& q) { return q.team == p.team; }) >= 2) {
      err << "tabula event: team " << p.team << " has two players already\n";
      return 1;
    }
    s->players.push_back(p);
    changed = true;
    out << "registered " << p.name << " (" << s->players.size() << " in section " << s->name << ")\n";
  } else if (what == "withdraw") {
    const std::string name = need(*o, "name", ok, err);
    if (!ok) return 2;
    const auto id = registered(*s, name, err);
    if (!id) return 1;
    event::Player& player = s->players[static_cast<std::size_t>(id->value)];
    const bool undo = o->values.count("undo") > 0;
    if (player.withdrawn != undo) {
      err << "tabula event: " << name << (undo ? " has not withdrawn" : " has withdrawn already") << "\n";
      return 1;
    }
    player.withdrawn = !undo;
    changed = true;
    out << name << (undo ? " back: seated again from the next round on\n" : " withdrawn from the next round on\n");
    if (!undo && s->round_open()) {
      for (const event::Table& t : s->played.back().tables) {
        if (!t.finished() && std::find(t.seats.begin(), t.seats.end(), *id) != t.seats.end()) {
          out << name << " is seated on board " << t.board << " in round " << s->played.size()
              << ", not finished: if the game is not played, `tabula event forfeit --name " << name << "`\n";
        }
      }
    }
  } else if (what == "unregister") {
    const std::string name = need(*o, "name", ok, err);
    if (!ok) return 2;
    const auto id = registered(*s, name, err);
    if (!id) return 1;
    // Only a player never seated: one who sat at a table or had a bye is in the
    // rounds' record (withdraw them instead).
    for (std::size_t r = 0; r < s->played.size(); ++r) {
      const event::Round& round = s->played[r];
      bool in = std::find(round.byes.begin(), round.byes.end(), *id) != round.byes.end();
      for (const event::Table& t : round.tables) in = in || std::find(t.seats.begin(), t.seats.end(), *id) != t.seats.end();
      if (in) {
        err << "tabula event: " << name << " is in round " << r + 1 << " of section " << s->name
            << ": a player with a round is withdrawn, not unregistered (`tabula event withdraw`)\n";
        return 1;
      }
    }
    // Later start numbers move up by one: the rounds refer to them by index.
    s->players.erase(s->players.begin() + id->value);
    auto shift = [&](event::PlayerId& p) {
      if (p.value > id->value) --p.value;
    };
    for (event::Round& round : s->played) {
      for (event::PlayerId& b : round.byes) shift(b);
      for (event::Table& t : round.tables) {
        for (event::PlayerId& p : t.seats) shift(p);
        for (event::PlayerId& p : t.absent) shift(p);
      }
    }
    changed = true;
    out << name << " unregistered (" << s->players.size() << " in section " << s->name << ")\n";
  } else if (what == "seat" && !variant_problem(s->variant, s->format).empty()) {
    // A hand-edited file's section: the boards could not play it.
    err << "tabula event: section " << s->name << ": " << variant_problem(s->variant, s->format) << "\n";
    return 1;
  } else if (what == "seat") {
    // Boards already taken by another section's open round are not offered.
    std::vector<std::string> boards;
    for (const std::string& b : e.boards) {
      bool busy = false;
      for (const Section& other : e.sections) {
        if (&other == s || !other.round_open()) continue;
        for (const event::Table& t : other.played.back().tables) busy = busy || (t.board == b && !t.finished());
      }
      if (!busy) boards.push_back(b);
    }
    event::SeatingResult res = event::seat_next_round(*s, boards);
    if (!res.ok()) {
      err << "tabula event: " << res.error << "\n";
      return 1;
    }
    s->played.push_back(res.round);
    changed = true;
    print_round(*s, s->played.size() - 1, out);
    if (!res.note.empty()) err << "tabula event: warning: " << res.note << "\n";
  } else if (what == "unseat") {
    // A round seated too early (a late arrival, a withdrawal not yet typed, a
    // pairing file of the wrong round): taken back while nothing of it is
    // recorded; a result or forfeit is never dropped this way.
    if (s->played.empty()) {
      err << "tabula event: section " << s->name << " has no round seated\n";
      return 1;
    }
    for (const event::Table& t : s->played.back().tables) {
      if (t.finished()) {
        err << "tabula event: round " << s->played.size() << ", board " << t.board << " has a result ("
            << result_text(*s, t) << "): a round with results is not taken back (clear them first)\n";
        return 1;
      }
    }
    out << "round " << s->played.size() << " of section " << s->name << " taken back:\n";
    print_round(*s, s->played.size() - 1, out);
    s->played.pop_back();
    changed = true;
  } else if (what == "result") {
    const std::string board = need(*o, "board", ok, err);
    const std::string ranks = need(*o, "ranks", ok, err);
    if (!ok) return 2;
    const auto r = round_of(*o, *s, err);
    if (!r) return 1;
    event::Table* table = table_on(*s, *r, board, err);
    if (!table) return 1;
    // A result is never replaced unseen: a board typed wrong would overwrite
    // another table's (s13). Clear it first, which prints what it was.
    if (table->finished()) {
      err << "tabula event: round " << *r + 1 << ", board " << board << " has its result already ("
          << result_text(*s, *table) << "); to correct it: tabula event clear --section " << s->name << " --board "
          << board << " --round " << *r + 1 << "\n";
      return 1;
    }
    std::vector<int> parsed;
    std::istringstream in(ranks);
    for (std::string rank; std::getline(in, rank, ',');) {
      long long v = 0;
      if (!parse_number(rank, 0, static_cast<long long>(table->seats.size()) - 1, v)) {
        err << "tabula event: --ranks " << ranks << ": '" << rank << "' is not a rank from 0 to "
            << table->seats.size() - 1 << "\n";
        return 2;
      }
      parsed.push_back(static_cast<int>(v));
    }
    if (parsed.size() != table->seats.size()) {
      err << "tabula event: --ranks " << ranks << ": " << event::counted(parsed.size(), "rank", "ranks") << " for "
          << event::counted(table->seats.size(), "seat", "seats") << "\n";
      return 2;
    }
    table->ranks = parsed;
    changed = true;
    out << "board " << board << ": result recorded\n";
    if (*r + 1 < s->played.size()) {
      out << "round " << *r + 1 << " corrected after round " << s->played.size()
          << " was seated: the standings change, the later rounds' seating stays as made\n";
    }
  } else if (what == "forfeit") {
    const std::string name = need(*o, "name", ok, err);
    if (!ok) return 2;
    const auto r = round_of(*o, *s, err);
    if (!r) return 1;
    const auto id = registered(*s, name, err);
    if (!id) return 1;
    event::Round& round = s->played[*r];
    event::Table* table = nullptr;
    for (event::Table& t : round.tables) {
      if (std::find(t.seats.begin(), t.seats.end(), *id) != t.seats.end()) table = &t;
    }
    if (!table) {
      const bool bye = std::find(round.byes.begin(), round.byes.end(), *id) != round.byes.end();
      err << "tabula event: " << name << " has " << (bye ? "the bye" : "no table") << " in round " << *r + 1
          << " of section " << s->name << ": nothing to forfeit\n";
      return 1;
    }
    if (table->is_absent(*id)) {
      err << "tabula event: " << name << " is recorded absent on board " << table->board << " in round " << *r + 1
          << " already\n";
      return 1;
    }
    if (!table->ranks.empty()) {
      err << "tabula event: round " << *r + 1 << ", board " << table->board << " was played (" << result_text(*s, *table)
          << "): a played game is not forfeited; if the result is wrong: tabula event clear --section " << s->name
          << " --board " << table->board << " --round " << *r + 1 << "\n";
      return 1;
    }
    table->absent.push_back(*id);
    changed = true;
    out << "round " << *r + 1 << ", board " << table->board << ": " << name
        << " absent, the game is not played (" << result_text(*s, *table) << ")\n";
    for (std::size_t i = 0; i < table->seats.size(); ++i) {
      out << "  " << s->player(table->seats[i]).name << " " << event::points_of(*s, *table, i) << "\n";
    }
  } else if (what == "clear") {
    const std::string board = need(*o, "board", ok, err);
    if (!ok) return 2;
    const auto r = round_of(*o, *s, err);
    if (!r) return 1;
    event::Table* table = table_on(*s, *r, board, err);
    if (!table) return 1;
    if (!table->finished()) {
      err << "tabula event: round " << *r + 1 << ", board " << board << " has no result to clear\n";
      return 1;
    }
    out << "round " << *r + 1 << ", board " << board << ": cleared " << result_text(*s, *table) << "\n";
    table->ranks.clear();
    table->absent.clear();
    table->game_id.clear();
    changed = true;
  } else if (what == "collect") {
    need(*o, "record", ok, err);
    if (!ok) return 2;
    rc = collect_event_results(e, record, out, err);
    changed = rc == 0;
  } else if (what == "standings") {
    if (!write_out(*o, event::format_standings(e, *s), out, err)) return 1;
  } else if (what == "trf") {
    if (s->format != event::Format::kTwoPlayer) {
      err << "tabula event: section " << s->name << " is not two-player; TRF-16 is for two-player sections\n";
      return 1;
    }
    if (!write_out(*o, event::write_trf(event::trf_of(e, *s)), out, err)) return 1;
    // s14: a forfeit win worth other than a win (the house rule) is "+" with
    // its points in a TRF-2026 299 record, which not every program reads.
    for (std::size_t r = 0; r < s->played.size(); ++r) {
      if (event::abnormal_forfeit_line(*s, r).empty()) continue;
      err << "tabula event: note: the forfeit wins are worth " << s->forfeit_points
          << " (--forfeit-points): written \"+\" with TRF-2026's 299 record of their points; a program that reads "
             "only TRF-16 counts them as wins (bbpPairings refuses the 299 record)\n";
      break;
    }
  } else if (what == "publish") {
    rc = publish_event_round(e, *s, *o, out, err);
  } else if (what == "pairings") {
    if (o->positional.size() != 1) {
      err << "tabula event pairings: one PAIRINGS file is needed\n";
      return 2;
    }
    if (s->round_open()) {
      err << "tabula event: section " << s->name << ": round " << s->played.size() << " still has tables without a result\n";
      return 1;
    }
    std::string text;
    if (std::string why; !read_text_file(o->positional[0], text, &why)) {
      err << "tabula event: " << o->positional[0] << ": cannot be read: " << why << "\n";
      return 1;
    }
    event::PairingImport got = event::import_pairings(*s, text, e.boards);
    if (!got.ok()) {
      err << "tabula event: " << o->positional[0] << ": " << got.error << "\n";
      return 1;
    }
    // A pairing program given a stale TRF (exported before the last round's
    // results, or of an earlier round) pairs players who have played each
    // other: said, naming the round they met, so the arbiter can `unseat`
    // (s13). A forfeited game is no meeting (FIDE C.04.1).
    const event::History before = event::history_of(*s);
    for (const event::Table& t : got.round.tables) {
      const auto a = static_cast<std::size_t>(t.seats[0].value), b = static_cast<std::size_t>(t.seats[1].value);
      if (before.met[a][b] == 0) continue;
      for (std::size_t r = 0; r < s->played.size(); ++r) {
        for (const event::Table& u : s->played[r].tables) {
          const bool both = std::find(u.seats.begin(), u.seats.end(), t.seats[0]) != u.seats.end() &&
                            std::find(u.seats.begin(), u.seats.end(), t.seats[1]) != u.seats.end();
          if (both && !u.forfeited()) {
            err << "tabula event: warning: " << s->player(t.seats[0]).name << " and " << s->player(t.seats[1]).name
                << " played each other in round " << r + 1
                << ": is this the pairing of a stale TRF? (`tabula event unseat` takes the round back)\n";
          }
        }
      }
    }
    s->played.push_back(got.round);
    changed = true;
    print_round(*s, s->played.size() - 1, out);
  } else {
    err << "tabula event: unknown form \"" << what << "\"\n" << kForms;
    return 2;
  }
  if (changed) {
    const std::vector<std::string> problems = event::check(e);
    if (!problems.empty()) {
      for (const std::string& p : problems) err << "tabula event: " << p << "\n";
      return 1;
    }
    std::string error;
    if (!event::save_event(e, path, error)) {
      err << "tabula event: " << error << "\n";
      return 1;
    }
    // Session 30: the record is written only when its copy of the event
    // differs (a collect that took nothing new changed not a byte of it).
    if (!record.empty() && (record_made || !event::EventStore::holds(record, e))) {
      event::EventStore store;
      journal::JournalStatus st = event::EventStore::open(record, store);
      if (st.ok()) st = store.save(e);
      if (!st.ok()) {
        err << "tabula event: " << st.message << "\n";
        return 1;
      }
      if (record_made) {
        out << record << ": a new tournament record, made for event " << e.name
            << " (start the hub with --record " << record << " to show it and record the games)\n";
      }
    }
  }
  return rc;
}

}  // namespace tabula::cli
