// The kiosk frame loop: poll -> new frame -> draw from the snapshot ->
// render, then hand the frame's intents to the snapshot source.
#include "ui/kiosk_loop.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <cstdio>
#include <optional>
#include <string>

#include "event/board_assignment.h"
#include "hub/assignment_listener.h"
#include "ui/first_boot.h"
#include "ui/board_link.h"
#include "ui/kiosk_game.h"
#include "ui/kiosk_voice.h"
#include "ui/kiosk_app.h"
#include "ui/platform_glfw.h"
#include "ui/redraw_policy.h"
#include "ui/scenes.h"
#include "ui/theme.h"

namespace tabula::ui {
namespace {

using Clock = std::chrono::steady_clock;

// Screenshot frames are reproducible: a fixed time step long enough for
// ImGui's fades to finish in a few frames, and a fixed animation time at
// the peak of the pulse of squares to fix.
constexpr float kScreenshotDelta_s = 0.2f;
constexpr double kScreenshotTime_s = 0.35;

// The longest the loop sleeps between looks at the stop flag (a signal does
// not wake GLFW's wait), the hub's actions and the board daemon's socket.
constexpr double kMaxSleep_s = 0.5;
constexpr double kLinkSleep_s = 0.05;

// Where tabula-boardd listens under systemd (hardware/systemd).
constexpr const char* kBoardSocket = "/run/tabula/board.sock";

// SIGINT / SIGTERM (Ctrl-C, systemd stop) end the loop cleanly, so every
// RAII owner in run_kiosk() is unwound.
volatile std::sig_atomic_t g_stop_requested = 0;

extern "C" void request_stop(int) {
  g_stop_requested = 1;
}

void print_demo_names(std::FILE* out) {
  for (const SceneInfo& demo : scene_list()) {
    std::fprintf(out, "  %-12s %s\n", std::string(demo.name).c_str(),
                 std::string(demo.description).c_str());
  }
}

}  // namespace

int run_kiosk(const KioskOptions& options) {
  const bool known = std::any_of(scene_list().begin(), scene_list().end(),
                                 [&](const SceneInfo& s) { return s.name == options.demo; });
  if (!known) {
    std::fprintf(stderr, "tabula-kiosk: unknown demo '%s'; the demos are:\n", options.demo.c_str());
    print_demo_names(stderr);
    return 2;
  }

  PlatformConfig config;
  config.fullscreen = options.fullscreen;
  config.width = options.width.value_or(options.fullscreen ? 0 : 1280);
  config.height = options.height.value_or(options.fullscreen ? 0 : 800);
  config.fit_monitor = !options.width;
  config.vsync = !options.screenshot;
  config.title = "Tabula";
  GlfwPlatform::Created created = GlfwPlatform::create(config);
  if (!created.platform) {
    const PlatformStatus& status = *created.status;
    if (status.error == PlatformError::kNoDisplay) {
      std::fprintf(stderr,
                   "tabula-kiosk: no display (neither WAYLAND_DISPLAY nor DISPLAY is set).\n"
                   "  On the appliance the kiosk unit starts it in cage (Wayland).\n"
                   "  Run it under a virtual X server:  xvfb-run -a tabula-kiosk --demo %s ...\n"
                   "  or render a picture and exit:     xvfb-run -a tabula-kiosk --screenshot "
                   "out.png\n",
                   options.demo.c_str());
      return 2;
    }
    std::fprintf(stderr, "tabula-kiosk: %s\n", status.message.c_str());
    return 1;
  }
  GlfwPlatform& platform = *created.platform;
  std::fprintf(stderr, "tabula-kiosk: GL: %s\n", platform.gl_description().c_str());

  const std::string font_dir = options.font_dir.empty() ? kDefaultFontDir : options.font_dir;
  // Text is sized from the height, or from the width on a portrait screen
  // (720x1280: the panels are 720 wide).
  auto font_basis = [&] { return std::min(platform.window_height(), platform.framebuffer_width() * 13 / 10); };
  int font_height = font_basis();
  auto load = [&](KioskApp& app) {
    const KioskFonts fonts = load_fonts(ImGui::GetIO(), font_height, font_dir);
    platform.upload_fonts();  // builds the atlas: font sizes are known after this
    apply_style(fonts.body->FontSize);
    app.set_fonts(fonts);
  };
  KioskApp app(KioskConfig{options.pin, options.dpi});
  load(app);
  if (options.orient) app.set_orientation(SeatIndex{*options.orient});
  if (!options.screen.empty() && options.screen != "hint" && options.screen != "setup-seating" &&
      options.screen != "who-plays-set" && options.screen != "draw-offer") {
    app.open_screen(options.screen);
  }
  // The voice (docs/VOICE.md): silent in pictures.
  KioskVoice voice(options, !options.screenshot);
  app.arbiter_menu().voice().set_settings(voice.settings());

  const Clock::time_point started = Clock::now();
  // Where the daemon's events come from, when a board is used: --board, or
  // the first-boot setup's board profile.
  std::optional<std::string> board_socket = options.board_socket;
  // The session's options as the command line gives them.
  auto base_options = [&](std::string& error) -> std::optional<KioskGameOptions> {
    KioskGameOptions so;
    so.variant = options.variant.value_or("");
    so.journal = options.journal;
    so.players = options.players;
    // --screen who-plays-set: the bots come at the first frame, as the arbiter sets them.
    so.bots = options.screen == "who-plays-set" ? std::string() : options.bots;
    so.hints = options.hints;
    so.blunder_check = options.blunder_check;
    so.bots_wait = options.screenshot.has_value();
    so.stockfish = options.stockfish;
    so.stockfish_again = options.stockfish_again;
    so.virtual_board = !board_socket;
    if (options.set_aside) {
      so.set_aside = true;
      so.fallback_variant = *options.set_aside;
    }
    if (options.clock) {
      std::string why;
      so.time_control = session::parse_time_control(*options.clock, why);
    }
    if (options.broker) {
      hub::PublisherConfig pc;
      pc.info.event = options.hub_event;
      pc.info.board = options.hub_board;
      if (!hub::configure({*options.broker, options.broker_ca, options.broker_user, options.broker_password_file,
                           options.arbiter_key, options.board_key},
                          pc, error)) {
        return std::nullopt;
      }
      // The board follows its seat assignment (issue 35) when it can check
      // the arbiter's signature.
      // Its rounds are kept beside the journal (session 20): a replayed older
      // seating stays refused after a restart.
      if (pc.key) {
        pc.check_assignment = event::assignment_check(pc.info.event, pc.info.board, pc.key,
                                                      so.journal ? event::rounds_file_of(*so.journal) : "");
      }
      so.publish = pc;
    }
    return so;
  };
  std::unique_ptr<KioskGame> real;
  // --setup DIR: the appliance's first-boot setup (ui/first_boot.h). Without
  // a journaled game or a saved setup, or with a bad setup, the setup screen
  // comes first; a good one starts (or resumes) the game as it says.
  SetupChoices choices;
  std::optional<SetupDone> saved;
  auto setup_board = [&](const SetupDone& s) {
    board_socket = s.board_profile.empty() ? std::nullopt
                                           : std::optional<std::string>(options.board_socket.value_or(kBoardSocket));
  };
  bool game_pending = options.variant || options.journal;
  if (options.setup_dir) {
    choices = setup_choices(options.profiles_dir.empty() ? default_profiles_dir() : options.profiles_dir,
                            default_admin_profile(), options.stockfish);
    app.arbiter_menu().offer_setup(true);
    LoadedSetup loaded = load_setup(*options.setup_dir, choices);
    std::error_code ec;
    const bool journaled = std::filesystem::exists(*options.journal, ec);
    if (loaded.setup) {
      saved = loaded.setup;
      setup_board(*saved);
      // A board profile installed after the setup chose the virtual board
      // (docs/INSTALL.md step 3): the daemon reads the board, the game does
      // not, until the setup chooses that board. Said, not silently ignored.
      const auto admin = std::find_if(choices.boards.begin(), choices.boards.end(),
                                      [](const BoardOption& b) { return b.administrator; });
      if (saved->board_profile.empty() && admin != choices.boards.end()) {
        std::fprintf(stderr,
                     "tabula-kiosk: the saved setup chose the virtual board: the board of %s is not read "
                     "until the setup chooses it (arbiter menu, Setup...)\n",
                     admin->file.c_str());
      }
    }
    // Issue 33: --screen setup-players pictures the seats' controls with --variant, --players and --bots.
    const bool seats_shot = options.screen == "setup-players";
    if (!loaded.problem.empty() || (!loaded.exists && !journaled) || options.screen == "setup" ||
        options.screen == "setup-seating" || seats_shot) {
      if (!loaded.problem.empty()) std::fprintf(stderr, "tabula-kiosk: %s\n", loaded.problem.c_str());
      std::optional<SetupDone> shown;
      if (seats_shot) {
        shown = SetupDone{"", options.variant.value_or(""), "", "", options.bots};
        for (const std::string& p : options.players) shown->players += (shown->players.empty() ? "" : ",") + p;
      }
      app.setup().open(choices, loaded.problem.empty() ? "" : "The saved setup cannot be used: " + loaded.problem,
                       shown, false);
      if (seats_shot) app.setup().show_page(SetupScreen::Page::kPlayers);
      game_pending = false;
    } else if (!journaled && saved) {
      game_pending = true;  // a new game as the setup says
    }
  }
  auto start_game = [&](const std::optional<SetupDone>& setup, std::string& error) {
    std::optional<KioskGameOptions> so = base_options(error);
    if (!so) return false;
    // A damaged journal is kept aside and a new game of the setup's variant starts.
    if (saved) so->fallback_variant = saved->variant_id;
    if (setup) {
      so->variant = setup->variant_id;
      so->players.clear();
      if (!setup->players.empty()) so->players = split_players(setup->players);
      so->bots = setup->bots;  // issue 33: the setup's seat controls, as --bots
      so->time_control.reset();
      if (!setup->time_control.empty()) {
        std::string why;
        so->time_control = session::parse_time_control(setup->time_control, why);
      }
    }
    real = KioskGame::create(*so, std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started),
                              error);
    return real != nullptr;
  };
  if (game_pending) {
    std::string error;
    std::error_code ec;
    const bool fresh = options.setup_dir && saved && !std::filesystem::exists(*options.journal, ec);
    if (!start_game(fresh ? saved : std::nullopt, error)) {
      std::fprintf(stderr, "tabula-kiosk: %s\n", error.c_str());
      return 2;
    }
    if (options.journal) {
      const std::size_t moves = real->session().moves().size();
      std::fprintf(stderr, "tabula-kiosk: %s %s (%zu %s)\n", real->resumed() ? "resumed" : "journaling to",
                   options.journal->c_str(), moves, moves == 1 ? "move" : "moves");
    }
  }
  // The board's seat assignment on the setup screen (issue 35): the game's
  // publisher hears it during a game; before one, a listener of its own
  // (hub/assignment_listener.h), stopped before a game's publisher starts
  // (on the documented broker both would be the board's login).
  std::unique_ptr<hub::AssignmentListener> seat_listener;
  bool seat_listener_tried = false;
  auto setup_assignment = [&]() -> std::optional<SetupAssignment> {
    if (options.screen == "setup-seating") {  // pictures: a sample assignment
      return SetupAssignment{"round 2, table 3 (section open)", "chesscom-ffa", {"Ann", "Bob", "Cem", "Dee"}};
    }
    std::optional<hub::SeatAssignment> a;
    if (real) {
      a = real->assignment();
    } else if (options.broker) {
      if (!seat_listener_tried) {
        seat_listener_tried = true;
        std::string error;
        std::optional<KioskGameOptions> so = base_options(error);
        if (so && so->publish) seat_listener = hub::AssignmentListener::start(*so->publish, error);
        if (!seat_listener) std::fprintf(stderr, "tabula-kiosk: no seat assignment from the hub: %s\n", error.c_str());
      }
      if (seat_listener) a = seat_listener->assignment();
    }
    if (!a) return std::nullopt;
    return SetupAssignment{"round " + std::to_string(a->round) + ", table " + std::to_string(a->table) +
                               (a->section.empty() ? "" : " (section " + a->section + ")"),
                           a->variant, a->players};
  };
  // The setup screen is done: save it, keep the game on the board aside
  // (its journal under a new name), start the game it describes.
  auto finish_setup = [&](const SetupDone& done) {
    const std::string problem = save_setup(*options.setup_dir, done, choices);
    if (!problem.empty()) {
      app.setup().set_message("The setup could not be saved: " + problem);
      return;
    }
    std::fprintf(stderr, "tabula-kiosk: setup saved in %s\n", setup_file(*options.setup_dir).c_str());
    saved = done;
    setup_board(done);
    std::error_code ec;
    real.reset();  // closes the journal before the rename
    seat_listener.reset();
    seat_listener_tried = true;  // the game's publisher listens from now on
    // Start is a new game, also when the setup came back over a journaled
    // one (a bad saved setup): that game is kept, not resumed.
    if (std::filesystem::exists(*options.journal, ec)) {
      const std::string keep = journal_archive_name(*options.journal);
      ec = move_journal(*options.journal, keep);
      if (!ec) std::fprintf(stderr, "tabula-kiosk: the game on the board is kept in %s\n", keep.c_str());
    }
    std::string error;
    if (ec || !start_game(done, error)) {
      app.setup().set_message("The game could not start: " + (ec ? *options.journal + ": " + ec.message() : error));
      return;
    }
    app.setup().close();
  };
  // --demo: a scene of a real game (ui/scenes.h), played on from there; it
  // also stands under the setup screen while there is no game yet.
  std::unique_ptr<KioskGame> scene;
  if (!real) {
    std::string error;
    scene = make_scene_game(options.demo, error);
    if (!scene) {
      std::fprintf(stderr, "tabula-kiosk: %s\n", error.c_str());
      return 2;
    }
    if (!app.setup().is_open()) real = std::move(scene);
  }
  // --board: the daemon's sensors instead of the virtual board.
  std::unique_ptr<BoardLink> board;
  std::string board_variant;
  std::string board_status;
  // With a game, stdout carries the sensor trace only; intents go to stderr.
  std::FILE* intent_log = real ? stderr : stdout;

  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  // Frames only when something changes (ui/redraw_policy.h); a screenshot
  // draws every frame.
  RedrawPolicy policy;
  const bool paced = !options.screenshot;
  auto seconds = [&](Clock::time_point t) { return std::chrono::duration<double>(t - started).count(); };
  for (int frame = 0; !platform.should_close() && g_stop_requested == 0;) {
    if (paced) {
      const Clock::time_point before = Clock::now();
      const double before_s = seconds(before);
      std::optional<double> wait = policy.wait_s(before_s);
      auto sooner = [&](double s) { wait = wait ? std::min(*wait, s) : s; };
      if (platform.pointer_pending() || (real && real->dirty())) sooner(0.0);
      if (real) {
        // The session acts at its deadlines (a move settles, a flag falls)
        // whether or not anything is drawn.
        const auto kiosk_ms = std::chrono::duration_cast<std::chrono::milliseconds>(before - started);
        if (const auto deadline = real->session().next_deadline()) {
          sooner(std::max(0.0, static_cast<double>((*deadline - real->session_time(kiosk_ms)).count()) / 1000.0));
        }
      }
      // Session 23: inputs waiting for a held journal are tried each frame.
      sooner(board_socket || options.broker || (real && real->unwritten() > 0) ? kLinkSleep_s : kMaxSleep_s);
      platform.wait_events(wait);
    } else {
      platform.poll_events();
    }
    if (font_basis() != font_height && font_basis() > 0) {
      font_height = font_basis();
      load(app);
    }
    const Clock::time_point now = Clock::now();
    const double now_s = seconds(now);
    if (platform.take_activity()) policy.on_input(now_s);
    // Screenshots are reproducible: a frame is one second of session time.
    const auto ms = options.screenshot ? std::chrono::milliseconds(1000LL * frame)
                                       : std::chrono::duration_cast<std::chrono::milliseconds>(now - started);
    if (real) real->tick(ms);
    // Issue 33: a picture of a hint presses the Hint button once play began.
    if (real && options.screen == "hint" && frame == 1) real->apply(AskHint{}, ms);
    // s31-hall: a picture of the draw offer's question (the first seat offers).
    if (real && options.screen == "draw-offer" && frame == 1) real->apply(OfferDraw{SeatIndex{0}}, ms);
    // Session 22: a picture of "Who plays" setting --bots (Done pressed).
    if (real && options.screen == "who-plays-set" && frame == 1) real->apply(SetBots{options.bots}, ms);
    if (!board_socket) board.reset();
    if (real && board_socket) {
      const core::RuleSet& rules = real->session().game().rules();
      if (!board || board_variant != rules.id || board->socket_path() != *board_socket) {
        // A new game may change the board.
        board = std::make_unique<BoardLink>(*board_socket, rules.geometry);
        board_variant = rules.id;
      }
      std::vector<session::Input> inputs;
      board->poll(real->session_time(ms), inputs);
      for (const session::Input& in : inputs) real->feed_board(in, ms);
      if (board->status() != board_status) {
        board_status = board->status();
        real->add_notice(board_status);
      }
      for (std::string& line : board->warnings()) {
        std::fprintf(stderr, "tabula-kiosk: %s\n", line.c_str());
        real->add_notice(std::move(line));
      }
      // After each accepted move the daemon learns what should stand where,
      // so it can report a stuck reed.
      if (!real->take_accepted().empty() || frame == 0) {
        const core::Position& pos = real->session().game().position();
        core::SquareSet expected;
        for (int i = 0; i < core::kMaxSquares; ++i) {
          if (!pos.at(static_cast<core::Square>(i)).empty()) expected.set(static_cast<std::size_t>(i));
        }
        board->send_expectation(expected);
      }
    }
    voice.update(real.get(), app.arbiter_menu(), ms);  // what the session said, spoken
    if (real && real->dirty()) policy.on_output(now_s);
    if (paced && !policy.due(now_s) && !platform.pointer_pending()) continue;

    FrameOverrides overrides;
    double time_s = now_s;
    if (options.screenshot) {
      overrides.delta_s = kScreenshotDelta_s;
      overrides.hide_mouse = true;
      time_s = kScreenshotTime_s;
    }
    if (app.setup().is_open()) app.setup().set_assignment(setup_assignment());
    // A frame that takes a queued pointer event (a press, a release) settles
    // as an input does: a click shows on the frame after its release.
    const bool pointer_frame = platform.pointer_pending();
    platform.new_frame(overrides);
    // (No game yet: the setup screen covers everything; the demo stands under it.)
    const KioskView& view = real ? real->view(ms) : scene->view(ms);
    const std::vector<Intent> intents = app.draw(view, time_s);
    platform.render();
    policy.drew(now_s);
    if (pointer_frame) policy.on_input(now_s);
    // The squares to fix pulse; a clock's face changes at its next step.
    policy.set_animating(!view.fixes.empty());
    const auto face = until_face_changes(view.clocks);
    policy.set_next_change(face ? std::optional<double>(now_s + static_cast<double>(face->count()) / 1000.0)
                                : std::nullopt);

    if (options.screenshot && frame + 1 >= options.frames) {
      const RgbaImage image = platform.read_pixels();
      const std::string error = write_png(*options.screenshot, image);
      if (!error.empty()) {
        std::fprintf(stderr, "tabula-kiosk: %s\n", error.c_str());
        return 1;
      }
      std::fprintf(stderr, "tabula-kiosk: wrote %s (%dx%d, %d %s)\n", options.screenshot->c_str(), image.width,
                   image.height, frame + 1, frame + 1 == 1 ? "frame" : "frames");
      return 0;
    }
    platform.present();
    ++frame;

    for (const Intent& intent : intents) {
      std::fprintf(intent_log, "intent: %s\n", describe(intent).c_str());
      if (const auto* done = std::get_if<SetupDone>(&intent); done && options.setup_dir) {
        finish_setup(*done);
      } else if (std::get_if<OpenSetup>(&intent) && options.setup_dir) {
        choices = setup_choices(options.profiles_dir.empty() ? default_profiles_dir() : options.profiles_dir,
                                default_admin_profile(), options.stockfish);
        app.setup().open(choices, "", saved, real != nullptr);
      } else if (real) {
        for (const std::string& line : real->apply(intent, ms)) std::printf("%s\n", line.c_str());
      }
    }
    voice.update(real.get(), app.arbiter_menu(), ms);  // the frame's answers, settings, queries
    if (!intents.empty()) policy.on_output(now_s);
    std::fflush(stdout);
  }
  // One line for measuring the redraw policy (docs/kiosk.md "Idle").
  std::fprintf(stderr, "tabula-kiosk: %d %s in %.1f s\n", policy.frames(), policy.frames() == 1 ? "frame" : "frames",
               seconds(Clock::now()));
  return 0;
}

}  // namespace tabula::ui
