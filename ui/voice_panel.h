// VoicePanel: the voice's controls on the kiosk (issue 33 items 4-5;
// docs/VOICE.md). Drawn by the ArbiterMenu in two places:
//   - the arbiter menu's Voice page (behind the PIN): the voice on or muted,
//     its volume, and what the voice reported (no sound card...);
//   - the Players screen (no PIN: a player who cannot see the board asks
//     for it): "Say aloud" the last ruling again (s30-table: "Say again",
//     the last ruling or hint word for word), the clocks, the last
//     move, whose turn it is, and where one seat's pieces stand (FIDE Laws
//     Appendix D).
// A physical keyboard asks the same with keys, whatever screen is up unless
// a text field is being typed in: A say it again, C clocks, L last move,
// T whose turn, 1-4 the pieces of the first to fourth seat.
//
// Holds the settings shown and the query asked this frame; the kiosk loop
// reads them (take_query(), settings()), applies them to the Speaker and
// saves them. No speech here. UI thread only (ImGui).
#pragma once

#include <imgui.h>

#include <functional>
#include <optional>
#include <string>

#include "ui/theme.h"
#include "ui/view_model.h"
#include "voice/position_report.h"
#include "voice/speaker.h"

namespace tabula::ui {

struct VoiceQuery {
  voice::Query what = voice::Query::kTurn;
  int seat = -1;  // kPieces: which seat (0-based)
  friend bool operator==(const VoiceQuery&, const VoiceQuery&) = default;
};

class VoicePanel {
 public:
  /// The ArbiterMenu's widgets: a touch button that records its spot, a
  /// section heading.
  struct Widgets {
    std::function<bool(const char* label, ImVec2 size)> button;
    std::function<void(const char* text)> heading;
  };
  static constexpr int kVolumeStep = 10;

  const voice::SpeakerSettings& settings() const { return settings_; }
  void set_settings(const voice::SpeakerSettings& s) { settings_ = s; }
  /// One line under the controls: where the voice goes, or its problem.
  void set_status(std::string status) { status_ = std::move(status); }
  const std::string& status() const { return status_; }

  /// The query asked since the last call, if any.
  std::optional<VoiceQuery> take_query();
  /// Asks `q` as its button would (tests, and a caller with its own control).
  void ask(VoiceQuery q) { query_ = q; }
  /// Reads the keys of this frame (see the file comment).
  void read_keys(int seat_count);

  /// The menu's Voice page.
  void draw_settings(const KioskFonts& fonts, float touch, const Widgets& ui);
  /// The Players screen's "Say aloud" rows.
  void draw_queries(const KioskView& view, float touch, const Widgets& ui);

 private:
  voice::SpeakerSettings settings_;
  std::string status_;
  std::optional<VoiceQuery> query_;
};

/// The query a typed character asks ('a', 'c', 'l', 't', '1'-'4'), if any.
std::optional<VoiceQuery> query_for_key(unsigned int character, int seat_count);

}  // namespace tabula::ui
