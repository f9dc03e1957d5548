// typed_play_run.h — `tabula play` without a trace run in-process, for the
// tests of typed play (bot_play_cli_test.cpp) and of its Stockfish seats
// (tests/uci/stockfish_play_test.cpp): the typed lines in, the exit code and
// what it wrote out.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/bot_play_command.h"

namespace tabula::testing {

struct PlayRun {
  int code = 0;
  std::string out;
  std::string err;
};

inline PlayRun play(const std::vector<std::string>& args, const std::string& typed) {
  std::istringstream in(typed);
  std::ostringstream out;
  std::ostringstream err;
  PlayRun r;
  r.code = cli::cmd_play_typed(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace tabula::testing
