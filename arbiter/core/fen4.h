// fen4.h — chess.com's FEN4 for four-seat boards.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabula::core {

Result<Position> parse_fen4(const RuleSet& rules, std::string_view fen4);
std::string to_fen4(const Position& pos);

}  // namespace tabula::core
