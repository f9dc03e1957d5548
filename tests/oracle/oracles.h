// oracles.h — the factories of the sheets' oracles (one file per sheet).
#pragma once

#include <memory>

#include "board.h"

namespace tabula::oracle {

std::unique_ptr<Oracle> make_chess_four();      // 001, chess_four_oracle.cpp
std::unique_ptr<Oracle> make_four_kingdoms();   // 002, four_kingdoms_oracle.cpp
std::unique_ptr<Oracle> make_allies_vassals();  // 003, allies_vassals_oracle.cpp
// 000, corners_oracle.cpp: "short", "long" or "mini".
std::unique_ptr<Oracle> make_corners(const std::string& game);

}  // namespace tabula::oracle
