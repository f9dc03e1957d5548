#include "cli/bot_play_command.h"

#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>

#include "cli/options.h"
#include "cli/play_header.h"
#include "cli/play_commands.h"
#include "cli/resume_check.h"
#include "cli/session_options.h"
#include "core/notation.h"
#include "engine/search.h"
#include "core/quote.h"
#include "journal/archive.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "session/bot_advice.h"
#include "session/bot_player.h"
#include "session/bot_seats.h"
#include "session/hint_words.h"
#include "session/player_words.h"
#include "session/virtual_hands.h"
#include "uci/table_bots.h"

// Section index: the table (session, journal, virtual hands), typed moves,
// tabula play (typed).

namespace tabula::cli {

namespace {

using session::Millis;

// ---- the table ------------------------------------------------------------------------

// The session, its journal (when kept) and the virtual hands' time.
class TypedTable {
 public:
  TypedTable(session::Session& s, journal::Journal* j, std::vector<std::string> players, std::ostream& out,
             std::ostream& err)
      : s_(s), j_(j), players_(std::move(players)), out_(out), err_(err) {}

  bool feed(const session::Input& in) {
    session::Output res = s_.handle(in);
    fed_.push_back(in);
    if (j_ != nullptr) {
      journal::JournalStatus st = j_->record(in, res, journal::wall_clock_ms());
      if (!st.ok()) {
        err_ << "tabula: " << st.message << "\n";
        return false;
      }
    }
    std::vector<std::string> lines;
    for (const session::Ruling& r : res.rulings) {
      if (r.severity == core::Severity::kInfo && r.kind == session::RulingKind::kRequest) continue;
      // A hint in the kiosk's words, "Hint for White: move the pawn from d2
      // to d4 (d2-d4)" (session/hint_words.h; s29-newuser: the notation alone).
      if (r.kind == session::RulingKind::kAdvice) {
        if (std::optional<std::string> words = session::hint_in_words(r, s_.game().position())) {
          lines.push_back(*words + " (" + r.text.substr(r.text.find(": ") + 2) + ")");
          continue;
        }
      }
      lines.push_back(r.text);
    }
    // s30-table: the players beside their seats, as the kiosk shows them
    // ("Hint for Ann (White)"); the journal keeps the session's own texts.
    for (std::string& line : lines) {
      line = session::with_players(line, s_.game().rules(), players_);
      out_ << "  " << line << "\n";
    }
    if (!lines.empty()) last_said_ = std::move(lines);
    return true;
  }
  // "again": the last ruling (or hint) printed, word for word, once more.
  void say_again() {
    if (last_said_.empty()) out_ << "  nothing has been said yet\n";
    for (const std::string& line : last_said_) out_ << "  " << line << "\n";
  }
  // "Ann (White)", or "White" unnamed.
  std::string seat_label(core::Seat seat) const { return session::seat_with_player(s_.game().rules(), seat, players_); }
  // Time passes: the session acts at its deadlines up to now + ms.
  bool wait(long ms) {
    const Millis until = s_.now() + Millis{ms};
    for (int guard = 0; guard < 1000; ++guard) {
      std::optional<Millis> d = s_.next_deadline();
      if (!d || *d > until) break;
      if (!feed(session::Input{session::Tick{*d}})) return false;
    }
    return feed(session::Input{session::Tick{until}});
  }
  bool events(const std::vector<session::SquareEvent>& evs) {
    for (const session::SquareEvent& e : evs) {
      if (!feed(session::Input{e})) return false;
    }
    return wait(2000);  // past the settle and slide-rest times
  }
  bool move(const core::Move& m) {
    if (!events(session::hand_events(s_.game(), m, s_.now() + Millis{200}))) return false;
    // The piece a pawn became, as the table would say it.
    for (const session::Request& r : s_.requests()) {
      if (r.options.empty() || m.promotion == core::kNoKind) continue;
      session::Intent c;
      c.time = s_.now();
      c.kind = session::IntentKind::kChoosePiece;
      c.piece = m.promotion;
      return feed(session::Input{c}) && wait(300);
    }
    return true;
  }
  bool intent(session::Intent i) {
    i.time = s_.now();
    return feed(session::Input{i});
  }
  // Lays out what the session asks for (the start, or a board to restore),
  // and lifts pieces the rules took off.
  bool tidy() {
    const core::SquareSet want = inference::occupancy_of(s_.snapshot().position);
    const core::SquareSet& have = s_.tracker().board().cells();
    std::vector<session::SquareEvent> evs;
    Millis t = s_.now() + Millis{100};
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (want.test(static_cast<std::size_t>(i)) != have.test(static_cast<std::size_t>(i))) {
        evs.push_back(session::SquareEvent{t, static_cast<core::Square>(i), want.test(static_cast<std::size_t>(i))});
        t += Millis{20};
      }
    }
    return evs.empty() ? true : events(evs);
  }

  // Every input fed, in order (the record's bot comments replay them).
  const std::vector<session::Input>& fed() const { return fed_; }

 private:
  session::Session& s_;
  journal::Journal* j_;
  std::vector<std::string> players_;  // seat order, "" unnamed
  std::vector<std::string> last_said_;
  std::ostream& out_;
  std::ostream& err_;
  std::vector<session::Input> fed_;
};

// ---- typed moves ----------------------------------------------------------------------

std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != '-' && c != 'x' && c != ' ' && c != '=' && c != '+' && c != '#') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// The legal move the words name: its long algebraic text (any case), or its
// squares with an optional promotion letter ("e7e8q").
std::optional<core::Move> typed_move(const core::Game& g, const std::string& words) {
  const core::Geometry& geo = g.rules().geometry;
  const std::string want = squeeze(words);
  for (const core::Move& m : g.legal_moves()) {
    if (squeeze(core::long_algebraic(g.position(), m)) == want) return m;
  }
  for (const core::Move& m : g.legal_moves()) {
    std::string sq = geo.name(m.from) + geo.name(m.to);
    if (m.promotion != core::kNoKind) {
      const auto& def = g.rules().pieces[static_cast<std::size_t>(core::index_of(m.promotion))];
      if (want == sq + static_cast<char>(std::tolower(static_cast<unsigned char>(def.letter)))) return m;
      continue;
    }
    if (want == sq) return m;
  }
  return std::nullopt;
}

std::string some_moves(const core::Game& g) {
  std::string out;
  int n = 0;
  for (const core::Move& m : g.legal_moves()) {
    if (n++ == 8) return out + ", ...";
    out += (out.empty() ? "" : ", ") + core::long_algebraic(g.position(), m);
  }
  return out;
}

// s31-fallback: after a resume, each Stockfish seat whose Stockfish failed
// before stays with Tabula's engine (said once, not journaled), or, when
// `again` names a program that can be run now (--stockfish-after-resume
// again), plays Stockfish again: a journaled kStockfishAgain input.
bool resume_fallbacks(const session::Session& s, const session::BotSeats& bots, const journal::Resumed& r,
                      const std::string& again, TypedTable& table, std::ostream& out) {
  if (r.fallback_notes.empty()) return true;
  if (again.empty() || !uci::why_not_runnable(again).empty()) {
    for (const std::string& n : r.fallback_notes) out << n << "\n";
    if (!again.empty()) out << uci::why_not_runnable(again) << "\n";
    return true;
  }
  for (const session::Intent& back : uci::stockfish_again(s, bots)) {
    if (!table.intent(back)) return false;
  }
  return true;
}

}  // namespace

// ---- tabula play (typed) ------------------------------------------------------------

int cmd_play_typed(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  std::size_t first = !args.empty() && args[0] == "play" ? 1 : 0;
  auto o = parse_options(args, first,
                         {"variant", "journal", "bots", "start", "fen", "fen4", "seed", "movetime-ms", "clock", "event",
                          "site", "max-plies", "players", "stockfish", "hint-engine", "stockfish-after-resume"},
                         {}, "play", err);
  if (!o) return 2;
  if (!o->positional.empty() || !o->values.count("variant") || !o->values.count("bots")) {
    err << "tabula: play without --trace needs --variant ID and --bots SEAT=LEVEL,...\n";
    return 2;
  }
  long movetime_ms = 1000;
  if (o->values.count("movetime-ms")) {
    const std::string& v = o->values.at("movetime-ms");
    char* end = nullptr;
    movetime_ms = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || movetime_ms < 1 || movetime_ms > 600000) {
      err << "tabula: --movetime-ms \"" << v << "\" is not a time in milliseconds (1-600000)\n";
      return 2;
    }
  }
  long max_plies = 2000;  // bots alone may shuffle bare kings for ever
  if (o->values.count("max-plies")) {
    const std::string& v = o->values.at("max-plies");
    char* end = nullptr;
    max_plies = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || max_plies < 1) {
      err << "tabula: --max-plies \"" << v << "\" is not a number of plies (1 or more)\n";
      return 2;
    }
  }
  // Session 30: Stockfish's program (Debian's by default) and who gives hints.
  const std::string stockfish = o->values.count("stockfish") ? o->values.at("stockfish") : uci::kDebianStockfish;
  if (stockfish.empty()) {
    err << "tabula: --stockfish needs a program's path (e.g. " << uci::kDebianStockfish << ")\n";
    return 2;
  }
  const std::string hint_engine = o->values.count("hint-engine") ? o->values.at("hint-engine") : "stockfish";
  if (hint_engine != "stockfish" && hint_engine != "tabula") {
    err << "tabula: --hint-engine \"" << core::printable_input(hint_engine)
        << "\" is not stockfish or tabula (stockfish: in chess when it is installed)\n";
    return 2;
  }
  // s31-fallback: a resumed game's Stockfish seat that fell back stays with
  // Tabula's engine (keep), or Stockfish is asked again when it can be run
  // now (again: the arbiter's choice; docs/BOTS.md).
  const std::string after_resume =
      o->values.count("stockfish-after-resume") ? o->values.at("stockfish-after-resume") : "keep";
  if (after_resume != "keep" && after_resume != "again") {
    err << "tabula: --stockfish-after-resume \"" << core::printable_input(after_resume)
        << "\" is not keep or again (keep: a seat whose Stockfish failed stays with Tabula's engine)\n";
    return 2;
  }
  const std::string variant = o->values.at("variant");
  const std::string path = o->values.count("journal") ? o->values.at("journal") : "";
  journal::Journal j;
  journal::JournalContents contents;
  std::error_code ec;
  const bool resuming = !path.empty() && std::filesystem::exists(path, ec);
  if (resuming) {
    journal::JournalStatus s = journal::Journal::open(path, journal::Journal::Access::kAppend, j);
    if (s.ok()) s = j.load(contents);
    if (!s.ok()) {
      err << "tabula: " << s.message << "\n";
      return 1;
    }
    if (contents.header.variant != variant) {
      err << "tabula: " << path << ": this journal is a game of " << core::printable_input(contents.header.variant) << ", not " << variant
          << "; it is left as it is\n";
      return 1;
    }
  }
  const std::string start_name = resuming ? contents.header.start_name
                                 : o->values.count("start") ? o->values.at("start")
                                                            : "";
  auto stages = load_stages(variant, start_name, err);
  if (stages.empty()) return 1;
  const core::RuleSet& rules = *stages.front();
  if (resuming) {
    if (int agree = resume_options_agree(*o, contents.header, rules, path, err); agree != 0) return agree;
  }
  auto bots = session::parse_bot_seats(resuming ? contents.header.bots : o->values.at("bots"), rules);
  if (!bots.ok()) {
    err << "tabula: " << (resuming ? path + ": the journal's " : std::string("--")) << bots.error().message << "\n";
    return resuming ? 1 : 2;
  }
  // A new game with a Stockfish seat that cannot be run is refused before
  // anything is recorded. (A resumed one goes on: the seat's first move
  // finds it missing, says so, and Tabula's engine plays for it.)
  if (!resuming && bots->any_stockfish()) {
    if (std::string why = uci::why_not_runnable(stockfish); !why.empty()) {
      err << "tabula: --bots " << session::to_text(*bots, rules) << ": " << why << "\n";
      return 2;
    }
  }
  if (!resuming) {
    session::SessionSettings settings;
    if (!read_session_settings(*o, settings, err)) return 2;
    journal::JournalHeader& h = contents.header;
    if (!new_journal_header(*o, rules, variant, start_name, settings, h, err)) return 1;
    h.bots = session::to_text(*bots, rules);
    if (!path.empty()) {
      journal::JournalStatus s = journal::Journal::create(path, h, j);
      if (!s.ok()) {
        err << "tabula: " << s.message << "\n";
        return 1;
      }
    }
  }
  journal::Resumed r = journal::resume(contents, path.empty() ? "(no journal)" : path, stages);
  if (!r.session) {
    err << "tabula: " << r.error << "\n";
    return 1;
  }
  session::Session& s = *r.session;
  if (resuming && o->values.count("players")) {  // as the kiosk's resume says it
    err << "tabula: " << path << ": this game keeps its journal's players; --players is not used\n";
  }
  TypedTable table(s, path.empty() ? nullptr : &j, contents.header.players, out, err);
  out << rules.name << "; bots: " << (bots->empty() ? "none" : session::to_text(*bots, rules)) << "\n";
  if (r.inputs > 0) {
    out << "resumed " << counted(static_cast<long long>(r.inputs), "input", "inputs") << ", "
        << counted(static_cast<long long>(s.standing_count()), "move", "moves") << " from " << path << "\n";
  }
  // s29-newuser: the words were in docs/BOTS.md only ("help" was "not a move").
  const char* const words =
      "  type a move (e2-e4, Nb8-c6 or e2e4; e7e8q promotes), hint, again (the last ruling once more), takeback, resign "
      "or quit\n";
  // A game resumed over: nothing is read (s31-takeback: the words were
  // offered, then the end said, and a typed takeback went unread).
  if (s.phase() == session::Phase::kOver || s.game().outcome().over) {
    out << "  this game is over: nothing more is typed here (no move, takeback or resignation after the end; the "
           "arbiter's takeback of the end is at the kiosk)\n";
  } else {
    out << words;
  }
  // s31-fallback: the seats whose Stockfish failed before the restart, said once.
  if (!r.fallback_warning.empty()) err << "tabula: warning: " << r.fallback_warning << "\n";
  if (!resume_fallbacks(s, *bots, r, after_resume == "again" ? stockfish : "", table, out)) return 1;
  engine::Engine engine(16);
  uci::TableBots table_bots(stockfish);
  const bool stockfish_hints =
      hint_engine == "stockfish" && session::stockfish_plays(rules) && uci::why_not_runnable(stockfish).empty();
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
  };
  for (int guard = 0; guard < 100000; ++guard) {
    if (!table.tidy()) return 1;
    const core::Game& g = s.game();
    if (s.phase() == session::Phase::kOver || g.outcome().over) break;
    if (static_cast<long>(s.standing_count()) >= max_plies) {  // the game's plies, as they stand
      out << "stopped after " << counted(max_plies, "ply", "plies") << " (--max-plies)\n";
      break;
    }
    if (s.phase() != session::Phase::kPlay) {
      if (!table.wait(1000)) return 1;
      continue;
    }
    std::optional<core::Move> table_move;
    for (const session::Request& q : s.requests()) {
      if (q.kind == session::RequestKind::kRandomMove || q.kind == session::RequestKind::kBotMove) table_move = q.move;
    }
    if (!table_move) {
      if (auto task = session::bot_task(s, *bots)) {
        const std::int64_t from = elapsed();
        session::SearchClock clock{[&] { return elapsed() - from; }, nullptr, movetime_ms * 1000};
        auto choice = table_bots.move(engine, *task, clock, movetime_ms);
        if (!choice) {
          err << "tabula: " << g.seat_name(task->seat) << "'s bot found no move\n";
          return 1;
        }
        // Stockfish failed: the table hears why and who plays instead, journaled
        // as the seat's fallback (s31-fallback: a resume keeps it on Tabula's engine).
        if (!choice->warning.empty() && !table.intent(uci::fallback_intent(*task, *choice, s.now()))) return 1;
        session::Intent announce = session::bot_intent(*task, choice->choice.move, s.now());
        announce.text = choice->engine;
        if (!table.intent(announce)) return 1;
        continue;  // the announcement is a request the table now plays
      }
    }
    if (table_move) {
      if (!table.move(*table_move)) return 1;
      continue;
    }
    out << table.seat_label(g.to_move()) << " to move> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
      out << "\n";
      break;
    }
    // Blank lines are skipped; squeeze() drops every 'x' (a capture's), so
    // "xx" was an empty word and went unanswered (s29-newuser).
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string word = squeeze(line);
    if (word == "quit") break;
    if (word == "help" || word == "?") {
      out << words;
      continue;
    }
    if (word == "again") {
      table.say_again();
      continue;
    }
    if (word == "hint") {
      session::SearchClock clock{};
      std::string warning;
      auto h = table_bots.hint(engine, g, clock, stockfish_hints, warning);
      if (!warning.empty() && !table.intent(session::advice_intent(g.to_move(), core::Move{}, warning, s.now()))) {
        return 1;
      }
      if (h) {
        if (!table.intent(session::advice_intent(h->seat, h->move, h->text, s.now()))) return 1;
      }
      continue;
    }
    if (word == "resign" || word == "takeback") {
      session::Intent i;
      i.kind = word == "resign" ? session::IntentKind::kResign : session::IntentKind::kTakeback;
      i.seat = g.to_move();
      // A takeback goes back to this seat's own last move, past the bots'
      // and the other seats' answers, counted by the session from the game
      // as it stands (count 0 and the seat: session_takeback.cpp). It was
      // counted here through s.moves(), which keeps the moves taken back
      // (s31-takeback).
      i.count = 0;
      if (!table.intent(i)) return 1;
      table_bots.end_processes();  // a takeback: Stockfish starts again from the position
      continue;
    }
    std::optional<core::Move> m = typed_move(g, line);
    if (!m) {
      out << "  '" << line << "' is not a move of " << g.seat_name(g.to_move()) << " here; legal: " << some_moves(g)
          << "\n";
      continue;
    }
    if (!table.move(*m)) return 1;
  }
  table_bots.end_game();
  // How it ended, in words, then the record (s29-newuser: the session's
  // state dump was printed here, "seat White status 0 points 0 ally 255").
  // The moves counted are the game's as it stands, as the record shows them
  // (s30-words: s.moves() also holds the moves taken back: "e2e4, takeback,
  // d2d4" ended "after 4 moves" under "1. d4 e5"; s31-takeback: across
  // 004's stages, Session::standing_count()).
  const core::Outcome& outcome = s.game().outcome();
  out << (outcome.over ? "game over" + (outcome.reason.empty() ? std::string() : " (" + outcome.reason + ")")
                       : std::string("the game is not over"))
      << " after " << counted(static_cast<long long>(s.standing_count()), "move", "moves");
  if (!path.empty()) out << "; journaled in " << path << " (the same command resumes it)";
  out << "\n";
  if (!s.moves().empty()) {
    // s30-words: a Stockfish seat's moves Tabula's engine made are said in
    // the record's comments (journal::bot_comments), from all the inputs.
    std::vector<session::Input> inputs = contents.inputs;
    inputs.insert(inputs.end(), table.fed().begin(), table.fed().end());
    out << journal::export_record(contents.header, s.game(), journal::bot_comments(contents.header, inputs, stages));
  }
  return 0;
}

}  // namespace tabula::cli
