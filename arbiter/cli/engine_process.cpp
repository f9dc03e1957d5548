// engine_process.cpp — Section index: TextEngine (restart, ask, fall back),
// the two protocols (the child process: uci/child_process.h).
#include "cli/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "uci/child_process.h"
#include "uci/uci_bot.h"

namespace tabula::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The child process, its pipes and deadlines: uci/child_process.h (shared
// with Stockfish at the table since session 30; its stderr is now kept).
using uci::ChildProcess;

// Waits for a line whose first word is `word`; each line before it goes to
// `seen` (when given), which keeps only what it needs.
bool wait_for(ChildProcess& p, const std::string& word, Clock::time_point deadline,
              const std::function<void(const std::string&)>& seen, std::string& line) {
  while (p.read_line(line, deadline)) {
    if (line.rfind(word, 0) == 0 && (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t'))
      return true;
    if (seen) seen(line);
  }
  return false;
}

// A score that fits an int, else the one read before is kept.
void read_score(std::istringstream& in, int& value) {
  long long v = 0;
  if (in >> v && v >= -1000000 && v <= 1000000) value = static_cast<int>(v);
  else in.clear();
}

// What a broken engine's output says in a ruling: at most 200 bytes, no
// control character (the ruling is journaled, shown and exported).
std::string quoted_text(const std::string& text) {
  std::string out = text.substr(0, 200);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return "\"" + out + "\"";
}

std::string square_text(core::Square s) {
  return std::string(1, static_cast<char>('a' + core::file_of(s))) + std::to_string(core::rank_of(s) + 1);
}

// A protocol: what to send to set up and to ask, and how to read a move.
class TextEngine : public Player {
 public:
  TextEngine(std::string path, std::vector<std::pair<std::string, std::string>> options, std::size_t table_mb)
      : path_(std::move(path)), options_(std::move(options)), fallback_(make_tabula_player(8, engine::Family::kAuto, table_mb)) {}

  void new_game() override {
    given_up_.clear();
    if (process_) process_->send(new_game_command());
  }

  Choice choose(const core::Game& game, std::int64_t budget_us, std::uint64_t seed) override {
    if (!given_up_.empty()) {
      // Failed twice in this game: Tabula's engine plays its moves until the next game.
      Choice c = fallback_->choose(game, budget_us, seed);
      c.ruling = name() + ": replaced for the rest of the game (" + given_up_ + "); Tabula's engine (level 8) made this move";
      return c;
    }
    std::string problem;
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (!process_ && !start(problem)) continue;
      Choice c;
      if (ask(game, budget_us, c, problem)) {
        if (!problem.empty()) c.ruling = problem + "; restarted, and it answered";
        return c;
      }
      process_.reset();  // kill and restart once
    }
    given_up_ = problem;
    Choice c = fallback_->choose(game, budget_us, seed);
    c.ruling = name() + ": " + problem + "; Tabula's engine (level 8) made this move";
    return c;
  }

 protected:
  virtual std::string new_game_command() const = 0;
  virtual bool handshake(ChildProcess& p, std::string& problem) = 0;
  virtual std::string position_command(const core::Game& game, std::string& problem) const = 0;
  // "uci" answered by "uciok" within 10 s.
  bool greet(ChildProcess& p, std::string& problem) const {
    std::string line;
    if (!p.send("uci") || !wait_for(p, "uciok", Clock::now() + std::chrono::seconds(10), nullptr, line)) {
      problem = path_ + " did not answer uci with uciok";
      return false;
    }
    return true;
  }
  // How long past the move time an answer may take: 2 s, or the spec's grace-ms=N.
  std::int64_t grace_ms() const {
    for (const auto& [k, v] : options_) {
      if (k == "grace-ms") return std::max(0LL, std::atoll(v.c_str()));
    }
    return 2000;
  }
  // "go movetime N", or the spec's go=... (an engine that only searches by depth).
  std::string go_command(std::int64_t ms) const {
    for (const auto& [k, v] : options_) {
      if (k == "go") return "go " + v;
    }
    return "go movetime " + std::to_string(ms);
  }
  // The legal move `text` names, or false.
  virtual bool read_move(const core::Game& game, const std::string& text, core::Move& m) const = 0;

  std::string path_;
  std::vector<std::pair<std::string, std::string>> options_;

 private:
  bool start(std::string& problem) {
    process_ = std::make_unique<ChildProcess>(path_);
    if (!process_->started() || !handshake(*process_, problem)) {
      if (process_->overlong()) {
        problem = path_ + " wrote a line longer than " + std::to_string(ChildProcess::kMaxLine) +
                  " bytes while starting";
      }
      if (problem.empty()) problem = "cannot start " + path_;
      process_.reset();
      return false;
    }
    return true;
  }
  bool ask(const core::Game& game, std::int64_t budget_us, Choice& c, std::string& problem) {
    std::string position = position_command(game, problem);
    if (position.empty()) return false;
    std::int64_t ms = std::max<std::int64_t>(1, budget_us / 1000);
    if (!process_->send(position) || !process_->send(go_command(ms))) {
      problem = "the engine's input is closed (it died)";
      return false;
    }
    // The last score and pv, read line by line (a flood of info lines is
    // not kept), and the last line for a ruling.
    std::string last;
    auto read_info = [&](const std::string& l) {
      last = l;
      std::istringstream in(l);
      std::string w;
      while (in >> w) {
        if (w == "cp") read_score(in, c.value);  // UCI: "score cp N"
        if (w == "pv") {
          c.pv.clear();
          std::string mv;
          while (in >> mv) {
            if (mv == "score") {  // 4pchess: "... pv MOVES score N"
              read_score(in, c.value);
              break;
            }
            c.pv += (c.pv.empty() ? "" : " ") + mv;
          }
        }
      }
    };
    std::string line;
    std::int64_t wait_ms = ms + grace_ms();
    auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
    if (!wait_for(*process_, "bestmove", deadline, read_info, line)) {
      if (process_->overlong()) {
        problem = "the engine wrote a line longer than " + std::to_string(ChildProcess::kMaxLine) + " bytes";
        return false;
      }
      problem = "no bestmove within " + std::to_string(wait_ms) + " ms (silent or crashed)";
      if (!last.empty()) problem += "; its last line: " + quoted_text(last);
      return false;
    }
    std::istringstream words(line);
    std::string word, text;
    words >> word >> text;
    core::Move m;
    if (!read_move(game, text, m)) {
      problem = "refused the engine's illegal or unreadable move " + quoted_text(text);
      return false;
    }
    c.move = m;
    return true;
  }

  std::unique_ptr<ChildProcess> process_;
  std::unique_ptr<Player> fallback_;
  std::string given_up_;  // why the engine was given up in this game ("" while it plays)
};

class UciEngine : public TextEngine {
 public:
  using TextEngine::TextEngine;
  std::string name() const override {
    std::string n = "uci:" + path_;
    for (const auto& [k, v] : options_) n += "," + k + "=" + v;
    return n;
  }

 protected:
  std::string new_game_command() const override { return "ucinewgame"; }
  bool handshake(ChildProcess& p, std::string& problem) override {
    std::string line;
    if (!greet(p, problem)) return false;
    for (const auto& [k, v] : options_) {
      if (k != "go" && k != "grace-ms") p.send("setoption name " + k + " value " + v);
    }
    if (!p.send("isready") || !wait_for(p, "readyok", Clock::now() + std::chrono::seconds(10), nullptr, line)) {
      problem = path_ + " did not answer isready";
      return false;
    }
    return true;
  }
  std::string position_command(const core::Game& game, std::string& problem) const override {
    if (game.rules().seat_count() != 2) {
      problem = "a UCI engine plays two seats only";
      return "";
    }
    return uci::position_command(game);  // (the table's Stockfish sends the same: arbiter/uci/uci_bot.*)
  }
  bool read_move(const core::Game& game, const std::string& text, core::Move& m) const override {
    return core::parse_coordinate(game.position(), text, m) && game.is_legal(m);
  }
};

class FourpEngine : public TextEngine {
 public:
  using TextEngine::TextEngine;
  std::string name() const override { return "fourp:" + path_; }

 protected:
  std::string new_game_command() const override { return "ucinewgame"; }
  // 4pchess (and Hornet) answer "uci" with id lines and "uciok" like a UCI engine.
  bool handshake(ChildProcess& p, std::string& problem) override { return greet(p, problem); }
  std::string position_command(const core::Game& game, std::string& problem) const override {
    if (game.rules().seat_count() != 4 || !game.rules().four_player_notation) {
      problem = "a 4pchess-protocol engine plays chess.com's four-player boards only";
      return "";
    }
    std::string cmd = "position startpos";
    if (!game.moves().empty()) cmd += " moves";
    for (const core::Move& m : game.moves()) cmd += " " + move_text(m);
    return cmd;
  }
  bool read_move(const core::Game& game, const std::string& text, core::Move& m) const override {
    core::MoveList legal = game.legal_moves();
    bool found = false;
    for (const core::Move& c : legal) {
      if (move_text(c) != text && move_text(c) != text + "=D") continue;
      if (!found || c.promotion == game.rules().promotion.choices.front()) m = c;
      found = true;
    }
    return found;
  }

 private:
  // "d2-d4", a promotion "d8-d9=Q" (4pchess's Move::PrettyStr).
  std::string move_text(const core::Move& m) const {
    std::string t = square_text(m.from) + "-" + square_text(m.to);
    if (m.promotion != core::kNoKind) t += "=Q";
    return t;
  }
};

std::vector<std::pair<std::string, std::string>> split_options(const std::string& spec, std::string& path,
                                                               std::string& why) {
  std::vector<std::pair<std::string, std::string>> options;
  std::istringstream in(spec);
  std::string part;
  bool first = true;
  while (std::getline(in, part, ',')) {
    if (first) {
      path = part;
      first = false;
      continue;
    }
    auto eq = part.find('=');
    if (eq == std::string::npos || eq == 0) {
      why = "engine option \"" + part + "\": expected name=value";
      return {};
    }
    std::string key = part.substr(0, eq), value = part.substr(eq + 1);
    if (key == "elo") {
      options.emplace_back("UCI_LimitStrength", "true");
      options.emplace_back("UCI_Elo", value);
    } else {
      options.emplace_back(key, value);
    }
  }
  return options;
}

bool executable(const std::string& path, std::string& why) {
  if (access(path.c_str(), X_OK) != 0) {
    why = "engine \"" + path + "\": not an executable file (" + std::strerror(errno) + ")";
    return false;
  }
  return true;
}

}  // namespace

std::unique_ptr<Player> make_uci_player(const std::string& spec, std::size_t table_mb, std::string& why) {
  std::string path;
  auto options = split_options(spec, path, why);
  if (!why.empty() || !executable(path, why)) return nullptr;
  return std::make_unique<UciEngine>(path, options, table_mb);
}

std::unique_ptr<Player> make_fourp_player(const std::string& spec, std::size_t table_mb, std::string& why) {
  std::string path;
  auto options = split_options(spec, path, why);
  if (!why.empty() || !executable(path, why)) return nullptr;
  return std::make_unique<FourpEngine>(path, options, table_mb);
}

}  // namespace tabula::cli
