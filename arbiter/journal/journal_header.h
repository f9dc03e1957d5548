// journal_header.h — a journal's header as the rows of its `header` table and
// back (internal to tabula::journal; journal.cpp's create and open call it).
#pragma once

#include <map>
#include <string>

#include "journal/journal.h"

namespace tabula::journal {

// The rows a new journal's header is written as (its journal_id added by create).
std::map<std::string, std::string> header_rows(const JournalHeader& h);

// The names of a new journal's header by the one rule (core/player_name.h);
// "" when all are good.
std::string header_names_problem(const JournalHeader& h);

// The header read from its rows `m` (as the file holds them; absent keys read
// as ""), each row checked: kCorrupt naming the row and `path` when one is
// missing, not a number, out of its range or neither on nor off. Names and
// texts are shown safely (core::shown_text), the file keeps what it holds.
JournalStatus read_header(const std::string& path, std::map<std::string, std::string>& m, JournalHeader& h);

}  // namespace tabula::journal
