// corners_judge.h — an independent judge of two readings of sheet 000 (the
// corner-square games), written in session 19 from the sheet, RULINGS 000 and
// docs/VARIANTS.md alone, without reading the core's corners code nor the
// corners oracle's reply and turn code (corners_oracle.cpp). It reuses only
// the oracles' own board and move generator (board.h), no code of the core.
//
// For a position of a corner game with all four seats playing and a move of
// the seat to move, it answers:
//  - who moves next after it: "Other Kings may be placed in check only, with
//    the next move going to the player that is in check"; with several kings
//    in check, the first of them in turn order after the mover (VARIANTS.md
//    House rules, `corners.turn_to_checked_player`), else the next seat;
//  - whether the mate rule refuses it: "a move that would checkmate any other
//    king [than the target] is illegal" (RULINGS 000), with VARIANTS.md's
//    reading of "mate" (in check with no reply the game allows: the edge-pawn
//    truce, the corner duty and this rule itself for the checked player's
//    replies, with the corner state as it would be after the move; a king is
//    mated by a move only if he was not mated already before it; the look
//    stops two replies deep) and of en passant in the mate test: a checked
//    player's reply may be an en passant capture only if he is the player who
//    moves next after the double step (EN_PASSANT_NEXT_MOVER_ONLY).
//
// The judge also says whether the verdict depends on the en passant reading
// (the same move judged with the entry open to every checked player, the
// reading before session 18, gives another verdict), so a test can count the
// positions where the reading matters. Values only; not thread-safe.
#pragma once

#include <string>
#include <vector>

#include "board.h"

namespace tabula::oracle {

// What the judge rules on one move of the seat to move.
struct CornersVerdict {
  bool refused = false;       // by the mate rule (the move itself is board-legal)
  int mated = -1;             // the non-target the move would mate; -1 when none
  int checked_next = -1;      // who the turn goes to if it stands
  int next_mover = -1;        // who plays next: checked_next, past seats who pass or miss the turn
  int plain_next = -1;        // the next seat in turn order
  std::vector<int> checked;   // the seats in check after it, in turn order after the mover
  // The en passant reading decides the verdict: judged with the entry open
  // to every checked player, the move is refused when it is not, or not
  // when it is.
  bool ep_reading_matters = false;
  // A checked non-target's replies (as the game allows them) include an
  // en passant capture of the move's double step.
  bool ep_reply_seen = false;
  // A double step whose crossed square another seat's pawn attacks: some
  // player could take it en passant, were the entry his.
  bool ep_takeable = false;
  // The depth of the look decides: judged with the checked players' replies
  // free of the mate rule, or with the mate rule on the replies to them too,
  // the verdict differs.
  bool shallower_look_differs = false;
  bool deeper_look_differs = false;
};

class CornersJudge {
 public:
  // "short", "long" or "mini", at the start position.
  explicit CornersJudge(const std::string& game);

  // Sets up a FEN4 position (seat letters w g b p; no castling, no en
  // passant square, no corner queens). As docs/VARIANTS.md says of a FEN4 at
  // move 1, the seats before the side to move have had their first turn.
  // Which pawns are the edge pawns a FEN4 does not say (nor do the docs):
  // `edges` picks a reading. False on bad text or a seat out.
  enum class FenEdgePawns { kEndsOfTheRowAsItStands, kOnTheEndSquares };
  bool load(const std::string& fen4,
            FenEdgePawns edges = FenEdgePawns::kEndsOfTheRowAsItStands);

  int to_move() const { return to_move_; }
  const Board& board() const { return state_.board; }
  std::string square_name(int file, int rank) const;

  // The moves of the seat to move the board and the game's other rules allow
  // (king safety, the edge-pawn truce, the corner duty), before the mate rule.
  std::vector<OMove> candidates() const;
  CornersVerdict judge(const OMove& m) const;
  // Plays a move (judged or not); the turn goes as judge() says.
  void play(const OMove& m);

  // The position as a FEN4 (seat letters w g b p, no castling): "" when a
  // king stands in a corner square (Tabula's FEN4 cell for him is not the
  // judge's business) or an en passant entry is open.
  std::string fen4() const;
  // For the targeted search: positions made from this one where the double
  // step `m` checks a non-target of the mover whose pawn could take it en
  // passant: that seat's king moved onto a free square the pawn will attack,
  // and, in a second position, the target's king onto the other one (so the
  // target moves first). No king stands in check before `m`. FEN4s.
  std::vector<std::string> ep_check_positions(const OMove& m) const;

  // Whether a seat's king stands in check now.
  bool in_check(int seat) const { return checked(state_.board, seat); }
  // Whether the seat to move must leave his corner square and cannot (he
  // misses the turn: the judge does not rule on such positions).
  bool misses_turn() const;

 private:
  // Everything a hypothetical move changes besides the men.
  struct State {
    Board board;
    bool had_turn[4] = {false, false, false, false};  // the first round (truce)
    int corner_queens_lost[4] = {0, 0, 0, 0};
  };

  bool checked(const Board& b, int seat) const;
  bool attacked(const Board& b, int sq, int seat) const;
  bool must_leave(const State& s, int seat) const;
  // Board-legal moves of `seat` in `s`, the truce and the corner duty
  // applied; an en passant capture only when `ep_open` is `seat`.
  std::vector<OMove> allowed(const State& s, int seat, int ep_open) const;
  State after(const State& s, const OMove& m) const;
  int next_after(const State& s, int mover) const;
  // next_after(), then past the seats who pass or miss their turn.
  int player_after(State& s, int mover) const;
  // The non-target `m` would mate at this level (0: the game's move), or -1.
  // `loose`: every checked player may take en passant (the reading before
  // session 18), at this level only.
  // `stop`: the level whose replies are judged without the mate rule
  // (VARIANTS.md: 2, "the look-ahead stops two replies deep").
  int mates(const State& s, int mover, const OMove& m, int level, bool loose,
            bool* ep_reply_seen, int stop = 2) const;
  bool has_reply(const State& s, int seat, int ep_open, int level, int stop = 2) const;

  std::string game_;
  int size_ = 12;
  State state_;
  MoveRules rules_;
  int to_move_ = 0;
};

}  // namespace tabula::oracle
