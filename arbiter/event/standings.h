// standings.h — a section's standings after its finished rounds (issue 35).
//
// Order: points, then the tie-breaks of the format, then a shared place.
//   Four-player: (1) Buchholz: the sum of the final points of every opponent
//     met, each table's three counted (in four-player chess one's opponents
//     are also one another's, so the strength of the tables one sat at is the
//     fairest measure of a score's worth, and it is the tie-break arbiters
//     already know); (2) firsts: tables finished first outright (four-player
//     play is about winning the table, not about coming second three times);
//     two tie-breaks keep the table readable and seldom leave a tie.
//   Teams: (1) Buchholz over the opposing teams (each team counted once);
//     (2) wins.
//   Two-player: (1) Buchholz; (2) Sonneborn-Berger (opponents' points times
//     the points scored against them); (3) wins (FIDE C.07 lists all three).
// Byes score bye_points_of() and add nothing to tie-breaks (no opponent);
// so do forfeits (forfeit_points_of: the game was not played), which are not
// counted as games either: the games cell reads "3 +1 -1" (3 played, one won
// by forfeit, one lost by absence), and a withdrawn player is "Gus (withdrawn)".
// Unfinished tables count for nothing. Players equal on everything share a
// place ("3-4"). Pure.
#pragma once

#include <string>
#include <vector>

#include "event/event.h"

namespace tabula::event {

struct StandingRow {
  int place = 0;       // 1.., equal for a shared place
  int place_last = 0;  // the end of a shared place (== place when alone)
  PlayerId player;
  double points = 0;
  int games = 0;
  double buchholz = 0;
  double sonneborn_berger = 0;  // two-player only
  int firsts = 0;               // tables won (rank 0 alone, or the winning team)
  int forfeits_won = 0;         // tables forfeited while this player was present
  int forfeits_lost = 0;        // tables this player did not appear at
};

std::vector<StandingRow> standings_of(const Section& s);

// The standings as cells, for a screen's table: the title ("Standings of
// club, section ffa (chesscom-ffa, four) after round 2 of 3"), the column
// names and one row per player (place, player, club or team, points, games,
// buchholz, s-b for two-player or "", firsts).
struct StandingsTable {
  std::string title;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};
StandingsTable standings_table(const Event& e, const Section& s);

// A plain-text table for the screen and the file ("Standings of ... after
// round N"), one line per player.
std::string format_standings(const Event& e, const Section& s);

}  // namespace tabula::event
