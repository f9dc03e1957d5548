// Arbiter actions: only the arbiter's signature, for this board, once, fresh.
#include <gtest/gtest.h>

#include "hub/action_auth.h"

namespace tabula::hub {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;

ArbiterKey key(char fill = 'k') {
  ArbiterKey k;
  k.secret = std::string(32, fill);
  return k;
}

wire::Action action(std::uint64_t id, const std::string& board = "t1") {
  wire::Action a;
  a.set_event("club");
  a.set_board(board);
  a.set_id(id);
  a.set_issued_wall_ms(kNow);
  a.set_kind(wire::ACTION_KIND_TAKEBACK);
  a.set_count(1);
  return a;
}

TEST(ActionAuth, HmacMatchesTheRfc4231Vector) {
  // RFC 4231 test case 2.
  const std::string mac = hmac_sha256("Jefe", "what do ya want for nothing?");
  std::string hex;
  for (unsigned char c : mac) {
    const char* d = "0123456789abcdef";
    hex += d[c >> 4];
    hex += d[c & 15];
  }
  EXPECT_EQ(hex, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

// Session 20: one comparison serves the actions, the alert-acks and the
// seat assignments (event/board_assignment.cpp).
TEST(ActionAuth, MacMatchesOnlyTheSameMacOfTheSameSize) {
  const std::string mac = hmac_sha256("Jefe", "what do ya want for nothing?");
  ASSERT_EQ(mac.size(), 32u);
  EXPECT_TRUE(mac_matches(mac, mac));
  std::string flipped = mac;
  flipped[31] ^= 0x01;
  EXPECT_FALSE(mac_matches(mac, flipped)) << "the last byte differs";
  flipped = mac;
  flipped[0] ^= 0x80;
  EXPECT_FALSE(mac_matches(mac, flipped)) << "the first byte differs";
  EXPECT_FALSE(mac_matches(mac, mac.substr(0, 16))) << "a prefix";
  EXPECT_FALSE(mac_matches(mac, mac + "x")) << "longer";
  EXPECT_FALSE(mac_matches(mac, "")) << "no MAC sent";
  EXPECT_FALSE(mac_matches("", "")) << "no MAC made matches nothing, not even nothing";
}

TEST(ActionAuth, AcceptsTheArbitersActionOnceAndRefusesReplays) {
  ActionGate gate("club", "t1", key());
  auto v = gate.check(sign_action(action(10), key()), kNow + 500);
  ASSERT_TRUE(v.action) << v.error;
  EXPECT_EQ(v.action->count(), 1);
  v = gate.check(sign_action(action(10), key()), kNow + 600);
  EXPECT_FALSE(v.action);
  EXPECT_EQ(v.error, "refused an action: id 10 is not newer than the last accepted (10); a replay");
  EXPECT_TRUE(gate.check(sign_action(action(11), key()), kNow + 700).action);
}

TEST(ActionAuth, RefusesForgeriesOtherBoardsStaleActionsAndBoardsWithoutAKey) {
  ActionGate gate("club", "t1", key());
  auto v = gate.check(sign_action(action(1), key('x')), kNow);
  EXPECT_EQ(v.error, "refused an action: its signature is not the arbiter's (key \"arbiter\")");
  EXPECT_EQ(v.id, 1u);

  // A signed action whose bytes were changed on the way.
  wire::SignedAction s;
  ASSERT_TRUE(s.ParseFromString(sign_action(action(2), key())));
  wire::Action changed = action(2);
  changed.set_count(5);
  s.set_action(changed.SerializeAsString());
  EXPECT_NE(gate.check(s.SerializeAsString(), kNow).error.find("signature is not the arbiter's"), std::string::npos);

  v = gate.check(sign_action(action(3, "t2"), key()), kNow);
  EXPECT_EQ(v.error, "refused an action: it is for board \"t2\" of event \"club\", this is t1 of club");
  v = gate.check(sign_action(action(4), key()), kNow + 10 * 60 * 1000);
  EXPECT_NE(v.error.find("more than the 120 s allowed"), std::string::npos) << v.error;
  EXPECT_EQ(gate.check("not a proto \xff", kNow).error, "refused an action: the payload is not a SignedAction");
  s.set_version(9);
  EXPECT_NE(gate.check(s.SerializeAsString(), kNow).error.find("payload version 9"), std::string::npos);

  ActionGate keyless("club", "t1", std::nullopt);
  EXPECT_EQ(keyless.check(sign_action(action(5), key()), kNow).error,
            "refused an action: this board has no arbiter key (--arbiter-key), so it accepts none");
  // None of the refusals moved the replay guard.
  EXPECT_TRUE(gate.check(sign_action(action(1), key()), kNow).action);
}

TEST(ActionAuth, KeyFilesSayWhatIsWrong) {
  std::string error;
  auto k = parse_key("board-key 00112233445566778899aabbccddeeff\n", "key.txt", error);
  ASSERT_TRUE(k) << error;
  EXPECT_EQ(k->id, "board-key");
  EXPECT_EQ(k->secret.size(), 16u);
  EXPECT_TRUE(parse_key("00112233445566778899AABBCCDDEEFF", "key.txt", error));
  EXPECT_FALSE(parse_key("0011", "key.txt", error));
  EXPECT_EQ(error, "key.txt:1: the secret is 2 bytes, at least 16 are needed (openssl rand -hex 32)");
  EXPECT_FALSE(parse_key("zz112233445566778899aabbccddeeff", "key.txt", error));
  EXPECT_EQ(error, "key.txt:1: the secret has 'z', which is not a hexadecimal digit");
  EXPECT_FALSE(load_key("/nonexistent/key", error));
  EXPECT_EQ(error, "/nonexistent/key: cannot be read (No such file or directory)");
}

// Issue 28 item 4: a 4 MiB forged action was quoted whole in its refusal,
// journaled and streamed to the hub (0.8 -> 17.9 MB).
TEST(ActionAuth, AHugePayloadIsRefusedUnreadAndForeignTextIsQuotedShortAndEscaped) {
  ActionGate gate("club", "t1", key());
  wire::SignedAction s;
  ASSERT_TRUE(s.ParseFromString(sign_action(action(1), key('x'))));
  s.set_key_id(std::string(4 << 20, 'A'));
  const std::string huge = s.SerializeAsString();
  ASSERT_GT(huge.size(), 4u << 20);
  auto v = gate.check(huge, kNow);
  EXPECT_FALSE(v.action);
  EXPECT_EQ(v.error, "refused an action: " + std::to_string(huge.size()) +
                         " bytes, more than the 4096 an action takes; not read");
  s.set_key_id(std::string("ev\"il\n\x01") + std::string(100, 'B'));
  v = gate.check(s.SerializeAsString(), kNow);
  EXPECT_EQ(v.error, "refused an action: its signature is not the arbiter's (key \"ev\\x22il\\x0a\\x01" +
                         std::string(25, 'B') + "\"... (107 bytes))");
  EXPECT_EQ(quote_short(""), "\"\"");
}

// Issue 28 item 3: the guard is given back after a restart (the publisher
// keeps it in the journal), so a captured action stays refused.
TEST(ActionAuth, AGuardResumedAfterARestartRefusesTheCapturedAction) {
  std::string captured = sign_action(action(10), key());
  ActionGate before("club", "t1", key());
  ASSERT_TRUE(before.check(captured, kNow).action);
  ActionGate after("club", "t1", key());
  after.resume_after(before.last_id());
  auto v = after.check(captured, kNow + 1000);
  EXPECT_FALSE(v.action);
  EXPECT_EQ(v.error, "refused an action: id 10 is not newer than the last accepted (10); a replay");
}

}  // namespace
}  // namespace tabula::hub
