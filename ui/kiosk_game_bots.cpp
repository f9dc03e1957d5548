// kiosk_game_bots.cpp — KioskGame's bots (issue 33): its BotDriver is made
// from the options (or the journal's header on a resume), polled on every
// tick; what it returns is fed and journaled like any other input.
#include "ui/kiosk_game.h"

#include <functional>

#include "uci/table_bots.h"
#include "uci/uci_bot.h"

namespace tabula::ui {

bool KioskGame::start_bots(const std::string& text, std::string& error) {
  bots_.reset();
  // Session 30: in chess a seat may be Stockfish's; a player named "bot" is
  // Stockfish (kStockfishDefaultElo) when it is installed, and hints come from it.
  const core::RuleSet& rules = session_->game().rules();
  const std::string why_no_stockfish = uci::why_not_runnable(options_.stockfish);
  const bool stockfish = session::stockfish_plays(rules) && why_no_stockfish.empty();
  stockfish_steps_ = stockfish;
  // No --bots: players named "bot 3" on the setup or Players screen are bots.
  const std::string given =
      text.empty() ? session::to_text(session::bots_from_names(options_.players, rules, stockfish), rules) : text;
  auto seats = session::parse_bot_seats(given, session_->game().rules());
  if (!seats.ok()) {
    error = seats.error().message;
    return false;
  }
  options_.bots = session::to_text(*seats, session_->game().rules());
  // A Stockfish seat whose program cannot be run: said now; Tabula's engine
  // plays for it, saying so again at its first move (uci/table_bots.h).
  if (seats->any_stockfish() && !why_no_stockfish.empty()) {
    add_notice(why_no_stockfish + "; Tabula's engine plays for the Stockfish seats");
  }
  if (seats->empty() && !options_.hints && !options_.blunder_check) return true;
  BotOptions o;
  o.seats = *seats;
  o.hints = options_.hints;
  o.blunder_check = options_.blunder_check;
  o.synchronous = options_.bots_wait;
  o.stockfish = options_.stockfish;
  o.stockfish_hints = stockfish;
  bots_ = std::make_unique<BotDriver>(o);
  return true;
}

// s31-fallback: a resumed game's Stockfish seats that fell back (journaled):
// Tabula's engine plays on, said once; or, by the arbiter's switch and when
// Stockfish can be run now, Stockfish again (journaled, so said once too).
void KioskGame::resume_stockfish(const journal::Resumed& r) {
  if (!r.fallback_warning.empty()) {
    std::fprintf(stderr, "tabula-kiosk: warning: %s\n", r.fallback_warning.c_str());
    add_notice(r.fallback_warning);
  }
  if (r.fallback_notes.empty()) return;
  const std::string why_not = uci::why_not_runnable(options_.stockfish);
  auto seats = session::parse_bot_seats(options_.bots, session_->game().rules());
  if (options_.stockfish_again && why_not.empty() && seats.ok()) {
    for (const session::Intent& back : uci::stockfish_again(*session_, *seats)) feed(session::Input{back});
    return;
  }
  for (const std::string& n : r.fallback_notes) add_notice(n);
  if (options_.stockfish_again) add_notice(why_not);
}

// s31-fallback: the arbiter chose a Stockfish seat anew (Who plays: another
// strength, or Stockfish for a seat that had something else): a journaled
// fallback no longer stands for it; Stockfish is asked at its next move.
void KioskGame::stockfish_chosen_again(const std::string& before) {
  const core::RuleSet& rules = session_->game().rules();
  auto was = session::parse_bot_seats(before, rules);
  auto now = session::parse_bot_seats(options_.bots, rules);
  if (!now.ok()) return;
  for (session::Intent back : uci::stockfish_again(*session_, *now)) {
    const session::BotSeat* old = was.ok() ? was->find(back.seat) : nullptr;
    const session::BotSeat* chosen = now->find(back.seat);
    if (old != nullptr && chosen != nullptr && *old == *chosen) continue;  // not this seat's change
    back.time = std::max(back.time, session_->now());
    back.text = session::engine_name(*chosen) + " plays " + session_->game().seat_name(back.seat) +
                " again: the arbiter chose it (Who plays)";
    feed(session::Input{back});
  }
}

void KioskGame::set_advice(const SetAdvice& advice) {
  if (advice.hints == options_.hints && advice.blunder_check == options_.blunder_check) return;
  // Journaled first (session 21): a switch the journal cannot keep is not
  // made, as an input it cannot write is not taken (before, the switch was
  // made, the failure only shown, and a resume went back to the old one).
  if (journal_) {
    const journal::JournalStatus st =
        write_header([&] { return journal_->set_advice(advice.hints, advice.blunder_check); });
    if (!st.ok()) return header_write_failed(st, "the hints switch is not changed");
  }
  options_.hints = advice.hints;
  options_.blunder_check = advice.blunder_check;
  std::string error;
  if (!start_bots(options_.bots, error)) add_notice("the hints switch failed: " + error);
  add_notice(std::string("the arbiter ") + (advice.hints ? "allows" : "does not allow") + " hints and turned the blunder check " +
             (advice.blunder_check ? "on" : "off") + " for this game");
  dirty_ = true;
}

void KioskGame::set_bots(const SetBots& change) {
  const std::string before = options_.bots;
  std::string error;
  if (!start_bots(change.bots, error)) {
    add_notice("who plays is not changed: " + error);
    std::string again;
    start_bots(before, again);  // the bots as they were
    dirty_ = true;
    return;
  }
  if (options_.bots == before) return;
  if (journal_) {
    const journal::JournalStatus st = write_header([&] { return journal_->set_bots(options_.bots); });
    if (!st.ok()) {
      // Session 21: not kept for a resume, so not made (see set_advice).
      std::string again;
      start_bots(before, again);
      return header_write_failed(st, "who plays is not changed");
    }
  }
  if (publisher_) publisher_->set_bots(options_.bots, *session_);  // the hall sees who plays (s17-club)
  stockfish_chosen_again(before);
  add_notice(options_.bots.empty() ? "the arbiter changed who plays: people at every seat"
                                   : "the arbiter changed who plays: bots " + options_.bots);
  dirty_ = true;
}

journal::JournalStatus KioskGame::write_header(const std::function<journal::JournalStatus()>& write) {
  // Session 23: the journal's writes wait at most kJournalWait, but a
  // header row is not tried again next frame as an input is: it waits up
  // to kHeaderWait for a lock held a moment (this kiosk's own outbox
  // writes on the hub publisher's thread), once, on the arbiter's action.
  journal_->set_busy_timeout(static_cast<int>(kHeaderWait.count()));
  journal::JournalStatus st = write();
  journal_->set_busy_timeout(static_cast<int>(kJournalWait.count()));
  return st;
}

void KioskGame::header_write_failed(const journal::JournalStatus& st, const std::string& what) {
  // The journal's message names its file and what the system said (a full
  // disk, a read-only card: journal_status.cpp). Before session 21 it went
  // to the headline bare, stayed there, and the hubs never heard of it.
  journal_error_ = "the journal could not be written (" + st.message + "): " + what;
  write_failed_ = true;  // cleared, with the hubs' flag, by the next input journaled
  if (publisher_) publisher_->set_not_recording(st.message);
  add_notice(what + ": the journal could not be written");
  dirty_ = true;
}

void KioskGame::poll_bots(session::Millis now) {
  if (!bots_) return;
  if (std::optional<session::Intent> in = bots_->poll(*session_, session_time(now))) {
    in->time = std::max(in->time, session_->now());
    feed(session::Input{*in});
  }
}

void KioskGame::ask_hint() {
  const std::string why = bots_ ? bots_->ask_hint(*session_) : "hints are off in this game (the arbiter's switch)";
  if (!why.empty()) add_notice(why);
}

}  // namespace tabula::ui
