// announcements.cpp — session output -> utterances (announcements.h).
#include "voice/announcements.h"

#include <algorithm>

#include "session/hint_words.h"
#include "session/player_words.h"
#include "voice/spoken_text.h"

namespace tabula::voice {

Priority priority_of(const session::Ruling& r) {
  using K = session::RulingKind;
  switch (r.kind) {
    case K::kIllegalMove:
    case K::kOutOfSync:
    case K::kTouchOutOfTurn:
    case K::kClock:  // a flag fell, the arbiter stopped or set the clock
      return Priority::kUrgent;
    case K::kSensor:
    case K::kHeldTooLong:
      return r.severity == core::Severity::kInfo ? Priority::kLow : Priority::kNormal;
    case K::kGame:
      break;
    default:
      return r.severity == core::Severity::kIllegal ? Priority::kUrgent : Priority::kNormal;
  }
  if (!r.game) return Priority::kNormal;
  using G = core::RulingKind;
  switch (r.game->kind) {
    case G::kIllegalMove:
    case G::kCheckmate:
    case G::kStalemate:
    case G::kKingCaptured:
    case G::kElimination:
    case G::kResignation:
    case G::kTimeout:
    case G::kDraw:
    case G::kGameOver:
      return Priority::kUrgent;
    default:
      return Priority::kNormal;
  }
}

std::vector<Utterance> announcements(const session::Output& out, const core::Game& game,
                                     std::chrono::steady_clock::time_point made,
                                     const std::vector<std::string>& players) {
  const PieceNames names = PieceNames::of(game.rules());
  std::vector<Utterance> said;
  auto add = [&](const std::string& text, Priority p) {
    if (text.empty()) return;
    said.push_back({spoken_text(session::with_players(text, game.rules(), players), names), p, made});
  };
  for (const session::Ruling& r : out.rulings) {
    // A hint in the screen's words (session/hint_words.h: "castle king side:
    // king e1 to g1, rook h1 to f1"), without the notation the screen adds.
    const std::optional<std::string> hint = session::hint_in_words(r, game.position());
    add(hint ? *hint : r.text, priority_of(r));
    // What to do, as the screen's "Board:" line gives it (ui/panels.cpp):
    // the fixes' own steps, each once.
    std::vector<std::string> steps;
    for (const inference::Fix& f : r.fixes) {
      if (!f.text.empty() && std::find(steps.begin(), steps.end(), f.text) == steps.end()) steps.push_back(f.text);
    }
    std::string board;
    for (const std::string& step : steps) board += (board.empty() ? "Board: " : "; ") + step;
    add(board, priority_of(r));
  }
  for (const session::Request& q : out.opened) add(q.prompt, Priority::kNormal);
  if (!out.moves.empty() && !game.outcome().over) {
    const core::Seat next = game.position().to_move();
    if (next != core::kNoSeat) add(game.seat_name(next) + " to move", Priority::kNormal);  // ui/panels.cpp's words
  }
  return said;
}

}  // namespace tabula::voice
