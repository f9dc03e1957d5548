// archive.h — a journaled game as a PGN (two seats) or PGN4 (four seats).
//
// Tags: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result)
// for two seats, with SetUp/FEN when the start is not the variant's usual
// one, plus Variant and Annotator; for four seats chess.com's PGN4 tags
// (Variant, StartFen4, Red/Blue/Yellow/Green, Site, Date, Result as
// "name: points - ..." for a points ledger, CurrentMove). core::write_pgn
// writes the record; core::parse_pgn + core::replay read it back.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/pgn.h"
#include "journal/journal.h"

namespace tabula::journal {

std::vector<core::PgnTag> export_tags(const JournalHeader& h, const core::Game& game);
std::string export_record(const JournalHeader& h, const core::Game& game);

}  // namespace tabula::journal
