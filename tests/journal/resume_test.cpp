// Resuming in-process, as the kiosk will: the journal's inputs replayed
// through a fresh Session give back the same state, including an open
// dialog (a promotion question) and the clocks-as-values (session time).
#include "journal/resume.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using testing::ScratchDir;

// 5. bxa8=Q: a capture that promotes; the generator answers the kiosk's
// question some time after the pawn lands.
constexpr const char* kPromotion = "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q *\n";

JournalHeader chess_header() {
  auto rules = testing::rules_of("chess");
  JournalHeader h;
  h.variant = "chess";
  h.start_position = rules->start_fen;
  return h;
}

TEST(Resume, AnOpenPromotionQuestionComesBackAsItWas) {
  auto rules = testing::rules_of("chess");
  std::vector<session::Input> inputs = testing::script_inputs("chess", kPromotion, 2);
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), chess_header(), j).ok());
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), chess_header().settings());
  bool question_open = false;
  for (const session::Input& next : inputs) {
    // Tick at the session's deadlines, as every driver does (play_commands).
    for (auto d = live.next_deadline(); d && *d < session::time_of(next); d = live.next_deadline()) {
      session::Input tick = session::Tick{*d};
      ASSERT_TRUE(j.record(tick, live.handle(tick), 0).ok());
      for (const session::Request& r : live.requests()) question_open |= r.kind == session::RequestKind::kPromotion;
      if (question_open) break;
    }
    if (question_open) break;
    const session::Input& in = next;
    session::Output o = live.handle(in);
    ASSERT_TRUE(j.record(in, o, 0).ok());
    for (const session::Request& r : live.requests()) question_open |= r.kind == session::RequestKind::kPromotion;
    if (question_open) break;  // "crash" with the dialog on screen
  }

  ASSERT_TRUE(question_open) << "the script never asked for the promotion piece";

  Journal reread;
  JournalContents c;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, reread).ok());
  ASSERT_TRUE(reread.load(c).ok());
  Resumed r = resume(c, dir.file("g.db"), {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  ASSERT_EQ(r.session->requests().size(), live.requests().size());
  for (std::size_t i = 0; i < live.requests().size(); ++i) {
    EXPECT_EQ(r.session->requests()[i].id, live.requests()[i].id);
    EXPECT_EQ(r.session->requests()[i].deadline, live.requests()[i].deadline);
    EXPECT_EQ(r.session->requests()[i].options.size(), live.requests()[i].options.size());
  }
  EXPECT_EQ(r.session->next_deadline(), live.next_deadline());
  EXPECT_EQ(r.session->now(), live.now());
}

TEST(Resume, AJournalOfOtherRulesIsRefusedNotGuessed) {
  auto rules = testing::rules_of("chess");
  std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 3);
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), chess_header(), j).ok());
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), chess_header().settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_FALSE(c.moves.empty());
  c.moves[2].text = "Qd1-h5";  // what another build of the rules might have said
  Resumed r = resume(c, "g.db", {rules});
  EXPECT_FALSE(r.session.has_value());
  EXPECT_NE(r.error.find("g.db: resuming differs from the journal at move 3"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace tabula::journal
