// action_auth.h — arbiter actions (pause, resume, takeback, adjudicate),
// signed by the hub and checked by the board.
//
// Three locks, each enough to stop a player's laptop on the club Wi-Fi:
//   1. the broker: every client logs in (password file), and the ACL lets only
//      the arbiter's user write tabula/+/+/action (hardware/mosquitto/);
//   2. the signature: SignedAction.hmac_sha256 is HMAC-SHA256 (OpenSSL) over
//      the serialized Action with the event's arbiter key, a secret of at least
//      16 bytes that only the hub and the boards hold (--arbiter-key FILE);
//   3. freshness: the Action names its event and board, and its id (the hub's
//      wall clock in ms, bumped to stay strictly increasing) must be above the
//      last one the board accepted and within kFreshness of the board's clock,
//      so a recorded action cannot be replayed later or on another board.
// A board without a key refuses every action. Every refusal says why.
//
// Key file: one line, "<key-id> <hex secret>" or just "<hex secret>" (key id
// "arbiter"); `openssl rand -hex 32` makes a secret.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tabula_proto/hub.pb.h"

namespace tabula::hub {

inline constexpr std::chrono::milliseconds kFreshness{std::chrono::minutes(2)};
// A signed action is about 100 bytes; anything much longer is refused unread.
inline constexpr std::size_t kMaxActionBytes = 4096;
// "refused an action: 5000 bytes, more than the 4096 an action takes; not
// read": what the gate and the board's MQTT client (session 20) say of one.
std::string oversized_action(std::size_t bytes);
// Names and ids from a refused payload are quoted at most this long.
inline constexpr std::size_t kMaxQuoted = 32;

// `text` for a message: printable ASCII as it is, other bytes as \xNN, at most
// kMaxQuoted characters, then "... (N bytes)"; in double quotes.
std::string quote_short(std::string_view text);

struct ArbiterKey {
  std::string id = "arbiter";
  std::string secret;  // bytes
};

// Reads a key file; nullopt and `error` ("FILE:1: the secret is 8 bytes, at
// least 16 are needed") when it is unusable.
std::optional<ArbiterKey> load_key(const std::string& path, std::string& error);
std::optional<ArbiterKey> parse_key(std::string_view text, const std::string& where, std::string& error);

std::string hmac_sha256(std::string_view secret, std::string_view data);
// True when `got` is the MAC `expected` (hmac_sha256's): the sizes first,
// then the bytes in constant time (CRYPTO_memcmp: the time says nothing of
// how much matched). An empty `expected` (no MAC was made) matches nothing.
// The one comparison of the actions', alert-acks' and seat assignments'
// signatures (session 20).
bool mac_matches(std::string_view expected, std::string_view got);

// The hub side: the payload to publish on the board's action topic.
std::string sign_action(const wire::Action& action, const ArbiterKey& key);

// The board side. Not thread-safe (one per board).
class ActionGate {
 public:
  ActionGate(std::string event, std::string board, std::optional<ArbiterKey> key);

  struct Verdict {
    std::optional<wire::Action> action;  // set when accepted
    std::uint64_t id = 0;                // the action's id when it could be read, for the reply
    std::string error;                   // why it was refused
  };
  Verdict check(std::string_view payload, std::int64_t now_wall_ms);
  // The replay guard: the last accepted id (issue 28: kept in the journal by
  // the publisher, so a captured action is refused after a restart too).
  std::uint64_t last_id() const { return last_id_; }
  void resume_after(std::uint64_t last_id) { last_id_ = last_id; }

 private:
  std::string event_;
  std::string board_;
  std::optional<ArbiterKey> key_;
  std::uint64_t last_id_ = 0;
};

// ---- acknowledged alerts shared between hubs (session 19) --------------------
//
// A hub publishes the alerts acknowledged on it (wire::AlertAcks, retained on
// topics.h's alert_acks_topic) signed with the arbiter key, as actions are:
// HMAC-SHA256 over "tabula alert-acks v1\n" + topic + "\n" + the serialized
// AlertAcks, so a signed set counts on its own hub's topic only and never as
// an Action (whose HMAC is over the Action's bytes alone). Without the key a
// hub neither shares its acknowledgements nor believes another's.
inline constexpr std::size_t kMaxAlertAcksBytes = 512 * 1024;  // 4096 keys of ~100 bytes
inline constexpr std::size_t kMaxSharedAlertKeys = 4096;
std::string sign_alert_acks(const wire::AlertAcks& acks, std::string_view topic, const ArbiterKey& key);
// The checked reading: nullopt and `error` ("tabula/club/hub/h2/alert-acks:
// refused: not signed with this hub's arbiter key (key "x"); nothing
// acknowledged") for a payload over kMaxAlertAcksBytes (unread), one that
// does not parse, another version, no key here (`key` null), a wrong
// signature, another event or hub than the topic's, more than
// kMaxSharedAlertKeys keys.
std::optional<wire::AlertAcks> check_alert_acks(std::string_view payload, std::string_view topic, const ArbiterKey* key,
                                                std::string& error);

// One line for logs and replies: "takeback 1", "adjudicate: draw".
std::string describe(const wire::Action& a);

}  // namespace tabula::hub
