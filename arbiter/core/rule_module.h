// rule_module.h — the one seam for every sheet's special rules (issue 30
// item 1).
//
// Game plays what all the variants share: turns, checks, mates, the ledger,
// eliminations, the draw rules. A sheet's own rules are a Module that Game
// calls at fixed points; the variant's data chooses the modules
// (RuleSet::modules, `modules:` in a variant file, proto/variant.proto), and
// Game names no sheet. The points, in the order a move meets them:
//
//   legality       filter_legal, stalemate_moves, refusal, placement_refusal,
//                  has_move_for
//   a move         before_make -> (the Position moves) -> after_make ->
//                  score_capture -> before_checks -> check_credit (per
//                  check) -> score_checks -> (mates: score_mate; the game's
//                  end) -> after_move
//   a turn         before_moves -> (has the player a move?) ->
//                  mated_at_turn_start | score_mate | no_move ->
//                  stalemate_rule -> score_stalemate | on_pass,
//                  jammed_winner (a round of passes)
//   the end        check_end (the data's game end), first_mate_winner,
//                  score_last_standing, score_draw -> on_draw, winner_words
//   the operator   on_leave, after_leave
//   the start      setup
//   a search       state_key (Game::hash)
//
// Modules are stateless (one instance each, shared by every game); the
// state a module plays with lives in the Game, its own in the Game's
// ModuleFrame, so that make/unmake (a copy of it, no call) and the Game's
// copy keep it (core/game.h, SearchFrame). They are nested in
// Modules, the one friend of Game, and each cites its sheet. Module files:
// module_corners.cpp (000), module_relations.cpp (003), module_stages.cpp
// (004), module_chesscom.cpp (chess.com's four-player rules). Chess needs
// none.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/outcome.h"
#include "core/position.h"
#include "core/rule_set.h"
#include "core/ruling.h"

namespace tabula::core {

class Game;

// What a module notes before a move is made, for itself after it.
struct MoveNotes {
  Square captured_on = kNoSquare;  // filled by Game before before_make
  bool captured = false;
  SquareSet converted;             // pieces the move turns into others (000: corner bishops)
  bool converts = false;           // converted holds any (set with it)
  bool could_enter = false;        // the mover could still enter an area before the move (000)
  bool entered = false;            // the move entered it (000)
  // How many modules' before_make did for this move all their after_make
  // would (a module counts itself at most once, and only if it overrides
  // after_make): when every module of the after_make hook did, Game calls
  // none (issue 30 item 3: one call a plain move of a search, not two).
  // captured_on and captured are filled before before_make for this.
  std::uint8_t after_make_done = 0;
  // How many modules' before_make proved that their after_move, and their
  // before_moves at the start of the turn the move passes to, do nothing
  // for this move unless it leaves a seat other than the mover in check
  // (as Game::report_checks finds the seats) or changes a seat's status (a
  // module counts itself at most once, and only if it overrides either
  // hook): when every module of the two hooks did, Game calls neither
  // then (issue 30 item 3: two calls a plain move of a search, not made).
  std::uint8_t idle = 0;
  // A search's (before_make): seats, a bit per seat index, whose kings the
  // module proves attacked by no piece of another seat once the move is
  // made, where every other seat may take each of them (000: the
  // non-targets' lines, issue 30 item 3). Game::report_checks walks none of
  // them while nothing but the move changed the board and the attack
  // settings.
  std::uint8_t unattacked = 0;
};

// The hooks Game meets at every node or after every move. A module's type
// tells those it overrides (Module::hot, hot_hooks_of); Game calls each only
// on the modules that override it (issue 30 item 3: no call that does nothing in a search).
enum class Hot : std::uint8_t {
  kFilterLegal,
  kHasMoveFor,
  kBeforeMake,
  kAfterMake,
  kBeforeChecks,
  kAfterMove,
  kScoreCapture,
  kBeforeMoves,
  kCheckEnd,
  kSearchState,  // state_key: a module with state of its own (in the Game's ModuleFrame)
  kCount
};
constexpr std::uint32_t hot_bit(Hot h) { return 1U << static_cast<unsigned>(h); }

struct Modules {
  class Module;
  class Corners;
  class Relations;
  class Stages;
  class ChessCom;
  class Teams;
  class Points;

  // The chosen modules of a game, in the data's order.
  struct List {
    std::array<const Module*, kRuleModuleCount> at{};
    std::size_t n = 0;
    const Module* const* begin() const { return at.data(); }
    const Module* const* end() const { return at.data() + n; }
    bool empty() const { return n == 0; }
  };
  static List chosen(const RuleSet& rules);
  // The chosen modules that name each hot hook, in the data's order.
  struct Hooks {
    std::array<List, static_cast<std::size_t>(Hot::kCount)> at{};
    const List& operator[](Hot h) const { return at[static_cast<std::size_t>(h)]; }
  };
  static Hooks hot_lists(const List& chosen);

  static const Module& corners();
  static const Module& relations();
  static const Module& stages();
  static const Module& chesscom();
  static const Module& teams();
  static const Module& points();

  // The ledger's one way to pay (module_points.cpp): `amount` to seat s,
  // unless the variant keeps no points or s's points are frozen (002 rule
  // 10); `why` is the ruling's words (none in a search).
  static void add_points(Game& g, Seat s, int amount, const std::string& why, std::vector<Ruling>& out);
};

class Modules::Module {
 public:
  virtual ~Module() = default;
  virtual const char* sheet() const = 0;  // "000", ... or "chess.com"
  // The hot hooks (enum Hot) this module overrides, as hot_bit()s: every
  // module returns hot_hooks_of<itself>() (below); every one unless it says.
  virtual std::uint32_t hot() const { return ~0U; }

  // How a start-of-turn hook left the turn: it did nothing; it acted and the
  // turn is looked at again; it acted and the start of the turn is over.
  enum class Turn { kNotMine, kAgain, kStop };

  // ---- the start: the Game's constructor, after the seats' statuses are read.
  virtual void setup(Game&) const {}

  // ---- legality
  virtual void filter_legal(const Game&, MoveList&) const {}
  // The mover has no legal move and is not in check: a module's own moves
  // for him (003 rule 5: placements), added to the empty list.
  virtual void stalemate_moves(const Game&, MoveList&) const {}
  virtual bool needs_whole_list() const { return false; }  // is_legal must generate every legal move
  virtual std::string refusal(const Game&, const Move&) const { return {}; }  // why a move is refused, or ""
  // Why a placement (MoveKind::kPlacement) is refused, or "" (not the module's).
  virtual std::string placement_refusal(const Game&, const Move&) const { return {}; }
  virtual std::optional<bool> has_move_for(const Game&, Seat) const { return std::nullopt; }  // the mate test
  // Whether this module's has_move_for(g, s), asked of the seat to move,
  // answers exactly whether his legal list (the Position's moves through
  // every module's filter_legal; he is in check, so no stalemate_moves) is
  // non-empty: then the mate test after a move may find that list instead,
  // and his turn takes it (Game::has_move_in_check; issue 30 item 3). A
  // module that filters without saying so keeps its own mate test.
  virtual bool mate_test_is_list() const { return false; }
  // Whether the turn after a move goes to the first seat after the mover
  // in turn order whose king the move left in check (000: "with the next
  // move going to the player that is in check"): the mate test after the
  // move finds that seat's whole list, which his turn takes (Game::
  // mates_after_move; issue 30 item 3).
  virtual bool turn_to_checked(const RuleSet&) const { return false; }

  // ---- a move
  // before_make may change the module's own state where its after_make
  // would change it alike for this move (MoveNotes::after_make_done).
  virtual void before_make(Game&, Seat /*mover*/, const Move&, MoveNotes&) const {}
  virtual void after_make(Game&, Seat /*mover*/, const Move&, const MoveNotes&, std::vector<Ruling>&) const {}
  virtual void before_checks(Game&, Seat /*mover*/, std::vector<Ruling>&) const {}
  virtual Seat check_credit(const Game&, Seat /*mover*/, Seat by) const { return by; }
  virtual void after_move(Game&, Seat /*mover*/, const MoveNotes&, std::vector<Ruling>&) const {}
  // What the ledger pays: a capture (the piece as it stood), the checks the
  // mover gives at once (2 or 3; `queen`: with a reduced-bonus piece), a
  // mate credited to `by` (after the move or at the victim's turn).
  virtual void score_capture(Game&, Seat /*mover*/, Piece /*captured*/, std::vector<Ruling>&) const {}
  virtual void score_checks(Game&, Seat /*mover*/, int /*kings*/, bool /*queen*/, std::vector<Ruling>&) const {}
  virtual void score_mate(Game&, Seat /*victim*/, Seat /*by*/, std::vector<Ruling>&) const {}

  // ---- the start of a turn
  virtual Turn before_moves(Game&, Seat, std::vector<Ruling>&) const { return Turn::kNotMine; }
  virtual bool mated_at_turn_start(Game&, Seat /*victim*/, Seat /*by*/, std::vector<Ruling>&) const {
    return false;
  }
  virtual Turn no_move(Game&, Seat, int& /*passes*/, std::vector<Ruling>&) const { return Turn::kNotMine; }
  virtual std::optional<StalemateRule> stalemate_rule(const Game&) const { return std::nullopt; }
  virtual void score_stalemate(Game&, Seat, std::vector<Ruling>&) const {}
  virtual void on_pass(Game&, Seat) const {}
  virtual std::optional<Seat> jammed_winner(const Game&) const { return std::nullopt; }

  // ---- the end
  virtual bool check_end(Game&, std::size_t /*live*/, EndReason::Kind /*reason*/, std::vector<Ruling>&) const {
    return false;
  }
  virtual Seat first_mate_winner(const Game&) const { return kNoSeat; }
  // One player (or side) is left: what the survivor is paid.
  virtual void score_last_standing(Game&, Seat /*survivor*/, std::vector<Ruling>&) const {}
  // An automatic draw (or one a leaving player made): what the ledger pays
  // each (score_draw, every module first), then a module's own (on_draw).
  virtual void score_draw(Game&, const EndReason& /*why*/, int /*points*/, Seat /*leaver*/,
                          std::vector<Ruling>&) const {}
  virtual void on_draw(Game&, Seat /*leaver*/, std::vector<Ruling>&) const {}
  // The result's words for a win by `first` ("the team of A and B wins"),
  // or "" for Game's own ("A wins").
  virtual std::string winner_words(const Game&, Seat /*first*/) const { return {}; }

  // ---- the operator
  virtual bool on_leave(Game&, Seat, bool /*resigned*/, std::vector<Ruling>&) const { return false; }
  virtual void after_leave(Game&, std::vector<Ruling>&) const {}

  // ---- a search (Game::make, unmake, hash): a module whose rules keep state
  // of their own keeps it in the Game's ModuleFrame (core/game.h), which
  // make() copies into its frame and unmake() back, and folds it into the
  // game's key here (issue 30 item 1: Game asks no sheet which state to
  // keep). A module that overrides state_key is one with state
  // (Hot::kSearchState): the Game copies its ModuleFrame only then.
  virtual std::uint64_t state_key(const Game&) const { return 0; }
  // How many plies the module's rules may have made on the Position at once
  // beyond the game's own, while they judge one node (make()s nested in
  // their looks ahead): Game::make keeps that much room in the Position's
  // lists, so that a search allocates nothing however deep the looks go
  // that time (issue 30 item 2). Asked once, by the Game's constructor.
  virtual int look_plies() const { return 0; }
};

// The hot hooks a module class overrides, read from its type: a hook it
// does not declare is Module's own member, of Module's member type. Each
// module's hot() returns this, so that a hook a module gains is never skipped.
template <class M>
constexpr std::uint32_t hot_hooks_of() {
  using B = Modules::Module;
  std::uint32_t bits = 0;
  if constexpr (!std::is_same_v<decltype(&M::filter_legal), decltype(&B::filter_legal)>)
    bits |= hot_bit(Hot::kFilterLegal);
  if constexpr (!std::is_same_v<decltype(&M::has_move_for), decltype(&B::has_move_for)>)
    bits |= hot_bit(Hot::kHasMoveFor);
  if constexpr (!std::is_same_v<decltype(&M::before_make), decltype(&B::before_make)>)
    bits |= hot_bit(Hot::kBeforeMake);
  if constexpr (!std::is_same_v<decltype(&M::after_make), decltype(&B::after_make)>)
    bits |= hot_bit(Hot::kAfterMake);
  if constexpr (!std::is_same_v<decltype(&M::before_checks), decltype(&B::before_checks)>)
    bits |= hot_bit(Hot::kBeforeChecks);
  if constexpr (!std::is_same_v<decltype(&M::after_move), decltype(&B::after_move)>)
    bits |= hot_bit(Hot::kAfterMove);
  if constexpr (!std::is_same_v<decltype(&M::score_capture), decltype(&B::score_capture)>)
    bits |= hot_bit(Hot::kScoreCapture);
  if constexpr (!std::is_same_v<decltype(&M::before_moves), decltype(&B::before_moves)>)
    bits |= hot_bit(Hot::kBeforeMoves);
  if constexpr (!std::is_same_v<decltype(&M::check_end), decltype(&B::check_end)>)
    bits |= hot_bit(Hot::kCheckEnd);
  if constexpr (!std::is_same_v<decltype(&M::state_key), decltype(&B::state_key)>)
    bits |= hot_bit(Hot::kSearchState);
  return bits;
}

}  // namespace tabula::core
