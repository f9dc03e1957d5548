#include "wire/frame_server.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "wire/frame_convert.h"

namespace tabula::firmware {
namespace {

constexpr std::size_t kServerReadChunk = 4096;

bool fill_address(const std::string& path, sockaddr_un& addr) {
  addr = {};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) return false;
  std::copy(path.begin(), path.end(), addr.sun_path);
  return true;
}

}  // namespace

IoStatus FrameServer::open(const ServerOptions& options, std::unique_ptr<FrameServer>& out) {
  sockaddr_un addr;
  if (options.path.empty() || !fill_address(options.path, addr))
    return {IoError::kInvalid, "socket path '" + options.path + "' must be 1.." +
                                   std::to_string(sizeof addr.sun_path - 1) + " bytes"};
  UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd.valid()) return io_status_from_errno(errno, "create socket");

  struct stat st {};
  if (::lstat(options.path.c_str(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode))
      return {IoError::kAddressInUse,
              options.path + " exists and is not a socket; not replacing it"};
    UniqueFd probe(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (probe.valid() &&
        ::connect(probe.get(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0)
      return {IoError::kAddressInUse, "another daemon is listening on " + options.path};
    ::unlink(options.path.c_str());  // stale: its daemon is gone
  }
  if (::bind(fd.get(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0)
    return io_status_from_errno(errno, "bind " + options.path);
  if (::chmod(options.path.c_str(), options.mode) != 0)
    return io_status_from_errno(errno, "chmod " + options.path);
  if (::listen(fd.get(), 16) != 0) return io_status_from_errno(errno, "listen on " + options.path);

  std::unique_ptr<FrameServer> server(new FrameServer(options));
  if (::stat(options.path.c_str(), &st) == 0) {
    server->dev_ = st.st_dev;
    server->ino_ = st.st_ino;
  }
  server->listen_fd_ = std::move(fd);
  out = std::move(server);
  return IoStatus::ok();
}

FrameServer::~FrameServer() {
  clients_.clear();
  listen_fd_.reset();
  struct stat st {};
  // Unlink only our own socket, not one a newer daemon bound meanwhile.
  if (::stat(options_.path.c_str(), &st) == 0 && st.st_dev == dev_ && st.st_ino == ino_)
    ::unlink(options_.path.c_str());
}

FrameServer::Client* FrameServer::find(ClientId id) {
  for (auto& c : clients_)
    if (c->id == id) return c.get();
  return nullptr;
}

std::size_t FrameServer::queued_bytes(ClientId client) const {
  for (const auto& c : clients_)
    if (c->id == client) return c->out.size() - c->out_start;
  return 0;
}

void FrameServer::enqueue(Client& client, board::Frame& frame) {
  if (client.closing) return;
  frame.set_sequence(++client.sequence);
  scratch_.clear();
  append_frame(frame, scratch_);
  const std::size_t unsent = client.out.size() - client.out_start;
  if (unsent + scratch_.size() > options_.max_queued_bytes) {
    client.closing = true;
    client.close_reason = "stalled with " + std::to_string(unsent) + " bytes unread (limit " +
                          std::to_string(options_.max_queued_bytes) + "); disconnected";
    client.out.clear();
    client.out_start = 0;
    ++dropped_;
    return;
  }
  client.out += scratch_;
  flush(client);
}

void FrameServer::flush(Client& client) {
  while (client.out_start < client.out.size()) {
    const ssize_t n = ::send(client.fd.get(), client.out.data() + client.out_start,
                             client.out.size() - client.out_start, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      client.out_start += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const IoStatus st = io_status_from_errno(n < 0 ? errno : EPIPE, "write to client");
    if (st.code() == IoError::kWouldBlock) break;
    client.closing = true;
    client.close_reason = st.message();
    client.out.clear();
    client.out_start = 0;
    return;
  }
  if (client.out_start == client.out.size()) {
    client.out.clear();
    client.out_start = 0;
  } else if (client.out_start > 64 * 1024) {
    client.out.erase(0, client.out_start);
    client.out_start = 0;
  }
}

void FrameServer::broadcast(board::Frame& frame) {
  for (auto& c : clients_) enqueue(*c, frame);
  reap(dropped_events_);
}

void FrameServer::send(ClientId id, board::Frame& frame) {
  if (Client* c = find(id)) enqueue(*c, frame);
  reap(dropped_events_);
}

void FrameServer::close_client(ClientId id, board::Frame* last_words, std::string reason) {
  Client* c = find(id);
  if (c == nullptr) return;
  if (last_words != nullptr) enqueue(*c, *last_words);
  c->closing = true;
  if (c->close_reason.empty()) c->close_reason = std::move(reason);
  reap(dropped_events_);
}

void FrameServer::reap(std::vector<SinkEvent>& events) {
  for (auto it = clients_.begin(); it != clients_.end();) {
    if (!(*it)->closing) {
      ++it;
      continue;
    }
    SinkEvent ev;
    ev.kind = SinkEvent::Kind::kDisconnected;
    ev.client = (*it)->id;
    ev.reason = (*it)->close_reason;
    events.push_back(std::move(ev));
    it = clients_.erase(it);
  }
}

void FrameServer::accept_all(std::vector<SinkEvent>& events) {
  for (;;) {
    UniqueFd fd(::accept4(listen_fd_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
    if (!fd.valid()) {
      if (errno == EINTR) continue;
      return;  // EAGAIN, or a transient error (EMFILE): try at the next poll
    }
    if (clients_.size() >= options_.max_clients && !evict_longest_idle(events)) {
      std::string bytes;
      board::Frame refuse =
          make_protocol_error("too many clients (" + std::to_string(options_.max_clients) + ")");
      refuse.set_sequence(1);
      append_frame(refuse, bytes);
      (void)::send(fd.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      continue;
    }
    auto client = std::make_unique<Client>();
    client->id = next_id_++;
    client->fd = std::move(fd);
    client->last_request = std::chrono::steady_clock::now();
    events.push_back({SinkEvent::Kind::kConnected, client->id, {}, {}});
    clients_.push_back(std::move(client));
  }
}

bool FrameServer::evict_longest_idle(std::vector<SinkEvent>& events) {
  Client* victim = nullptr;
  for (auto& c : clients_) {
    // Oldest request first; among equals the earliest connected (lowest id).
    if (!c->closing && (victim == nullptr || c->last_request < victim->last_request)) victim = c.get();
  }
  if (victim == nullptr) return false;
  const auto idle = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                          victim->last_request);
  std::string reason = "closed to let a new client in: " + std::to_string(options_.max_clients) +
                       " clients at once, this one idle longest (" + std::to_string(idle.count()) + " ms)";
  board::Frame last_words = make_protocol_error(reason);
  enqueue(*victim, last_words);
  victim->closing = true;
  if (victim->close_reason.empty()) victim->close_reason = std::move(reason);
  ++evicted_;
  reap(events);
  return true;
}

void FrameServer::read_from(Client& client, std::vector<SinkEvent>& events) {
  char buf[kServerReadChunk];
  for (;;) {
    const ssize_t n = ::recv(client.fd.get(), buf, sizeof buf, MSG_DONTWAIT);
    if (n > 0) {
      client.decoder.feed(std::string_view(buf, static_cast<std::size_t>(n)));
      if (client.decoder.buffered() > kMaxFrameBytes + kServerReadChunk) break;  // decode first
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && io_status_from_errno(errno, "").code() == IoError::kWouldBlock) break;
    client.closing = true;
    client.close_reason = n == 0 ? "client closed the connection"
                                 : io_status_from_errno(errno, "read from client").message();
    break;
  }
  board::Request request;
  for (;;) {
    const DecodeResult r = client.decoder.next(request);
    if (r == DecodeResult::kNeedMore) break;
    std::string problem;
    if (r == DecodeResult::kCorrupt) {
      problem = "corrupt request: " + client.decoder.error();
    } else if (request.protocol_version() != board::PROTOCOL_VERSION_CURRENT) {
      problem = "request speaks protocol version " + std::to_string(request.protocol_version()) +
                "; this daemon speaks " + std::to_string(board::PROTOCOL_VERSION_CURRENT);
    } else if (request.body_case() == board::Request::BODY_NOT_SET) {
      problem = "request " + std::to_string(client.decoder.frames()) + " has no body";
    }
    if (!problem.empty()) {
      if (!client.closing) {
        board::Frame err = make_protocol_error(problem);
        enqueue(client, err);
      }
      client.closing = true;
      if (client.close_reason.empty()) client.close_reason = problem;
      break;
    }
    client.last_request = std::chrono::steady_clock::now();
    SinkEvent ev;
    ev.kind = SinkEvent::Kind::kRequest;
    ev.client = client.id;
    ev.request = request;
    events.push_back(std::move(ev));
  }
}

void FrameServer::prepare(std::vector<pollfd>& fds) {
  first_fd_ = fds.size();
  fds.push_back({listen_fd_.get(), POLLIN, 0});
  for (const auto& c : clients_) {
    short want = POLLIN;
    if (c->out.size() > c->out_start) want |= POLLOUT;
    fds.push_back({c->fd.get(), want, 0});
  }
  fd_count_ = fds.size() - first_fd_;
}

void FrameServer::dispatch(std::span<const pollfd> fds, std::vector<SinkEvent>& events) {
  events.insert(events.end(), std::make_move_iterator(dropped_events_.begin()),
                std::make_move_iterator(dropped_events_.end()));
  dropped_events_.clear();
  if (fds.size() < first_fd_ + fd_count_ || fd_count_ == 0) return;
  const auto mine = fds.subspan(first_fd_, fd_count_);
  for (std::size_t i = 1; i < mine.size(); ++i) {
    const pollfd& p = mine[i];
    if (p.revents == 0) continue;
    auto it = std::find_if(clients_.begin(), clients_.end(),
                           [&](const auto& c) { return c->fd.get() == p.fd; });
    if (it == clients_.end()) continue;
    Client& c = **it;
    if (p.revents & (POLLIN | POLLHUP | POLLERR)) read_from(c, events);
    if ((p.revents & POLLOUT) && !c.closing) flush(c);
  }
  if (mine[0].revents & POLLIN) accept_all(events);
  reap(events);
}

void FrameServer::drain(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    std::vector<pollfd> fds;
    for (const auto& c : clients_)
      if (!c->closing && c->out.size() > c->out_start) fds.push_back({c->fd.get(), POLLOUT, 0});
    if (fds.empty()) return;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return;
    if (::poll(fds.data(), fds.size(), static_cast<int>(left.count())) <= 0) return;
    for (auto& c : clients_) flush(*c);
  }
}

}  // namespace tabula::firmware
