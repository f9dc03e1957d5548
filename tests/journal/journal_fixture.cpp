#include "journal_fixture.h"

#include <sqlite3.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "session/trace_generator.h"
#include "variants/variant_loader.h"

namespace tabula::journal::testing {

ScratchDir::ScratchDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "tabula-journal-XXXXXX").string();
  path_ = mkdtemp(tmpl.data()) != nullptr ? tmpl : std::string();
  if (path_.empty()) throw std::runtime_error("mkdtemp failed");
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::shared_ptr<const core::RuleSet> rules_of(const std::string& variant) {
  variants::LoadResult r = variants::load_id(variant);
  if (!r.ok()) throw std::runtime_error("cannot load " + variant + ": " + r.error_text());
  return r.rules;
}

namespace {

session::Script make_script(const std::string& variant, const std::string& pgn, std::uint64_t seed) {
  auto rules = rules_of(variant);
  core::SeatPoints points{};
  auto start = rules->four_player_notation ? core::parse_fen4(*rules, rules->start_fen, &points)
                                           : core::parse_fen(*rules, rules->start_fen);
  if (!start.ok()) throw std::runtime_error("bad start");
  auto records = core::parse_pgn(pgn);
  if (!records.ok() || records->empty()) throw std::runtime_error("bad pgn");
  auto actions = session::actions_from_record(rules, *start, points, records->front());
  if (!actions.ok()) throw std::runtime_error("bad record: " + actions.error().message);
  session::GeneratorSettings gs;
  gs.seed = seed;
  auto script = session::generate_script(rules, *start, *actions, gs);
  if (!script.ok()) throw std::runtime_error("cannot script: " + script.error().message);
  return std::move(script.value());
}

}  // namespace

std::vector<session::Input> script_inputs(const std::string& variant, const std::string& pgn, std::uint64_t seed) {
  return make_script(variant, pgn, seed).inputs;
}

int write_trace(const std::string& variant, const std::string& pgn, std::uint64_t seed, const std::string& path) {
  auto rules = rules_of(variant);
  session::Script script_value = make_script(variant, pgn, seed);
  const session::Script* script = &script_value;
  std::ostringstream out;
  out << "# " << variant << ", seed " << seed << "\n";
  for (const session::Input& in : script->inputs) {
    if (const auto* e = std::get_if<session::SquareEvent>(&in)) {
      out << e->time.count() << " " << static_cast<char>('a' + core::file_of(e->square))
          << (core::rank_of(e->square) + 1) << (e->occupied ? " down" : " up") << "\n";
    } else if (const auto* i = std::get_if<session::Intent>(&in)) {
      if (i->kind == session::IntentKind::kResign || i->kind == session::IntentKind::kTimeout) {
        out << "#! " << i->time.count() << (i->kind == session::IntentKind::kResign ? " resign " : " timeout ")
            << rules->seats[static_cast<std::size_t>(core::index_of(i->seat))].name << "\n";
      } else {
        throw std::runtime_error("the test traces hold no other intents");
      }
    }
  }
  write_bytes(path, out.str());
  return static_cast<int>(script->moves.size());
}

JournalHeader chess_header(const std::string& event) {
  JournalHeader h;
  h.variant = "chess";
  h.start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  h.created = "2026.12.05 06:00:00.000";
  h.event = event;
  return h;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

void exec_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) throw std::runtime_error("open");
  char* error = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string why = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  if (rc != SQLITE_OK) throw std::runtime_error(path + ": " + why);
}

void cut_journal_after(const std::string& path, long long n) {
  std::string k = std::to_string(n);
  exec_sql(path, "DELETE FROM rulings WHERE input_seq > " + k + "; DELETE FROM moves WHERE input_seq > " + k +
                     "; DELETE FROM inputs WHERE seq > " + k + ";");
}

long long journal_inputs(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM inputs", -1, &st, nullptr);
  long long n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
  sqlite3_finalize(st);
  sqlite3_close(db);
  return n;
}

std::string final_state(const std::string& play_output) {
  std::size_t at = play_output.find("\nphase ");
  return at == std::string::npos ? std::string() : play_output.substr(at + 1);
}

}  // namespace tabula::journal::testing
