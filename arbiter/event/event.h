// event.h — an event run by the hub (issue 35): its players, its sections
// (one variant and one format each), the rounds seated so far and their
// results. Pure: standard library only, no clock, no I/O (event_file.h reads
// and writes it, event_store.h keeps it in the hub's record).
//
// Section index: PlayerId, Player, Format, Table, Round, Section, Event,
// History (what the seating needs from the rounds played), scoring.
//
// Invariants (check() lists every breach): names are unique within a section;
// a table's seats hold distinct players of its section, 4 for the
// four-player formats and 2 for two-player; a player is seated or has a bye
// at most once per round; ranks, when set, have one entry per seat; in a
// teams section every team has exactly two players. Values; not thread-safe.
#pragma once

#include <compare>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tabula::event {

// A player's index in its section's `players` (its start number - 1).
struct PlayerId {
  int value = -1;
  auto operator<=>(const PlayerId&) const = default;
};

struct Player {
  std::string name;
  int rating = 0;
  std::string club;
  std::string team;        // teams sections: the two partners share it
  bool withdrawn = false;  // not seated from the next round on
};

enum class Format {
  kFourPlayer,       // every player for themself (FFA, solo): tables of 4
  kFourPlayerTeams,  // fixed partners opposite each other (Chess Four, chess.com Teams)
  kTwoPlayer,        // chess and the like: pairs
};
std::string to_string(Format f);
std::optional<Format> parse_format(const std::string& text);

// Seats of a four-player table, in the board's seat order (Red, Blue, Yellow,
// Green); teams sit 0+2 against 1+3. Two-player: White, Black.
int seats_of(Format f);

struct Table {
  int number = 0;                  // 1.. within the round, best scores first
  std::string board;               // the hub's board name
  std::vector<PlayerId> seats;     // seat order
  std::vector<int> ranks;          // seat order, 0 best, ties equal; empty = not played yet
  std::string game_id;             // the board's game, once it reported
  // Forfeit (s13): the table's players who did not appear at the board. The
  // game is not played (no ranks, no meeting, no seat); the table is finished
  // and scored by forfeit_points_of. Empty: no forfeit.
  std::vector<PlayerId> absent;
  bool forfeited() const { return !absent.empty(); }
  bool is_absent(PlayerId id) const;
  bool finished() const { return !ranks.empty() || forfeited(); }
};

struct Round {
  std::vector<Table> tables;
  std::vector<PlayerId> byes;
};

// The most players a section takes: TRF-16 numbers players in four columns
// (start numbers and opponents, 1-9999); a 10,000th player's number ran into
// the next column and the exported file did not read back (s12).
inline constexpr int kMaxPlayers = 9999;
// The most rounds a section plans (the CLI's --rounds 1-99), and the most a
// bye is worth (--bye-points 0-3: the points at stake among four).
inline constexpr int kMaxRounds = 99;
inline constexpr double kMaxByePoints = 3;
// The most a game is worth to one player: 3 among four (one per opponent
// finished behind), 1 for two-player and teams. --forfeit-points is 0..this.
double max_points_of(Format f);

struct Section {
  std::string name;
  std::string variant;  // the variant id the boards play (`tabula variants`)
  Format format = Format::kFourPlayer;
  int rounds = 0;       // planned
  double bye_points = -1;  // < 0: the format's default (bye_points_of)
  // What a player present at a forfeited table scores (the house rule,
  // --forfeit-points); < 0: the default of forfeit_points_of.
  double forfeit_points = -1;
  std::vector<Player> players;
  std::vector<Round> played;  // seated rounds, the last possibly unfinished

  const Player& player(PlayerId id) const { return players[static_cast<std::size_t>(id.value)]; }
  std::optional<PlayerId> find(const std::string& name) const;
  bool round_open() const;  // the last round has a table without its result
};

struct Event {
  std::string name;                 // the hub's event name
  std::vector<std::string> boards;  // the boards available, in the order tables take them
  std::vector<Section> sections;

  Section* section(const std::string& name);
  const Section* section(const std::string& name) const;
};

// Every breach of the invariants above, one line each naming where
// ("section ffa, round 2, table 3: seat 2 repeats Ann"); empty when sound.
std::vector<std::string> check(const Event& e);

// A name an event writes into TRF-16 lines, standings, PGN tags and the hub
// (an event, section, board, player, club or team name) is held to the one
// name rule (core/player_name.h: one line of visible UTF-8 text, at most 64
// characters, no control or invisible format character, no space at either
// end): empty when `text` is one or is empty (check() reports a missing name
// itself), else what is wrong. check() asks it of every name, so a
// hand-edited event file is held to it as the CLI's options are.
std::string name_problem(const std::string& text);

// Session 27: a count and its noun, singular for 1 ("1 board", "2 boards"):
// "1 boards" and "1 games" had been printed.
inline std::string counted(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// ---- scoring ---------------------------------------------------------------
// Points a seat takes from a finished table. Four-player: one point per
// opponent finished behind and a half per opponent level (3, 2, 1, 0 for a
// clean ranking; the hub's standings share times 3). Two-player: 1, 0.5, 0.
// Teams: the team's result against the other team, 1, 0.5, 0, for both
// partners.
double points_of(Format f, const Table& t, std::size_t seat);
// What a bye is worth unless the section says: half the points at stake
// (1.5 of 3 among four: neither a reward nor a penalty for sitting out);
// two-player and teams a full point (FIDE C.04 default for the pairing bye).
double bye_points_of(const Section& s);

// Points of a seat at a finished table, forfeits included (the one rule
// history_of, standings and TRF-16 share).
double points_of(const Section& s, const Table& t, std::size_t seat);

// Forfeits (s13; docs/EVENT.md "Forfeits"). A player absent at the board
// scores 0 (FIDE Handbook C.04.1 and TRF-16's "-": a forfeit loss). The
// players present score, unless the section sets forfeit_points (a house rule,
// 0 to max_points_of):
//   two-player: 1, the forfeit win (FIDE; TRF-16 "+"); both absent: 0 each;
//   teams: the complete team 1 (a team missing a partner cannot play and
//     forfeits), both teams incomplete 0;
//   four-player: the rule sheets (/work/shared/seeds, RULINGS.md) and FIDE
//     are silent; Tabula scores each pairing within the table as FIDE scores
//     a two-player forfeit, in the section's own scoring (one point per
//     opponent beaten, a half per opponent level): a present player beats
//     every absent one (the forfeit win, 1 each) and is level with every
//     other present one (their game was not played: 0.5, as a draw, neither
//     won nor lost): one absent 2, 2, 2, 0; two absent 2.5, 2.5, 0, 0; three
//     absent 3. The table's 6 points are kept whenever someone played, a
//     present player never scores less than the bye (1.5), and the absent
//     score nothing among themselves (FIDE's double forfeit is 0-0).
// A forfeited table is no meeting (FIDE C.04.1: a forfeited game is not
// played; the players may be paired again), gives no seat or colour, and a
// present player counts as having had a bye (C.04.1.d: a player who won by
// forfeit does not get the pairing bye).
double forfeit_points_of(const Section& s, const Table& t, std::size_t seat);

// What the seating needs to know of the rounds played (finished or not: an
// unfinished round's meetings and seats count, its points do not).
struct History {
  std::vector<double> score;                 // per player
  std::vector<std::vector<int>> met;         // met[a][b]: tables shared
  std::vector<std::vector<int>> seat_count;  // seat_count[p][seat]
  std::vector<int> byes;                     // per player
  std::vector<int> last_seat;                // per player, -1 before any game
};
History history_of(const Section& s);

}  // namespace tabula::event
