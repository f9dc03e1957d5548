// Board keys (issue 28 item 1): the key file, the hub's enrolment file, the
// signature over topic and message, and `tabula board-key`.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "cli/board_key_command.h"
#include "hub/action_auth.h"
#include "hub/board_publisher.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "test_files.h"

namespace tabula::hub {
namespace {

struct Dir {
  std::string path;
  Dir() {
    char t[] = "/tmp/tabula-board-key-XXXXXX";
    path = ::mkdtemp(t);
  }
  ~Dir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& n) const { return path + "/" + n; }
};

unsigned mode_of(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 0777;
}

void write_text(const std::string& path, const std::string& text, unsigned mode = 0600) {
  std::ofstream(path) << text;
  ::chmod(path.c_str(), mode);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(BoardSignature, AKeyFileIsWrittenPrivateAndReadsBackTheSameKey) {
  Dir d;
  const BoardKey k = make_board_key("t1");
  std::string error;
  ASSERT_TRUE(write_board_key(k, d.file("t1.key"), error)) << error;
  EXPECT_EQ(mode_of(d.file("t1.key")), 0600u);
  auto back = load_board_key(d.file("t1.key"), "t1", error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->public_key, k.public_key);
  EXPECT_EQ(back->secret, k.secret);
  // Never replaced: the board's enrolled key would be lost.
  EXPECT_FALSE(write_board_key(make_board_key("t1"), d.file("t1.key"), error));
  EXPECT_TRUE(contains(error, "never overwritten")) << error;
  // Two keys made apart differ.
  EXPECT_NE(make_board_key("t1").public_key, k.public_key);
}

TEST(BoardSignature, AnUnusableKeyFileIsRefusedSayingWhatIsWrong) {
  Dir d;
  std::string error;
  EXPECT_FALSE(load_board_key(d.file("none.key"), "t1", error));
  EXPECT_TRUE(contains(error, "none.key: cannot read the board key file")) << error;
  const std::string seed(64, 'a');
  write_text(d.file("open.key"), "t1 " + seed + "\n", 0644);
  EXPECT_FALSE(load_board_key(d.file("open.key"), "t1", error));
  EXPECT_TRUE(contains(error, "may be read by others (mode 0644); chmod 600")) << error;
  write_text(d.file("short.key"), "t1 " + seed.substr(0, 40) + "\n");
  EXPECT_FALSE(load_board_key(d.file("short.key"), "t1", error));
  EXPECT_TRUE(contains(error, "short.key:1: the seed is 20 bytes, an Ed25519 seed is 32")) << error;
  write_text(d.file("hex.key"), "t1 " + seed.substr(0, 62) + "zz\n");
  EXPECT_FALSE(load_board_key(d.file("hex.key"), "t1", error));
  EXPECT_TRUE(contains(error, "'z' is not a hexadecimal digit")) << error;
  write_text(d.file("empty.key"), "");
  EXPECT_FALSE(load_board_key(d.file("empty.key"), "t1", error));
  EXPECT_TRUE(contains(error, "empty")) << error;
  write_text(d.file("t2.key"), "t2 " + seed + "\n");
  EXPECT_FALSE(load_board_key(d.file("t2.key"), "t1", error));
  EXPECT_TRUE(contains(error, "this key is board t2's, not board t1's")) << error;
  ::chmod(d.file("t2.key").c_str(), 0);
  if (::geteuid() != 0) {  // root reads anything
    EXPECT_FALSE(load_board_key(d.file("t2.key"), "t2", error));
    EXPECT_TRUE(contains(error, "cannot read")) << error;
  }
}

TEST(BoardSignature, TheEnrolmentFileNamesABadLineByItsNumber) {
  const std::string good = std::string(64, '0');
  std::string error;
  auto ring = BoardKeyRing::parse("# the club's boards\n\nt1 " + good + "\r\nt2 " + std::string(64, 'f') + "\n",
                                  "boards.keys", error);
  ASSERT_TRUE(ring) << error;
  EXPECT_EQ(ring->size(), 2u);
  EXPECT_TRUE(ring->find("t1"));
  EXPECT_FALSE(ring->find("t3"));
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"t1 " + good + "\nt2 abc\n", "boards.keys:2: the public key: an odd number of hexadecimal digits"},
      {"t1 " + good + "\n# c\nt2 " + good.substr(0, 62) + "\n",
       "boards.keys:3: the public key is 31 bytes, an Ed25519 public key is 32"},
      {"t1 " + good + "\nt1 " + good + "\n", "boards.keys:2: board t1 is enrolled twice"},
      {"t1\n", "boards.keys:1: expected \"<board> <hex public key>\""},
      {"t1 " + good + " extra\n", "boards.keys:1: expected"},
      {"t/1 " + good + "\n", "boards.keys:1: "},
      {"# nothing\n", "boards.keys: no board is enrolled"},
  };
  for (const auto& [text, want] : bad) {
    EXPECT_FALSE(BoardKeyRing::parse(text, "boards.keys", error)) << text;
    EXPECT_TRUE(contains(error, want)) << error << "\nwanted: " << want;
  }
  EXPECT_FALSE(BoardKeyRing::load("/nonexistent/boards.keys", error));
  EXPECT_TRUE(contains(error, "/nonexistent/boards.keys: cannot be read (No such file or directory)")) << error;
}

TEST(BoardSignature, TheSignatureCoversTheTopicAndEveryByte) {
  std::string error;
  const BoardKey t1 = *board_key_from_seed("t1", std::string(32, 'a'), error);
  const BoardKey t2 = *board_key_from_seed("t2", std::string(32, 'b'), error);
  BoardKeyRing ring;
  ring.enrol("t1", t1.public_key);
  ring.enrol("t2", t2.public_key);
  wire::StreamItem it;
  it.set_version(1);
  it.set_event("club");
  it.set_board("t1");
  it.set_game_id("g1");  // every board's items name their game (the decoder refuses one without)
  it.set_seq(7);
  it.mutable_move()->set_text("e2-e4");
  const std::string topic = "tabula/club/t1/stream";
  sign_message(it, topic, t1);
  EXPECT_EQ(it.board_signature().size(), kBoardSignatureBytes);
  EXPECT_EQ(check_signature(it, topic, "t1", ring), "");
  // Deterministic (Ed25519): the same item signs to the same bytes, so a
  // catch-up and a resend carry what was first sent.
  wire::StreamItem again = it;
  sign_message(again, topic, t1);
  EXPECT_EQ(again.board_signature(), it.board_signature());
  wire::StreamItem changed = it;
  changed.set_seq(8);
  EXPECT_TRUE(contains(check_signature(changed, topic, "t1", ring), "not signed by board t1's enrolled key"));
  EXPECT_NE(check_signature(it, "tabula/other/t1/stream", "t1", ring), "");
  EXPECT_NE(check_signature(it, "tabula/club/t1/state", "t1", ring), "");
  EXPECT_NE(check_signature(it, topic, "t2", ring), "");
  EXPECT_TRUE(contains(check_signature(it, topic, "t3", ring), "board t3 is not enrolled"));
  wire::StreamItem bare = it;
  bare.clear_board_signature();
  EXPECT_EQ(check_signature(bare, topic, "t1", ring), "unsigned");
  wire::StreamItem truncated = it;
  truncated.set_board_signature(it.board_signature().substr(0, 63));
  EXPECT_NE(check_signature(truncated, topic, "t1", ring), "");
  // Through the wire: encoded, decoded, still good.
  auto decoded = decode_item(encode(it), topic, error);
  ASSERT_TRUE(decoded) << error;
  EXPECT_EQ(check_signature(*decoded, topic, "t1", ring), "");
}

TEST(BoardSignature, TheCommandMakesAKeyAndPrintsItsEnrolmentLine) {
  Dir d;
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(cli::cmd_board_key({"board-key", "--board", "t4", "--out", d.file("t4.key")}, out, err), 0) << err.str();
  EXPECT_EQ(mode_of(d.file("t4.key")), 0600u);
  const std::string line = out.str();
  ASSERT_EQ(line.size(), 3 + 64 + 1) << line;
  EXPECT_EQ(line.substr(0, 3), "t4 ");
  // The printed line enrols the key the file holds.
  std::string error;
  auto ring = BoardKeyRing::parse(line, "out", error);
  ASSERT_TRUE(ring) << error;
  auto key = load_board_key(d.file("t4.key"), "t4", error);
  ASSERT_TRUE(key) << error;
  EXPECT_EQ(*ring->find("t4"), key->public_key);
  std::ostringstream pub;
  EXPECT_EQ(cli::cmd_board_key({"board-key", "--public", d.file("t4.key")}, pub, err), 0);
  EXPECT_EQ(pub.str(), line);
  // Bad usage and an existing file.
  std::ostringstream e2;
  EXPECT_EQ(cli::cmd_board_key({"board-key", "--board", "t4", "--out", d.file("t4.key")}, out, e2), 1);
  EXPECT_TRUE(contains(e2.str(), "never overwritten")) << e2.str();
  std::ostringstream e3;
  EXPECT_EQ(cli::cmd_board_key({"board-key", "--out", d.file("x.key")}, out, e3), 2);
  EXPECT_TRUE(contains(e3.str(), "needs --board B and --out FILE")) << e3.str();
  std::ostringstream e4;
  EXPECT_EQ(cli::cmd_board_key({"board-key", "--board", "a/b", "--out", d.file("y.key")}, out, e4), 2);
  EXPECT_FALSE(std::filesystem::exists(d.file("y.key")));
}

// Session 16, the attacker's round: the hub's secrets and keys are read
// through the one reader of a file a person names. Before, each loader read
// its file its own way (an ifstream): a FIFO as the file waited for ever (the
// hub, the web service or a board never started), a link to /dev/zero was
// read until memory ran out. Each loader runs in a child given 10 s
// (tabula::testing::said_in_child).
TEST(BoardSignature, KeyAndPasswordFilesThatAreNoPlainFileAreRefusedNotWaitedOn) {
  Dir d;
  const std::string fifo = d.file("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string zero = d.file("zero");
  std::filesystem::create_symlink("/dev/zero", zero);
  struct Loader {
    const char* name;
    std::function<std::string(const std::string&)> load;
    const char* what;
  };
  const Loader loaders[] = {
      {"arbiter key", [](const std::string& p) { std::string e; (void)load_key(p, e); return e; },
       ": is %s, not an arbiter key file; nothing was read"},
      {"board keys", [](const std::string& p) { std::string e; (void)BoardKeyRing::load(p, e); return e; },
       ": is %s, not a board keys file; nothing was read"},
      {"board key", [](const std::string& p) { std::string e; (void)load_board_key(p, "t1", e); return e; },
       ": is %s, not a board key file; nothing was read"},
      {"broker password", [](const std::string& p) {
         std::string e;
         PublisherConfig c;
         (void)configure({"mqtt://127.0.0.1:1", "", "t1", p, "", ""}, c, e);
         return e;
       },
       "cannot read the broker password from %p (is %s, not a password file; nothing was read)"},
  };
  for (const Loader& l : loaders) {
    for (const auto& [path, kind] : {std::pair<std::string, std::string>{fifo, "a FIFO"}, {zero, "a device"}}) {
      std::string want = l.what;
      want.replace(want.find("%s"), 2, kind);
      // A board key file's mode is checked first: a device (mode 0666) is refused by it, unread.
      if (std::string(l.name) == "board key" && kind == "a device") want = "may be read by others (mode 0666)";
      if (const auto at = want.find("%p"); at != std::string::npos) want.replace(at, 2, path);
      const std::string said = tabula::testing::said_in_child([&] { return l.load(path); });
      EXPECT_TRUE(contains(said, want)) << l.name << ", " << kind << ": " << said;
      if (std::string(l.name) != "broker password") {
        EXPECT_EQ(said.rfind(path + ": ", 0), 0u) << said;
      }
    }
  }
}

}  // namespace
}  // namespace tabula::hub
