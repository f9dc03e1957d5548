#include "engine/game_adapter.h"

namespace tabula::engine {

GameAdapter::GameAdapter(const core::Game& root)
    : rules_(std::shared_ptr<const core::RuleSet>(), &root.rules()), stack_{root} {}

void GameAdapter::legal_moves(MoveList& out) const {
  out.clear();
  if (game().outcome().over) return;
  game().legal_moves(out);
}

bool GameAdapter::out_of_turn_ok() const {
  return rules().relations.kind == core::RelationsKind::kEveryoneAgainstEveryone && !rules().corners.enabled &&
         seat_count() > 2;
}

void GameAdapter::push_turn(Seat s) {
  core::Position p = position();
  p.set_to_move(s);
  std::array<int, core::kMaxSeats> ledger{};
  for (int i = 0; i < seat_count(); ++i) ledger[static_cast<std::size_t>(i)] = points(core::seat_at(i));
  ++top_;
  if (top_ < stack_.size()) {
    stack_[top_] = core::Game(rules_, p, ledger);
  } else {
    stack_.emplace_back(rules_, p, ledger);
  }
}

void GameAdapter::pop_turn() {
  if (top_ > 0) --top_;
}

bool GameAdapter::friends(Seat a, Seat b) const {
  if (a == b) return true;
  if (rules().relations.kind == core::RelationsKind::kAlliesVassals) return game().vassalage().friends(a, b);
  return game().teammates(a, b);
}

bool GameAdapter::gives_check(const Move& m) const {
  const core::Position& pos = position();
  Seat mover = pos.to_move();
  for (int i = 0; i < seat_count(); ++i) {
    Seat s = core::seat_at(i);
    if (s == mover || !plays(s) || !pos.may_capture(mover, s)) continue;
    if (pos.king_square(s) == core::kNoSquare) continue;
    if (pos.king_attacked_after(m, s)) return true;
  }
  return false;
}

core::Piece GameAdapter::captured_by(const Move& m) const {
  const core::Position& pos = position();
  if (m.kind == core::MoveKind::kPlacement || m.kind == core::MoveKind::kPass) return core::kEmpty;
  if (m.kind == core::MoveKind::kEnPassant) {
    // The victim stands beside `to`; any pawn of the seat whose target it is.
    for (int i = 0; i < seat_count(); ++i) {
      const core::EnPassantEntry& e = pos.en_passant(core::seat_at(i));
      if (e.open() && e.target == m.to) return pos.at(e.victim);
    }
    return core::kEmpty;
  }
  if (m.kind == core::MoveKind::kCastle) return core::kEmpty;
  core::Piece p = pos.at(m.to);
  return p.seat == pos.to_move() ? core::kEmpty : p;
}

std::uint64_t GameAdapter::hash() const {
  std::uint64_t h = game().hash();
  for (int i = 0; i < seat_count(); ++i) {
    Seat s = core::seat_at(i);
    std::uint64_t v = static_cast<std::uint64_t>(points(s) + 1000) * 2 + (plays(s) ? 1 : 0);
    h ^= (v + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(i + 1)) * 0xBF58476D1CE4E5B9ULL;
    h = (h << 7) | (h >> 57);
  }
  h ^= static_cast<std::uint64_t>(index_of(to_move())) * 0x94D049BB133111EBULL;
  return h;
}

}  // namespace tabula::engine
