#include "broker.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace tabula::hub::testing {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TempDir::TempDir() {
  std::random_device rd;
  path_ = (fs::temp_directory_path() / ("tabula-hub-" + std::to_string(::getpid()) + "-" + std::to_string(rd()))).string();
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  ::close(fd);
  return ntohs(a.sin_port);
}

bool port_open(int port, std::chrono::milliseconds timeout) {
  return eventually(
      [&] {
        int fd = connect_loopback(port);
        if (fd < 0) return false;
        ::close(fd);
        return true;
      },
      timeout);
}

bool eventually(const std::function<bool()>& pred, std::chrono::milliseconds timeout) {
  auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (pred()) return true;
    std::this_thread::sleep_for(5ms);
  }
  return pred();
}

// ---- Broker ---------------------------------------------------------------------

namespace {

// The inode of the TCP socket listening on 127.0.0.1:port (or any address),
// from /proc/net/tcp; 0 when none.
unsigned long listener_inode(int port) {
  std::ifstream tcp("/proc/net/tcp");
  std::string line;
  std::getline(tcp, line);  // the heading
  char want[8];
  std::snprintf(want, sizeof want, ":%04X", static_cast<unsigned>(port));
  while (std::getline(tcp, line)) {
    std::istringstream f(line);
    std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout;
    unsigned long inode = 0;
    if (!(f >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >> timeout >> inode)) continue;
    if (state == "0A" && local.size() > 5 && local.compare(local.size() - 5, 5, want) == 0) return inode;
  }
  return 0;
}

// True when the process `pid` runs mosquitto (it has left the fork for the
// exec: the files it holds are its own) and holds the socket `inode`
// (/proc/PID/fd).
bool holds_socket(pid_t pid, unsigned long inode) {
  std::string comm;
  std::getline(std::ifstream("/proc/" + std::to_string(pid) + "/comm"), comm);
  if (comm != "mosquitto") return false;
  const std::string want = "socket:[" + std::to_string(inode) + "]";
  std::error_code ec;
  for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    std::error_code e;
    if (fs::read_symlink(fd.path(), e).string() == want) return true;
  }
  return false;
}

}  // namespace

Broker::Broker(std::string dir, BrokerOptions options)
    : dir_(std::move(dir)), options_(std::move(options)), port_(options_.port > 0 ? options_.port : free_port()) {}

Broker::~Broker() { stop(); }

bool Broker::available() { return fs::exists("/usr/sbin/mosquitto"); }

std::string Broker::log() const {
  std::ifstream f(dir_ + "/mosquitto.log");
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

bool Broker::start(std::string& error) {
  std::ostringstream conf;  // all but the listener line, written with each port tried
  if (::getuid() == 0) conf << "user root\n";  // else it drops to 'mosquitto' and cannot write here
  conf << "persistence " << (options_.persistence ? "true" : "false") << "\n";
  conf << "persistence_location " << dir_ << "/\n";
  if (options_.autosave_interval_s > 0) conf << "autosave_interval " << options_.autosave_interval_s << "\n";
  conf << "log_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\n";
  if (options_.tls) {
    const std::string d = dir_;
    const std::string cmd =
        "cd " + d + " && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=tabula-test-ca"
        " -keyout ca.key -out ca.crt && openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=127.0.0.1"
        " -keyout broker.key -out broker.csr && printf 'subjectAltName=IP:127.0.0.1\\n' > ext.cnf &&"
        " openssl x509 -req -in broker.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf"
        " -out broker.crt";
    if (std::system(("(" + cmd + ") >/dev/null 2>&1").c_str()) != 0) {
      error = "openssl could not make the test certificates";
      return false;
    }
    conf << "cafile " << d << "/ca.crt\ncertfile " << d << "/broker.crt\nkeyfile " << d << "/broker.key\n";
  }
  conf << options_.extra_conf;
  if (options_.users.empty()) {
    conf << "allow_anonymous true\n";
  } else {
    conf << "allow_anonymous false\npassword_file " << dir_ << "/passwd\nacl_file " << dir_ << "/acl\n";
    {
      std::ofstream(dir_ + "/passwd").close();
    }
    for (const auto& [user, pass] : options_.users) {
      std::string cmd = "mosquitto_passwd -b " + dir_ + "/passwd " + user + " " + pass + " >/dev/null 2>&1";
      if (std::system(cmd.c_str()) != 0) {
        error = "mosquitto_passwd failed for " + user;
        return false;
      }
    }
    std::ofstream(dir_ + "/acl") << options_.acl;
  }
  const int tries = started_ ? 1 : kPortTries;
  for (int attempt = 1; attempt <= tries; ++attempt) {
    if (attempt > 1) port_ = free_port();
    std::ofstream(dir_ + "/mosquitto.conf") << "listener " << port_ << " 127.0.0.1\n" << conf.str();
    const std::size_t log_before = log().size();
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a test that crashes takes its broker along
      int log = ::open((dir_ + "/mosquitto.log").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(log, 2);
      ::dup2(log, 1);
      // Nothing of the test's (its sockets, its journals) goes along: a
      // listener of the test's would count as mosquitto's below.
      ::close_range(3, ~0U, 0);
      ::execl("/usr/sbin/mosquitto", "mosquitto", "-c", (dir_ + "/mosquitto.conf").c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // Up, when the port's listener is this mosquitto's own socket; the
    // process gone means it could not start (a port taken: tried again).
    bool exited = false, ours = false;
    eventually(
        [&] {
          int status = 0;
          exited = ::waitpid(pid_, &status, WNOHANG) == pid_;
          if (!exited) {
            const unsigned long inode = listener_inode(port_);
            ours = inode != 0 && holds_socket(pid_, inode);
          }
          return exited || ours;
        },
        30s);
    if (ours) {
      started_ = true;
      return true;
    }
    const std::string said = log().substr(log_before);
    if (exited) {
      pid_ = -1;
      if (said.find("in use") != std::string::npos && attempt < tries) continue;  // another took the port
      error = "mosquitto did not start on port " + std::to_string(port_) + " (try " + std::to_string(attempt) + " of " +
              std::to_string(tries) + "): " + said;
      return false;
    }
    error = "mosquitto did not listen on port " + std::to_string(port_) + " within 30 s: " + said;
    stop();
    return false;
  }
  return false;
}

void Broker::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

void Broker::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

ArbiterKey test_arbiter_key() {
  ArbiterKey k;
  k.secret = "0123456789abcdef0123456789abcdef";
  return k;
}

BoardKey test_board_key(const std::string& board) {
  std::string seed = "tabula test board " + board;
  seed.resize(kBoardSeedBytes, '#');
  std::string error;
  return *board_key_from_seed(board, seed, error);
}

BoardKeyRing test_board_keys(int boards, const std::vector<std::string>& more) {
  BoardKeyRing ring;
  for (int i = 1; i <= boards; ++i) ring.enrol("t" + std::to_string(i), test_board_key("t" + std::to_string(i)).public_key);
  for (const std::string& b : more) ring.enrol(b, test_board_key(b).public_key);
  return ring;
}

BrokerConfig loopback_broker(int port, const std::string& user, const std::string& password) {
  BrokerConfig b;
  b.port = port;
  b.username = user;
  b.password = password;
  b.keepalive_s = 5;
  return b;
}

}  // namespace tabula::hub::testing
