#include "hub/tools/tcp_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <vector>

namespace tabula::hub {

int connect_loopback(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

TcpProxy::TcpProxy(int target, int listen_port) : target_(target) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(listen_port));
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(listen_fd_, 256) != 0) {
    ::close(listen_fd_);
    listen_fd_ = -1;
  } else {
    socklen_t n = sizeof a;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &n);
    port_ = ntohs(a.sin_port);
  }
  if (listen_fd_ >= 0) thread_ = std::thread([this] { run(); });
}

TcpProxy::~TcpProxy() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

void TcpProxy::cut() {
  cut_ = true;
  ++generation_;
}

void TcpProxy::restore() { cut_ = false; }

void TcpProxy::run() {
  struct Pair {
    int a;
    int b;
  };
  std::vector<Pair> pairs;
  int seen_generation = generation_;
  auto close_all = [&] {
    for (Pair& p : pairs) {
      ::close(p.a);
      ::close(p.b);
    }
    pairs.clear();
  };
  while (!stop_) {
    if (generation_ != seen_generation) {
      seen_generation = generation_;
      close_all();
    }
    std::vector<pollfd> fds{{listen_fd_, POLLIN, 0}};
    for (const Pair& p : pairs) {
      fds.push_back({p.a, POLLIN, 0});
      fds.push_back({p.b, POLLIN, 0});
    }
    const std::size_t polled = pairs.size();  // an accept below adds pairs that were not polled
    if (::poll(fds.data(), fds.size(), 20) <= 0) continue;
    if (fds[0].revents & POLLIN) {
      int c = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (c >= 0) {
        int up = cut_ ? -1 : connect_loopback(target_);
        if (up < 0) {
          ::close(c);
        } else {
          pairs.push_back({c, up});
        }
      }
    }
    std::vector<std::size_t> dead;
    for (std::size_t i = 0; i < polled; ++i) {
      for (int side = 0; side < 2; ++side) {
        const pollfd& f = fds[1 + 2 * i + static_cast<std::size_t>(side)];
        if (!(f.revents & (POLLIN | POLLHUP | POLLERR))) continue;
        char buf[8192];
        ssize_t n = ::read(f.fd, buf, sizeof buf);
        int other = side == 0 ? pairs[i].b : pairs[i].a;
        if (n <= 0 || ::write(other, buf, static_cast<std::size_t>(n)) != n) {
          dead.push_back(i);
          break;
        }
      }
    }
    for (auto it = dead.rbegin(); it != dead.rend(); ++it) {
      ::close(pairs[*it].a);
      ::close(pairs[*it].b);
      pairs.erase(pairs.begin() + static_cast<std::ptrdiff_t>(*it));
    }
  }
  close_all();
}

}  // namespace tabula::hub
