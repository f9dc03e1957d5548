// request_rules.cpp — the request rules of every server of the service
// (request_rules.h); split from guarded_server.cpp in session 29.
#include "hub/web/request_rules.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include "hub/web/guarded_server.h"

namespace tabula::hub::web {

namespace {

// A header's value as it can be echoed: at most 20 bytes, printable ASCII,
// any other byte as '?'.
std::string echo_value(const std::string& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size() && i < 20; ++i) out += v[i] >= 0x20 && v[i] < 0x7f ? v[i] : '?';
  return "\"" + out + (v.size() > 20 ? "...\"" : "\"");
}

// "" when the request's body framing can be read one way only; else what is wrong.
std::string framing_problem(const httplib::Request& req) {
  const std::size_t lengths = req.get_header_value_count("Content-Length");
  // The values read from the headers' multimap (case-insensitive keys, in
  // the order given): get_header_value's index is its second argument in
  // Debian 12's cpp-httplib (0.11) and its third in Debian 13's (0.18).
  const auto [length_begin, length_end] = req.headers.equal_range("Content-Length");
  for (auto it = length_begin; it != length_end; ++it) {
    const std::string& v = it->second;
    if (v.empty() || v.size() > 18 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return "Content-Length " + echo_value(v) + " is not digits only";
    if (const std::string& first = length_begin->second; v != first)
      return "two Content-Length values (" + echo_value(first) + " and " + echo_value(v) + "): one framing only";
  }
  const std::size_t codings = req.get_header_value_count("Transfer-Encoding");
  if (codings > 1) return "Transfer-Encoding given " + std::to_string(codings) + " times: one framing only";
  if (codings == 1 && req.get_header_value("Transfer-Encoding") != "chunked")
    return "Transfer-Encoding " + echo_value(req.get_header_value("Transfer-Encoding")) +
           ": a request's body is read as \"chunked\" alone or by its Content-Length";
  // The library reads no body of a GET or HEAD: what a proxy takes as its
  // body was read as the next request.
  if ((req.method == "GET" || req.method == "HEAD") &&
      (codings > 0 || (lengths > 0 && req.get_header_value("Content-Length") != "0")))
    return "a " + req.method + " request has no body here (Content-Length or Transfer-Encoding given)";
  return "";
}

// "" when a request may write (GET and HEAD, a program's request that names
// no origin, a page of this service's own origin); else why not: the
// browser names another site's page in Sec-Fetch-Site or Origin (whose
// host and port are not the Host this request was sent to; "null" is a
// sandboxed or local page's).
std::string foreign_write(const httplib::Request& req) {
  if (req.method == "GET" || req.method == "HEAD") return "";
  if (const std::string site = req.get_header_value("Sec-Fetch-Site"); site == "cross-site" || site == "same-site")
    return "Sec-Fetch-Site " + echo_value(site);
  if (!req.has_header("Origin")) return "";
  const std::string origin = req.get_header_value("Origin");
  const std::size_t scheme = origin.find("://");
  if (scheme == std::string::npos) return "Origin " + echo_value(origin);
  const std::string_view authority = std::string_view(origin).substr(scheme + 3);
  // Behind a proxy that rewrites Host, the name the browser used is in
  // X-Forwarded-Host (a form of another site cannot set that header).
  for (const char* name : {"Host", "X-Forwarded-Host"}) {
    if (req.has_header(name) && authority == req.get_header_value(name)) return "";
  }
  return "Origin " + echo_value(origin);
}

// A Host header's host, as compared: lower case, its port and a final dot
// cut ("Tabula.Club.:8080" is "tabula.club"); an IPv6 literal keeps its
// brackets ("[::1]:8080" is "[::1]").
std::string host_of(std::string_view value) {
  std::string_view host = value;
  if (!host.empty() && host.front() == '[') {
    host = host.substr(0, host.find(']') == std::string_view::npos ? host.size() : host.find(']') + 1);
  } else if (const std::size_t colon = host.rfind(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  std::string out(host);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// An address written as itself (a dotted IPv4 address, a bracketed IPv6
// one): no name a DNS server answers for, so no page of another site can
// be reached under it by rebinding.
bool ip_literal(const std::string& host) {
  unsigned char bytes[sizeof(in6_addr)];
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    return ::inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), bytes) == 1;
  return ::inet_pton(AF_INET, host.c_str(), bytes) == 1;
}

// Session 19, DNS rebinding: a page of evil.example whose name is made to
// point at the hall's service afterwards is, to the browser, of the same
// origin as its requests (Origin and Host agree: foreign_write lets it
// write). Its requests name it in Host. "" when the request's Host is one
// of `names` (lower case, "localhost" among them), an IP literal, or absent
// (a program's HTTP/1.0; a browser always sends it); else what is wrong.
// `writes_only`: GET and HEAD are not asked (the public reads).
std::string misdirected(const httplib::Request& req, const std::vector<std::string>& names, bool writes_only) {
  if (writes_only && (req.method == "GET" || req.method == "HEAD")) return "";
  if (!req.has_header("Host")) return "";
  const std::string host = host_of(req.get_header_value("Host"));
  if (ip_literal(host) || std::find(names.begin(), names.end(), host) != names.end()) return "";
  return "the Host " + echo_value(req.get_header_value("Host"));
}

// The names the service answers to when none are configured (writes only):
// localhost, the machine's own host name and its mDNS name (NAME.local).
std::vector<std::string> own_names() {
  std::vector<std::string> names = {"localhost"};
  char name[256] = "";
  if (::gethostname(name, sizeof name - 1) == 0 && name[0] != '\0') {
    const std::string own = host_of(name);
    names.push_back(own);
    if (own.find('.') == std::string::npos) names.push_back(own + ".local");
  }
  return names;
}

}  // namespace

std::string host_names_problem(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (name.empty()) return "an empty name (a comma too many?)";
    if (name.size() > 253) return "a name of " + std::to_string(name.size()) + " characters (a host name is at most 253)";
    for (char c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.')
        return "\"" + name.substr(0, 64) + "\" holds '" + std::string(1, c) +
               "' (a host name only: letters, digits, '-' and '.'; no port, no scheme)";
    }
  }
  return "";
}

void guard_requests(GuardedServer& server, std::size_t max_body, std::vector<std::string> host_names) {
  // Session 18: "Expect: 100-continue" and a body over the bound: refused
  // before the client sends it (the library said "100 Continue", then held
  // the connection to the request's deadline and answered 413).
  server.set_expect_100_continue_handler([max_body](const httplib::Request& req, httplib::Response& res) {
    const std::string length = req.get_header_value("Content-Length");
    if (length.size() > 18 || (!length.empty() && std::strtoull(length.c_str(), nullptr, 10) > max_body)) {
      res.status = 413;
      res.set_content("413 a body of " + echo_value(length) + " bytes: the service takes at most " +
                          std::to_string(max_body) + "; it was not sent\n",
                      "text/plain; charset=utf-8");
      return 413;
    }
    return 100;
  });
  // Session 19: the names the service answers to (lower case; "localhost"
  // always). None configured: only writes are asked, against this
  // machine's own names.
  const bool writes_only = host_names.empty();
  if (writes_only) {
    host_names = own_names();
  } else {
    for (std::string& name : host_names) name = host_of(name);
    host_names.push_back("localhost");
  }
  server.set_pre_routing_handler([host_names, writes_only](const httplib::Request& req, httplib::Response& res) {
    // The address decoded: a NUL cut a file's name short ("/index.html%00.js"
    // was index.html), another control character is no page's.
    for (char c : req.path) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
        res.status = 400;
        res.set_content("400 the address holds a control character (%00 to %1F or %7F)\n", "text/plain; charset=utf-8");
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    // Session 18: another site's page cannot write here. A page the
    // arbiter visited could post wrong tokens to /api/arbiter/login (a
    // form's POST needs no permission) and so keep the arbiter's own
    // address out of signing in, a minute at a time.
    if (const std::string foreign = foreign_write(req); !foreign.empty()) {
      res.status = 403;
      res.set_content("403 a " + req.method + " from another site's page (" + foreign +
                          "): the service's writes come from its own pages\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // A request the two framings of which disagree is refused (a proxy in
    // front may read the other one: request smuggling); GuardedServer then
    // closes the connection, as after every answer of 400 or more.
    if (req.has_header("Transfer-Encoding") && req.has_header("Content-Length")) {
      res.status = 400;
      res.set_content("400 both Content-Length and Transfer-Encoding: one framing only\n", "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Session 16: one framing read one way only (RFC 9112 6.1, 6.3). The
    // library read the first of two Content-Lengths (a proxy that reads the
    // last took the request behind as body, the service answered it), took
    // "+0" and "0x0" as numbers, and read a body as chunked only for the
    // exact value "chunked" (a proxy reads "Chunked" or "xchunked, chunked"
    // as chunked, "identity" as none: the two disagree on where the request
    // ends), and read no body of a GET (its body was the next request). Each
    // is 400; GuardedServer closes the connection after it.
    if (const std::string why = framing_problem(req); !why.empty()) {
      res.status = 400;
      res.set_content("400 " + why + "\n", "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Session 29, the attacker's pass: Debian's cpp-httplib is built with
    // zlib and brotli and unpacks a request's body as its Content-Encoding
    // says, into memory, with no bound (the payload limit counts the bytes
    // sent): 841 bytes of brotli made tabula-hub-web take 1 GiB (its peak
    // from 20 MB to 1,085 MB, 798 MB kept after the answer), a request any
    // spectator could send. The service's page sends no compressed body:
    // any Content-Encoding is refused before the body is read. The
    // connection is closed after it (the body unread is no next request).
    if (req.has_header("Content-Encoding")) {
      res.status = 415;
      res.set_header("Connection", "close");
      res.set_content("415 a body with Content-Encoding " + echo_value(req.get_header_value("Content-Encoding")) +
                          ": the service takes bodies as sent, not compressed (a few bytes may unpack to gigabytes); "
                          "it was not read\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // (Session 29 refused a chunked body over TLS 411: the library's own TLS
    // loop read it whole, unbounded. Session 31: every server of the service
    // is a GuardedServer, whose stream bounds a chunked body over TLS too.)
    // (After the framing: a request read two ways is 400 whatever it names.)
    // RFC 9112 3.2: a request with two Hosts is 400 (the library reads the
    // first, a proxy in front may read the other).
    if (req.get_header_value_count("Host") > 1) {
      res.status = 400;
      res.set_content("400 the Host header is given " + std::to_string(req.get_header_value_count("Host")) +
                          " times: one only\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Session 19: a request under a name the service does not answer to
    // (a DNS rebinding page in the arbiter's browser could post wrong
    // tokens from the arbiter's own address, Origin and Host agreeing).
    if (const std::string wrong = misdirected(req, host_names, writes_only); !wrong.empty()) {
      res.status = 421;
      std::string known;
      for (const std::string& name : host_names) known += (known.empty() ? "" : ", ") + name;
      res.set_content("421 " + wrong + " is not a name of this service: it answers to " + known +
                          " and its IP addresses" +
                          (writes_only ? " (for a write; tabula-hub-web --host-names NAME,... names the hall's)" : "") +
                          "\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Range is ignored, as RFC 9110 14.2 lets a server: the files and feeds
    // are small, a stream has no ranges, and overlapping ranges made one small
    // request a multipart answer many times the file (19 x "0-" of app.js:
    // 280 KB). The request is the library's own, not const (only its view).
    const_cast<httplib::Request&>(req).ranges.clear();
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.set_post_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    // The file handler still says 206 for a Range it was not asked to serve.
    if (res.status == 206 && req.ranges.empty()) res.status = 200;
  });
}

bool in_query(const httplib::Request& req, const std::string& name) {
  const std::size_t q = req.target.find('?');
  if (q == std::string::npos) return false;
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  // Each key of the query decoded as a form's (%XX, '+' a space), the
  // library's own reading of it: "%74oken" is token too.
  std::string key;
  bool in_key = true;
  const std::string query = req.target.substr(q + 1) + "&";
  for (std::size_t i = 0; i < query.size(); ++i) {
    const char c = query[i];
    if (c == '&' || c == ';') {
      if (key == name) return true;
      key.clear();
      in_key = true;
    } else if (in_key && c == '=') {
      in_key = false;
    } else if (in_key && c == '%' && i + 2 < query.size() && hex(query[i + 1]) >= 0 && hex(query[i + 2]) >= 0) {
      key += static_cast<char>(hex(query[i + 1]) * 16 + hex(query[i + 2]));
      i += 2;
    } else if (in_key) {
      key += c == '+' ? ' ' : c;
    }
  }
  return false;
}

}  // namespace tabula::hub::web
