#include "ui/hub/hub_runner.h"

#include <imgui.h>

#include <chrono>
#include <csignal>
#include <optional>
#include <cstdio>
#include <thread>

#include "files/plain_file.h"
#include "hub/hub_client.h"
#include "ui/hub/event_standings_feed.h"
#include "ui/hub/hub_screen.h"
#include "ui/platform_glfw.h"
#include "ui/screenshot.h"
#include "ui/theme.h"

namespace tabula::ui {

namespace {
volatile std::sig_atomic_t g_stop = 0;
extern "C" void hub_stop(int) { g_stop = 1; }
}  // namespace

std::string hub_usage() {
  return "tabula-hub-screen --broker ADDRESS [--event NAME] [--broker-user NAME --broker-password-file FILE]\n"
         "                  [--broker-ca FILE] [--arbiter-key FILE] [--record FILE]\n"
         "                  [--board-keys FILE]\n"
         "                  [--windowed] [--size WxH] [--screenshot FILE [--frames N]] [--open BOARD] [--font-dir DIR]\n";
}

ParsedHubOptions parse_hub_options(std::span<const char* const> args) {
  ParsedHubOptions p;
  HubScreenOptions& o = p.options;
  bool windowed_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) {
        p.error = a + " needs a value";
        return false;
      }
      out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") {
      p.help = true;
    } else if (a == "--broker" || a == "--hub") {
      if (!value(o.broker)) return p;
    } else if (a == "--event") {
      if (!value(o.event)) return p;
    } else if (a == "--broker-user") {
      if (!value(o.username)) return p;
    } else if (a == "--broker-password-file") {
      if (!value(o.password_file)) return p;
    } else if (a == "--broker-ca") {
      if (!value(o.ca_file)) return p;
    } else if (a == "--arbiter-key") {
      if (!value(o.key_file)) return p;
    } else if (a == "--board-keys") {
      if (!value(o.board_keys)) return p;
    } else if (a == "--record") {
      if (!value(o.record)) return p;
    } else if (a == "--font-dir") {
      if (!value(o.font_dir)) return p;
    } else if (a == "--open") {
      if (!value(v)) return p;
      o.open = v;
    } else if (a == "--windowed") {
      o.fullscreen = false;
      windowed_given = true;
    } else if (a == "--size") {
      if (!value(v)) return p;
      if (std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 320 || o.height < 240) {
        p.error = "--size wants WIDTHxHEIGHT, at least 320x240, not '" + v + "'";
        return p;
      }
    } else if (a == "--screenshot") {
      if (!value(v)) return p;
      o.screenshot = v;
      if (!windowed_given) o.fullscreen = false;
    } else if (a == "--frames") {
      if (!value(v)) return p;
      o.frames = std::atoi(v.c_str());
      if (o.frames < 1) {
        p.error = "--frames wants a positive number, not '" + v + "'";
        return p;
      }
    } else {
      p.error = "unknown option " + a;
      return p;
    }
  }
  if (o.broker.empty() && !p.help) p.error = "--broker ADDRESS is required";
  return p;
}

int run_hub_screen(const HubScreenOptions& options) {
  hub::HubConfig cfg;
  cfg.event = options.event;
  cfg.broker.ca_file = options.ca_file;
  std::string error = cfg.broker.parse(options.broker);
  if (!error.empty()) {
    std::fprintf(stderr, "tabula-hub: %s\n", error.c_str());
    return 2;
  }
  cfg.broker.username = options.username;
  if (!options.password_file.empty()) {
    // Through the one reader (as tabula-hub-web and the board publisher):
    // a FIFO waited for ever here, a link to /dev/zero was read without end.
    if (const std::string why = files::read_first_line(options.password_file, "a password file", cfg.broker.password);
        !why.empty()) {
      std::fprintf(stderr, "tabula-hub: %s: cannot read the broker password (%s)\n", options.password_file.c_str(),
                   why.c_str());
      return 2;
    }
  }
  if (!options.key_file.empty()) {
    cfg.key = hub::load_key(options.key_file, error);
    if (!cfg.key) {
      std::fprintf(stderr, "tabula-hub: %s\n", error.c_str());
      return 2;
    }
  }
  if (!options.board_keys.empty()) {
    cfg.board_keys = hub::BoardKeyRing::load(options.board_keys, error);
    if (!cfg.board_keys) {
      std::fprintf(stderr, "tabula-hub: %s\n", error.c_str());
      return 2;
    }
    std::fprintf(stderr, "tabula-hub: %zu board%s enrolled: only their signed payloads are believed\n",
                 cfg.board_keys->size(), cfg.board_keys->size() == 1 ? "" : "s");
  } else {
    std::fprintf(stderr, "tabula-hub: no --board-keys: board signatures are not checked, every payload is "
                         "believed as read (docs/HUB.md, \"Board signatures\")\n");
  }
  cfg.record_path = options.record;
  std::unique_ptr<hub::HubClient> client = hub::HubClient::start(cfg, error);
  if (!client) {
    std::fprintf(stderr, "tabula-hub: %s\n", error.c_str());
    return 1;
  }

  PlatformConfig pc;
  pc.fullscreen = options.fullscreen;
  pc.width = options.fullscreen ? 0 : options.width;
  pc.height = options.fullscreen ? 0 : options.height;
  pc.vsync = !options.screenshot;
  pc.title = "Tabula hub \xE2\x80\x94 " + options.event;
  GlfwPlatform::Created created = GlfwPlatform::create(pc);
  if (!created.platform) {
    std::fprintf(stderr, "tabula-hub: %s\n", created.status->message.c_str());
    return created.status->error == PlatformError::kNoDisplay ? 2 : 1;
  }
  GlfwPlatform& platform = *created.platform;
  const std::string font_dir = options.font_dir.empty() ? kDefaultFontDir : options.font_dir;
  HubScreen screen;
  screen.open(options.open);
  int font_height = 0;
  std::signal(SIGINT, hub_stop);
  std::signal(SIGTERM, hub_stop);
  const auto started = std::chrono::steady_clock::now();
  // Session 24: the event's standings (tabula event) are read on the
  // feed's thread every 2 s; the frame copies the last read.
  std::optional<EventStandingsFeed> event_feed;
  if (!cfg.record_path.empty()) event_feed.emplace(cfg.record_path, cfg.event);
  for (int frame = 0; !platform.should_close() && g_stop == 0; ++frame) {
    platform.poll_events();
    if (platform.window_height() != font_height && platform.window_height() > 0) {
      // The hub shows many small boards: fonts sized for a screen twice as tall.
      font_height = platform.window_height();
      screen.set_fonts(load_fonts(ImGui::GetIO(), font_height / 2, font_dir));
      platform.upload_fonts();
      apply_style(ImGui::GetIO().Fonts->Fonts.empty() ? 14.0f : ImGui::GetIO().Fonts->Fonts[0]->FontSize);
    }
    FrameOverrides ov;
    if (options.screenshot) ov.hide_mouse = true;
    platform.new_frame(ov);
    HubSide side;
    hub::HubStatus st = client->status();
    side.connected = st.connected;
    side.status = st.last_error;
    side.can_act = cfg.key.has_value();
    // Session 23: the copy the hub's worker keeps (no SQLite in the frame:
    // a write waiting out the record's busy timeout stalled it up to 2 s).
    hub::RecordView view = client->record_view();
    side.ladder = std::move(view.ladder);
    side.standings = std::move(view.standings);
    if (event_feed) {
      EventStandingsFeed::Snapshot read = event_feed->snapshot();
      side.event_standings_note = standings_note(read);
      side.event_standings = std::move(read.tables);
    }
    const double time_s = options.screenshot ? 0.35 : std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::vector<HubIntent> intents;
    client->read([&](const hub::HubModel& m) { intents = screen.draw(m, side, time_s); });
    platform.render();
    if (options.screenshot && frame + 1 >= options.frames) {
      const std::string werr = write_png(*options.screenshot, platform.read_pixels());
      if (!werr.empty()) {
        std::fprintf(stderr, "tabula-hub: %s\n", werr.c_str());
        return 1;
      }
      return 0;
    }
    platform.present();
    for (const HubIntent& in : intents) {
      if (in.kind == HubIntentKind::kAcknowledge) {
        client->acknowledge(in.alert_id);
      } else if (!client->send(in.action, error)) {
        std::fprintf(stderr, "tabula-hub: %s\n", error.c_str());
      } else {
        std::fprintf(stderr, "tabula-hub: sent %s to %s\n", hub::describe(in.action).c_str(), in.action.board().c_str());
      }
    }
    if (options.screenshot) std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
  return 0;
}

}  // namespace tabula::ui
