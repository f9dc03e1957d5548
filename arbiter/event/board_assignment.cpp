#include "event/board_assignment.h"

#include <memory>
#include <openssl/crypto.h>

#include "core/player_name.h"

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

AssignmentGate::AssignmentGate(std::string event, std::string board, std::optional<hub::ArbiterKey> key)
    : event_(std::move(event)), board_(std::move(board)), key_(std::move(key)) {}

AssignmentGate::Verdict AssignmentGate::check(std::string_view payload) {
  Verdict v;
  if (!key_) {
    v.error = "no arbiter key on this board: the assignment cannot be checked and is ignored";
    return v;
  }
  wire::SignedAssignment signed_a;
  if (!signed_a.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    v.error = "the assignment does not parse; it is ignored";
    return v;
  }
  const std::string mac = hub::hmac_sha256(key_->secret, signed_a.assignment());
  if (signed_a.key_id() != key_->id || mac.size() != signed_a.hmac_sha256().size() ||
      CRYPTO_memcmp(mac.data(), signed_a.hmac_sha256().data(), mac.size()) != 0) {
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
  auto it = last_round_.find(a.section());
  if (it != last_round_.end() && a.round() < it->second) {
    v.error = "the assignment is for round " + std::to_string(a.round()) + " of section " + a.section() +
              ", this board already has round " + std::to_string(it->second) + "; it is ignored";
    return v;
  }
  // Session 19, the attacker's round: within one round only a newer
  // assignment (or the same one again: the retained copy redelivered at a
  // reconnect). The arbiter re-seating a round issues a newer one; a
  // captured earlier one of that round, published again (on an open broker
  // by anyone, on the documented one by the arbiter's login without the
  // key), had put the corrected seating back.
  if (it != last_round_.end() && a.round() == it->second && a.issued_ms() < last_issued_[a.section()]) {
    v.error = "the assignment for round " + std::to_string(a.round()) + " of section " + a.section() +
              " was issued at " + std::to_string(a.issued_ms()) + " ms, before the one this board has (" +
              std::to_string(last_issued_[a.section()]) + " ms): a replay of an earlier seating; it is ignored";
    return v;
  }
  last_round_[a.section()] = a.round();
  last_issued_[a.section()] = a.issued_ms();
  v.assignment = std::move(a);
  return v;
}

hub::AssignmentCheck assignment_check(std::string event, std::string board, std::optional<hub::ArbiterKey> key) {
  auto gate = std::make_shared<AssignmentGate>(std::move(event), std::move(board), std::move(key));
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
