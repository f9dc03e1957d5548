// broker.h — the hub tests' own Mosquitto: one broker process per test on a
// free loopback port, with a generated configuration, started and stopped
// by the test (so `.ci/run` needs nothing but scripts/test.sh). The TCP
// proxy whose "network" can be cut is arbiter/hub/tools/tcp_proxy.h.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hub/action_auth.h"
#include "hub/board_signature.h"
#include "hub/mqtt_client.h"
#include "hub/tools/tcp_proxy.h"

namespace tabula::hub::testing {

// A fresh directory under the temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

int free_port();
// True once a TCP connection to 127.0.0.1:port succeeds (within `timeout`).
// Whose listener answered is not known: Broker::start checks its own.
bool port_open(int port, std::chrono::milliseconds timeout);
// Polls `pred` every 5 ms until it holds or `timeout` passes.
bool eventually(const std::function<bool()>& pred, std::chrono::milliseconds timeout);

struct BrokerOptions {
  bool persistence = true;
  int autosave_interval_s = 0;  // 0: mosquitto's default (1800 s); the snapshot is also written on SIGTERM
  // With users: allow_anonymous false, a password file (user:password pairs)
  // and the ACL file text.
  std::vector<std::pair<std::string, std::string>> users;
  std::string acl;
  std::string extra_conf;  // lines added to the generated mosquitto.conf
  // TLS on the listener with a fresh CA and a certificate for 127.0.0.1
  // (made with the openssl command); ca_file() names the CA for clients.
  bool tls = false;
  // The port to try first (0: a free one). Tests only: a port another
  // listener holds shows that start() moves to a free one (session 23).
  int port = 0;
};

class Broker {
 public:
  Broker(std::string dir, BrokerOptions options = {});
  ~Broker();
  static bool available();           // /usr/sbin/mosquitto exists
  // Session 23: the port is chosen free, then mosquitto binds it, and
  // another program (a parallel suite's broker, an outgoing connection)
  // could take it in between. start() waits until the listener on the port
  // is its own mosquitto's (/proc: the socket's inode among the process's
  // files); at the first start, a port found taken ("Address already in
  // use") is left for another free one (at most kPortTries); a later start
  // (after stop() or kill()) keeps the port, which clients know.
  static constexpr int kPortTries = 20;
  bool start(std::string& error);
  void stop();                       // SIGTERM (saves persistence), waits
  void kill();                       // SIGKILL, as a power cut: what the last snapshot lacks is gone
  int port() const { return port_; }
  std::string log() const;
  std::string ca_file() const { return dir_ + "/ca.crt"; }

 private:
  std::string dir_;
  BrokerOptions options_;
  int port_;
  pid_t pid_ = -1;
  bool started_ = false;  // a start succeeded: the port stays
};

using hub::TcpProxy;  // arbiter/hub/tools/tcp_proxy.h

// The tests' event key (hub and boards), and a broker address on loopback
// with an optional login (keepalive 5 s).
ArbiterKey test_arbiter_key();
// The tests' board keys (issue 28): a fixed key per board name, and the
// hub's enrolment of boards t1..t<boards> and of the names in `more`.
BoardKey test_board_key(const std::string& board);
BoardKeyRing test_board_keys(int boards = 16, const std::vector<std::string>& more = {});
BrokerConfig loopback_broker(int port, const std::string& user = "", const std::string& password = "");

}  // namespace tabula::hub::testing
