// kiosk_game_hub.cpp — KioskGame and the arbiter's hub (issue 11): the
// publisher started on the game's journal, the arbiter's actions from the hub
// fed and journaled one at a time and answered once journaled (session 25),
// and the line that says what waits for the hub. tick() calls these each
// frame; no rules here.
#include "ui/kiosk_game.h"

#include <utility>

namespace tabula::ui {

bool KioskGame::start_publishing(const journal::JournalContents& contents, std::string& error) {
  hub::PublisherConfig config = *options_.publish;
  config.info.header = contents.header;
  config.journal_path = *options_.journal;
  // Session 24: the outbox's write (after the journal's, in the same file)
  // waits no longer than the journal's; what it cannot write yet waits in
  // order and the publisher's thread writes it.
  config.write_wait = kJournalWait;
  // s13-attack: an outbox that holds the items of another board, event or
  // game (a journal resumed under other names, or copied from another
  // board) would be sent where every hub refuses it, and the new items would
  // wait behind it. `tabula play` refuses to start; the kiosk must come up:
  // it plays on unpublished and says why.
  if (std::string names = hub::outbox_names_problem(config.journal_path, config.info); !names.empty()) {
    add_journal_notice("Not published to the hub",
                       names + "\n\nThis game goes on at the table and in its journal; the hub does not show it.");
    return true;
  }
  publisher_ = hub::BoardPublisher::start(config, error);
  if (!publisher_) {
    error = "hub: " + error;
    return false;
  }
  // A session is needed for catch_up; the caller starts publishing once the
  // session exists (resume) or right after creating it.
  if (session_ && !publisher_->catch_up(contents, *session_, error)) {
    error = "hub: " + error;
    return false;
  }
  return true;
}

void KioskGame::apply_hub_actions() {
  if (!publisher_) return;
  // The seat assignment the board accepted (issue 35: checked against the
  // arbiter's key by the publisher): said once at the table when it comes.
  if (std::optional<hub::SeatAssignment> a = publisher_->assignment(); a && a->text != assignment_shown_) {
    assignment_shown_ = a->text;
    add_notice("seating from the arbiter: " + a->text);
  }
  for (hub::wire::Action& a : publisher_->take_actions()) {
    std::string e;
    if (hub_actions_.size() >= kMaxHubActions) {
      publisher_->reply(a.id(), false,
                        hub::describe(a) + ": refused, " + std::to_string(kMaxHubActions) +
                            " arbiter actions already wait for this table's journal; send it again later",
                        e);
      continue;
    }
    hub_actions_.push_back(std::move(a));
  }
  answer_hub_action();  // an action whose input waited for the journal
  // Session 25: one at a time, and not while inputs wait for the journal
  // (the action's input would wait behind them).
  while (!hub_actions_.empty() && unwritten_.empty() && !hub_answer_) {
    const hub::wire::Action a = hub_actions_.front();
    const std::string text = hub::describe(a);
    std::string e;
    std::optional<session::Intent> in =
        hub::session_intent(a, session_->game().rules().seat_count(), session_->now());
    if (!in) {
      hub_actions_.pop_front();
      publisher_->reply(a.id(), false, text + ": unknown action", e);
      continue;
    }
    // Its answer is due, durably, before the journal records the input that
    // carries it out: a crash in between is answered at the next start
    // (docs/HUB.md, "Answers across a crash"). The outbox held: the action
    // waits for the next frame.
    const std::int64_t input_seq = journal_->inputs_recorded() + 1;
    if (!publisher_->reply_due(a.id(), true, text, input_seq, e)) break;
    hub_actions_.pop_front();
    if (in->kind == session::IntentKind::kPauseClock || in->kind == session::IntentKind::kResumeClock)
      publisher_->set_paused(in->kind == session::IntentKind::kPauseClock);
    feed(session::Input{*in});
    add_notice("the arbiter's hub: " + text);
    hub_answer_ = HubAnswer{a.id(), text, input_seq};
    answer_hub_action();
  }
}

void KioskGame::answer_hub_action() {
  if (!hub_answer_ || !publisher_) return;
  // Answered once its input is journaled (before session 25 the answer said
  // "done" while the input still waited for a held journal, or had been
  // refused), or refused when the journal did not take it.
  std::string e;
  if (journal_->inputs_recorded() >= hub_answer_->input_seq) {
    publisher_->reply(hub_answer_->action_id, true, hub_answer_->text, e);
  } else if (unwritten_.empty()) {
    publisher_->reply(hub_answer_->action_id, false,
                      hub_answer_->text + ": not carried out: the board's journal could not be written", e);
  } else {
    return;  // its input waits for the journal
  }
  hub_answer_.reset();
}

void KioskGame::watch_hub(session::Millis now) {
  if (!publisher_) return;
  // Session 25: the arbiter sees what waits for the hub and when it is gone
  // (the publisher's waiting items were only in its status, never shown).
  // Session 26: rebuilt only when the publisher's status moved (status()
  // copies every hub's progress; this ran each frame).
  if (const std::uint64_t v = publisher_->waiting_version(); v != hub_waiting_version_) {
    hub_waiting_version_ = v;
    hub_waiting_ = hub::waiting_line(publisher_->status());
  }
  const std::string& waiting = hub_waiting_;
  std::optional<RulingView> line = hub_line_;
  if (!waiting.empty()) {
    if (!hub_wait_since_) hub_wait_since_ = now;
    if (hub_said_ || now - *hub_wait_since_ >= kHubSaid) {
      if (!hub_said_) add_notice("hub: " + waiting);
      hub_said_ = true;
      line = RulingView{Severity::kWarning, waiting};
    }
  } else {
    hub_wait_since_.reset();
    if (hub_said_) {
      hub_said_ = false;
      hub_gone_at_ = now;
      const std::string gone = "the results that waited are written and at the broker";
      add_notice("hub: " + gone);
      line = RulingView{Severity::kInfo, gone};
    } else if (line && now - hub_gone_at_ >= kHubGoneShown) {
      line.reset();
    }
  }
  if (line.has_value() != hub_line_.has_value() ||
      (line && (line->text != hub_line_->text || line->severity != hub_line_->severity))) {
    hub_line_ = std::move(line);
    dirty_ = true;
  }
}

}  // namespace tabula::ui
