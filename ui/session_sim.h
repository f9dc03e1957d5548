// session_sim.h — `tabula-kiosk --sim` driving a real session.
//
// A clickable virtual board that emits exactly the sensor events a real
// board would, feeds them to a session::Session (the arbiter: inference,
// rules, rulings) and shows what the session says. No rules here: the hand
// only knows which squares hold a magnet.
//
//   state     event                              events sent            next
//   empty     click an occupied square           <sq> up                holding
//   empty     click an empty square              -                      empty
//   holding   click the square it came from      <sq> down              empty
//   holding   click an empty square              <sq> down              empty
//   holding   click an occupied square           <sq> up, <sq> down     empty  (a capture)
//   holding   slide-click anywhere               -  (piece taken off)   empty  (en passant victim, removals)
//
// Time is given in by the caller (ms since the sim started). Not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/session.h"
#include "ui/intent.h"
#include "ui/view_model.h"

namespace tabula::ui {

class SessionSim {
 public:
  // Loads `variant` (and its later stages) and sets the start position up on
  // the virtual board. On failure returns null and says why in `error`.
  static std::unique_ptr<SessionSim> create(const std::string& variant, std::string& error);

  const KioskView& view();
  // Applies one kiosk intent; returns the sensor trace lines it made.
  std::vector<std::string> apply(const Intent& intent, session::Millis now);
  // Lets time pass (a move settles, a question times out).
  void tick(session::Millis now);
  const session::Session& session() const { return *session_; }

 private:
  SessionSim(std::shared_ptr<const core::RuleSet> rules, std::unique_ptr<session::Session> s);
  std::string send(core::Square q, bool occupied, session::Millis now);

  std::shared_ptr<const core::RuleSet> rules_;
  std::unique_ptr<session::Session> session_;
  core::SquareSet physical_;
  std::optional<core::Square> hand_;
  KioskView view_;
  bool dirty_ = true;
};

}  // namespace tabula::ui
