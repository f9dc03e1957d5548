// bot_view.h — what the screen shows of bots (issue 33): the arrow of a bot's
// announced move (an open kBotMove request) in its seat's colour, and the
// latest hint for the seat to move, until a move is made. The words come
// from the session's rulings (the banner shows them as any ruling). Pure.
#pragma once

#include "session/snapshot.h"
#include "ui/view_model.h"

namespace tabula::ui {

void add_bot_arrows(const session::Snapshot& snap, KioskView& view);

}  // namespace tabula::ui
