// Moves on the kiosk's virtual board against the real session, for tests:
// a click is a square's sensor event (ui/kiosk_game.h), a move two clicks
// 0.3 s apart, then 3 s for the board to settle.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "test_files.h"
#include "ui/kiosk_game.h"

namespace tabula::ui {

inline SquareClicked at(const char* name) {
  return SquareClicked{*parse_cell_name(name), ClickModifier::kNone};
}

/// Clicks `from` then `to`, then lets the board settle.
inline void play(KioskGame& sim, const char* from, const char* to, session::Millis& t) {
  sim.apply(at(from), t += session::Millis(300));
  sim.apply(at(to), t += session::Millis(300));
  t += session::Millis(3000);
  sim.tick(t);
}

/// What a power cut leaves of the journal `from` (the file and its -wal as
/// they stand), copied to `to` for a resume.
inline void copy_after_a_power_cut(const std::string& from, const std::string& to) {
  for (const char* ext : {"", "-wal"}) {
    if (std::filesystem::exists(from + ext)) std::filesystem::copy_file(from + ext, to + ext);
  }
}

/// A game of `variant` whose start is verified (3 s after it is set up).
inline std::unique_ptr<KioskGame> started(const std::string& variant, session::Millis& t) {
  std::string error;
  auto sim = KioskGame::create(variant, error);
  EXPECT_TRUE(sim) << error;
  if (sim) sim->tick(t += session::Millis(3000));
  return sim;
}

/// A chess game journaled to `dir`'s g.db, its start verified (3 s after it
/// is set up): the first half of the resume tests. `o` brings the other
/// options (bots, hints) and gets the variant and the journal, for a resume
/// from the same journal or a copy. Null, the error said, when it cannot start.
inline std::unique_ptr<KioskGame> journaled_chess_game(const tabula::testing::TempDir& dir, KioskGameOptions& o,
                                                       session::Millis& t) {
  o.variant = "chess";
  o.journal = dir.file("g.db");
  std::string error;
  auto game = KioskGame::create(o, t, error);
  EXPECT_TRUE(game) << error;
  if (game) game->tick(t += session::Millis(3000));
  return game;
}

}  // namespace tabula::ui
