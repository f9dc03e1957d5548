// engine_process.h — players that are other programs: a child process
// spoken to line by line over pipes, with timeouts (the shell around the
// pure engine; issue 32 item 3).
//
//   make_uci_player:   any UCI engine (Debian's /usr/games/stockfish): uci,
//                      setoption, isready, position fen ... moves ..., go
//                      movetime N, bestmove. Options after the path:
//                      "PATH,elo=1350" sets UCI_LimitStrength and UCI_Elo;
//                      "PATH,Name=value" any other option.
//   make_fourp_player: a four-player engine with obryanlouis/4pchess's text
//                      protocol: position startpos moves d2-d4 ..., go
//                      movetime N (only movetime: its go parser lets the
//                      increments overwrite the times), bestmove d2-d4.
//                      "PATH,go=depth 2" sends "go depth 2" instead (an
//                      engine such as FreyjaNellora/Hornet that searches by
//                      depth only); so does a UCI spec. "grace-ms=N" sets
//                      the grace past the move time (default 2000).
// A move that is not legal in the game, or no answer within the move time
// plus the grace, or a dead process: the engine is restarted once and asked
// again; then Tabula's engine (level 8) moves and the choice carries a
// ruling that says so, and it keeps moving for that engine until the next
// game (new_game) without asking the broken engine again. Every such event is
// in the ruling text.
#pragma once

#include <memory>
#include <string>

#include "cli/engine_players.h"

namespace tabula::cli {

std::unique_ptr<Player> make_uci_player(const std::string& spec, std::size_t table_mb, std::string& why);
std::unique_ptr<Player> make_fourp_player(const std::string& spec, std::size_t table_mb, std::string& why);

}  // namespace tabula::cli
