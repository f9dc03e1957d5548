// journal_fixture.h — shared helpers of the journal tests: a scratch
// directory per test, sensor traces made from game records, file bytes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rule_set.h"
#include "journal/journal.h"
#include "session/input.h"

namespace tabula::journal::testing {

// A fresh empty directory under the system temp dir, removed on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::shared_ptr<const core::RuleSet> rules_of(const std::string& variant);

// A chess game's header from the usual start, for journals made by hand.
JournalHeader chess_header(const std::string& event = "Tabula game");

// Turns the first record of `pgn` into a realistic sensor trace file
// (session::generate_script, seeded) and returns how many moves it holds.
// Operator intents become "#!" lines (resign, timeout).
int write_trace(const std::string& variant, const std::string& pgn, std::uint64_t seed, const std::string& path);

// The session inputs of the same script (for in-process runs).
std::vector<session::Input> script_inputs(const std::string& variant, const std::string& pgn, std::uint64_t seed);

std::string read_bytes(const std::string& path);
void write_bytes(const std::string& path, const std::string& bytes);

// What a crash right after input `n`'s commit leaves: the journal's rows of
// later inputs removed (each input and its outputs are one transaction).
void cut_journal_after(const std::string& path, long long n);
// Runs `sql` on the file past the journal's code (a hand editing it); throws
// std::runtime_error with SQLite's message when it fails.
void exec_sql(const std::string& path, const std::string& sql);
long long journal_inputs(const std::string& path);

// The state lines of `tabula play`'s output: from the "phase" line on.
std::string final_state(const std::string& play_output);

inline const char* const kScholarsMate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
// Two rounds of four-player chess (chesscom-ffa), from tests/data's
// ffa-100532097.pgn4.
inline const char* const kFfaOpening = "[Variant \"FFA\"]\n[StartFen4 \"4PC\"]\n\n"
                                       "1. k2-k4 .. b9-c9 .. d13-d11 .. m8-l8\n"
                                       "2. f2-f4 .. b7-c7 .. i13-i12 .. m11-k11\n";

}  // namespace tabula::journal::testing
