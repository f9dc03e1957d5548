// tabula-boardcat: connects to a tabula-boardd socket and prints every frame
// as one text line (events as trace lines, the rest as # comments). A small
// client for people and scripts; the protocol is in proto/board.proto.
//
//   tabula-boardcat [--socket PATH] [--snapshot] [--expect SQUARES] [--count N] [--timeout-ms N]
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>

#include "tabula_proto/board.pb.h"
#include "wire/frame_codec.h"
#include "wire/frame_text.h"
#include "wire/unique_fd.h"
#include "version/version.h"

namespace tf = tabula::firmware;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: tabula-boardcat --version | [--socket PATH] [--snapshot] [--expect \"a1 b1 ...\"] "
               "[--count N] [--timeout-ms N]\n");
  return 2;
}

bool send_request(int fd, const tabula::board::Request& request) {
  std::string bytes;
  tf::append_frame(request, bytes);
  return ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = "/run/tabula/board.sock";
  bool snapshot = false;
  std::string expect;
  bool have_expect = false;
  long count = -1;
  long timeout_ms = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    auto number = [&](long& out) {
      const char* v = next();
      if (v == nullptr) return false;
      const std::string_view s(v);
      return std::from_chars(s.data(), s.data() + s.size(), out).ec == std::errc{};
    };
    if (a == "--version" && argc == 2) {
      std::printf("tabula-boardcat %s\n", std::string(tabula::build_version()).c_str());
      return 0;
    }
    if (a == "--socket") {
      const char* v = next();
      if (v == nullptr) return usage();
      path = v;
    } else if (a == "--snapshot") {
      snapshot = true;
    } else if (a == "--expect") {
      const char* v = next();
      if (v == nullptr) return usage();
      expect = v;
      have_expect = true;
    } else if (a == "--count") {
      if (!number(count)) return usage();
    } else if (a == "--timeout-ms") {
      if (!number(timeout_ms)) return usage();
    } else {
      return usage();
    }
  }

  tf::UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) {
    std::fprintf(stderr, "tabula-boardcat: socket path too long: %s\n", path.c_str());
    return 1;
  }
  std::memcpy(addr.sun_path, path.data(), path.size());
  if (!fd.valid() || ::connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    std::fprintf(stderr, "tabula-boardcat: cannot connect to %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return 1;
  }
  tabula::board::Request request;
  request.set_protocol_version(tabula::board::PROTOCOL_VERSION_CURRENT);
  if (snapshot) {
    request.mutable_snapshot();
    if (!send_request(fd.get(), request)) return 1;
  }
  if (have_expect) {
    request.clear_body();
    std::istringstream words(expect);
    for (std::string w; words >> w;) request.mutable_expectation()->add_occupied_squares(w);
    if (!request.has_expectation()) request.mutable_expectation();
    if (!send_request(fd.get(), request)) return 1;
  }

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  tf::FrameDecoder decoder;
  tabula::board::Frame frame;
  long printed = 0;
  char buf[4096];
  while (count < 0 || printed < count) {
    int wait = -1;
    if (timeout_ms >= 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      wait = static_cast<int>(left.count());
    }
    pollfd p{fd.get(), POLLIN, 0};
    if (::poll(&p, 1, wait) <= 0) break;
    const ssize_t n = ::recv(fd.get(), buf, sizeof buf, 0);
    if (n <= 0) break;
    decoder.feed(std::string_view(buf, static_cast<std::size_t>(n)));
    for (;;) {
      const tf::DecodeResult r = decoder.next(frame);
      if (r == tf::DecodeResult::kNeedMore) break;
      if (r == tf::DecodeResult::kCorrupt) {
        std::fprintf(stderr, "tabula-boardcat: %s\n", decoder.error().c_str());
        return 1;
      }
      std::printf("%s\n", tf::frame_to_text(frame).c_str());
      std::fflush(stdout);
      if (count >= 0 && ++printed >= count) break;
    }
  }
  return 0;
}
