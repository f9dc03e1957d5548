// four_kingdoms_oracle.cpp — sheet 002 (Four Kingdoms) as an oracle, from
// the sheet (TRANSLATIONS.md) and RULINGS 002 alone.
//
// Seats in turn order: Red south, Blue east, Yellow north, Green west (rule 1:
// counter-clockwise, Red first). 14x14 with 3x3 corners cut.
#include "oracles.h"

#include <algorithm>

namespace tabula::oracle {
namespace {

const char* kKingdomsNames[4] = {"Red", "Blue", "Yellow", "Green"};
const Edge kKingdomsEdges[4] = {Edge::kSouth, Edge::kEast, Edge::kNorth, Edge::kWest};

class FourKingdoms : public Oracle {
 public:
  FourKingdoms() : board_(cross_board(14, 3)) {
    // RULINGS 002: R N B Q K B N R from each seat's own left.
    for (int s = 0; s < 4; ++s) setup_seat(board_, s, kKingdomsEdges[s], 3, "RNBQKBNR");
    // 002 rule 5: pawns promote on the 8th rank counted from their own edge.
    for (int s = 0; s < 4; ++s) rules_.geo.push_back(pawn_geometry(board_, kKingdomsEdges[s], 2, 8));
    // 002 rule 6: the pieces of a mated player stay; any player may take them.
    rules_.may_capture = [](const Man& mover, const Man& victim) {
      return victim.seat != mover.seat;
    };
    rules_.promotion_choices = {'Q'};  // rule 5: to a queen
    // rule 2: no en passant (ep_victim stays null).
  }

  std::set<std::string> legal_moves() const override {
    if (over_) return {};
    return move_texts(board_, legal(board_, to_move_));
  }

  bool play(const std::string& text) override {
    if (over_) return false;
    const int mover = to_move_;
    OMove chosen;
    if (!find_move(board_, legal(board_, mover), text, chosen)) return false;
    Man captured = apply(board_, chosen);
    // Rule 3: points for a capture; rule 6: a mated player's pieces score
    // nothing; rule 7: a resigned player's pieces score nothing, his king 20.
    if (!captured.empty() && plays(captured.seat)) {
      if (live(captured.seat) || captured.kind == 'K') add_points(mover, value(captured));
      // RULINGS 002: a king can be captured; his player leaves, his pieces
      // dead, as after a mate (Tabula words both "checkmated").
      if (captured.kind == 'K') status_[captured.seat] = Status::kMated;
    }
    // Rule 4: mate is tested after every move for every live player, and the
    // 20 points go to the mover. Every mate is judged on the position the
    // move left, before anyone leaves (issue 15 item 6).
    std::vector<int> mated;
    for (int s = 0; s < 4; ++s)
      if (s != mover && plays(s) && in_check(board_, s) && legal(board_, s).empty())
        mated.push_back(s);
    for (int s : mated) {
      status_[s] = Status::kMated;
      add_points(mover, 20);  // rule 7: mating a random mover's king is worth 20 too
    }
    if (mated.size() > 1)
      note_ = "one move mated several players";
    else
      note_.clear();
    advance(mover);
    return true;
  }

  // Rule 7: "When a player resigns ..., his pieces start making random
  // moves"; rule 10: his points are frozen.
  bool resign(const std::string& seat) override {
    for (int s = 0; s < 4; ++s)
      if (seat == kKingdomsNames[s] && live(s) && !over_) {
        status_[s] = Status::kResigned;
        note_.clear();
        if (!check_survivor()) {
          // His turn goes on: the random mover plays it (or he is stalemated).
          if (to_move_ == s) advance((s + 3) % 4);
        }
        return true;
      }
    return false;
  }

  std::string move_kind(const std::string& text) const override {
    OMove m;
    if (over_ || !find_move(board_, legal(board_, to_move_), text, m)) return "";
    return board_.at(m.to).kind == 'K' ? "king capture" : "";
  }

  bool load(const std::string& fen4) override {
    Fen4 f;
    if (!read_fen4(fen4, "rbyg", board_, f)) return false;
    for (int s = 0; s < 4; ++s) {
      status_[s] = f.out[s] ? Status::kMated : Status::kLive;
      points_[s] = f.points[s];
    }
    to_move_ = f.to_move;
    over_ = false;
    advance((to_move_ + 3) % 4);  // the start-of-turn rulings of the seat to move
    return true;
  }

  Summary summary() const override {
    Summary out = seats_summary(kKingdomsNames, status_, to_move_, over_);
    for (int s = 0; s < 4; ++s) out.seats[s].points = points_[s];
    if (over_) {
      // Rule 11: most points; on equal points the later mover (G, Y, B, R).
      int best = 0;
      for (int s = 1; s < 4; ++s)
        if (points_[s] >= points_[best]) best = s;
      out.winners = {kKingdomsNames[best]};
    }
    if (!note_.empty()) out.notes.push_back(note_);
    return out;
  }

  std::string square_name(int file, int rank) const override {
    return board_.name(board_.square(file, rank));
  }
  std::string describe() const override { return board_text(board_, {"r", "b", "y", "g"}); }

 private:
  bool live(int s) const { return status_[s] == Status::kLive; }
  // Takes turns and his pieces are alive: live, or resigned (a random mover).
  bool plays(int s) const { return live(s) || status_[s] == Status::kResigned; }
  // Rule 10: a resigned player's points are frozen.
  void add_points(int s, int n) {
    if (live(s)) points_[s] += n;
  }

  // Rule 8: when only one player who has not resigned is left, he gets 20
  // for every king still on the board that was not mated or captured (the
  // random movers' kings), and the game ends. With none left it ends too.
  bool check_survivor() {
    int alive = 0, last = -1;
    for (int i = 0; i < 4; ++i)
      if (live(i)) ++alive, last = i;
    if (alive > 1) return false;
    if (last >= 0)
      for (int i = 0; i < 4; ++i)
        if (status_[i] == Status::kResigned) points_[last] += 20;
    over_ = true;
    return true;
  }

  // Rule 3 and rule 5: pawn 1, knight 3, bishop 5, rook 5, queen 9 (a
  // promoted queen 1), king 20.
  static int value(const Man& m) {
    switch (m.kind) {
      case 'P':
        return 1;
      case 'N':
        return 3;
      case 'B':
        return 5;
      case 'R':
        return 5;
      case 'Q':
        return m.promoted ? 1 : 9;
      case 'K':
        return 20;
    }
    return 0;
  }

  // A live piece of another seat attacks the square (dead pieces give no check).
  bool attacked(const Board& b, int sq, int seat, int also_dead = -1) const {
    return attacked_by(b, sq, rules_.geo, [&](const Man& m) {
      return m.seat != seat && plays(m.seat) && m.seat != also_dead;
    });
  }
  bool in_check(const Board& b, int seat) const {
    int k = b.king_of(seat);
    return k >= 0 && attacked(b, k, seat);
  }

  std::vector<OMove> legal(const Board& b, int seat) const {
    std::vector<OMove> pseudo =
        seat_moves(b, seat, rules_, [&](int sq) { return attacked(b, sq, seat); });
    std::vector<OMove> out;
    for (const OMove& m : pseudo) {
      Board after = b;
      Man captured = apply(after, m);
      // A captured king's player leaves: his pieces no longer attack (item 7).
      int gone =
          (!captured.empty() && captured.kind == 'K' && plays(captured.seat)) ? captured.seat : -1;
      int k = after.king_of(seat);
      if (k >= 0 && attacked(after, k, seat, gone)) continue;
      out.push_back(m);
    }
    return out;
  }

  void advance(int mover) {
    int s = mover;
    for (;;) {
      // RULINGS 002: the game ends when one player is left (rule 8).
      if (check_survivor()) return;
      s = (s + 1) % 4;
      if (!plays(s)) continue;
      // Rule 9: stalemate at the start of the turn: 20 points, and he leaves.
      if (!in_check(board_, s) && legal(board_, s).empty()) {
        add_points(s, 20);  // before he leaves: a random mover's points stay frozen
        status_[s] = Status::kStalemated;
        continue;
      }
      to_move_ = s;
      return;
    }
  }

  Board board_;
  MoveRules rules_;
  Status status_[4] = {};
  int points_[4] = {};
  int to_move_ = 0;
  bool over_ = false;
  std::string note_;  // what the last move did that a report may need
};

}  // namespace

std::unique_ptr<Oracle> make_four_kingdoms() {
  return std::make_unique<FourKingdoms>();
}

}  // namespace tabula::oracle
