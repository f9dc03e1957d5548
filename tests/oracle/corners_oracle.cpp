#include "oracles.h"
namespace tabula::oracle {
std::unique_ptr<Oracle> make_corners(const std::string&) {
  return nullptr;
}
}  // namespace tabula::oracle
