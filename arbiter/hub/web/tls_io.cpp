#include "hub/web/tls_io.h"

#include <openssl/err.h>
#include <openssl/x509.h>
#include <poll.h>

#include <algorithm>
#include <cerrno>

namespace tabula::hub::web::tls_io {

namespace {

// OpenSSL's first error queued (the cause), the queue emptied.
std::string openssl_error() {
  const unsigned long e = ERR_get_error();
  ERR_clear_error();
  if (e == 0) return "OpenSSL gave no reason";
  char text[256];
  ERR_error_string_n(e, text, sizeof text);
  return text;
}

}  // namespace

int step(SSL* ssl, int sock, Clock::time_point end, const std::function<int()>& call) {
  for (;;) {
    ERR_clear_error();
    const int r = call();
    if (r > 0) return r;
    const int e = SSL_get_error(ssl, r);
    if (e == SSL_ERROR_ZERO_RETURN) return 0;
    if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) return kFailed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
    if (left <= 0) return kLate;
    pollfd p{sock, static_cast<short>(e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT), 0};
    while (::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1 << 30))) < 0 && errno == EINTR) {
    }
  }
}

bool write_all(SSL* ssl, int sock, std::string_view bytes, Clock::time_point end) {
  while (!bytes.empty()) {
    const int size = static_cast<int>(std::min<std::size_t>(bytes.size(), 1 << 20));
    const int n = step(ssl, sock, end, [&] { return SSL_write(ssl, bytes.data(), size); });
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Session 31: no compression and no session resumption on renegotiation,
// as cpp-httplib's SSLServer sets them; besides, TLS 1.2 at least (OpenSSL
// 3's default security level refuses 1.0 and 1.1 anyway), no renegotiation
// (each would be a handshake's work for the server, on the client's say),
// and a certificate or key that cannot be used is said in OpenSSL's words,
// naming the file (the service said only that the pair could not be used).
// Partial writes: each record within the write timeout
// (GuardedStream::write); buffers released while a connection is idle
// (~34 KiB each, held by thousands of idle connections otherwise).
SSL_CTX* server_context(const std::string& cert_file, const std::string& key_file, std::string& why) {
  ERR_clear_error();
  SSL_CTX* ctx = SSL_CTX_new(TLS_server_method());
  if (!ctx) {
    why = "OpenSSL could not make a TLS context: " + openssl_error();
    return nullptr;
  }
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  SSL_CTX_set_options(ctx,
                      SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_SESSION_RESUMPTION_ON_RENEGOTIATION);
  SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_RELEASE_BUFFERS);
  why.clear();
  if (SSL_CTX_use_certificate_chain_file(ctx, cert_file.c_str()) != 1) {
    why = "cannot read the certificate " + cert_file + " (PEM): " + openssl_error();
  } else if (SSL_CTX_use_PrivateKey_file(ctx, key_file.c_str(), SSL_FILETYPE_PEM) != 1) {
    const unsigned long e = ERR_peek_error();
    const bool other = ERR_GET_LIB(e) == ERR_LIB_X509 && ERR_GET_REASON(e) == X509_R_KEY_VALUES_MISMATCH;
    why = (other ? "the key " + key_file + " is not the certificate's (" + cert_file + ")"
                 : "cannot read the key " + key_file + " (PEM, unencrypted)") +
          ": " + openssl_error();
  } else if (SSL_CTX_check_private_key(ctx) != 1) {
    why = "the key " + key_file + " is not the certificate's (" + cert_file + "): " + openssl_error();
  }
  if (!why.empty()) {
    SSL_CTX_free(ctx);
    return nullptr;
  }
  return ctx;
}

}  // namespace tabula::hub::web::tls_io
