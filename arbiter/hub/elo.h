// elo.h — club ratings: Elo for two players, and for three or four as
// pairwise results by final rank.
//
// A game of N players is scored as the N(N-1)/2 pairs it contains: in each
// pair the better-ranked player scored 1, the other 0, equal ranks 0.5 each.
// Player i's change is K/(N-1) * sum over j != i of (S_ij - E_ij), with
// E_ij = 1 / (1 + 10^((R_j - R_i)/400)). Dividing by N-1 keeps one
// four-player game worth one game's K, not three; for N = 2 it is plain Elo.
// The changes sum to zero. Pure functions.
#pragma once

#include <vector>

namespace tabula::hub {

inline constexpr double kEloK = 32.0;
inline constexpr double kEloInitial = 1500.0;

// The expected score of a player rated `a` against one rated `b`.
double elo_expected(double a, double b);

// ratings[i], ranks[i] (0 best; equal ranks tie) -> each player's change.
std::vector<double> elo_changes(const std::vector<double>& ratings, const std::vector<int>& ranks,
                                double k = kEloK);

// Each player's share of the game's pairwise points, from 0 (last) to 1
// (first); 0.5 each for a two-player draw. Standings add these up.
std::vector<double> pairwise_scores(const std::vector<int>& ranks);

}  // namespace tabula::hub
