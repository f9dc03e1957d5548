// KioskView helpers: names, board builders, the consistency check, demos.
#include "ui/view_model.h"

#include <gtest/gtest.h>

#include "ui/scenes.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/fen.h"
#include "core/fen4.h"
#include "ui/session_view.h"
#include "variants/variant_loader.h"

namespace tabula::ui {
namespace {

int count(const BoardView& board, CellKind kind) {
  int n = 0;
  for (const CellView& cell : board.cells) n += cell.kind == kind ? 1 : 0;
  return n;
}

TEST(CellName, NamesFilesFromTheSouthSeatsLeftAndRanksFromTheSouth) {
  EXPECT_EQ(cell_name({0, 0}), "a1");
  EXPECT_EQ(cell_name({13, 13}), "n14");
  EXPECT_EQ(cell_name({15, 15}), "p16");
  EXPECT_EQ(parse_cell_name("h8"), (Cell{7, 7}));
  EXPECT_EQ(parse_cell_name("N14"), (Cell{13, 13}));
}

TEST(CellName, RejectsWhatIsNotASquare) {
  for (const char* bad : {"", "a", "a0", "a17", "q1", "a01", "1a", "a1x"}) {
    EXPECT_FALSE(parse_cell_name(bad)) << bad;
  }
}

TEST(PieceLetter, RoundTripsEveryGlyphIncludingPowerPieces) {
  for (int i = 0; i <= static_cast<int>(PieceGlyph::kPowerR3); ++i) {
    const auto glyph = static_cast<PieceGlyph>(i);
    EXPECT_EQ(parse_piece_letter(piece_letter(glyph)), glyph) << piece_letter(glyph);
  }
  EXPECT_EQ(piece_letter(PieceGlyph::kSwordsman), "D");
  EXPECT_EQ(parse_piece_letter("b3"), PieceGlyph::kPowerB3);
  EXPECT_FALSE(parse_piece_letter("X"));
}

TEST(BoardBuilders, CrossBoardsHaveTheRulingsSquareCounts) {
  BoardView chess_four = make_rect_board(12, 12);
  cut_corners(chess_four, 2);
  EXPECT_EQ(count(chess_four, CellKind::kPlayable), 128);  // RULINGS 001
  BoardView four_kingdoms = make_rect_board(14, 14);
  cut_corners(four_kingdoms, 3);
  EXPECT_EQ(count(four_kingdoms, CellKind::kPlayable), 160);  // RULINGS 002
}

TEST(BoardBuilders, A1IsDark) {
  const BoardView board = make_rect_board(8, 8);
  EXPECT_EQ(board.at({0, 0}).shade, CellShade::kDark);
  EXPECT_EQ(board.at({7, 0}).shade, CellShade::kLight);
  EXPECT_EQ(board.at({7, 7}).shade, CellShade::kDark);
}

TEST(BoardBuilders, MergedCornersAreOneLogicalSquareNamedByTheAnchor) {
  BoardView board = make_rect_board(12, 12);
  merge_corners(board, 2);
  EXPECT_EQ(board.logical_square({1, 1}), (Cell{0, 0}));
  EXPECT_EQ(board.logical_square({11, 11}), (Cell{10, 10}));
  EXPECT_EQ(board.logical_square({10, 1}), (Cell{10, 0}));
  EXPECT_EQ(board.logical_square({5, 5}), (Cell{5, 5}));
  EXPECT_EQ(board.at({1, 1}).shade, board.at({0, 0}).shade);
}

TEST(BoardView, HolesAndOffBoardCellsAreNoSquare) {
  BoardView board = make_rect_board(14, 14);
  cut_corners(board, 3);
  EXPECT_FALSE(board.logical_square({0, 0}));
  EXPECT_FALSE(board.logical_square({2, 13}));
  EXPECT_FALSE(board.logical_square({14, 5}));
  EXPECT_FALSE(board.logical_square({-1, 5}));
  EXPECT_TRUE(board.logical_square({3, 0}));
}

TEST(Validate, EverySceneIsConsistent) {
  for (const SceneInfo& demo : scene_list()) {
    const auto view = make_scene(demo.name);
    ASSERT_TRUE(view) << demo.name;
    const std::vector<std::string> problems = validate(*view);
    EXPECT_TRUE(problems.empty()) << demo.name << ": " << problems.front();
  }
  EXPECT_FALSE(make_scene("no-such-demo"));
  EXPECT_FALSE(make_scene("gallery")) << "retired: a picture no game reaches";
}

TEST(Validate, ReportsAPieceOnAHoleAndABadSeatReadably) {
  KioskView view = *make_scene("four-player");
  view.piece_at({0, 0}) = PieceView{PieceGlyph::kKing, SeatIndex{0}};
  view.piece_at({5, 5}) = PieceView{PieceGlyph::kQueen, SeatIndex{7}};
  const std::vector<std::string> problems = validate(view);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "piece on hole a1");
  EXPECT_EQ(problems[1], "piece on f6 names seat 7 of 4");
}

TEST(Validate, RejectsAPieceOffTheAnchorOfAMergedSquare) {
  KioskView view = *make_scene("corners");
  view.piece_at({1, 1}) = PieceView{PieceGlyph::kKing, SeatIndex{0}};
  const std::vector<std::string> problems = validate(view);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "piece on b2 must stand on its square's anchor a1");
}

TEST(Validate, StopsAtAMisSizedBoard) {
  KioskView view = *make_scene("chess");
  view.pieces.pop_back();
  const std::vector<std::string> problems = validate(view);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "pieces has 63 entries; expected 64");
}

// Session 28: a count of one takes the singular ("1 entries" had been said).
TEST(Validate, ACountOfOneTakesTheSingular) {
  KioskView view = *make_scene("chess");
  view.pieces.resize(1);
  EXPECT_EQ(validate(view), std::vector<std::string>{"pieces has 1 entry; expected 64"});
  view = *make_scene("chess");
  view.board.cells.resize(1);
  EXPECT_EQ(validate(view), std::vector<std::string>{"board has 1 cell; expected 64"});
  view = *make_scene("chess");
  view.seats.resize(1);
  const std::vector<std::string> one_seat = validate(view);
  ASSERT_FALSE(one_seat.empty());
  EXPECT_EQ(one_seat[0], "1 seat; expected 2..4");
  view = *make_scene("chess");
  view.clocks.enabled = true;
  view.clocks.remaining.resize(1);
  const std::vector<std::string> one_clock = validate(view);
  ASSERT_FALSE(one_clock.empty());
  EXPECT_EQ(one_clock.back(), "clocks list 1 seat; expected 2");
}

TEST(Scenes, FourPlayerStartMatchesChessComLayout) {
  const KioskView view = *make_scene("four-player");
  auto at = [&](const char* name) { return view.piece_at(*parse_cell_name(name)); };
  EXPECT_EQ(at("h1"), (PieceView{PieceGlyph::kKing, SeatIndex{0}}));
  EXPECT_EQ(at("g1"), (PieceView{PieceGlyph::kQueen, SeatIndex{0}}));
  EXPECT_EQ(at("a7"), (PieceView{PieceGlyph::kKing, SeatIndex{1}}));
  EXPECT_EQ(at("a8"), (PieceView{PieceGlyph::kQueen, SeatIndex{1}}));
  EXPECT_EQ(at("a4"), (PieceView{PieceGlyph::kRook, SeatIndex{1}}));
  EXPECT_EQ(at("a11"), (PieceView{PieceGlyph::kRook, SeatIndex{1}}));
  EXPECT_EQ(at("g14"), (PieceView{PieceGlyph::kKing, SeatIndex{2}}));
  EXPECT_EQ(at("h14"), (PieceView{PieceGlyph::kQueen, SeatIndex{2}}));
  EXPECT_EQ(at("n8"), (PieceView{PieceGlyph::kKing, SeatIndex{3}}));
  EXPECT_EQ(at("n7"), (PieceView{PieceGlyph::kQueen, SeatIndex{3}}));
  EXPECT_EQ(at("d2"), (PieceView{PieceGlyph::kPawn, SeatIndex{0}}));
  EXPECT_EQ(at("b11"), (PieceView{PieceGlyph::kPawn, SeatIndex{1}}));
  EXPECT_EQ(at("k13"), (PieceView{PieceGlyph::kPawn, SeatIndex{2}}));
  EXPECT_EQ(at("m4"), (PieceView{PieceGlyph::kPawn, SeatIndex{3}}));
}

TEST(Scenes, ChessFourKingsStartOnLightSquares) {
  const KioskView view = *make_scene("chess-four");
  int kings = 0;
  for (int rank = 0; rank < 12; ++rank) {
    for (int file = 0; file < 12; ++file) {
      const auto& piece = view.piece_at({file, rank});
      if (piece && piece->glyph == PieceGlyph::kKing) {
        ++kings;
        EXPECT_EQ(view.board.at({file, rank}).shade, CellShade::kLight) << cell_name({file, rank});
      }
    }
  }
  EXPECT_EQ(kings, 4);
}

TEST(Scenes, BipartiteStageTwoReadsTheSheetRows) {
  const KioskView view = *make_scene("bipartite");
  EXPECT_EQ(view.board.at(*parse_cell_name("a5")).kind, CellKind::kHole);
  EXPECT_EQ(view.board.at(*parse_cell_name("e5")).kind, CellKind::kHole);
  EXPECT_EQ(view.board.at(*parse_cell_name("c5")).kind, CellKind::kPlayable);
  const SeatIndex white{0};  // the variant file's seat order
  const SeatIndex black{1};
  EXPECT_EQ(view.piece_at(*parse_cell_name("a9")), (PieceView{PieceGlyph::kSwordsman, black}));
  EXPECT_EQ(view.piece_at(*parse_cell_name("b9")), (PieceView{PieceGlyph::kPowerB3, black}));
  EXPECT_EQ(view.piece_at(*parse_cell_name("c1")), (PieceView{PieceGlyph::kKing, white}));
  EXPECT_EQ(view.piece_at(*parse_cell_name("d1")), (PieceView{PieceGlyph::kPowerR3, white}));
  EXPECT_EQ(view.piece_at(*parse_cell_name("b2")), (PieceView{PieceGlyph::kMessenger, white}));
  EXPECT_EQ(view.to_move, black);  // 004: Black moves first
}

// ---- s17-club: seat colours a colour-blind player tells apart ----------------
// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB, and CIE76
// Delta E in L*a*b* (D65): the same as tests/ui/colour_vision.py, which makes
// the screenshots' simulated copies.
using Vec3 = std::array<double, 3>;
double linear(double c) {
  c /= 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double encoded(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return std::round(255.0 * (c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055));
}
enum class Vision { kNormal, kDeuteranopia, kProtanopia };
Vec3 seen(Rgb c, Vision v) {
  static constexpr double kDeutan[3][3] = {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
                                           {-0.011820, 0.042940, 0.968881}};
  static constexpr double kProtan[3][3] = {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
                                           {-0.003882, -0.048116, 1.051998}};
  const Vec3 in{double(c.r), double(c.g), double(c.b)};
  if (v == Vision::kNormal) return in;
  const auto& m = v == Vision::kDeuteranopia ? kDeutan : kProtan;
  Vec3 out{};
  for (int r = 0; r < 3; ++r) {
    double sum = 0;
    for (int k = 0; k < 3; ++k) sum += m[r][k] * linear(in[static_cast<std::size_t>(k)]);
    out[static_cast<std::size_t>(r)] = encoded(sum);
  }
  return out;
}
Vec3 lab(const Vec3& rgb) {
  const double r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2]);
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
  const double x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const double y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const double z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return {116 * y - 16, 500 * (x - y), 200 * (y - z)};
}
double delta_e(Rgb a, Rgb b, Vision v) {
  const Vec3 p = lab(seen(a, v)), q = lab(seen(b, v));
  return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

KioskView start_view(const std::string& id) {
  variants::LoadResult loaded = variants::load_id(id);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  const core::RuleSet& rules = *loaded.rules;
  core::Result<core::Position> p =
      rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen) : core::parse_fen(rules, rules.start_fen);
  EXPECT_TRUE(p.ok()) << id;
  return view_of(session::Snapshot(*p), rules);
}

TEST(SeatColours, ChessFoursFourSeatsStayApartForAColourBlindPlayer) {
  // s16-club: Black and Dark Brown looked alike at the table; Delta E 31.9
  // in normal vision, 26.2 to a protanope with the screens' old colours.
  const KioskView v = start_view("chess-four");
  ASSERT_EQ(v.seats.size(), 4u);
  for (Vision vision : {Vision::kNormal, Vision::kDeuteranopia, Vision::kProtanopia}) {
    for (std::size_t i = 0; i < 4; ++i) {
      for (std::size_t j = i + 1; j < 4; ++j) {
        EXPECT_GE(delta_e(v.seats[i].colour, v.seats[j].colour, vision), 45.0)
            << v.seats[i].name << " and " << v.seats[j].name << ", vision " << static_cast<int>(vision);
      }
    }
  }
}

TEST(SeatColours, AVariantsOwnColourIsTheSeatsColourElseTheNamesColour) {
  const KioskView four = start_view("chess-four");
  EXPECT_EQ(four.seats[1].colour, (Rgb{0x2c, 0x2c, 0x34}));  // chess-four.txtpb, Black
  EXPECT_EQ(four.seats[3].colour, (Rgb{0x96, 0x62, 0x25}));  // Dark Brown
  const KioskView chess = start_view("chess");
  EXPECT_EQ(chess.seats[1].colour, (Rgb{52, 52, 58}));  // no colour in chess.txtpb: Black's by name
}

}  // namespace
}  // namespace tabula::ui
