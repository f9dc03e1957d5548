#include "ui/scenes.h"

#include <algorithm>

namespace tabula::ui {
namespace {

using Ms = session::Millis;

// The scene is played before kiosk time 0: a move is two clicks 0.3 s apart
// and 3 s to settle (the session's settle time is well under that).
constexpr Ms kClick{300};
constexpr Ms kSettle{3000};

struct Step {
  const char* from;
  const char* to;  // nullptr: only lift `from`
};

struct SceneDef {
  SceneInfo info;
  const char* variant;
  std::vector<Step> steps;
  int resign_seat = -1;  // after the steps
};

const std::vector<SceneDef>& scenes() {
  static const std::vector<SceneDef> all = {
      {{"chess", "FIDE chess, the start verified"}, "chess", {}},
      {{"four-player", "chess.com four-player FFA, Red's h2 pawn lifted: its moves as dots"},
       "chesscom-ffa",
       {{"h2", nullptr}}},
      {{"chess-four", "001 Chess Four, the start"}, "chess-four", {}},
      {{"corners", "000 corner-square game (corners-short), the start"}, "corners-short", {}},
      {{"bipartite", "004 Bipartite, stage two's start (the power pieces)"}, "bipartite-stage2", {}},
      {{"check", "chess: 1.e4 f5 2.Qh5+, then Black's a7-a6 ignores the check"},
       "chess",
       {{"e2", "e4"}, {"f7", "f5"}, {"d1", "h5"}, {"a7", "a6"}}},
      {{"promotion", "chess: a pawn reaches h8: which piece?"},
       "chess",
       {{"h2", "h4"},
        {"g7", "g5"},
        {"h4", "g5"},
        {"h7", "h6"},
        {"g5", "h6"},
        {"f8", "g7"},
        {"h6", "g7"},
        {"e7", "e6"},
        {"g7", "h8"}}},
      {{"mate", "chess: fool's mate, the game over"},
       "chess",
       {{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}, {"d8", "h4"}}},
      {{"resigned", "chess.com FFA: Blue resigns, his army dead"}, "chesscom-ffa", {}, 1},
  };
  return all;
}

}  // namespace

const std::vector<SceneInfo>& scene_list() {
  static const std::vector<SceneInfo> list = [] {
    std::vector<SceneInfo> out;
    for (const SceneDef& s : scenes()) out.push_back(s.info);
    return out;
  }();
  return list;
}

std::unique_ptr<KioskGame> make_scene_game(std::string_view name, std::string& error) {
  const auto def = std::find_if(scenes().begin(), scenes().end(),
                                [&](const SceneDef& s) { return s.info.name == name; });
  if (def == scenes().end()) {
    error = "unknown demo '" + std::string(name) + "'";
    return nullptr;
  }
  KioskGameOptions options;
  options.variant = def->variant;
  // Played so that its last input comes just before kiosk time 0: a timer
  // it starts (a question's, a piece held in the air) runs from there.
  Ms length = kSettle;
  for (const Step& step : def->steps) length += step.to == nullptr ? kClick : 2 * kClick + kSettle;
  if (def->resign_seat >= 0) length += kClick;
  Ms t = -length - kClick;
  std::unique_ptr<KioskGame> game = KioskGame::create(options, t, error);
  if (!game) return nullptr;
  game->tick(t += kSettle);  // the start is verified
  auto click = [&](const char* square) {
    if (const std::optional<Cell> cell = parse_cell_name(square))
      game->apply(SquareClicked{*cell, ClickModifier::kNone}, t += kClick);
  };
  for (const Step& step : def->steps) {
    click(step.from);
    if (step.to == nullptr) continue;  // held in the air
    click(step.to);
    game->tick(t += kSettle);
  }
  if (def->resign_seat >= 0) game->apply(Resign{SeatIndex{def->resign_seat}}, t += kClick);
  return game;
}

std::optional<KioskView> make_scene(std::string_view name) {
  std::string error;
  std::unique_ptr<KioskGame> game = make_scene_game(name, error);
  if (!game) return std::nullopt;
  return game->view();
}

}  // namespace tabula::ui
