// chess_four_oracle.cpp — sheet 001 (Chess Four, 2 v 2) as an oracle, from
// the sheet and RULINGS 001 alone.
//
// Seats in turn order (rule 7): White south, Black north, Yellow east, Dark
// Brown west. Teams (rule 4): light White + Yellow, dark Black + Dark Brown.
// 12x12 with the four 2x2 corners absent.
#include "oracles.h"

namespace tabula::oracle {
namespace {

const char* kChessFourNames[4] = {"White", "Black", "Yellow", "Dark Brown"};
const Edge kChessFourEdges[4] = {Edge::kSouth, Edge::kNorth, Edge::kEast, Edge::kWest};
int team(int seat) {
  return seat % 2;
}  // White, Yellow 0; Black, Dark Brown 1
int facing(int seat) {
  return seat ^ 1;
}  // rule 11: White-Black, Yellow-Dark Brown

class ChessFour : public Oracle {
 public:
  ChessFour() : board_(cross_board(12, 2)) {
    for (int s = 0; s < 4; ++s) {
      // Rule 5: as in a two-man game from the seat's own left; rule 6: a king
      // on a dark square (a1 is dark) swaps with his queen.
      setup_seat(board_, s, kChessFourEdges[s], 2, "RNBQKBNR");
      int k = seat_square(board_, kChessFourEdges[s], 1, 7), q = seat_square(board_, kChessFourEdges[s], 1, 6);
      bool dark = (board_.file_of(k) + board_.rank_of(k)) % 2 == 0;
      if (dark) std::swap(board_.at(k), board_.at(q));
    }
    // Rule 3 ("all normal rules of chess"), VARIANTS.md: promotion on the far edge.
    for (int s = 0; s < 4; ++s) rules_.geo.push_back(pawn_geometry(board_, kChessFourEdges[s], 2, 12));
    // Rules 1, 4 and 8: only the other team's pieces are taken, a mated
    // player's too; a king is never taken (normal chess).
    rules_.may_capture = [this](const Man& mover, const Man& victim) {
      if (team(victim.seat) == team(mover.seat)) return false;
      return victim.kind != 'K' || (kFrozenKingCapturable && !live(victim.seat));
    };
    rules_.promotion_choices = {'Q', 'R', 'B', 'N'};
    // Rule 11: en passant only by the facing seat, on his next turn.
    rules_.ep_victim = [this](const Board& b, int seat, int target) {
      const Ep& e = ep_[facing(seat)];
      if (e.target != target) return -1;
      const Man& v = b.at(e.victim);
      return (v.kind == 'P' && v.seat == facing(seat)) ? e.victim : -1;
    };
    start_of_turn();
  }

  std::set<std::string> legal_moves() const override {
    if (over_) return {};
    return move_texts(board_, legal(board_, to_move_));
  }

  bool play(const std::string& text) override {
    if (over_) return false;
    const int mover = to_move_;
    {
      OMove chosen;
      if (!find_move(board_, legal(board_, mover), text, chosen)) return false;
      apply(board_, chosen);
      ep_[mover] = {};
      if (chosen.double_step) {
        int ff = rules_.geo[mover].forward_file, fr = rules_.geo[mover].forward_rank;
        ep_[mover] = {
            board_.square(board_.file_of(chosen.from) + ff, board_.rank_of(chosen.from) + fr),
            chosen.to};
      }
    }
    // The facing player's window closes with his own move (rule 11).
    ep_[facing(mover)] = {};
    to_move_ = next_live(mover);
    start_of_turn();
    return true;
  }

  bool load(const std::string& fen4) override {
    Fen4 f;
    if (!read_fen4(fen4, "wbyn", board_, f)) return false;
    for (int s = 0; s < 4; ++s) status_[s] = f.out[s] ? Status::kMated : Status::kLive;
    to_move_ = f.to_move;
    over_ = false;
    start_of_turn();
    return true;
  }

  Summary summary() const override {
    Summary out = seats_summary(kChessFourNames, status_, to_move_, over_);
    out.winners = winners_;
    return out;
  }

  bool resign(const std::string& seat) override {
    for (int s = 0; s < 4; ++s)
      if (seat == kChessFourNames[s] && live(s) && !over_) {
        status_[s] = Status::kResigned;
        if (team_beaten(s)) return true;
        if (to_move_ == s) {
          to_move_ = next_live(s);
          start_of_turn();
        }
        return true;
      }
    return false;
  }

  std::string move_kind(const std::string& text) const override {
    OMove m;
    if (over_ || !find_move(board_, legal(board_, to_move_), text, m)) return "";
    return m.en_passant ? "en passant" : m.castle ? "castle" : "";
  }

  std::string square_name(int file, int rank) const override {
    return board_.name(board_.square(file, rank));
  }
  std::string describe() const override { return board_text(board_, {"w", "b", "y", "n"}); }

 private:
  // Issue 15 item 17 leaves open whether a frozen king may be taken; the
  // oracle reads rule 8 ("can be taken by the other team") as all pieces but
  // the king (normal chess: a king is never taken).
  static constexpr bool kFrozenKingCapturable = false;

  struct Ep {
    int target = -1;  // the square the pawn crossed
    int victim = -1;  // where it stands
  };

  bool live(int s) const { return status_[s] == Status::kLive; }

  // RULINGS 001: teammates never check each other; a mated player's pieces
  // give no check.
  bool attacked(const Board& b, int sq, int seat) const {
    return attacked_by(b, sq, rules_.geo,
                       [&](const Man& m) { return team(m.seat) != team(seat) && live(m.seat); });
  }
  bool in_check(const Board& b, int seat) const {
    int k = b.king_of(seat);
    return k >= 0 && attacked(b, k, seat);
  }

  std::vector<OMove> legal(const Board& b, int seat) const {
    // Rule 8: a mated player's pieces cannot be moved, by anyone.
    std::vector<OMove> pseudo =
        seat_moves(b, seat, rules_, [&](int sq) { return attacked(b, sq, seat); });
    std::vector<OMove> out;
    for (const OMove& m : pseudo) {
      Board after = b;
      apply(after, m);
      if (!in_check(after, seat)) out.push_back(m);  // a teammate's king may be exposed
    }
    return out;
  }

  int next_live(int s) const {
    for (int i = 1; i <= 4; ++i)
      if (live((s + i) % 4)) return (s + i) % 4;
    return s;
  }

  // Rule 10: mate is judged at the start of the player's own turn. RULINGS
  // 001 judgement call: a player with no legal move, not in check, passes;
  // the oracle passes for him at once (his turn is skipped, as Tabula does).
  // RULINGS 001: the game ends when both players of a team are mated (or,
  // VARIANTS.md, have resigned: a resigning player freezes like a mated one).
  bool team_beaten(int s) {
    if (live(s) || live(s ^ 2)) return false;
    over_ = true;
    int w = team(s) == 0 ? 1 : 0;
    winners_ = {kChessFourNames[w], kChessFourNames[w + 2]};
    return true;
  }

  void start_of_turn() {
    for (int passes = 0; passes < 4;) {
      int s = to_move_;
      if (!legal(board_, s).empty()) return;
      if (in_check(board_, s)) {
        status_[s] = Status::kMated;
        if (team_beaten(s)) return;
      } else {
        ++passes;
        ep_[facing(s)] = {};  // his (empty) turn closes the facing window too
      }
      to_move_ = next_live(s);
    }
  }

  Board board_;
  MoveRules rules_;
  Status status_[4] = {};
  Ep ep_[4];  // per seat: his last double step, open to the facing seat
  int to_move_ = 0;
  bool over_ = false;
  std::set<std::string> winners_;
};

}  // namespace

std::unique_ptr<Oracle> make_chess_four() {
  return std::make_unique<ChessFour>();
}

}  // namespace tabula::oracle
