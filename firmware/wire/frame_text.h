// One frame as one line of text, for --stdout --text and tabula-boardcat.
// SquareEvents print as trace lines ("850 e4 down", see trace/trace.h), every
// other frame as a "#" comment, so the output is itself a valid trace.
#pragma once

#include <string>

#include "tabula_proto/board.pb.h"

namespace tabula::firmware {

std::string frame_to_text(const board::Frame& frame);

}  // namespace tabula::firmware
