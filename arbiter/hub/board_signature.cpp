#include "hub/board_signature.h"
#include "files/plain_file.h"

#include <sodium.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "hub/topics.h"

namespace tabula::hub {

namespace {

constexpr std::string_view kDomain = "tabula board v1";

bool sodium_ready() {
  static const bool ok = sodium_init() >= 0;
  return ok;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

// Hex digits in pairs to bytes; "" and `error` when they are not.
std::string from_hex(std::string_view hex, std::string& error) {
  std::string out;
  if (hex.size() % 2 != 0) {
    error = "an odd number of hexadecimal digits";
    return "";
  }
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    unsigned v = 0;
    for (int k = 0; k < 2; ++k) {
      const char c = hex[i + static_cast<std::size_t>(k)];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) {
        error = "'" + std::string(1, c) + "' is not a hexadecimal digit";
        return "";
      }
      v = v * 16 + static_cast<unsigned>(d);
    }
    out += static_cast<char>(v);
  }
  return out;
}

// "<board> <hex>" from one line; false and `error` (without the place).
bool read_pair(const std::string& line, std::size_t bytes, const char* what, std::string& board, std::string& value,
               std::string& error) {
  std::istringstream in(line);
  std::string hex;
  std::string extra;
  in >> board >> hex >> extra;
  if (board.empty() || hex.empty() || !extra.empty()) {
    error = std::string("expected \"<board> <hex ") + what + ">\"";
    return false;
  }
  error = check_name("board", board);
  if (!error.empty()) return false;
  value = from_hex(hex, error);
  if (!error.empty()) {
    error = std::string("the ") + what + ": " + error;
    return false;
  }
  if (value.size() != bytes) {
    error = std::string("the ") + what + " is " + std::to_string(value.size()) + " bytes, an Ed25519 " + what +
            " is " + std::to_string(bytes) + " (" + std::to_string(bytes * 2) + " hexadecimal digits)";
    return false;
  }
  return true;
}

}  // namespace

BoardKey make_board_key(const std::string& board) {
  (void)sodium_ready();
  std::string seed(kBoardSeedBytes, '\0');
  randombytes_buf(seed.data(), seed.size());
  std::string error;
  BoardKey k = *board_key_from_seed(board, seed, error);
  sodium_memzero(seed.data(), seed.size());
  return k;
}

std::optional<BoardKey> board_key_from_seed(const std::string& board, std::string_view seed, std::string& error) {
  if (!sodium_ready()) {
    error = "libsodium could not be initialised";
    return std::nullopt;
  }
  if (seed.size() != kBoardSeedBytes) {
    error = "a board key's seed is " + std::to_string(kBoardSeedBytes) + " bytes, not " + std::to_string(seed.size());
    return std::nullopt;
  }
  BoardKey k;
  k.board = board;
  k.secret.assign(crypto_sign_SECRETKEYBYTES, '\0');
  k.public_key.assign(crypto_sign_PUBLICKEYBYTES, '\0');
  crypto_sign_seed_keypair(reinterpret_cast<unsigned char*>(k.public_key.data()),
                           reinterpret_cast<unsigned char*>(k.secret.data()),
                           reinterpret_cast<const unsigned char*>(seed.data()));
  return k;
}

bool write_board_key(const BoardKey& key, const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = path + ": cannot create the board key file: " + std::strerror(errno) +
            (errno == EEXIST ? " (a key is never overwritten: remove the old file first)" : "");
    return false;
  }
  // The seed is the first half of libsodium's secret key.
  std::string text = key.board + " " + to_hex(std::string_view(key.secret).substr(0, kBoardSeedBytes)) + "\n";
  const bool ok = ::fchmod(fd, 0600) == 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                  ::fsync(fd) == 0;
  sodium_memzero(text.data(), text.size());
  if (!ok) error = path + ": cannot write the board key file: " + std::strerror(errno);
  ::close(fd);
  if (!ok) std::remove(path.c_str());
  return ok;
}

std::optional<BoardKey> load_board_key(const std::string& path, const std::string& board, std::string& error) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    error = path + ": cannot read the board key file: " + std::strerror(errno) + " (make one with `tabula board-key`)";
    return std::nullopt;
  }
  if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 0777));
    error = path + ": the board key file may be read by others (mode " + mode + "); chmod 600 " + path;
    return std::nullopt;
  }
  std::string line;
  if (const std::string why = files::read_first_line(path, "a board key file", line); !why.empty()) {
    error = path + ": " + why + (why.find("first line") != std::string::npos ? " (a board key file)" : "");
    return std::nullopt;
  }
  std::string name;
  std::string seed;
  if (!read_pair(line, kBoardSeedBytes, "seed", name, seed, error)) {
    error = path + ":1: " + error;
    return std::nullopt;
  }
  if (!board.empty() && name != board) {
    error = path + ": this key is board " + name + "'s, not board " + board + "'s";
    return std::nullopt;
  }
  auto k = board_key_from_seed(name, seed, error);
  sodium_memzero(seed.data(), seed.size());
  if (!k) error = path + ": " + error;
  return k;
}

std::string enrolment_line(const BoardKey& key) { return key.board + " " + to_hex(key.public_key); }

std::optional<BoardKeyRing> BoardKeyRing::parse(std::string_view text, const std::string& where, std::string& error) {
  BoardKeyRing ring;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::string board;
    std::string key;
    if (!read_pair(line, kBoardPublicKeyBytes, "public key", board, key, error)) {
      error = where + ":" + std::to_string(number) + ": " + error;
      return std::nullopt;
    }
    if (ring.keys_.count(board)) {
      error = where + ":" + std::to_string(number) + ": board " + board + " is enrolled twice";
      return std::nullopt;
    }
    ring.keys_[board] = key;
  }
  if (ring.keys_.empty()) {
    error = where + ": no board is enrolled (one line per board: \"<board> <hex public key>\")";
    return std::nullopt;
  }
  return ring;
}

std::optional<BoardKeyRing> BoardKeyRing::load(const std::string& path, std::string& error) {
  // s16: through the one reader (a FIFO waited for ever, /dev/zero was read
  // until memory ran out). A line a board: 1 MiB is some 10,000 boards.
  const files::PlainFile f = files::read_plain_file(path, 1 << 20, "a board keys file");
  if (!f.ok()) {
    error = path + ": " + f.why;  // "is a FIFO, not a board keys file; ..."
    return std::nullopt;
  }
  return parse(f.text, path, error);
}

const std::string* BoardKeyRing::find(const std::string& board) const {
  auto it = keys_.find(board);
  return it == keys_.end() ? nullptr : &it->second;
}

std::string signed_bytes(std::string_view topic, const google::protobuf::MessageLite& unsigned_message) {
  std::string data(kDomain);
  data += '\0';
  data += topic;
  data += '\0';
  data += unsigned_message.SerializeAsString();
  return data;
}

std::string sign_bytes(std::string_view data, const BoardKey& key) {
  (void)sodium_ready();
  std::string sig(crypto_sign_BYTES, '\0');
  crypto_sign_detached(reinterpret_cast<unsigned char*>(sig.data()), nullptr,
                       reinterpret_cast<const unsigned char*>(data.data()), data.size(),
                       reinterpret_cast<const unsigned char*>(key.secret.data()));
  return sig;
}

bool verify_bytes(std::string_view data, std::string_view signature, std::string_view public_key) {
  if (!sodium_ready() || signature.size() != crypto_sign_BYTES || public_key.size() != crypto_sign_PUBLICKEYBYTES) {
    return false;
  }
  return crypto_sign_verify_detached(reinterpret_cast<const unsigned char*>(signature.data()),
                                     reinterpret_cast<const unsigned char*>(data.data()), data.size(),
                                     reinterpret_cast<const unsigned char*>(public_key.data())) == 0;
}

}  // namespace tabula::hub
