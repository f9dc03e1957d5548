// board_signature.h — boards sign what they publish (issue 28 item 1): each
// board holds its own Ed25519 key pair (libsodium), the hub holds the boards'
// public keys (enrolment) and refuses a state, stream item or presence that
// is unsigned or signed by another key than the board's of its topic.
//
// What is signed: the domain "tabula board v1", the topic the payload is
// published on, and the message serialized with `board_signature` empty
// (sign_message). The topic names the event, the board and the leaf, so a
// signed payload of one board, event or leaf is refused on any other. A
// signed item replayed on its own topic is the board's own bytes: the hub's
// seq bookkeeping drops it as a duplicate (hub_model.h); a signed state of an
// older game or an older seq is ignored (and repaired) the same way.
//
// Files (docs/HUB.md, "Board keys"):
//   the board's key file   one line "<board> <64 hex digits: the Ed25519 seed>",
//                          written with mode 0600 by `tabula board-key`; a file
//                          that others may read is refused, as ssh does;
//   the hub's enrolment    one line per board "<board> <64 hex digits: its
//                          public key>" (what `tabula board-key` prints), '#'
//                          comments and blank lines ignored; a bad line is
//                          named by its number.
//
// board_signature.cpp is the only file that includes sodium.h.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "tabula_proto/hub.pb.h"

namespace tabula::hub {

inline constexpr std::size_t kBoardSeedBytes = 32;
inline constexpr std::size_t kBoardPublicKeyBytes = 32;
inline constexpr std::size_t kBoardSignatureBytes = 64;

struct BoardKey {
  std::string board;
  std::string secret;      // libsodium's 64-byte secret key (seed + public key)
  std::string public_key;  // 32 bytes
};

// A new random key pair (libsodium's generator); from a seed (tests: the
// same board key every run).
BoardKey make_board_key(const std::string& board);
std::optional<BoardKey> board_key_from_seed(const std::string& board, std::string_view seed, std::string& error);

// Writes the key file with mode 0600; refuses to replace an existing file.
bool write_board_key(const BoardKey& key, const std::string& path, std::string& error);
// Reads a key file: a missing or unreadable file, one that others may read,
// a malformed line or a seed of the wrong size is refused with the file's
// name and what is wrong. `board`, when not empty, must be the key's board.
std::optional<BoardKey> load_board_key(const std::string& path, const std::string& board, std::string& error);
// "t1 <hex public key>": the board's line for the hub's enrolment file.
std::string enrolment_line(const BoardKey& key);

// The hub's enrolled public keys, by board.
class BoardKeyRing {
 public:
  static std::optional<BoardKeyRing> load(const std::string& path, std::string& error);
  static std::optional<BoardKeyRing> parse(std::string_view text, const std::string& where, std::string& error);
  void enrol(const std::string& board, std::string public_key) { keys_[board] = std::move(public_key); }
  const std::string* find(const std::string& board) const;
  std::size_t size() const { return keys_.size(); }

 private:
  std::map<std::string, std::string> keys_;
};

// The bytes a signature covers (see above).
std::string signed_bytes(std::string_view topic, const google::protobuf::MessageLite& unsigned_message);
std::string sign_bytes(std::string_view data, const BoardKey& key);
bool verify_bytes(std::string_view data, std::string_view signature, std::string_view public_key);

// Signs `m` (a BoardState, StreamItem or Presence) for `topic`.
template <class Message>
void sign_message(Message& m, std::string_view topic, const BoardKey& key) {
  m.clear_board_signature();
  m.set_board_signature(sign_bytes(signed_bytes(topic, m), key));
}

// "" when `m` carries a good signature by `board`'s enrolled key for
// `topic`; else why not ("unsigned", "not signed by board t1's key",
// "board t9 is not enrolled").
template <class Message>
std::string check_signature(const Message& m, std::string_view topic, const std::string& board,
                            const BoardKeyRing& ring) {
  const std::string* key = ring.find(board);
  if (!key) return "board " + board + " is not enrolled (no public key for it in the hub's --board-keys file)";
  if (m.board_signature().empty()) return "unsigned";
  Message bare = m;
  bare.clear_board_signature();
  if (!verify_bytes(signed_bytes(topic, bare), m.board_signature(), *key)) {
    return "not signed by board " + board + "'s enrolled key (forged, or signed for another board, event or topic)";
  }
  return "";
}

}  // namespace tabula::hub
