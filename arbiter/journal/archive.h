// archive.h — a journaled game as a PGN (two seats) or PGN4 (four seats).
//
// Tags: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result)
// for two seats, with SetUp/FEN when the start is not the variant's usual
// one, plus Variant and Annotator; for four seats chess.com's PGN4 tags
// (Variant, StartFen4, Red/Blue/Yellow/Green, Site, Date, Result as
// "name: points - ..." for a points ledger, CurrentMove). core::write_pgn
// writes the record; core::parse_pgn + core::replay read it back.
//
// The ledger is read by splitting at " - " and ": " (chess.com's form). A
// player's name that holds either ("Ann - Marie", "Dr: Bob"; the name rule
// allows both) would make it read as more or fewer seats: then the whole
// ledger names the seats by their colours ("Red: 20 - Blue: 3 - ..."), and
// the seat tags ([Red "Ann - Marie"]) say who sat where (session 14).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/pgn.h"
#include "journal/journal.h"
#include "session/input.h"

namespace tabula::journal {

// The Result tag of a four-player points ledger when core::write_pgn's own
// would be ambiguous (a name in `tags` holds " - " or ": "): the seats by
// their names; nullopt when write_pgn's is unambiguous or there is no ledger.
std::optional<core::PgnTag> unambiguous_ledger(const core::Game& game, const std::vector<core::PgnTag>& tags);

std::vector<core::PgnTag> export_tags(const JournalHeader& h, const core::Game& game);
std::string export_record(const JournalHeader& h, const core::Game& game);
// ... with `comments[i]` after the i-th entry of game.record() (bot_comments).
std::string export_record(const JournalHeader& h, const core::Game& game, const std::vector<std::string>& comments);

// s30-words: where a Stockfish seat's moves were made by Tabula's engine. The
// PGN names a seat's player once ([Black "Stockfish 2000"]); when Stockfish
// failed mid-game Tabula's engine played on for it, and the journal says so
// only in its inputs: the advice "Stockfish (Black) ended while thinking
// ...; Tabula's engine (level 8) plays for Black until this game ends" and
// the next kBotMove intent, whose text names the engine that chose the move
// ("Tabula level 8", not the header's "Stockfish 2000"). Replaying INPUTS
// (all of the journal's, in order) gives one comment per record entry of the
// game as it stands: at the first move of each run the fallback made,
// "Tabula level 8 plays Black from here: <the warning>"; at the first move
// Stockfish made again after such a run (a resumed game asks it again),
// "Stockfish 2000 plays Black again from here". Moves taken back carry none.
// Empty when no Stockfish seat's move was the fallback's (every comment ""),
// for four-seat games, and when the inputs do not replay.
std::vector<std::string> bot_comments(const JournalHeader& h, const std::vector<session::Input>& inputs,
                                      const std::vector<std::shared_ptr<const core::RuleSet>>& stages);
// s31-fallback: the same comments from a session as it stands (the board's
// own record for the hub, hub/codec.cpp make_state, where no inputs are at
// hand): the moves its bots' announcements made (Session::bot_move_marks)
// and the journaled fallbacks (Session::bot_engine_changes) say who made
// each. Journals before session 31 said a fallback as advice only: their
// comments then lack the warning's words ("Tabula level 8 plays Black from
// here"). Moves taken back carry none.
std::vector<std::string> bot_comments(const JournalHeader& h, const session::Session& s);

}  // namespace tabula::journal
