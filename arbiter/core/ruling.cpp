#include "core/ruling.h"

namespace tabula::core {

const char* to_string(RulingKind k) {
  switch (k) {
    case RulingKind::kMove: return "move";
    case RulingKind::kIllegalMove: return "illegal";
    case RulingKind::kCheck: return "check";
    case RulingKind::kDoubleCheck: return "double-check";
    case RulingKind::kCheckmate: return "checkmate";
    case RulingKind::kStalemate: return "stalemate";
    case RulingKind::kKingCaptured: return "king-captured";
    case RulingKind::kElimination: return "elimination";
    case RulingKind::kResignation: return "resignation";
    case RulingKind::kTimeout: return "timeout";
    case RulingKind::kPoints: return "points";
    case RulingKind::kTurnSkipped: return "turn-skipped";
    case RulingKind::kPass: return "pass";
    case RulingKind::kDraw: return "draw";
    case RulingKind::kGameOver: return "game-over";
    case RulingKind::kPromotion: return "promotion";
    case RulingKind::kRelation: return "relation";
    case RulingKind::kRemoval: return "removal";
  }
  return "?";
}

const char* to_string(Severity s) {
  switch (s) {
    case Severity::kInfo: return "info";
    case Severity::kWarning: return "warning";
    case Severity::kIllegal: return "illegal";
  }
  return "?";
}

}  // namespace tabula::core
