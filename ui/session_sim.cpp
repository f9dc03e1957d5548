#include "ui/session_sim.h"

#include "core/fen.h"
#include "core/fen4.h"
#include "ui/session_view.h"
#include "variants/variant_loader.h"

namespace tabula::ui {

std::unique_ptr<SessionSim> SessionSim::create(const std::string& variant, std::string& error) {
  variants::LoadResult first = variants::load_id(variant);
  if (!first.ok()) {
    error = first.error_text();
    return nullptr;
  }
  std::vector<std::shared_ptr<const core::RuleSet>> stages{first.rules};
  while (!stages.back()->next_stage.empty() && stages.size() < 4) {
    variants::LoadResult next = variants::load_id(stages.back()->next_stage.front().variant);
    if (!next.ok()) {
      error = next.error_text();
      return nullptr;
    }
    stages.push_back(next.rules);
  }
  const core::RuleSet& rules = *first.rules;
  auto start = rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen)
                                          : core::parse_fen(rules, rules.start_fen);
  if (!start.ok()) {
    error = "the start position of " + variant + " is broken: " + start.error().message;
    return nullptr;
  }
  auto s = std::make_unique<session::Session>(stages, *start);
  std::unique_ptr<SessionSim> sim(new SessionSim(first.rules, std::move(s)));
  // The start position stands on the virtual board: one snapshot of the reeds.
  session::BoardSnapshot snap;
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (!start->at(static_cast<core::Square>(i)).empty()) {
      for (core::Square cell : rules.geometry.cells_of(static_cast<core::Square>(i))) snap.cells.set(core::index_of(cell));
    }
  }
  sim->physical_ = snap.cells;
  sim->session_->on_snapshot(snap);
  return sim;
}

SessionSim::SessionSim(std::shared_ptr<const core::RuleSet> rules, std::unique_ptr<session::Session> s)
    : rules_(std::move(rules)), session_(std::move(s)) {}

const KioskView& SessionSim::view() {
  if (dirty_) {
    view_ = view_of(session_->snapshot(), session_->game().rules());
    dirty_ = false;
  }
  return view_;
}

std::string SessionSim::send(core::Square q, bool occupied, session::Millis now) {
  physical_.set(core::index_of(q), occupied);
  session_->on_event(session::SquareEvent{now, q, occupied});
  dirty_ = true;
  return std::to_string(now.count()) + " " + rules_->geometry.name(q) + (occupied ? " down" : " up");
}

std::vector<std::string> SessionSim::apply(const Intent& intent, session::Millis now) {
  std::vector<std::string> lines;
  if (const auto* click = std::get_if<SquareClicked>(&intent)) {
    core::Square q = square_of(click->cell);
    if (!rules_->geometry.playable(q)) return lines;
    bool occupied = physical_[core::index_of(q)];
    if (!hand_) {
      if (occupied) {
        lines.push_back(send(q, false, now));
        hand_ = q;
      }
    } else if (click->modifier == ClickModifier::kSlide) {
      hand_.reset();  // the piece in the hand leaves the board
    } else {
      if (occupied && q != *hand_) lines.push_back(send(q, false, now));
      lines.push_back(send(q, true, now));
      hand_.reset();
    }
    return lines;
  }
  session::Intent in;
  in.time = now;
  if (const auto* a = std::get_if<DialogAnswered>(&intent)) {
    in.kind = session::IntentKind::kAnswer;
    in.request = a->dialog_id;
    in.option = a->option;
  } else if (const auto* r = std::get_if<Resign>(&intent)) {
    in.kind = session::IntentKind::kResign;
    in.seat = core::seat_at(r->seat.value);
  } else if (const auto* f = std::get_if<FlagFell>(&intent)) {
    in.kind = session::IntentKind::kTimeout;
    in.seat = core::seat_at(f->seat.value);
  } else if (const auto* t = std::get_if<TakeBack>(&intent)) {
    in.kind = session::IntentKind::kTakeback;
    in.count = t->plies;
  } else if (std::get_if<OfferDraw>(&intent)) {
    in.kind = session::IntentKind::kAgreeDraw;
  } else {
    return lines;  // not yet wired: new game, adjudication, journal, set position
  }
  session_->intent(in);
  dirty_ = true;
  return lines;
}

void SessionSim::tick(session::Millis now) {
  auto deadline = session_->next_deadline();
  if (deadline && *deadline <= now) {
    session_->tick(now);
    dirty_ = true;
  }
}

}  // namespace tabula::ui
