// spoken_text.h — the pronunciation pass: a ruling's screen text made
// speakable, word for word, with no second vocabulary (issue 33 item 4).
//
// The voice says what the screen shows. Only the tokens a speech engine
// reads badly are rewritten: move notation ("Nb8-c6" -> "knight b8 to c6",
// "Qa11xRa9" -> "queen a11 takes rook a9", "exd5" -> "e takes d5",
// "O-O" -> "castles short", a trailing "+" -> "check", "#" -> "mate").
// Squares stay as they are ("e4", "k11"): espeak-ng reads a letter joined
// to a number as the letter and the number, while "a 1" would be read as
// the article. Every other word passes through unchanged.
//
// Pure: standard library only; no I/O. Thread-safe (no shared state).
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace tabula::core {
struct RuleSet;
}

namespace tabula::voice {

/// The names of the pieces by the letter a move's text gives them
/// ('N' -> "knight"). Letters without a name are spoken as letters.
class PieceNames {
 public:
  /// The six of chess: K Q R B N P.
  static PieceNames chess();
  /// A variant's pieces by their letter in moves (RuleSet's text_letter()),
  /// over chess's for the letters it does not use.
  static PieceNames of(const core::RuleSet& rules);

  /// "knight" for 'N'; "" when the letter names no piece.
  const std::string& name(char upper) const;
  void set(char upper, std::string name);

 private:
  std::array<std::string, 26> names_;
};

/// The text as the voice says it (see the file comment).
std::string spoken_text(std::string_view screen_text, const PieceNames& names = PieceNames::chess());

/// One token of move notation as words, or "" when `token` is not one
/// (then spoken_text leaves it as it is).
std::string spoken_move(std::string_view token, const PieceNames& names = PieceNames::chess());

}  // namespace tabula::voice
