// s31-fallback: a Stockfish seat's fallback to Tabula's engine, journaled
// (session/input.h kBotFallback): its row and the bad rows, the journal's
// version 2, what a resume keeps and says, and journals written before it.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include "journal/archive.h"
#include "journal/input_codec.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "journal_fixture.h"
#include "session/bot_player.h"
#include "session/bot_seats.h"

namespace tabula::journal {
namespace {

using session::Millis;

const std::string kFallbackWarning =
    "Stockfish (Black) ended while thinking (killed by signal 11 (Segmentation fault)); Tabula's engine (level 8) "
    "plays for Black until this game ends";

session::Intent fallback_input(core::Seat seat, session::BotFallbackReason reason, int level, const std::string& text,
                         Millis at = Millis{100}) {
  session::Intent i;
  i.time = at;
  i.kind = session::IntentKind::kBotFallback;
  i.seat = seat;
  i.option = static_cast<int>(reason);
  i.count = level;
  i.text = text;
  return i;
}

std::vector<std::shared_ptr<const core::RuleSet>> fallback_chess_stages() { return {testing::rules_of("chess")}; }

// A new journal `db` of chess, Black Stockfish 2000, holding `first` as its
// first input (as the session took it).
bool stockfish_journal(const std::string& db, const session::Input& first) {
  JournalHeader h = testing::chess_header();
  h.bots = "Black=stockfish:2000";
  auto stages = fallback_chess_stages();
  Journal j;
  if (!Journal::create(db, h, j).ok()) return false;
  std::string why;
  session::Session s(stages, *start_position(h, *stages.front(), why), h.settings());
  return j.record(first, s.handle(first), 1).ok();
}

// `db` opened (into `j`), loaded and resumed; a Resumed without a session says why.
Resumed opened(const std::string& db, Journal::Access access, Journal& j) {
  JournalContents c;
  JournalStatus st = Journal::open(db, access, j);
  if (st.ok()) st = j.load(c);
  if (!st.ok()) {
    Resumed none;
    none.error = st.message;
    return none;
  }
  return resume(c, db, fallback_chess_stages());
}

std::string decode_why(const std::string& payload) {
  std::string why;
  EXPECT_FALSE(decode(3, 10, payload, why).has_value()) << payload;
  return why;
}

TEST(BotFallback, TheRowRoundTripsAndItsBadRowsAreNamed) {
  const session::Intent in = fallback_input(core::seat_at(1), session::BotFallbackReason::kNoMove, 6, kFallbackWarning);
  const EncodedInput e = encode(in);
  EXPECT_EQ(e.payload.rfind("20 0 2 ", 0), 0U) << e.payload;  // kind 20, request 0, reason 2 (no move)
  std::string why;
  auto back = decode(static_cast<std::int64_t>(e.kind), e.time_ms, e.payload, why);
  ASSERT_TRUE(back.has_value()) << why;
  EXPECT_EQ(*back, session::Input{in});
  // kind request option piece from to mkind promo castle count seat square force text
  EXPECT_EQ(decode_why("20 0 9 255 65535 65535 0 255 0 8 1 65535 0 words"),
            "a Stockfish fallback with an unknown reason 9 (this build knows 0-6)");
  EXPECT_EQ(decode_why("20 0 -1 255 65535 65535 0 255 0 8 1 65535 0 words"),
            "a Stockfish fallback with an unknown reason -1 (this build knows 0-6)");
  EXPECT_EQ(decode_why("20 0 3 255 65535 65535 0 255 0 8 255 65535 0 words"),
            "a Stockfish fallback that names no seat");
  EXPECT_EQ(decode_why("20 0 3 255 65535 65535 0 255 0 12 1 65535 0 words"),
            "a Stockfish fallback to Tabula's level 12 (levels 1-8)");
  EXPECT_EQ(decode_why("20 0 3 255 65535 65535"), "an intent cut short: 6 of its 13 numbers");
  EXPECT_EQ(decode_why("21 0 0 255 65535 65535 0 255 0 8 1 65535 0 "),
            "an intent of kind 21, unknown to this build (a newer build's journal?)");
}

// The session takes a fallback in orthodox chess for a seat of the game,
// with a known reason, a level and words; anything else is refused in words.
TEST(BotFallback, TheSessionRefusesAFallbackItCannotKeep) {
  std::string why;
  session::Session s(fallback_chess_stages(), *start_position(testing::chess_header(), *testing::rules_of("chess"), why),
                     testing::chess_header().settings());
  auto refused = [&](const session::Intent& i) {
    session::Output o = s.handle(session::Input{i});
    for (const session::Ruling& r : o.rulings) {
      if (r.kind == session::RulingKind::kOperator) return r.text;  // a refusal (Session::refuse)
    }
    return std::string();
  };
  EXPECT_EQ(refused(fallback_input(core::kNoSeat, session::BotFallbackReason::kEnded, 8, kFallbackWarning)),
            "a Stockfish fallback for no seat of this game was refused");
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), static_cast<session::BotFallbackReason>(9), 8, kFallbackWarning)),
            "a Stockfish fallback for Black with an unknown reason (9) was refused");
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 0, kFallbackWarning)),
            "a Stockfish fallback for Black to Tabula's level 0 was refused (levels 1-8)");
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, "")),
            "a Stockfish fallback for Black without words was refused");
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kStockfishAgain, 0, "again")),
            "Stockfish already plays Black: \"again\" was refused");
  EXPECT_TRUE(s.bot_engine_changes().empty());
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, kFallbackWarning)), "");
  ASSERT_NE(s.bot_fallback(core::seat_at(1)), nullptr);
  EXPECT_EQ(s.bot_fallback(core::seat_at(1))->level, 8);
  EXPECT_EQ(s.bot_fallback(core::seat_at(0)), nullptr);
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kNoMove, 8, "twice")),
            "Tabula's engine already plays Black for Stockfish: \"twice\" was refused");
  EXPECT_EQ(refused(fallback_input(core::seat_at(1), session::BotFallbackReason::kStockfishAgain, 0, "back")), "");
  EXPECT_EQ(s.bot_fallback(core::seat_at(1)), nullptr);
  // Four seats: Stockfish plays none of them.
  auto ffa = testing::rules_of("chesscom-ffa");
  JournalHeader fh;
  fh.variant = "chesscom-ffa";
  fh.start_position = ffa->start_fen;
  auto start = start_position(fh, *ffa, why);
  ASSERT_TRUE(start) << why;
  session::Session f({ffa}, *start, fh.settings());
  session::Output o = f.handle(session::Input{fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, kFallbackWarning)});
  ASSERT_FALSE(o.rulings.empty());
  EXPECT_NE(o.rulings.back().text.find("Stockfish plays orthodox chess only"), std::string::npos)
      << o.rulings.back().text;
  EXPECT_TRUE(f.bot_engine_changes().empty());
}

// The file's PRAGMA user_version.
int user_version(const std::string& db) {
  sqlite3* d = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db.c_str(), &d, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(d, "PRAGMA user_version", -1, &st, nullptr);
  sqlite3_step(st);
  const int v = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  sqlite3_close(d);
  return v;
}

// The first fallback makes the file version 2 (an older build refuses it by
// its version, not as a damaged row); this build opens 1 and 2, not 3.
TEST(BotFallback, TheFirstFallbackMakesTheJournalVersion2) {
  testing::ScratchDir dir;
  const std::string db = dir.file("g.db");
  ASSERT_TRUE(stockfish_journal(db, session::Tick{Millis{50}}));
  auto version = [&] { return user_version(db); };
  EXPECT_EQ(version(), 1);  // no fallback: a build before it reads this journal
  {
    Journal j;
    Resumed r = opened(db, Journal::Access::kAppend, j);
    ASSERT_TRUE(r.session) << r.error;
    const session::Input in = fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, kFallbackWarning);
    ASSERT_TRUE(j.record(in, r.session->handle(in), 2).ok());
  }
  EXPECT_EQ(version(), 2);
  {
    Journal j;
    Resumed r = opened(db, Journal::Access::kRead, j);
    ASSERT_TRUE(r.session) << r.error;
    ASSERT_NE(r.session->bot_fallback(core::seat_at(1)), nullptr);
    ASSERT_EQ(r.fallback_notes.size(), 1U);
    EXPECT_EQ(r.fallback_notes[0], "Tabula level 8 plays Black for Stockfish 2000 until this game ends, as before the "
                                   "restart (" + kFallbackWarning + ")");
    EXPECT_EQ(r.fallback_warning, "");
  }
  testing::exec_sql(db, "PRAGMA user_version = 3");
  Journal j;
  JournalStatus st = Journal::open(db, Journal::Access::kRead, j);
  EXPECT_EQ(st.error, JournalError::kVersion);
  EXPECT_NE(st.message.find("journal schema version 3, this build reads versions 1 and 2; it is left as it is"),
            std::string::npos)
      << st.message;
}

// A takeback to a seat's last move (count 0, s31-takeback) makes the file
// version 2 too: a build before session 31 refuses "0 moves" and would replay
// the moves after it onto the wrong position (journal.h kVersion2). A
// numbered takeback, which every build reads, leaves it version 1.
TEST(JournalVersion2, ATakebackToASeatsLastMoveMakesTheJournalVersion2) {
  testing::ScratchDir dir;
  const std::string db = dir.file("g.db");
  ASSERT_TRUE(stockfish_journal(db, session::Tick{Millis{50}}));
  auto take_back = [&](int count, core::Seat seat, std::int64_t seq) {
    Journal j;
    Resumed r = opened(db, Journal::Access::kAppend, j);
    ASSERT_TRUE(r.session) << r.error;
    session::Intent i;
    i.time = Millis{100 + seq};
    i.kind = session::IntentKind::kTakeback;
    i.count = count;
    i.seat = seat;
    ASSERT_TRUE(j.record(i, r.session->handle(i), seq).ok());
  };
  take_back(1, core::kNoSeat, 2);
  EXPECT_EQ(user_version(db), 1);
  take_back(0, core::seat_at(0), 3);
  EXPECT_EQ(user_version(db), 2);
  Journal j;
  Resumed r = opened(db, Journal::Access::kRead, j);
  EXPECT_TRUE(r.session) << r.error;
}

// A damaged fallback row (an unknown reason, a row cut short) is named with
// its input's number, and the file is left as it was.
TEST(BotFallback, ADamagedFallbackRowIsNamedAndTheJournalLeftAsItIs) {
  testing::ScratchDir dir;
  const std::string db = dir.file("g.db");
  ASSERT_TRUE(stockfish_journal(
      db, fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, kFallbackWarning)));
  for (const auto& [payload, why] : std::vector<std::pair<std::string, std::string>>{
           {"20 0 9 255 65535 65535 0 255 0 8 1 65535 0 words",
            "a Stockfish fallback with an unknown reason 9 (this build knows 0-6)"},
           {"20 0 3 255 65535", "an intent cut short: 5 of its 13 numbers"}}) {
    testing::exec_sql(db, "UPDATE inputs SET payload = '" + payload + "' WHERE seq = 1");
    const std::string before = testing::read_bytes(db);
    Journal j;
    JournalContents c;
    JournalStatus st = Journal::open(db, Journal::Access::kRead, j);
    if (st.ok()) st = j.load(c);
    EXPECT_EQ(st.error, JournalError::kCorrupt);
    EXPECT_NE(st.message.find(db + ": input 1 cannot be read (kind 3, " + why +
                              "): the journal was edited or damaged; it is left as it is"),
              std::string::npos)
        << st.message;
    EXPECT_EQ(testing::read_bytes(db), before);
  }
}

// A fallback for a seat that is not a Stockfish seat (an edited journal):
// the resume names it and does not use it (the seat's own bot plays on).
TEST(BotFallback, AFallbackOfASeatThatIsNotStockfishsIsNamedAndNotUsed) {
  JournalContents c;
  c.header = testing::chess_header();
  c.header.bots = "White=2,Black=stockfish:1500";
  c.inputs = {session::Input{fallback_input(core::seat_at(0), session::BotFallbackReason::kEnded, 8, "White fell back")}};
  c.input_seqs = {7};
  auto stages = fallback_chess_stages();
  Resumed r = resume(c, "g.db", stages);
  ASSERT_TRUE(r.session) << r.error;
  EXPECT_EQ(r.fallback_warning,
            "g.db: input 7 is a Stockfish fallback for White, which is not a Stockfish seat (bots: "
            "\"White=2,Black=stockfish:1500\"): it is not used; the journal is left as it is");
  EXPECT_TRUE(r.fallback_notes.empty());
  // Not used: White's level 2 and Black's Stockfish stand.
  auto bots = session::parse_bot_seats(c.header.bots, *stages.front());
  ASSERT_TRUE(bots.ok());
  const session::BotSeat* white = bots->find(core::seat_at(0));
  ASSERT_NE(white, nullptr);
  EXPECT_EQ(white->level, 2);
  EXPECT_EQ(white->engine, session::BotEngine::kTabula);
}

// A journal written before session 31 said the fallback as advice only: it
// replays as before (the advice said, nothing kept: Stockfish is asked again
// after a resume), and the new input gives the table the same ruling. (Its
// record's comment: StockfishPlay.TheRecordSaysWhereTabulasEngineTookOver...)
TEST(BotFallback, AJournalBeforeItReplaysAsBeforeAndTheNewInputSaysTheSame) {
  JournalContents c;
  c.header = testing::chess_header();
  c.header.bots = "Black=stockfish:2000";
  session::Intent advice;
  advice.time = Millis{100};
  advice.kind = session::IntentKind::kAdvice;
  advice.seat = core::seat_at(1);
  advice.text = kFallbackWarning;
  c.inputs = {session::Input{advice}};
  auto stages = fallback_chess_stages();
  Resumed r = resume(c, "old.db", stages);
  ASSERT_TRUE(r.session) << r.error;
  EXPECT_TRUE(r.session->bot_engine_changes().empty());
  EXPECT_TRUE(r.fallback_notes.empty());
  ASSERT_EQ(r.rulings.size(), 1U);
  EXPECT_EQ(r.rulings[0].kind, "advice");
  EXPECT_EQ(r.rulings[0].text, kFallbackWarning);
  // The new journal's fallback gives the table the same ruling.
  c.inputs = {session::Input{fallback_input(core::seat_at(1), session::BotFallbackReason::kEnded, 8, kFallbackWarning)}};
  Resumed n = resume(c, "new.db", stages);
  ASSERT_TRUE(n.session) << n.error;
  ASSERT_EQ(n.rulings.size(), 1U);
  EXPECT_EQ(n.rulings[0].kind, r.rulings[0].kind);
  EXPECT_EQ(n.rulings[0].severity, r.rulings[0].severity);
  EXPECT_EQ(n.rulings[0].text, r.rulings[0].text);
}

}  // namespace
}  // namespace tabula::journal
