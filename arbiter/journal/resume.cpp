#include "journal/resume.h"

#include "core/fen.h"
#include "core/fen4.h"
#include "core/quote.h"
#include "core/ruling.h"
#include "session/bot_seats.h"

namespace tabula::journal {

std::optional<core::Position> start_position(const JournalHeader& h, const core::RuleSet& rules, std::string& error) {
  auto pos = rules.four_player_notation ? core::parse_fen4(rules, h.start_position) : core::parse_fen(rules, h.start_position);
  if (!pos.ok()) {
    // Quoted short and printable: an edited header may hold a megabyte or escapes.
    error = "bad start position " + core::quote_input(h.start_position) + ": " + pos.error().message;
    return std::nullopt;
  }
  return std::move(pos.value());
}

StoredRuling stored_ruling(std::int64_t input_seq, const session::Ruling& r) {
  return {input_seq, r.time.count(), r.game ? core::to_string(r.game->kind) : session::to_string(r.kind),
          core::to_string(r.severity), r.text};
}

namespace {

std::string ruling_line(const StoredRuling& r) {
  return "input " + std::to_string(r.input_seq) + " [" + std::to_string(r.time_ms) + " ms] " +
         core::quote_input(r.severity + " " + r.kind + ": " + r.text);
}

// The first difference between the stored and the derived rulings, or "".
std::string rulings_difference(const std::vector<StoredRuling>& stored, const std::vector<StoredRuling>& derived,
                               const std::string& path) {
  const auto same = [](const StoredRuling& a, const StoredRuling& b) {
    return a.input_seq == b.input_seq && a.time_ms == b.time_ms && a.kind == b.kind && a.severity == b.severity &&
           a.text == b.text;
  };
  std::size_t i = 0;
  while (i < stored.size() && i < derived.size() && same(stored[i], derived[i])) ++i;
  if (i == stored.size() && i == derived.size()) return {};
  return path + ": the journal's rulings differ from what its inputs give at ruling " + std::to_string(i + 1) +
         " (stored: " + (i < stored.size() ? ruling_line(stored[i]) : std::string("nothing")) +
         "; given now: " + (i < derived.size() ? ruling_line(derived[i]) : std::string("nothing")) + ", of " +
         std::to_string(stored.size()) + " stored and " + std::to_string(derived.size()) +
         " given): the rulings given now are shown and published (the rulings rows were edited, or written by "
         "another version); the journal is left as it is";
}

// s31-fallback: the Stockfish seats a resume keeps on Tabula's engine, said
// once (the failure is not heard again), and a fallback input of a seat that
// is not a Stockfish seat (the session does not know the bots; bot_task()
// does not use it), named with its input's number.
void fallback_words(const JournalContents& contents, const std::string& path, const core::RuleSet& rules,
                    Resumed& r) {
  if (r.session->bot_engine_changes().empty()) return;
  auto bots = session::parse_bot_seats(contents.header.bots, rules);
  auto stockfish = [&](core::Seat s) {
    const session::BotSeat* b = bots.ok() ? bots->find(s) : nullptr;
    return b != nullptr && b->engine == session::BotEngine::kStockfish ? b : nullptr;
  };
  const core::Game& g = r.session->game();
  for (std::size_t i = 0; i < contents.inputs.size(); ++i) {
    const auto* in = std::get_if<session::Intent>(&contents.inputs[i]);
    if (in == nullptr || in->kind != session::IntentKind::kBotFallback || in->seat == core::kNoSeat ||
        core::index_of(in->seat) >= rules.seat_count() || stockfish(in->seat) != nullptr) {
      continue;
    }
    const std::int64_t seq = i < contents.input_seqs.size() ? contents.input_seqs[i] : static_cast<std::int64_t>(i) + 1;
    if (!r.fallback_warning.empty()) r.fallback_warning += "; ";
    r.fallback_warning += path + ": input " + std::to_string(seq) + " is a Stockfish fallback for " +
                          g.seat_name(in->seat) + ", which is not a Stockfish seat (bots: " +
                          (contents.header.bots.empty() ? std::string("none") : core::quote_input(contents.header.bots)) +
                          "): it is not used; the journal is left as it is";
  }
  if (g.outcome().over) return;
  for (int i = 0; i < rules.seat_count(); ++i) {
    const core::Seat seat = core::seat_at(i);
    const session::BotSeat* b = stockfish(seat);
    const session::Session::BotEngineChange* c = r.session->bot_fallback(seat);
    if (b == nullptr || c == nullptr) continue;
    r.fallback_notes.push_back(session::engine_name(b->level) + " plays " + g.seat_name(seat) + " for " +
                               session::engine_name(*b) + " until this game ends, as before the restart (" +
                               c->text + ")");
  }
}

}  // namespace

Resumed resume(const JournalContents& contents, const std::string& path,
               const std::vector<std::shared_ptr<const core::RuleSet>>& stages) {
  Resumed r;
  if (stages.empty()) {
    r.error = path + ": no rules for variant " + contents.header.variant;
    return r;
  }
  std::string why;
  auto start = start_position(contents.header, *stages.front(), why);
  if (!start) {
    r.error = path + ": " + why;
    return r;
  }
  r.session.emplace(stages, *start, contents.header.settings());
  std::size_t move_index = 0;
  for (std::size_t input_index = 0; input_index < contents.inputs.size(); ++input_index) {
    const session::Input& in = contents.inputs[input_index];
    session::Output o = r.session->handle(in);
    const std::int64_t seq = input_index < contents.input_seqs.size() ? contents.input_seqs[input_index]
                                                                      : static_cast<std::int64_t>(input_index) + 1;
    for (const session::Ruling& ruling : o.rulings) r.rulings.push_back(stored_ruling(seq, ruling));
    for (const session::AcceptedMove& m : o.moves) {
      // The moves table is checked whole against the replay: a row whose
      // seat or stage was edited is as wrong as one whose text was.
      if (move_index < contents.moves.size() && contents.moves[move_index].text == m.text &&
          (contents.moves[move_index].seat != core::index_of(m.seat) || contents.moves[move_index].stage != m.stage)) {
        r.error = path + ": resuming differs from the journal at move " + std::to_string(move_index + 1) + " (" +
                  m.text + "): the journal has it by seat " + std::to_string(contents.moves[move_index].seat) +
                  " in stage " + std::to_string(contents.moves[move_index].stage) + ", the session by seat " +
                  std::to_string(core::index_of(m.seat)) + " in stage " + std::to_string(m.stage) +
                  " (the journal was edited or damaged)";
        r.session.reset();
        return r;
      }
      if (move_index >= contents.moves.size() || contents.moves[move_index].text != m.text) {
        r.error = path + ": resuming differs from the journal at move " + std::to_string(move_index + 1) +
                  ": the journal has " +
                  (move_index < contents.moves.size() ? core::quote_input(contents.moves[move_index].text)
                                                      : std::string("nothing")) +
                  ", the session plays " + core::quote_input(m.text) + " (was the journal written by other rules?)";
        r.session.reset();
        return r;
      }
      ++move_index;
    }
    r.last_input_time = session::time_of(in);
  }
  if (move_index != contents.moves.size()) {
    r.error = path + ": the journal holds " + std::to_string(contents.moves.size()) + " moves, resuming gives " +
              std::to_string(move_index);
    r.session.reset();
    return r;
  }
  r.inputs = contents.inputs.size();
  r.rulings_warning = rulings_difference(contents.rulings, r.rulings, path);
  fallback_words(contents, path, *stages.front(), r);
  return r;
}

JournalContents with_derived_rulings(JournalContents contents, const Resumed& r) {
  contents.rulings = r.rulings;
  return contents;
}

std::string state_summary(const session::Session& s) {
  const core::Game& g = s.game();
  const core::RuleSet& rules = g.rules();
  std::string out;
  out += "phase " + std::string(session::to_string(s.phase())) + "\n";
  out += "stage " + std::to_string(s.snapshot().stage) + "\n";
  core::SeatPoints points{};
  for (int i = 0; i < rules.seat_count(); ++i) points[static_cast<std::size_t>(i)] = g.points(core::seat_at(i));
  out += "position " + (rules.four_player_notation ? core::to_fen4(g.position(), points) : core::to_fen(g.position())) + "\n";
  for (int i = 0; i < rules.seat_count(); ++i) {
    core::Seat seat = core::seat_at(i);
    out += "seat " + rules.seats[static_cast<std::size_t>(i)].name + " status " +
           std::to_string(static_cast<int>(g.status(seat))) + " points " + std::to_string(g.points(seat)) +
           " ally " + std::to_string(static_cast<int>(g.vassalage().ally_of(seat))) + "\n";
  }
  out += "outcome " + std::string(g.outcome().over ? "over " : "on ") + g.outcome().reason + "\n";
  // The game's moves as they stand, then every move accepted, those taken
  // back (or withdrawn) marked (s31-takeback: the closing lines of `tabula
  // play --trace` listed them as the game's).
  out += "moves " + std::to_string(s.standing_count()) + " standing (" + std::to_string(s.moves().size()) +
         " accepted)\n";
  for (std::size_t i = 0; i < s.moves().size(); ++i) {
    const session::AcceptedMove& m = s.moves()[i];
    out += "move " + std::to_string(m.time.count()) + " " + m.text + (s.stands(i) ? "" : " (taken back or withdrawn)") +
           "\n";
  }
  for (const session::Request& r : s.requests()) {
    out += "request " + std::to_string(r.id) + " " + session::to_string(r.kind) + " " + r.prompt + "\n";
  }
  if (const auto& clock = s.clock()) {
    out += "clock " + session::describe(clock->control()) + " state " +
           std::to_string(static_cast<int>(clock->state())) + " running " +
           (clock->running() ? std::to_string(*clock->running()) : std::string("-")) +
           (s.clock_held() ? " held" : "") + "\n";
    for (int i = 0; i < clock->seat_count(); ++i) {
      out += "clock " + rules.seats[static_cast<std::size_t>(i)].name + " " +
             std::to_string(clock->remaining(i, s.now()).count()) + " ms" + (clock->flagged(i) ? " flagged" : "") +
             "\n";
    }
  }
  out += "time " + std::to_string(s.now().count()) + "\n";
  return out;
}

}  // namespace tabula::journal
