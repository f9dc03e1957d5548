// board_key_command.h — `tabula board-key` (issue 28 item 1): makes a
// board's Ed25519 key pair for signing what it publishes to the hub.
//
//   tabula board-key --board B --out FILE
//     Writes the key to FILE (mode 0600; an existing FILE is never replaced)
//     and prints the board's enrolment line, "B <hex public key>", for the
//     hub's --board-keys file.
//   tabula board-key --public FILE
//     Prints the enrolment line of an existing key file.
//
// Exit codes: 0 done, 1 a problem with the file, 2 bad usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_board_key(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kBoardKeyUsage;

}  // namespace tabula::cli
