// uci_test_util.h — the fake UCI program (tests/uci/fake_uci.sh) and the
// real one for the tests of arbiter/uci/.
#pragma once

#include <signal.h>
#include <stdlib.h>

#include <string>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_files.h"
#include "test_source_dir.h"
#include "uci/uci_bot.h"
#include "variants/variant_loader.h"

namespace tabula::testing {

inline std::string fake_uci() { return std::string(TABULA_SOURCE_DIR) + "/tests/uci/fake_uci.sh"; }

// The fake's mode and its log for this test (the child inherits them).
inline void fake_mode(const std::string& mode, const std::string& log, const std::string& move = "") {
  setenv("FAKE_UCI_MODE", mode.c_str(), 1);
  setenv("FAKE_UCI_LOG", log.c_str(), 1);
  if (move.empty()) {
    unsetenv("FAKE_UCI_MOVE");
  } else {
    setenv("FAKE_UCI_MOVE", move.c_str(), 1);
  }
  unsetenv("FAKE_UCI_CRASH_AT");
}

inline bool stockfish_installed() { return uci::why_not_runnable(uci::kDebianStockfish).empty(); }

// Plays `moves` ("e2e4", ...) in `g`; false at the first one not legal there.
inline bool play_coordinates(core::Game& g, const std::vector<std::string>& moves) {
  for (const std::string& t : moves) {
    core::Move m;
    if (!core::parse_coordinate(g.position(), t, m) || !g.is_legal(m)) return false;
    g.play(m);
  }
  return true;
}

inline core::Game chess_game(const std::vector<std::string>& moves = {}) {
  auto r = variants::load_id("chess");
  auto pos = core::parse_fen(*r.rules, r.rules->start_fen);
  core::Game g(r.rules, *pos);
  play_coordinates(g, moves);
  return g;
}

// The engine's answer `answer` played, then the table's `reply` ("d2d4"):
// the game a bot is asked about next (s31-fallback: was written out in each test).
inline bool answer_then(core::Game& g, const core::Move& answer, const std::string& reply) {
  if (!g.is_legal(answer)) return false;
  g.play(answer);
  return play_coordinates(g, {reply});
}

inline int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Whether a process `pid` still exists (a zombie counts: it is not reaped).
inline bool process_exists(pid_t pid) { return pid > 0 && ::kill(pid, 0) == 0; }

}  // namespace tabula::testing
