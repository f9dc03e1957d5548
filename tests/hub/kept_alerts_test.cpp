// Session 29: an offline board's alerts over a hub's restart. A board that
// went offline does not send its stream again to a restarted hub, so the
// alerts of its items (an illegal move, a refused action) were never raised
// again, and without the arbiter key an acknowledged alert of its state or
// presence came back open. The tournament record keeps every alert with a
// key (open or acknowledged, bounded) and a restarted hub raises it again.
// Also the record read read-only (tabula-hub-web's --record): every kind of
// bad file is a message naming it, never a crash or a hang.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "../journal/journal_fixture.h"
#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/tournament.h"
#include "journal/journal.h"
#include "wire_builders.h"

namespace tabula::hub {
namespace kept_alerts_test {
namespace {

// The shared builders (wire_builders.h), under this file's names.
wire::StreamItem item(std::uint64_t seq, const std::string& board = "t1") { return testing::move_item(seq, board); }

wire::StreamItem illegal(std::uint64_t seq, const std::string& text, const std::string& board = "t1") {
  return testing::ruling_item(seq, "illegal-move", "illegal", text, board);
}

wire::BoardState state(std::uint64_t through, const std::string& board = "t1") {
  wire::BoardState st = testing::two_seat_state(board);
  st.set_through_seq(through);
  st.set_wall_ms(1000 + static_cast<std::int64_t>(through));
  return st;
}

// What the hub client does once a second: the model's alert changes into the record.
void write(HubModel& m, TournamentRecord& r) {
  ASSERT_TRUE(r.keep_alerts("club", m.take_alert_changes(), HubModel::kMaxKeptAlerts).ok());
}

std::vector<KeptAlert> read(TournamentRecord& r, std::size_t& unread, std::size_t most = HubModel::kMaxKeptAlerts) {
  std::vector<KeptAlert> out;
  EXPECT_TRUE(r.kept_alerts("club", most, out, unread).ok());
  return out;
}

// "open illegal move: board t1: ..." per alert, in the model's order.
std::vector<std::string> lines(const HubModel& m) {
  std::vector<std::string> out;
  for (const Alert& a : m.alerts()) {
    out.push_back(std::string(a.acknowledged ? "acked " : "open ") + to_string(a.kind) + ": " + a.text +
                  (a.from_record ? " [record]" : ""));
  }
  return out;
}

// The board of the tests: t1 plays a move, two illegal moves are ruled, it
// goes offline; the arbiter acknowledges the first illegal move and the
// offline alert. A bad payload (this hub's own alert, no key) too.
void first_hub(HubModel& m) {
  m.on_message("tabula/club/t1/state", encode(state(3)), 100);
  m.on_message("tabula/club/t1/stream", encode(item(1)), 110);
  m.on_message("tabula/club/t1/stream", encode(illegal(2, "Nb1-b3 is no knight move")), 120);
  m.on_message("tabula/club/t1/stream", encode(illegal(3, "Ra1-a9 leaves the board")), 130);
  m.on_message("tabula/club/t1/online", encode(make_presence(false, 140, 7)), 140);
  m.on_message("tabula/club/t1/state", "not a state", 150);
}

TEST(KeptAlerts, AnOfflineBoardsOpenAlertsAreRaisedAgainAfterARestartAndAcknowledgedOnesStayAcknowledged) {
  journal::testing::ScratchDir dir;
  TournamentRecord record;
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  {
    HubModel before("club");
    before.keep_alerts();
    first_hub(before);
    ASSERT_EQ(lines(before),
              (std::vector<std::string>{"open illegal move: board t1: Nb1-b3 is no knight move",
                                        "open illegal move: board t1: Ra1-a9 leaves the board",
                                        "open offline: board t1 went offline", "open bad payload: " +
                                            before.alerts()[3].text}));
    before.acknowledge(1);
    before.acknowledge(3);
    write(before, record);
  }
  std::size_t unread = 9;
  std::vector<KeptAlert> kept = read(record, unread);
  EXPECT_EQ(unread, 0u);
  ASSERT_EQ(kept.size(), 3u) << "the bad payload is this hub's own (no key): not kept";
  EXPECT_EQ(kept[0].key, "t1/g1/item/2");
  EXPECT_EQ(kept[1].key, "t1/g1/item/3");
  EXPECT_EQ(kept[2].key, "t1/offline/s7");
  EXPECT_TRUE(kept[0].acknowledged);
  EXPECT_FALSE(kept[1].acknowledged);
  EXPECT_EQ(kept[1].raised_wall_ms, 130);

  // The hub restarts (no arbiter key: no shared set of acknowledgements):
  // the board's retained state and presence come again, its items do not.
  HubModel after("club");
  after.keep_alerts();
  EXPECT_EQ(after.restore_alerts(kept), 0u);
  EXPECT_TRUE(after.take_alert_changes().empty()) << "what was restored is not written again";
  after.on_message("tabula/club/t1/state", encode(state(3)), 2000);
  after.on_message("tabula/club/t1/online", encode(make_presence(false, 140, 7)), 2000);
  const std::vector<std::string> restored = {
      "acked illegal move: board t1: Nb1-b3 is no knight move [record]",
      "open illegal move: board t1: Ra1-a9 leaves the board [record]",
      "acked offline: board t1 went offline [record]"};
  EXPECT_EQ(lines(after), restored) << "the presence's alert is the one restored, still acknowledged";
  EXPECT_EQ(after.open_alerts(), 1u);
  EXPECT_EQ(after.alerts()[1].wall_ms, 130) << "when it was first raised";

  // The board comes back and sends its stream again: the same alerts, not twice.
  after.on_message("tabula/club/t1/online", encode(make_presence(true, 3000, 8)), 3000);
  for (std::uint64_t s = 1; s <= 3; ++s) {
    after.on_message("tabula/club/t1/stream",
                     encode(s == 1 ? item(1) : illegal(s, s == 2 ? "Nb1-b3 is no knight move" : "Ra1-a9 leaves the board")),
                     3000);
  }
  ASSERT_EQ(after.alerts().size(), 3u) << lines(after).back();
  // A new one is raised as ever, and kept; acknowledging the restored one is kept.
  after.on_message("tabula/club/t1/stream", encode(illegal(4, "Qd1-d9 leaves the board")), 3100);
  ASSERT_EQ(after.alerts().size(), 4u);
  after.acknowledge(2);
  write(after, record);
  kept = read(record, unread);
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_TRUE(kept[1].acknowledged) << kept[1].key;
  EXPECT_EQ(kept[3].key, "t1/g1/item/4");
  EXPECT_FALSE(kept[3].acknowledged);
}

TEST(KeptAlerts, TheRecordKeepsItsBoundOpenOnesFirstAndRowsThatDoNotReadAreLeftOut) {
  journal::testing::ScratchDir dir;
  TournamentRecord record;
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  // 6 open ones, old; 8 acknowledged ones, newer; another event's row. Bound 10.
  std::vector<KeptAlert> alerts;
  for (int i = 0; i < 14; ++i) {
    KeptAlert a;
    a.key = "t1/g1/item/" + std::to_string(i + 1);
    a.board = "t1";
    a.kind = "illegal move";
    a.text = "board t1: move " + std::to_string(i + 1);
    a.raised_wall_ms = 1000 + i;
    a.acknowledged = i >= 6;
    alerts.push_back(a);
  }
  ASSERT_TRUE(record.keep_alerts("other", {alerts[0]}, 10).ok());
  ASSERT_TRUE(record.keep_alerts("club", alerts, 10).ok());
  std::size_t unread = 0;
  std::vector<KeptAlert> kept = read(record, unread);
  std::vector<std::string> keys;
  for (const KeptAlert& a : kept) keys.push_back(a.key.substr(11) + (a.acknowledged ? "a" : "o"));
  EXPECT_EQ(keys, (std::vector<std::string>{"1o", "2o", "3o", "4o", "5o", "6o", "11a", "12a", "13a", "14a"}))
      << "the open ones first, then the newest acknowledged; oldest raised first";
  std::vector<KeptAlert> other;
  ASSERT_TRUE(record.kept_alerts("other", 10, other, unread).ok());
  EXPECT_EQ(other.size(), 1u) << "another event's rows are its own";
  // Read with a smaller bound: the same order (open first, newest).
  EXPECT_EQ(read(record, unread, 3).size(), 3u);

  // Hostile rows (the record is a file): an empty key, a board name that is
  // no board name, a kind no alert has, a text with an escape, markup, a line
  // break and 10 KB; 30 open alerts of one board.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    std::string sql =
        "DELETE FROM board_alerts;"
        "INSERT INTO board_alerts VALUES('club','','t1','illegal move','x',1,0,'');"
        "INSERT INTO board_alerts VALUES('club','k/2','a/b','illegal move','x',2,0,'');"
        "INSERT INTO board_alerts VALUES('club','k/3','t1','no such kind','x',3,0,'');"
        "INSERT INTO board_alerts VALUES('club','k/4','t2','illegal move','board t2: <b>' || char(27) || "
        "'[2J' || char(10) || 'x' || printf('%.10000c', 'y'),4,0,'');";
    for (int i = 0; i < 30; ++i) {
      sql += "INSERT INTO board_alerts VALUES('club','t3/g/item/" + std::to_string(i) +
             "','t3','illegal move','board t3: " + std::to_string(i) + "'," + std::to_string(10 + i) + ",0,'');";
    }
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  kept = read(record, unread);
  EXPECT_EQ(unread, 2u) << "the empty key and the board name";
  HubModel m("club");
  EXPECT_EQ(m.restore_alerts(kept), 1u) << "the kind no alert has";
  const Alert* hostile = nullptr;
  std::size_t t3_open = 0, held_back = 0;
  for (const Alert& a : m.alerts()) {
    if (a.board == "t2") hostile = &a;
    if (a.board == "t3" && a.kind == AlertKind::kIllegalMove && !a.acknowledged) ++t3_open;
    if (a.board == "t3" && a.kind == AlertKind::kHeldBack) held_back = a.held_back;
  }
  ASSERT_TRUE(hostile);
  // 400 characters (an escape shown as one: 19 before the y's), then "...".
  EXPECT_EQ(hostile->text, "board t2: <b><U+001B>[2J<U+000A>x" + std::string(381, 'y') + "...");
  EXPECT_EQ(t3_open, HubModel::kMaxOpenAlertsPerBoard - 1) << "a board's bound of open alerts holds";
  EXPECT_EQ(held_back, 30 - (HubModel::kMaxOpenAlertsPerBoard - 1));
}

// Every kind of file that is no good tournament record, opened read only
// (tabula-hub-web's --record): a message naming the file and what is
// wrong, at once or within the busy wait; the file left as it was.
TEST(KeptAlerts, ARecordOpenedReadOnlyIsNeverWrittenAndEveryBadFileIsSaid) {
  journal::testing::ScratchDir dir;
  auto open_ro = [](const std::string& path) {
    TournamentRecord r;
    journal::JournalStatus s = TournamentRecord::open(path, r, RecordOpen::kReadOnly);
    if (!s.ok()) return s.message;
    std::vector<KeptAlert> alerts;
    std::size_t unread = 0;
    bool has = false;
    s = r.has_table("board_alerts", has);
    if (s.ok() && has) s = r.kept_alerts("club", 10, alerts, unread);
    return s.ok() ? std::string("read") : s.message;
  };
  auto contains = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  const std::string missing = open_ro(dir.file("none.db"));
  EXPECT_TRUE(contains(missing, "none.db: no such tournament record")) << missing;
  EXPECT_FALSE(std::filesystem::exists(dir.file("none.db"))) << "not made";
  std::filesystem::create_directory(dir.file("dir.db"));
  EXPECT_TRUE(contains(open_ro(dir.file("dir.db")), "not a file")) << open_ro(dir.file("dir.db"));
  journal::testing::write_bytes(dir.file("text.db"), std::string(4096, 'x'));
  EXPECT_TRUE(contains(open_ro(dir.file("text.db")), "not an SQLite database")) << open_ro(dir.file("text.db"));
  journal::testing::write_bytes(dir.file("empty.db"), "");
  EXPECT_TRUE(contains(open_ro(dir.file("empty.db")), "not a Tabula tournament record")) << open_ro(dir.file("empty.db"));
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("other.db").c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  EXPECT_TRUE(contains(open_ro(dir.file("other.db")), "not a Tabula tournament record")) << open_ro(dir.file("other.db"));
  {
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::create(dir.file("game.db"), journal::testing::chess_header(), j).ok());
  }
  EXPECT_TRUE(contains(open_ro(dir.file("game.db")), "a board's game journal")) << open_ro(dir.file("game.db"));

  // A good record the hub wrote and closed: read; its bytes unchanged.
  {
    TournamentRecord w;
    ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), w).ok());
    KeptAlert a{"t1/g1/item/2", "t1", "illegal move", "board t1: x", 5, false, ""};
    ASSERT_TRUE(w.keep_alerts("club", {a}, 10).ok());
  }
  auto bytes = [&](const std::string& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
  };
  const std::string before = bytes(dir.file("hub.db"));
  EXPECT_EQ(open_ro(dir.file("hub.db")), "read");
  EXPECT_EQ(bytes(dir.file("hub.db")), before) << "a read-only reader writes nothing";
  EXPECT_FALSE(std::filesystem::exists(dir.file("hub.db-wal")) && std::filesystem::file_size(dir.file("hub.db-wal")) > 0);

  // Held by another process (a writer that keeps its lock): said within the busy wait.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE board_alerts SET text = 'y';",
                           nullptr, nullptr, nullptr),
              SQLITE_OK)
        << sqlite3_errmsg(db);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string held = open_ro(dir.file("hub.db"));
    const auto took = std::chrono::steady_clock::now() - t0;
    EXPECT_TRUE(contains(held, "another process holds the tournament record")) << held;
    EXPECT_LT(took, std::chrono::seconds(3)) << "bounded: the busy wait is " << kReadOnlyBusyMs << " ms a statement";
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  EXPECT_EQ(open_ro(dir.file("hub.db")), "read") << "let go, it reads";

  // Damaged: the file cut short of its pages.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("cut.db").c_str(), &db), SQLITE_OK);
    sqlite3_close(db);
    TournamentRecord w;
    ASSERT_TRUE(TournamentRecord::open(dir.file("cut.db"), w).ok());
    std::vector<KeptAlert> many;
    for (int i = 0; i < 400; ++i) {
      many.push_back({"t1/g1/item/" + std::to_string(i), "t1", "illegal move", std::string(200, 'z'), i, false, ""});
    }
    ASSERT_TRUE(w.keep_alerts("club", many, 1000).ok());
  }
  const std::string whole = bytes(dir.file("cut.db"));
  ASSERT_GT(whole.size(), 8192u);
  journal::testing::write_bytes(dir.file("cut.db"), whole.substr(0, whole.size() / 2));
  const std::string cut = open_ro(dir.file("cut.db"));
  EXPECT_TRUE(contains(cut, "cut.db") && (contains(cut, "damaged") || contains(cut, "not an SQLite"))) << cut;
}

}  // namespace
}  // namespace kept_alerts_test
}  // namespace tabula::hub
