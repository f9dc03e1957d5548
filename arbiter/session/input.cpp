#include "session/input.h"

namespace tabula::session {

const char* to_string(IntentKind k) {
  switch (k) {
    case IntentKind::kAnswer:
      return "answer";
    case IntentKind::kChoosePiece:
      return "choose-piece";
    case IntentKind::kChooseMove:
      return "choose-move";
    case IntentKind::kChooseOption:
      return "choose-option";
    case IntentKind::kTakeback:
      return "takeback";
    case IntentKind::kResign:
      return "resign";
    case IntentKind::kTimeout:
      return "timeout";
    case IntentKind::kAgreeDraw:
      return "agree-draw";
    case IntentKind::kClaimDraw:
      return "claim-draw";
    case IntentKind::kConfirmSetup:
      return "confirm-setup";
    case IntentKind::kVerifyBoard:
      return "verify-board";
    case IntentKind::kSensorFault:
      return "sensor-fault";
    case IntentKind::kSensorRepaired:
      return "sensor-repaired";
    case IntentKind::kPauseClock:
      return "pause-clock";
    case IntentKind::kResumeClock:
      return "resume-clock";
    case IntentKind::kSetClock:
      return "set-clock";
    case IntentKind::kAdjudicate:
      return "adjudicate";
    case IntentKind::kSetPosition:
      return "set-position";
    case IntentKind::kBotMove:
      return "bot-move";
    case IntentKind::kAdvice:
      return "advice";
    case IntentKind::kBotFallback:
      return "bot-fallback";
  }
  return "?";
}

const char* to_string(BotFallbackReason r) {
  switch (r) {
    case BotFallbackReason::kNotRunnable: return "not-runnable";
    case BotFallbackReason::kNoHandshake: return "no-handshake";
    case BotFallbackReason::kNoMove: return "no-move";
    case BotFallbackReason::kEnded: return "ended";
    case BotFallbackReason::kOverlong: return "overlong";
    case BotFallbackReason::kBadMove: return "bad-move";
    case BotFallbackReason::kStockfishAgain: return "stockfish-again";
  }
  return "?";
}

namespace {
bool in_range_reason(int option) { return option >= 0 && option < kBotFallbackReasons; }
}  // namespace

Millis time_of(const Input& in) {
  return std::visit([](const auto& v) { return v.time; }, in);
}

std::string describe(const Input& in, const core::Geometry& g) {
  std::string t = std::to_string(time_of(in).count());
  if (const auto* e = std::get_if<SquareEvent>(&in)) {
    return t + " " + g.name(e->square) + (e->occupied ? " down" : " up");
  }
  if (const auto* s = std::get_if<BoardSnapshot>(&in)) {
    return t + " snapshot " + std::to_string(s->cells.count()) + " cells";
  }
  if (std::holds_alternative<Tick>(in)) return t + " tick";
  const Intent& i = std::get<Intent>(in);
  std::string out = t + " intent " + to_string(i.kind);
  switch (i.kind) {
    case IntentKind::kAnswer:
      out += " #" + std::to_string(i.request) + " option " + std::to_string(i.option);
      break;
    case IntentKind::kChoosePiece:
      out += " kind " + std::to_string(core::index_of(i.piece));
      break;
    case IntentKind::kChooseMove:
      out += " " + g.name(i.move.from) + g.name(i.move.to);
      break;
    case IntentKind::kChooseOption:
      out += " " + i.text;
      break;
    case IntentKind::kTakeback:
      out += i.count == 0 && i.seat != core::kNoSeat
                 ? " to seat " + std::to_string(core::index_of(i.seat)) + "'s last move"
                 : " " + std::to_string(i.count);
      break;
    case IntentKind::kResign:
    case IntentKind::kTimeout:
      out += " seat " + std::to_string(core::index_of(i.seat));
      break;
    case IntentKind::kConfirmSetup:
      out += i.force ? " force" : "";
      break;
    case IntentKind::kSetClock:
      out += " seat " + std::to_string(core::index_of(i.seat)) + " " + std::to_string(i.count) + " ms";
      break;
    case IntentKind::kAdjudicate:
      out += i.force ? " draw"
             : i.seat == core::kNoSeat ? " standing"
                                       : " seat " + std::to_string(core::index_of(i.seat)) + " wins";
      break;
    case IntentKind::kSetPosition:
      out += " " + i.text;
      break;
    case IntentKind::kBotMove:
    case IntentKind::kAdvice:
      out += " seat " + std::to_string(core::index_of(i.seat)) + " " + g.name(i.move.from) + g.name(i.move.to) +
             " " + i.text;
      break;
    case IntentKind::kBotFallback:
      out += " seat " + std::to_string(core::index_of(i.seat)) + " " +
             (in_range_reason(i.option) ? to_string(static_cast<BotFallbackReason>(i.option)) : "?") + " level " +
             std::to_string(i.count) + " " + i.text;
      break;
    case IntentKind::kSensorFault:
    case IntentKind::kSensorRepaired:
      out += " " + g.name(i.square);
      break;
    default:
      break;
  }
  return out;
}

}  // namespace tabula::session
