// request_rules.h — the rules every request to the browser service is held
// to before a handler reads it (plain HTTP and TLS alike; guarded_server.h
// adds the connection guards, over TLS too since session 31). Split from
// guarded_server.h in session 29 (guarded_server.cpp had passed 800 lines).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <httplib.h>

namespace tabula::hub::web {

class GuardedServer;

// The request rules of every server of the service (plain or TLS): an
// address holding a control character once decoded (a NUL cut a file's name
// short: "/index.html%00.js" was index.html) is 400; a request with both
// Content-Length and Transfer-Encoding is 400 (request smuggling through a
// proxy that reads the other); Range is ignored (RFC 9110 14.2 lets a
// server: overlapping ranges made one small request a multipart answer many
// times the file), the whole answer is 200.
// Session 18: a write (any method but GET and HEAD) from another site's page
// is 403 before any handler reads it (the browser says so in Origin or
// Sec-Fetch-Site; a program that sends neither is served): a page the
// arbiter visited posted wrong tokens to /api/arbiter/login and locked the
// arbiter's own address out of signing in. And "Expect: 100-continue" with
// a Content-Length over `max_body` is 413 at once (the library said
// "100 Continue", then waited for the body it would refuse).
// Session 19 (DNS rebinding): a request whose Host is neither one of
// `host_names`, localhost nor an IP literal is 421, naming it; with no
// names given, only writes are asked, against this machine's own names
// (its host name and NAME.local). Two Hosts are 400.
// Session 29: a request with a Content-Encoding is 415 before its body is
// read (the library unpacked it without a bound: 841 bytes of brotli were
// 1 GiB in memory); it closes the connection. (Session 29 also refused a
// chunked body 411 on a server other than GuardedServer, the service's
// TLS server then, whose library loop read it whole; session 31: the rules
// are for a GuardedServer only, plain or TLS, whose stream bounds it.)
void guard_requests(GuardedServer& server, std::size_t max_body, std::vector<std::string> host_names = {});

// Whether the request's address (its query string, decoded as the library
// decodes it) names the parameter `name`. The library merges the query and
// a form's body into one set of parameters; a secret belongs in the body
// only: an address is kept in logs, proxies and the browser's history
// (session 29, the attacker's round: the arbiter's token was taken from
// /api/arbiter/login?token=...).
bool in_query(const httplib::Request& req, const std::string& name);

// "" when every name of a --host-names list is a host name (letters, digits,
// '-' and '.'; no port, no scheme); else the first that is not, and why.
std::string host_names_problem(const std::vector<std::string>& names);

}  // namespace tabula::hub::web
