// position.h — a board with pieces, the side to move and the rule state,
// with make/unmake, legal move generation and attack detection.
//
// Section index: SeatStatus, Position (state, queries, generation, make/unmake).
//
// A Position belongs to one RuleSet (which must outlive it) and knows nothing
// of time, ledgers or how a game ends: the Game layer decides statuses and
// relations and tells the Position through set_status()/set_relation().
//
// Invariants (checked by is_consistent(), for tests and debug builds):
//   - pieces stand only on playable squares;
//   - king_square(s) is the square of seat s's royal piece, or kNoSquare;
//   - hash() equals the hash recomputed from scratch;
//   - the undo stack mirrors the moves made since construction or set-up.
// Not thread-safe; cheap to copy.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/rule_set.h"
#include "core/types.h"
#include "core/zobrist.h"

namespace tabula::core {

// What a seat is doing in the game (issue 3's per-seat status).
enum class SeatStatus : std::uint8_t {
  kLive,
  kCheckmated,
  kStalemated,
  kResigned,
  kFlagged,
  kRemoved,
};

// One seat's open en passant capture: its pawn double-stepped over `target`
// and now stands on `victim`.
struct EnPassantEntry {
  Square target = kNoSquare;
  Square victim = kNoSquare;
  bool open() const { return target != kNoSquare; }
  friend bool operator==(const EnPassantEntry&, const EnPassantEntry&) = default;
};

// What the game layer sets of the seats beside make() (activity, statuses,
// who may take whom, walking kings, frames...): Position's private base, so
// that Position::Settings holds it as one block and a search's Game::make
// and unmake copy it at once (issue 30 item 3: ~28 instructions each way,
// field by field, where the members were apart). Position's code names the
// members as its own; they are described there.
struct SeatSettings {
  std::array<bool, kMaxSeats> active_{true, true, true, true};
  std::array<SeatStatus, kMaxSeats> status_{};
  std::array<std::uint8_t, kMaxSeats> may_capture_{};
  // capturers_[v]: the seats a (of the game) that are active and may
  // capture v's pieces, a bit per seat index (Position::attackers_of).
  std::array<std::uint8_t, kMaxSeats> capturers_{};
  bool king_capture_ = false;
  std::uint8_t king_only_ = 0;  // bit per seat
  std::array<bool, kMaxSeats> promotion_blocked_{};
  std::array<Seat, kMaxSeats> frame_seat_{seat_at(0), seat_at(1), seat_at(2), seat_at(3)};
  bool corner_entry_open_ = true;
};

class Position : private SeatSettings {
 public:
  explicit Position(const RuleSet& rules);

  // ---- set-up (used by the FEN readers and tests) ----
  void clear();
  void put(Square s, Piece p);
  void set_to_move(Seat s);
  void set_castling_rights(std::uint32_t rights);
  void set_en_passant(Seat creator, EnPassantEntry e);
  void set_halfmove_clock(int plies) { halfmove_clock_ = plies; }
  void set_fullmove_number(int n) { fullmove_number_ = n; }
  // Recomputes the hash and king squares after set-up, and resets history.
  void finish_setup();

  // ---- the game layer's levers ----
  // An inactive seat's pieces stay on the board as obstacles: they do not
  // move and give no check (002 rule 6, 001 rule 8).
  void set_active(Seat s, bool active) {
    active_[index_of(s)] = active;
    if (active) {
      refresh_capturers();
      return;
    }
    // A seat going out only takes his bit out of every seat's capturers
    // (issue 30 item 3: a search's mate; the loop was ~260 instructions).
    static_assert(kMaxSeats == 4);
    capturers_ = std::bit_cast<std::array<std::uint8_t, kMaxSeats>>(
        word_of(capturers_) & ~(0x01010101U << static_cast<unsigned>(index_of(s))));
  }
  void set_status(Seat s, SeatStatus st) { status_[index_of(s)] = st; }
  // Whether pieces of `attacker` may capture pieces of `victim` (and so
  // check his king). Set to false between teammates and allies.
  void set_may_capture(Seat attacker, Seat victim, bool may);
  void set_king_capture(bool allowed) { king_capture_ = allowed; }
  // Only the seat's royal piece moves and attacks; the rest are dead
  // obstacles (chess.com DeadKingWalking).
  void set_king_only(Seat s, bool only);
  // 003 rule 4: a pawn reaching its last rank promotes only while that edge
  // is an opponent's; otherwise it stays a pawn there.
  void set_promotion_allowed(Seat s, bool allowed) {
    promotion_blocked_[index_of(s)] = !allowed;
  }
  bool promotion_allowed(Seat s) const { return !promotion_blocked_[index_of(s)]; }
  bool king_only(Seat s) const { return (king_only_ >> index_of(s)) & 1U; }
  // What beside the board decides attacked()'s answer: the walking kings
  // and each seat's frame. Equal keys and equal squares of a target's
  // attack reach give equal answers (Game::report_checks, issue 30 item 3).
  std::uint64_t attack_settings() const {
    return king_only_ | static_cast<std::uint64_t>(word_of(frame_seat_)) << 8;
  }
  // A seat-indexed array of bytes as one word (issue 30 item 3: compared and
  // keyed after every move of a search, without a byte loop or a memcmp
  // call): equal words, equal arrays.
  template <class T>
  static std::uint32_t word_of(const std::array<T, kMaxSeats>& a) {
    static_assert(sizeof(a) == sizeof(std::uint32_t));
    return std::bit_cast<std::uint32_t>(a);
  }
  // 000 two-player phase: seat s's pieces move as if he sat at `as` (his
  // pawns turn toward the opponent on his left; he takes the vacated seat).
  // Move tables, pawn zones and barred files are those of `as`.
  void set_frame_seat(Seat s, Seat as) { frame_seat_[index_of(s)] = as; }
  Seat frame_seat(Seat s) const { return frame_seat_[index_of(s)]; }
  const SeatDef& seat_def(Seat s) const { return rules_->seats[index_of(frame_seat_[index_of(s)])]; }
  // 000: whether kings may enter their own corner squares now (closed in the
  // two-player phase).
  void set_corner_entry_open(bool open) { corner_entry_open_ = open; }
  // 000: whether seat s's king stands on his own corner square.
  bool in_own_corner(Seat s) const {
    Square k = king_[index_of(s)];
    return k != kNoSquare && k == rules_->corners.own[index_of(s)];
  }
  void remove_pieces_of(Seat s);

  // What the game layer sets beside make() (statuses, activity, relations,
  // the seat to move...): saved before a search's Game::make and put back by
  // its unmake once the moves are unmade (issue 30). Trivially copyable.
  struct Settings : SeatSettings {
    Seat to_move;
    int fullmove_number;
    std::uint64_t hash;
    // A word a member (issue 30 item 3: the defaulted compare went member by
    // member and byte by byte through each seat array, ~200 instructions;
    // Game::take_pending_list asks it after every mate test). Every member is
    // named; one added that grows Settings fails the size check until it is
    // compared here too.
    bool operator==(const Settings& o) const {
      static_assert(sizeof(Settings) == 40, "compare the new member of Position::Settings here");
      return hash == o.hash && to_move == o.to_move && fullmove_number == o.fullmove_number &&
             word_of(active_) == word_of(o.active_) && word_of(status_) == word_of(o.status_) &&
             word_of(may_capture_) == word_of(o.may_capture_) && word_of(capturers_) == word_of(o.capturers_) &&
             king_capture_ == o.king_capture_ && king_only_ == o.king_only_ &&
             word_of(promotion_blocked_) == word_of(o.promotion_blocked_) &&
             word_of(frame_seat_) == word_of(o.frame_seat_) && corner_entry_open_ == o.corner_entry_open_;
    }
  };
  // Whether attacked()'s answers under `as` are this Position's (the
  // walking kings and the frames: attack_settings()).
  bool same_attack_settings(const Settings& as) const {
    return king_only_ == as.king_only_ && word_of(frame_seat_) == word_of(as.frame_seat_);
  }
  Settings settings() const { return {static_cast<const SeatSettings&>(*this), to_move_, fullmove_number_, hash_}; }
  void restore(const Settings& s) {
    // (A search's unmake: who may take whom is put back as it was found,
    // not found again: issue 30 item 3.)
    static_cast<SeatSettings&>(*this) = s;
    to_move_ = s.to_move;
    fullmove_number_ = s.fullmove_number;
    hash_ = s.hash;
  }

  // ---- queries ----
  const RuleSet& rules() const { return *rules_; }
  Piece at(Square s) const { return is_valid(s) ? board_[index_of(s)] : kEmpty; }
  // at(s) for a square known valid (is_valid: a trie's or a ray's square),
  // without the test (000's looks, corners_proof.cpp: ~2 of a look's ~14
  // instructions per square walked; issue 30 item 3).
  Piece at_valid(Square s) const { return board_[index_of(s)]; }
  Seat to_move() const { return to_move_; }
  std::uint32_t castling_rights() const { return castling_rights_; }
  const EnPassantEntry& en_passant(Seat creator) const { return ep_[index_of(creator)]; }
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  std::uint64_t hash() const { return hash_; }
  Square king_square(Seat s) const { return king_[index_of(s)]; }
  bool active(Seat s) const { return active_[index_of(s)]; }
  // The seats (a bit per seat index) not active and without a king on the
  // board: a seat whose pieces the game took off (000's mated seats). No
  // piece of theirs attacks (attackers_of leaves out a seat not active), so
  // "attacked by another seat" means the same without them (the game's
  // check report after a search's move: issue 30 item 3, session 31).
  std::uint8_t seats_off_board() const {
    unsigned out = 0;
    for (int i = 0; i < kMaxSeats; ++i)
      out |= static_cast<unsigned>(!active_[static_cast<std::size_t>(i)] &&
                                   king_[static_cast<std::size_t>(i)] == kNoSquare)
             << i;
    return static_cast<std::uint8_t>(out);
  }
  SeatStatus status(Seat s) const { return status_[index_of(s)]; }
  bool may_capture(Seat attacker, Seat victim) const {
    return (may_capture_[index_of(attacker)] >> index_of(victim)) & 1U;
  }
  int ply() const { return static_cast<int>(undo_.size()); }
  // The playable squares, in square order: every piece stands on one.
  const std::vector<Square>& squares() const { return squares_; }

  // Seats (bitmask) whose live pieces may capture a piece of `victim`:
  // active seats allowed to take him and, where a captured king lifts his
  // seat's attacks (chess.com FFA, 002), with their king on the board.
  // Asked many times per node by the game layer (issue 30 item 3: 15.8 M
  // instructions at corners-mini d6 as a loop over the seats): the seats
  // relations and activity allow are kept with them (capturers_), the kings
  // looked at here.
  std::uint8_t attackers_of(Seat victim) const {
    const std::uint8_t allowed = capturers_[index_of(victim)];
    return lifts_attacks_ ? static_cast<std::uint8_t>(allowed & kinged_seats()) : allowed;
  }
  // Whether attackers_of(victim) would hold every other seat of the game
  // (the usual free-for-all) with the seats' relations and activity of `as`
  // (an earlier settings(): the Game asks it of a move's mover with those
  // the move was found legal under) and this board's kings, in a few
  // instructions (issue 30 item 3: after every move of a search,
  // Game::report_checks).
  bool attacked_by_all_others(Seat victim, const Settings& as) const;
  // Whether the move just made, found legal under `as` (an earlier
  // settings()), proves its mover's king attacked by no piece of another
  // seat: those settings' attacks are this Position's, every other seat may
  // take him (attacked_by_all_others), and his square gives him no immunity
  // (000: a king on his own corner square may stand attacked). The Game's
  // check report in a search (issue 30 item 3).
  bool legal_move_leaves_unattacked(Seat mover, const Settings& as) const {
    return !in_own_corner(mover) && same_attack_settings(as) && attacked_by_all_others(mover, as);
  }
  // Whether `target` is attacked by any piece of a seat in `seats` (bitmask).
  bool attacked(Square target, std::uint8_t seats) const;
  // Squares of the pieces of `seats` that attack `target`.
  std::vector<Square> attackers(Square target, std::uint8_t seats) const;
  // Whether seat s's king is attacked by a piece that may capture it.
  bool in_check(Seat s) const;
  bool in_check() const { return in_check(to_move_); }

  // ---- generation ----
  // Pseudo-legal moves of the side to move (own king may be left attacked).
  void generate_pseudo(MoveList& out) const;
  // Legal moves: those that do not leave the mover's king attacked.
  void generate_legal(MoveList& out) const;
  // What the side to move's king faces, found once per node by one walk of
  // its attack trie (legality.cpp). king == kNoSquare: nothing can attack it
  // where it stands (no king, no enemy, immune), so only its own moves and
  // the probed kinds of move need a test.
  struct KingSafety {
    Square king = kNoSquare;
    bool probe_all = false;  // prove nothing: probe every move
    int checks = 0;          // paths along which the king is attacked now
    SquareSet evasions;      // with checks: where a plain move must land
    SquareSet blockers;      // own pieces whose leaving may open a path to the king
  };
  // It depends on the board, the side to move, attackers_of(him) and
  // attack_settings() only: found with all four the same, it is the same.
  // With king != kNoSquare and !probe_all, checks > 0 exactly when
  // attacked(king, attackers_of(side to move)).
  KingSafety king_safety() const;
  // generate_legal with `ks`, king_safety() found on this very position
  // (the game layer's check report walks the next mover's king once for
  // both: issue 30 item 3). The same list; of a king in check, found
  // without generating the moves of pieces that have none.
  void generate_legal(MoveList& out, const KingSafety& ks) const;
  bool has_legal_move() const;
  // Calls accept(m) for the legal moves of the side to move, the king's
  // first, then piece by piece and castling, until it returns true; whether
  // one did. A proof that a reply exists stops at the first one the caller
  // allows, without the whole list (issue 30 item 3: 000's mate rule).
  // `first`: a square whose piece (the side to move's, not his king) is
  // walked before the king, where the caller's last proof was found.
  template <class Accept>
  bool any_legal(Accept&& accept, Square first = kNoSquare) const;
  // The same question for another seat, as if it were his turn.
  bool has_legal_move_for(Seat s) const;
  bool is_legal(const Move& m) const;  // m must come from generate_pseudo
  // A move's legality test without generating: any move of the side to move.
  bool leaves_king_attacked(const Move& m) const;
  // Whether m is one of the moves generate_pseudo gives the side to move,
  // found from its own piece's moves (or castling) alone; and whether it is
  // one of generate_legal's. Any Move may be asked (a move remembered from
  // another position: 000's reply proofs try the last one first, issue 30
  // item 3); a wrong one is answered false.
  bool pseudo_legal(const Move& m) const;
  bool legal(const Move& m) const { return pseudo_legal(m) && !leaves_king_attacked(m); }
  // Whether seat s, were it his turn, would have a pseudo-legal en passant
  // capture landing on `target` (the very moves generate_pseudo would give
  // him, found from target's reverse capture rays: no generation).
  bool en_passant_pseudo(Seat s, Square target) const;
  // Whether seat s's king would be attacked (by seats that may capture it)
  // after the side to move plays m.
  bool king_attacked_after(const Move& m, Seat s) const;
  // 000: whether a king's move may change squares beside its own two (his
  // bishops become queens as he enters his corner square). A caller that
  // reasons from a plain move's two squares makes the king's moves instead
  // (game_relations.cpp's relation filter may ask this, not the sheet).
  PieceKind royal_kind() const { return royal_; }  // RuleSet::royal_kind(), kept
  bool king_move_converts() const { return corners_ && rules_->corners.bishops_become_queens; }
  // Whether m, a normal move of the side to move, is one of those: his king
  // entering his own corner square (make() turns his bishops into queens).
  // Any other move of a king changes its two squares only.
  bool converts(const Move& m) const {
    if (!king_move_converts() || !is_valid(m.from) || m.from == m.to) return false;
    const Piece& p = board_[index_of(m.from)];
    return !p.empty() && p.kind == royal_ && m.to == rules_->corners.own[index_of(p.seat)];
  }
  // Whether m is plain: a normal move or a double step, no promotion, of a
  // piece that is not royal, taking no royal piece. Such a move changes the
  // board on its two squares only.
  bool plain_move(const Move& m) const {
    return (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) &&
           m.promotion == kNoKind && is_valid(m.from) && is_valid(m.to) &&
           !board_[index_of(m.from)].empty() && board_[index_of(m.from)].kind != royal_ &&
           board_[index_of(m.to)].kind != royal_;
  }
  // The seats of `seats` whose kings are attacked after m, a plain move of
  // the side to move, found from the board alone (its two squares changed
  // and put back; no make): in_check's answers after make(m), cheaper.
  std::uint8_t checks_after_plain(const Move& m, std::uint8_t seats) const;
  // Replaces what stands on a square outside of make/unmake (003's waiting
  // pawns promoting, 000's bishops turning into queens). Keeps the hash.
  void transform(Square s, Piece p) { set_piece(s, p); }
  // Takes every piece of seat s off the board (the game layer's removal of
  // an eliminated seat's pieces), each(square, piece) told of each before
  // it goes. Keeps the hash; s has no king on the board after it. (The
  // game layer's only: issue 30 item 3, a search removes a mated seat's
  // pieces at every mate; transform() square by square was ~1,260
  // instructions a removal.)
  template <class Each>
  void take_off_pieces(Seat s, Each&& each) {
    for (Square q : squares_) {
      Piece& p = board_[static_cast<std::size_t>(index_of(q))];
      if (p.seat != s || p.empty()) continue;
      each(q, p);
      hash_ ^= zobrist::piece(p.kind, p.seat, q, p.promoted);
      p = kEmpty;
    }
    king_[static_cast<std::size_t>(index_of(s))] = kNoSquare;
  }
  // transform() without the hash, for the game layer's unmake only: it puts
  // back what a transform() or take_off_pieces() changed, and the hash of
  // the board before them is put back after it (unmake, restore). The king
  // squares kept as transform() keeps them. (Issue 30 item 3: a search
  // puts back a mated seat's pieces at every mate.)
  void put_back(Square s, Piece p) {
    Piece& cur = board_[static_cast<std::size_t>(index_of(s))];
    if (!cur.empty() && cur.kind == royal_ && king_[static_cast<std::size_t>(index_of(cur.seat))] == s)
      king_[static_cast<std::size_t>(index_of(cur.seat))] = kNoSquare;
    cur = p;
    if (!p.empty() && p.kind == royal_) king_[static_cast<std::size_t>(index_of(p.seat))] = s;
  }

  // ---- make / unmake ----
  // Plays a pseudo-legal move; the next seat in turn order that is active moves.
  void make(const Move& m);
  void unmake();
  // Hands the turn to the next active seat without a move (a pass, or a seat
  // that the game layer skips).
  void make_pass();
  // Room for n more plies (make()s and passes, nested) before any of
  // make()'s lists grows: Game::make asks it for its own plies and the
  // rules' looks below them, so that a search's made move takes nothing
  // from the heap however deep those looks go (issue 30 item 2). One test
  // of the ply a call (room_end_, below).
  void keep_room(std::size_t n) {
    if (!has_room(n)) [[unlikely]]
      make_room(n);
  }
  bool has_room(std::size_t n) const { return undo_.size() + n <= room_end_.plies; }

  // The en passant entries as make(m) leaves them, m a move (or pass) of
  // `mover`: the window closes entries (the next mover's: every one; 001's
  // facing seats: the mover's and those facing him; otherwise the mover's
  // own) and a double step opens the mover's; the seats whose entries
  // changed, a bit each. The hash is the caller's: make() follows each
  // changed entry; 000's look (BoardOnlyMove, core/module_corners.h) reads
  // no hash and puts the entries back.
  std::uint8_t advance_en_passant(Seat mover, const Move& m);

  // Times the current position occurred before with the same side to move,
  // within the reversible stretch (for threefold repetition).
  int repetitions() const;
  // The piece captured by the last move (kEmpty if none).
  Piece last_captured() const;
  // A look at the board after a two-square move m (a normal move or a
  // double step, no king captured) without make(): its two squares changed
  // in place, a moving king's square kept, nothing else (no hash, clocks,
  // castling, en passant, side to move, history); lift_back(m, was) puts
  // back what place_on_board returned (what stood on m.to). For 000's mate
  // rule, which reads the board only (BoardOnlyMove, core/corners_proof.cpp;
  // issue 30 item 3: transform() kept the hash, ~100 instructions a look).
  Piece place_on_board(const Move& m) {
    const Piece moved = board_[index_of(m.from)];
    const Piece was = board_[index_of(m.to)];
    board_[index_of(m.from)] = kEmpty;
    board_[index_of(m.to)] = moved;
    if (moved.kind == royal_) king_[index_of(moved.seat)] = m.to;
    return was;
  }
  void lift_back(const Move& m, Piece was) {
    const Piece moved = board_[index_of(m.to)];
    board_[index_of(m.to)] = was;
    board_[index_of(m.from)] = moved;
    if (moved.kind == royal_) king_[index_of(moved.seat)] = m.from;
  }
  // The side to move for a look that reads no hash (000's reply proofs,
  // core/corners_proof.cpp: his replies looked at as if it were his turn):
  // s is to move, the seat that was is returned and handed back by the
  // same call, and the hash is left as it was, right again once he is
  // (set_to_move's hash work, twice a proof, saved: issue 30 item 3).
  Seat look_as(Seat s) {
    const Seat was = to_move_;
    to_move_ = s;
    return was;
  }

  // ---- the reference path (legality.cpp) ----
  // The plain answers the fast path above is tested against (issue 20): one
  // reverse-ray walk per piece kind, and a full make/unmake per move.
  bool attacked_reference(Square target, std::uint8_t seats) const;
  bool in_check_reference(Seat s) const;
  // attackers_of() found from the relations, activity and kings each time.
  std::uint8_t attackers_of_reference(Seat victim) const;
  void generate_legal_reference(MoveList& out) const;

  // Debug/test invariant check; returns a description of the first problem.
  std::string consistency_problem() const;

  Seat next_active_after(Seat s) const;
  // Place in the turn order, 0-based (0 for a seat not in it).
  int order_index(Seat s) const {
    return index_of(s) < kMaxSeats ? order_place_[static_cast<std::size_t>(index_of(s))] : 0;
  }

 private:
  struct Undo {
    Move move;
    Piece moved;
    Piece captured;
    Square captured_on = kNoSquare;
    std::uint32_t castling_rights;
    std::array<EnPassantEntry, kMaxSeats> ep;
    int halfmove_clock;
    int fullmove_number;
    std::uint64_t hash;
    Seat to_move;
    std::uint8_t converted = 0;  // 000: bishops made queens by this move (on converted_)
  };

  // make()'s and unmake()'s rare parts, out of line (issue 30 item 3: a
  // search's plain move runs a dense path): passes, placements, castling;
  // 000's bishops turned into queens (the count) and back.
  [[gnu::noinline]] void make_other(const Move& m, Undo& u);
  [[gnu::noinline]] void unmake_other(const Move& m);
  [[gnu::noinline]] std::uint8_t convert_bishops(Seat mover);
  [[gnu::noinline]] void revert_bishops(Seat mover, std::uint8_t n);

  bool legal_with(const Move& m, const KingSafety& ks) const;
  // Keeps the moves of out from `start` on that legal_with passes (in order).
  inline void keep_legal(MoveList& out, std::size_t start, const KingSafety& ks) const;
  // generate_legal(out, ks) of a king in check (ks.checks > 0): the same
  // list, without the moves of the pieces that cannot make one (legality.cpp).
  void generate_evasions(MoveList& out, const KingSafety& ks) const;
  // keep_legal of generate_pseudo's moves (castling: generate_castling's)
  // appended to out: generate_evasions' rare parts, out of line.
  [[gnu::noinline]] void keep_legal_of(MoveList& out, const KingSafety& ks, bool castling) const;
  // A light make: whether m leaves the mover's king attacked (board only).
  bool probe_exposes_king(const Move& m) const;
  // pseudo_legal of castling and of a pawn's double step or en passant,
  // from generate_pseudo's own list (out of line).
  [[gnu::noinline]] bool pseudo_legal_listed(const Move& m) const;
  bool king_exposed(Seat s, Square king) const;  // in_check with the king on `king`
  bool attacks_from(const AttackNode& node, const Piece& p, std::uint8_t seats) const;
  bool attacked_in(std::span<const AttackNode> trie, std::uint32_t first, std::uint32_t last,
                   std::uint8_t seats) const;

  void set_piece(Square s, Piece p);  // keeps hash and kings up to date
  std::uint64_t compute_hash() const;
  std::uint64_t aux_hash() const;  // castling + en passant + side to move
  void generate_piece(Square from, Piece p, MoveList& out) const;
  void add_pawn_moves(Square from, Square to, MoveKind kind, MoveList& out) const;
  void generate_castling(MoveList& out) const;
  bool ep_capturable(Square target, Seat mover, Move& out_move) const;
  bool facing(Seat a, Seat b) const;  // their pawns move directly against each other
  bool frozen_king_capturable(Seat s) const;
  bool may_enter_corner(Seat s, Square corner) const;
  // capturers_ found again from may_capture_ and active_ (every change of
  // either: set_active, set_may_capture, the constructor; restore puts
  // back the settings' own).
  void refresh_capturers();
  // The seats whose king stands on the board (bit per seat index).
  std::uint8_t kinged_seats() const {
    static_assert(kMaxSeats == 4);
    return static_cast<std::uint8_t>(static_cast<unsigned>(king_[0] != kNoSquare) |
                                     static_cast<unsigned>(king_[1] != kNoSquare) << 1U |
                                     static_cast<unsigned>(king_[2] != kNoSquare) << 2U |
                                     static_cast<unsigned>(king_[3] != kNoSquare) << 3U);
  }

  const RuleSet* rules_;
  std::array<Piece, kMaxSquares> board_{};
  std::vector<Square> squares_;  // the playable squares, for scanning
  Seat to_move_ = seat_at(0);
  std::uint32_t castling_rights_ = 0;
  std::array<EnPassantEntry, kMaxSeats> ep_{};
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  std::uint64_t hash_ = 0;
  std::array<Square, kMaxSeats> king_{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  // (active_, status_, may_capture_, capturers_, king_capture_, king_only_,
  // promotion_blocked_, frame_seat_, corner_entry_open_: the base SeatSettings.)
  PieceKind royal_ = kNoKind;
  std::uint32_t pawn_kinds_ = 0;     // bit per pawn kind (en_passant_pseudo)
  bool royal_promotion_ = false;     // a pawn may promote to the royal kind
  // Each seat's place in the rules' turn order, found once (issue 30 item 3:
  // make() asks it after every move; it was a search of the order).
  std::array<std::uint8_t, kMaxSeats> order_place_{};
  bool corners_ = false;             // 000 corner squares in play
  std::uint32_t seat_bytes_ = 0;  // a byte 0x01 per seat of the game (attacked_by_all_others)
  bool lifts_attacks_ = false;    // rules: a seat without its king gives no check
  std::vector<Square> converted_;    // 000: squares of bishops made queens, in move order
  std::array<std::uint32_t, kMaxSquares> castle_kill_{};  // rights lost by a move from/to a square
  std::array<std::uint32_t, kMaxSeats> castle_seat_{};    // rights of each seat (lost by castling)
  std::vector<Undo> undo_;
  std::vector<std::uint64_t> history_;  // hash before each move
  // keep_room's: the ply up to which none of make()'s lists grows. undo_
  // and history_ hold one entry a ply; converted_ at most convertible_ a
  // ply (a ply turns no more pieces than the board has squares; 0: no
  // bishops turn), so at most convertible_ times the ply on any line. A
  // copy's lists have no room beyond their size: a copied Position starts
  // with none known.
  struct RoomEnd {
    std::size_t plies = 0;
    RoomEnd() = default;
    RoomEnd(const RoomEnd&) {}
    RoomEnd& operator=(const RoomEnd&) {
      plies = 0;
      return *this;
    }
  };
  RoomEnd room_end_;
  std::size_t convertible_ = 0;
  void make_room(std::size_t n);
};

// Inline: make() runs it at every move, 000's look at every look.
inline std::uint8_t Position::advance_en_passant(Seat mover, const Move& m) {
  const PawnRules& pr = rules_->pawns;
  unsigned closing = 1U << index_of(mover);  // until the owner moves again (or off)
  if (pr.en_passant == EnPassantWindow::kNextMoverOnly &&
      pr.en_passant_between == EnPassantBetween::kFacingSeatsOnly) {
    // 001 rule 11: only the facing player may take, so the window is his
    // next turn (he need not be the next mover): an entry closes when the
    // seat facing its pawn has moved, or when its owner moves again.
    for (int c = 0; c < rules_->seat_count(); ++c)
      if (facing(mover, seat_at(c))) closing |= 1U << c;
  } else if (pr.en_passant == EnPassantWindow::kNextMoverOnly) {
    closing = (1U << kMaxSeats) - 1U;
  }
  unsigned open = 0;  // (without a branch per seat: most moves find none open)
  for (std::size_t i = 0; i < kMaxSeats; ++i) open |= static_cast<unsigned>(ep_[i].open()) << i;
  unsigned changed = open & closing;
  for (unsigned c = changed; c != 0; c &= c - 1U) ep_[static_cast<std::size_t>(std::countr_zero(c))] = {};
  if (m.kind == MoveKind::kDoubleStep && pr.en_passant != EnPassantWindow::kOff) {
    const Frame fr = frame_of(seat_def(mover).facing);
    const Square skipped = make_square(file_of(m.to) - fr.forward_file, rank_of(m.to) - fr.forward_rank);
    ep_[index_of(mover)] = {skipped, m.to};
    changed |= 1U << index_of(mover);
  }
  return static_cast<std::uint8_t>(changed);
}

template <class Accept>
bool Position::any_legal(Accept&& accept, Square first) const {
  // The same moves as generate_legal, in another order.
  if (!active_[index_of(to_move_)]) return false;
  const KingSafety ks = king_safety();
  MoveList list;
  auto first_accepted = [&]() {
    for (const Move& m : list)
      if (legal_with(m, ks) && accept(m)) return true;
    return false;
  };
  const Square k = king_[index_of(to_move_)];
  const bool only_king = king_only(to_move_);
  auto skip = [&](Square q, const Piece& p) {  // not a piece walked piece by piece
    return q == k || p.empty() || p.seat != to_move_ || (only_king && p.kind != royal_);
  };
  if (first != kNoSquare && skip(first, board_[index_of(first)])) first = kNoSquare;
  if (first != kNoSquare) {
    generate_piece(first, board_[index_of(first)], list);
    if (first_accepted()) return true;
    list.clear();
  }
  if (k != kNoSquare) {
    generate_piece(k, board_[index_of(k)], list);
    if (first_accepted()) return true;
  }
  for (Square q : squares_) {
    const Piece& p = board_[index_of(q)];
    if (q == first || skip(q, p)) continue;
    list.clear();
    generate_piece(q, p, list);
    if (first_accepted()) return true;
  }
  if (rules_->castling.empty() || castling_rights_ == 0) return false;
  list.clear();
  generate_castling(list);
  return first_accepted();
}

}  // namespace tabula::core
