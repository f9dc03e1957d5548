#include "ui/bot_view.h"

#include "ui/session_view.h"

namespace tabula::ui {

void add_bot_arrows(const session::Snapshot& snap, KioskView& view) {
  for (const session::Request& r : snap.requests) {
    if (r.kind != session::RequestKind::kBotMove) continue;
    view.arrows.push_back(ArrowView{cell_of(r.move.from), cell_of(r.move.to), SeatIndex{core::index_of(r.seat)}, false});
  }
  if (snap.phase != session::Phase::kPlay || snap.to_move == core::kNoSeat) return;
  // The latest hint, if no move was made since.
  for (auto it = snap.recent.rbegin(); it != snap.recent.rend(); ++it) {
    if (it->kind == session::RulingKind::kGame && it->game && it->game->kind == core::RulingKind::kMove) return;
    if (it->kind != session::RulingKind::kAdvice || it->squares.size() != 2) continue;
    if (it->text.rfind("Hint", 0) != 0) continue;
    view.arrows.push_back(
        ArrowView{cell_of(it->squares[0]), cell_of(it->squares[1]), SeatIndex{core::index_of(snap.to_move)}, true});
    return;
  }
}

}  // namespace tabula::ui
