// event_commands.h — `tabula event ...` (issue 35): an arbiter's evening from
// the command line. The event lives in a file (--file, Protobuf text,
// docs/EVENT.md) written back after every change; --record also keeps it in
// the hub's tournament record and reads the boards' results from there.
//
//   tabula event new --file F --name EVENT --boards N|b1,b2,...
//   tabula event section --file F --name S --variant ID --format four|teams|two --rounds N [--bye-points P]
//   tabula event register --file F --section S --name NAME [--rating R] [--club C] [--team T]
//   tabula event withdraw --file F --section S --name NAME
//   tabula event seat --file F --section S [--record R]      seats the next round, prints it
//   tabula event result --file F --section S --board B --ranks 0,1,2,3
//   tabula event collect --file F --record R                  results from the boards' finished games
//   tabula event standings --file F --section S [--out FILE]
//   tabula event trf --file F --section S [--out FILE]        TRF-16 for Swiss-Manager, JaVaFo, bbpPairings
//   tabula event pairings --file F --section S PAIRINGS       their pairings for the next round
//   tabula event publish --file F --section S --broker ADDR --arbiter-key F [--broker-user U
//                        --broker-password-file P] [--broker-ca CA]   each board its game, signed, retained
//   tabula event quality [--from 8] [--to 64] [--rounds 7] [--events 5] [--seed 1]
//
// Exit codes: 0 done, 1 a problem with the input (named), 2 bad usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_event(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kEventUsage;

}  // namespace tabula::cli
