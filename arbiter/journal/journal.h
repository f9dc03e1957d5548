// journal.h — the game journal: one SQLite file per game (issue 7).
//
// Section index: JournalHeader, StoredMove, StoredRuling, JournalContents,
// Journal.
//
// What is stored: a header (variant, start position, session settings) and,
// in order, every session Input (square events, board snapshots, ticks,
// operator intents) with its time, and what it made the session say: the
// accepted moves and the rulings. Resuming is replaying the inputs through a
// fresh Session (resume.h); the stored outputs serve the archive and verify
// the resume.
//
// Durability: WAL mode with synchronous=FULL, so a committed transaction is
// on disk (fsync of the WAL) when record() returns. The shell records an
// input and its outputs in ONE transaction after the (pure, in-memory)
// session handled it and BEFORE any ruling is shown; a crash before the
// commit loses an input nobody saw a ruling for, and the driver re-feeds it.
// A journal is created under a temporary name and renamed into place, so a
// file named FILE is always a complete journal.
//
// One writer (session 13): create() and open(kAppend) take the journal's
// writer lock (writer_lock.h: a flock on FILE-lock, held until the Journal
// is destroyed, after its database is closed); a second writer, in this
// process or another, is refused at open, naming the holder. Readers
// (kRead) take no lock and read while the game is written.
//
// A journal and its -wal (session 14): create() writes a random journal id
// into the header; the first write of every WAL generation (after open and
// after each checkpoint) writes the header row wal_of = "ID NONCE" into it,
// so every -wal carries the id of the journal it belongs to. open() compares
// the id of the file alone (read immutable, without the -wal) with the ids
// seen through the -wal, and refuses a -wal of another journal (files
// swapped or copied by hand) naming both files: SQLite itself ties nothing
// to its -wal and would read the other game's pages as this one's.
//
// Identity: PRAGMA application_id = kApplicationId, user_version =
// kSchemaVersion. An existing file is first checked read-only (SQLite magic,
// application id, schema version, quick_check, header); a file that fails is
// reported and never written to.
//
// Ownership: a Journal owns its connection and prepared statements (RAII).
// Not thread-safe. Move-only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "journal/database.h"
#include "journal/journal_status.h"
#include "journal/writer_lock.h"
#include "session/input.h"
#include "session/output.h"
#include "session/session.h"

namespace tabula::journal {

inline constexpr std::int64_t kApplicationId = 0x54424A4C;  // "TBJL"
inline constexpr std::int64_t kSchemaVersion = 1;
// Version 2 (session 31): a journal that holds an input a build before it
// would misread is version 2, raised in the transaction of its first such
// input: a Stockfish fallback (s31-fallback, a kBotFallback input) or a
// takeback to a seat's last move (s31-takeback, kTakeback with count 0: a
// build before it refuses "0 moves" and replays the moves after it onto the
// wrong position). A build before it refuses such a journal by its version
// ("journal schema version 2, this build reads version 1"), not as a
// damaged row or a wrong game, and still reads every journal without one.
// This build reads 1 and 2 (needs_version_2, journal.cpp).
inline constexpr std::int64_t kVersion2 = 2;

struct JournalHeader {
  std::string variant;         // variant id, as `--variant`
  std::string start_name;      // a named start array ("" for the variant's own)
  std::string start_position;  // FEN (two seats) or FEN4 (four seats)
  std::int64_t settle_ms = 500;
  std::int64_t settle_prefix_ms = 1500;
  // Issue 18: moves committed at once (TrackerSettings::commit_at_once). A
  // journal written before it has no such row and is read as off, so it
  // replays as it was played.
  bool commit_at_once = true;
  std::int64_t settle_slide_ms = 250;
  // Issue 27 item 10 (TrackerSettings::sliding): a journal without the row
  // was played without it and is read as off.
  bool sliding = true;
  std::int64_t slide_rest_ms = 1500;
  std::int64_t hold_warning_ms = 10000;
  std::int64_t promotion_timeout_ms = 30000;
  bool random_any = false;  // RandomMoves::kAcceptAnyLegal
  std::uint64_t seed = 0;
  // The clock: "" for none, else "INITIAL_MS BONUS_MS MODE" (clock.h's
  // TimingMode as a number). Journals written before clocks have none.
  std::string time_control;
  std::string created;  // UTC, "YYYY.MM.DD HH:MM:SS.mmm" (wall clock of the shell; older journals: no .mmm)
  std::string event = "Tabula game";
  std::string site = "Tabula board";
  std::vector<std::string> players;  // seat order; empty: "?"
  // Issue 33: the bot seats as "SEAT=LEVEL,..." (session/bot_seats.h); ""
  // for none (and in journals written before bots).
  std::string bots;
  // Issue 33 item 3: the arbiter's hints and blunder-check switches as they
  // stand (set_advice() rewrites them during the game); nullopt in journals
  // written before them (the kiosk's options then decide).
  std::optional<bool> hints;
  std::optional<bool> blunder_check;

  session::SessionSettings settings() const;
  void set_settings(const session::SessionSettings& s);
  friend bool operator==(const JournalHeader&, const JournalHeader&) = default;
};

struct StoredMove {
  std::int64_t input_seq = 0;
  std::int64_t time_ms = 0;
  int stage = 0;
  int seat = 0;
  std::string text;
  friend bool operator==(const StoredMove&, const StoredMove&) = default;
};

struct StoredRuling {
  std::int64_t input_seq = 0;
  std::int64_t time_ms = 0;
  std::string kind;
  std::string severity;
  std::string text;
};

struct JournalContents {
  JournalHeader header;
  std::vector<session::Input> inputs;  // in order
  std::vector<std::int64_t> input_seqs;  // each input's number (seq), as inputs
  std::vector<StoredMove> moves;
  std::vector<StoredRuling> rulings;
};

class Journal {
 public:
  enum class Access { kRead, kAppend };

  Journal();
  Journal(Journal&&) noexcept;
  Journal& operator=(Journal&&) noexcept;
  ~Journal();

  // Creates FILE (refused when it exists) with `header`, opened for append;
  // the header's names are checked first (core/player_name.h: each player's
  // name, the event and site as one line of 200 characters), so no caller
  // can write a name the rule refuses;
  // the writer lock is taken first, so two programs creating one journal at
  // once cannot both make it (the second is refused, nothing overwritten).
  static JournalStatus create(const std::string& path, const JournalHeader& header, Journal& out);
  // Opens an existing journal after checking it read-only; kRead never writes
  // and takes no lock; kAppend takes the writer lock (kBusy when another
  // writer holds it) before anything is read.
  static JournalStatus open(const std::string& path, Access access, Journal& out);

  const JournalHeader& header() const { return header_; }
  const std::string& path() const { return db_.path(); }

  // One input and what it made the session say, in one durable transaction.
  JournalStatus record(const session::Input& in, const session::Output& out, std::int64_t wall_ms);
  JournalStatus load(JournalContents& out);
  // Issue 33 item 3: the arbiter switched hints or the blunder check during
  // the game; the header's rows say so, durably, for a resume.
  JournalStatus set_advice(bool hints, bool blunder_check);
  // Issue 33 item 1: the arbiter changed who plays (a seat a person or a bot)
  // during the game; the header's bots row says so, durably, for a resume.
  JournalStatus set_bots(const std::string& bots);
  std::int64_t inputs_recorded() const { return next_seq_ - 1; }
  // Session 23: how long a write waits for another connection's lock
  // (default 2000 ms; 0: none). The kiosk's waits 50 ms: a write refused
  // with `held` is tried again next frame (ui/kiosk_game.h).
  void set_busy_timeout(int ms) { db_.set_busy_timeout(ms); }
  // The connection's durability as SQLite reports it: journal_mode ("wal")
  // and synchronous (2 = FULL), for tests and `tabula archive show`.
  JournalStatus durability(std::string& journal_mode, std::int64_t& synchronous);
  // Moves the WAL into the journal file (PRAGMA wal_checkpoint(TRUNCATE)),
  // so that the file alone holds every input recorded so far; record() does
  // it at the first input, after each finished game and every
  // kCheckpointEvery inputs. false when a reader kept it from
  // finishing (it is tried again later).
  bool checkpoint();
  // Said when the journal was opened: its -wal file was missing though it
  // was being written, or damaged (wal_check.h); "" when all is well. What
  // the file holds is read as it is; the shell shows this.
  const std::string& wal_warning() const { return wal_warning_; }

 private:
  struct Prepared;
  JournalStatus prepare_writes();
  static JournalStatus open_locked(const std::string& path, Access access, WriterLock lock, Journal& out);
  // Writes the header row wal_of into a WAL generation that has none yet.
  JournalStatus tie_wal();
  // One try of record() (its transaction, then the safe points).
  JournalStatus record_once(const session::Input& in, const session::Output& out, std::int64_t wall_ms);

  // Declared before db_: destroyed after it, so the lock is given back only
  // once the database is closed (its last checkpoint written).
  WriterLock lock_;
  Database db_;
  JournalHeader header_;
  std::int64_t next_seq_ = 1;
  std::int64_t since_checkpoint_ = 0;
  bool marked_ = false;  // this connection marked the file as being written (header writer_open)
  std::string id_;       // the header's journal_id ("" in journals made before session 14)
  bool tied_ = false;    // the current WAL generation holds this journal's wal_of row
  std::string wal_warning_;
  std::int64_t version_ = kSchemaVersion;  // the file's user_version
  std::unique_ptr<Prepared> prepared_;
};

// The bound on inputs between checkpoints (issue 28 item 8): a copy of the
// journal file alone, or a lost -wal, misses at most this many inputs.
inline constexpr std::int64_t kCheckpointEvery = 64;

// Session 19: below this many bytes free on the journal's disk, record()
// empties the -wal into the file after every input (not every
// kCheckpointEvery): 64 inputs' -wal is up to about a megabyte.
inline constexpr std::int64_t kLowDiskBytes = 4 * 1024 * 1024;
// How record() learns the disk's free bytes where a journal is (statvfs);
// tests set a disk of their own (nullptr: statvfs again).
using FreeBytesProbe = std::int64_t (*)(const std::string& path);
void set_free_bytes_probe(FreeBytesProbe probe);

// Wall-clock milliseconds since the epoch, for the journal's `wall_ms`.
std::int64_t wall_clock_ms();
// The header row `wal_of` that ties a WAL generation to the journal `id`:
// "ID NONCE", the nonce new at each call (a row rewritten with the same
// bytes may leave its page out of the -wal). Every connection that writes a
// journal (Journal, Outbox) writes it in each of its write batches that may
// begin a generation (docs/JOURNAL.md, "A journal and its -wal").
std::string wal_tie_value(const std::string& id);
// Writes that row (a fresh wal_tie_value) through `db`, inside the caller's
// write batch: the one statement Journal and Outbox both run.
JournalStatus write_wal_tie(Database& db, const std::string& id);
// The UTC wall clock as the header's `created` wants it: "YYYY.MM.DD HH:MM:SS".
std::string utc_timestamp();

}  // namespace tabula::journal
