// announcements.h — what the table hears after one session input: the
// texts the session emitted, in its order, made speakable (spoken_text.h)
// and ranked (speech_queue.h). Issue 33 item 4.
//
// Every ruling the session emits is said with the very text the screen
// shows (a move, a check, a mate, an elimination, points, an illegal move,
// a flag, the bot's move, whatever ruling a later feature adds), followed
// by its fixes' steps as the screen's "Board:" line has them ("Board: move
// White's pawn from e5 back to e2"), then the questions it opened (their
// prompt), then, when a move was
// accepted and the game goes on, whose turn it is in the screen's words
// ("Blue to move", ui/panels.cpp). No sentence is written here.
//
// Pure: no I/O, no clocks (the time of the ruling arrives as a value).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "session/output.h"
#include "core/game.h"
#include "voice/speech_queue.h"

namespace tabula::voice {

/// How urgent a session ruling is for the voice.
Priority priority_of(const session::Ruling& r);

/// The utterances of one input's output, in order (see the file comment).
/// `game` is the game after that output (whose turn, the pieces' names);
/// `made` is when the ruling was made. `players` (seat order, "" unnamed):
/// each text names them beside their seats as the screen does, "Hint for
/// Ann (Red)" (session/player_words.h; s30-table).
std::vector<Utterance> announcements(const session::Output& out, const core::Game& game,
                                     std::chrono::steady_clock::time_point made = {},
                                     const std::vector<std::string>& players = {});

}  // namespace tabula::voice
