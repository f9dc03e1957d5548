// web_arbiter_routes.cpp — the arbiter's routes of the web service (sign in
// and out, the alerts, acknowledge, the actions), split from web_service.cpp
// in session 30 (that file was at the 800-line limit). Every write needs the
// session cookie and the page's own header (Impl::arbiter_write).
#include <sys/random.h>

#include <algorithm>

#include "hub/web/request_rules.h"
#include "hub/web/web_service_impl.h"

namespace tabula::hub::web {

namespace {

using service_parts::cookie_value;
using service_parts::json_reply;
using service_parts::printable;
using service_parts::text_reply;
using service_parts::wall_ms;

constexpr std::size_t kMaxSessions = 16;               // arbiter logins held at once
constexpr std::int64_t kSessionLifeMs = 12 * 3600 * 1000;
constexpr int kLoginFailuresPerMinute = 5;              // per client address
constexpr std::size_t kMaxFailingAddresses = 1024;     // addresses with a wrong token in the last minute

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(raw.data() + got, bytes - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : raw) {
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

bool same_secret(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

}  // namespace

void add_arbiter_routes(WebService::Impl& s, httplib::Server& svr) {
  svr.Post("/api/arbiter/login", [&s](const httplib::Request& req, httplib::Response& res) {
    if (s.options.arbiter_token.empty()) {
      text_reply(res, 403, "the arbiter's page is off: start the service with --arbiter-token-file");
      return;
    }
    const std::int64_t now = wall_ms();
    std::lock_guard<std::mutex> g(s.mutex);
    // Session 16, the attacker's round: the table of addresses was cleared
    // whole past 1024 of them, so wrong tokens from 1025 addresses (a /64 of
    // IPv6, or 127.0.0.0/8 here) wiped every address's count, its own
    // included: unlimited guesses. And the clear freed the entry `fails`
    // still referred to (a use after free). Now only addresses without a
    // wrong token in the last minute are forgotten; while 1024 addresses
    // have one, a new address waits too (the arbiter already signed in keeps
    // the session; bounded memory: 1024 x 5 times).
    for (auto it = s.failures.begin(); it != s.failures.end();) {
      auto& times = it->second;
      times.erase(std::remove_if(times.begin(), times.end(), [&](std::int64_t t) { return t < now - 60000; }),
                  times.end());
      it = times.empty() ? s.failures.erase(it) : std::next(it);
    }
    const auto mine = s.failures.find(req.remote_addr);
    if (mine != s.failures.end() && mine->second.size() >= kLoginFailuresPerMinute) {
      text_reply(res, 429, "too many wrong tokens from this address: wait a minute");
      return;
    }
    if (mine == s.failures.end() && s.failures.size() >= kMaxFailingAddresses) {
      text_reply(res, 429, "wrong tokens from " + std::to_string(kMaxFailingAddresses) +
                               " addresses within a minute: every new address waits a minute");
      return;
    }
    if (in_query(req, "token")) {  // a secret in an address is kept in logs and history
      text_reply(res, 400, "the arbiter token goes in the form's body, not in the address: sign in on the page");
      return;
    }
    if (!req.has_param("token") || !same_secret(req.get_param_value("token"), s.options.arbiter_token)) {
      s.failures[req.remote_addr].push_back(now);
      text_reply(res, 401, "wrong arbiter token");
      return;
    }
    for (auto it = s.sessions.begin(); it != s.sessions.end();) it = it->second < now ? s.sessions.erase(it) : std::next(it);
    while (s.sessions.size() >= kMaxSessions) {
      auto oldest = std::min_element(s.sessions.begin(), s.sessions.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
      s.sessions.erase(oldest);
    }
    const std::string id = random_hex(16);
    s.sessions[id] = now + kSessionLifeMs;
    // Session 29: over HTTPS the cookie is Secure. Without it the browser
    // sent the arbiter's session in clear text to any plain-HTTP address of
    // the same host name (cookies know no port nor scheme): the arbiter
    // typing the address without https://, or a hall's network answering
    // one, gave the session to whoever listened on the Wi-Fi.
    res.set_header("Set-Cookie", "tabula_arbiter=" + id + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200" +
                                     (s.options.tls_cert.empty() ? "" : "; Secure"));
    text_reply(res, 200, "signed in");
  });
  svr.Post("/api/arbiter/logout", [&s](const httplib::Request& req, httplib::Response& res) {
    std::lock_guard<std::mutex> g(s.mutex);
    s.sessions.erase(cookie_value(req, "tabula_arbiter"));
    res.set_header("Set-Cookie", std::string("tabula_arbiter=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0") +
                                     (s.options.tls_cert.empty() ? "" : "; Secure"));
    text_reply(res, 200, "signed out");
  });
  svr.Get("/api/arbiter/alerts", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.is_arbiter(req)) {
      text_reply(res, 401, "not signed in as the arbiter");
      return;
    }
    JsonWriter w;
    w.begin_array();
    s.hub.read([&](const HubModel& m) {
      for (const Alert& a : m.alerts()) {
        w.begin_object().key("id").value(static_cast<std::int64_t>(a.id)).key("kind").value(to_string(a.kind));
        w.key("board").value(a.board).key("text").value(a.text).key("wall_ms").value(a.wall_ms);
        w.key("acknowledged").value(a.acknowledged).key("acknowledged_by").value(a.acknowledged_by);
        // Session 22: "all-clear" (drawn calm) or "alarm"; closed by itself, how.
        w.key("tone").value(to_string(tone(a.kind))).key("cleared").value(a.cleared);
        // Session 29: raised before the hub (re)started, kept in the tournament record.
        w.key("from_record").value(a.from_record).end_object();
      }
    });
    w.end_array();
    json_reply(res, w.take());
  });
  svr.Post("/api/arbiter/ack", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.arbiter_write(req, res)) return;
    // The alert's number, digits only ("5abc", "-5", " 5" were read as
    // numbers by stoll), and one the hub has.
    const std::string asked = req.get_param_value("id");
    if (asked.empty() || asked.size() > 18 || asked.find_first_not_of("0123456789") != std::string::npos) {
      text_reply(res, 400, "ack needs id=N (an alert's number), not '" + printable(asked, 20) + "'");
      return;
    }
    const std::uint64_t id = std::stoull(asked);
    bool known = false;
    s.hub.read([&](const HubModel& m) {
      for (const Alert& a : m.alerts()) known = known || a.id == id;
    });
    if (!known) {
      text_reply(res, 404, "no alert " + asked);
      return;
    }
    s.hub.acknowledge(id);
    text_reply(res, 200, "acknowledged");
  });
  svr.Post("/api/arbiter/action", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.arbiter_write(req, res)) return;
    const std::string board = req.get_param_value("board");
    const std::string kind = req.get_param_value("kind");
    wire::Action a;
    a.set_board(board);
    a.set_count(1);
    a.set_winner(-1);
    if (kind == "pause") {
      a.set_kind(wire::ACTION_KIND_PAUSE);
    } else if (kind == "resume") {
      a.set_kind(wire::ACTION_KIND_RESUME);
    } else if (kind == "takeback") {
      a.set_kind(wire::ACTION_KIND_TAKEBACK);
      const std::string n = req.get_param_value("count");
      if (!n.empty()) {
        if (n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos || std::stoi(n) < 1) {
          text_reply(res, 400, "takeback count must be 1 to 99, not '" + printable(n, 20) + "'");
          return;
        }
        a.set_count(std::stoi(n));
      }
    } else if (kind == "draw" || kind == "win") {
      a.set_kind(wire::ACTION_KIND_ADJUDICATE);
      a.set_draw(kind == "draw");
      if (kind == "win") {
        const std::string seat = req.get_param_value("seat");
        if (seat.size() != 1 || seat[0] < '0' || seat[0] > '3') {
          text_reply(res, 400, "win needs seat=0..3 (the winner's seat index)");
          return;
        }
        a.set_winner(seat[0] - '0');
      }
    } else {
      text_reply(res, 400, "kind must be pause, resume, takeback, draw or win, not '" + printable(kind, 20) + "'");
      return;
    }
    std::string error;
    if (!s.hub.send(a, error)) {
      text_reply(res, 409, "not sent: " + error);
      return;
    }
    text_reply(res, 200, "sent " + describe(a) + " to " + board);
  });
}

}  // namespace tabula::hub::web
