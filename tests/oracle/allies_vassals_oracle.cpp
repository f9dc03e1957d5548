// allies_vassals_oracle.cpp — sheet 003 (allies, suzerains and vassals;
// tokens) as an oracle, from the sheet (TRANSLATIONS.md), RULINGS 003 and
// the readings docs/VARIANTS.md lists for `allies-vassals`.
//
// Seats in turn order (rule 7): White south, Black west, Red north, Blue
// east. Rule 2: White + Blue and Black + Red start as allies. Board and
// setup as 002.
//
// Relations are kept as two arrays: suzerain[s] (-1 when free) and ally[s]
// (-1 when none). A vassal never has a vassal (he is freed on gaining one,
// rule 3), so head(s) = suzerain[s] or s. Friends (VARIANTS.md, "by bloc"):
// same head, or heads that are allies.
#include "oracles.h"

#include <algorithm>
#include <array>
#include <map>

namespace tabula::oracle {
namespace {

const char* kAvNames[4] = {"White", "Black", "Red", "Blue"};
const Edge kAvEdges[4] = {Edge::kSouth, Edge::kWest, Edge::kNorth, Edge::kEast};
// The seat whose edge a seat's pawns walk to: the one opposite.
int opposite(int s) {
  return (s + 2) % 4;
}

class AlliesVassals : public Oracle {
 public:
  AlliesVassals() : board_(cross_board(14, 3)) {
    for (int s = 0; s < 4; ++s) setup_seat(board_, s, kAvEdges[s], 3, "RNBQKBNR");
    for (int s = 0; s < 4; ++s) rules_.geo.push_back(pawn_geometry(board_, kAvEdges[s], 2, 14));
    ally_[0] = 3, ally_[3] = 0, ally_[1] = 2, ally_[2] = 1;
    // RULINGS 003: allies and vassals do not capture each other; kings are
    // never taken ("the basic rules are those of classical chess").
    rules_.may_capture = [this](const Man& mover, const Man& victim) {
      return !friends(mover.seat, victim.seat) && victim.kind != 'K';
    };
    rules_.promotion_choices = {'Q', 'R', 'B', 'N'};
    // Rule 4: a pawn promotes on its last rank only on an opponent's side.
    rules_.promotion_open = [this](int seat, int) { return hostile_edge(seat); };
    // VARIANTS.md: en passant by the very next player only.
    rules_.ep_victim = [this](const Board& b, int seat, int target) {
      if (b.ep.target != target || b.ep.seat < 0 || friends(seat, b.ep.seat)) return -1;
      const Man& v = b.at(b.ep.victim);
      return (v.kind == 'P' && v.seat == b.ep.seat) ? b.ep.victim : -1;
    };
    start_of_turn();
  }

  std::set<std::string> legal_moves() const override {
    if (over_) return {};
    return move_texts(board_, moves(to_move_));
  }

  bool play(const std::string& text) override {
    if (over_) return false;
    const int mover = to_move_;
    OMove chosen;
    if (!find_move(board_, moves(mover), text, chosen)) return false;
    note_.clear();
    apply(board_, chosen);
    // Rule 4: every waiting pawn whose edge is now hostile promotes at the
    // end of its owner's move (to a queen).
    if (hostile_edge(mover))
      for (int sq : board_.squares()) {
        Man& m = board_.at(sq);
        if (m.kind == 'P' && m.seat == mover && rules_.geo[mover].promotes_on(sq)) {
          m.kind = 'Q';
          m.promoted = true;
        }
      }
    last_mover_ = mover;
    to_move_ = next_in_game(mover);
    // VARIANTS.md: a fivefold repetition ends the game, decided by tokens.
    if (++seen_[position_key(board_, to_move_)] >= 5) {
      over_ = true;
      note_ = "fivefold repetition";
      winner_ = 0;
      for (int p = 1; p < 4; ++p)
        if (tokens_[p] > tokens_[winner_]) winner_ = p;
      return true;
    }
    start_of_turn();
    return true;
  }

  Summary summary() const override {
    Summary out;
    out.to_move = over_ ? "" : kAvNames[to_move_];
    for (int s = 0; s < 4; ++s) {
      SeatSummary ss{kAvNames[s], in_game_[s] ? Status::kLive : Status::kRemoved, tokens_[s], "", ""};
      if (suzerain_[s] >= 0) ss.suzerain = kAvNames[suzerain_[s]];
      if (ally_[s] >= 0) ss.ally = kAvNames[ally_[s]];
      out.seats.push_back(ss);
    }
    out.over = over_;
    if (over_) out.winners = {kAvNames[winner_]};
    if (!note_.empty()) out.notes.push_back(note_);
    return out;
  }

  std::string refusal(const std::string& text) const override {
    OMove m;
    if (over_) return "the game is over";
    for (const OMove& x : moves(to_move_))
      if (move_text(board_, x) == text) return "";
    if (!find_move(board_,
                   seat_moves(board_, to_move_, rules_,
                              [&](int sq) { return attacked(board_, sq, to_move_); }),
                   text, m))
      return "not a move of the pieces";
    std::string why = refusal(to_move_, m);
    return why.empty() ? "the vassal's duty" : why;
  }

  std::string square_name(int file, int rank) const override {
    return board_.name(board_.square(file, rank));
  }
  std::string describe() const override { return board_text(board_, {"w", "b", "r", "u"}); }

 private:
  // ---- relations ----
  int head(int s) const { return suzerain_[s] >= 0 ? suzerain_[s] : s; }
  bool friends(int a, int b) const {
    if (a == b) return true;
    int ha = head(a), hb = head(b);
    return ha == hb || ally_[ha] == hb;
  }
  using Matrix = std::array<std::array<bool, 4>, 4>;
  Matrix friendship() const {
    Matrix m{};
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < 4; ++b) m[a][b] = friends(a, b);
    return m;
  }
  // Rule 4, VARIANTS.md: the edge the pawns walk to is hostile when its
  // owner is a current opponent or has left the game.
  bool hostile_edge(int seat) const {
    int owner = opposite(seat);
    return !in_game_[owner] || !friends(seat, owner);
  }

  // ---- attacks ----
  // A piece of an opponent of `seat` attacks the square.
  bool attacked(const Board& b, int sq, int seat) const {
    return attacked_by(b, sq, rules_.geo,
                       [&](const Man& m) { return in_game_[m.seat] && !friends(m.seat, seat); });
  }
  bool in_check(const Board& b, int seat) const {
    int k = b.king_of(seat);
    return in_game_[seat] && k >= 0 && attacked(b, k, seat);
  }

  // Rule 2 and rule 3: the kings a seat must not expose: every friend but
  // his own vassals (VARIANTS.md: the suzerain may expose his vassal's king).
  std::vector<int> protected_kings(int seat) const {
    std::vector<int> out;
    for (int p = 0; p < 4; ++p)
      if (p != seat && in_game_[p] && friends(seat, p) && suzerain_[p] != seat) out.push_back(p);
    return out;
  }

  // Legal moves of a seat, without the placement of rule 5.
  std::vector<OMove> legal(int seat) const {
    std::vector<OMove> out;
    for (const OMove& m :
         seat_moves(board_, seat, rules_, [&](int sq) { return attacked(board_, sq, seat); }))
      if (refusal(seat, m).empty()) out.push_back(m);
    return out;
  }

  // Why `seat` may not play the pseudo-legal move `m` ("" when he may).
  std::string refusal(int seat, const OMove& m) const {
    Board after = board_;
    apply(after, m);
    if (in_check(after, seat)) return "own king attacked";
    for (int p : protected_kings(seat)) {
      if (in_check(board_, p) || !in_check(after, p))
        continue;  // "exposes": attacked after, not before
      if (suzerain_[p] >= 0 && suzerain_[p] != seat && ally_[seat] == suzerain_[p])
        return std::string("exposes the king of his ally's vassal ") + kAvNames[p];
      return std::string("exposes the king of ") + kAvNames[p];
    }
    return "";
  }

  // Rule 5: a stalemated player places a new piece of his own (not a king;
  // a pawn not on its last rank) on any empty square.
  std::vector<OMove> placements(int seat) const {
    std::vector<OMove> out;
    for (int sq : board_.squares()) {
      if (!board_.at(sq).empty()) continue;
      for (char k : {'Q', 'R', 'B', 'N', 'P'}) {
        if (k == 'P' && rules_.geo[seat].promotes_on(sq)) continue;
        OMove m;
        m.seat = seat;
        m.to = sq;
        m.placed = k;
        out.push_back(m);
      }
    }
    return out;
  }

  // What the seat may play now: his legal moves, or the placement when he
  // has none and is not in check; narrowed by the vassal's duty (RULINGS
  // 003: a vassal whose suzerain is in check must end that check if he can).
  std::vector<OMove> moves(int seat) const {
    std::vector<OMove> list = legal(seat);
    if (list.empty() && !in_check(board_, seat)) list = placements(seat);
    int sz = suzerain_[seat];
    if (sz >= 0 && in_check(board_, sz)) {
      std::vector<OMove> duty;
      for (const OMove& m : list) {
        Board after = board_;
        apply(after, m);
        if (!in_check(after, sz)) duty.push_back(m);
      }
      if (!duty.empty()) list = duty;
    }
    return list;
  }

  int next_in_game(int s) const {
    for (int i = 1; i <= 4; ++i)
      if (in_game_[(s + i) % 4]) return (s + i) % 4;
    return s;
  }

  // ---- mate and its consequences (rule 3) ----
  // The mater: the seat whose piece gives the check; with several, the one
  // who moved most recently.
  int mater_of(int victim) {
    int k = board_.king_of(victim);
    int checkers = 0;
    bool last_checks = false;
    for (int s = 0; s < 4; ++s) {
      if (s == victim || !in_game_[s] || friends(s, victim)) continue;
      bool checks = false;
      for (int sq : board_.squares())
        checks |=
            board_.at(sq).seat == s && !board_.at(sq).empty() && attacks(board_, sq, k, rules_.geo);
      checkers += checks;
      last_checks |= checks && s == last_mover_;
    }
    if (checkers > 1 && !last_checks) note_ = "several checkers, the last mover none of them";
    for (int back = 0; back < 4; ++back) {
      int s = (last_mover_ - back + 8) % 4;
      if (s == victim || !in_game_[s] || friends(s, victim)) continue;
      for (int sq : board_.squares())
        if (board_.at(sq).seat == s && !board_.at(sq).empty() && attacks(board_, sq, k, rules_.geo))
          return s;
    }
    return -1;
  }

  void remove(int s) {
    for (int sq : board_.squares())
      if (board_.at(sq).seat == s) board_.at(sq) = {};
    in_game_[s] = false;
    // His ally loses him; his vassals are freed (with no allies).
    if (ally_[s] >= 0) ally_[ally_[s]] = -1;
    ally_[s] = -1;
    suzerain_[s] = -1;
    for (int v = 0; v < 4; ++v)
      if (suzerain_[v] == s) suzerain_[v] = -1;
  }

  // RULINGS 003: after every change of relations, a player whose king is
  // attacked by a new opponent has all his pieces removed. Everyone so
  // attacked goes at once; their removal changes relations again.
  void remove_attacked_by_new_opponents(Matrix before) {
    for (;;) {
      end_alliances_without_opponents();
      Matrix now = friendship();
      std::vector<int> gone;
      for (int p = 0; p < 4; ++p) {
        if (!in_game_[p]) continue;
        int k = board_.king_of(p);
        for (int sq : board_.squares()) {
          const Man& m = board_.at(sq);
          if (m.empty() || m.seat == p || !in_game_[m.seat]) continue;
          if (before[p][m.seat] && !now[p][m.seat] && attacks(board_, sq, k, rules_.geo)) {
            gone.push_back(p);
            break;
          }
        }
      }
      if (gone.empty()) return;
      if (gone.size() > 1) note_ = "several removed at once by new opponents";
      before = now;
      for (int p : gone) remove(p);
    }
  }

  // Rule 2: "Alliances end at the moment ... the last of the opponents is
  // mated": when no opponent of an allied pair is left in the game, however
  // the last one left (a mate, or a removal that a mate caused), since the
  // game must go on "until only one suzerain is left at the table".
  void end_alliances_without_opponents() {
    for (int a = 0; a < 4; ++a) {
      if (!in_game_[a] || ally_[a] < 0) continue;
      bool any_opponent = false;
      for (int p = 0; p < 4; ++p) any_opponent |= in_game_[p] && !friends(a, p);
      if (!any_opponent)
        for (int p = 0; p < 4; ++p) ally_[p] = -1;
    }
  }

  void mate(int victim, int mater) {
    Matrix before = friendship();
    if (tokens_[victim] == 0) {
      // Rule 3: with no tokens left, all his pieces are removed.
      remove(victim);
    } else {
      int pay = (tokens_[victim] + 1) / 2;  // "at least half": 3 -> 2, 1 -> 1
      tokens_[victim] -= pay;
      tokens_[mater] += pay;
      // Rule 2: the alliance ends when the ally is mated.
      if (ally_[victim] >= 0) ally_[ally_[victim]] = -1;
      ally_[victim] = -1;
      // Rule 3: his own vassals are freed when he is mated; the mater, if a
      // vassal, is freed by gaining a vassal.
      for (int v = 0; v < 4; ++v)
        if (suzerain_[v] == victim) suzerain_[v] = -1;
      suzerain_[mater] = -1;
      suzerain_[victim] = mater;
    }
    remove_attacked_by_new_opponents(before);
  }

  // Rule 2: the game goes on until one suzerain is left, with or without vassals.
  bool check_end() {
    int free_seat = -1, free_count = 0;
    for (int p = 0; p < 4; ++p)
      if (in_game_[p] && suzerain_[p] < 0) ++free_count, free_seat = p;
    if (free_count > 1) return false;
    over_ = true;
    // Rule 1: most tokens wins; VARIANTS.md: on a tie the sole suzerain first.
    winner_ = free_seat;
    for (int p = 0; p < 4; ++p)
      if (tokens_[p] > tokens_[winner_]) winner_ = p;
    return true;
  }

  // Mate is judged at the start of the mated player's turn.
  void start_of_turn() {
    for (int guard = 0; guard < 16; ++guard) {
      int s = to_move_;
      if (!in_game_[s]) {
        to_move_ = next_in_game(s);
        continue;
      }
      if (!(in_check(board_, s) && legal(s).empty())) return;
      mate(s, mater_of(s));
      if (check_end()) return;
    }
  }

  Board board_;
  MoveRules rules_;
  bool in_game_[4] = {true, true, true, true};
  int tokens_[4] = {4, 4, 4, 4};
  int suzerain_[4] = {-1, -1, -1, -1};
  int ally_[4] = {-1, -1, -1, -1};
  int last_mover_ = 3;
  int to_move_ = 0;
  bool over_ = false;
  int winner_ = -1;
  std::string note_;                 // what the last move caused that a report may need
  std::map<std::string, int> seen_;  // positions after each move, for the repetition rule
};

}  // namespace

std::unique_ptr<Oracle> make_allies_vassals() {
  return std::make_unique<AlliesVassals>();
}

}  // namespace tabula::oracle
