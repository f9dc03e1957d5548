// outbox.h — the hub's outbox, kept in the game's journal file (issue 11).
//
// What a board has to publish to the hub (its stream items, issue 11) is
// written here, in the journal's own SQLite file, before it is sent, and
// marked once the broker acknowledged it. Nothing is lost while the network
// or the broker is down, or across a crash and restart: the publisher sends
// every unacknowledged item again, oldest first. `acked` is only the broker's
// PUBACK: the hubs' own acknowledgements (issue 19) decide what is sent
// again, and any item can be read again (range()) for a hub that lacks it.
//
// Table (created on first open; the journal's schema version is unchanged,
// older builds open such a journal as before):
//   hub_outbox(seq INTEGER PRIMARY KEY, input_seq INTEGER, payload TEXT, acked INTEGER)
//   hub_action_guard(one INTEGER PRIMARY KEY CHECK(one = 1), last_action_id INTEGER)
//     the id of the last arbiter action the board accepted (issue 28: the
//     replay guard survives a restart).
//   hub_reply_due(action_id INTEGER PRIMARY KEY, input_seq INTEGER, reply TEXT, what TEXT)
//     session 25: an accepted action not yet answered on the stream. Written
//     with the guard (input_seq 0: not carried out yet), then by the shell
//     before the journal records the action's input (input_seq: that input,
//     reply: the answer's item, hex); dropped in the transaction that
//     appends its answer (OutboxItem::answers). What a crash leaves here is
//     answered at the next start, once: the reply when the journal holds the
//     input, else that the action was not carried out.
// seq numbers the board's items from 1 without gaps; input_seq is the
// journal input that produced it (0 for items that come from no input);
// payload is the item's bytes in hex (readable with the sqlite3 shell).
//
// Durability: WAL and synchronous=FULL on the writer's connection, as the
// journal's: append() has reached the disk when it returns.
//
// Every write batch (append, mark_acked, set_last_action_id, the tables'
// creation) also writes the journal's `wal_of` header row, so a -wal whose
// only writes are the outbox's still says whose it is (journal.h).
//
// Ownership and threads: an Outbox owns one connection. One Outbox per
// thread (or one used by several under the caller's lock, never at once);
// several may be open on the same file (SQLite serialises writers, busy
// timeout 2 s unless set_busy_timeout() says otherwise). Move-only.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "journal/database.h"
#include "journal/journal_status.h"

namespace tabula::journal {

struct OutboxItem {
  std::int64_t seq = 0;
  std::int64_t input_seq = 0;
  std::string payload;  // bytes (not hex)
  // Session 25: this item answers that action: its hub_reply_due row is
  // dropped in the same transaction (0: none). Not stored.
  std::uint64_t answers = 0;
  friend bool operator==(const OutboxItem&, const OutboxItem&) = default;
};

// Session 25: an accepted arbiter action's answer, due (hub_reply_due).
struct DueReply {
  std::uint64_t action_id = 0;
  std::int64_t input_seq = 0;  // the journal input that carries it out; 0: not carried out yet
  std::string reply;           // the answer's stream item (bytes, unnumbered); "" with input_seq 0
  std::string what;            // the action in words ("pause the clock"), for a refusal
  friend bool operator==(const DueReply&, const DueReply&) = default;
};

class Outbox {
 public:
  // Opens the outbox of the journal at `path` (which must be a Tabula
  // journal: its application_id is checked), creating the table if needed.
  // `durable` false: synchronous=NORMAL on this connection, for the sender
  // that only marks acknowledgements (one lost on a power cut means the item
  // is sent again, and the hub drops the duplicate).
  static JournalStatus open(const std::string& path, Outbox& out, bool durable = true);
  // The first item of the outbox of the journal at `path`, read only (the
  // journal is not written, even to add the table); nullopt when it has none.
  static JournalStatus first_item(const std::string& path, std::optional<OutboxItem>& out);

  // The highest seq and input_seq stored (0 when empty).
  JournalStatus last(std::int64_t& seq, std::int64_t& input_seq);
  // Appends items in one durable transaction. Their seqs must continue the
  // stored ones without a gap (kInternal otherwise: a caller's bug).
  JournalStatus append(const std::vector<OutboxItem>& items);
  // Up to `limit` unacknowledged items with seq > after_seq, oldest first.
  JournalStatus pending(std::int64_t after_seq, std::size_t limit, std::vector<OutboxItem>& out);
  // Up to `limit` items from `first_seq` on, acknowledged or not, oldest
  // first (a hub asked for them again).
  JournalStatus range(std::int64_t first_seq, std::size_t limit, std::vector<OutboxItem>& out);
  JournalStatus mark_acked(std::int64_t seq);
  // Several at once, in one transaction.
  JournalStatus mark_acked(const std::vector<std::int64_t>& seqs);
  // The highest seq below which every item is acknowledged (the last seq
  // when all are).
  JournalStatus acked_through(std::int64_t& seq);
  JournalStatus unacked_count(std::int64_t& n);
  // The replay guard: the last accepted action id (0: none yet). Set it
  // before the action is carried out; the write is durable on a durable
  // connection.
  JournalStatus last_action_id(std::uint64_t& id);
  JournalStatus set_last_action_id(std::uint64_t id);
  // Session 25: the guard and the accepted action's due answer (input_seq
  // 0) in one transaction.
  JournalStatus set_last_action_id(std::uint64_t id, const DueReply& due);
  // Sets a due answer's input and reply (the row is made when missing).
  JournalStatus set_due(const DueReply& due);
  // Every due answer, by action id.
  JournalStatus dues(std::vector<DueReply>& out);
  // How long a write waits for another connection's lock before it is
  // refused with `held` (SQLite's busy timeout; 2000 ms from open()).
  void set_busy_timeout(std::chrono::milliseconds wait) { db_.set_busy_timeout(static_cast<int>(wait.count())); }

 private:
  JournalStatus select(const char* sql, std::int64_t seq, std::size_t limit, std::vector<OutboxItem>& out);
  // One write batch: BEGIN IMMEDIATE, the journal's wal_of row, body(), COMMIT (ROLLBACK on failure).
  template <typename Body>
  JournalStatus write(Body&& body);
  Database db_;
  std::string id_;  // the journal's id ("" in journals made before session 14)
};

}  // namespace tabula::journal
