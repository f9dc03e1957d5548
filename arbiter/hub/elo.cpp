#include "hub/elo.h"

#include <cmath>

namespace tabula::hub {

namespace {
double pair_score(int rank_i, int rank_j) { return rank_i < rank_j ? 1.0 : rank_i == rank_j ? 0.5 : 0.0; }
}  // namespace

double elo_expected(double a, double b) { return 1.0 / (1.0 + std::pow(10.0, (b - a) / 400.0)); }

std::vector<double> elo_changes(const std::vector<double>& ratings, const std::vector<int>& ranks, double k) {
  const std::size_t n = ratings.size();
  std::vector<double> out(n, 0.0);
  if (n < 2 || ranks.size() != n) return out;
  for (std::size_t i = 0; i < n; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (i != j) sum += pair_score(ranks[i], ranks[j]) - elo_expected(ratings[i], ratings[j]);
    }
    out[i] = k / static_cast<double>(n - 1) * sum;
  }
  return out;
}

std::vector<double> pairwise_scores(const std::vector<int>& ranks) {
  const std::size_t n = ranks.size();
  std::vector<double> out(n, 0.0);
  if (n < 2) return out;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i != j) out[i] += pair_score(ranks[i], ranks[j]);
    }
    out[i] /= static_cast<double>(n - 1);
  }
  return out;
}

}  // namespace tabula::hub
