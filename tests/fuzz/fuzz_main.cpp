// tabula_fuzz — the seeded mutation runner over the project's parsers
// (issue 28 item 9). Usage:
//   tabula_fuzz CORPUS_DIR [--seconds-per-target S] [--seed N] [--target NAME]
//               [--max-memory-mb M]
// Each target runs its seeds (CORPUS_DIR/<target>/*) once as they are, then
// mutations of them until S seconds are spent (default 2). A crash, a
// sanitizer report or a hang (one input over 20 s: SIGALRM) fails the run;
// the seed and iteration are printed first, so `--seed N --target NAME`
// reproduces it. Exit 0 when every target ran clean.
// Session 18: --max-memory-mb M caps the process's address space (setrlimit
// RLIMIT_AS; not under AddressSanitizer, whose shadow needs terabytes of
// it): an input that makes a parser hold unbounded memory fails the run
// (std::bad_alloc, uncaught). The targets also check what a parser says
// (fuzz_targets.cpp: a refusal names what and where, a move read is written
// back the same), and the slowest input of each target is printed.
#include <google/protobuf/stubs/logging.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_targets.h"
#include "hub/action_auth.h"
#include "event/board_assignment.h"
#include "hub/codec.h"
#include "mutator.h"
#include "tabula_proto/board.pb.h"
#include "wire/frame_codec.h"

namespace {

std::vector<std::string> read_corpus(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  if (!std::filesystem::is_directory(dir)) return out;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.is_regular_file()) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << bytes;
}

// The binary seeds (hub payloads, board frames), made from messages so that
// the committed corpus can be made again: tabula_fuzz --make-binary-seeds DIR.
void make_binary_seeds(const std::filesystem::path& corpus) {
  using namespace tabula::hub;
  wire::BoardState st;
  st.set_version(1);
  st.set_event("club");
  st.set_board("t1");
  st.set_through_seq(3);
  st.set_variant("chess");
  st.set_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  st.set_game_id("1800000000000-t1");
  st.set_over(true);
  st.add_ranking(0);
  st.add_ranking(1);
  st.add_record("e2-e4");
  st.set_pgn("1. e4 1-0");
  write_file(corpus / "hub_payload" / "state.bin", encode(st));
  wire::StreamItem it;
  it.set_version(1);
  it.set_event("club");
  it.set_board("t1");
  it.set_seq(1);
  it.set_game_id("1800000000000-t1");
  it.mutable_move()->set_text("e2-e4");
  it.mutable_move()->set_number(1);
  write_file(corpus / "hub_payload" / "item.bin", encode(it));
  wire::Action a;
  a.set_event("club");
  a.set_board("t1");
  a.set_id(1'800'000'000'000);
  a.set_issued_wall_ms(1'800'000'000'000);
  a.set_kind(wire::ACTION_KIND_PAUSE);
  write_file(corpus / "hub_payload" / "action.bin", sign_action(a, ArbiterKey{"arbiter", std::string(32, 'k')}));
  // Session 29: the inner messages of the "signed" target (it signs them).
  wire::AlertAcks acks;
  acks.set_version(1);
  acks.set_event("club");
  acks.set_hub("h1");
  acks.set_wall_ms(1'800'000'000'000);
  acks.add_keys("t1|forged payload|1800000000000");
  write_file(corpus / "signed" / "alert_acks.bin", acks.SerializeAsString());
  tabula::event::wire::Assignment as;
  as.set_version(1);
  as.set_event("club");
  as.set_board("t1");
  as.set_section("open");
  as.set_round(2);
  as.set_table(1);
  as.set_variant("chesscom-ffa");
  for (const char* name : {"Ann", "Ben", "Cem", "Dag"}) {
    auto* seat = as.add_seats();
    seat->set_seat_player(name);
    seat->set_rating(1500);
    seat->set_club("Club");
  }
  as.set_issued_ms(1'800'000'000'000);
  write_file(corpus / "signed" / "assignment.bin", as.SerializeAsString());
  std::string frames;
  tabula::board::Frame f;
  f.set_sequence(1);
  f.mutable_square_event()->set_square("e2");
  f.mutable_square_event()->set_timestamp_ms(100);
  tabula::firmware::append_frame(f, frames);
  f.set_sequence(2);
  f.mutable_square_event()->set_square("e4");
  f.mutable_square_event()->set_occupied(true);
  tabula::firmware::append_frame(f, frames);
  write_file(corpus / "board_frame" / "events.bin", frames);
  std::string req;
  tabula::board::Request r;
  r.set_protocol_version(1);
  r.mutable_snapshot();
  tabula::firmware::append_frame(r, req);
  write_file(corpus / "board_frame" / "request.bin", req);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: tabula_fuzz CORPUS_DIR [--seconds-per-target S] [--seed N] [--target NAME]\n";
    return 2;
  }
  if (std::string(argv[1]) == "--make-binary-seeds" && argc == 3) {
    make_binary_seeds(argv[2]);
    return 0;
  }
  // Refusals are the expected outcome; protobuf's log of each is noise.
  google::protobuf::SetLogHandler(nullptr);
  std::filesystem::path corpus = argv[1];
  double seconds = 2;
  std::uint64_t seed = 28;
  std::string only;
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--seconds-per-target") seconds = std::atof(argv[i + 1]);
    else if (a == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--target") only = argv[i + 1];
    else if (a == "--max-memory-mb") {
#if !defined(__SANITIZE_ADDRESS__)
      const rlim_t bytes = static_cast<rlim_t>(std::strtoull(argv[i + 1], nullptr, 10)) << 20;
      const rlimit limit{bytes, bytes};
      if (setrlimit(RLIMIT_AS, &limit) != 0) {
        std::cerr << "tabula_fuzz: cannot limit memory to " << argv[i + 1] << " MB\n";
        return 2;
      }
#endif
    }
    else {
      std::cerr << "tabula_fuzz: unknown option " << a << "\n";
      return 2;
    }
  }
  int ran = 0;
  for (const tabula::fuzz::FuzzTarget& t : tabula::fuzz::fuzz_targets()) {
    if (!only.empty() && t.name != only) continue;
    std::vector<std::string> seeds = read_corpus(corpus / t.name);
    if (seeds.empty()) {
      std::cerr << "tabula_fuzz: no seeds in " << (corpus / t.name).string() << "\n";
      return 1;
    }
    std::cout << "target " << t.name << ": seed " << seed << ", " << seeds.size() << " seed inputs" << std::endl;
    for (const std::string& s : seeds) {
      alarm(20);
      t.run(s);
    }
    tabula::fuzz::Mutator mutator(seed);
    auto start = std::chrono::steady_clock::now();
    std::uint64_t n = 0;
    double slowest = 0;
    std::uint64_t slowest_at = 0;
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds) {
      std::string input = mutator.mutate(seeds[n % seeds.size()], seeds);
      alarm(20);
      const auto began = std::chrono::steady_clock::now();
      t.run(input);
      if (const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
          took > slowest) {
        slowest = took;
        slowest_at = n;
      }
      ++n;
    }
    alarm(0);
    std::cout << "target " << t.name << ": " << n << " mutated inputs, no crash; slowest " << slowest * 1000
              << " ms (iteration " << slowest_at << ")" << std::endl;
    ++ran;
  }
  if (ran == 0) {
    std::cerr << "tabula_fuzz: no target named " << only << "\n";
    return 2;
  }
  return 0;
}
