#include "journal/archive.h"

#include <map>

#include "core/fen.h"
#include "journal/resume.h"
#include "session/bot_seats.h"
#include "session/session.h"

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

std::string export_record(const JournalHeader& h, const core::Game& game, const std::vector<std::string>& comments) {
  return core::write_pgn(game, export_tags(h, game), comments);
}

std::vector<std::string> bot_comments(const JournalHeader& h, const std::vector<session::Input>& inputs,
                                      const std::vector<std::shared_ptr<const core::RuleSet>>& stages) {
  if (stages.empty() || stages.front()->seat_count() != 2) return {};  // Stockfish plays two-seat chess only
  auto bots = session::parse_bot_seats(h.bots, *stages.front());
  if (!bots.ok()) return {};
  auto stockfish = [&](core::Seat s) -> const session::BotSeat* {
    const session::BotSeat* b = bots->find(s);
    return b != nullptr && b->engine == session::BotEngine::kStockfish ? b : nullptr;
  };
  // No Stockfish seat, nothing to say: the journal is not replayed again.
  if (stockfish(core::seat_at(0)) == nullptr && stockfish(core::seat_at(1)) == nullptr) return {};
  std::string why;
  auto start = start_position(h, *stages.front(), why);
  if (!start) return {};
  struct Made {
    core::Seat seat = core::kNoSeat;
    std::string engine;   // the kBotMove intent's text
    std::string warning;  // the advice just before it, if any
    core::Move move;
  };
  session::Session s(stages, *start, h.settings());
  std::optional<Made> pending;  // a Stockfish seat's announced move, not yet played
  std::map<std::size_t, Made> made;  // by the game's move index
  // The advice of a Stockfish seat without an arrow (Stockfish's failure,
  // said before the announcement), until that seat's next announcement or a
  // move: the kiosk journals it a loop before the announcement, with ticks
  // or board events between.
  std::map<core::Seat, std::string> warned;
  for (const session::Input& in : inputs) {
    const std::size_t moves_before = s.game().moves().size();
    const int stage_before = s.match().stage();
    s.handle(in);
    const core::Game& g = s.game();
    const session::Intent* i = std::get_if<session::Intent>(&in);
    // s31-fallback: the journaled fallback says it (older journals: the advice).
    const bool fell_back = i != nullptr && i->kind == session::IntentKind::kBotFallback &&
                           i->option != static_cast<int>(session::BotFallbackReason::kStockfishAgain);
    if (i != nullptr && (fell_back || (i->kind == session::IntentKind::kAdvice && i->move == core::Move{})) &&
        stockfish(i->seat) != nullptr) {
      warned[i->seat] = i->text;
    }
    if (i != nullptr && i->kind == session::IntentKind::kBotMove && stockfish(i->seat) != nullptr) {
      Made m{i->seat, i->text, "", i->move};
      if (auto w = warned.find(i->seat); w != warned.end()) {
        m.warning = w->second;
        warned.erase(w);
      }
      pending = m;
    }
    if (s.match().stage() != stage_before) made.clear();
    made.erase(made.lower_bound(g.moves().size()), made.end());  // taken back
    if (g.moves().size() != moves_before) warned.clear();
    if (g.moves().size() > moves_before) {
      if (pending && g.moves()[moves_before] == pending->move) made[moves_before] = *pending;
      pending.reset();
    }
  }
  const core::Game& g = s.game();
  // Two seats: the record holds one entry a move (a resignation or flag
  // after the last is a comment of write_pgn's own, not an entry).
  if (g.record().size() < g.moves().size()) return {};
  std::vector<std::string> comments(g.moves().size());
  std::map<core::Seat, bool> fallback;  // whether the seat's last bot move was the fallback's
  bool any = false;
  for (const auto& [index, m] : made) {
    const session::BotSeat* b = stockfish(m.seat);
    const std::string who = g.seat_name(m.seat);
    const bool tabula = m.engine != session::engine_name(*b);
    if (tabula && !fallback[m.seat]) {
      comments[index] = m.engine + " plays " + who + " from here" + (m.warning.empty() ? "" : ": " + m.warning);
      any = true;
    } else if (!tabula && fallback[m.seat]) {
      comments[index] = m.engine + " plays " + who + " again from here";
    }
    fallback[m.seat] = tabula;
  }
  if (!any) return {};
  return comments;
}

std::vector<std::string> bot_comments(const JournalHeader& h, const session::Session& s) {
  const core::Game& g = s.game();
  const core::RuleSet& rules = g.rules();
  if (rules.seat_count() != 2 || s.bot_move_marks().empty()) return {};
  auto bots = session::parse_bot_seats(h.bots, rules);
  if (!bots.ok()) return {};
  auto stockfish = [&](core::Seat seat) -> const session::BotSeat* {
    const session::BotSeat* b = bots->find(seat);
    return b != nullptr && b->engine == session::BotEngine::kStockfish ? b : nullptr;
  };
  if (g.record().size() < g.moves().size()) return {};
  // The marks that still hold (a move taken back and made again: the last one's).
  std::map<std::size_t, const session::Session::BotMoveMark*> made;
  for (const session::Session::BotMoveMark& m : s.bot_move_marks()) {
    if (m.stage != s.match().stage() || m.index >= g.moves().size() || !(g.moves()[m.index] == m.move) ||
        stockfish(m.seat) == nullptr) {
      continue;
    }
    made[m.index] = &m;
  }
  const auto& changes = s.bot_engine_changes();
  std::vector<std::string> comments(g.moves().size());
  std::map<core::Seat, bool> fallback;
  bool any = false;
  for (const auto& [index, m] : made) {
    const session::BotSeat* b = stockfish(m->seat);
    const std::string who = g.seat_name(m->seat);
    const bool tabula = m->engine != session::engine_name(*b);
    if (tabula && !fallback[m->seat]) {
      // Why: the seat's last fallback before the move was announced.
      std::string why;
      for (std::size_t c = std::min(m->changes, changes.size()); c-- > 0;) {
        if (changes[c].seat != m->seat) continue;
        if (changes[c].reason != session::BotFallbackReason::kStockfishAgain) why = changes[c].text;
        break;
      }
      comments[index] = m->engine + " plays " + who + " from here" + (why.empty() ? "" : ": " + why);
      any = true;
    } else if (!tabula && fallback[m->seat]) {
      comments[index] = m->engine + " plays " + who + " again from here";
    }
    fallback[m->seat] = tabula;
  }
  if (!any) return {};
  return comments;
}

}  // namespace tabula::journal
