// guarded_server.h — cpp-httplib's server with two guards its own connection
// loop lacks (s11-event, the attacker's pass on the browser service):
//
// - Slow requests. cpp-httplib's read timeout is per read, so a client that
//   sends one header line every few seconds keeps its connection's thread
//   for ever; 1016 such connections (the pool: --max-streams + 16) stopped
//   the service answering anyone (measured: a request timed out after 15 s).
//   Here a request's head and body must arrive within `request_deadline`
//   of its first byte, or the connection is closed; and be at most 256 KiB
//   together (s16: any number of short header lines was read and held).
// - Many connections from one address. At most `max_per_address` open at
//   once per client address (0: no limit); the next is answered 429 and
//   closed before any of its bytes are read, so one machine cannot take the
//   pool (nor every event stream) from the hall.
//
// Session 19: a header line over the library's limit (8192 bytes) is told
// 431 and which header (the library's answer was a bare 400).
// Session 23: the head's limits are checked here as its bytes are read,
// before the library's, so each is answered in words and alike on Debian
// 12 (cpp-httplib 0.11) and 13 (0.18, which stops reading a line at 32 KiB
// and closed a 300 KB address unanswered): a request line over 8192 bytes
// is 414, a header line over 8192 or a 101st header line 431; and a chunked
// body over the server's payload limit is 413 (0.11 did not bound it).
// Session 29: the head and a chunked body are read here as the library
// reads them, or refused 400: every line of the head ends in CRLF (the
// library ends a line at a bare LF and skips it, which hid a
// Transfer-Encoding line from the count of the chunks), and a chunk's size
// is hexadecimal digits (the library's strtoul read " 320", "+320" and
// "0x320", each a last chunk to this file's count).
//
// It also keeps one read buffer for a connection's whole life, so pipelined
// requests are each answered (cpp-httplib 0.11 dropped what it had buffered
// past the first: the second answer was a 400), and closes a connection
// after an answer of 400 or more: what follows a request that could not be
// read (or whose body was not read) is not taken as the next request.
//
// The guards work by overriding the library's per-connection loop
// (Server::process_and_close_socket, virtual) with one that drives the
// library's own request parser and router (process_request) over this
// file's socket stream.
//
// Session 31: over TLS too (use_tls). The library's SSLServer had its own
// loop, with none of the guards: its handshake waited 5 s per read with no
// end (a client sending a byte of its hello every few seconds held a
// thread for ever), and a request's head, the per-address limit and the
// crowding cut were not held at all. Now this loop does the handshake
// itself, through OpenSSL over the non-blocking socket, within the
// request's deadline from the connection's start (the crowded wait while
// the pool is crowded), then reads and writes through OpenSSL with every
// guard above: one loop for both.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <httplib.h>

#include "hub/web/request_rules.h"

struct ssl_ctx_st;  // OpenSSL's SSL_CTX
struct ssl_st;      // OpenSSL's SSL

namespace tabula::hub::web {

class GuardedServer : public httplib::Server {
 public:
  GuardedServer(std::size_t max_per_address, std::chrono::milliseconds request_deadline);
  ~GuardedServer() override;

  // Session 31: serve HTTPS with the certificate (chain) and key of these
  // PEM files: "" once they are loaded and agree, else what is wrong
  // (OpenSSL's words). Before the listen. TLS 1.2 and 1.3; no
  // renegotiation, no compression. A connection over the per-address limit
  // is closed before its handshake (a TLS client cannot read a plain 429,
  // and a handshake to tell it would give the refused connections the
  // threads the limit keeps from them); refused() counts it.
  std::string use_tls(const std::string& cert_file, const std::string& key_file);
  bool tls() const { return tls_ != nullptr; }

  // Session 18 (slow senders from many addresses): the server's pool has
  // `threads` threads. While fewer than an eighth of them (at least one) are
  // free, a connection that has not yet sent its whole request, or waits
  // for its next one, is given `crowded_wait` from the start of that
  // request (or wait), not the request's deadline or the keep-alive time: 1,100
  // slow senders from 19 addresses (within the per-address limit) held all
  // 1,016 threads and a spectator waited 10 s for a page, each time they
  // reconnected. 0 threads (the default): no such rule.
  void set_crowding(std::size_t threads, std::chrono::milliseconds crowded_wait);

  // Connections refused so far for their address's limit.
  std::size_t refused() const;
  // Connections from `address` admitted and not yet closed.
  std::size_t open_from(const std::string& address) const;
  // Requests refused 413 for their size (over 256 KiB, head and body; or,
  // session 23, a chunked body over the payload limit, which Debian 12's
  // library did not hold it to).
  std::size_t oversized() const;
  // Requests refused 431: a header line over the library's limit (8 KiB),
  // or more than 100 header lines.
  std::size_t long_headers() const;
  // Requests refused 414: a request line over the library's limit (8 KiB).
  std::size_t long_addresses() const;
  // Session 29: requests refused 400 as their bytes arrived: a line of the
  // head not ending in CRLF, a chunk size that is not hexadecimal digits, a
  // chunk's data not followed by CRLF (the library reads each another way).
  std::size_t malformed() const;
  // Session 31: TLS connections closed before their handshake ended: not
  // finished within the request's deadline (or the crowded wait), or failed
  // (not TLS, no cipher in common, the client gave up).
  std::size_t handshakes_cut() const;

 private:
  bool process_and_close_socket(socket_t sock) override;
  // The library's process_request, whichever of its signatures this
  // cpp-httplib has (0.11: the stream gives the addresses; 0.18, Debian 13:
  // they are passed in).
  template <class S>
  bool serve_one(S& strm, bool close_connection, bool& connection_closed);
  // Session 31: the TLS handshake of a connection (its socket non-blocking)
  // within the request's deadline (the crowded wait while crowded).
  bool handshake(ssl_st* ssl, socket_t sock);
  bool admit(const std::string& address);
  void release(const std::string& address);
  // True while so many threads serve connections that few are free.
  bool crowded() const;

  std::size_t max_per_address_;
  std::chrono::milliseconds request_deadline_;
  mutable std::mutex mutex_;
  std::map<std::string, std::size_t> open_;  // client address -> connections open
  std::size_t refused_ = 0;
  std::size_t oversized_ = 0;
  std::size_t long_headers_ = 0;
  std::size_t long_addresses_ = 0;
  std::size_t malformed_ = 0;
  std::size_t handshakes_cut_ = 0;
  ssl_ctx_st* tls_ = nullptr;  // owned; null: plain HTTP
  std::size_t threads_ = 0;
  std::chrono::milliseconds crowded_wait_{0};
  std::atomic<std::size_t> busy_{0};  // connections being served (each holds a thread)
};

}  // namespace tabula::hub::web
