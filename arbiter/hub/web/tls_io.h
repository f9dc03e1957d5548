// tls_io.h — OpenSSL over a non-blocking socket, for the guarded loop
// (guarded_server.h; session 31, split from guarded_server.cpp, which
// neared 800 lines): one call retried as OpenSSL asks, within a deadline;
// a whole write; the server's context from its PEM files.
#pragma once

#include <openssl/ssl.h>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace tabula::hub::web::tls_io {

using Clock = std::chrono::steady_clock;

// One call of OpenSSL's over a non-blocking socket (SSL_accept, SSL_read,
// SSL_write) retried as OpenSSL asks, waiting on the socket, until it is
// done or `end`: its result when done (> 0); 0 when the peer closed
// (close_notify); kFailed on an error; kLate when `end` came first (the
// call may be made again, the same).
constexpr int kFailed = -1;
constexpr int kLate = -2;
int step(SSL* ssl, int sock, Clock::time_point end, const std::function<int()>& call);

// `bytes` written through TLS whole, by `end`: false when they were not.
bool write_all(SSL* ssl, int sock, std::string_view bytes, Clock::time_point end);

// A server's TLS context with the certificate (chain) and key of these PEM
// files; null, and `why` says what is wrong (the file, OpenSSL's words),
// when they cannot be used.
SSL_CTX* server_context(const std::string& cert_file, const std::string& key_file, std::string& why);

}  // namespace tabula::hub::web::tls_io
