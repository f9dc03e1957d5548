#include "cli/board_key_command.h"

#include "cli/options.h"
#include "hub/board_signature.h"
#include "hub/topics.h"

namespace tabula::cli {

const char* const kBoardKeyUsage =
    R"(  board-key --board B --out FILE   a board's signing key (mode 0600); prints its line for the hub's --board-keys
  board-key --public FILE          the enrolment line of an existing board key
)";

int cmd_board_key(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, "board-key", {"board", "out", "public"}, err);
  if (!o) return 2;
  std::string error;
  if (o->values.count("public")) {
    if (o->values.count("board") || o->values.count("out")) {
      err << "tabula: board-key --public takes no --board or --out\n" << kBoardKeyUsage;
      return 2;
    }
    auto key = hub::load_board_key(o->values.at("public"), "", error);
    if (!key) {
      err << "tabula: " << error << "\n";
      return 1;
    }
    out << hub::enrolment_line(*key) << "\n";
    return 0;
  }
  if (!o->values.count("board") || !o->values.count("out") || !o->positional.empty()) {
    err << "tabula: board-key needs --board B and --out FILE\n" << kBoardKeyUsage;
    return 2;
  }
  const std::string& board = o->values.at("board");
  error = hub::check_name("board", board);
  if (!error.empty()) {
    err << "tabula: " << error << "\n";
    return 2;
  }
  const hub::BoardKey key = hub::make_board_key(board);
  if (!hub::write_board_key(key, o->values.at("out"), error)) {
    err << "tabula: " << error << "\n";
    return 1;
  }
  out << hub::enrolment_line(key) << "\n";
  return 0;
}

}  // namespace tabula::cli
