#include "core/vassalage.h"

namespace tabula::core {

void Vassalage::ally(Seat a, Seat b) {
  ally_[index_of(a)] = b;
  ally_[index_of(b)] = a;
}

Seat Vassalage::head(Seat s) const {
  Seat top = suzerain_[index_of(s)];
  return top == kNoSeat ? s : top;
}

bool Vassalage::friends(Seat a, Seat b) const {
  if (a == b) return true;
  Seat ha = head(a);
  Seat hb = head(b);
  return ha == hb || ally_[index_of(ha)] == hb;
}

void Vassalage::end_spent_alliances(const std::array<bool, kMaxSeats>& in_game, Changes& out) {
  // 003 rule 2: an alliance ends when the last of its opponents is mated.
  for (int a = 0; a < kMaxSeats; ++a) {
    Seat b = ally_[a];
    if (b == kNoSeat || index_of(b) < a) continue;
    bool opponent_left = false;
    for (int s = 0; s < kMaxSeats; ++s) {
      if (in_game[s] && !friends(seat_at(a), seat_at(s))) opponent_left = true;
    }
    if (!opponent_left) {
      ally_[a] = kNoSeat;
      ally_[index_of(b)] = kNoSeat;
      out.push({Change::Kind::kAllianceSpent, seat_at(a), b});
    }
  }
}

Vassalage::Changes Vassalage::vassalize(Seat victim, Seat mater, const std::array<bool, kMaxSeats>& in_game) {
  Changes out;
  int v = index_of(victim);
  int m = index_of(mater);
  // The victim's alliance ends the moment he is mated (rule 2).
  if (ally_[v] != kNoSeat) {
    out.push({Change::Kind::kAllianceEnds, victim, ally_[v]});
    ally_[index_of(ally_[v])] = kNoSeat;
    ally_[v] = kNoSeat;
  }
  // His own vassals are freed: their suzerain is mated (rule 3).
  for (int s = 0; s < kMaxSeats; ++s) {
    if (suzerain_[s] == victim) {
      suzerain_[s] = kNoSeat;
      out.push({Change::Kind::kFreedByMate, seat_at(s), victim});
    }
  }
  // A vassal who gains a vassal is freed, and a freed vassal has no allies.
  if (suzerain_[m] != kNoSeat) {
    out.push({Change::Kind::kFreedByGain, mater, suzerain_[m]});
    suzerain_[m] = kNoSeat;
  }
  suzerain_[v] = mater;
  out.push({Change::Kind::kBecomesVassal, victim, mater});
  end_spent_alliances(in_game, out);
  return out;
}

Vassalage::Changes Vassalage::leave(Seat s, const std::array<bool, kMaxSeats>& in_game) {
  Changes out;
  int i = index_of(s);
  if (ally_[i] != kNoSeat) {
    out.push({Change::Kind::kAllianceEnds, s, ally_[i]});
    ally_[index_of(ally_[i])] = kNoSeat;
    ally_[i] = kNoSeat;
  }
  for (int v = 0; v < kMaxSeats; ++v) {
    if (suzerain_[v] == s) {
      suzerain_[v] = kNoSeat;
      out.push({Change::Kind::kFreedByLeave, seat_at(v), s});
    }
  }
  suzerain_[i] = kNoSeat;
  end_spent_alliances(in_game, out);
  return out;
}

std::string Vassalage::words(const Change& c, const std::array<std::string, kMaxSeats>& names) {
  const std::string& a = names[index_of(c.a)];
  const std::string& b = names[index_of(c.b)];
  switch (c.kind) {
    case Change::Kind::kAllianceEnds: return "the alliance of " + a + " and " + b + " ends";
    case Change::Kind::kAllianceSpent: return "the alliance of " + a + " and " + b + " ends: no opponent is left";
    case Change::Kind::kFreedByMate: return a + " is freed: " + b + ", the suzerain, is mated";
    case Change::Kind::kFreedByLeave: return a + " is freed: " + b + " has left the game";
    case Change::Kind::kFreedByGain: return a + " gains a vassal and is freed from " + b;
    case Change::Kind::kBecomesVassal: return a + " becomes " + b + "'s vassal";
  }
  return {};
}

namespace {

std::vector<std::string> sentences(const Vassalage::Changes& changes, const std::array<std::string, kMaxSeats>& names) {
  std::vector<std::string> out;
  for (const Vassalage::Change& c : changes) out.push_back(Vassalage::words(c, names));
  return out;
}

}  // namespace

std::vector<std::string> Vassalage::vassalize(Seat victim, Seat mater, const std::array<bool, kMaxSeats>& in_game,
                                              const std::array<std::string, kMaxSeats>& names) {
  return sentences(vassalize(victim, mater, in_game), names);
}

std::vector<std::string> Vassalage::leave(Seat s, const std::array<bool, kMaxSeats>& in_game,
                                          const std::array<std::string, kMaxSeats>& names) {
  return sentences(leave(s, in_game), names);
}

Seat Vassalage::sole_suzerain(const std::array<bool, kMaxSeats>& in_game, int seats) const {
  for (int s = 0; s < seats; ++s) {
    if (!in_game[s] || suzerain_[s] != kNoSeat) continue;
    bool all = true;
    for (int t = 0; t < seats; ++t) {
      if (t != s && in_game[t] && head(seat_at(t)) != seat_at(s)) all = false;
    }
    if (all) return seat_at(s);
  }
  return kNoSeat;
}

}  // namespace tabula::core
