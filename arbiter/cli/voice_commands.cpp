// voice_commands.cpp — `tabula voice` (voice_commands.h).
#include "cli/voice_commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "cli/options.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "variants/variant_loader.h"
#include "voice/announcements.h"
#include "voice/espeak_backend.h"
#include "voice/espeak_voice.h"
#include "voice/position_report.h"
#include "voice/speaker.h"
#include "voice/spoken_text.h"

namespace tabula::cli {

const char* const kVoiceUsage =
    R"(  voice say FILE --variant ID [--game N] [--plies N] [--wav-dir DIR]
                       what the kiosk's voice says after each move of a record
                       (first N plies, default 40); --wav-dir renders each to DIR/NNN.wav
  voice ask FILE --variant ID [--game N] [--plies N] (--pieces SEAT|--last-move|--turn)
                       an accessibility query's text after those moves
  voice bench FILE --variant ID [--plies N] [--device NAME]
                       ruling -> first audio latency (espeak-ng into aplay -D NAME, default null)
)";

namespace {

// A record replayed move by move: what the voice says after each move, and
// the game after the last one.
struct Spoken {
  std::vector<std::vector<voice::Utterance>> batches;
  std::optional<core::Game> game;
};

std::optional<Spoken> replay_spoken(const Options& o, std::ostream& err) {
  auto vit = o.values.find("variant");
  if (vit == o.values.end()) {
    err << "tabula: voice: --variant ID is required (see `tabula variants`)\n";
    return std::nullopt;
  }
  long long game_no = 1, plies = 40;
  if (!number_option(o, "game", 1, 1000000, game_no, err) || !number_option(o, "plies", 1, 2000, plies, err)) {
    return std::nullopt;
  }
  const std::string& file = o.positional[1];
  std::string text;
  if (std::string why; !read_text_file(file, text, &why)) {
    err << "tabula: voice: " << file << ": " << why << "\n";
    return std::nullopt;
  }
  auto records = core::parse_pgn(text);
  if (!records.ok()) {
    err << "tabula: voice: " << file << ":" << records.error().line << ":" << records.error().column << ": "
        << records.error().message << "\n";
    return std::nullopt;
  }
  if (records->size() < static_cast<std::size_t>(game_no)) {
    err << "tabula: voice: " << file << " holds " << records->size() << " game(s), not " << game_no << "\n";
    return std::nullopt;
  }
  core::PgnRecord record = (*records)[static_cast<std::size_t>(game_no - 1)];
  std::string why;
  variants::RecordStart rs = variants::record_start(vit->second, record.tag("StartFen4"), record.tag("FEN"), why);
  if (!rs.rules) {
    err << "tabula: voice: " << why;
    return std::nullopt;
  }
  core::SeatPoints points{};
  auto start = rs.rules->four_player_notation ? core::parse_fen4(*rs.rules, rs.position, &points)
                                              : core::parse_fen(*rs.rules, rs.position);
  if (!start.ok()) {
    err << "tabula: voice: " << file << ": bad start position in the tags: " << start.error().message << "\n";
    return std::nullopt;
  }
  // Each prefix replayed: the game after each move is what the kiosk's
  // session holds when it speaks (whose turn, the pieces' names).
  Spoken spoken;
  const std::vector<core::PgnToken> tokens = record.moves;
  // A part of the record is a game still going: its result and Termination
  // (the end they name) belong to the whole record only.
  const core::PgnRecord whole = record;
  record.result = std::string(1, '*');  // (not = "*": g++ 12 -Wrestrict false positive, PR 105329)
  std::erase_if(record.tags, [](const core::PgnTag& t) { return t.name == "Termination" || t.name == "Result"; });
  const std::size_t n = std::min(tokens.size(), static_cast<std::size_t>(plies));
  for (std::size_t k = 1; k <= n; ++k) {
    record.moves.assign(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(k));
    core::ReplayResult r = core::replay(rs.rules, *start, points, k == tokens.size() ? whole : record);
    if (!r.ok) {
      err << "tabula: voice: " << file << ":" << r.line << ": refused at " << r.error << "\n";
      return std::nullopt;
    }
    if (r.steps.size() < k) break;  // a result token, not a move
    session::Output out;
    for (const core::Ruling& g : r.steps[k - 1].rulings) {
      session::Ruling s;
      s.kind = session::RulingKind::kGame;
      s.severity = g.severity;
      s.text = g.text;
      s.game = g;
      out.rulings.push_back(std::move(s));
      if (g.kind == core::RulingKind::kMove) out.moves.emplace_back();
    }
    spoken.batches.push_back(voice::announcements(out, *r.game));
    spoken.game = std::move(r.game);
  }
  if (!spoken.game) {
    err << "tabula: voice: " << file << ": the record has no move\n";
    return std::nullopt;
  }
  return spoken;
}

int cmd_say(const Options& o, std::ostream& out, std::ostream& err) {
  auto spoken = replay_spoken(o, err);
  if (!spoken) return 1;
  const auto wav_dir = o.values.find("wav-dir");
  std::unique_ptr<voice::EspeakVoice> synth;
  if (wav_dir != o.values.end()) {
    std::error_code ec;
    std::filesystem::create_directories(wav_dir->second, ec);
    std::string error;
    synth = voice::EspeakVoice::open("en", error);
    if (!synth) {
      err << "tabula: voice: " << error << "\n";
      return 1;
    }
  }
  int n = 0;
  for (const auto& batch : spoken->batches) {
    for (const voice::Utterance& u : batch) {
      ++n;
      out << u.text << "\n";
      if (!synth) continue;
      char name[32];
      std::snprintf(name, sizeof name, "%03d.wav", n);
      const std::string path = (std::filesystem::path(wav_dir->second) / name).string();
      std::string error;
      const auto pcm = synth->render(u.text, 100, error);
      if (error.empty()) error = voice::write_wav(path, pcm, synth->sample_rate());
      if (!error.empty()) {
        err << "tabula: voice: " << error << "\n";
        return 1;
      }
    }
  }
  return 0;
}

int cmd_ask(const Options& o, std::ostream& out, std::ostream& err) {
  const bool pieces = o.values.count("pieces") > 0;
  const int asked = (pieces ? 1 : 0) + static_cast<int>(o.values.count("last-move") + o.values.count("turn"));
  if (asked != 1) {
    err << "tabula: voice ask: give one of --pieces SEAT, --last-move, --turn\n";
    return 2;
  }
  auto spoken = replay_spoken(o, err);
  if (!spoken) return 1;
  const core::Game& game = *spoken->game;
  if (o.values.count("last-move")) {
    out << voice::last_move_text(game) << "\n";
  } else if (o.values.count("turn")) {
    out << voice::turn_text(game) << "\n";
  } else {
    const std::string& which = o.values.at("pieces");
    const int seats = game.rules().seat_count();
    std::optional<int> seat;
    long long index = 0;
    if (parse_number(which, 0, seats - 1, index)) seat = static_cast<int>(index);
    for (int i = 0; i < seats && !seat; ++i) {
      std::string name = game.seat_name(core::seat_at(i));
      std::string a = name, b = which;
      std::transform(a.begin(), a.end(), a.begin(), ::tolower);
      std::transform(b.begin(), b.end(), b.begin(), ::tolower);
      if (a == b) seat = i;
    }
    if (!seat) {
      err << "tabula: voice ask: --pieces " << which << ": no such seat (0-" << seats - 1 << " or a seat's name)\n";
      return 2;
    }
    out << voice::pieces_text(game, core::seat_at(*seat)) << "\n";
  }
  return 0;
}

int cmd_bench(const Options& o, std::ostream& out, std::ostream& err) {
  auto spoken = replay_spoken(o, err);
  if (!spoken) return 1;
  const auto dev = o.values.find("device");
  voice::EspeakOptions options;
  options.device = dev == o.values.end() ? "null" : dev->second;
  voice::Speaker speaker(std::make_unique<voice::EspeakBackend>(options));
  std::size_t n = 0;
  // One utterance at a time, as a ruling arrives when the table has gone
  // quiet: from its making to its first audio in aplay's hands.
  for (const auto& batch : spoken->batches) {
    for (voice::Utterance u : batch) {
      u.made = std::chrono::steady_clock::now();
      speaker.say({u});
      if (!speaker.wait_idle(std::chrono::seconds(30))) {
        err << "tabula: voice bench: an utterance took more than 30 s\n";
        return 1;
      }
      if (std::string p = speaker.take_problem(); !p.empty()) {
        err << "tabula: voice bench: " << p << "\n";
        return 1;
      }
      ++n;
    }
  }
  std::vector<double> ms;
  for (const auto& t : speaker.timings()) ms.push_back(std::chrono::duration<double, std::milli>(t.to_audio).count());
  if (ms.empty()) {
    err << "tabula: voice bench: nothing was spoken\n";
    return 1;
  }
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size())))]; };
  char line[160];
  std::snprintf(line, sizeof line, "voice: %zu utterances, ruling -> first audio: p50 %.1f ms, p95 %.1f ms, max %.1f ms\n",
                ms.size(), at(0.5), at(0.95), ms.back());
  out << line << "(aplay -D " << options.device << "; " << n << " said)\n";
  return 0;
}

}  // namespace

int cmd_voice(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 2 || (args[1] != "say" && args[1] != "ask" && args[1] != "bench")) {
    err << "tabula: voice wants say, ask or bench:\n" << kVoiceUsage;
    return 2;
  }
  auto o = parse_options(args, 2, {"variant", "game", "plies", "wav-dir", "pieces", "device"}, {"last-move", "turn"},
                         "voice " + args[1], err);
  if (!o) return 2;
  o->positional.insert(o->positional.begin(), args[1]);
  if (o->positional.size() != 2) {
    err << "tabula: voice " << args[1] << " needs exactly one record FILE\n";
    return 2;
  }
  long long number = 0;  // bad numbers are usage errors (checked again where used)
  if (!number_option(*o, "game", 1, 1000000, number, err) || !number_option(*o, "plies", 1, 2000, number, err)) {
    return 2;
  }
  if (args[1] == "say") return cmd_say(*o, out, err);
  if (args[1] == "ask") return cmd_ask(*o, out, err);
  return cmd_bench(*o, out, err);
}

}  // namespace tabula::cli
