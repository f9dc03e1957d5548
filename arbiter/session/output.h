// output.h — what a session says: rulings, requests and accepted moves.
//
// Section index: RulingKind, Ruling, RequestKind, RequestOption, Request,
// AcceptedMove, Output.
//
// A session Ruling is either one of the rules core's rulings, passed on as
// is (kind kGame, `game` set), or one of inference's own: an illegal move, a
// board out of sync (with the squares to fix, in order), a touch out of turn,
// a sensor fault, the setup verified... Severities follow RULINGS.md:
// illegal (refused; the board must be put back), warning (the arbiter is
// told), info. A Request is a question or an instruction for the table that
// stays open until answered or done (promotion piece, random move to play,
// pieces to remove, the board to set up); the snapshot lists the open ones.
// Plain values; the journal can store them as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ruling.h"
#include "core/types.h"
#include "inference/fix_plan.h"
#include "inference/physical_board.h"

namespace tabula::session {

using inference::Millis;

enum class RulingKind : std::uint8_t {
  kGame,            // a ruling of the rules core (`game`)
  kIllegalMove,     // the board shows a move the rules refuse; fixes put it back
  kOutOfSync,       // the board matches no move; fixes list what to do
  kTouchOutOfTurn,  // a piece of a seat not to move was lifted
  kSensor,          // a noisy reed, a burst, an event off the board, a stray piece
  kHeldTooLong,     // a piece has been off its square a long time
  kBoardInOrder,    // a wrong board has been put right
  kSetup,           // the setup (or the restored board) is verified, or refused
  kRequest,         // a question was asked, answered or defaulted
  kRemoval,         // pieces the rules removed: asked for, then confirmed
  kOperator,        // an operator intent was done or refused
  kClock,           // the clock: a flag fell, the arbiter stopped, started or set it
  kBotMove,         // issue 33: a bot's move announced ("Blue's bot plays Nb8-c6: move it for Blue")
  kAdvice,          // issue 33: a hint or a blunder warning for a seat (teaching)
  kWithdrawn,       // session 13: a move committed at once whose piece was moved on at once
};
const char* to_string(RulingKind k);

struct Ruling {
  Millis time{0};
  RulingKind kind = RulingKind::kGame;
  core::Severity severity = core::Severity::kInfo;
  std::string text;
  std::vector<core::Square> squares;
  std::vector<inference::Fix> fixes;  // what to do, in order (illegal, out of sync)
  std::optional<core::Ruling> game;   // kGame: the core's ruling
  int move = -1;  // the core's "move" ruling of an accepted move: index into Output::moves
};

enum class RequestKind : std::uint8_t {
  kPromotion,     // which piece the pawn becomes (options)
  kPlacement,     // which piece to place (003 rule 5; options)
  kWhichMove,     // the board shows two moves alike: which one (options)
  kPowerPiece,    // 004: the stage winner's choice (options)
  kRandomMove,    // 002 rule 7: play this move for a random mover (instruction)
  kRemovePieces,  // take these pieces off (instruction; closes when done)
  kSetBoard,      // set up or restore the board (instruction; closes when verified)
  kBotMove,       // issue 33: play the bot's move for its seat (instruction; `move`)
};
const char* to_string(RequestKind k);

struct RequestOption {
  std::string label;  // "knight", "orthogonal power piece"
  core::Move move;    // the move it chooses (promotion, placement, which move)
};

struct Request {
  std::uint32_t id = 0;
  RequestKind kind = RequestKind::kSetBoard;
  core::Seat seat = core::kNoSeat;  // who is asked (kNoSeat: the table)
  std::string prompt;
  std::vector<RequestOption> options;  // empty for an instruction
  int default_option = 0;
  std::optional<Millis> deadline;     // when the default is taken
  std::vector<core::Square> squares;  // where (removals, the random move's squares)
  core::Move move;                    // kRandomMove: the move to play
  Millis opened{0};
};

struct AcceptedMove {
  Millis time{0};
  int stage = 0;
  core::Seat seat = core::kNoSeat;
  core::Move move;
  std::string text;  // long algebraic in the position before it ("e2-e4", "Qa11xRa9")
};

// What one input made the session say.
struct Output {
  std::vector<AcceptedMove> moves;
  std::vector<Ruling> rulings;
  std::vector<Request> opened;
  std::vector<std::uint32_t> closed;

  void append(Output other);
};

}  // namespace tabula::session
