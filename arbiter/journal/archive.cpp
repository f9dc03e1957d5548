#include "journal/archive.h"

#include "core/fen.h"
#include "session/bot_seats.h"

namespace tabula::journal {

std::optional<core::PgnTag> unambiguous_ledger(const core::Game& game, const std::vector<core::PgnTag>& tags) {
  const core::RuleSet& rules = game.rules();
  if (rules.ledger.kind == core::LedgerKind::kNone || rules.seat_count() <= 2) return std::nullopt;
  bool ambiguous = false;
  for (int i = 0; i < rules.seat_count(); ++i) {
    for (const core::PgnTag& t : tags) {
      // The name write_pgn puts in the ledger: the first non-empty seat tag.
      if (t.name != rules.seats[static_cast<std::size_t>(i)].name || t.value.empty()) continue;
      ambiguous = ambiguous || t.value.find(" - ") != std::string::npos || t.value.find(": ") != std::string::npos;
      break;
    }
  }
  if (!ambiguous) return std::nullopt;
  std::string result;
  for (int i = 0; i < rules.seat_count(); ++i) {
    result += (i ? " - " : "") + rules.seats[static_cast<std::size_t>(i)].name + ": " +
              std::to_string(game.points(core::seat_at(i)));
  }
  return core::PgnTag{"Result", result};
}

std::vector<core::PgnTag> export_tags(const JournalHeader& h, const core::Game& game) {
  const core::RuleSet& rules = game.rules();
  const bool four = rules.seat_count() > 2;
  // "2026.11.29 13:07:05" -> "2026.11.29"
  std::string date = h.created.size() >= 10 ? h.created.substr(0, 10) : "????.??.??";
  // Issue 33: a bot seat is named by its engine and level when no player
  // name was given, and typed "program" (PGN's WhiteType/BlackType).
  auto bots = session::parse_bot_seats(h.bots, rules);
  auto bot = [&](int i) -> const session::BotSeat* { return bots.ok() ? bots->find(core::seat_at(i)) : nullptr; };
  auto player = [&](int i) {
    if (static_cast<std::size_t>(i) < h.players.size() && !h.players[static_cast<std::size_t>(i)].empty()) {
      return h.players[static_cast<std::size_t>(i)];
    }
    if (const session::BotSeat* b = bot(i)) return session::engine_name(*b);
    return four ? rules.seats[static_cast<std::size_t>(i)].name : std::string("?");
  };
  auto bot_tags = [&](std::vector<core::PgnTag>& tags) {
    for (int i = 0; i < rules.seat_count(); ++i) {
      if (bot(i) != nullptr) tags.push_back({rules.seats[static_cast<std::size_t>(i)].name + "Type", "program"});
    }
    if (bots.ok() && !bots->empty()) tags.push_back({"Bots", session::to_text(*bots, rules)});
  };
  std::vector<core::PgnTag> tags;
  if (!four) {
    tags = {{"Event", h.event}, {"Site", h.site}, {"Date", date}, {"Round", "-"}};
    for (int i = 0; i < rules.seat_count(); ++i) tags.push_back({rules.seats[static_cast<std::size_t>(i)].name, player(i)});
    const std::string start = core::to_fen(game.start());
    const auto usual = core::parse_fen(rules, rules.start_fen);
    if (!usual.ok() || start != core::to_fen(usual.value())) {
      tags.push_back({"SetUp", "1"});
      tags.push_back({"FEN", start});
    }
    tags.push_back({"Variant", h.variant == "chess" ? "Standard" : h.variant});
    bot_tags(tags);
  } else {
    tags = {{"Variant", h.variant}, {"StartFen4", h.start_name.empty() ? h.start_position : h.start_name}};
    for (int i = 0; i < rules.seat_count(); ++i) tags.push_back({rules.seats[static_cast<std::size_t>(i)].name, player(i)});
    tags.push_back({"Event", h.event});
    tags.push_back({"Site", h.site});
    tags.push_back({"Date", date});
    tags.push_back({"CurrentMove", std::to_string(game.record().size())});
    bot_tags(tags);
  }
  // PGN's TimeControl (seconds): "900+10" increment; delays have no PGN
  // form and are written as the base time ("300"), as club software reads it.
  std::string tc = "-";
  if (auto c = h.settings().time_control) {
    tc = std::to_string(c->initial.count() / 1000);
    if (c->mode == session::TimingMode::kIncrement) tc += "+" + std::to_string(c->bonus.count() / 1000);
  }
  tags.push_back({"TimeControl", tc});
  tags.push_back({"Annotator", "Tabula"});
  if (auto ledger = unambiguous_ledger(game, tags)) tags.push_back(*ledger);
  return tags;
}

std::string export_record(const JournalHeader& h, const core::Game& game) {
  return core::write_pgn(game, export_tags(h, game));
}

}  // namespace tabula::journal
