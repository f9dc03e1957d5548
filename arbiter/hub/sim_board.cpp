#include "hub/sim_board.h"

#include <ctime>
#include <filesystem>

#include "journal/resume.h"
#include "variants/variant_loader.h"

namespace tabula::hub {

std::unique_ptr<SimBoard> SimBoard::open(const SimBoardConfig& c, std::string& error) {
  auto b = std::make_unique<SimBoard>();
  journal::JournalContents contents;
  std::error_code ec;
  if (std::filesystem::exists(c.journal_path, ec)) {
    journal::JournalStatus s = journal::Journal::open(c.journal_path, journal::Journal::Access::kAppend, b->journal_);
    if (s.ok()) s = b->journal_.load(contents);
    if (!s.ok()) {
      error = s.message;
      return nullptr;
    }
  } else {
    auto stages = variants::load_stages(c.variant, "", error);
    if (stages.empty()) return nullptr;
    journal::JournalHeader h;
    h.variant = c.variant;
    h.start_position = c.start_position.empty() ? stages.front()->start_fen : c.start_position;
    h.set_settings(c.settings);
    h.created = journal::utc_timestamp();
    h.event = c.event;
    h.site = c.board;
    h.players = c.players;
    h.bots = c.bots;
    journal::JournalStatus s = journal::Journal::create(c.journal_path, h, b->journal_);
    if (!s.ok()) {
      error = s.message;
      return nullptr;
    }
    contents.header = h;
  }
  auto stages = variants::load_stages(contents.header.variant, contents.header.start_name, error);
  if (stages.empty()) return nullptr;
  journal::Resumed r = journal::resume(contents, c.journal_path, stages);
  if (!r.session) {
    error = r.error;
    return nullptr;
  }
  b->session_.emplace(std::move(*r.session));
  b->resumed_ = r.inputs;
  b->resumed_time_ = r.last_input_time;
  b->journal_path_ = c.journal_path;
  for (const session::Input& in : contents.inputs) {
    if (!std::holds_alternative<session::Tick>(in) && session::time_of(in) == r.last_input_time) ++b->resumed_at_time_;
  }
  PublisherConfig pc;
  pc.info = BoardInfo{c.event, c.board, contents.header};
  pc.broker = c.broker;
  pc.journal_path = c.journal_path;
  pc.key = c.key;
  pc.board_key = c.board_key;
  pc.check_assignment = c.check_assignment;
  pc.window = c.window;
  pc.write_wait = c.write_wait;
  // A game is published under the names it began with (as `tabula play`).
  error = outbox_names_problem(c.journal_path, pc.info);
  if (!error.empty()) return nullptr;
  b->publisher_ = BoardPublisher::start(pc, error);
  if (!b->publisher_) return nullptr;
  // The rulings the replay gives, not the stored rows (session 14).
  if (!b->publisher_->catch_up(journal::with_derived_rulings(contents, r), *b->session_, error)) return nullptr;
  return b;
}

bool SimBoard::record(const session::Input& in, std::string& error) {
  session::Output out = session_->handle(in);
  journal::JournalStatus s = journal_.record(in, out, journal::wall_clock_ms());
  if (!s.ok()) {
    error = s.message;
    return false;
  }
  return publisher_->on_recorded(journal_.inputs_recorded(), out, *session_, error);
}

bool SimBoard::tick_before(session::Millis t, std::string& error) {
  for (int guard = 0; guard < 1000; ++guard) {
    std::optional<session::Millis> d = session_->next_deadline();
    if (!d || *d >= t) break;
    if (!record(session::Input{session::Tick{*d}}, error)) return false;
  }
  return true;
}

bool SimBoard::feed(const session::Input& in, std::string& error) {
  return tick_before(session::time_of(in), error) && record(in, error);
}

bool SimBoard::finish(std::string& error) {
  const session::SessionSettings& st = session_->settings();
  const session::Millis limit = session_->now() + st.promotion_timeout + st.tracker.hold_warning + session::Millis{60000};
  for (int guard = 0; guard < 1000; ++guard) {
    std::optional<session::Millis> d = session_->next_deadline();
    if (!d || *d > limit) break;
    if (!record(session::Input{session::Tick{*d}}, error)) return false;
  }
  return true;
}

bool SimBoard::outbox_digest(std::uint64_t& digest, std::int64_t& count, std::string& error) const {
  journal::Outbox o;
  journal::JournalStatus s = journal::Outbox::open(journal_path_, o, /*durable=*/false);
  digest = kDigestStart;
  count = 0;
  std::vector<journal::OutboxItem> items;
  for (std::int64_t next = 1; s.ok(); next += static_cast<std::int64_t>(items.size())) {
    s = o.range(next, 512, items);
    if (!s.ok() || items.empty()) break;
    for (const journal::OutboxItem& it : items) digest = digest_step(digest, it.payload);
    count += static_cast<std::int64_t>(items.size());
  }
  if (!s.ok()) error = s.message;
  return s.ok();
}

int SimBoard::apply_actions(session::Millis now, std::string& error) {
  std::vector<wire::Action> actions = publisher_->take_actions();
  now = std::max(now, session_->now());
  for (const wire::Action& a : actions) {
    bool ok = true;
    std::string text = describe(a) + (a.reason().empty() ? "" : " (" + a.reason() + ")");
    std::optional<session::Intent> in = session_intent(a, session_->game().rules().seat_count(), now);
    if (!in) {
      publisher_->reply(a.id(), false, text + ": unknown action", error);
      continue;
    }
    // The deadlines before it first, so the action's input is the next one
    // journaled; its answer is due before the journal records it (session
    // 25: a crash in between is answered at the next start).
    if (!tick_before(in->time, error)) return -1;
    if (std::string why; !publisher_->reply_due(a.id(), true, text, journal_.inputs_recorded() + 1, why)) {
      publisher_->reply(a.id(), false, text + ": not carried out: " + why, error);
      continue;
    }
    if (a.kind() == wire::ACTION_KIND_PAUSE || a.kind() == wire::ACTION_KIND_RESUME)
      publisher_->set_paused(a.kind() == wire::ACTION_KIND_PAUSE);
    ok = record(session::Input{*in}, error);
    if (!ok) return -1;
    publisher_->reply(a.id(), true, text, error);
  }
  return static_cast<int>(actions.size());
}

}  // namespace tabula::hub
