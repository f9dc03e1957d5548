// game.h — a game in progress: turn order, seat statuses, ledgers, relations,
// and the rulings every move produces.
//
// Section index: Outcome, Game (setup, moves, operator actions, queries).
//
// The Game is the "game layer" over Position (issue 3): Position knows how
// pieces move; Game knows who is still playing, who may capture whom, when a
// player is mated (after every move, 002 rule 4; or at the start of his turn,
// 001 rule 10), what each event is worth, and when the game ends. Everything
// it decides comes from the RuleSet; each rule cites its sheet.
//
// Lifecycle:
//   Game g(rules, start);            // start-of-turn checks run at once
//   g.legal_moves()  -> moves of g.to_move()
//   g.play(move)     -> rulings (the move must be legal; see why_illegal)
//   g.resign(seat), g.timeout(seat), g.agree_draw(), g.takeback(n)
//   g.outcome()      -> over? ranking, draw reason
//
// Invariants: the Position's active seats are exactly the seats whose
// status lets them move (live, or resigned/flagged as a random mover);
// points of a resigned or flagged seat never change (002 rule 10).
// Not thread-safe. Deterministic: the same calls give the same rulings.
#pragma once

#include <array>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/corners.h"
#include "core/outcome.h"
#include "core/position.h"
#include "core/rule_module.h"
#include "core/rule_set.h"
#include "core/ruling.h"
#include "core/vassalage.h"

namespace tabula::core {

// The modules' own state: what a module's rules keep beside the Game's
// (the corner state of sheet 000, core/module_corners.h, the only module
// that keeps any). The Game holds it as its private base, so that the
// modules read and change its members as the Game's own (g.corner_), and
// a search's make() copies it whole into its frame and unmake() back, with
// no call to a module (issue 30 item 3: two hook calls a node, and their
// code, gone); the mate test's list is stamped with a copy of it. A plain
// value of fixed size: no heap allocation in a copy.
struct ModuleFrame {
  // 000: the corner state legality depends on (core/corners.h); the
  // two-player phase and whether both sides have reached its area. The
  // rules that play with them: core/module_corners.h.
  CornerState corner_;
  bool two_player_ = false;
  bool area_reached_ = false;
  bool operator==(const ModuleFrame&) const = default;
  // A search's copy and compare: the same value as `*this = o` and the
  // same answer as ==, without the parts that cannot differ (CornerState's
  // own: the corner queens, empty until a king enters his corner square;
  // issue 30 item 3: the whole 184 bytes were copied twice a node).
  void copy_from(const ModuleFrame& o) {
    corner_.copy_from(o.corner_);
    two_player_ = o.two_player_;
    area_reached_ = o.area_reached_;
  }
  bool same_as(const ModuleFrame& o) const {
    return two_player_ == o.two_player_ && area_reached_ == o.area_reached_ && corner_.same_as(o.corner_);
  }
};

// What a move of the game changes beside the Position and the modules'
// own state: the seats' statuses and points, the fallen kings and frozen
// ledgers, the last mover and mater, 003's relations and 004's bared king. The
// Game holds it as its private base (its members read as the Game's own,
// g.points_), so that a search's make() copies it into its frame and
// unmake() back as one block (issue 30 item 3: it was ten members copied
// one by one, twice a node). A plain value of fixed size.
struct PlyState {
  std::array<SeatStatus, kMaxSeats> status_{};
  std::array<int, kMaxSeats> points_{};
  std::array<bool, kMaxSeats> king_fallen_{};  // mated or captured (002 rule 8)
  std::array<bool, kMaxSeats> frozen_{};       // resigned or flagged (002 rule 10)
  Seat last_mover_ = kNoSeat;
  Seat bare_pending_ = kNoSeat;  // 004: bared the other king; wins unless bared back
  Seat last_mater_ = kNoSeat;
  // 003: the relations, the tie's winner (first among equal token counts)
  // and the seats (one bit per seat index) that may have a pawn waiting on
  // their last rank: promotion was barred to them since their last look.
  // The rules that play with them: core/module_relations.h.
  Seat tie_winner_ = kNoSeat;
  std::uint8_t waiting_pawns_ = 0xFU;
  Vassalage vassalage_;
};

class Game : private ModuleFrame, private PlyState {
 public:
  // `points` is the ledger at the start (a FEN4 carries one).
  Game(std::shared_ptr<const RuleSet> rules, const Position& start,
       const std::array<int, kMaxSeats>& points = {});

  // ---- moves ----
  // Legal moves of the seat to move, with every rule of the variant applied.
  MoveList legal_moves() const;
  bool is_legal(const Move& m) const;
  // Why a move from `from` to `to` by the piece there is refused, worded for
  // the table ("Blue's knight cannot go to f6: it would leave Blue's king in
  // check from Red's bishop on c9"); empty when some legal move matches.
  std::string why_illegal(Square from, Square to) const;
  // Plays a legal move and returns every ruling it causes. An illegal move
  // changes nothing and returns one kIllegalMove ruling.
  std::vector<Ruling> play(const Move& m);
  // A uniformly random legal move (the 002 random mover), from a seed.
  std::optional<Move> random_move(std::uint64_t seed) const;

  // ---- search (issue 30 item 2) ----
  // The engine's way through the game layer: every rule of the variant
  // (eliminations, relations, ledgers, the corners, the draw rules), no
  // record and no ruling text for a move, and no heap allocation once the
  // buffers have grown to the search's depth. Search on a copy of the
  // session's Game, never on the session's own:
  //
  //   Game g = session_game;               // copy once, then make/unmake
  //   MoveList list;                       // the caller's list
  //   g.legal_moves(list);
  //   for (const Move& m : list) {
  //     g.make(m);                          // m from legal_moves(), not checked again
  //     if (g.outcome().over) { ... g.outcome().draw, g.outcome().ranking ... }
  //     else { ... g.to_move(), g.status(s), g.points(s), g.hash(), g.repetitions() ... }
  //     g.unmake();
  //   }
  //
  // make() plays a legal move as play() would (the same rules, the same
  // state after it: turn, statuses, points, relations, corner state, the
  // outcome); unmake() takes back the last make(), exactly. moves() and
  // repetitions() include the made moves; record() and the rulings do not
  // (ruling text is written only by play(), for the session). Do not call
  // play(), resign() or takeback() between a make() and its unmake().
  void legal_moves(MoveList& out) const;
  // How many legal moves legal_moves() gives, without copying them (a
  // perft's count at its last ply). Inline: at a search's last ply the
  // start of the turn has found the list already (issue 30 item 3: no call
  // for the common answer).
  std::size_t legal_move_count() const {
    if (outcome_.over) return 0;
    if (legal_cached_) return legal_cache_.size();
    return count_legal();
  }
  void make(const Move& m);
  void unmake();
  int made() const { return depth_; }  // make()s not yet unmade
  // A Zobrist key of everything legality depends on: the position's key
  // (pieces, seat to move, castling, en passant usable or not, as
  // repetitions() counts it) with the seats' statuses, the relations (003)
  // and the corner state (000). Points are not in it.
  std::uint64_t hash() const;

  // ---- operator actions ----
  std::vector<Ruling> resign(Seat s);
  std::vector<Ruling> timeout(Seat s);
  std::vector<Ruling> agree_draw();
  // The arbiter ends the game (an adjudication): a draw, a win for `winner`,
  // or (neither) the standing as it is: by the ledger in points/tokens
  // variants, else the seats still playing ahead of the eliminated.
  std::vector<Ruling> adjudicate(bool draw, Seat winner);
  // A claim under FIDE 9.2/9.3 by the seat to move; refused (empty reason)
  // when no claim is open. Returns the rulings, or an illegal ruling.
  std::vector<Ruling> claim_draw();
  // The claimable draw open now ("fifty-move rule", "threefold repetition"), or "".
  std::string claimable_draw() const;
  // The words of a reason the game ended for ("checkmate", ...).
  std::string reason_words(const EndReason& why) const;
  // Times the current position occurred before with the same player to move
  // and the same possible moves (FIDE 9.2.3), since the last irreversible move.
  int repetitions() const;
  // Takes back the last n actions (replays the game from its start): a move,
  // or a resignation, flag, draw or adjudication after it, each one step.
  bool takeback(int n);
  // How many actions takeback() undoes to put the game back to just before
  // seat s's last move: that move and every action since (the other seats'
  // moves, a resignation, flag, draw or adjudication), whatever turns were
  // skipped between (an eliminated seat, a pass, 000's turn given to the
  // checked player). 0 when s has made no move in this game (since its
  // start). The one count of "take back to my last move" (s31-takeback).
  int actions_since_move_of(Seat s) const;

  // ---- queries ----
  const RuleSet& rules() const { return *rules_; }
  const Position& position() const { return pos_; }
  const Position& start() const { return start_; }  // the position the game began from
  Seat to_move() const { return pos_.to_move(); }
  SeatStatus status(Seat s) const { return status_[index_of(s)]; }
  // Still takes turns: live, or a random mover (inline: asked of every seat
  // after every move of a search; the statuses that play found once from
  // the rules, playing_statuses_, issue 30 item 3).
  bool plays(Seat s) const { return (playing_statuses_ >> static_cast<unsigned>(status(s))) & 1U; }
  int points(Seat s) const { return points_[index_of(s)]; }
  // The seats (a bit per seat index) the last move's check report found in
  // check: those it names in check rulings, as found before any mate it
  // made was ruled (0 where the variant needs no checks after a move: a
  // search of a sheet that judges mate at the turn's start, without check
  // bonuses). Tests read what a search found through it.
  std::uint8_t checks_after_move() const { return checks_found_; }
  // The kings (a bit per seat index) the last make()'s check report holds
  // attacked by no piece of another seat, the mover's own included where
  // his move proves it (issue 30 item 3: the next report walks none of them
  // that the next move's squares leave alone); 0 outside a search or once
  // the board changed. Tests read the search's record through it.
  std::uint8_t kings_known_unattacked() const {
    if (depth_ == 0) return 0;
    const Unattacked& found = frames_[static_cast<std::size_t>(depth_ - 1)].found;
    return found.version == board_version_ && found.settings == pos_.attack_settings() ? found.seats : 0;
  }
  // Whether the list of the seat to move is the one the mate test after
  // the last move found (issue 30 item 3: has_move_in_check; his turn took
  // it instead of finding it again). Tests read the mechanism through it.
  bool list_found_by_mate_test() const { return legal_cached_ && list_taken_; }
  // The modules' own state (ModuleFrame, above), as a search's frame keeps
  // it. Tests read 000's corner state through it.
  const ModuleFrame& module_state() const { return *this; }
  bool teammates(Seat a, Seat b) const;
  const Outcome& outcome() const { return outcome_; }
  const std::vector<Move>& moves() const { return moves_; }

  // The game as a record: one entry per move or marker, in the variant's
  // notation (PGN4 long algebraic for four seats, SAN for two), with check
  // and mate marks; markers are "R" (resigned), "T" (time), and in four-seat
  // games "S" (stalemated, in the stalemated seat's slot); a walking king's
  // move made at once after a flag is written with its T ("Kh1-g1T").
  struct RecordEntry {
    int round = 0;
    Seat seat = kNoSeat;
    std::string text;
  };
  const std::vector<RecordEntry>& record() const { return record_; }
  // Rulings made at the start, before any move (e.g. a start-of-turn mate).
  const std::vector<Ruling>& opening_rulings() const { return opening_; }
  // 003: allies, suzerains and vassals.
  const Vassalage& vassalage() const { return vassalage_; }
  // Seats whose pieces give check to seat s now, and the checking squares.
  std::vector<Square> checkers(Seat s) const;

  // Text helpers shared with notation and the session.
  std::string seat_name(Seat s) const;
  std::string piece_phrase(Piece p, Square at) const;  // "Red's bishop on c9"

 private:
  // The sheets' modules (core/rule_module.h) play with the private state.
  friend struct Modules;
  // ---- the seam's helpers: every chosen module, in the data's order
  void module_filter(MoveList& list) const;
  std::string module_refusal(const Move& m) const;
  void apply(const Move& m, std::vector<Ruling>& out);  // play() of a legal move
  // ---- a move's words and rare rules, out of the code a search runs per
  // node (issue 30 item 3: that code fits the instruction cache). Each is
  // [[gnu::cold]]: GCC puts it in .text.unlikely, away from the hot path,
  // and lays the branch that calls it out of line. play()'s own (never in a
  // search: quiet_ is false):
  [[gnu::cold]] void write_move_ruling(const Move& m, Seat mover, Piece moved, Piece captured, Square captured_on,
                                       std::vector<Ruling>& out) const;
  [[gnu::cold]] void begin_record_entry(const Move& m, Seat mover);  // before the move: record_draft_
  [[gnu::cold]] void write_record_entry(Seat mover, std::size_t at, const std::vector<Ruling>& out);
  [[gnu::cold]] void write_turns_passed_over(Seat mover, std::vector<Ruling>& out) const;
  [[gnu::cold]] void write_claimable_draw(std::vector<Ruling>& out) const;
  // A search's too, when they happen (a few moves in a thousand):
  [[gnu::cold]] void rule_promotion(Seat mover, const Move& m, std::vector<Ruling>& out) const;
  [[gnu::cold]] void capture_king(Seat mover, Seat victim, std::vector<Ruling>& out);
  [[gnu::cold]] void rule_mate_after_move(Seat victim, Seat mover, std::vector<Ruling>& out);
  [[gnu::cold]] void rule_checkmate(Seat victim, Seat by, bool by_move, std::vector<Ruling>& out) const;
  // apply()'s rare parts, out of its common path (the same rules in the
  // same order; a call only where one has something to do): the moved and
  // taken pieces of a castling, placement, pass or en passant capture; the
  // modules' hooks after the move (after_make, score_capture,
  // before_checks), a promotion's ruling and a king taken (002); the draws
  // by material, a dead position, or a player's claim.
  [[gnu::noinline]] void rare_move_pieces(const Move& m, Seat mover, Piece& moved, Piece& captured,
                                          Square& captured_on) const;
  [[gnu::noinline]] void rules_after_make(Seat mover, const Move& m, Piece captured, const MoveNotes& notes,
                                          std::vector<Ruling>& out);
  [[gnu::noinline]] void material_draws(std::vector<Ruling>& out);
  // The draw rules after a move that ended nothing else, where one may end
  // the game now (draw_clock_, material_rule_) or for play()'s claim.
  [[gnu::noinline]] void draw_rules(std::vector<Ruling>& out);
  // The start of a turn whose player has no move: mated (001 rule 10), a
  // module's reading, stalemate or a pass. Returns kStop (the turn's start
  // is over) or kAgain (the turn is looked at again).
  [[gnu::cold]] Modules::Module::Turn turn_without_move(Seat s, int& passes, std::vector<Ruling>& out);
  void compute_legal(MoveList& list) const;
  std::size_t count_legal() const;  // legal_move_count() without a list found
  void edit_square(Square q, Piece p);  // a change beside make(), undone by unmake()
  // unmake()'s rare part (out of its common path): the Position's moves
  // back to `ply` and the edit log back to `edits` entries, interleaved.
  [[gnu::noinline]] void unmake_with_edits(std::size_t edits, int ply);
  // make()'s rare part: a frame for a new depth, the Position's room for
  // the make's plies; then make()'s own (push_frame, apply).
  [[gnu::noinline]] void make_prepared(const Move& m);
  [[gnu::always_inline]] inline void push_frame();  // (game_search.cpp's own)
  void remove_pieces(Seat s);
  std::uint64_t repetition_key() const;
  [[gnu::cold]] void no_move_round(std::vector<Ruling>& out);
  [[gnu::cold]] void rule_seat(RulingKind kind, Seat s, const char* words, std::vector<Ruling>& out) const;
  // The position reached is noted at once, its key found when first asked
  // (issue 30 item 3: most positions of a search are never moved from, and
  // nothing asks theirs). The key depends on the position and the legal
  // moves, so every change of the game settles it first (settle_position).
  void note_position() {
    seen_.push_back(0);
    seen_pending_ = true;
  }
  // (With no en passant entry open, the key is the position's own:
  // repetition_key takes out none; most positions, so its walk is not
  // called for them; session 31, issue 30 item 3.)
  void settle_position() const {
    if (!seen_pending_) return;
    bool open = false;
    for (int c = 0; c < kMaxSeats; ++c) open = open || pos_.en_passant(seat_at(c)).open();
    seen_.back() = open ? repetition_key() : pos_.hash();
    seen_pending_ = false;
  }
  // Whether an earlier position of the window (the last `limit`) may equal
  // the pending one: its key is pos_'s with some of the open en passant
  // squares taken out.
  bool may_repeat(int limit) const;
  [[gnu::cold]] void eliminate(Seat s, SeatStatus why, EliminationPolicy policy, Seat by, std::vector<Ruling>& out);
  [[gnu::cold]] std::string elimination_words(Seat s, EliminationPolicy policy) const;  // play()'s
  // The checks a move gives (rulings, bonuses); returns the seats in check.
  // `proven`: the seats whose kings a module proved unattacked after a
  // search's move (MoveNotes::unattacked). A search's report has no words
  // and walks no king known unattacked; play()'s is report_play_checks.
  // (Inlined in apply(), its one caller, game_turn.cpp: no call a move.)
  [[gnu::always_inline]] inline std::uint8_t report_checks(Seat mover, const Piece& moved, std::uint8_t proven,
                                                           std::vector<Ruling>& out);
  [[gnu::cold]] std::uint8_t report_play_checks(Seat mover, const Piece& moved, std::vector<Ruling>& out);
  // A search's check bonuses where two or more kings are in check after a
  // move (`in_check`): those the mover gives at once (chess.com FFA).
  [[gnu::noinline]] void checks_at_once_in_search(Seat mover, const Piece& moved, std::uint8_t in_check,
                                                  std::vector<Ruling>& out);
  // report_checks' words for a king in check (play() only), and whether
  // the mover's pieces give the check (with a reduced-bonus piece: queen).
  struct CheckWords {
    bool mover_checks = false;
    bool mover_queen = false;
  };
  [[gnu::cold]] CheckWords write_check_ruling(Seat s, Square k, std::uint8_t attackers, Seat mover,
                                              std::vector<Ruling>& out) const;
  // The mover checks two or more kings at once: the ruling and the bonus.
  [[gnu::cold]] void rule_checks_at_once(Seat mover, const Piece& moved, const std::array<Seat, kMaxSeats>& checked,
                                         int count, bool queen_checks, std::vector<Ruling>& out);
  bool reduced_check_kind(PieceKind k) const;  // the ledger's reduced-bonus pieces (the queen)
  void mates_after_move(Seat mover, std::uint8_t in_check, std::vector<Ruling>& out);
  // `modules_idle`: the move's before_make proved the modules' before_moves
  // idle at this turn's start (MoveNotes::idle); not called at its first look.
  void start_of_turn(std::vector<Ruling>& out, bool modules_idle = false);
  // The game's end after every move (game_end.cpp: find_game_end), the
  // common answer inline: it is over already, or two sides still play with
  // the statuses check_game_end last found them to (issue 30 item 3: no
  // call for it on a search's plain move).
  void check_game_end(std::vector<Ruling>& out) {
    if (outcome_.over) return;
    if (sides_known_ && Position::word_of(status_) == Position::word_of(sides_still_play_) &&
        rules_->game_end == GameEnd::kOneSideLeft)
      return;
    find_game_end(out);
  }
  void find_game_end(std::vector<Ruling>& out);
  [[gnu::cold]] void finish(bool draw, const EndReason& why, std::vector<Ruling>& out, Seat winner = kNoSeat);
  void finish(bool draw, EndReason::Kind why, std::vector<Ruling>& out, Seat winner = kNoSeat) {
    finish(draw, EndReason{why}, out, winner);
  }
  EndReason claimable() const;  // claimable_draw() as a code (kNone: none)
  // An automatic draw rule ends the game: drawn, or by the standing (draws.automatic_end).
  [[gnu::cold]] void automatic_end(const EndReason& why, std::vector<Ruling>& out);
  bool automatic_end_draws() const;
  bool bare(Seat s) const;  // only royal pieces left
  bool insufficient_material() const;
  // The kinds FIDE 5.2.2's dead positions name, by their names, found once
  // (one bit per kind).
  std::uint32_t bishop_kinds_ = 0;
  std::uint32_t knight_kinds_ = 0;
  // The statuses for which check_game_end last found that two sides still
  // play (002's one side left is read from the statuses alone): the same
  // statuses, the same answer (issue 30 item 3: this runs after every move).
  std::array<SeatStatus, kMaxSeats> sides_still_play_{};
  bool sides_known_ = false;
  bool blocked_pawns_can_change() const;  // the dead-position proof may differ after this move
  // A draw by a rule (material, the move rule...): the ledger's module pays
  // `points` (chess.com FFA), then the game ends drawn.
  [[gnu::cold]] void draw_end(const EndReason& why, int points, std::vector<Ruling>& out, Seat leaver = kNoSeat);
  // The seats by the ledger, best first (a fixed array: a search's game end).
  struct Ranking {
    std::array<Seat, kMaxSeats> at{};
    std::size_t n = 0;
    Seat operator[](std::size_t i) const { return at[i]; }
    std::size_t size() const { return n; }
    const Seat* begin() const { return at.data(); }
    const Seat* end() const { return at.data() + n; }
  };
  Ranking ranking_by_points() const;
  [[gnu::cold]] Seat credit_for_mate(Seat victim) const;
  bool has_legal_move_for(Seat s) const;
  // checkers() without the list (issue 30 item 2: no vector in a search):
  // whether s is in check; the seats (one bit per seat index) giving it.
  bool checked(Seat s) const;
  std::uint8_t checking_seats(Seat s) const;
  void advance_turn_after(Seat s);
  bool random_mover(Seat s) const;
  // Seats still in the game (not removed), by seat index.
  std::array<bool, kMaxSeats> in_game() const;
  std::array<std::string, kMaxSeats> names() const;  // the seats' names, by seat index
  bool has_any_move() const;
  // Why a placement is refused: a module's words, else this variant has none.
  std::string placement_refusal(const Move& m) const;
  void note_marker(Seat s, char marker);
  void note_stalemate(Seat s);
  std::vector<Ruling> leave_game(Seat s, bool resigned);

  std::shared_ptr<const RuleSet> rules_;
  Modules::List modules_;  // chosen by the variant's data (RuleSet::modules)
  Modules::Hooks hot_;     // those of them each hot hook calls
  Position start_;
  Position pos_;
  // (The statuses, points, fallen kings and frozen ledgers: the private
  // base PlyState, above.)
  std::array<int, kMaxSeats> start_points_{};
  std::array<int, kMaxSeats> team_{-1, -1, -1, -1};  // each seat's side, set by a module (001); -1: his own
  // Everything that changed the game, for takeback by replay.
  struct Action {
    enum class Kind : std::uint8_t { kMove, kResign, kTimeout, kDraw, kClaim, kAdjudicate, kAdjudicateDraw } kind;
    Move move;
    Seat seat;
  };
  std::vector<Action> actions_;
  std::vector<Move> moves_;
  std::vector<RecordEntry> record_;
  std::vector<Seat> eliminated_;  // in order of elimination
  Outcome outcome_;
  std::vector<Ruling> opening_;
  // play()'s record entry of the move being applied, written before the
  // Position moves (the notation reads the board it leaves), and the seats
  // playing then (the check marks count their kings): begin_record_entry.
  RecordEntry record_draft_;
  std::array<bool, kMaxSeats> playing_before_{};
  // (The last mover, 004's bared king, 003's relations, tie winner and
  // waiting pawns: the private base PlyState, above.) 003: whose edge each
  // seat promotes on (rule 4); core/module_relations.h.
  std::array<Seat, kMaxSeats> edge_owner_{kNoSeat, kNoSeat, kNoSeat, kNoSeat};
  // (000's corner state, the two-player phase and the area reached: the
  // private base ModuleFrame, above.)
  // The seats report_checks found in check after the last move, while the
  // board is the one it looked at (checks_ply_ is the Position's ply then;
  // -1: not known): 000's turn rule reads them instead of testing again.
  std::uint8_t checks_found_ = 0;
  int checks_ply_ = -1;
  // The seats (a bit per seat index) other than the mover that the mate
  // test after a move found in check once it took a seat out, on the board
  // it left (version: board_version_ then; 0: none): 000's turn rule reads
  // them instead of walking those kings again (issue 30 item 3).
  struct RemovalChecks {
    std::uint8_t seats = 0;
    std::uint64_t version = 0;
  };
  RemovalChecks removal_checks_;
  // The kings report_checks found attacked by no piece of another seat
  // (issue 30 item 3), kept in the search frame of the make() that found
  // them (SearchFrame::found): after the next make() of a search, a king
  // whose attack reach (MoveTables::attack_reach) holds neither of the move's
  // squares is still attacked by nobody, untested. Valid while the board is
  // the one it looked at plus that one move. board_version_ names the board:
  // a fresh number (from versions_) after every change of it, a move made or
  // a square edited; unmake() puts back the number with the board. A move
  // that changed only its own two squares (not castling, en passant, or a
  // 000 king entering his corner square, whose bishops become queens) leaves
  // plain_version_ equal to board_version_ until the next change.
  struct Unattacked {
    std::uint8_t seats = 0;      // bit per seat index
    std::uint64_t version = 0;   // board_version_ then; 0: none
    std::uint64_t settings = 0;  // Position::attack_settings() then
  };
  std::uint64_t versions_ = 1;  // the last number handed out
  std::uint64_t board_version_ = 1;
  std::uint64_t version_before_move_ = 0;  // board_version_ just before apply()'s Position::make
  std::uint64_t plain_version_ = 0;
  // The square each seat's king converts his bishops on as he enters it
  // (000: his corner square, where Position::king_move_converts; else
  // none), found once: apply()'s test that a move changes its two squares
  // only, without Position::converts' look at the board (issue 30 item 3).
  std::array<Square, kMaxSeats> converts_on_{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  // The mover's own king after his move (a search's): a legal move leaves
  // it attacked by no seat that may take him under the settings it was
  // found legal under (the make()'s SearchFrame::settings); where every
  // other seat may (Position::attacked_by_all_others) and his king is not
  // immune in his corner square (000), no other seat's piece attacks it.
  // mover_safe_ is board_version_ just after a move: report_checks records
  // the mover's king (not after a pass or a placement) as unattacked while
  // it still names the board and the attack settings are the frame's.
  std::uint64_t mover_safe_ = 0;
  // 000's reply proofs: each seat's last two proven replies, the latest
  // first, tried first next time (candidates only: proven again by the full
  // rules; order only).
  mutable std::array<std::array<Move, 2>, kMaxSeats> reply_{};
  // 000's nodes (Modules::Corners::memo_node): each seat's, at the filter's
  // depth and the reply proofs', as last found while no king entered his
  // corner square, with the key they were found from (core/corners.h).
  mutable std::array<std::array<CornerNodeMemo, kCornerNodeDepths>, kMaxSeats> corner_nodes_{};
  // 000's filter: the non-targets' lines of the node at each search depth
  // (core/corners.h). A cache: a copy starts without it.
  mutable CornerLinesCache corner_lines_;
  // FIDE 9.2.3: each position the game reached, as a key that counts an en
  // passant square only where a pawn can use it (repetition_key()); the
  // last one's is not found yet while seen_pending_ (note_position).
  mutable std::vector<std::uint64_t> seen_;
  mutable bool seen_pending_ = false;
  // ---- search (make/unmake) ----
  // The legal moves of the position reached, found by the start-of-turn
  // test that the player to move can move; the next legal_moves() reuses
  // them. Valid until the game changes.
  mutable MoveList legal_cache_;
  mutable bool legal_cached_ = false;
  // The mate test after a move (mates_after_move) of the seat to move next
  // finds his whole list at once where that list is the mate test: no
  // module filters it or judges the mate test, or each that does says its
  // mate test is the list (Module::mate_test_is_list: 000) (issue 30 item
  // 3): the start of his turn takes it instead of finding it again, if the
  // board (its number and ply), the Position's settings and the modules'
  // own state (ModuleFrame) are still those it was found on.
  struct LegalStamp {
    std::uint64_t version = 0;
    int ply = -1;
    Position::Settings settings{};
    ModuleFrame modules;
  };
  bool list_is_mate_test_ = false;  // (found once from the chosen modules)
  // Found once from the rules (report_checks, after every move of a
  // search): a bonus is paid for checking two or three kings at once (the
  // ledger's); every seat of the game, a bit per seat index.
  bool check_bonus_ = false;
  // A search needs the seats in check after a move: for the check bonuses,
  // or for the mates judged after every move (002 rule 4); found once.
  bool search_checks_ = false;
  // How many modules override after_make, and whether any overrides
  // before_checks or score_capture (hot_), found once: apply()'s test for
  // its rare part (issue 30 item 3).
  std::uint8_t after_make_n_ = 0;
  bool before_checks_ = false;
  bool score_capture_ = false;
  // The statuses whose seat still takes turns (bit per SeatStatus): live,
  // and resigned / flagged where the rules' elimination policy for it moves
  // the seat on (a random mover, a dead king walking), found once by the
  // constructor; plays() and random_mover() read it.
  std::uint8_t playing_statuses_ = 1U << static_cast<unsigned>(SeatStatus::kLive);
  static_assert(static_cast<unsigned>(SeatStatus::kRemoved) < 8, "a bit per status in playing_statuses_");
  std::uint8_t all_seats_ = 0;
  // The halfmove clock from which an automatic draw rule may apply after a
  // move, and whether one reads the material (DrawRules), found once:
  // apply() looks at the draw rules only then (issue 30 item 3).
  int draw_clock_ = std::numeric_limits<int>::max();
  bool material_rule_ = false;
  // The modules that override after_move or before_moves (MoveNotes::idle),
  // counted once.
  std::uint8_t turn_hook_modules_ = 0;
  // The Position plies make() keeps room for, found once (Position::
  // keep_room): its own (the move and a pass for each seat its turn skips,
  // start_of_turn) and the most the modules' looks nest below the node it
  // leaves (Module::look_plies).
  std::uint8_t room_plies_ = 0;
  // The first seat after the mover in check moves next (Module::
  // turn_to_checked), and his list is the mate test: the test after a move
  // finds it as his (mates_after_move).
  bool checked_list_next_ = false;
  mutable LegalStamp legal_stamp_;
  mutable bool legal_pending_ = false;  // legal_cache_ holds the mate test's list, not yet taken
  mutable bool list_taken_ = false;     // the turn took it (list_found_by_mate_test)
  bool has_move_in_check(Seat s) const;  // has_legal_move_for, keeping the list of the seat to move
  bool take_pending_list() const;        // has_any_move: the mate test's list, if it still holds
  bool quiet_ = false;  // inside make(): no ruling text, no record
  // What make() changes beside the Position's own make/unmake, to put back.
  struct SearchFrame {
    Position::Settings settings;
    int ply;
    std::size_t edits, eliminated;  // (apply() adds one move and one position to moves_ and seen_)
    PlyState state;       // the Game's own (its private base)
    ModuleFrame modules;  // the modules' own state (where one keeps any: Hot::kSearchState)
    std::uint64_t version;  // board_version_ when make() began
    Unattacked found;       // what this make()'s report_checks found
    bool over;
  };
  struct alignas(16) Edit {  // (16 bytes: edits_.size() is a shift, not a division)
    Square at;
    Piece was;
    int ply;  // the Position's ply when the square was changed
  };
  // The side to move's Position::KingSafety as report_checks found it
  // walking his king after a search's move, with what it depends on: the
  // board (its number), the seat, his attackers and the attack settings.
  // compute_legal hands it to Position::generate_legal while all four are
  // still the same, so his king is walked once for the report and his list
  // (issue 30 item 3). version 0: none.
  struct NextSafety {
    std::uint64_t version = 0;
    std::uint64_t settings = 0;
    Seat seat = kNoSeat;
    std::uint8_t enemies = 0;
    Position::KingSafety ks;
  };
  NextSafety safety_;
  // report_checks' walk of the next mover's king s (on square k, attacked
  // by every other seat's pieces, `others`): whether it is attacked, with
  // his KingSafety kept in safety_.
  bool walk_next_mover(Seat s, Square k, std::uint8_t others, std::uint64_t settings);
  std::vector<SearchFrame> frames_;
  std::vector<Edit> edits_;
  std::vector<Ruling> scratch_;  // make()'s rulings, kinds only, reused (empty between make()s)
  int depth_ = 0;
};

}  // namespace tabula::core
