// broker.h — the hub tests' own Mosquitto: one broker process per test on a
// free loopback port, with a generated configuration, started and stopped
// by the test (so `.ci/run` needs nothing but scripts/test.sh). And a TCP
// proxy whose "network" can be cut and restored.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

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
bool port_open(int port, std::chrono::milliseconds timeout);
// Polls `pred` every 5 ms until it holds or `timeout` passes.
bool eventually(const std::function<bool()>& pred, std::chrono::milliseconds timeout);

struct BrokerOptions {
  bool persistence = true;
  // With users: allow_anonymous false, a password file (user:password pairs)
  // and the ACL file text.
  std::vector<std::pair<std::string, std::string>> users;
  std::string acl;
  // TLS on the listener with a fresh CA and a certificate for 127.0.0.1
  // (made with the openssl command); ca_file() names the CA for clients.
  bool tls = false;
};

class Broker {
 public:
  Broker(std::string dir, BrokerOptions options = {});
  ~Broker();
  static bool available();           // /usr/sbin/mosquitto exists
  bool start(std::string& error);    // same port every time
  void stop();                       // SIGTERM (saves persistence), waits
  int port() const { return port_; }
  std::string log() const;
  std::string ca_file() const { return dir_ + "/ca.crt"; }

 private:
  std::string dir_;
  BrokerOptions options_;
  int port_;
  pid_t pid_ = -1;
};

// Forwards 127.0.0.1:port() to 127.0.0.1:target. cut() drops every
// connection and refuses new ones until restore().
class TcpProxy {
 public:
  explicit TcpProxy(int target);
  ~TcpProxy();
  int port() const { return port_; }
  void cut();
  void restore();

 private:
  void run();
  int target_;
  int port_ = 0;
  int listen_fd_ = -1;
  std::atomic<bool> cut_{false};
  std::atomic<bool> stop_{false};
  std::atomic<int> generation_{0};
  std::thread thread_;
};

}  // namespace tabula::hub::testing
