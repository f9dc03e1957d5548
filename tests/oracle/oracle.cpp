// oracle.cpp — make_oracle: a variant id to its sheet's oracle.
#include "oracles.h"

namespace tabula::oracle {

std::unique_ptr<Oracle> make_oracle(const std::string& variant) {
  if (variant == "chess-four") return make_chess_four();
  if (variant == "four-kingdoms") return make_four_kingdoms();
  if (variant == "allies-vassals") return make_allies_vassals();
  if (variant == "corners-short") return make_corners("short");
  if (variant == "corners-long") return make_corners("long");
  if (variant == "corners-mini") return make_corners("mini");
  return nullptr;
}

}  // namespace tabula::oracle
