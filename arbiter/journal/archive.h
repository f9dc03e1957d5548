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

namespace tabula::journal {

// The Result tag of a four-player points ledger when core::write_pgn's own
// would be ambiguous (a name in `tags` holds " - " or ": "): the seats by
// their names; nullopt when write_pgn's is unambiguous or there is no ledger.
std::optional<core::PgnTag> unambiguous_ledger(const core::Game& game, const std::vector<core::PgnTag>& tags);

std::vector<core::PgnTag> export_tags(const JournalHeader& h, const core::Game& game);
std::string export_record(const JournalHeader& h, const core::Game& game);

}  // namespace tabula::journal
