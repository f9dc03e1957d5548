// Scenes: named moments of real games, for `tabula-kiosk --demo NAME`, the
// screenshot goldens and the kiosk's tests. Each is a KioskGame (the real
// session behind the virtual board, no journal) played on the virtual board
// to the moment it names, so everything on screen is what the arbiter
// really says (issue 30 item 5: the hand-drawn demo snapshots and the
// rule-less --sim adapter stood in until the session existed).
//
// The game's kiosk time ends at 0, so a frame loop that starts its clock at
// 0 goes on from the scene (clicks on the board play on).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ui/kiosk_game.h"
#include "ui/view_model.h"

namespace tabula::ui {

struct SceneInfo {
  std::string_view name;
  std::string_view description;
};

/// Every scene, in the order `--demo` lists them:
///   chess        FIDE chess, the start verified
///   four-player  chess.com four-player FFA, Red's h2 pawn lifted: its moves as dots
///   chess-four   001 Chess Four, the start
///   corners      000 corner-square game (corners-short), the start
///   bipartite    004 Bipartite, stage two's start (the power pieces)
///   check        chess: 1.e4 f5 2.Qh5+, then Black's a7-a6 ignores the check
///   promotion    chess: a pawn reaches h8: which piece?
///   mate         chess: fool's mate, the game over
///   resigned     chess.com FFA: Blue resigns, his army dead
const std::vector<SceneInfo>& scene_list();

/// The named scene's game, or null (an unknown name, or a variant that does
/// not load: `error` says which).
std::unique_ptr<KioskGame> make_scene_game(std::string_view name, std::string& error);

/// The named scene's view, or nullopt.
std::optional<KioskView> make_scene(std::string_view name);

}  // namespace tabula::ui
