// Engines in other processes (arbiter/cli/engine_process.*): fake engines
// written as shell scripts that misbehave in each way the adapter must
// survive: an illegal move, silence, a crash, a missing file.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "cli/engine_players.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_files.h"
#include "variants/variant_loader.h"

namespace tabula::cli {
namespace {

core::Game chess_start() {
  auto r = variants::load_id("chess");
  EXPECT_TRUE(r.ok());
  auto pos = core::parse_fen(*r.rules, r.rules->start_fen);
  return core::Game(r.rules, *pos);
}

std::string script(const testing::TempDir& dir, const std::string& name, const std::string& body) {
  dir.write(name, "#!/bin/sh\n" + body);
  chmod(dir.file(name).c_str(), 0755);
  return dir.file(name);
}

// A UCI engine that answers every go with the given move; logs what it got.
std::string uci_answering(const testing::TempDir& dir, const std::string& move) {
  return script(dir, "engine.sh",
                "while read line; do echo \"$line\" >> " + dir.file("log") + "\n"
                "case \"$line\" in\n"
                "  uci) echo 'id name fake'; echo uciok;;\n"
                "  isready) echo readyok;;\n"
                "  go*) echo 'info depth 1 score cp 31 pv " + move + "'; echo 'bestmove " + move + "';;\n"
                "  quit) exit 0;;\n"
                "esac\ndone\n");
}

TEST(UciPlayer, PlaysTheEnginesLegalMoveWithItsScore) {
  testing::TempDir dir("uci");
  std::string why;
  auto p = make_player("uci:" + uci_answering(dir, "e2e4") + ",elo=1350", 1, why);
  ASSERT_TRUE(p) << why;
  core::Game g = chess_start();
  Choice c = p->choose(g, 20000, 1);
  ASSERT_TRUE(c.move);
  EXPECT_EQ(core::coordinate(g.position(), *c.move), "e2e4");
  EXPECT_EQ(c.value, 31);
  EXPECT_EQ(c.ruling, "");
  std::string log = testing::read_file(dir.file("log"));
  EXPECT_NE(log.find("setoption name UCI_LimitStrength value true"), std::string::npos) << log;
  EXPECT_NE(log.find("setoption name UCI_Elo value 1350"), std::string::npos) << log;
  EXPECT_NE(log.find("go movetime 20"), std::string::npos) << log;
}

TEST(UciPlayer, SendsTheMovesPlayedSoFar) {
  testing::TempDir dir("uci");
  std::string why;
  auto p = make_player("uci:" + uci_answering(dir, "g1f3"), 1, why);
  ASSERT_TRUE(p) << why;
  core::Game g = chess_start();
  core::Move m;
  ASSERT_TRUE(core::parse_coordinate(g.position(), "e2e4", m));
  g.play(m);
  ASSERT_TRUE(core::parse_coordinate(g.position(), "e7e5", m));
  g.play(m);
  Choice c = p->choose(g, 10000, 1);
  ASSERT_TRUE(c.move);
  std::string log = testing::read_file(dir.file("log"));
  EXPECT_NE(log.find("moves e2e4 e7e5"), std::string::npos) << log;
}

TEST(UciPlayer, AnIllegalMoveIsRefusedAndTabulaMovesInstead) {
  testing::TempDir dir("uci");
  std::string why;
  auto p = make_player("uci:" + uci_answering(dir, "e2e5"), 1, why);
  ASSERT_TRUE(p) << why;
  core::Game g = chess_start();
  Choice c = p->choose(g, 10000, 1);
  ASSERT_TRUE(c.move);
  EXPECT_TRUE(g.is_legal(*c.move));
  EXPECT_NE(c.ruling.find("refused the engine's illegal or unreadable move \"e2e5\""), std::string::npos) << c.ruling;
  EXPECT_NE(c.ruling.find("Tabula's engine"), std::string::npos) << c.ruling;
}

// The choice of a UCI engine made from `path` for the start position, which
// must be a legal move (the engine's or Tabula's in its place).
Choice replaced_choice(const std::string& path, std::unique_ptr<Player>& p, std::int64_t budget_us) {
  std::string why;
  p = make_player("uci:" + path, 1, why);
  EXPECT_TRUE(p) << why;
  if (!p) return {};
  core::Game g = chess_start();
  Choice c = p->choose(g, budget_us, 1);
  EXPECT_TRUE(c.move && g.is_legal(*c.move));
  return c;
}

TEST(UciPlayer, AnEngineThatCrashesIsRestartedThenReplaced) {
  testing::TempDir dir("uci");
  std::string starts = dir.file("starts");
  std::string path = script(dir, "crash.sh",
                            "echo start >> " + starts + "\n"
                            "while read line; do case \"$line\" in\n"
                            "  uci) echo uciok;; isready) echo readyok;; go*) exit 3;;\n"
                            "esac; done\n");
  std::unique_ptr<Player> p;
  Choice c = replaced_choice(path, p, 10000);
  EXPECT_NE(c.ruling.find("no bestmove"), std::string::npos) << c.ruling;
  EXPECT_EQ(testing::read_file(starts), "start\nstart\n");  // restarted once
}

TEST(UciPlayer, ASilentEngineIsGivenUpAfterItsGrace) {
  testing::TempDir dir("uci");
  std::string path = script(dir, "silent.sh",
                            "while read line; do case \"$line\" in\n"
                            "  uci) echo uciok;; isready) echo readyok;;\n"
                            "esac; done\n");
  std::unique_ptr<Player> p;
  Choice c = replaced_choice(path, p, 1000);
  EXPECT_NE(c.ruling.find("silent or crashed"), std::string::npos) << c.ruling;
  // Given up for the rest of the game: the next move does not wait again.
  ASSERT_TRUE(p);
  Choice next = p->choose(chess_start(), 1000, 2);
  ASSERT_TRUE(next.move);
  EXPECT_NE(next.ruling.find("replaced for the rest of the game"), std::string::npos) << next.ruling;
}

// A UCI engine that says `on_uci` before uciok and runs `on_go` for each go.
std::string uci_script(const testing::TempDir& dir, const std::string& on_uci, const std::string& on_go) {
  return script(dir, "engine.sh",
                "while read line; do case \"$line\" in\n"
                "  uci) " + on_uci + " echo uciok;; isready) echo readyok;;\n"
                "  go*) " + on_go + ";;\n"
                "esac; done\n");
}

// A broken engine that floods: a 2 MB line before its bestmove. Before,
// the whole line was buffered and the move behind it played; an engine
// writing without a newline filled memory until its deadline. A line is
// at most 64 KiB: past that the engine is broken, restarted, then replaced.
TEST(UciPlayer, AnEngineWritingAHugeLineIsReplaced) {
  testing::TempDir dir("uci");
  std::string path = uci_script(dir, "", "head -c 2000000 /dev/zero | tr '\\000' x; echo; echo 'bestmove e2e4'");
  std::unique_ptr<Player> p;
  Choice c = replaced_choice(path, p, 10000);
  EXPECT_NE(c.ruling.find("a line longer than 65536 bytes"), std::string::npos) << c.ruling.substr(0, 400);
  EXPECT_NE(c.ruling.find("Tabula's engine"), std::string::npos) << c.ruling.substr(0, 400);
  EXPECT_LT(c.ruling.size(), 2000u);  // the engine's text is not copied whole into the ruling
}

// Garbage around the answer: lines that are no UCI, a score that overflows,
// control characters. The move is still the engine's legal one; the score
// is read only from a number that fits.
TEST(UciPlayer, GarbageLinesAroundALegalAnswerAreIgnored) {
  testing::TempDir dir("uci");
  std::string path = uci_script(dir, "echo 'garbage'; printf '\\001\\033[2J\\n';",
                                "echo 'info score cp 99999999999999999999 pv e2e4'; echo 'bestmovex a1a1';"
                                " echo 'info score cp 12 pv d2d4 d7d5'; echo 'bestmove d2d4 ponder d7d5'");
  std::unique_ptr<Player> p;
  Choice c = replaced_choice(path, p, 10000);
  ASSERT_TRUE(c.move);
  EXPECT_EQ(core::coordinate(chess_start().position(), *c.move), "d2d4") << c.ruling;
  EXPECT_EQ(c.ruling, "");
  EXPECT_EQ(c.value, 12);
  EXPECT_EQ(c.pv, "d2d4 d7d5");
}

// Before: a flood during the handshake was said as "did not answer uci
// with uciok"; it is said as what it is.
TEST(UciPlayer, AFloodDuringTheHandshakeIsNamed) {
  testing::TempDir dir("uci");
  std::string path = uci_script(dir, "head -c 300000 /dev/zero | tr '\\000' x;", "echo 'bestmove e2e4'");
  std::unique_ptr<Player> p;
  Choice c = replaced_choice(path, p, 10000);
  EXPECT_NE(c.ruling.find("a line longer than 65536 bytes"), std::string::npos) << c.ruling.substr(0, 400);
}

// True while process `pid` runs (a zombie waiting for its reaper does not).
bool running(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const std::size_t paren = line.rfind(')');
  return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] != 'Z';
}

// Before: an engine behind a wrapper (a shell script that runs the engine
// without exec) was killed alone: what it had started ran on, thinking,
// after the game. The engine runs in a process group of its own, killed whole.
TEST(UciPlayer, WhatTheEngineStartedIsStoppedWithIt) {
  testing::TempDir dir("uci");
  const std::string pid_file = dir.file("grandchild");
  std::string path = uci_script(dir, "", "sleep 60 & echo $! > " + pid_file + "; wait");
  std::unique_ptr<Player> p;
  std::string why;
  p = make_player("uci:" + path + ",grace-ms=100", 1, why);
  ASSERT_TRUE(p) << why;
  core::Game g = chess_start();
  Choice c = p->choose(g, 1000, 1);
  EXPECT_TRUE(c.move);
  p.reset();
  std::string pid;
  std::ifstream(pid_file) >> pid;
  ASSERT_FALSE(pid.empty());
  bool alive = true;
  for (int i = 0; i < 500 && alive; ++i) {  // 10 s (s22: was 2 s; a loaded machine)
    alive = running(pid);
    if (alive) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_FALSE(alive) << "process " << pid << " still runs";
  if (alive) kill(std::stoi(pid), SIGKILL);
}

TEST(UciPlayer, AProgramThatIsNoEngineIsReplaced) {
  std::unique_ptr<Player> p;
  Choice c = replaced_choice("/bin/true", p, 1000);
  EXPECT_NE(c.ruling.find("did not answer uci"), std::string::npos) << c.ruling;
}

TEST(MakePlayer, BadSpecsAreNamed) {
  std::string why;
  EXPECT_FALSE(make_player("uci:/no/such/engine", 1, why));
  EXPECT_NE(why.find("/no/such/engine"), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_player("level:9", 1, why));
  EXPECT_NE(why.find("from 1 to 8"), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_player("wizard:3", 1, why));
  EXPECT_NE(why.find("unknown kind \"wizard\""), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_player("uci:/bin/true,elo", 1, why));
  EXPECT_NE(why.find("expected name=value"), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_player("uci:", 1, why));
  EXPECT_NE(why.find("needs an engine path"), std::string::npos) << why;
  for (const char* bad : {"level:8,opening=maybe", "level:8,opening", "level:8,", "paranoid:3,elo=1500", "level:,opening=on"}) {
    why.clear();
    EXPECT_FALSE(make_player(bad, 1, why)) << bad;
    EXPECT_NE(why.find(bad), std::string::npos) << why;
  }
}

TEST(MakePlayer, TheOpeningTermsCanBeForcedEitherWay) {
  std::string why;
  auto on = make_player("level:8,opening=on", 1, why);
  ASSERT_TRUE(on) << why;
  EXPECT_EQ(on->name(), "tabula-level-8-opening-on");
  auto off = make_player("paranoid:5,opening=off", 1, why);
  ASSERT_TRUE(off) << why;
  EXPECT_EQ(off->name(), "tabula-level-5-paranoid-opening-off");
  EXPECT_EQ(make_player("level:8", 1, why)->name(), "tabula-level-8");
}

TEST(FourpPlayer, SpeaksInFromDashToMoves) {
  testing::TempDir dir("fourp");
  std::string path = script(dir, "fourp.sh",
                            "while read line; do echo \"$line\" >> " + dir.file("log") + "\n"
                            "case \"$line\" in\n"
                            "  uci) echo uciok;;\n"
                            "  go*) echo 'info depth 1 time 1 nodes 5 pv h2-h3 score 12'; echo 'bestmove h2-h3';;\n"
                            "esac; done\n");
  std::string why;
  auto p = make_player("fourp:" + path, 1, why);
  ASSERT_TRUE(p) << why;
  auto r = variants::load_id("chesscom-teams");
  ASSERT_TRUE(r.ok());
  auto pos = core::parse_fen4(*r.rules, r.rules->start_fen);
  ASSERT_TRUE(pos.ok());
  core::Game g(r.rules, *pos);
  Choice c = p->choose(g, 10000, 1);
  ASSERT_TRUE(c.move);
  EXPECT_EQ(c.ruling, "");
  EXPECT_EQ(c.value, 12);
  EXPECT_EQ(c.pv, "h2-h3");
  std::string log = testing::read_file(dir.file("log"));
  EXPECT_NE(log.find("position startpos"), std::string::npos) << log;
  EXPECT_NE(log.find("go movetime 10"), std::string::npos) << log;
}

}  // namespace
}  // namespace tabula::cli
