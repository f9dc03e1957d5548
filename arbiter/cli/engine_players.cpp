#include "cli/engine_players.h"

#include <chrono>

#include "cli/engine_process.h"
#include "cli/options.h"
#include "core/notation.h"
#include "engine/levels.h"

namespace tabula::cli {
namespace {

class TabulaPlayer : public Player {
 public:
  TabulaPlayer(int level, engine::Family family, std::size_t table_mb, std::optional<bool> opening)
      : level_(level), family_(family), opening_(opening), engine_(table_mb) {}

  std::string name() const override {
    std::string n = level_ == 0 ? "tabula-greedy" : "tabula-level-" + std::to_string(level_);
    if (family_ != engine::Family::kAuto) n += std::string("-") + engine::to_string(family_);
    if (opening_) n += *opening_ ? "-opening-on" : "-opening-off";
    return n;
  }
  void new_game() override { engine_.clear(); }
  Choice choose(const core::Game& game, std::int64_t budget_us, std::uint64_t seed) override {
    engine::LevelSettings s = engine::level_settings(level_, budget_us, seed);
    s.options.family = family_;
    s.options.opening_terms = opening_;
    auto start = std::chrono::steady_clock::now();
    s.limits.elapsed_us = [start] {
      return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    };
    engine::SearchResult r = engine_.search(game, s.limits, s.options);
    Choice c;
    c.move = r.best;
    c.value = r.value;
    c.pv = pv_text(game, r.pv);
    c.nodes = r.nodes;
    return c;
  }

 private:
  int level_;
  engine::Family family_;
  std::optional<bool> opening_;  // the evaluation's opening terms; empty: the variant's switch
  engine::Engine engine_;
};

}  // namespace

std::unique_ptr<Player> make_tabula_player(int level, engine::Family family, std::size_t table_mb,
                                           std::optional<bool> opening) {
  return std::make_unique<TabulaPlayer>(level, family, table_mb, opening);
}

std::unique_ptr<Player> make_player(const std::string& spec, std::size_t table_mb, std::string& why) {
  if (spec == "greedy") return make_tabula_player(0, engine::Family::kAuto, table_mb);
  auto colon = spec.find(':');
  std::string kind = spec.substr(0, colon);
  std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (kind == "uci" || kind == "fourp") {
    if (rest.empty()) {
      why = "player \"" + spec + "\": " + kind + ": needs an engine path";
      return nullptr;
    }
    return kind == "uci" ? make_uci_player(rest, table_mb, why) : make_fourp_player(rest, table_mb, why);
  }
  engine::Family family = engine::Family::kAuto;
  if (kind == "paranoid") family = engine::Family::kParanoid;
  else if (kind == "maxn") family = engine::Family::kMaxN;
  else if (kind == "brs") family = engine::Family::kBestReply;
  else if (kind == "two-sided") family = engine::Family::kTwoSided;
  else if (kind != "level") {
    why = "player \"" + spec + "\": unknown kind \"" + kind + "\" (greedy, level:N, paranoid:N, maxn:N, brs:N, two-sided:N, uci:PATH, fourp:PATH)";
    return nullptr;
  }
  // ",opening=on|off": the evaluation's opening terms, against the
  // variant's switch (docs/ENGINE.md "Evaluation").
  std::optional<bool> opening;
  if (auto comma = rest.find(','); comma != std::string::npos) {
    const std::string option = rest.substr(comma + 1);
    rest.resize(comma);
    if (option == "opening=on" || option == "opening=off") {
      opening = option == "opening=on";
    } else {
      why = "player \"" + spec + "\": unknown option \"" + option + "\" (opening=on or opening=off)";
      return nullptr;
    }
  }
  long long level = 0;
  if (!parse_number(rest, engine::kMinLevel, engine::kMaxLevel, level)) {
    why = "player \"" + spec + "\": the level must be a number from " + std::to_string(engine::kMinLevel) + " to " +
          std::to_string(engine::kMaxLevel);
    return nullptr;
  }
  return make_tabula_player(static_cast<int>(level), family, table_mb, opening);
}

std::string pv_text(const core::Game& game, const std::vector<core::Move>& pv) {
  std::string text;
  core::Game g = game;
  for (const core::Move& m : pv) {
    if (g.outcome().over || !g.is_legal(m)) break;
    if (!text.empty()) text += ' ';
    text += core::coordinate(g.position(), m);
    g.play(m);
  }
  return text;
}

}  // namespace tabula::cli
