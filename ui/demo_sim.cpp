// DemoSim (state table in the header). UI-only demo adapter: no rules.
#include "ui/demo_sim.h"

#include <algorithm>
#include <cstdlib>
#include <type_traits>

#include "ui/session_view.h"

namespace tabula::ui {

DemoSim::DemoSim(KioskView start, session::TimeControl control, TimePoint now)
    : view_(std::move(start)),
      clock_(control, std::clamp(static_cast<int>(view_.seats.size()), kMinSeats, kMaxSeats)),
      started_(now) {
  for (int i = 0; i < static_cast<int>(view_.seats.size()); ++i) {
    if (view_.clocks.enabled && static_cast<std::size_t>(i) < view_.clocks.remaining.size()) {
      clock_.set_remaining(i, view_.clocks.remaining[static_cast<std::size_t>(i)], ms(now));
    }
    if (view_.seats[static_cast<std::size_t>(i)].status != SeatStatus::kLive) clock_.set_retired(i, true, ms(now));
  }
  view_.teaching = {};
  if (view_.to_move) clock_.start(view_.to_move->value, ms(now));
  view_.clocks = clock_view(clock_, ms(now));
}

session::ClockMillis DemoSim::ms(TimePoint now) const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - started_);
}

std::string DemoSim::stamp(TimePoint now, Cell cell, const char* edge) const {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - started_).count();
  return std::to_string(ms) + " " + cell_name(cell) + " " + edge;
}

SeatView* DemoSim::seat_at(SeatIndex seat) {
  return view_.seat(seat) ? &view_.seats[static_cast<std::size_t>(seat.value)] : nullptr;
}

std::string DemoSim::seat_name(SeatIndex seat) const {
  const SeatView* s = view_.seat(seat);
  return s ? s->name : "?";
}

void DemoSim::rule(Severity severity, std::string text) {
  if (view_.ruling) view_.ruling_history.push_back(*view_.ruling);
  view_.ruling = RulingView{severity, std::move(text)};
}

std::optional<SeatIndex> DemoSim::next_seat(SeatIndex after) const {
  const std::vector<SeatIndex>& order = view_.moves.columns;
  const auto at = std::find(order.begin(), order.end(), after);
  if (at == order.end()) return std::nullopt;
  for (std::size_t step = 1; step <= order.size(); ++step) {
    const SeatIndex seat =
        order[(static_cast<std::size_t>(at - order.begin()) + step) % order.size()];
    const SeatView* s = view_.seat(seat);
    if (s && s->status == SeatStatus::kLive) return seat;
  }
  return std::nullopt;
}

void DemoSim::record_move(const Hand& hand, Cell to, bool capture) {
  std::string text;
  if (hand.piece.glyph != PieceGlyph::kPawn) text += piece_letter(hand.piece.glyph);
  text += cell_name(hand.from) + (capture ? "x" : "-") + cell_name(to);

  MoveListView& moves = view_.moves;
  const auto column = std::find(moves.columns.begin(), moves.columns.end(), hand.piece.seat);
  if (column == moves.columns.end()) return;
  const auto index = static_cast<std::size_t>(column - moves.columns.begin());
  bool new_round = moves.rounds.empty();
  if (!new_round) {
    // A new round when this seat's column, or a later one, is already filled.
    const MoveRound& last = moves.rounds.back();
    for (std::size_t i = index; i < last.plies.size(); ++i)
      new_round = new_round || !last.plies[i].empty();
  }
  if (new_round) {
    const int number = moves.rounds.empty() ? 1 : moves.rounds.back().number + 1;
    moves.rounds.push_back(MoveRound{number, {}});
  }
  MoveRound& round = moves.rounds.back();
  round.plies.resize(std::max(round.plies.size(), index + 1));
  round.plies[index] = text;
}

std::vector<std::string> DemoSim::click(const SquareClicked& click, TimePoint now) {
  std::vector<std::string> trace;
  const Cell cell = click.cell;
  if (!view_.board.logical_square(cell)) return trace;
  if (!hand_) {
    const std::optional<PieceView>& piece = view_.piece_at(cell);
    if (!piece) return trace;
    hand_ = Hand{cell, *piece};
    view_.teaching.lifted_from = cell;
    trace.push_back(stamp(now, cell, "up"));
    rule(Severity::kInfo, seat_name(piece->seat) + " lifts the " +
                              std::string(piece_name(piece->glyph)) + " on " + cell_name(cell) +
                              ".");
    return trace;
  }
  const Hand hand = *hand_;
  hand_.reset();
  view_.teaching = {};
  if (cell == hand.from) {
    trace.push_back(stamp(now, cell, "down"));
    rule(Severity::kInfo, "The " + std::string(piece_name(hand.piece.glyph)) + " is back on " +
                              cell_name(cell) + ".");
    return trace;
  }
  const bool capture = view_.piece_at(cell).has_value();
  if (capture) trace.push_back(stamp(now, cell, "up"));
  if (click.modifier == ClickModifier::kSlide) {
    const int df = cell.file - hand.from.file;
    const int dr = cell.rank - hand.from.rank;
    const bool line = df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
    if (line) {
      const int steps = std::max(std::abs(df), std::abs(dr));
      const int sf = (df > 0) - (df < 0);
      const int sr = (dr > 0) - (dr < 0);
      for (int s = 1; s < steps; ++s) {
        const Cell over{hand.from.file + sf * s, hand.from.rank + sr * s};
        if (!view_.board.logical_square(over)) continue;
        trace.push_back(stamp(now, over, "down"));
        trace.push_back(stamp(now, over, "up"));
      }
    }
  }
  trace.push_back(stamp(now, cell, "down"));
  view_.piece_at(hand.from).reset();
  view_.piece_at(cell) = hand.piece;
  view_.last_move = LastMove{hand.from, cell};
  view_.checks.clear();
  view_.fixes.clear();
  record_move(hand, cell, capture);
  const std::optional<SeatIndex> next = next_seat(hand.piece.seat);
  view_.to_move = next;
  if (next) clock_.switch_to(next->value, ms(now));
  rule(Severity::kInfo, seat_name(hand.piece.seat) + " plays " + cell_name(hand.from) +
                            (capture ? "x" : "-") + cell_name(cell) +
                            (next ? ". " + seat_name(*next) + " to move." : "."));
  view_.clocks = clock_view(clock_, ms(now));
  return trace;
}

std::vector<std::string> DemoSim::apply(const Intent& intent, TimePoint now) {
  return std::visit(
      [&](const auto& value) -> std::vector<std::string> {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, SquareClicked>) {
          return click(value, now);
        } else if constexpr (std::is_same_v<T, DialogAnswered>) {
          if (view_.dialog && view_.dialog->id == value.dialog_id && value.option >= 0 &&
              value.option < static_cast<int>(view_.dialog->options.size())) {
            const DialogOption& option =
                view_.dialog->options[static_cast<std::size_t>(value.option)];
            // Demo nicety: a promotion answer changes the piece that just moved.
            if (view_.dialog->kind == DialogKind::kPromotion && option.glyph && view_.last_move) {
              if (auto& piece = view_.piece_at(view_.last_move->to)) {
                piece->glyph = *option.glyph;
                piece->promoted = true;
              }
            }
            rule(Severity::kInfo,
                 seat_name(view_.dialog->seat) + " answers: " + option.label + ".");
            view_.dialog.reset();
          }
          return {};
        } else if constexpr (std::is_same_v<T, Resign>) {
          if (SeatView* seat = seat_at(value.seat)) {
            seat->status = SeatStatus::kResigned;
            clock_.set_retired(value.seat.value, true, ms(now));
            rule(Severity::kWarning, seat->name + " resigns.");
          }
          return {};
        } else if constexpr (std::is_same_v<T, FlagFell>) {
          if (SeatView* seat = seat_at(value.seat)) {
            seat->status = SeatStatus::kFlagged;
            clock_.set_retired(value.seat.value, true, ms(now));
            rule(Severity::kWarning, seat->name + " has run out of time.");
            if (view_.to_move == value.seat) {
              view_.to_move = next_seat(value.seat);
              if (view_.to_move) clock_.switch_to(view_.to_move->value, ms(now));
            }
          }
          return {};
        } else {
          rule(Severity::kInfo,
               "Demo: \"" + describe(intent) + "\" is for the session, which is not connected.");
          return {};
        }
      },
      intent);
}

std::optional<Intent> DemoSim::tick(TimePoint now) {
  std::optional<int> flagged = clock_.flag(ms(now));
  view_.clocks = clock_view(clock_, ms(now));
  if (!flagged) return std::nullopt;
  return Intent{FlagFell{SeatIndex{*flagged}}};
}

}  // namespace tabula::ui
