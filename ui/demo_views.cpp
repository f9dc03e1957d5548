// Built-in demo snapshots (see the list in the header).
#include "ui/demo_views.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <string>

namespace tabula::ui {
namespace {

using std::chrono::milliseconds;
using namespace std::chrono_literals;

// ------------------------------------------------------------- builders

KioskView make_view(std::string title, BoardView board, std::vector<SeatView> seats) {
  KioskView view;
  view.title = std::move(title);
  view.board = std::move(board);
  view.pieces.resize(view.board.cells.size());
  view.seats = std::move(seats);
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    view.moves.columns.push_back(SeatIndex{i});
  }
  view.to_move = SeatIndex{0};
  view.variants = {
      {"chess", "Chess"},
      {"chess-four", "Chess Four (2 v 2)"},
      {"four-kingdoms", "Four Kingdoms (points)"},
      {"allies-vassals", "Allies and Vassals (tokens)"},
      {"corners-short", "Corner squares, short"},
      {"corners-long", "Corner squares, long"},
      {"corners-mini", "Corner squares, mini"},
      {"bipartite", "Bipartite"},
      {"chesscom-ffa", "Four-player, free for all"},
      {"chesscom-teams", "Four-player, teams"},
  };
  return view;
}

/// Puts `letters` (K Q R B N P, '.' to skip a cell) for `seat` on the cells
/// from `start` stepping (dfile, drank).
void place_line(KioskView& view, SeatIndex seat, Cell start, int dfile, int drank,
                std::string_view letters) {
  Cell cell = start;
  for (const char letter : letters) {
    if (const auto glyph = chess_letter(letter)) view.piece_at(cell) = PieceView{*glyph, seat};
    cell.file += dfile;
    cell.rank += drank;
  }
}

void put(KioskView& view, SeatIndex seat, std::string_view placements,
         PieceLife life = PieceLife::kLive) {
  // "Ra4 Ka7 b5": letter (absent for a pawn) then square name.
  std::size_t pos = 0;
  while (pos < placements.size()) {
    const std::size_t end = std::min(placements.find(' ', pos), placements.size());
    std::string_view token = placements.substr(pos, end - pos);
    pos = end + 1;
    if (token.empty()) continue;
    PieceGlyph glyph = PieceGlyph::kPawn;
    if (std::isupper(static_cast<unsigned char>(token[0]))) {
      glyph = chess_letter(token[0]).value_or(PieceGlyph::kPawn);
      token.remove_prefix(1);
    }
    if (const auto cell = parse_cell_name(token)) {
      view.piece_at(*cell) = PieceView{glyph, seat, life};
    }
  }
}

ClockView all_clocks(std::size_t seats, milliseconds each, std::string control,
                     std::optional<SeatIndex> running) {
  ClockView clocks;
  clocks.enabled = true;
  clocks.remaining.assign(seats, each);
  clocks.running = running;
  clocks.control_text = std::move(control);
  return clocks;
}

std::vector<SeatView> four_player_seats() {
  return {
      {"Red", kRed, Edge::kSouth, SeatStatus::kLive, 0, ""},
      {"Blue", kBlue, Edge::kWest, SeatStatus::kLive, 0, ""},
      {"Yellow", kYellow, Edge::kNorth, SeatStatus::kLive, 0, ""},
      {"Green", kGreen, Edge::kEast, SeatStatus::kLive, 0, ""},
  };
}

BoardView cross_board(int side, int corner) {
  BoardView board = make_rect_board(side, side);
  cut_corners(board, corner);
  return board;
}

// ---------------------------------------------------------------- demos

KioskView chess_demo() {
  KioskView view = make_view("Chess", make_rect_board(8, 8),
                             {{"White", kWhite, Edge::kSouth, SeatStatus::kLive, 0, ""},
                              {"Black", kBlack, Edge::kNorth, SeatStatus::kLive, 0, ""}});
  view.subtitle = "FIDE rules \xC2\xB7 move 1";
  place_rows(view, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", SeatIndex{0}, SeatIndex{1},
             chess_letter);
  view.ruling = RulingView{Severity::kInfo, "The board is set up. White to move."};
  view.clocks = all_clocks(2, 15min, "15 min + 10 s", SeatIndex{0});
  return view;
}

/// chess.com four-player start: Red south (K h1, Q g1), Blue west (K a7,
/// Q a8), Yellow north (K g14, Q h14), Green east (K n8, Q n7).
void four_player_start(KioskView& view) {
  place_line(view, SeatIndex{0}, {3, 0}, 1, 0, "RNBQKBNR");
  place_line(view, SeatIndex{0}, {3, 1}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{1}, {0, 3}, 0, 1, "RNBKQBNR");
  place_line(view, SeatIndex{1}, {1, 3}, 0, 1, "PPPPPPPP");
  place_line(view, SeatIndex{2}, {3, 13}, 1, 0, "RNBKQBNR");
  place_line(view, SeatIndex{2}, {3, 12}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{3}, {13, 3}, 0, 1, "RNBQKBNR");
  place_line(view, SeatIndex{3}, {12, 3}, 0, 1, "PPPPPPPP");
}

KioskView four_player_demo() {
  KioskView view = make_view("Four-player chess", cross_board(14, 3), four_player_seats());
  view.subtitle = "Free for all \xC2\xB7 round 1";
  view.ledger = LedgerKind::kPoints;
  four_player_start(view);
  view.teaching.lifted_from = Cell{9, 0};  // Nj1
  view.teaching.destinations = {Cell{8, 2}, Cell{10, 2}};
  view.ruling = RulingView{Severity::kInfo, "Teaching mode: the knight on j1 may go to i3 or k3."};
  view.ruling_history = {{Severity::kInfo, "New game: four-player chess, free for all."},
                         {Severity::kInfo, "The board is set up. Red to move."}};
  view.clocks = all_clocks(4, 10min, "10 min + 5 s", SeatIndex{0});
  return view;
}

/// 001: back ranks R N B Q K B N R from each seat's own left, then rule 6
/// swaps king and queen where the king would stand on a dark square.
KioskView chess_four_demo() {
  KioskView view =
      make_view("Chess Four", cross_board(12, 2),
                {{"White", kWhite, Edge::kSouth, SeatStatus::kLive, 0, "team Light"},
                 {"Black", kBlack, Edge::kNorth, SeatStatus::kLive, 0, "team Dark"},
                 {"Yellow", kYellow, Edge::kEast, SeatStatus::kLive, 0, "team Light"},
                 {"Dark Brown", kDarkBrown, Edge::kWest, SeatStatus::kLive, 0, "team Dark"}});
  view.subtitle = "Two against two \xC2\xB7 round 1";
  place_line(view, SeatIndex{0}, {2, 0}, 1, 0, "RNBKQBNR");  // K f1 (light)
  place_line(view, SeatIndex{0}, {2, 1}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{1}, {2, 11}, 1, 0, "RNBQKBNR");  // K g12 (light)
  place_line(view, SeatIndex{1}, {2, 10}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{2}, {11, 2}, 0, 1, "RNBQKBNR");  // K l7 (light)
  place_line(view, SeatIndex{2}, {10, 2}, 0, 1, "PPPPPPPP");
  place_line(view, SeatIndex{3}, {0, 2}, 0, 1, "RNBKQBNR");  // K a6 (light)
  place_line(view, SeatIndex{3}, {1, 2}, 0, 1, "PPPPPPPP");
  view.ruling = RulingView{Severity::kInfo,
                           "White to move. Light (White, Yellow) against "
                           "Dark (Black, Dark Brown)."};
  view.clocks = all_clocks(4, 20min, "20 min, Bronstein 5 s", std::nullopt);
  return view;
}

/// 000: 12x12 whose 2x2 corners are single large squares.
KioskView corners_demo() {
  BoardView board = make_rect_board(12, 12);
  merge_corners(board, 2);
  KioskView view = make_view("Corner squares", std::move(board),
                             {{"White", kWhite, Edge::kSouth, SeatStatus::kLive, 0, "target: Grey"},
                              {"Grey", kGrey, Edge::kWest, SeatStatus::kLive, 0, "target: Black"},
                              {"Black", kBlack, Edge::kNorth, SeatStatus::kLive, 0, "target: Pink"},
                              {"Pink", kPink, Edge::kEast, SeatStatus::kLive, 0, "target: White"}});
  view.subtitle = "Short game \xC2\xB7 round 1";
  place_line(view, SeatIndex{0}, {2, 0}, 1, 0, "RNBQKBNR");
  place_line(view, SeatIndex{0}, {2, 1}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{1}, {0, 2}, 0, 1, "RNBKQBNR");
  place_line(view, SeatIndex{1}, {1, 2}, 0, 1, "PPPPPPPP");
  place_line(view, SeatIndex{2}, {2, 11}, 1, 0, "RNBKQBNR");
  place_line(view, SeatIndex{2}, {2, 10}, 1, 0, "PPPPPPPP");
  place_line(view, SeatIndex{3}, {11, 2}, 0, 1, "RNBQKBNR");
  place_line(view, SeatIndex{3}, {10, 2}, 0, 1, "PPPPPPPP");
  view.ruling =
      RulingView{Severity::kInfo, "White to move. Each player's target is the player on his left."};
  view.clocks = all_clocks(4, 30min, "30 min, delay 5 s", std::nullopt);
  return view;
}

/// 004 stage two, as set up on the sheet: Black (north) moves first.
KioskView bipartite_demo() {
  KioskView view =
      make_view("Bipartite", make_rect_board(5, 9),
                {{"Black", kBlack, Edge::kNorth, SeatStatus::kLive, 0, "won stage one"},
                 {"White", kWhite, Edge::kSouth, SeatStatus::kLive, 0, ""}});
  view.subtitle = "Stage two \xC2\xB7 move 1";
  view.orientation = SeatIndex{1};
  view.moves.columns = {SeatIndex{0}, SeatIndex{1}};
  place_rows(view, "dbkgc/smmms/5/5/*3*/5/5/SMMMS/CGKRD", SeatIndex{1}, SeatIndex{0},
             bipartite_letter);
  view.ruling = RulingView{Severity::kInfo, "Stage two is set up and checked. Black to move."};
  view.ruling_history = {{Severity::kInfo, "Black fills White's home rows and wins stage one."},
                         {Severity::kInfo, "Black chooses the diagonal power piece (B3)."}};
  view.clocks = all_clocks(2, 10min, "10 min + 5 s", SeatIndex{0});
  return view;
}

/// A four-player game in its ninth round: Red's pawn has just reached h8,
/// discovering the queen's check on the Blue king, and Red is choosing the
/// promotion piece, while Blue has moved his king out of turn.
KioskView check_demo() {
  KioskView view = make_view("Four-player chess", cross_board(14, 3), four_player_seats());
  view.subtitle = "Free for all \xC2\xB7 round 9";
  view.ledger = LedgerKind::kPoints;
  put(view, SeatIndex{0}, "Rd1 Ne1 Bf1 Kh1 Bi1 Nj1 Rk1 d2 e2 f2 g3 i2 j2 k2 Qi7 h8");
  put(view, SeatIndex{1}, "Ra4 Nc4 Ba6 Ka7 Qd10 Ba9 Na10 Ra11 b4 b6 b8 c9 b10 b11");
  put(view, SeatIndex{1}, "Qh5");
  view.piece_at(Cell{7, 4})->promoted = true;  // Blue's pawn b5 promoted on h5
  put(view, SeatIndex{2},
      "Rd14 Ne14 Bf14 Kg14 Bi14 Ni12 Rk14 Qf10 d13 e13 f11 g13 h12 i13 j13 k13");
  put(view, SeatIndex{3}, "Rn4 Nn5 Bn6 Kn8 Bn9 Nn10 Rn11 m4 m5 k6 m7 m8 l9 m10 m11",
      PieceLife::kDead);
  view.seats[0].score = 31;
  view.seats[1].score = 18;
  view.seats[2].score = 12;
  view.seats[3].score = 6;
  view.seats[3].status = SeatStatus::kMated;
  view.seats[3].relation = "out: pieces dead";
  view.to_move = SeatIndex{0};
  view.last_move = LastMove{Cell{7, 6}, Cell{7, 7}};  // h7-h8
  view.checks = {CheckView{Cell{0, 6}, {Cell{8, 6}}, "Blue is in check from the Red queen on i7"}};
  view.fixes = {FixSquare{Cell{0, 6}, FixAction::kPutPiece},
                FixSquare{Cell{1, 6}, FixAction::kRemovePiece}};
  view.ruling = RulingView{Severity::kIllegal,
                           "Not Blue's turn: Red is choosing a promotion piece. "
                           "Put the Blue king back on a7."};
  view.ruling_history = {
      {Severity::kInfo,
       "Red Qi3-i7 checkmates Green: +20 Red. Green's pieces stay as dead pieces."},
      {Severity::kInfo, "Blue b5-h5 promotes to a queen (worth 1 point)."},
      {Severity::kWarning, "Yellow's clock is under 10 seconds."},
      {Severity::kInfo, "Red h7-h8 discovers check on Blue from the queen on i7."},
  };
  view.moves.rounds = {
      {1, {"h2-h3", "b7-c7", "h13-h12", "m9-l9"}},
      {2, {"g2-g3", "Na5-c4", "Nj14-i12", "m6-k6"}},
      {3, {"Qg1-i3", "c7-d7", "f13-f11", "Qn7-k4"}},
      {4, {"h3-h4", "b5-c5", "Qh14-f12", "Qk4xd7"}},
      {5, {"h4-h5", "c5-d5", "Qf12-f10", "Qd7-d8"}},
      {6, {"h5-h6", "d5-e5", "Qf10xd8", "Rn11-m11"}},
      {7, {"Qi3-i7#", "e5-g5", "Bf14-e13", ""}},
      {8, {"h6-h7", "g5-h5=Q", "Be13-f14", ""}},
      {9, {"h7-h8", "", "", ""}},
  };
  view.clocks.enabled = true;
  view.clocks.remaining = {3min + 12400ms, 4min + 5s, 8400ms, 2min + 41s};
  view.clocks.running = SeatIndex{0};
  view.clocks.control_text = "5 min + 3 s";
  view.dialog = DialogView{42,
                           DialogKind::kPromotion,
                           SeatIndex{0},
                           "Promotion",
                           "Red's pawn has reached h8. Choose the new piece:",
                           {{"Queen", PieceGlyph::kQueen},
                            {"Rook", PieceGlyph::kRook},
                            {"Bishop", PieceGlyph::kBishop},
                            {"Knight", PieceGlyph::kKnight}}};
  return view;
}

/// Every glyph in light, dark and bright seat colours, plus dead, frozen
/// and promoted pieces: the piece art's own test picture.
KioskView gallery_demo() {
  KioskView view = make_view("Piece gallery", make_rect_board(13, 7),
                             {{"White", kWhite, Edge::kSouth, SeatStatus::kLive, 0, ""},
                              {"Black", kBlack, Edge::kNorth, SeatStatus::kLive, 0, ""},
                              {"Red", kRed, Edge::kWest, SeatStatus::kLive, 0, ""},
                              {"Blue", kBlue, Edge::kEast, SeatStatus::kLive, 0, ""}});
  view.subtitle = "Every glyph, dead, frozen and promoted";
  constexpr int kGlyphs = 13;
  for (int file = 0; file < kGlyphs; ++file) {
    const auto glyph = static_cast<PieceGlyph>(file);
    for (int seat = 0; seat < 4; ++seat) {
      view.piece_at(Cell{file, 6 - seat}) = PieceView{glyph, SeatIndex{seat}};
    }
    view.piece_at(Cell{file, 2}) = PieceView{glyph, SeatIndex{2}, PieceLife::kDead};
    view.piece_at(Cell{file, 1}) = PieceView{glyph, SeatIndex{3}, PieceLife::kFrozen};
    view.piece_at(Cell{file, 0}) = PieceView{glyph, SeatIndex{file % 2}, PieceLife::kLive, true};
  }
  view.ruling = RulingView{Severity::kWarning,
                           "Rows from the top: White, Black, Red, Blue; dead Red; frozen Blue; "
                           "promoted."};
  return view;
}

}  // namespace

std::optional<PieceGlyph> chess_letter(char upper) {
  switch (std::toupper(static_cast<unsigned char>(upper))) {
    case 'K':
      return PieceGlyph::kKing;
    case 'Q':
      return PieceGlyph::kQueen;
    case 'R':
      return PieceGlyph::kRook;
    case 'B':
      return PieceGlyph::kBishop;
    case 'N':
      return PieceGlyph::kKnight;
    case 'P':
      return PieceGlyph::kPawn;
    default:
      return std::nullopt;
  }
}

std::optional<PieceGlyph> bipartite_letter(char upper) {
  switch (std::toupper(static_cast<unsigned char>(upper))) {
    case 'K':
      return PieceGlyph::kKing;
    case 'M':
      return PieceGlyph::kMessenger;
    case 'C':
      return PieceGlyph::kCaptain;
    case 'G':
      return PieceGlyph::kGuard;
    case 'S':
      return PieceGlyph::kSoldier;
    case 'D':
      return PieceGlyph::kSwordsman;
    case 'B':
      return PieceGlyph::kPowerB3;
    case 'R':
      return PieceGlyph::kPowerR3;
    default:
      return std::nullopt;
  }
}

bool place_rows(KioskView& view, std::string_view rows, SeatIndex upper_seat, SeatIndex lower_seat,
                std::optional<PieceGlyph> (*letters)(char)) {
  int rank = view.board.height - 1;
  int file = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const char c = rows[i];
    if (c == '/') {
      if (file != view.board.width) return false;
      --rank;
      file = 0;
      continue;
    }
    if (rank < 0) return false;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int run = c - '0';
      while (i + 1 < rows.size() && std::isdigit(static_cast<unsigned char>(rows[i + 1]))) {
        run = run * 10 + (rows[++i] - '0');
      }
      file += run;
      if (file > view.board.width) return false;
      continue;
    }
    if (file >= view.board.width) return false;
    const Cell cell{file++, rank};
    if (c == '*') {
      view.board.at(cell).kind = CellKind::kHole;
      continue;
    }
    const auto glyph = letters(c);
    if (!glyph) return false;
    const bool upper = std::isupper(static_cast<unsigned char>(c)) != 0;
    view.piece_at(cell) = PieceView{*glyph, upper ? upper_seat : lower_seat};
  }
  return rank == 0 && file == view.board.width;
}

const std::vector<DemoInfo>& demo_list() {
  static const std::vector<DemoInfo> kDemos = {
      {"chess", "FIDE chess, start position (8x8)"},
      {"four-player", "chess.com four-player start (14x14 cross), teaching dots"},
      {"chess-four", "Chess Four start (12x12 cross)"},
      {"corners", "corner-square game start (12x12, 2x2 corner squares)"},
      {"bipartite", "Bipartite stage two (5x9 with holes)"},
      {"check", "four-player game: check, illegal move, promotion dialog"},
      {"gallery", "every piece glyph in four colours, dead, frozen, promoted"},
  };
  return kDemos;
}

std::optional<KioskView> make_demo(std::string_view name) {
  if (name == "chess") return chess_demo();
  if (name == "four-player") return four_player_demo();
  if (name == "chess-four") return chess_four_demo();
  if (name == "corners") return corners_demo();
  if (name == "bipartite") return bipartite_demo();
  if (name == "check") return check_demo();
  if (name == "gallery") return gallery_demo();
  return std::nullopt;
}

}  // namespace tabula::ui
