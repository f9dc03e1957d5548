// position_report.h — the accessibility queries (issue 33 item 5; FIDE Laws
// Appendix D, lichess's blind mode as the model): on request the voice says
// the clocks, the last move, whose turn it is, and where a player's pieces
// stand, per seat and per piece type, in the variant's square names:
//
//   "Red: king h1; queen g1; rooks d1, k1; bishops f1, i1; knights e1, j1;
//    pawns d2, e2, f2, g2, h2, i2, j2, k2"
//
// Piece types in chess's order (king, queen, rook, bishop, knight, pawn),
// then the variant's other pieces in its file's order; squares in board
// order (rank by rank from the first rank, file by file). The texts are
// what the screen would show; the voice makes them speakable with
// spoken_text() (a move's notation).
//
// Pure: the session and the time arrive as values; no I/O, no clocks.
#pragma once

#include <optional>
#include <string>

#include "core/game.h"
#include "session/session.h"

namespace tabula::voice {

enum class Query : std::uint8_t {
  kClocks,    // every seat's time left
  kLastMove,  // who played what last
  kTurn,      // whose turn it is
  kPieces,    // where one seat's pieces stand
  kAgain,     // s30-table: the last ruling (or hint) said again, word for word: the
              // kiosk keeps what it said (ui/kiosk_voice.h); no text here
};
const char* to_string(Query q);

/// Where `seat`'s pieces stand (see the file comment).
std::string pieces_text(const core::Game& game, core::Seat seat);
/// "Last move: Blue, Nb8-c6" (the record's text); "No move yet".
std::string last_move_text(const core::Game& game);
/// "Red to move"; "The game is over".
std::string turn_text(const core::Game& game);
/// "Red 9 minutes 58 seconds, running; Blue 10 minutes; ..." at session
/// time `now`; "This game has no clock".
std::string clocks_text(const session::Session& session, session::Millis now);
/// A time left in words: "1 hour 5 minutes 9 seconds", "10 minutes",
/// "9.4 seconds" (tenths under ten seconds, as the clock face shows them).
std::string duration_text(session::Millis left);
/// "queen" -> "queens", "bishop" -> "bishops", "man" -> "men".
std::string plural(const std::string& noun);

/// The answer to a query (`seat` for kPieces) at session time `now`; ""
/// for kAgain (what was said is the kiosk's to repeat, not the session's).
std::string query_text(const session::Session& session, Query q, core::Seat seat, session::Millis now);

}  // namespace tabula::voice
