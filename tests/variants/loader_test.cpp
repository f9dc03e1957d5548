// Variant files: every shipped file loads; broken files get file:line:column
// messages saying what was expected (issue 2, "Variant files").
#include "variants/variant_loader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tabula::variants {
namespace {

// A minimal valid two-seat variant, with markers to break one line at a time.
const std::string kGood = R"(id: "mini"
name: "Mini"
board { files: 4 ranks: 4 }
piece { name: "king" letter: "K" betza: "K" royal: true }
piece { name: "rook" letter: "R" betza: "R" value: 5 }
seat { name: "South" letter: "w" edge: EDGE_SOUTH }
seat { name: "North" letter: "b" edge: EDGE_NORTH }
turn_order: ["South", "North"]
start_fen: "k3/4/4/1R1K w - - 0 1"
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

Diagnostic first_error(const std::string& text) {
  LoadResult r = load_text(text, "mini.txtpb");
  EXPECT_FALSE(r.ok()) << "accepted:\n" << text;
  return r.diagnostics.empty() ? Diagnostic{} : r.diagnostics.front();
}

TEST(VariantLoader, EveryShippedVariantLoads) {
  auto ids = list_ids();
  ASSERT_FALSE(ids.empty()) << variants_dir();
  for (const auto& id : ids) {
    LoadResult r = load_id(id);
    EXPECT_TRUE(r.ok()) << id << ":\n" << r.error_text();
    if (r.ok()) {
      EXPECT_EQ(r.rules->id, id);
    }
  }
}

// The installed kiosk runs as user tabula; a package built under /root
// compiles in a source path that user may not look at (EACCES there ended
// the kiosk with "filesystem error: status: Permission denied"). A path that
// cannot be looked at falls back to the installed directory; root bypasses
// EACCES, so a symlink loop (ELOOP) stands in for it here.
TEST(VariantLoader, ASourceDirThatCannotBeLookedAtFallsBackToTheInstalledOne) {
  namespace fs = std::filesystem;
  const fs::path tmp = fs::temp_directory_path() / ("tabula-variants-dir-" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "variants");
  fs::create_symlink("loop", tmp / "loop");  // loop -> loop
  const std::string installed = "/usr/share/tabula/variants";
  EXPECT_EQ(choose_variants_dir(nullptr, (tmp / "loop" / "variants").string(), installed), installed);
  EXPECT_EQ(choose_variants_dir(nullptr, std::string(5000, 'x'), installed), installed);  // ENAMETOOLONG
  EXPECT_EQ(choose_variants_dir(nullptr, (tmp / "absent").string(), installed), installed);
  EXPECT_EQ(choose_variants_dir(nullptr, "", installed), installed);
  EXPECT_EQ(choose_variants_dir(nullptr, (tmp / "variants").string(), installed), (tmp / "variants").string());
  EXPECT_EQ(choose_variants_dir("", (tmp / "variants").string(), installed), (tmp / "variants").string());
  EXPECT_EQ(choose_variants_dir("/elsewhere", (tmp / "variants").string(), installed), "/elsewhere");
  fs::remove_all(tmp);
}

// Session 15, the attacker's round: what is read as a variant file. A FIFO
// named X.txtpb made `tabula check` (and the kiosk's list of variants, which
// loads every file of the directory) wait for ever; a link to /dev/zero was
// read without end; a directory loaded as an empty variant. Each load runs
// in a child with a deadline, so a loader that waits fails the test.
std::string load_in_child(const std::string& path) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const std::string said = load_file(path).error_text();
    const ssize_t n = ::write(fds[1], said.data(), said.size());
    ::_exit(n == static_cast<ssize_t>(said.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  int status = 0;
  for (int i = 0; i < 200 && ::waitpid(pid, &status, WNOHANG) == 0; ++i) ::usleep(50000);
  if (::waitpid(pid, &status, WNOHANG) == 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    ::close(fds[0]);
    return "(the load did not end within 10 s)";
  }
  std::string said;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) said.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  return said;
}

TEST(VariantLoader, OnlyAPlainFileOfBoundedSizeIsReadAsAVariant) {
  namespace fs = std::filesystem;
  const fs::path tmp = fs::temp_directory_path() / ("tabula-hostile-variants-" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "dir.txtpb");
  ASSERT_EQ(::mkfifo((tmp / "fifo.txtpb").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", tmp / "zero.txtpb");
  {
    std::ofstream big(tmp / "big.txtpb", std::ios::binary);
    big << kGood << std::string(2 << 20, '#');
  }
  const std::pair<const char*, const char*> cases[] = {
      {"fifo.txtpb", ": is a FIFO, not a variant file; nothing was read"},
      {"zero.txtpb", ": is a device, not a variant file; nothing was read"},
      {"dir.txtpb", ": is a directory, not a variant file; nothing was read"},
      {"big.txtpb", " bytes; a variant file is at most 1048576 bytes"},
      {"absent.txtpb", ": cannot be read (No such file or directory)"},
  };
  for (const auto& [name, said] : cases) {
    const std::string text = load_in_child((tmp / name).string());
    EXPECT_EQ(text.rfind((tmp / name).string() + ": ", 0), 0u) << name << ": " << text;
    EXPECT_NE(text.find(said), std::string::npos) << name << ": " << text;
  }
  // A link to a plain file is read (an installed directory may hold links).
  {
    std::ofstream mini(tmp / "mini-real.txtpb");
    mini << kGood;
  }
  fs::create_symlink(tmp / "mini-real.txtpb", tmp / "mini.txtpb");
  LoadResult linked = load_file((tmp / "mini.txtpb").string());
  EXPECT_TRUE(linked.ok()) << linked.error_text();
  fs::remove_all(tmp);
}

TEST(VariantLoader, AFilesControlBytesAreNeverPrintedRaw) {
  // The id quoted in a diagnostic held a NUL and a terminal escape as they were.
  const std::string text = replace(kGood, "id: \"mini\"", "id: \"mi\\0ni\\033[2J\"");
  LoadResult r = load_text(text, "mini.txtpb");
  ASSERT_FALSE(r.ok());
  const std::string said = r.error_text();
  EXPECT_EQ(said.find('\0'), std::string::npos) << said;
  EXPECT_EQ(said.find('\033'), std::string::npos) << said;
  EXPECT_NE(said.find("id \"mi\\x00ni\\x1b[2J\" does not match the file name"), std::string::npos) << said;
  // UTF-8 is left whole.
  LoadResult named = load_text(replace(kGood, "id: \"mini\"", "id: \"min\xC3\xAB\""), "mini.txtpb");
  EXPECT_NE(named.error_text().find("id \"min\xC3\xAB\""), std::string::npos) << named.error_text();
}

TEST(VariantLoader, GoodMiniVariantLoads) {
  LoadResult r = load_text(kGood, "mini.txtpb");
  ASSERT_TRUE(r.ok()) << r.error_text();
  EXPECT_EQ(r.rules->geometry.playable_count(), 16);
  EXPECT_EQ(r.rules->seat_count(), 2);
}

TEST(VariantLoader, UnknownFieldIsRejectedWithLineAndColumn) {
  Diagnostic d = first_error(replace(kGood, "name: \"Mini\"", "colour: \"Mini\""));
  EXPECT_EQ(d.file, "mini.txtpb");
  EXPECT_EQ(d.line, 2);
  EXPECT_GT(d.column, 0);
  EXPECT_NE(d.message.find("colour"), std::string::npos) << d.message;
  EXPECT_EQ(d.to_string().rfind("mini.txtpb:2:", 0), 0u) << d.to_string();
}

TEST(VariantLoader, BadEnumValueIsRejected) {
  Diagnostic d = first_error(replace(kGood, "EDGE_NORTH", "EDGE_UP"));
  EXPECT_EQ(d.line, 7);
  EXPECT_NE(d.message.find("EDGE_UP"), std::string::npos) << d.message;
}

TEST(VariantLoader, BadMovementStringNamesThePieceLine) {
  Diagnostic d = first_error(replace(kGood, "betza: \"R\"", "betza: \"Rx\""));
  EXPECT_EQ(d.line, 5);
  EXPECT_GT(d.column, 1);
  EXPECT_NE(d.message.find("movement \"Rx\", character 2"), std::string::npos) << d.message;
}

TEST(VariantLoader, SquareOffTheBoardIsNamed) {
  std::string text = kGood + "castling { seat: \"South\" side: CASTLING_SIDE_KING king_from: \"d1\" rook_from: \"z9\" }\n";
  Diagnostic d = first_error(text);
  EXPECT_EQ(d.line, 10);
  EXPECT_NE(d.message.find("rook_from \"z9\" is not a square"), std::string::npos) << d.message;
}

// s17-club: a seat's colour on the screens (Chess Four's four).
TEST(VariantLoader, ASeatsColourIsSixHexDigitsAndABadOneNamesTheSeat) {
  LoadResult good = load_text(replace(kGood, "edge: EDGE_NORTH }", "edge: EDGE_NORTH colour: \"#966225\" }"), "mini.txtpb");
  ASSERT_TRUE(good.ok()) << good.error_text();
  EXPECT_FALSE(good.rules->seats[0].colour);
  ASSERT_TRUE(good.rules->seats[1].colour);
  EXPECT_EQ(*good.rules->seats[1].colour, 0x966225U);
  for (const char* bad : {"966225", "#96622", "#9662250", "#96622g", "red", "#-12345"}) {
    Diagnostic d = first_error(replace(kGood, "edge: EDGE_NORTH }", std::string("edge: EDGE_NORTH colour: \"") + bad + "\" }"));
    EXPECT_EQ(d.line, 7) << bad;
    EXPECT_NE(d.message.find("seat \"North\": colour must be \"#RRGGBB\""), std::string::npos) << d.message;
    EXPECT_NE(d.message.find(std::string("got \"") + bad + "\""), std::string::npos) << d.message;
  }
}

TEST(VariantLoader, UnknownSeatInTurnOrderListsTheSeats) {
  Diagnostic d = first_error(replace(kGood, "[\"South\", \"North\"]", "[\"South\", \"West\"]"));
  EXPECT_EQ(d.line, 8);
  EXPECT_NE(d.message.find("no seat is called \"West\"; the seats are South, North"), std::string::npos)
      << d.message;
}

TEST(VariantLoader, BadRepetitionEraIsNamed) {
  // Issue 31 item 7: the era's date must be YYYY-MM-DD, the eras in order.
  Diagnostic d = first_error(kGood + "draws { repetition_era { until: \"19.03.2022\" automatic_repetitions: 5 } }\n");
  EXPECT_EQ(d.line, 10);
  EXPECT_NE(d.message.find("\"19.03.2022\" is not a date YYYY-MM-DD"), std::string::npos) << d.message;
  d = first_error(kGood + "draws { repetition_era { until: \"2021-12-31\" automatic_repetitions: 5 }\n"
                          "  repetition_era { until: \"2020-01-01\" automatic_repetitions: 4 } }\n");
  EXPECT_NE(d.message.find("oldest first"), std::string::npos) << d.message;
  LoadResult ok = load_text(kGood + "draws { repetition_era { until: \"2021-12-31\" automatic_repetitions: 5 } }\n",
                            "mini.txtpb");
  ASSERT_TRUE(ok.ok()) << ok.error_text();
  ASSERT_EQ(ok.rules->draws.repetition_eras.size(), 1u);
  EXPECT_EQ(ok.rules->draws.repetition_eras[0].automatic_repetitions, 5);
}

TEST(VariantLoader, RuleModulesAreCheckedAgainstTheData) {
  // Issue 30 item 1: the data chooses the sheets' modules; a module the
  // data needs must be listed, a listed one must have its data, none twice.
  Diagnostic d = first_error(kGood + "checks { bare_king: true }\n");
  EXPECT_NE(d.message.find("checks { bare_king: true } or game_end: GAME_END_FILL_OPPONENT_HOME, so it must list "
                           "RULE_MODULE_STAGES"),
            std::string::npos)
      << d.message;
  d = first_error(kGood + "modules: [RULE_MODULE_CORNERS]\n");
  EXPECT_EQ(d.line, 10);
  EXPECT_NE(d.message.find("RULE_MODULE_CORNERS is listed, but the variant has no corners { enabled: true }"),
            std::string::npos)
      << d.message;
  d = first_error(kGood + "checks { bare_king: true }\nmodules: [RULE_MODULE_STAGES, RULE_MODULE_STAGES]\n");
  EXPECT_NE(d.message.find("RULE_MODULE_STAGES is listed twice"), std::string::npos) << d.message;
  d = first_error(kGood + "modules: [RULE_MODULE_UNSPECIFIED]\n");
  EXPECT_NE(d.message.find("RULE_MODULE_UNSPECIFIED is not a rule module"), std::string::npos) << d.message;
  d = first_error(kGood + "modules: [RULE_MODULE_NONSENSE]\n");
  EXPECT_EQ(d.line, 10);
  // 001's teams and 002's points are modules too (issue 30 item 1, s8).
  const std::string teams =
      "relations { kind: RELATIONS_KIND_FIXED_TEAMS team { name: \"s\" seat: [\"South\"] } "
      "team { name: \"n\" seat: [\"North\"] } }\n";
  d = first_error(kGood + teams);
  EXPECT_NE(d.message.find("modules: the variant has teams (relations { team { ... } }), so it must list "
                           "RULE_MODULE_TEAMS"),
            std::string::npos)
      << d.message;
  d = first_error(kGood + "modules: [RULE_MODULE_TEAMS]\n");
  EXPECT_EQ(d.line, 10);
  EXPECT_NE(d.message.find("RULE_MODULE_TEAMS is listed, but the variant has no teams"), std::string::npos)
      << d.message;
  d = first_error(kGood + "ledger { kind: LEDGER_KIND_POINTS mate_points: 20 }\n");
  EXPECT_NE(d.message.find("ledger { kind: LEDGER_KIND_POINTS }, so it must list RULE_MODULE_POINTS"),
            std::string::npos)
      << d.message;
  d = first_error(kGood + "ledger { kind: LEDGER_KIND_TOKENS }\nmodules: [RULE_MODULE_POINTS]\n");
  EXPECT_EQ(d.line, 11);
  EXPECT_NE(d.message.find("RULE_MODULE_POINTS is listed, but the variant has no ledger { kind: "
                           "LEDGER_KIND_POINTS } for it to play"),
            std::string::npos)
      << d.message;
  d = first_error(kGood + teams + "modules: [RULE_MODULE_TEAMS, RULE_MODULE_POINTS, RULE_MODULE_TEAMS]\n");
  EXPECT_NE(d.message.find("RULE_MODULE_POINTS is listed, but"), std::string::npos) << d.message;
  LoadResult points = load_text(kGood + teams + "ledger { kind: LEDGER_KIND_POINTS }\n"
                                "modules: [RULE_MODULE_TEAMS, RULE_MODULE_POINTS]\n", "mini.txtpb");
  ASSERT_TRUE(points.ok()) << points.error_text();
  EXPECT_EQ(points.rules->modules, (std::vector<core::RuleModule>{core::RuleModule::kTeams, core::RuleModule::kPoints}));
  LoadResult ok = load_text(kGood + "checks { bare_king: true }\nmodules: [RULE_MODULE_STAGES]\n", "mini.txtpb");
  ASSERT_TRUE(ok.ok()) << ok.error_text();
  ASSERT_EQ(ok.rules->modules.size(), 1u);
  EXPECT_EQ(ok.rules->modules[0], core::RuleModule::kStages);
}

TEST(VariantLoader, ShippedVariantsChooseTheirSheetsModules) {
  // The data chooses: every shipped sheet variant names its module, chess none.
  const std::pair<const char*, std::vector<core::RuleModule>> expected[] = {
      {"chess", {}},
      {"chess-four", {core::RuleModule::kTeams}},
      {"four-kingdoms", {core::RuleModule::kPoints}},
      {"chesscom-teams", {core::RuleModule::kTeams}},
      {"corners-short", {core::RuleModule::kCorners}},
      {"corners-long", {core::RuleModule::kCorners}},
      {"corners-mini", {core::RuleModule::kCorners}},
      {"allies-vassals", {core::RuleModule::kTeams, core::RuleModule::kRelations}},
      {"bipartite", {core::RuleModule::kStages}},
      {"bipartite-stage2", {core::RuleModule::kStages}},
      {"chesscom-ffa", {core::RuleModule::kPoints, core::RuleModule::kChessCom}},
  };
  for (const auto& [id, modules] : expected) {
    LoadResult r = load_id(id);
    ASSERT_TRUE(r.ok()) << id << ": " << r.error_text();
    EXPECT_EQ(r.rules->modules, modules) << id;
  }
}

TEST(VariantLoader, ImpossibleStartPositionIsRejected) {
  Diagnostic d = first_error(replace(kGood, "k3/4/4/1R1K w", "4/4/4/1R1K w"));
  EXPECT_EQ(d.line, 9);
  EXPECT_NE(d.message.find("North has 0 kings"), std::string::npos) << d.message;
  d = first_error(replace(kGood, "k3/4/4/1R1K w", "k3/4/4/1R1X w"));
  EXPECT_NE(d.message.find("character 11: unknown piece letter 'X'"), std::string::npos) << d.message;
}

TEST(VariantLoader, DuplicateLettersAndSeatsAreRejected) {
  Diagnostic d = first_error(replace(kGood, "letter: \"R\"", "letter: \"K\""));
  EXPECT_NE(d.message.find("share the letter K"), std::string::npos) << d.message;
  d = first_error(replace(kGood, "name: \"North\"", "name: \"South\""));
  EXPECT_NE(d.message.find("seat \"South\" is defined twice"), std::string::npos) << d.message;
}

TEST(VariantLoader, BoardLimitsAreChecked) {
  Diagnostic d = first_error(replace(kGood, "files: 4", "files: 17"));
  EXPECT_EQ(d.line, 3);
  EXPECT_NE(d.message.find("outside 1x1..16x16"), std::string::npos) << d.message;
}

TEST(VariantLoader, IdMustMatchTheFileName) {
  LoadResult r = load_text(kGood, "other.txtpb");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.diagnostics.front().message.find("does not match the file name other.txtpb"),
            std::string::npos);
}

TEST(VariantLoader, SyntaxErrorsComeFromTheParserWithPosition) {
  Diagnostic d = first_error(replace(kGood, "board { files: 4 ranks: 4 }", "board { files: 4 ranks: 4"));
  EXPECT_GT(d.line, 0);
  EXPECT_FALSE(d.message.empty());
}

TEST(VariantLoader, InheritanceReplacesFieldsAndDetectsCycles) {
  namespace fs = std::filesystem;
  // A directory of this process's own: the normal and the sanitizer pass
  // run this suite at the same time (scripts/test.sh).
  fs::path dir = fs::temp_directory_path() / ("tabula_loader_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "mini.txtpb") << kGood;
  std::ofstream(dir / "mini-wide.txtpb")
      << "id: \"mini-wide\"\ninherits: \"mini\"\nboard { files: 5 }\nstart_fen: \"k4/5/5/1R2K w - - 0 1\"\n";
  LoadResult r = load_file((dir / "mini-wide.txtpb").string());
  ASSERT_TRUE(r.ok()) << r.error_text();
  EXPECT_EQ(r.rules->geometry.width(), 5);
  EXPECT_EQ(r.rules->geometry.height(), 4) << "ranks come from the parent";
  EXPECT_EQ(r.rules->pieces.size(), 2u);

  std::ofstream(dir / "loop-a.txtpb") << "id: \"loop-a\"\ninherits: \"loop-b\"\n";
  std::ofstream(dir / "loop-b.txtpb") << "id: \"loop-b\"\ninherits: \"loop-a\"\n";
  LoadResult loop = load_file((dir / "loop-a.txtpb").string());
  ASSERT_FALSE(loop.ok());
  EXPECT_NE(loop.error_text().find("inheritance cycle"), std::string::npos) << loop.error_text();

  LoadResult missing = load_text("id: \"orphan\"\ninherits: \"nowhere\"\n", (dir / "orphan.txtpb").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error_text().find("cannot be read"), std::string::npos);
  fs::remove_all(dir);
}

TEST(VariantLoader, UnknownIdListsKnownVariants) {
  LoadResult r = load_id("no-such-variant");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("known variants: "), std::string::npos);
  EXPECT_NE(r.error_text().find("chess"), std::string::npos);
  EXPECT_FALSE(load_id("../etc/passwd").ok());
}

TEST(VariantLoader, MissingFileIsAnError) {
  LoadResult r = load_file("/nonexistent/x.txtpb");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("cannot be read"), std::string::npos);
}

}  // namespace
}  // namespace tabula::variants
