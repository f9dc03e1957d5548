#include "event/board_assignment.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <memory>
#include <optional>

#include "core/player_name.h"
#include "files/plain_file.h"
#include "journal/replace_file.h"

namespace tabula::event {

std::vector<wire::Assignment> assignments_of(const Event& e, const Section& s, std::uint64_t now_ms) {
  std::vector<wire::Assignment> out;
  if (s.played.empty()) return out;
  for (const Table& t : s.played.back().tables) {
    wire::Assignment a;
    a.set_version(1);
    a.set_event(e.name);
    a.set_board(t.board);
    a.set_section(s.name);
    a.set_round(static_cast<std::uint32_t>(s.played.size()));
    a.set_table(static_cast<std::uint32_t>(t.number));
    a.set_variant(s.variant);
    for (PlayerId id : t.seats) {
      wire::AssignedSeat* seat = a.add_seats();
      seat->set_seat_player(s.player(id).name);
      seat->set_rating(s.player(id).rating);
      seat->set_club(s.player(id).club);
    }
    a.set_issued_ms(now_ms);
    out.push_back(std::move(a));
  }
  return out;
}

std::string sign_assignment(const wire::Assignment& a, const hub::ArbiterKey& key) {
  wire::SignedAssignment signed_a;
  signed_a.set_assignment(a.SerializeAsString());
  signed_a.set_key_id(key.id);
  signed_a.set_hmac_sha256(hub::hmac_sha256(key.secret, signed_a.assignment()));
  return signed_a.SerializeAsString();
}

AssignmentGate::AssignmentGate(std::string event, std::string board, std::optional<hub::ArbiterKey> key,
                               std::string rounds_file)
    : event_(std::move(event)), board_(std::move(board)), key_(std::move(key)), rounds_file_(std::move(rounds_file)) {
  if (!rounds_file_.empty()) load_rounds();
}

namespace {

constexpr std::string_view kRoundsHeader = "# tabula assignment rounds v1";

// A section name the rounds file can hold on one line.
bool one_line(std::string_view s) {
  return !s.empty() && std::none_of(s.begin(), s.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
}

}  // namespace

std::string rounds_file_of(const std::string& journal_path) { return journal_path + "-rounds"; }

void AssignmentGate::load_rounds() {
  const files::PlainFile f = files::read_plain_file(rounds_file_, kMaxRoundsFileBytes, "a rounds file");
  std::error_code ec;
  if (f.status == files::PlainFileStatus::kCannotOpen && !std::filesystem::exists(rounds_file_, ec) && !ec) return;  // none yet
  auto bad = [&](std::size_t line, const std::string& why) {
    rounds_problem_ = rounds_file_ + (line ? " line " + std::to_string(line) : std::string()) + ": " + why +
                      "; the board takes no seat assignment until the file is mended or removed";
    taken_.clear();
  };
  if (!f.ok()) return bad(0, f.why);
  std::size_t number = 0;
  std::size_t start = 0;
  bool header = false;
  while (start < f.text.size()) {
    std::size_t end = f.text.find('\n', start);
    if (end == std::string::npos) end = f.text.size();
    const std::string_view line(f.text.data() + start, end - start);
    start = end + 1;
    ++number;
    if (number == 1) {
      if (line != kRoundsHeader) return bad(1, "not a rounds file (the first line is not \"" + std::string(kRoundsHeader) + "\")");
      header = true;
      continue;
    }
    if (line.empty()) continue;
    // ROUND ISSUED_MS SECTION
    std::uint32_t round = 0;
    std::uint64_t issued = 0;
    const char* p = line.data();
    const char* e = line.data() + line.size();
    auto r1 = std::from_chars(p, e, round);
    auto r2 = r1.ec == std::errc() && r1.ptr < e && *r1.ptr == ' ' ? std::from_chars(r1.ptr + 1, e, issued)
                                                                     : std::from_chars_result{r1.ptr, std::errc::invalid_argument};
    if (r2.ec != std::errc() || r2.ptr >= e || *r2.ptr != ' ' || !one_line({r2.ptr + 1, static_cast<std::size_t>(e - r2.ptr - 1)})) {
      return bad(number, "expected \"ROUND ISSUED_MS SECTION\", got \"" + core::shown_text(line, 80) + "\"");
    }
    const std::string section(r2.ptr + 1, e);
    if (taken_.count(section)) return bad(number, "section " + core::shown_text(section, 80) + " a second time");
    if (taken_.size() >= kMaxSections) return bad(number, "more than " + std::to_string(kMaxSections) + " sections");
    taken_[section] = {round, issued};
  }
  if (!header) bad(0, "empty (not a rounds file)");
}

std::string AssignmentGate::save_rounds() const {
  std::string text = std::string(kRoundsHeader) + "\n";
  for (const auto& [section, t] : taken_) {
    text += std::to_string(t.round) + " " + std::to_string(t.issued_ms) + " " + section + "\n";
  }
  const std::string why = journal::replace_file(rounds_file_, text);
  return why.empty() ? "" : rounds_file_ + ": cannot be written (" + why + ")";
}

AssignmentGate::Verdict AssignmentGate::check(std::string_view payload) {
  Verdict v;
  if (!rounds_problem_.empty()) {
    v.error = "the assignment is not checked: " + rounds_problem_;
    return v;
  }
  if (!key_) {
    v.error = "no arbiter key on this board: the assignment cannot be checked and is ignored";
    return v;
  }
  wire::SignedAssignment signed_a;
  if (!signed_a.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    v.error = "the assignment does not parse; it is ignored";
    return v;
  }
  if (signed_a.key_id() != key_->id ||
      !hub::mac_matches(hub::hmac_sha256(key_->secret, signed_a.assignment()), signed_a.hmac_sha256())) {
    v.error = "the assignment's signature is not the arbiter's (key " + key_->id + "); it is ignored";
    return v;
  }
  wire::Assignment a;
  if (!a.ParseFromString(signed_a.assignment())) {
    v.error = "the signed assignment does not parse; it is ignored";
    return v;
  }
  if (a.version() != 1) {
    v.error = "assignment version " + std::to_string(a.version()) + ", this build reads version 1; it is ignored";
    return v;
  }
  if (a.event() != event_ || a.board() != board_) {
    v.error = "the assignment is for " + a.event() + "/" + a.board() + ", this is " + event_ + "/" + board_ +
              "; it is ignored";
    return v;
  }
  auto it = taken_.find(a.section());
  if (it != taken_.end() && a.round() < it->second.round) {
    v.error = "the assignment is for round " + std::to_string(a.round()) + " of section " + a.section() +
              ", this board already has round " + std::to_string(it->second.round) + "; it is ignored";
    return v;
  }
  // Session 19, the attacker's round: within one round only a newer
  // assignment (or the same one again: the retained copy redelivered at a
  // reconnect). The arbiter re-seating a round issues a newer one; a
  // captured earlier one of that round, published again (on an open broker
  // by anyone, on the documented one by the arbiter's login without the
  // key), had put the corrected seating back.
  if (it != taken_.end() && a.round() == it->second.round && a.issued_ms() < it->second.issued_ms) {
    v.error = "the assignment for round " + std::to_string(a.round()) + " of section " + a.section() +
              " was issued at " + std::to_string(a.issued_ms()) + " ms, before the one this board has (" +
              std::to_string(it->second.issued_ms) + " ms): a replay of an earlier seating; it is ignored";
    return v;
  }
  if (!rounds_file_.empty()) {
    // Session 20: durably kept before it is taken, so a restart still
    // refuses what came before it.
    if (!one_line(a.section())) {
      v.error = "the assignment's section name " + core::shown_text(a.section(), 80) +
                " is empty or has a control character; it is ignored";
      return v;
    }
    if (it == taken_.end() && taken_.size() >= kMaxSections) {
      v.error = "this board already keeps the rounds of " + std::to_string(kMaxSections) +
                " sections (" + rounds_file_ + "); the assignment for section " + core::shown_text(a.section(), 80) +
                " is ignored";
      return v;
    }
    const std::optional<Taken> was = it == taken_.end() ? std::nullopt : std::optional<Taken>(it->second);
    taken_[a.section()] = {a.round(), a.issued_ms()};
    if (std::string why = save_rounds(); !why.empty()) {
      if (was) {
        taken_[a.section()] = *was;
      } else {
        taken_.erase(a.section());
      }
      v.error = "the assignment for round " + std::to_string(a.round()) + " is not taken: its round " + why +
                ", and a restart would forget it";
      return v;
    }
  }
  taken_[a.section()] = {a.round(), a.issued_ms()};
  v.assignment = std::move(a);
  return v;
}

hub::AssignmentCheck assignment_check(std::string event, std::string board, std::optional<hub::ArbiterKey> key,
                                      std::string rounds_file) {
  auto gate = std::make_shared<AssignmentGate>(std::move(event), std::move(board), std::move(key),
                                               std::move(rounds_file));
  return [gate](std::string_view payload, std::string& error) -> std::optional<hub::SeatAssignment> {
    AssignmentGate::Verdict v = gate->check(payload);
    if (!v.assignment) {
      error = v.error;
      return std::nullopt;
    }
    const wire::Assignment& a = *v.assignment;
    hub::SeatAssignment s;
    s.round = a.round();
    s.section = a.section();
    s.table = a.table();
    s.variant = a.variant();
    // The one name rule (core/player_name.h): the kiosk shows and takes the
    // names as the rule shows them, whatever a hub of another build signed.
    for (const wire::AssignedSeat& seat : a.seats()) s.players.push_back(core::shown_text(seat.seat_player()));
    s.text = describe(a);
    return s;
  };
}

std::string describe(const wire::Assignment& a) {
  std::string out = a.event() + ", section " + a.section() + ", round " + std::to_string(a.round()) + ", table " +
                    std::to_string(a.table()) + ": " + a.variant() + ":";
  for (int i = 0; i < a.seats_size(); ++i) out += (i ? ", " : " ") + core::shown_text(a.seats(i).seat_player());
  return out;
}

}  // namespace tabula::event
