// voice_commands.h — `tabula voice` (issue 33 items 4-5; docs/VOICE.md).
//
//   tabula voice say FILE --variant ID [--game N] [--plies N] [--wav-dir DIR]
//       What the kiosk's voice says after each of the record's first
//       --plies moves (default 40), one utterance a line: the session's
//       ruling texts made speakable (voice/announcements.h). With --wav-dir
//       each is also rendered by espeak-ng to DIR/NNN.wav (no sound card
//       needed).
//   tabula voice ask FILE --variant ID [--game N] [--plies N]
//                    (--pieces SEAT | --last-move | --turn)
//       The accessibility query's text after those moves (SEAT: 0-based or
//       a seat's name).
//   tabula voice bench FILE --variant ID [--plies N] [--device NAME]
//       The voice's latency: each utterance is handed to a Speaker (espeak-ng
//       into aplay -D NAME, default "null") as a ruling would be, and the
//       time to its first audio is measured; p50, p95 and max.
//
// Exit codes: 0 done, 1 a file, variant, record or sound problem, 2 bad usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_voice(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kVoiceUsage;

}  // namespace tabula::cli
