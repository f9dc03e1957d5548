// tcp_proxy.h — a loopback TCP proxy whose "network" can be cut and
// restored: the hub's tests and scripts/hub_scale.sh (tabula-hub-sim proxy)
// put it between boards or hubs and the broker.
//
// Forwards 127.0.0.1:port() to 127.0.0.1:target. cut() drops every
// connection at once and refuses new ones until restore(). One thread,
// started by the constructor and joined by the destructor; cut() and
// restore() may be called from any thread. Owns its listening socket and
// every forwarded pair.
#pragma once

#include <atomic>
#include <thread>

namespace tabula::hub {

// A TCP connection to 127.0.0.1:port (close-on-exec); -1 when refused.
int connect_loopback(int port);

class TcpProxy {
 public:
  // listen_port 0: any free port (see port()).
  explicit TcpProxy(int target, int listen_port = 0);
  ~TcpProxy();
  TcpProxy(const TcpProxy&) = delete;
  TcpProxy& operator=(const TcpProxy&) = delete;
  int port() const { return port_; }
  bool listening() const { return listen_fd_ >= 0 && port_ > 0; }
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

}  // namespace tabula::hub
