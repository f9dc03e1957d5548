#include "hub/action_auth.h"
#include "files/plain_file.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <fstream>
#include <sstream>

#include "core/quote.h"
#include "hub/topics.h"

namespace tabula::hub {

std::optional<ArbiterKey> parse_key(std::string_view text, const std::string& where, std::string& error) {
  std::istringstream in{std::string(text)};
  std::string a;
  std::string b;
  in >> a >> b;
  ArbiterKey key;
  std::string hex = b.empty() ? a : b;
  if (!b.empty()) key.id = a;
  if (hex.empty()) {
    error = where + ":1: no key: expected \"<key-id> <hex secret>\" or \"<hex secret>\"";
    return std::nullopt;
  }
  if (hex.size() % 2 != 0) {
    error = where + ":1: the secret must be hexadecimal digits in pairs";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    unsigned v = 0;
    for (int k = 0; k < 2; ++k) {
      char c = hex[i + static_cast<std::size_t>(k)];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) {
        error = where + ":1: the secret has '" + std::string(1, c) + "', which is not a hexadecimal digit";
        return std::nullopt;
      }
      v = v * 16 + static_cast<unsigned>(d);
    }
    key.secret += static_cast<char>(v);
  }
  if (key.secret.size() < 16) {
    error = where + ":1: the secret is " + std::to_string(key.secret.size()) +
            " bytes, at least 16 are needed (openssl rand -hex 32)";
    return std::nullopt;
  }
  return key;
}

std::optional<ArbiterKey> load_key(const std::string& path, std::string& error) {
  // Through the one reader of a file a person names (s16: a FIFO as the key
  // file waited for ever, a link to /dev/zero was read until memory ran out).
  const files::PlainFile f = files::read_plain_file(path, files::kMaxSecretFileBytes, "an arbiter key file");
  if (!f.ok()) {
    error = path + ": " + f.why;  // "is a FIFO, not an arbiter key file; ..."
    return std::nullopt;
  }
  return parse_key(f.text, path, error);
}

std::string hmac_sha256(std::string_view secret, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &n);
  return std::string(reinterpret_cast<const char*>(out), n);
}

bool mac_matches(std::string_view expected, std::string_view got) {
  return !expected.empty() && got.size() == expected.size() &&
         CRYPTO_memcmp(expected.data(), got.data(), expected.size()) == 0;
}

std::string sign_action(const wire::Action& action, const ArbiterKey& key) {
  wire::SignedAction s;
  s.set_version(wire::PAYLOAD_VERSION_CURRENT);
  s.set_action(action.SerializeAsString());
  s.set_hmac_sha256(hmac_sha256(key.secret, s.action()));
  s.set_key_id(key.id);
  return s.SerializeAsString();
}

std::string quote_short(std::string_view text) { return core::quote_input(text, kMaxQuoted); }

std::string describe(const wire::Action& a) {
  switch (a.kind()) {
    case wire::ACTION_KIND_PAUSE: return "pause";
    case wire::ACTION_KIND_RESUME: return "resume";
    case wire::ACTION_KIND_TAKEBACK: return "takeback " + std::to_string(a.count());
    case wire::ACTION_KIND_ADJUDICATE:
      return a.draw() ? "adjudicate: draw"
                      : a.winner() < 0 ? "adjudicate: the standing as it is"
                                       : "adjudicate: seat " + std::to_string(a.winner()) + " wins";
    default: return "unknown action " + std::to_string(static_cast<int>(a.kind()));
  }
}

std::string oversized_action(std::size_t bytes) {
  return "refused an action: " + std::to_string(bytes) + " bytes, more than the " + std::to_string(kMaxActionBytes) +
         " an action takes; not read";
}

ActionGate::ActionGate(std::string event, std::string board, std::optional<ArbiterKey> key)
    : event_(std::move(event)), board_(std::move(board)), key_(std::move(key)) {}

ActionGate::Verdict ActionGate::check(std::string_view payload, std::int64_t now_wall_ms) {
  Verdict v;
  if (payload.size() > kMaxActionBytes) {
    v.error = oversized_action(payload.size());
    return v;
  }
  wire::SignedAction s;
  if (!s.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    v.error = "refused an action: the payload is not a SignedAction";
    return v;
  }
  if (s.version() != wire::PAYLOAD_VERSION_CURRENT) {
    v.error = "refused an action: payload version " + std::to_string(s.version()) + ", this build reads version " +
              std::to_string(wire::PAYLOAD_VERSION_CURRENT);
    return v;
  }
  wire::Action a;
  const bool readable = a.ParseFromString(s.action());
  if (readable) v.id = a.id();
  if (!key_) {
    v.error = "refused an action: this board has no arbiter key (--arbiter-key), so it accepts none";
    return v;
  }
  if (!mac_matches(hmac_sha256(key_->secret, s.action()), s.hmac_sha256())) {
    v.error = "refused an action: its signature is not the arbiter's (key " + quote_short(s.key_id()) + ")";
    return v;
  }
  if (!readable) {
    v.error = "refused an action: signed, but the action inside does not parse";
    return v;
  }
  if (a.event() != event_ || a.board() != board_) {
    v.error = "refused an action: it is for board " + quote_short(a.board()) + " of event " + quote_short(a.event()) +
              ", this is " + board_ + " of " + event_;
    return v;
  }
  if (a.id() <= last_id_) {
    v.error = "refused an action: id " + std::to_string(a.id()) + " is not newer than the last accepted (" +
              std::to_string(last_id_) + "); a replay";
    return v;
  }
  const std::int64_t age = now_wall_ms - a.issued_wall_ms();
  if (age > kFreshness.count() || age < -kFreshness.count()) {
    v.error = "refused an action: issued " + std::to_string(age / 1000) +
              " s from this board's clock, more than the 120 s allowed (stale, or clocks far apart)";
    return v;
  }
  if (a.kind() == wire::ACTION_KIND_UNSPECIFIED || !wire::ActionKind_IsValid(a.kind())) {
    v.error = "refused an action: unknown kind " + std::to_string(static_cast<int>(a.kind()));
    return v;
  }
  last_id_ = a.id();
  v.action = std::move(a);
  return v;
}

namespace {

std::string alert_acks_signed_bytes(std::string_view topic, std::string_view acks) {
  std::string data = "tabula alert-acks v1\n";
  data.append(topic).append("\n").append(acks);
  return data;
}

}  // namespace

std::string sign_alert_acks(const wire::AlertAcks& acks, std::string_view topic, const ArbiterKey& key) {
  wire::SignedAlertAcks s;
  s.set_version(wire::PAYLOAD_VERSION_CURRENT);
  s.set_acks(acks.SerializeAsString());
  s.set_hmac_sha256(hmac_sha256(key.secret, alert_acks_signed_bytes(topic, s.acks())));
  s.set_key_id(key.id);
  return s.SerializeAsString();
}

std::optional<wire::AlertAcks> check_alert_acks(std::string_view payload, std::string_view topic, const ArbiterKey* key,
                                                std::string& error) {
  const std::string where = std::string(topic) + ": ";
  const std::string nothing = "; nothing acknowledged";
  if (payload.size() > kMaxAlertAcksBytes) {
    error = where + "refused unread: " + std::to_string(payload.size()) + " bytes, more than the " +
            std::to_string(kMaxAlertAcksBytes) + " a set of acknowledged alerts takes" + nothing;
    return std::nullopt;
  }
  std::optional<AlertAcksTopic> t = parse_alert_acks_topic(topic);
  if (!t) {
    error = where + "refused: not a hub's alert-acks topic" + nothing;
    return std::nullopt;
  }
  wire::SignedAlertAcks s;
  if (!s.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    error = where + "refused: the payload is not a SignedAlertAcks" + nothing;
    return std::nullopt;
  }
  if (s.version() != wire::PAYLOAD_VERSION_CURRENT) {
    error = where + "refused: payload version " + std::to_string(s.version()) + ", this build reads version " +
            std::to_string(wire::PAYLOAD_VERSION_CURRENT) + nothing;
    return std::nullopt;
  }
  if (key == nullptr) {
    error = where + "not applied: this hub has no arbiter key (--arbiter-key FILE), so it cannot check hub " + t->hub +
            "'s acknowledgements";
    return std::nullopt;
  }
  if (!mac_matches(hmac_sha256(key->secret, alert_acks_signed_bytes(topic, s.acks())), s.hmac_sha256())) {
    error = where + "refused: not signed with this hub's arbiter key for this topic (key " + quote_short(s.key_id()) +
            ")" + nothing;
    return std::nullopt;
  }
  wire::AlertAcks a;
  if (!a.ParseFromString(s.acks())) {
    error = where + "refused: signed, but the set inside does not parse" + nothing;
    return std::nullopt;
  }
  if (a.version() != wire::PAYLOAD_VERSION_CURRENT || a.event() != t->event || a.hub() != t->hub) {
    error = where + "refused: the set is of hub " + quote_short(a.hub()) + " of event " + quote_short(a.event()) +
            " (version " + std::to_string(a.version()) + "), not this topic's" + nothing;
    return std::nullopt;
  }
  if (static_cast<std::size_t>(a.keys_size()) > kMaxSharedAlertKeys) {
    error = where + "refused: " + std::to_string(a.keys_size()) + " acknowledged alerts, at most " +
            std::to_string(kMaxSharedAlertKeys) + " are shared" + nothing;
    return std::nullopt;
  }
  return a;
}

}  // namespace tabula::hub
