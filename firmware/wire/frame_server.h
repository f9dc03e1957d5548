// Publishes frames over a Unix domain stream socket to any number of clients
// and reads their Requests.
//
// Invariants: every fd is non-blocking, so neither accept, read nor write ever
// waits; each client's unsent bytes stay below max_queued_bytes: a client
// that lets its queue fill (it stopped reading) is disconnected, never
// buffered for. A client's Frame::sequence counts from 1 without gaps, so a
// client can tell it saw everything. At max_clients a new connection is
// always let in: the client idle longest (no request for the longest time,
// counting from its connect) is closed with a reason, so idle connections can
// never lock the kiosk out (issue 28 item 6; the kiosk asks for a snapshot as
// it connects and sends an expectation on every move). Owns the listening socket (unlinked on
// destruction if it is still ours) and every client fd. Not thread-safe: one
// loop drives it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "wire/frame_codec.h"
#include "wire/frame_sink.h"
#include "wire/io_status.h"
#include "wire/unique_fd.h"

namespace tabula::firmware {

struct ServerOptions {
  std::string path;  // socket path
  std::size_t max_clients = 16;
  std::size_t max_queued_bytes = 256 * 1024;  // per client
  unsigned mode = 0660;                       // socket file permissions
};

class FrameServer final : public FrameSink {
 public:
  // Binds and listens. A stale socket file (nobody listening) is replaced;
  // a live one is kAddressInUse.
  static IoStatus open(const ServerOptions& options, std::unique_ptr<FrameServer>& out);
  ~FrameServer() override;

  void broadcast(board::Frame& frame) override;
  void send(ClientId client, board::Frame& frame) override;
  void close_client(ClientId client, board::Frame* last_words, std::string reason) override;
  void prepare(std::vector<pollfd>& fds) override;
  void dispatch(std::span<const pollfd> fds, std::vector<SinkEvent>& events) override;
  std::size_t client_count() const override { return clients_.size(); }
  void drain(int timeout_ms) override;

  const std::string& path() const { return options_.path; }
  std::uint64_t clients_dropped() const { return dropped_; }
  // Clients closed to let a newer one in.
  std::uint64_t clients_evicted() const { return evicted_; }
  // Unsent bytes queued for a client (0 for an unknown one).
  std::size_t queued_bytes(ClientId client) const;

 private:
  struct Client {
    ClientId id = 0;
    UniqueFd fd;
    std::string out;  // unsent bytes from out_start
    std::size_t out_start = 0;
    std::uint64_t sequence = 0;
    FrameDecoder decoder;
    std::chrono::steady_clock::time_point last_request;  // or the connect, before any request
    bool closing = false;  // drop after the queue is flushed
    std::string close_reason;
  };
  explicit FrameServer(ServerOptions options) : options_(std::move(options)) {}
  Client* find(ClientId id);
  void enqueue(Client& client, board::Frame& frame);
  void flush(Client& client);
  void read_from(Client& client, std::vector<SinkEvent>& events);
  void accept_all(std::vector<SinkEvent>& events);
  bool evict_longest_idle(std::vector<SinkEvent>& events);
  void reap(std::vector<SinkEvent>& events);

  ServerOptions options_;
  UniqueFd listen_fd_;
  dev_t dev_ = 0;
  ino_t ino_ = 0;
  std::vector<std::unique_ptr<Client>> clients_;
  std::vector<SinkEvent> dropped_events_;  // drops noticed outside dispatch()
  std::size_t first_fd_ = 0;               // where prepare() put our fds
  std::size_t fd_count_ = 0;
  ClientId next_id_ = 1;
  std::uint64_t dropped_ = 0;
  std::uint64_t evicted_ = 0;
  std::string scratch_;
};

}  // namespace tabula::firmware
