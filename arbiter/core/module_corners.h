// module_corners.h — sheet 000's corner-square games as a rule module
// (core/rule_module.h), private to the core: the module's hooks
// (module_corners.cpp) and the rules behind them (corners.cpp, corners_proof.cpp,
// corners_play.cpp), as static
// helpers that play with the Game's state (issue 30 item 1: Game names no
// sheet; its header declares none of these).
//
// The state the rules depend on stays in the Game, so that make/unmake and
// the Game's copy keep it: the CornerState (core/corners.h), whether the
// long game's two-player phase has begun and whether both sides have reached
// its area.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabula::core {

class SeatLines;  // core/check_lines.h

// 000's mate rule looks at the position after a move (does it check a
// non-target? has he a reply?) with the board only (core/corners_proof.cpp,
// Modules::Corners::mates_non_target): BoardOnlyMove changes the move's two
// squares in place (Position::place_on_board: the kings' squares follow,
// the hash stays as it was) and the en passant entries as Position::make
// changes them (Position::advance_en_passant, make's own bookkeeping),
// until it is destroyed, which puts all back. What the look reads — the
// board, the kings' squares, the en passant entries and castling rights a
// reply may use, the seats' statuses — is then what make() leaves; what
// make() also does (the hash, the clocks, the move history, the side to
// move) the look never reads: the reply proofs set the side to move
// themselves and make their own moves on top, which unmake takes back
// (issue 30 item 3: make and unmake were ~470 instructions of each of the
// rule's ~23,000 looks at corners-mini d6). done() is false, nothing
// changed, for a move make() does more for (not two_squares: a promotion,
// en passant, castling, a king entering his corner square, whose bishops
// become queens, the capture of a king) and while a castling right
// remains. The caller then makes the move.
class BoardOnlyMove {
 public:
  BoardOnlyMove(Position& p, const Move& m, Seat mover);  // mover: the side to move
  BoardOnlyMove(const BoardOnlyMove&) = delete;
  BoardOnlyMove& operator=(const BoardOnlyMove&) = delete;
  ~BoardOnlyMove();
  bool done() const { return done_; }
  Piece was() const { return was_; }  // what stood on m.to (kEmpty unless done())
  // Whether m (a move of the side to move) changes the board on its two
  // squares only: a normal move or a double step, no promotion, no king
  // taken, not a king entering his corner square. A king's step is one.
  static bool two_squares(const Position& p, const Move& m);

 private:
  Position& p_;
  const Move m_;
  Piece was_ = kEmpty;  // what stood on m.to
  std::array<EnPassantEntry, kMaxSeats> ep_;  // as they were (read where changed_ says)
  std::uint8_t changed_ = 0;  // the seats whose entries were changed
  bool done_ = false;
};

class Modules::Corners final : public Modules::Module {
 public:
  const char* sheet() const override { return "000"; }
  std::uint32_t hot() const override { return hot_hooks_of<Corners>(); }

  // ---- the hooks (module_corners.cpp)
  void setup(Game& g) const override { corners_setup(g); }
  // 000's filter (corners.cpp): the hook is the filter itself, not a call
  // to it (issue 30 item 3, session 22: the forwarding stub was one more
  // line of code fetched at every node of a search).
  void filter_legal(const Game& g, MoveList& list) const override;
  std::string refusal(const Game& g, const Move& m) const override;
  std::optional<bool> has_move_for(const Game& g, Seat s) const override;
  // 000's mate test judges a reply by the very rules filter_legal keeps
  // a move by (refused, depth 0): the seat to move's list is his proof.
  bool mate_test_is_list() const override { return true; }
  // 000 short game: "with the next move going to the player that is in
  // check" (corners_after_move).
  bool turn_to_checked(const RuleSet& r) const override { return r.corners.turn_to_checked_player; }
  void before_make(Game& g, Seat mover, const Move& m, MoveNotes& notes) const override;
  void after_make(Game& g, Seat mover, const Move& m, const MoveNotes& notes,
                  std::vector<Ruling>& out) const override;  // corners_play.cpp
  Seat check_credit(const Game& g, Seat mover, Seat by) const override;
  void after_move(Game& g, Seat mover, const MoveNotes& notes,
                  std::vector<Ruling>& out) const override;  // corners_play.cpp
  Turn before_moves(Game& g, Seat s, std::vector<Ruling>& out) const override;
  Turn no_move(Game& g, Seat s, int& passes, std::vector<Ruling>& out) const override;
  std::optional<StalemateRule> stalemate_rule(const Game& g) const override;  // corners_play.cpp
  void on_pass(Game& g, Seat s) const override;
  Seat first_mate_winner(const Game& g) const override;  // corners_play.cpp
  void after_leave(Game& g, std::vector<Ruling>& out) const override;
  // The corner state is the Game's ModuleFrame (core/game.h): a search's
  // frames keep it; the game's key counts it (module_corners.cpp).
  std::uint64_t state_key(const Game& g) const override;
  // The mate rule's looks nest three make()s at most (RULINGS 000: "a move
  // that would checkmate any other king is illegal"): the look after a
  // move at the node (mates_non_target, depth 0), the look after a reply
  // of a king it checks (depth 1), and below that a reply's test of the
  // next reply, no mate rule at depth 2 (kMateProbeDepth) but the long
  // game's "no check until both sides are on the playing area"
  // (gives_check_on_area). A look changes the board in place where it can
  // (BoardOnlyMove) and makes the move otherwise.
  int look_plies() const override { return 3; }

  // ---- the rules (corners.cpp: setup, targets, legality; corners_proof.cpp: the mate rule's look
  // and reply proofs; corners_play.cpp: after a move, the two-player phase, the end)
  static void corners_setup(Game& g);
  static Seat target_of(const Game& g, Seat s);  // the next seat in turn order still playing
  static bool king_must_leave(const Game& g, Seat s, const CornerState& st);
  static bool king_must_leave(const Game& g, Seat s) { return king_must_leave(g, s, g.corner_); }
  static bool truce_on(const Game& g, Seat mover, const CornerState& st);
  static void advance_corner_state(const Game& g, CornerState& st, Seat mover, const Move& m,
                                   Square captured_on, bool captured, const SquareSet& converted);
  // Why a move is refused, as a code: the words are written only when a
  // ruling asks for them (refusal_words), never per move of a search.
  enum class Refusal : std::uint8_t {
    kNone,
    kEdgePawnTruce,
    kMustLeaveCorner,
    kStayInCorner,
    kLeaveArea,
    kExitCornerOffArea,
    kNoCheckYet,
    kMatesNonTarget,
  };
  // What the rules ask of every move of one node, found once per node
  // (core/corners.h, where the memo keeps it).
  using Node = CornerNode;
  // What node_of reads (CornerNodeKey, core/corners.h), and the Node found
  // from it alone (the rules aside; the corner state only once a king
  // entered his corner square, when no memo keeps the node).
  // (Inline: asked at every node of a search and every reply proof, by
  // memo_node.)
  static CornerNodeKey node_key(const Game& g, const CornerState& st, int depth) {
    CornerNodeKey k;
    k.mover = g.pos_.to_move();
    k.depth = depth;
    static_assert(sizeof(g.status_) == 4 && sizeof(SeatStatus) == 1);
    std::uint32_t status = 0;
    std::memcpy(&status, g.status_.data(), sizeof status);
    k.word = static_cast<std::uint64_t>(index_of(g.pos_.king_square(k.mover))) |
             static_cast<std::uint64_t>(status) << 16 | static_cast<std::uint64_t>(st.had_turn) << 48 |
             static_cast<std::uint64_t>(g.two_player_) << 56 |
             static_cast<std::uint64_t>(st.edge_pawns.any()) << 57;
    return k;
  }
  static Node node_from(const Game& g, const CornerNodeKey& key, const CornerState& st,
                        const SeatLines* lines);
  static Node node_of(const Game& g, const CornerState& st, int depth, const SeatLines* lines) {
    return node_from(g, node_key(g, st, depth), st, lines);
  }
  // node_of without lines, and the side to move's mate_rule_seats where
  // node.mate_rule (else 0), kept in the Game (Game::corner_nodes_) and
  // found again only when the key changed: the filter's node (depth 0) and
  // the reply proofs' (issue 30 item 3). Most nodes of a search and most
  // proofs judge a seat whose node did not change since it was last found
  // for him at that depth (node_of and mate_rule_seats were ~230
  // instructions of a ~1,300-instruction proof at corners-mini d6, ~150
  // and ~80 of the filter's node). The key is everything node_of reads
  // (node_key); once a king entered his corner square the duty to leave
  // reads the corner queens too, and no memo is kept. (The memo's answer
  // inline, at every node of a search: session 26, its call and the
  // finding's setup were ~20 instructions of its ~50; the finding out of
  // line, memo_node_found: ~3 % of the filter's calls at corners-mini d7.)
  static Node memo_node(const Game& g, const CornerState& st, int depth, std::uint8_t& others) {
    const CornerNodeKey key = node_key(g, st, depth);
    if (!st.any_entered() && depth >= 0 && depth < kCornerNodeDepths) {
      const CornerNodeMemo& memo =
          g.corner_nodes_[static_cast<std::size_t>(index_of(key.mover))][static_cast<std::size_t>(depth)];
      if (memo.word == key.word) {
        others = memo.others;
        return memo.node;
      }
    }
    return memo_node_found(g, key, st, others);
  }
  // memo_node's node where the memo does not hold it: found, and kept
  // where a memo is kept (corners_proof.cpp).
  [[gnu::noinline]] static Node memo_node_found(const Game& g, const CornerNodeKey& key, const CornerState& st,
                                                std::uint8_t& others);
  static Refusal refused(const Game& g, const Move& m, const CornerState& st, const Node& node);
  static std::string refusal_words(const Game& g, Refusal r, Seat mover);
  // `seats`: the seats the move may check, whose mates are looked at (the
  // lines prove the others unchecked); `target`: the mover's (target_of).
  static constexpr std::uint8_t kEverySeat = 0xFF;
  // `unchecked`: seats whose kings are known out of check after m (the
  // mover's, m being legal; those the lines prove unchecked), whose looks
  // a reply skips where it leaves their attack reach alone. `checked`:
  // seats of `seats` whose kings are known in check after m (the lines'
  // kYes, SeatLines::each_seat), not looked at again. A reply proof's
  // (reply_allowed: the one look of the mate rule) also: `own`, the mover's
  // own king looked at first, true answered where it stands attacked after
  // m (the reply not legal; m a two-squares move, BoardOnlyMove::two_squares); `near_clear`, seats whose kings were out of
  // check before m, not looked at where m leaves their attack reach alone.
  static bool mates_non_target(const Game& g, const Move& m, const CornerState& st, int depth,
                               std::uint8_t seats, Seat target, std::uint8_t unchecked = 0,
                               std::uint8_t checked = 0, bool own = false, std::uint8_t near_clear = 0);
  // mates_non_target's rare parts, out of line (corners_proof.cpp): a plain
  // move's checks where no lines were asked (`seats` kEverySeat); the move
  // made whole for the look; the proofs with the corner state advanced by
  // the move (the seats left mated); whether a king mated after it was not
  // mated before it.
  [[gnu::cold]] static bool checks_any_after_plain(const Game& g, const Move& m, Seat mover, Seat target);
  [[gnu::cold]] static void make_for_look(const Game& g, const Move& m, Seat mover, SquareSet& converted,
                                          Square& captured_on);
  [[gnu::cold]] static std::uint8_t unproven_after(const Game& g, const Move& m, Seat mover, const CornerState& st,
                                                   int depth, std::uint8_t checked, std::uint8_t clear,
                                                   const SquareSet& converted, Square captured_on);
  [[gnu::cold]] static bool mated_by_move(const Game& g, const CornerState& st, int depth, std::uint8_t mated);
  // `clear`: seats whose kings the look (mates_non_target) found out of
  // check on this board, whose checks a reply's look skips where the reply
  // leaves their attack reach alone. `after`: the move looked at, whose
  // check this proof answers (reply_after_key; its reply remembered for it:
  // ReplyAfter), or 0.
  static bool corner_reply_exists(const Game& g, Seat s, const CornerState& st, int depth,
                                  std::uint8_t clear = 0, std::uint32_t after = 0);
  // Its body, inline in mates_non_target's proofs (issue 30 item 3,
  // session 30: a call and its arguments less a proof).
  [[gnu::always_inline]] static inline bool corner_reply_here(const Game& g, Seat s, const CornerState& st,
                                                              int depth, std::uint8_t clear, std::uint32_t after);
  // Its proof after the first candidate (`first`) failed, out of its line;
  // the reply found kept in `slot` (after's ReplyAfter, or none).
  [[gnu::noinline]] static bool reply_after_first(const Game& g, Seat s, const CornerState& st,
                                                  const Node& node, std::uint8_t others, std::uint8_t clear,
                                                  const Move& first, ReplyAfter* slot, std::uint32_t after);
  // The same answer from his whole list (the reference the proof is tested
  // against).
  static bool corner_reply_walk(const Game& g, Seat s, const CornerState& st, int depth);
  // RULINGS 000 with EN_PASSANT_NEXT_MOVER_ONLY: an en passant entry is the
  // seat's who moves next. The owners (a bit per seat index) of the open
  // entries seat s may not take, were his replies looked for now: the turn
  // after the owner's double step goes to another seat (next_mover_after).
  static std::uint8_t entries_not_his(const Game& g, Seat s);
  // Position::in_check(s) as the mate rule's look asks it, walking the
  // kings' tries without the squares no kind on this board attacks from
  // (`standing`: standing_tries(g)); the same answer (corners_proof.cpp).
  static bool in_check_look(const Game& g, Seat s, const StandingTries* standing);
  // The kings' tries the walks of this Game take (CornerLinesCache's,
  // found at the first ask), or nullptr: the MoveTables' own.
  static const StandingTries* standing_tries(const Game& g) {
    if (!g.corner_lines_.tries_known) find_standing_tries(g);
    return g.corner_lines_.some_dropped ? &g.corner_lines_.tries : nullptr;
  }
  static void find_standing_tries(const Game& g);
  // The seat whose turn follows `mover`'s move on this board: with
  // corners.turn_to_checked_player the first seat in check after him in
  // turn order (after_move's turn rule), else the next one playing.
  static Seat next_mover_after(const Game& g, Seat mover);
  // The seats whose kings a move of `mover` may not mate (all playing but
  // him and his target).
  static std::uint8_t mate_rule_seats(const Game& g, Seat mover, Seat target);
  // Whether the rules allow node.mover's reply m in a proof (Position::legal
  // unless `legal` says proven, then refused), with `others` his
  // mate_rule_seats where node.mate_rule, else 0. `path`: where m is a
  // remembered reply, its ReplyPath (read where it names m, else found).
  static bool reply_allowed(const Game& g, const Move& m, const CornerState& st, const Node& node,
                            std::uint8_t others, bool legal, std::uint8_t clear, ReplyPath* path = nullptr);
  // Its body, inline in corner_reply_exists (the first candidate: it ends
  // ~93 % of the proofs at corners-mini d7; issue 30 item 3, session 30:
  // a call and its arguments less a proof) and in reply_allowed (the later
  // candidates').
  [[gnu::always_inline]] static inline bool reply_allowed_here(const Game& g, const Move& m, const CornerState& st,
                                                               const Node& node, std::uint8_t others, bool legal,
                                                               std::uint8_t clear, ReplyPath* path);
  // reply_allowed for a move that changes more than its two squares
  // (BoardOnlyMove::two_squares false: rare, out of line).
  [[gnu::cold]] static bool reply_made_allowed(const Game& g, const Move& m, const CornerState& st,
                                               const Node& node, bool legal);
  static std::string corner_violation(const Game& g, const Move& m, const CornerState& st,
                                      int depth);
  // filter_legal's list judged by every rule of the node (node.lines: the
  // non-targets' lines), where more than the mate rule bears on it: the
  // first round, a corner duty, the two-player phase.
  static void filter_by_rules(const Game& g, MoveList& list, const Node& node, bool mates_only);
  // The lines to the non-targets of the side to move (not `target`) into
  // `here`, kept from `parent` (the node at the search depth above) for
  // each seat whose lines the move between did not change. `seats`: his
  // mate_rule_seats where the caller has them (memo_node), else -1.
  static void non_target_lines(const Game& g, Seat target, const CornerLines* parent, CornerLines& here,
                               int seats = -1);
  // non_target_lines' body, inline in filter_legal (corners.cpp only).
  [[gnu::always_inline]] static inline void lines_of_non_targets(const Game& g, Seat target,
                                                                 const CornerLines* parent, CornerLines& here,
                                                                 int seats);
  // A search's move m from the node whose list the filter found at this
  // depth: the non-targets whose kings its lines prove unattacked after m
  // by every other seat (MoveNotes::unattacked; 0 where they prove nothing).
  static std::uint8_t unattacked_after(const Game& g, const Move& m);
  static bool gives_check_on_area(const Game& g, const Move& m, Seat mover, const CornerState& st);
  static SquareSet corner_entry_bishops(const Game& g, Seat mover, const Move& m);
  static bool could_enter_area(const Game& g, Seat s);
  // advance_corner_state's edge pawns: a captured one is gone, a moved one
  // is named where it stands (the caller knows some remain).
  static void advance_edge_pawns(CornerState& st, const Move& m, Square captured_on, bool captured) {
    if (captured) st.edge_pawns.reset(index_of(captured_on));
    if (m.from != kNoSquare && st.edge_pawns[index_of(m.from)]) {
      st.edge_pawns.reset(index_of(m.from));
      st.edge_pawns.set(index_of(m.to));
    }
  }
  [[gnu::cold]] static void enter_two_player(Game& g, std::vector<Ruling>& out);
  // The rulings of rare events after a move, out of the code a search runs
  // per node (issue 30 item 3): corners_play.cpp.
  [[gnu::cold]] static void warn_corner_queens_lost(Game& g, Seat mover, const std::array<bool, kMaxSeats>& had_queens,
                                                    std::vector<Ruling>& out);
  [[gnu::cold]] static void rule_corner_queens_made(Game& g, Seat mover, const SquareSet& converted,
                                                    std::vector<Ruling>& out);
  [[gnu::cold]] static void warn_area_duty(Game& g, Seat mover, std::vector<Ruling>& out);
  [[gnu::cold]] static void write_checks_after_removal(Game& g, Seat mover, std::uint8_t checked,
                                                       std::vector<Ruling>& out);
  [[gnu::cold]] static void write_turns_to_checked(Game& g, Seat mover, Seat checked, int from, int k,
                                                   std::vector<Ruling>& out);
  [[gnu::cold]] static Turn mate_in_corner_square(Game& g, Seat s, std::vector<Ruling>& out);
  // after_move's rare parts (corners_play.cpp): the corner queens of seats
  // no longer playing, the long game's two-player phase (cold); the seats
  // in check where report_checks' look does not answer (out of line).
  [[gnu::cold]] static void after_move_phase(Game& g, Seat mover, const MoveNotes& notes,
                                             std::vector<Ruling>& out);
  [[gnu::noinline]] static std::uint8_t seats_in_check(const Game& g, Seat mover, bool removed);
  // before_make's part in the long game's two-player phase (module_corners.cpp,
  // cold): what after_move's "as soon as possible" warning reads.
  [[gnu::cold]] static void note_area_duty(const Game& g, Seat mover, const Move& m,
                                           MoveNotes& notes);
  static void revert_corner_queens(Game& g, std::vector<Ruling>& out);
  static void update_area_reached(Game& g, std::vector<Ruling>& out);
  static bool all_in_area(const Game& g, Seat s, bool except_king);
  // Every seat whose status is live plays: with three live (most moves of a
  // four-seat game) two cannot be left playing, and the seats are not
  // counted (issue 30 item 3: asked at every move of a search, inline).
  static bool at_most_two_live(const Game& g) {
    // (The statuses as one word, a byte a seat: the seats of the game whose
    // byte is kLive, 0, counted without a loop.)
    static_assert(static_cast<int>(SeatStatus::kLive) == 0);
    // (The seats' top bits compiled once: CornerRules::seat_status_bits.)
    const std::uint32_t w = Position::word_of(g.status_);
    const std::uint32_t nonzero = ((w & 0x7F7F7F7FU) + 0x7F7F7F7FU) | w;  // each byte's top bit: not live
    std::uint32_t bits = ~nonzero & g.rules_->corners.seat_status_bits;  // a bit per live seat
    bits &= bits - 1U;                                      // (two taken away: none left)
    bits &= bits - 1U;
    return bits == 0;
  }
  static bool stuck_in_corner(const Game& g, Seat s);
};

}  // namespace tabula::core
