// play_commands.h — `tabula play` and `tabula archive` (issue 7), callable
// in-process like the other commands (commands.h).
//
//   tabula play --variant ID --journal FILE --trace TRACE [--start NAME]
//               [--fen FEN | --fen4 FEN4] [--settle-ms N] [--settle-slide-ms N]
//               [--commit-at-once on|off] [--promotion-timeout-ms N]
//               [--random-moves requested|any] [--seed N] [--event TEXT] [--site TEXT]
//     A headless session: sensor events (and "#!" operator intents) from the
//     trace in, one line per accepted move and ruling out, then the final
//     state. Every input is journaled with what it made the session say,
//     durably, BEFORE that is printed. When FILE already holds a journal the
//     session resumes from it (replaying its inputs) and continues with the
//     trace events after the last journaled one. On resume the journal's
//     header (start position, settings) is used and the start/settings
//     options are ignored; --variant must name the journal's variant.
//
//   tabula archive list   --journal FILE    the header and the accepted moves
//   tabula archive show   --journal FILE    ... and every ruling, and the state
//   tabula archive export --journal FILE [--out F]
//     PGN (two seats) or PGN4 (four seats) with club/chess.com tags.
//     The archive only reads: it opens the journal read-only.
//
// Exit codes: 0 done, 1 a problem with a file (journal, trace, variant),
// 2 bad usage. A corrupt or foreign journal is named with what is wrong and
// left byte-identical.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_play(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_archive(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kPlayUsage;

}  // namespace tabula::cli
