#include "core/match.h"

#include "core/fen.h"
#include "core/fen4.h"

namespace tabula::core {

Match::Match(std::vector<std::shared_ptr<const RuleSet>> stages, const Position& start)
    : stages_(std::move(stages)) {
  game_.emplace(stages_.front(), start);
  std::vector<Ruling> ignored;
  after_play(ignored);
}

std::vector<Ruling> Match::play(const Move& m) {
  std::vector<Ruling> out;
  if (state_ != State::kPlaying) {
    Ruling r;
    r.kind = RulingKind::kIllegalMove;
    r.severity = Severity::kIllegal;
    r.text = state_ == State::kFinished ? "the game is over" : "the stage is over: the next stage is being set up";
    out.push_back(r);
    return out;
  }
  out = game_->play(m);
  after_play(out);
  return out;
}

void Match::after_play(std::vector<Ruling>& out) {
  const Outcome& o = game_->outcome();
  if (!o.over || state_ != State::kPlaying) return;
  const RuleSet& rules = game_->rules();
  bool has_next = stage_ + 1 < static_cast<int>(stages_.size()) && !rules.next_stage.empty();
  if (o.draw || !has_next) {
    state_ = State::kFinished;
    return;
  }
  state_ = State::kChoosing;
  chooser_ = o.ranking.front();
  Ruling r;
  r.kind = RulingKind::kGameOver;
  r.seat = chooser_;
  r.text = game_->seat_name(chooser_) + " wins " + (stage_ == 0 ? "stage one" : "the stage") + " and chooses: ";
  std::vector<std::string> opts = options();
  for (std::size_t i = 0; i < opts.size(); ++i) r.text += (i ? " or " : "") + opts[i];
  out.push_back(r);
}

std::vector<std::string> Match::options() const {
  std::vector<std::string> out;
  if (state_ != State::kChoosing) return out;
  for (const StageChoice& c : game_->rules().next_stage.front().choices) {
    if (c.winner == chooser_) out.push_back(c.option);
  }
  return out;
}

std::optional<Error> Match::choose(const std::string& option) {
  if (state_ != State::kChoosing) return make_error("there is nothing to choose now");
  const NextStage& next = game_->rules().next_stage.front();
  const RuleSet& next_rules = *stages_[stage_ + 1];
  for (const StageChoice& c : next.choices) {
    if (c.winner != chooser_ || c.option != option) continue;
    for (const auto& [name, fen] : next_rules.named_starts) {
      if (name != c.start) continue;
      auto pos = next_rules.four_player_notation ? parse_fen4(next_rules, fen) : parse_fen(next_rules, fen);
      if (!pos.ok()) return make_error("the start \"" + name + "\" of " + next_rules.id + " is broken: " + pos.error().message);
      next_start_ = std::move(pos.value());
      state_ = State::kSetup;
      return std::nullopt;
    }
    return make_error(next_rules.id + " has no start called \"" + c.start + "\"");
  }
  std::string list;
  for (const auto& o : options()) list += (list.empty() ? "" : ", ") + o;
  return make_error("\"" + option + "\" is not an option; choose one of: " + list);
}

std::vector<Ruling> Match::setup_confirmed() {
  std::vector<Ruling> out;
  if (state_ != State::kSetup) return out;
  ++stage_;
  game_.emplace(stages_[stage_], *next_start_);
  next_start_.reset();
  state_ = State::kPlaying;
  Ruling r;
  r.kind = RulingKind::kMove;
  r.text = "stage " + std::to_string(stage_ + 1) + " begins: " + game_->seat_name(game_->to_move()) + " to move";
  out.push_back(r);
  auto opening = game_->opening_rulings();
  out.insert(out.end(), opening.begin(), opening.end());
  after_play(out);
  return out;
}

}  // namespace tabula::core
