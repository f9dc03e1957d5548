// evidence.h — what the hands did since the last accepted move, and whether
// it shows a given move.
//
// Section index: Touch, TouchLog, TouchSummary, Evidence, shows_result,
// on_the_way, Attempt, read_attempt.
//
// The TouchLog keeps every change of a logical square's occupancy since the
// last accepted move, numbered in order (`seq`). A TouchSummary condenses the
// touches after some point into per-square facts: was it touched, when was it
// last lifted, when last filled. Evidence pairs those facts with the expected
// occupancy (the committed position), the physical occupancy and the squares
// not compared (a masked sensor, a piece the rules removed and the table has
// not lifted yet).
//
// Matching rules (issue 5, "Inference by footprint"):
//   shows_result(f): the physical board differs from the expected one exactly
//     on f.changed, and every kept square (a capture square) was refilled
//     after the moving piece last left f.origin — so a capture is seen with
//     either piece lifted first, and a piece lifted from `from` and still in
//     the air is not mistaken for a capture. Squares touched and left as they
//     were (an adjustment, a slide brushing a square) do not matter.
//   on_the_way(f): every difference lies within f's squares, and no more
//     pieces were put down than lifted: the hands are part-way through that
//     move (a piece held in the air, a victim lifted, the rook of a castling).
//     Also the capturer resting on a square of its path with the victim off
//     the board (issue 27 item 11: the one difference outside f's squares).
// Pure functions; the log is a value (not thread-safe).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "inference/footprint.h"
#include "inference/physical_board.h"

namespace tabula::inference {

// One change of a logical square's occupancy.
struct Touch {
  std::uint64_t seq = 0;  // 1, 2, ... in order of arrival
  Millis time{0};
  core::Square square = core::kNoSquare;
  bool occupied = false;
  // Part of a flicker (TouchLog): set when the touch is logged, so that it
  // stays one after the touches before it are dropped with a committed move.
  bool flicker = false;
  // A flicker's flip back: the seq of its first flip (0 for any other touch).
  std::uint64_t first_flip = 0;
};

struct TouchSummary {
  core::SquareSet touched;
  std::array<std::uint64_t, core::kMaxSquares> last_up{};    // 0: never lifted
  std::array<std::uint64_t, core::kMaxSquares> last_down{};  // 0: never filled
  // The first lift in the summarised span, if any.
  core::Square first_up = core::kNoSquare;
};

// Contact bounce (issue 22): a reed that flips again within `bounce` of its
// previous change on the same square is flickering as a magnet comes or
// goes, not a hand: no hand lifts a piece and puts one down within a few
// milliseconds. Such touches still count as touched, but never as a lift or a
// fill, so a flicker of the capturing piece's reed cannot look like a piece
// put back on its square (which would make a different capture appear).
class TouchLog {
 public:
  TouchLog() = default;
  explicit TouchLog(Millis bounce) : bounce_(bounce) {}
  void add(const Touch& t);
  void clear() {
    touches_.clear();
    dropped_ = 0;
  }
  // Forgets every touch numbered `seq` or lower, except those on `keep`'s
  // squares (the next seat's hand already under way, issue 27 item 9).
  void drop_through(std::uint64_t seq, const core::SquareSet& keep = {});
  // Forgets the touches on `squares` numbered `seq` or lower (session 31:
  // a capture's late landing, Tracker::landed_late, taken back from the
  // touches read as the next seat's).
  void drop_on(std::uint64_t seq, const core::SquareSet& squares);
  bool empty() const { return touches_.empty(); }
  const std::vector<Touch>& touches() const { return touches_; }
  // The facts about the touches numbered above `after`, and about every
  // touch on `keep`'s squares.
  void summarize(std::uint64_t after, TouchSummary& out, const core::SquareSet& keep = {}) const;

 private:
  std::vector<Touch> touches_;
  Millis bounce_{0};
  std::uint64_t dropped_ = 0;  // drop_through's last seq
};

struct Evidence {
  const core::SquareSet* expected = nullptr;  // occupancy of the committed position
  const core::SquareSet* physical = nullptr;  // what the reeds say
  const core::SquareSet* ignored = nullptr;   // squares not compared
  const TouchSummary* touches = nullptr;
  core::SquareSet diff;  // squares where the board differs from the expected occupancy

  static Evidence of(const core::SquareSet& expected, const core::SquareSet& physical,
                     const core::SquareSet& ignored, const TouchSummary& touches) {
    return Evidence{&expected, &physical, &ignored, &touches, (expected ^ physical) & ~ignored};
  }
};

bool shows_result(const Footprint& f, const Evidence& e);
bool on_the_way(const Footprint& f, const Evidence& e);

// What the hands seem to have tried when the board shows no legal move:
// one piece taken off `from` and put on `to` (empty before), or put on an
// occupied `to` whose piece was lifted (capture).
struct Attempt {
  core::Square from = core::kNoSquare;
  core::Square to = core::kNoSquare;
  bool capture = false;
};
std::optional<Attempt> read_attempt(const Evidence& e);

}  // namespace tabula::inference
