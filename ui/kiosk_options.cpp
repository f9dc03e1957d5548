// tabula-kiosk command line.
#include "ui/kiosk_options.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <string_view>

#include "core/player_name.h"
#include "core/quote.h"
#include "session/clock.h"
#include "ui/first_boot.h"
#include "ui/pin_pad.h"

namespace tabula::ui {
namespace {

// What --screen pictures (ui/kiosk_loop.cpp): ONE table, for the parse and
// its message (session 23: the message named 10 of the 14). menu-voice: the
// Voice page (docs/VOICE.md); setup-players: the setup's seats (issue 33);
// setup-seating: the setup with a sample seat assignment from the hub (issue
// 35); who-plays-set (session 22): the arbiter's "Who plays" sets --bots at
// the first frame (the game starts with its journal's bots), a picture of
// what the kiosk says, e.g. when the journal cannot write the header row;
// draw-offer (s31-hall): the first seat offers a draw at the first frame.
constexpr std::string_view kScreens[] = {"pin",         "players",  "who-plays", "who-plays-set", "menu",
                                         "menu-result", "menu-board", "menu-voice", "confirm",      "keyboard",
                                         "setup",       "setup-seating", "setup-players", "hint",
                                         "draw-offer"};

// "pin, players, ... or hint", from kScreens.
std::string screen_names() {
  std::string out;
  for (std::size_t i = 0; i < std::size(kScreens); ++i) {
    if (i > 0) out += i + 1 == std::size(kScreens) ? " or " : ", ";
    out += kScreens[i];
  }
  return out;
}

// The same names for --help, wrapped under its column (s29-newuser: the help
// named 9 of the 14, with its own list).
std::string wrapped_screen_names() {
  const std::string indent(22, ' ');
  std::string out, line = indent;
  for (std::size_t i = 0; i < std::size(kScreens); ++i) {
    std::string word = std::string(kScreens[i]) + (i + 1 == std::size(kScreens) ? "" : ",");
    if (line.size() + word.size() + 1 > 88 && line.size() > indent.size()) {
      out += line + "\n";
      line = indent;
    }
    line += (line.size() > indent.size() ? " " : "") + word;
  }
  return out + line + "\n";
}

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string kiosk_usage() {
  return "usage: tabula-kiosk [options]\n"
         "  --demo NAME         show a scene of a real game, played on (--list-demos)\n"
         "  --variant ID        play ID on the virtual board against the real arbiter:\n"
         "                      click a piece to lift it, click a square to put it\n"
         "                      down, slide-click (right/shift) to take it off\n"
         "  --board SOCKET      read the pieces from the board daemon (tabula-boardd)\n"
         "                      instead of the virtual board; needs --variant or --journal\n"
         "  --journal FILE      record the game in FILE (SQLite); an existing FILE is\n"
         "                      resumed exactly where it stopped (after a power cut)\n"
         "  --clock TC          game clock: MIN+INC (15+10), MINdDELAY (5d3), MINbBRONSTEIN\n"
         "                      (5b3) or MIN (90); the board is the clock\n"
         "  --players A,B,...   player names in seat order (for the journal and exports)\n"
         "  --bots SEAT=LEVEL,...  bot seats, levels 1-8 or greedy (e.g. Blue=3,Green=1); in\n"
         "                      chess also stockfish, stockfish:ELO or stockfish:skillN\n"
         "  --stockfish PATH    Stockfish's program (default /usr/games/stockfish)\n"
         "  --stockfish-after-resume keep|again\n"
         "                      a seat whose Stockfish failed before a restart: Tabula's\n"
         "                      engine plays on (keep), or Stockfish again when it runs\n"
         "  --hints on|off      the Hint button (teaching; off in rated games)\n"
         "  --blunder-check on|off  warn a player whose move lost much\n"
         "  --hub BROKER        the arbiter's hub: every board of the event (docs/HUB.md)\n"
         "  --broker ADDRESS    publish this board to the hub (with --journal, --hub-event E,\n"
         "                      --hub-board B; TLS: --broker-ca F; --broker-user U,\n"
         "                      --broker-password-file F; --arbiter-key F for actions;\n"
         "                      --board-key F signs what it publishes: tabula board-key)\n"
         "  --screenshot FILE   render --frames frames, write the last one as PNG, exit\n"
         "  --frames N          frames to render before the screenshot (default 3)\n"
         "  --pictures          (alone) one picture per line of standard input: the\n"
         "                      line's arguments, --screenshot FILE among them\n"
         "  --screen NAME       with --screenshot: the overlay to show, one of\n" +
         wrapped_screen_names() +
         "                      (setup, setup-seating, setup-players: with --setup; who-plays-set:\n"
         "                      Who plays sets --bots at the first frame; docs/kiosk.md)\n"
         "  --set-aside VARIANT with --journal: a damaged journal, or one of another variant than\n"
         "                      --variant, is kept under a new name and a new game starts (of\n"
         "                      --variant, else VARIANT), saying so (scripts/run.sh)\n"
         "  --setup DIR         the appliance's first-boot setup, saved in DIR (the state\n"
         "                      directory; with --journal): without a journaled game or a\n"
         "                      saved setup, or with a bad one, the setup screen comes first\n"
         "                      (board profile, variant, clock, players); the arbiter menu\n"
         "                      reopens it. A board profile chosen there reads the pieces\n"
         "                      from --board SOCKET (default /run/tabula/board.sock)\n"
         "  --profiles DIR      the board profiles the setup offers (default: the installed ones)\n"
         "  --fullscreen        full screen (the default, except with --screenshot)\n"
         "  --windowed          a window of --size\n"
         "  --size WxH          window size, e.g. 1280x800\n"
         "  --orient SEAT       draw the board from seat SEAT's edge (0-based)\n"
         "  --pin DIGITS        arbiter menu PIN (default 0000)\n"
         "  --voice on|off      speak the rulings (espeak-ng; default: as saved, else on)\n"
         "  --volume N          the voice's volume, 0 to 100 (default: as saved, else 80)\n"
         "  --audio-device NAME ALSA device for the voice (aplay -D; default: ALSA's default)\n"
         "  --dpi N             the screen's pixels per inch, for 9 mm touch targets (default 133,\n"
         "                      the Raspberry Pi 7\" display; Touch Display 2: 210)\n"
         "  --font-dir DIR      where DejaVuSans*.ttf are (fonts-dejavu-core)\n"
         "  --list-demos        list the demo names and exit\n"
         "  --help              this text\n"
         "  --version           the build's version (the package's), alone\n"
         "Without a display, run under xvfb-run: xvfb-run -a tabula-kiosk --screenshot out.png\n";
}

ParsedOptions parse_kiosk_options(std::span<const char* const> args) {
  ParsedOptions parsed;
  KioskOptions& o = parsed.options;
  std::optional<bool> fullscreen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    auto value = [&]() -> std::optional<std::string_view> {
      if (i + 1 >= args.size()) {
        parsed.error = std::string(arg) + " needs a value";
        return std::nullopt;
      }
      return std::string_view(args[++i]);
    };
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--list-demos") {
      o.list_demos = true;
    } else if (arg == "--fullscreen") {
      fullscreen = true;
    } else if (arg == "--windowed") {
      fullscreen = false;
    } else if (arg == "--variant") {
      const auto v = value();
      if (!v) return parsed;
      o.variant = *v;
    } else if (arg == "--demo") {
      const auto v = value();
      if (!v) return parsed;
      o.demo = *v;
    } else if (arg == "--screenshot") {
      const auto v = value();
      if (!v) return parsed;
      o.screenshot = std::string(*v);
    } else if (arg == "--board") {
      const auto v = value();
      if (!v) return parsed;
      o.board_socket = std::string(*v);
    } else if (arg == "--journal") {
      const auto v = value();
      if (!v) return parsed;
      o.journal = std::string(*v);
    } else if (arg == "--clock") {
      const auto v = value();
      if (!v) return parsed;
      std::string why;
      if (!session::parse_time_control(std::string(*v), why)) {
        parsed.error = "--clock: " + why;
        return parsed;
      }
      o.clock = std::string(*v);
    } else if (arg == "--bots") {
      const auto v = value();
      if (!v) return parsed;
      o.bots = std::string(*v);  // the seats are checked against the variant when the game starts
    } else if (arg == "--stockfish") {
      const auto v = value();
      if (!v) return parsed;
      if (v->empty()) {
        parsed.error = "--stockfish wants a program's path (e.g. /usr/games/stockfish)";
        return parsed;
      }
      o.stockfish = std::string(*v);
    } else if (arg == "--stockfish-after-resume") {
      const auto v = value();
      if (!v) return parsed;
      if (*v != "keep" && *v != "again") {
        parsed.error = "--stockfish-after-resume wants keep or again, not '" + std::string(*v) + "'";
        return parsed;
      }
      o.stockfish_again = *v == "again";
    } else if (arg == "--hints" || arg == "--blunder-check") {
      const auto v = value();
      if (!v) return parsed;
      if (*v != "on" && *v != "off") {
        parsed.error = std::string(arg) + " wants on or off, not '" + std::string(*v) + "'";
        return parsed;
      }
      (arg == "--hints" ? o.hints : o.blunder_check) = *v == "on";
    } else if (arg == "--players") {
      const auto v = value();
      if (!v) return parsed;
      o.players.clear();
      std::string names(*v);
      for (std::size_t at = 0; at <= names.size();) {
        std::size_t comma = names.find(',', at);
        o.players.push_back(names.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 1;
      }
      if (o.players.size() > 4) {
        parsed.error = "--players names at most four players, comma-separated";
        return parsed;
      }
      for (std::size_t seat = 0; seat < o.players.size(); ++seat) {
        // Typed: the spaces around a name go; "" leaves the seat unnamed.
        o.players[seat] = std::string(core::trim_spaces(o.players[seat]));
        if (o.players[seat].empty()) continue;
        if (std::string why = core::player_name_problem(o.players[seat]); !why.empty()) {
          parsed.error = "--players: player " + std::to_string(seat + 1) + " " + core::quote_input(o.players[seat]) + ": " + why;
          return parsed;
        }
        for (std::size_t j = 0; j < seat; ++j) {
          if (!o.players[seat].empty() && o.players[seat] == o.players[j]) {
            parsed.error = "--players: two players are named \"" + o.players[seat] + "\"";
            return parsed;
          }
        }
      }
    } else if (arg == "--hub") {
      const auto v = value();
      if (!v) return parsed;
      o.hub = std::string(*v);
    } else if (arg == "--broker" || arg == "--hub-event" || arg == "--hub-board" || arg == "--broker-ca" ||
               arg == "--broker-user" || arg == "--broker-password-file" || arg == "--arbiter-key" ||
               arg == "--board-key") {
      const auto v = value();
      if (!v) return parsed;
      const std::string text(*v);
      if (arg == "--broker") o.broker = text;
      if (arg == "--hub-event") o.hub_event = text;
      if (arg == "--hub-board") o.hub_board = text;
      if (arg == "--broker-ca") o.broker_ca = text;
      if (arg == "--broker-user") o.broker_user = text;
      if (arg == "--broker-password-file") o.broker_password_file = text;
      if (arg == "--arbiter-key") o.arbiter_key = text;
      if (arg == "--board-key") o.board_key = text;
    } else if (arg == "--font-dir") {
      const auto v = value();
      if (!v) return parsed;
      o.font_dir = *v;
    } else if (arg == "--frames") {
      const auto v = value();
      if (!v) return parsed;
      const auto n = parse_int(*v);
      if (!n || *n < 1 || *n > 100000) {
        parsed.error = "--frames wants a count from 1 to 100000, not '" + std::string(*v) + "'";
        return parsed;
      }
      o.frames = *n;
    } else if (arg == "--size") {
      const auto v = value();
      if (!v) return parsed;
      const std::size_t x = v->find('x');
      const auto w = x == std::string_view::npos ? std::nullopt : parse_int(v->substr(0, x));
      const auto h = x == std::string_view::npos ? std::nullopt : parse_int(v->substr(x + 1));
      if (!w || !h || *w < 320 || *h < 240 || *w > 8192 || *h > 8192) {
        parsed.error = "--size wants WxH between 320x240 and 8192x8192, e.g. 1280x800, not '" +
                       std::string(*v) + "'";
        return parsed;
      }
      o.width = *w;
      o.height = *h;
    } else if (arg == "--orient") {
      const auto v = value();
      if (!v) return parsed;
      const auto seat = parse_int(*v);
      if (!seat || *seat < 0 || *seat > 3) {
        parsed.error = "--orient wants a seat number 0..3, not '" + std::string(*v) + "'";
        return parsed;
      }
      o.orient = *seat;
    } else if (arg == "--setup") {
      const auto v = value();
      if (!v) return parsed;
      o.setup_dir = std::string(*v);
    } else if (arg == "--profiles") {
      const auto v = value();
      if (!v) return parsed;
      o.profiles_dir = std::string(*v);
    } else if (arg == "--set-aside") {
      const auto v = value();
      if (!v) return parsed;
      o.set_aside = std::string(*v);
    } else if (arg == "--screen") {
      const auto v = value();
      if (!v) return parsed;
      if (std::find(std::begin(kScreens), std::end(kScreens), *v) == std::end(kScreens)) {
        parsed.error = "--screen wants " + screen_names() + ", not '" + core::printable_input(*v) + "'";
        return parsed;
      }
      o.screen = std::string(*v);
    } else if (arg == "--dpi") {
      const auto v = value();
      if (!v) return parsed;
      const auto dpi = parse_int(*v);
      if (!dpi || *dpi < 50 || *dpi > 1000) {
        parsed.error = "--dpi wants pixels per inch from 50 to 1000, not '" + std::string(*v) + "'";
        return parsed;
      }
      o.dpi = static_cast<float>(*dpi);
    } else if (arg == "--voice" || arg == "--volume" || arg == "--audio-device") {
      // The voice (docs/VOICE.md).
      const auto v = value();
      if (!v) return parsed;
      if (arg == "--audio-device") {
        o.audio_device = std::string(*v);
      } else if (arg == "--voice") {
        if (*v != "on" && *v != "off") {
          parsed.error = "--voice wants on or off, not '" + std::string(*v) + "'";
          return parsed;
        }
        o.voice = *v == "on";
      } else {
        const auto n = parse_int(*v);
        if (!n || *n < 0 || *n > 100) {
          parsed.error = "--volume wants a percentage from 0 to 100, not '" + std::string(*v) + "'";
          return parsed;
        }
        o.volume = *n;
      }
    } else if (arg == "--pin") {
      const auto v = value();
      if (!v) return parsed;
      if (!PinPad::is_valid_pin(*v)) {
        parsed.error = "--pin wants 1 to 12 digits";
        return parsed;
      }
      o.pin = *v;
    } else {
      parsed.error = "unknown option '" + std::string(arg) + "' (see --help)";
      return parsed;
    }
  }
  o.fullscreen = fullscreen.value_or(!o.screenshot.has_value());
  if (o.set_aside && !o.journal) {
    parsed.error = "--set-aside is about a journal: give --journal FILE too";
    return parsed;
  }
  if (o.setup_dir && !o.journal) {
    parsed.error = "--setup keeps the game in the state directory: give --journal FILE too";
    return parsed;
  }
  if ((o.screen == "setup" || o.screen == "setup-seating" || o.screen == "setup-players") && !o.setup_dir) {
    parsed.error = "--screen " + o.screen + " needs --setup DIR";
    return parsed;
  }
  if (!o.screen.empty() && !o.screenshot) {
    parsed.error = "--screen is for pictures: give --screenshot FILE too";
    return parsed;
  }
  if (o.broker && (!o.journal || o.hub_event.empty() || o.hub_board.empty())) {
    parsed.error = "--broker needs --journal FILE, --hub-event NAME and --hub-board NAME";
  }
  if (o.board_socket && !o.variant && !o.journal && !o.setup_dir) {
    parsed.error = "--board needs --variant ID (a new game) or --journal FILE (a game to resume)";
  }
  return parsed;
}

}  // namespace tabula::ui
