#include "session/output.h"

#include "session/snapshot.h"

namespace tabula::session {

const char* to_string(RulingKind k) {
  switch (k) {
    case RulingKind::kGame:
      return "game";
    case RulingKind::kIllegalMove:
      return "illegal-move";
    case RulingKind::kOutOfSync:
      return "out-of-sync";
    case RulingKind::kTouchOutOfTurn:
      return "touch-out-of-turn";
    case RulingKind::kSensor:
      return "sensor";
    case RulingKind::kHeldTooLong:
      return "held-too-long";
    case RulingKind::kBoardInOrder:
      return "board-in-order";
    case RulingKind::kSetup:
      return "setup";
    case RulingKind::kRequest:
      return "request";
    case RulingKind::kRemoval:
      return "removal";
    case RulingKind::kOperator:
      return "operator";
    case RulingKind::kClock:
      return "clock";
    case RulingKind::kBotMove:
      return "bot-move";
    case RulingKind::kAdvice:
      return "advice";
    case RulingKind::kWithdrawn:
      return "move-withdrawn";
  }
  return "?";
}

const char* to_string(RequestKind k) {
  switch (k) {
    case RequestKind::kPromotion:
      return "promotion";
    case RequestKind::kPlacement:
      return "placement";
    case RequestKind::kWhichMove:
      return "which-move";
    case RequestKind::kPowerPiece:
      return "power-piece";
    case RequestKind::kRandomMove:
      return "random-move";
    case RequestKind::kRemovePieces:
      return "remove-pieces";
    case RequestKind::kSetBoard:
      return "set-board";
    case RequestKind::kBotMove:
      return "bot-move";
  }
  return "?";
}

const char* to_string(Phase p) {
  switch (p) {
    case Phase::kSetup:
      return "setup";
    case Phase::kPlay:
      return "play";
    case Phase::kChoosing:
      return "choosing";
    case Phase::kRestore:
      return "restore";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

void Output::append(Output other) {
  int offset = static_cast<int>(moves.size());
  for (Ruling& r : other.rulings) {
    if (r.move >= 0) r.move += offset;
    rulings.push_back(std::move(r));
  }
  for (AcceptedMove& m : other.moves) moves.push_back(std::move(m));
  for (Request& r : other.opened) opened.push_back(std::move(r));
  for (std::uint32_t id : other.closed) closed.push_back(id);
}

}  // namespace tabula::session
