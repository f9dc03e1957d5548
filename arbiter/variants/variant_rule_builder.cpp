// variant_rule_builder.cpp — the Builder: the rules of play (pawns,
// draws, checks, eliminations, the ledger, relations, the game's end), the
// corners (000) and the rule modules (variant_builder.h).
#include "variants/variant_builder.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "core/fen.h"
#include "core/fen4.h"

namespace tabula::variants::detail {

void Builder::build_rules() {
  // The bot's evaluation switches (house switches of the engine, not rules).
  if (v_.evaluation().has_opening_terms()) rs_->evaluation.opening_terms = v_.evaluation().opening_terms();
  const variant::Pawns& p = v_.pawns();
  rs_->pawns.double_step = v_.has_pawns() ? std::max(1, p.double_step()) : 2;
  if (v_.has_pawns() && p.double_step() == 0) rs_->pawns.double_step = 2;
  switch (p.en_passant()) {
    case variant::EN_PASSANT_OFF: rs_->pawns.en_passant = core::EnPassantWindow::kOff; break;
    case variant::EN_PASSANT_UNTIL_OWNER_MOVES_AGAIN:
      rs_->pawns.en_passant = core::EnPassantWindow::kUntilOwnerMovesAgain;
      break;
    default: rs_->pawns.en_passant = core::EnPassantWindow::kNextMoverOnly; break;
  }
  rs_->pawns.en_passant_between = p.en_passant_facing_seats_only()
                                      ? core::EnPassantBetween::kFacingSeatsOnly
                                      : core::EnPassantBetween::kAnyOpponent;
  for (int i = 0; i < v_.promotion().choice_size(); ++i) {
    core::PieceKind k = piece(v_.promotion().choice(i), {{"promotion"}, {"choice", i}});
    if (k != core::kNoKind) rs_->promotion.choices.push_back(k);
  }
  rs_->promotion.mandatory = !v_.promotion().optional();
  rs_->promotion.edge = v_.promotion().edge() == variant::PROMOTION_EDGE_HOSTILE_ONLY
                            ? core::PromotionEdge::kHostileEdgeOnly
                            : core::PromotionEdge::kOwnZone;
  rs_->draws.fifty_move_plies = v_.draws().fifty_move_plies();
  rs_->draws.repetitions = v_.draws().repetitions();
  rs_->draws.insufficient_material = v_.draws().insufficient_material();
  rs_->draws.automatic_move_plies = v_.draws().automatic_move_plies();
  rs_->draws.automatic_repetitions = v_.draws().automatic_repetitions();
  rs_->draws.move_rule_live_plies_only = v_.draws().move_rule_live_plies_only();
  rs_->draws.insufficient_material_last_two_bare_king = v_.draws().insufficient_material_last_two_bare_king();
  for (int i = 0; i < v_.draws().repetition_era_size(); ++i) {
    const auto& era = v_.draws().repetition_era(i);
    const std::string& d = era.until();
    bool date = d.size() == 10 && d[4] == '-' && d[7] == '-' &&
                std::all_of(d.begin(), d.end(), [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
    if (!date) error({{"draws"}, {"repetition_era", i}, {"until"}}, "\"" + d + "\" is not a date YYYY-MM-DD");
    if (i > 0 && d <= v_.draws().repetition_era(i - 1).until())
      error({{"draws"}, {"repetition_era", i}, {"until"}}, "the eras must be in date order, oldest first");
    if (era.automatic_repetitions() < 0)
      error({{"draws"}, {"repetition_era", i}, {"automatic_repetitions"}}, "must not be negative");
    rs_->draws.repetition_eras.push_back({d, era.automatic_repetitions()});
  }
  rs_->draws.automatic_by_standing = v_.draws().automatic_end() == variant::DRAW_END_STANDING;
  rs_->draws.no_move_round = v_.draws().no_move_round() == variant::NO_MOVE_ROUND_ARBITER
                                 ? core::NoMoveRound::kArbiter
                                 : core::NoMoveRound::kDraw;
  rs_->checks.mate_timing = v_.checks().mate_timing() == variant::MATE_TIMING_AFTER_EVERY_MOVE
                                ? core::MateTiming::kAfterEveryMove
                                : core::MateTiming::kStartOfTurn;
  rs_->checks.king_capture = v_.checks().king_capture();
  rs_->checks.king_capture_lifts_attacks = v_.checks().king_capture_lifts_attacks();
  if (rs_->checks.king_capture_lifts_attacks && !rs_->checks.king_capture) {
    error({{"checks"}, {"king_capture_lifts_attacks"}}, "needs checks.king_capture: true");
  }
  rs_->checks.multiple_mates = v_.checks().multiple_mates() == variant::MULTIPLE_MATES_IN_TURN_ORDER
                                   ? core::MultipleMates::kInTurnOrder
                                   : core::MultipleMates::kSimultaneous;
  rs_->checks.mate_credit = v_.checks().mate_credit() == variant::MATE_CREDIT_NEXT_CHECKER
                                ? core::MateCredit::kNextChecker
                                : core::MateCredit::kLatestChecker;
  rs_->checks.bare_king = v_.checks().bare_king();
  if (v_.stage_size() > 1) error({{"stage", 1}}, "at most one stage can follow a variant");
  for (int i = 0; i < v_.stage_size() && i < 1; ++i) {
    core::NextStage next;
    next.variant = v_.stage(i).variant();
    next.name = v_.stage(i).name();
    if (next.variant.empty()) error({{"stage", i}}, "a stage needs the variant id it plays");
    for (int c = 0; c < v_.stage(i).choice_size(); ++c) {
      const auto& ch = v_.stage(i).choice(c);
      core::StageChoice choice;
      choice.winner = seat(ch.winner(), {{"stage", i}, {"choice", c}, {"winner"}});
      choice.option = ch.option();
      choice.start = ch.start();
      if (choice.option.empty() || choice.start.empty()) {
        error({{"stage", i}, {"choice", c}}, "a stage choice needs winner, option and start");
      }
      next.choices.push_back(choice);
    }
    rs_->next_stage.push_back(next);
  }
  switch (v_.checks().stalemate()) {
    case variant::STALEMATE_ELIMINATE_WITH_POINTS:
      rs_->checks.stalemate = core::StalemateRule::kEliminateWithPoints;
      break;
    case variant::STALEMATE_PASS: rs_->checks.stalemate = core::StalemateRule::kPass; break;
    case variant::STALEMATE_PLACEMENT: rs_->checks.stalemate = core::StalemateRule::kPlacement; break;
    default: rs_->checks.stalemate = core::StalemateRule::kDraw; break;
  }
  auto policy = [](variant::EliminationPolicy e) {
    switch (e) {
      case variant::ELIMINATION_POLICY_FROZEN_CAPTURABLE_BY_OPPONENTS:
        return core::EliminationPolicy::kFrozenCapturableByOpponents;
      case variant::ELIMINATION_POLICY_REMOVED: return core::EliminationPolicy::kRemoved;
      case variant::ELIMINATION_POLICY_RANDOM_MOVER: return core::EliminationPolicy::kRandomMover;
      case variant::ELIMINATION_POLICY_DEAD_KING_WALKING: return core::EliminationPolicy::kDeadKingWalking;
      default: return core::EliminationPolicy::kDeadObstacles;
    }
  };
  rs_->elimination.on_mate = policy(v_.elimination().on_mate());
  rs_->elimination.on_stalemate = policy(v_.elimination().on_stalemate());
  rs_->elimination.on_resign = policy(v_.elimination().on_resign());
  rs_->elimination.on_timeout = policy(v_.elimination().on_timeout());
  rs_->elimination.walking_king_takes_own_pieces = v_.elimination().walking_king_takes_own_pieces();
  rs_->elimination.frozen_king_capturable = v_.elimination().frozen_king_capturable();
  rs_->elimination.resign_in_turn_passes_turn = v_.elimination().resign_in_turn_passes_turn();

  const variant::Ledger& l = v_.ledger();
  switch (l.kind()) {
    case variant::LEDGER_KIND_POINTS: rs_->ledger.kind = core::LedgerKind::kPoints; break;
    case variant::LEDGER_KIND_TOKENS: rs_->ledger.kind = core::LedgerKind::kTokens; break;
    default: rs_->ledger.kind = core::LedgerKind::kNone; break;
  }
  rs_->ledger.mate_points = l.mate_points();
  rs_->ledger.stalemate_points = l.stalemate_points();
  rs_->ledger.survivor_bonus_per_king = l.survivor_bonus_per_king();
  rs_->ledger.tokens_per_seat = l.tokens_per_seat();
  rs_->ledger.removed_when_no_tokens_left = l.removed_when_no_tokens_left();
  rs_->ledger.double_check_bonus = l.double_check_bonus();
  rs_->ledger.double_check_bonus_queen = l.double_check_bonus_queen();
  rs_->ledger.triple_check_bonus = l.triple_check_bonus();
  rs_->ledger.triple_check_bonus_queen = l.triple_check_bonus_queen();
  rs_->ledger.check_bonus_live_kings_only = l.check_bonus_live_kings_only();
  rs_->ledger.draw_points = l.draw_points();
  rs_->ledger.insufficient_material_draw_points = l.insufficient_material_draw_points();
  auto share = [](variant::PointsShare ps) {
    switch (ps) {
      case variant::POINTS_SHARE_SPLIT: return core::PointsShare::kSplit;
      case variant::POINTS_SHARE_EACH: return core::PointsShare::kEach;
      case variant::POINTS_SHARE_SPLIT_ROUNDED_UP: return core::PointsShare::kSplitRoundedUp;
      default: return core::PointsShare::kNobody;
    }
  };
  rs_->ledger.stuck_walking_king_share = share(l.stuck_walking_king_share());
  rs_->ledger.draw_walking_king_share = share(l.draw_walking_king_share());
  rs_->ledger.queen_check_bonus_any_checker = l.queen_check_bonus_any_checker();
  rs_->ledger.draw_pays_leaving_player = l.draw_pays_leaving_player();
  for (int i = 0; i < l.queen_check_piece_size(); ++i) {
    core::PieceKind k = piece(l.queen_check_piece(i), {{"ledger"}, {"queen_check_piece", i}});
    if (k != core::kNoKind) rs_->ledger.reduced_check_bonus_kinds.push_back(k);
  }
  for (int i = 0; i < l.tie_break_size(); ++i) {
    Seat s = seat(l.tie_break(i), {{"ledger"}, {"tie_break", i}});
    if (s != core::kNoSeat) rs_->ledger.tie_break.push_back(s);
  }

  switch (v_.relations().kind()) {
    case variant::RELATIONS_KIND_FIXED_TEAMS: rs_->relations.kind = core::RelationsKind::kFixedTeams; break;
    case variant::RELATIONS_KIND_ALLIES_VASSALS:
      rs_->relations.kind = core::RelationsKind::kAlliesVassals;
      break;
    default: rs_->relations.kind = core::RelationsKind::kEveryoneAgainstEveryone; break;
  }
  for (int t = 0; t < v_.relations().team_size(); ++t) {
    std::vector<Seat> team;
    for (int i = 0; i < v_.relations().team(t).seat_size(); ++i) {
      Seat s = seat(v_.relations().team(t).seat(i), {{"relations"}, {"team", t}, {"seat", i}});
      if (s != core::kNoSeat) team.push_back(s);
    }
    rs_->relations.teams.push_back(team);
  }
  rs_->relations.removal_exposure = v_.relations().removal_exposure() == variant::REMOVAL_EXPOSURE_ANY_ATTACKER
                                        ? core::RemovalExposure::kAnyAttacker
                                        : core::RemovalExposure::kNewOpponentOnly;
  rs_->relations.removal_order = v_.relations().removal_order() == variant::REMOVAL_ORDER_IN_SEAT_ORDER
                                     ? core::RemovalOrder::kInSeatOrder
                                     : core::RemovalOrder::kSimultaneous;
  switch (v_.game_end()) {
    case variant::GAME_END_ONE_SIDE_LEFT: rs_->game_end = core::GameEnd::kOneSideLeft; break;
    case variant::GAME_END_SUZERAIN_ONLY: rs_->game_end = core::GameEnd::kSuzerainOnly; break;
    case variant::GAME_END_FILL_OPPONENT_HOME: rs_->game_end = core::GameEnd::kFillOpponentHome; break;
    default: rs_->game_end = core::GameEnd::kFirstMate; break;
  }
  rs_->four_player_notation = v_.notation() == variant::NOTATION_FEN4;
}

// Sheet 000: the corner-square rules, each one a switch (proto Corners).
void Builder::build_corners() {
  const variant::Corners& c = v_.corners();
  core::CornerRules& r = rs_->corners;
  r.enabled = c.enabled();
  if (!r.enabled) return;
  const variant::Board& b = v_.board();
  for (int i = 0; i < b.merged_size(); ++i) {
    if (b.merged(i).owner().empty()) continue;
    Seat owner = seat(b.merged(i).owner(), {{"board"}, {"merged", i}, {"owner"}});
    Square anchor = rs_->geometry.parse(b.merged(i).cell_size() > 0 ? b.merged(i).cell(0) : "");
    if (owner == core::kNoSeat || anchor == core::kNoSquare) continue;
    if (r.own[core::index_of(owner)] != core::kNoSquare) {
      error({{"board"}, {"merged", i}, {"owner"}}, "seat \"" + b.merged(i).owner() + "\" owns two corner squares");
    }
    r.own[core::index_of(owner)] = anchor;
  }
  for (int s = 0; s < static_cast<int>(rs_->seats.size()); ++s) {
    if (r.own[s] == core::kNoSquare) {
      error({{"corners"}}, "corners are enabled, but seat \"" + rs_->seats[s].name +
                               "\" owns no corner square (board { merged { owner } })");
    }
  }
  for (int i = 0; i < v_.piece_size(); ++i) {
    if (v_.piece(i).name() == "bishop") r.bishop = core::kind_at(i);
    if (v_.piece(i).name() == "queen") r.queen = core::kind_at(i);
  }
  if (r.bishop == core::kNoKind || r.queen == core::kNoKind) {
    error({{"corners"}}, "corners need pieces called \"bishop\" and \"queen\" (the bishops become queens)");
  }
  r.only_target_may_be_mated = c.only_target_may_be_mated();
  r.turn_to_checked_player = c.turn_to_checked_player();
  r.check_credited_to_mover = c.check_credited_to_mover();
  r.edge_pawn_truce = c.edge_pawn_truce();
  r.truce_round = c.truce_round() == variant::TRUCE_ROUND_OWN_FIRST_TURN ? core::TruceRound::kOwnFirstTurn
                                                                         : core::TruceRound::kUntilEverySeatMoved;
  r.king_enters_own_corner = c.king_enters_own_corner();
  r.bishops_become_queens = c.bishops_become_queens();
  r.immune_in_corner = c.immune_in_corner();
  r.must_leave_when_queens_lost = c.must_leave_when_queens_lost();
  r.may_leave_corner_at_will = c.may_leave_corner_at_will();
  r.resignation_wins_for_attacker = c.resignation_wins_for_attacker();
  const variant::TwoPlayerPhase& t = c.two_player();
  core::TwoPlayerRules& tp = r.two_player;
  tp.enabled = t.enabled();
  for (int i = 0; i < t.area_size(); ++i) {
    const std::string& text = t.area(i);
    auto colon = text.find(':');
    std::vector<Step> path{{"corners"}, {"two_player"}, {"area", i}};
    if (colon == std::string::npos) {
      error(path, "area \"" + text + "\" must be a rectangle \"c3:j10\"");
      continue;
    }
    Square a = square(text.substr(0, colon), path, "area corner");
    Square z = square(text.substr(colon + 1), path, "area corner");
    if (a == core::kNoSquare || z == core::kNoSquare) continue;
    for (int f = std::min(core::file_of(a), core::file_of(z)); f <= std::max(core::file_of(a), core::file_of(z)); ++f)
      for (int rk = std::min(core::rank_of(a), core::rank_of(z)); rk <= std::max(core::rank_of(a), core::rank_of(z)); ++rk)
        if (rs_->geometry.playable(core::make_square(f, rk))) tp.area.set(core::index_of(core::make_square(f, rk)));
  }
  if (t.area_size() == 0) {
    for (int i = 0; i < core::kMaxSquares; ++i) {
      Square q = static_cast<Square>(i);
      if (rs_->geometry.playable(q) && !rs_->geometry.merged(q)) tp.area.set(i);
    }
  }
  tp.enter_area_warning = t.enter_area_warning();
  tp.stay_in_area = t.stay_in_area();
  tp.exit_corner_onto_area = t.exit_corner_onto_area();
  tp.corner_queens_revert = t.corner_queens_revert();
  tp.no_check_until_inside = t.no_check_until_inside();
  tp.adjacent_survivors_switch = t.adjacent_survivors_switch();
  tp.corner_king_mated_when_stuck = t.corner_king_mated_when_stuck();
  switch (t.stalemate()) {
    case variant::STALEMATE_PASS: tp.stalemate = core::StalemateRule::kPass; break;
    default: tp.stalemate = core::StalemateRule::kDraw; break;
  }
}


// Issue 30 item 1: the rule modules the game plays (core/rule_module.h),
// chosen by the data; each at most once, and every module the data needs
// listed (a variant would otherwise play a sheet's data without its rules).
void Builder::build_modules() {
  struct Need {
    variant::RuleModule id;
    core::RuleModule module;
    const char* name;
    bool needed;      // the data plays this module's rules
    const char* why;  // what in the data needs it
    bool required;    // the module may only be listed where its data is
  };
  const auto& elim = v_.elimination();
  const bool walking = elim.on_resign() == variant::ELIMINATION_POLICY_DEAD_KING_WALKING ||
                       elim.on_timeout() == variant::ELIMINATION_POLICY_DEAD_KING_WALKING ||
                       elim.on_mate() == variant::ELIMINATION_POLICY_DEAD_KING_WALKING ||
                       elim.on_stalemate() == variant::ELIMINATION_POLICY_DEAD_KING_WALKING;
  const Need needs[] = {
      {variant::RULE_MODULE_CORNERS, core::RuleModule::kCorners, "RULE_MODULE_CORNERS", rs_->corners.enabled,
       "corners { enabled: true }", true},
      {variant::RULE_MODULE_RELATIONS, core::RuleModule::kRelations, "RULE_MODULE_RELATIONS",
       rs_->relations.kind == core::RelationsKind::kAlliesVassals, "relations { kind: RELATIONS_KIND_ALLIES_VASSALS }",
       true},
      {variant::RULE_MODULE_STAGES, core::RuleModule::kStages, "RULE_MODULE_STAGES",
       rs_->checks.bare_king || rs_->game_end == core::GameEnd::kFillOpponentHome,
       "checks { bare_king: true } or game_end: GAME_END_FILL_OPPONENT_HOME", true},
      {variant::RULE_MODULE_CHESSCOM, core::RuleModule::kChessCom, "RULE_MODULE_CHESSCOM", walking,
       "an ELIMINATION_POLICY_DEAD_KING_WALKING policy", true},
      {variant::RULE_MODULE_TEAMS, core::RuleModule::kTeams, "RULE_MODULE_TEAMS",
       rs_->relations.kind != core::RelationsKind::kEveryoneAgainstEveryone && !rs_->relations.teams.empty(),
       "teams (relations { team { ... } })", true},
      {variant::RULE_MODULE_POINTS, core::RuleModule::kPoints, "RULE_MODULE_POINTS",
       rs_->ledger.kind == core::LedgerKind::kPoints, "ledger { kind: LEDGER_KIND_POINTS }", true},
  };
  std::array<bool, core::kRuleModuleCount> listed{};
  for (int i = 0; i < v_.modules_size(); ++i) {
    const Need* need = nullptr;
    for (const Need& n : needs)
      if (n.id == v_.modules(i)) need = &n;
    if (!need) {
      error({{"modules", i}}, "modules: " + std::string(variant::RuleModule_Name(v_.modules(i))) +
                                  " is not a rule module (expected one of RULE_MODULE_CORNERS, "
                                  "RULE_MODULE_RELATIONS, RULE_MODULE_STAGES, RULE_MODULE_CHESSCOM, "
                                  "RULE_MODULE_TEAMS, RULE_MODULE_POINTS)");
      continue;
    }
    auto at = static_cast<std::size_t>(need->module);
    if (listed[at]) {
      error({{"modules", i}}, std::string("modules: ") + need->name + " is listed twice");
      continue;
    }
    listed[at] = true;
    if (need->required && !need->needed) {
      error({{"modules", i}}, std::string("modules: ") + need->name + " is listed, but the variant has no " +
                                  need->why + " for it to play");
      continue;
    }
    rs_->modules.push_back(need->module);
  }
  for (const Need& n : needs) {
    if (n.needed && !listed[static_cast<std::size_t>(n.module)]) {
      error({{"modules"}}, std::string("modules: the variant has ") + n.why + ", so it must list " + n.name);
    }
  }
}

}  // namespace tabula::variants::detail
