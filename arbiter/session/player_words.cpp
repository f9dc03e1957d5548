// player_words.cpp — the players' names beside their seats (player_words.h).
#include "session/player_words.h"

#include <algorithm>

namespace tabula::session {

namespace {

bool word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  // A byte of a UTF-8 sequence counts as a letter: "Redé" is not Red.
  return (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || c == '_' || u >= 0x80;
}

const std::string& player_of(const std::vector<std::string>& players, int seat) {
  static const std::string kNone;
  return seat >= 0 && static_cast<std::size_t>(seat) < players.size() ? players[static_cast<std::size_t>(seat)] : kNone;
}

}  // namespace

std::string seat_with_player(const core::RuleSet& rules, core::Seat seat, const std::vector<std::string>& players) {
  const int i = core::index_of(seat);
  if (i < 0 || i >= rules.seat_count()) return {};
  const std::string& name = rules.seats[static_cast<std::size_t>(i)].name;
  const std::string& player = player_of(players, i);
  return player.empty() ? name : player + " (" + name + ")";
}

std::string draw_offer_words(const core::RuleSet& rules, core::Seat offerer, const std::vector<core::Seat>& asked,
                             bool ask_by_name) {
  const bool two = rules.seat_count() == 2;
  const std::string offer = seat_with_player(rules, offerer, {}) + " offers a draw: ";
  if (!ask_by_name || asked.empty()) return offer + (two ? "do you agree?" : "do all the other players agree?");
  std::string who;
  for (std::size_t i = 0; i < asked.size(); ++i) {
    who += (i == 0 ? "" : i + 1 == asked.size() ? " and " : ", ") + seat_with_player(rules, asked[i], {});
  }
  return offer + who + (asked.size() == 1 ? ", do you agree?" : ", do you all agree?");
}

std::string draw_offer_prompt(const core::RuleSet& rules, core::Seat offerer, const std::vector<core::Seat>& asked,
                              const std::vector<std::string>& players) {
  const bool named = std::any_of(players.begin(), players.end(), [](const std::string& p) { return !p.empty(); });
  return with_players(draw_offer_words(rules, offerer, asked, named), rules, players);
}

std::string with_players(std::string_view text, const core::RuleSet& rules, const std::vector<std::string>& players) {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(rules.seat_count()));
  for (int i = 0; i < rules.seat_count(); ++i) names.push_back(rules.seats[static_cast<std::size_t>(i)].name);
  return with_players(text, names, players);
}

std::string with_players(std::string_view text, const std::vector<std::string>& seat_names,
                         const std::vector<std::string>& players) {
  const int seat_count = static_cast<int>(seat_names.size());
  // The named seats, longest name first ("Dark Brown" before "Brown").
  std::vector<int> seats;
  for (int i = 0; i < seat_count; ++i) {
    if (!player_of(players, i).empty() && !seat_names[static_cast<std::size_t>(i)].empty()) seats.push_back(i);
  }
  if (seats.empty()) return std::string(text);
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) {
    return seat_names[static_cast<std::size_t>(a)].size() > seat_names[static_cast<std::size_t>(b)].size();
  });
  std::vector<bool> named(static_cast<std::size_t>(seat_count), false);
  std::string out;
  out.reserve(text.size() + 16 * seats.size());
  std::size_t at = 0;
  while (at < text.size()) {
    bool matched = false;
    if (at == 0 || !word_char(text[at - 1])) {
      for (int i : seats) {
        const std::string& name = seat_names[static_cast<std::size_t>(i)];
        if (text.compare(at, name.size(), name) != 0) continue;
        const std::size_t end = at + name.size();
        if (end < text.size() && word_char(text[end])) continue;
        if (!named[static_cast<std::size_t>(i)]) {
          named[static_cast<std::size_t>(i)] = true;
          out += player_of(players, i) + " (" + name + ")";
        } else {
          out += name;
        }
        at = end;
        matched = true;
        break;
      }
    }
    if (!matched) out += text[at++];
  }
  return out;
}

}  // namespace tabula::session
