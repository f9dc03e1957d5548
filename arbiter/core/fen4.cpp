#include "core/fen4.h"

namespace tabula::core {

Result<Position> parse_fen4(const RuleSet&, std::string_view) {
  return make_error("FEN4 is not supported yet");
}
std::string to_fen4(const Position&) { return {}; }

}  // namespace tabula::core
