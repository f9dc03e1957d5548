// game_search.cpp — the Game's search path (issue 30 item 2): make() and
// unmake() through every rule of the game layer, without ruling text or
// record, and the game-layer key.
//
// make() runs the very code play() runs (Game::apply) with quiet_ set: the
// rules are the same; only the words and the record are left out. What it
// changes is put back by unmake() from a Frame: the Position by its own
// unmake() (and, for the few squares the game layer changes beside a move,
// an edit log), the rest by value. Frames, the edit log and the rulings
// buffer are kept between calls, so a search allocates only while its
// depth grows.
#include <algorithm>
#include <memory>
#include <new>
#include <type_traits>

#include "core/game.h"
#include "core/zobrist.h"

namespace tabula::core {

// make()'s frame: what unmake() puts back beside the Position's own.
void Game::push_frame() {
  SearchFrame& f = frames_[static_cast<std::size_t>(depth_++)];
  // (Made in its place: an assignment made the settings on the stack first.)
  static_assert(std::is_trivially_destructible_v<Position::Settings>);
  ::new (static_cast<void*>(&f.settings)) Position::Settings(pos_.settings());
  f.ply = pos_.ply();
  f.edits = edits_.size();
  f.eliminated = eliminated_.size();
  f.state = static_cast<const PlyState&>(*this);
  if (!hot_[Hot::kSearchState].empty()) f.modules.copy_from(module_state());  // (no module keeps any: no copy)
  f.version = board_version_;
  f.found.version = 0;
  f.over = outcome_.over;
}

void Game::make(const Move& m) {
  // The rare preparations out of line (make_prepared: a frame for a new
  // depth, room in the Position's lists), so that the common path calls
  // nothing before apply(), the call it ends with, and keeps no register
  // across a call (issue 30 item 3: no register saved and restored a
  // make). (Addresses compared: the frames' count would be found by a
  // division.)
  if (frames_.data() + depth_ == std::to_address(frames_.end()) || !pos_.has_room(room_plies_)) [[unlikely]]
    return make_prepared(m);
  push_frame();
  quiet_ = true;
  apply(m, scratch_);  // (the last call: apply() sets quiet_ back and empties scratch_ at its end)
}

void Game::make_prepared(const Move& m) {
  if (frames_.data() + depth_ == std::to_address(frames_.end())) frames_.emplace_back();
  // Room in the Position for this make's plies and the looks below it,
  // whichever replies the looks remember (issue 30 item 2: none allocates).
  pos_.keep_room(room_plies_);
  push_frame();
  quiet_ = true;
  apply(m, scratch_);
}

void Game::unmake() {
  SearchFrame& f = frames_[static_cast<std::size_t>(--depth_)];
  // The Position's moves (the move, and passes the turn made) and the
  // squares changed beside them, in the reverse of their order. Most makes
  // changed no square beside the Position's moves: those only, unmade
  // (issue 30 item 3: the edit log's size not asked again after each).
  if (edits_.size() == f.edits) [[likely]] {
    while (pos_.ply() > f.ply) pos_.unmake();
  } else {
    unmake_with_edits(f.edits, f.ply);
  }
  pos_.restore(f.settings);
  // The board is make()'s again: so is its number, and what the report one
  // make() up found of its kings holds again (report_checks).
  board_version_ = f.version;
  // (apply() noted one move and one position, always: taken off, not
  // found from sizes kept in the frame.)
  moves_.pop_back();
  eliminated_.erase(eliminated_.begin() + static_cast<std::ptrdiff_t>(f.eliminated), eliminated_.end());
  seen_.pop_back();
  seen_pending_ = false;  // (the make's apply settled the key it moved from)
  static_cast<PlyState&>(*this) = f.state;
  if (!hot_[Hot::kSearchState].empty()) ModuleFrame::copy_from(f.modules);
  if (!f.over && outcome_.over) [[unlikely]] {
    outcome_.over = false;
    outcome_.draw = false;
    outcome_.why = {};
    outcome_.reason.clear();
    outcome_.ranking.clear();
  }
  legal_cached_ = false;
  legal_pending_ = false;
}

void Game::unmake_with_edits(std::size_t edits, int ply) {
  // The Position's moves and the squares changed beside them (a mate's
  // removal, a module's edit), in the reverse of their order; each square
  // put back without the hash: unmake()'s restore() puts back make()'s.
  while (pos_.ply() > ply || edits_.size() > edits) {
    if (edits_.size() > edits && edits_.back().ply == pos_.ply()) {
      pos_.put_back(edits_.back().at, edits_.back().was);
      edits_.pop_back();
    } else {
      pos_.unmake();
    }
  }
}

void Game::edit_square(Square q, Piece p) {
  checks_ply_ = -1;  // report_checks' seats in check may be stale now
  board_version_ = ++versions_;
  if (depth_ > 0) edits_.push_back({q, pos_.at(q), pos_.ply()});
  pos_.transform(q, p);
}

void Game::remove_pieces(Seat s) {
  // The playable squares only (issue 30 item 3: a search removes a mated
  // seat's pieces at every mate; the mailbox has 256 squares), taken off
  // by the Position in one pass (Position::take_off_pieces), each noted in
  // the edit log as edit_square notes one; the board's new number taken
  // once for all of them.
  checks_ply_ = -1;
  board_version_ = ++versions_;
  if (depth_ == 0) {
    pos_.take_off_pieces(s, [](Square, Piece) {});
    return;
  }
  const int ply = pos_.ply();
  pos_.take_off_pieces(s, [&](Square q, Piece p) { edits_.push_back({q, p, ply}); });
}

std::uint64_t Game::hash() const {
  using zobrist::mix;
  // The position's key as repetitions() counts it (seen_.back(), written
  // after every move), with the seat to move (an operator action may have
  // moved the turn on since).
  settle_position();
  std::uint64_t h = seen_.empty() ? pos_.hash() : seen_.back();
  h ^= mix(0x100U + static_cast<std::uint64_t>(index_of(pos_.to_move())));
  for (int i = 0; i < rules_->seat_count(); ++i) {
    Seat s = seat_at(i);
    std::uint64_t seat = static_cast<std::uint64_t>(i) << 8;
    h ^= mix(0x1000U + seat + static_cast<std::uint64_t>(status_[static_cast<std::size_t>(i)]));
    h ^= mix(0x2000U + seat + static_cast<std::uint64_t>(index_of(vassalage_.ally_of(s))));
    h ^= mix(0x3000U + seat + static_cast<std::uint64_t>(index_of(vassalage_.suzerain_of(s))));
  }
  if (bare_pending_ != kNoSeat) h ^= mix(0x4000U + static_cast<std::uint64_t>(index_of(bare_pending_)));
  for (const Modules::Module* mod : hot_[Hot::kSearchState]) h ^= mod->state_key(*this);
  return h;
}

}  // namespace tabula::core
