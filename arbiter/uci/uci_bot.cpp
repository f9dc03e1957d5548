// uci_bot.cpp — Section index: runnable, start (uci, options, isready),
// a move (position, go, bestmove), the end.
#include "uci/uci_bot.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <sys/stat.h>

#include "core/fen.h"
#include "core/notation.h"

namespace tabula::uci {

namespace {

using Clock = ChildProcess::Clock;

std::int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// What an engine wrote, for the table: at most 120 bytes, no control character.
std::string shown_text(const std::string& text) {
  std::string out = text.substr(0, 120);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return "\"" + out + (text.size() > 120 ? "...\"" : "\"");
}

std::string seconds(std::int64_t ms) {
  const std::int64_t tenths = (ms + 50) / 100;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

}  // namespace

// ---- runnable ---------------------------------------------------------------------------

std::string why_not_runnable(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    const int e = errno;
    if (e == ENOENT && path == kDebianStockfish) {
      return "Stockfish is not installed (" + path + ": " + std::strerror(e) +
             "); install Debian's package stockfish, or give the seat a level 1-8";
    }
    return "Stockfish cannot be run: " + path + ": " + std::strerror(e);
  }
  if (!S_ISREG(st.st_mode)) return "Stockfish cannot be run: " + path + " is not a file";
  if (access(path.c_str(), X_OK) != 0) {
    return "Stockfish cannot be run: " + path + " is not executable (" + std::strerror(errno) + ")";
  }
  return "";
}

// ---- start -------------------------------------------------------------------------------

UciBot::UciBot(std::string path, UciStrength strength, std::int64_t grace_ms)
    : path_(std::move(path)), strength_(strength), grace_ms_(grace_ms) {}

UciBot::~UciBot() { end(); }

template <class Seen>
int UciBot::wait_for(const std::string& word, Clock::time_point deadline, const std::atomic<bool>* stop,
                     std::string& line, Seen seen) {
  for (;;) {
    if (stop != nullptr && stop->load()) return 2;
    const auto slice = std::min(deadline, Clock::now() + std::chrono::milliseconds(20));
    if (process_->read_line(line, slice)) {
      if (line.rfind(word, 0) == 0 &&
          (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t'))
        return 0;
      seen(line);
      continue;
    }
    if (process_->ended() || process_->overlong()) return 3;
    if (Clock::now() >= deadline) return 1;
  }
}

// A problem with the process's own words: how it ended and its stderr.
std::string UciBot::failure(const std::string& what, const std::string& last) {
  std::string out = what;
  if (process_) {
    if (process_->ended()) {
      const std::string how = process_->exit_text();
      if (how == "exit status 127") {
        out += " (it could not be run)";
      } else if (!how.empty()) {
        out += " (" + how + ")";
      }
    }
  }
  if (!last.empty()) out += "; its last line: " + shown_text(last);
  if (process_) {
    const std::string err = process_->stderr_tail();
    if (!err.empty()) out += "; its stderr: " + shown_text(err.size() > 120 ? err.substr(err.size() - 120) : err);
  }
  return out;
}

bool UciBot::start(std::string& problem, UciFailure& kind, const std::atomic<bool>* stop) {
  kind = UciFailure::kNotRunnable;
  if (std::string why = why_not_runnable(path_); !why.empty()) {
    problem = why;
    return false;
  }
  process_ = std::make_unique<ChildProcess>(path_);
  ++starts_;
  if (!process_->started()) {
    problem = "Stockfish could not be started (" + path_ + ")";
    process_.reset();
    return false;
  }
  // uci -> option lines (UCI_Elo's range) -> uciok, within the handshake's time.
  int elo_min = 0, elo_max = 0;
  std::string line;
  process_->send("uci");
  int r = wait_for("uciok", Clock::now() + std::chrono::milliseconds(handshake_ms_), stop, line, [&](const std::string& l) {
    if (l.rfind("option name UCI_Elo ", 0) != 0) return;
    std::istringstream in(l);
    std::string w;
    while (in >> w) {
      if (w == "min") in >> elo_min;
      if (w == "max") in >> elo_max;
    }
  });
  kind = UciFailure::kNoHandshake;
  if (r != 0) {
    const std::string who = "Stockfish (" + path_ + ")";
    if (r == 2) {
      problem = "";  // stopped: no problem
    } else if (r == 3 && process_->overlong()) {
      kind = UciFailure::kOverlong;
      problem = failure(who + " wrote a line longer than " + std::to_string(ChildProcess::kMaxLine) +
                        " bytes while starting");
    } else if (r == 3) {
      problem = failure(who + " ended before it answered uci");
    } else {
      problem = failure(who + " did not answer uci with uciok within " + seconds(handshake_ms_));
    }
    end();
    return false;
  }
  process_->send("setoption name Threads value 1");
  process_->send("setoption name Hash value 16");
  elo_sent_ = 0;
  if (strength_.elo > 0) {
    elo_sent_ = strength_.elo;
    if (elo_min > 0 && elo_sent_ < elo_min) elo_sent_ = elo_min;
    if (elo_max > 0 && elo_sent_ > elo_max) elo_sent_ = elo_max;
    process_->send("setoption name UCI_LimitStrength value true");
    process_->send("setoption name UCI_Elo value " + std::to_string(elo_sent_));
  }
  if (strength_.skill >= 0) process_->send("setoption name Skill Level value " + std::to_string(strength_.skill));
  process_->send("ucinewgame");
  if (!process_->send("isready") ||
      (r = wait_for("readyok", Clock::now() + std::chrono::milliseconds(handshake_ms_), stop, line, [](const std::string&) {})) != 0) {
    problem = r == 2 ? "" : failure("Stockfish (" + path_ + ") did not answer isready with readyok");
    end();
    return false;
  }
  return true;
}

// ---- a move ----------------------------------------------------------------------------

std::string position_command(const core::Game& game) {
  std::string cmd = "position fen " + core::to_fen(game.start());
  core::Game replay(std::shared_ptr<const core::RuleSet>(std::shared_ptr<const core::RuleSet>{}, &game.rules()),
                    game.start());
  if (!game.moves().empty()) cmd += " moves";
  for (const core::Move& m : game.moves()) {
    cmd += " " + core::coordinate(replay.position(), m);
    replay.play(m);
  }
  return cmd;
}

UciReply UciBot::best_move(const core::Game& game, std::int64_t movetime_ms, const std::atomic<bool>* stop) {
  UciReply reply;
  const auto asked = Clock::now();
  if (!process_ && !start(reply.problem, reply.failure, stop)) {
    reply.stopped = reply.problem.empty();
    if (reply.stopped) reply.failure = UciFailure::kNone;
    reply.waited_ms = ms_since(asked);
    return reply;
  }
  movetime_ms = std::max<std::int64_t>(1, movetime_ms);
  if (!process_->send(position_command(game)) || !process_->send("go movetime " + std::to_string(movetime_ms))) {
    reply.problem = failure("Stockfish's input is closed (it ended)");
    reply.failure = UciFailure::kEnded;
    end();
    return reply;
  }
  std::string line, last;
  // From the `go`: a process's start (loading its network) has the
  // handshake's own time (session 30: at a load of 35 a seat's first move
  // timed out when its start counted against the move's time and grace).
  const std::int64_t wait_ms = movetime_ms + grace_ms_;
  const auto went = Clock::now();
  const int r = wait_for("bestmove", went + std::chrono::milliseconds(wait_ms), stop, line, [&](const std::string& l) {
    last = l;
    std::istringstream in(l);
    std::string w;
    while (in >> w) {
      if (w != "cp") continue;
      long long v = 0;
      if (in >> v && v > -100000 && v < 100000) reply.value = static_cast<int>(v);
      break;
    }
  });
  reply.waited_ms = ms_since(asked);
  if (r == 2) {  // stopped: the table no longer wants this move
    process_->send("stop");
    end();
    reply.stopped = true;
    return reply;
  }
  if (r == 1) {
    // No bestmove in time: `stop`, a moment to answer it, then ended either way.
    process_->send("stop");
    std::string ignored;
    wait_for("bestmove", Clock::now() + std::chrono::milliseconds(300), nullptr, ignored, [](const std::string&) {});
    reply.failure = UciFailure::kNoMove;
    reply.problem = failure("Stockfish gave no move within " + seconds(wait_ms) + " (sent stop, then ended it)", last);
    end();
    return reply;
  }
  if (r == 3 && process_->overlong()) {
    // A flood without a newline: not buffered on (child_process.h), ended.
    reply.failure = UciFailure::kOverlong;
    reply.problem = failure("Stockfish wrote a line longer than " + std::to_string(ChildProcess::kMaxLine) +
                                " bytes while thinking (ended it)",
                            last);
    end();
    return reply;
  }
  if (r == 3) {
    reply.problem = failure("Stockfish ended while thinking", last);
    reply.failure = UciFailure::kEnded;
    end();
    return reply;
  }
  std::istringstream words(line);
  std::string word, text;
  words >> word >> text;
  core::Move m;
  if (!core::parse_coordinate(game.position(), text, m) || !game.is_legal(m)) {
    reply.failure = UciFailure::kBadMove;
    reply.problem = "Stockfish answered " + shown_text(line) + ": " +
                    (text.empty() ? std::string("no move") : shown_text(text) + " is not a legal move here");
    end();
    return reply;
  }
  reply.move = m;
  return reply;
}

// ---- the end ---------------------------------------------------------------------------

void UciBot::end() {
  if (!process_) return;
  process_->send("quit");
  process_.reset();  // kills its process group and reaps it (child_process.h)
}

}  // namespace tabula::uci
