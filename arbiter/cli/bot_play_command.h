// bot_play_command.h — `tabula play` without a trace: humans type moves, bots
// answer (issue 33 item 1).
//
//   tabula play --variant ID --bots SEAT=LEVEL,... [--journal FILE] [--seed N]
//               [--movetime-ms M] [--max-plies P] [--start NAME] [--fen F | --fen4 F] [--clock ...]
//
// The board is virtual: a typed move (as the game prints it, "e2-e4",
// "Nb8-c6", "Qa11xRa9", or just its squares "e2e4", "e7e8q") is made by
// clean virtual hands (session/virtual_hands.h) and read by the session like
// any move at a real table; a bot's move is announced through the session
// ("Blue's bot plays Nb8-c6: move it for Blue") and made the same way. Words
// instead of a move: "hint", "takeback", "resign", "quit". Every input is
// journaled when --journal is given (the bots in its header, so an export
// names them, and a journal is resumed). Works for 2- and 4-seat variants.
// A game of bots alone stops at --max-plies (2000) if it has not ended.
// In chess a seat may be Stockfish's ("Black=stockfish:1500", session 30):
// --stockfish PATH (Debian's /usr/games/stockfish by default) is asked over
// UCI for --movetime-ms (uci/table_bots.h); a new game whose Stockfish cannot
// be run is refused before anything is journaled. Hints in chess come from
// Stockfish when it is installed (--hint-engine tabula: Tabula's).
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_play_typed(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace tabula::cli
