// KioskView helpers: names, board builders and the consistency check.
#include "ui/view_model.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <set>

namespace tabula::ui {
namespace {

struct GlyphName {
  PieceGlyph glyph;
  std::string_view letter;
  std::string_view name;
};

constexpr std::array kGlyphNames{
    GlyphName{PieceGlyph::kKing, "K", "king"},
    GlyphName{PieceGlyph::kQueen, "Q", "queen"},
    GlyphName{PieceGlyph::kRook, "R", "rook"},
    GlyphName{PieceGlyph::kBishop, "B", "bishop"},
    GlyphName{PieceGlyph::kKnight, "N", "knight"},
    GlyphName{PieceGlyph::kPawn, "P", "pawn"},
    GlyphName{PieceGlyph::kMessenger, "M", "messenger"},
    GlyphName{PieceGlyph::kCaptain, "C", "captain"},
    GlyphName{PieceGlyph::kGuard, "G", "guard"},
    GlyphName{PieceGlyph::kSoldier, "S", "soldier"},
    GlyphName{PieceGlyph::kSwordsman, "D", "swordsman"},
    GlyphName{PieceGlyph::kPowerB3, "B3", "B3 power piece"},
    GlyphName{PieceGlyph::kPowerR3, "R3", "R3 power piece"},
};

const GlyphName& glyph_entry(PieceGlyph glyph) {
  for (const GlyphName& entry : kGlyphNames) {
    if (entry.glyph == glyph) return entry;
  }
  return kGlyphNames.front();  // unreachable for valid enumerators
}

bool is_corner(int file, int rank, int width, int height, int size) {
  const bool west = file < size;
  const bool east = file >= width - size;
  const bool south = rank < size;
  const bool north = rank >= height - size;
  return (west || east) && (south || north);
}

std::string seat_text(SeatIndex seat) {
  return "seat " + std::to_string(seat.value);
}

}  // namespace

std::string cell_name(Cell cell) {
  std::string name(1, static_cast<char>('a' + cell.file));
  name += std::to_string(cell.rank + 1);
  return name;
}

std::optional<Cell> parse_cell_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  const char file_char = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
  if (file_char < 'a' || file_char >= 'a' + kMaxBoardSide) return std::nullopt;
  int rank = 0;
  const std::string_view digits = name.substr(1);
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  if (digits[0] == '0' || rank < 1 || rank > kMaxBoardSide) return std::nullopt;
  return Cell{file_char - 'a', rank - 1};
}

std::string_view edge_name(Edge edge) {
  switch (edge) {
    case Edge::kSouth:
      return "south";
    case Edge::kWest:
      return "west";
    case Edge::kNorth:
      return "north";
    case Edge::kEast:
      return "east";
  }
  return "?";
}

std::optional<Cell> BoardView::logical_square(Cell cell) const {
  if (!contains(cell) || cells.size() != static_cast<std::size_t>(width * height)) {
    return std::nullopt;
  }
  const CellView& view = at(cell);
  switch (view.kind) {
    case CellKind::kPlayable:
      return cell;
    case CellKind::kHole:
      return std::nullopt;
    case CellKind::kMerged:
      return view.merge_anchor;
  }
  return std::nullopt;
}

BoardView make_rect_board(int width, int height) {
  BoardView board;
  board.width = width;
  board.height = height;
  board.cells.resize(static_cast<std::size_t>(width * height));
  for (int rank = 0; rank < height; ++rank) {
    for (int file = 0; file < width; ++file) {
      // a1 is dark: (file + rank) even is dark.
      board.at({file, rank}).shade = (file + rank) % 2 == 0 ? CellShade::kDark : CellShade::kLight;
    }
  }
  return board;
}

void cut_corners(BoardView& board, int size) {
  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      if (is_corner(file, rank, board.width, board.height, size)) {
        board.at({file, rank}).kind = CellKind::kHole;
      }
    }
  }
}

void merge_corners(BoardView& board, int size) {
  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      if (!is_corner(file, rank, board.width, board.height, size)) continue;
      CellView& cell = board.at({file, rank});
      cell.kind = CellKind::kMerged;
      cell.merge_anchor = {file < size ? 0 : board.width - size,
                           rank < size ? 0 : board.height - size};
    }
  }
  // A merged square takes its anchor's shade everywhere.
  for (CellView& cell : board.cells) {
    if (cell.kind == CellKind::kMerged) cell.shade = board.at(cell.merge_anchor).shade;
  }
}

std::string_view piece_letter(PieceGlyph glyph) {
  return glyph_entry(glyph).letter;
}

std::string_view piece_name(PieceGlyph glyph) {
  return glyph_entry(glyph).name;
}

std::optional<PieceGlyph> parse_piece_letter(std::string_view letter) {
  for (const GlyphName& entry : kGlyphNames) {
    if (entry.letter.size() != letter.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < letter.size(); ++i) {
      same = same && std::toupper(static_cast<unsigned char>(letter[i])) == entry.letter[i];
    }
    if (same) return entry.glyph;
  }
  return std::nullopt;
}

std::optional<std::chrono::milliseconds> until_face_changes(const ClockView& clocks) {
  if (!clocks.enabled || !clocks.running) return std::nullopt;
  const auto seat = static_cast<std::size_t>(clocks.running->value);
  if (seat >= clocks.remaining.size()) return std::nullopt;
  // format_clock: tenths (rounded down) under 10 s, whole seconds (rounded
  // up) above; the face changes when the time left crosses a step.
  auto step_of = [](long long ms) -> long long {
    if (ms <= 0) return -1;
    return ms > 10000 ? (ms - 1) % 1000 + 1 : ms % 100 + 1;
  };
  long long next = -1;
  const long long delay = clocks.delay_left.count();
  if (delay > 0) next = step_of(delay);  // the delay counts down first
  else next = step_of(clocks.remaining[seat].count());
  if (next < 0) return std::nullopt;
  return std::chrono::milliseconds(next);
}

std::string_view seat_status_name(SeatStatus status) {
  switch (status) {
    case SeatStatus::kLive:
      return "playing";
    case SeatStatus::kMated:
      return "mated";
    case SeatStatus::kStalemated:
      return "stalemated";
    case SeatStatus::kResigned:
      return "resigned";
    case SeatStatus::kFlagged:
      return "lost on time";
    case SeatStatus::kRemoved:
      return "removed";
    case SeatStatus::kWon:
      return "won";
    case SeatStatus::kDrawn:
      return "drawn";
    case SeatStatus::kLost:
      return "lost";
  }
  return "?";
}

bool seat_out(SeatStatus status) {
  return status != SeatStatus::kLive && status != SeatStatus::kWon && status != SeatStatus::kDrawn;
}

std::string seat_status_words(const SeatView& seat) {
  if (seat.status == SeatStatus::kLost && seat.place > 1) {
    const int p = seat.place;
    const char* suffix = (p % 100 >= 11 && p % 100 <= 13) ? "th" : p % 10 == 1 ? "st" : p % 10 == 2 ? "nd" : p % 10 == 3 ? "rd" : "th";
    return std::to_string(p) + suffix + " place";
  }
  return std::string(seat_status_name(seat.status));
}

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::kIllegal:
      return "illegal";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "info";
  }
  return "?";
}

std::string_view dialog_kind_name(DialogKind kind) {
  switch (kind) {
    case DialogKind::kPromotion:
      return "promotion";
    case DialogKind::kPowerPiece:
      return "power piece";
    case DialogKind::kStalematePlacement:
      return "stalemate placement";
    case DialogKind::kRandomMove:
      return "random move";
    case DialogKind::kResignation:
      return "resignation";
    case DialogKind::kDrawOffer:
      return "draw offer";
    case DialogKind::kNotice:
      return "notice";
  }
  return "?";
}

std::vector<std::string> validate(const KioskView& view) {
  std::vector<std::string> problems;
  const BoardView& board = view.board;
  const int seat_count = static_cast<int>(view.seats.size());
  auto seat_ok = [&](SeatIndex seat) { return seat.value >= 0 && seat.value < seat_count; };

  if (board.width < 1 || board.height < 1 || board.width > kMaxBoardSide ||
      board.height > kMaxBoardSide) {
    problems.push_back("board is " + std::to_string(board.width) + "x" +
                       std::to_string(board.height) + "; expected 1..16 on each side");
    return problems;  // nothing below can be indexed safely
  }
  const auto cell_count = static_cast<std::size_t>(board.width * board.height);
  if (board.cells.size() != cell_count) {
    problems.push_back("board has " + std::to_string(board.cells.size()) +
                       (board.cells.size() == 1 ? " cell; expected " : " cells; expected ") +
                       std::to_string(cell_count));
    return problems;
  }
  if (view.pieces.size() != cell_count) {
    problems.push_back("pieces has " + std::to_string(view.pieces.size()) +
                       (view.pieces.size() == 1 ? " entry; expected " : " entries; expected ") +
                       std::to_string(cell_count));
    return problems;
  }
  if (seat_count < kMinSeats || seat_count > kMaxSeats) {
    problems.push_back(std::to_string(seat_count) + (seat_count == 1 ? " seat" : " seats") + "; expected 2..4");
  }

  // Merged blocks: anchors on the board, anchor is part of its own block,
  // and every block is a filled rectangle.
  std::set<Cell> anchors;
  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      const Cell cell{file, rank};
      const CellView& cv = board.at(cell);
      if (cv.kind != CellKind::kMerged) continue;
      if (!board.contains(cv.merge_anchor) || board.at(cv.merge_anchor).kind != CellKind::kMerged ||
          board.at(cv.merge_anchor).merge_anchor != cv.merge_anchor) {
        problems.push_back("merged cell " + cell_name(cell) + " has a bad anchor " +
                           cell_name(cv.merge_anchor));
        continue;
      }
      if (cell.file < cv.merge_anchor.file || cell.rank < cv.merge_anchor.rank) {
        problems.push_back("merged cell " + cell_name(cell) + " lies south or west of its anchor");
      }
      anchors.insert(cv.merge_anchor);
    }
  }
  for (const Cell anchor : anchors) {
    int max_file = anchor.file;
    int max_rank = anchor.rank;
    for (int rank = 0; rank < board.height; ++rank) {
      for (int file = 0; file < board.width; ++file) {
        const CellView& cv = board.at({file, rank});
        if (cv.kind == CellKind::kMerged && cv.merge_anchor == anchor) {
          max_file = std::max(max_file, file);
          max_rank = std::max(max_rank, rank);
        }
      }
    }
    for (int rank = anchor.rank; rank <= max_rank; ++rank) {
      for (int file = anchor.file; file <= max_file; ++file) {
        const CellView& cv = board.at({file, rank});
        if (cv.kind != CellKind::kMerged || cv.merge_anchor != anchor) {
          problems.push_back("merged square " + cell_name(anchor) + " is not a rectangle (" +
                             cell_name({file, rank}) + ")");
        }
      }
    }
  }

  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      const Cell cell{file, rank};
      const std::optional<PieceView>& piece = view.piece_at(cell);
      if (!piece) continue;
      const CellView& cv = board.at(cell);
      if (cv.kind == CellKind::kHole) {
        problems.push_back("piece on hole " + cell_name(cell));
      } else if (cv.kind == CellKind::kMerged && cv.merge_anchor != cell) {
        problems.push_back("piece on " + cell_name(cell) + " must stand on its square's anchor " +
                           cell_name(cv.merge_anchor));
      }
      if (!seat_ok(piece->seat)) {
        problems.push_back("piece on " + cell_name(cell) + " names " + seat_text(piece->seat) +
                           " of " + std::to_string(seat_count));
      }
    }
  }

  auto check_cell = [&](Cell cell, const std::string& what) {
    if (!board.logical_square(cell)) {
      problems.push_back(what + " is not a square of the board");
    }
  };
  if (!seat_ok(view.orientation))
    problems.push_back("orientation names " + seat_text(view.orientation));
  if (view.to_move && !seat_ok(*view.to_move))
    problems.push_back("to_move names " + seat_text(*view.to_move));
  if (view.last_move) {
    check_cell(view.last_move->from, "last move origin");
    check_cell(view.last_move->to, "last move destination");
  }
  if (view.tentative) {
    check_cell(view.tentative->from, "unruled move origin");
    check_cell(view.tentative->to, "unruled move destination");
  }
  for (const CheckView& check : view.checks) {
    check_cell(check.king, "checked king square");
    for (const Cell checker : check.checkers) check_cell(checker, "checker square");
  }
  for (const FixSquare& fix : view.fixes) {
    check_cell(fix.cell, "square to fix");
  }
  if (view.teaching.lifted_from) check_cell(*view.teaching.lifted_from, "lifted-from square");
  for (const Cell cell : view.teaching.destinations) check_cell(cell, "teaching destination");

  for (const SeatIndex seat : view.moves.columns) {
    if (!seat_ok(seat)) problems.push_back("move list column names " + seat_text(seat));
  }
  for (const MoveRound& round : view.moves.rounds) {
    if (round.plies.size() > view.moves.columns.size()) {
      problems.push_back("move round " + std::to_string(round.number) +
                         " has more plies than columns");
    }
  }
  if (view.clocks.enabled) {
    if (view.clocks.remaining.size() != view.seats.size()) {
      problems.push_back("clocks list " + std::to_string(view.clocks.remaining.size()) +
                         (view.clocks.remaining.size() == 1 ? " seat" : " seats") + "; expected " +
                         std::to_string(seat_count));
    }
    if (view.clocks.running && !seat_ok(*view.clocks.running)) {
      problems.push_back("running clock names " + seat_text(*view.clocks.running));
    }
  }
  if (view.dialog) {
    if (view.dialog->options.empty()) problems.push_back("dialog has no options");
    if (!seat_ok(view.dialog->seat))
      problems.push_back("dialog names " + seat_text(view.dialog->seat));
  }
  return problems;
}

}  // namespace tabula::ui
