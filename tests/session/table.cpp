#include "table.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/replay.h"
#include "inference/physical_board.h"
#include "variants/variant_loader.h"

#include "test_source_dir.h"

namespace tabula::testing {

using session::Millis;

namespace {

std::shared_ptr<const core::RuleSet> load(const std::string& variant, const std::string& named) {
  auto r = variants::load_id(variant, named);
  if (!r.ok()) throw std::runtime_error(r.error_text());
  return r.rules;
}

core::Position position(const core::RuleSet& rules, const std::string& text) {
  std::string t = text.empty() ? rules.start_fen : text;
  auto pos = rules.four_player_notation ? core::parse_fen4(rules, t) : core::parse_fen(rules, t);
  if (!pos.ok()) throw std::runtime_error("bad start: " + pos.error().message);
  return pos.value();
}

std::string final_position(const core::Game& g) {
  if (!g.rules().four_player_notation) return core::to_fen(g.position());
  core::SeatPoints points{};
  for (int s = 0; s < g.rules().seat_count(); ++s)
    points[static_cast<std::size_t>(s)] = g.points(core::seat_at(s));
  return core::to_fen4(g.position(), points);
}

}  // namespace

Table::Table(const std::string& variant, const std::string& start, session::SessionSettings s,
             const std::string& named)
    : rules_(load(variant, named)) {
  session_ = std::make_unique<session::Session>(
      std::vector<std::shared_ptr<const core::RuleSet>>{rules_}, position(*rules_, start), s);
}

Table::Table(std::shared_ptr<const core::RuleSet> rules, const core::Position& start,
             session::SessionSettings s)
    : rules_(std::move(rules)) {
  session_ = std::make_unique<session::Session>(
      std::vector<std::shared_ptr<const core::RuleSet>>{rules_}, start, s);
}

core::Square Table::sq(const std::string& name) const {
  core::Square q = rules_->geometry.parse(name);
  if (q == core::kNoSquare) {
    // A cell of a merged square, or a hole: by file and rank.
    int file = name[0] - 'a';
    int rank = std::stoi(name.substr(1)) - 1;
    return core::make_square(file, rank);
  }
  return q;
}

void Table::feed(const session::Input& in) {
  session_->handle(in);
}

Table& Table::lay_out() {
  const core::Position p = session_->snapshot().position;
  for (int i = 0; i < core::kMaxSquares; ++i) {
    core::Square q = static_cast<core::Square>(i);
    if (rules_->geometry.playable(q) && !p.at(q).empty()) {
      feed(session::SquareEvent{Millis{now_}, rules_->geometry.cells_of(q).front(), true});
    }
  }
  return *this;
}

Table& Table::setup() {
  lay_out();
  return wait(session_->settings().tracker.settle.count() + 50);
}

Table& Table::up(const std::string& square, long gap_ms) {
  now_ += gap_ms;
  feed(session::SquareEvent{Millis{now_}, sq(square), false});
  return *this;
}

Table& Table::down(const std::string& square, long gap_ms) {
  now_ += gap_ms;
  feed(session::SquareEvent{Millis{now_}, sq(square), true});
  return *this;
}

Table& Table::wait(long ms) {
  now_ += ms;
  feed(session::Tick{Millis{now_}});
  return *this;
}

Table& Table::intent(session::Intent in, long gap_ms) {
  now_ += gap_ms;
  in.time = Millis{now_};
  feed(in);
  return *this;
}

Table& Table::move(const std::string& from, const std::string& to, long gap_ms) {
  bool capture = !session_->game().position().at(sq(to)).empty();
  if (capture) up(to, gap_ms);
  up(from, capture ? 150 : gap_ms);
  return down(to, 250);
}

std::vector<std::string> Table::moves() const {
  std::vector<std::string> out;
  for (const session::AcceptedMove& m : session_->moves()) out.push_back(m.text);
  return out;
}

std::vector<session::Ruling> Table::rulings(std::optional<session::RulingKind> kind) const {
  std::vector<session::Ruling> out;
  for (const session::Ruling& r : session_->history()) {
    if (!kind || r.kind == *kind) out.push_back(r);
  }
  return out;
}

std::string Table::transcript() const {
  std::string out;
  for (const session::Ruling& r : session_->history()) {
    out += "[" + std::to_string(r.time.count()) + "] " + core::to_string(r.severity) + " " +
           session::to_string(r.kind) + ": " + r.text + "\n";
  }
  return out;
}

std::string Table::last_text(session::RulingKind kind) const {
  std::string out;
  for (const session::Ruling& r : session_->history()) {
    if (r.kind == kind) out = r.text;
  }
  return out;
}

// ---- records ------------------------------------------------------------------------

std::string shared_data(const std::string& rel) {
  // The records are part of the repository (tests/data/pgn4/SOURCES.md): a
  // missing one is a failure (cannot read ...), not a skip.
  return std::string(TABULA_SOURCE_DIR) + "/tests/data/pgn4/" + rel;
}

LoadedRecord load_record(const std::string& variant, const std::string& path, int game) {
  LoadedRecord out;
  std::ifstream in(path);
  if (!in) {
    out.error = "cannot read " + path;
    return out;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  auto records = core::parse_pgn(ss.str());
  if (!records.ok() || static_cast<int>(records->size()) < game) {
    out.error = "cannot parse game " + std::to_string(game) + " of " + path;
    return out;
  }
  out.record = (*records)[static_cast<std::size_t>(game - 1)];
  // The start as `tabula replay` reads it: a named array, a FEN4/FEN tag, or the variant's own.
  auto base = variants::load_id(variant);
  if (!base.ok()) {
    out.error = base.error_text();
    return out;
  }
  std::string start_tag = out.record.tag("StartFen4");
  std::string fen_tag = out.record.tag("FEN");
  std::string named;
  if (start_tag.empty() && fen_tag.empty()) named = base.rules->untagged_record_start;
  for (const std::string& n : base.rules->start_names) {
    if (n == start_tag) named = n;
  }
  out.rules = named.empty() ? base.rules : variants::load_id(variant, named).rules;
  std::string text = out.rules->start_fen;
  if (named.empty() && !start_tag.empty()) text = start_tag;
  if (named.empty() && start_tag.empty() && !fen_tag.empty()) text = fen_tag;
  core::SeatPoints points{};
  auto pos = out.rules->four_player_notation ? core::parse_fen4(*out.rules, text, &points)
                                             : core::parse_fen(*out.rules, text);
  if (!pos.ok()) {
    out.error = "bad start: " + pos.error().message;
    return out;
  }
  out.start = pos.value();
  out.points = points;
  return out;
}

PreparedRecord prepare_record(const LoadedRecord& rec) {
  PreparedRecord out;
  out.loaded = rec;
  // Expected: the record itself, replayed by the rules core.
  core::ReplayResult rr = core::replay(rec.rules, *rec.start, rec.points, rec.record);
  if (!rr.ok) {
    out.error = "the record does not replay: " + rr.error;
    return out;
  }
  core::Game mirror(rec.rules, *rec.start, rec.points);
  for (const core::Move& m : rr.game->moves()) {
    out.expected.push_back(core::long_algebraic(mirror.position(), m));
    mirror.play(m);
  }
  out.expected_position = final_position(*rr.game);
  auto actions = session::actions_from_record(rec.rules, *rec.start, rec.points, rec.record);
  if (!actions.ok()) {
    out.error = actions.error().message;
    return out;
  }
  out.actions = actions.value();
  return out;
}

PreparedRecord prepare_random_game(const std::string& variant, std::uint64_t seed, int max_plies) {
  return prepare_game(
      variant,
      [seed](const core::Game& g, int ply) {
        return g.random_move(seed * 7919 + static_cast<std::uint64_t>(ply));
      },
      max_plies);
}

PreparedRecord prepare_game(
    const std::string& variant,
    const std::function<std::optional<core::Move>(const core::Game&, int ply)>& pick,
    int max_plies) {
  PreparedRecord out;
  auto base = variants::load_id(variant);
  if (!base.ok()) {
    out.error = base.error_text();
    return out;
  }
  LoadedRecord& rec = out.loaded;
  rec.rules = base.rules;
  rec.start = position(*rec.rules, "");
  core::Game g(rec.rules, *rec.start, rec.points);
  for (int ply = 0; ply < max_plies && !g.outcome().over; ++ply) {
    std::optional<core::Move> m = pick(g, ply);
    if (!m) break;
    out.expected.push_back(core::long_algebraic(g.position(), *m));
    session::Action a;
    a.move = *m;
    a.seat = g.to_move();
    out.actions.push_back(a);
    g.play(*m);
  }
  out.expected_position = final_position(g);
  return out;
}

RecordRun run_record(const PreparedRecord& prep, const session::GeneratorSettings& gs,
                     inference::TrackerSettings tracker) {
  RecordRun run;
  const LoadedRecord& rec = prep.loaded;
  auto script = session::generate_script(rec.rules, *rec.start, prep.actions, gs);
  if (!script.ok()) {
    run.error = script.error().message;
    return run;
  }
  session::SessionSettings settings;
  settings.tracker = tracker;
  settings.tracker.settle = gs.settle;
  settings.random_moves = session::RandomMoves::kAcceptAnyLegal;  // records made elsewhere
  session::Session s({rec.rules}, *rec.start, settings);
  auto keep = [&](const session::Output& o) {
    for (const session::Ruling& r : o.rulings) {
      if (r.severity == core::Severity::kIllegal || r.kind == session::RulingKind::kOperator) {
        run.problems.push_back("[" + std::to_string(r.time.count()) + " ms] " +
                               session::to_string(r.kind) + ": " + r.text);
      }
    }
  };
  for (const session::Input& in : script->inputs) keep(s.handle(in));
  run.inputs = script->inputs.size();
  for (int guard = 0; guard < 100; ++guard) {
    auto d = s.next_deadline();
    if (!d) break;
    keep(s.tick(*d));
  }
  for (const session::AcceptedMove& m : s.moves()) run.inferred.push_back(m.text);
  run.inferred_position = final_position(s.game());
  return run;
}

PreparedRecord prepare_recapture_game(const std::string& variant, std::uint64_t seed, bool& done) {
  std::optional<core::Move> recapture;
  done = false;
  auto pick = [&](const core::Game& g, int ply) -> std::optional<core::Move> {
    if (done) return std::nullopt;
    if (recapture) {
      done = true;
      return recapture;
    }
    // Hardest first: the moved piece could instead have captured the
    // recapturing piece, so a bounce of its reed shows that other capture.
    const core::MoveList legal = g.legal_moves();
    auto could_take = [&](core::Square from, core::Square to) {
      for (const core::Move& x : legal) {
        if (x.from == from && x.to == to) return true;
      }
      return false;
    };
    for (int hard = 1; hard >= 0; --hard) {
      for (const core::Move& m : legal) {
        if (m.kind == core::MoveKind::kPlacement) continue;
        core::Game after = g;
        after.play(m);
        if (after.outcome().over) continue;
        for (const core::Move& r : after.legal_moves()) {
          if (r.to != m.to || r.kind == core::MoveKind::kPlacement) continue;
          if (hard && !could_take(m.from, r.from)) continue;
          recapture = r;
          return m;
        }
      }
      if (ply < 8) break;  // the easy kind only once the game has opened up
    }
    return g.random_move(seed * 104729 + static_cast<std::uint64_t>(ply));
  };
  return prepare_game(variant, pick, 60);
}

bool no_illegal(const Table& t) {
  for (const auto& r : t.rulings()) {
    if (r.severity == core::Severity::kIllegal) return false;
  }
  return true;
}

void put_position(session::Session& s, const core::Geometry& g, const core::Position& pos, session::Millis& t,
                  session::Millis step) {
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const auto q = static_cast<core::Square>(i);
    if (g.playable(q) && !pos.at(q).empty()) s.on_event({t += step, q, true});
  }
}

void lift_everything(session::Session& s, session::Millis& t, session::Millis step) {
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (s.tracker().board().cells().test(i)) s.on_event({t += step, static_cast<core::Square>(i), false});
  }
}

Table italian(session::SessionSettings s) {
  Table t("chess", "", s);
  t.setup();
  t.move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  t.move("g1", "f3").wait(700).move("b8", "c6").wait(700);
  t.move("f1", "c4").wait(700).move("f8", "c5").wait(700);
  return t;
}

}  // namespace tabula::testing
