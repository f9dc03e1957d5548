// KioskVoice: the voice in the kiosk's loop (issue 33 items 4-5;
// docs/VOICE.md). Owns the Speaker (arbiter/voice/speaker.h: its own
// thread; nothing here waits for speech) and, once per loop:
//   - speaks everything the game's session said since the last loop
//     (KioskGame::take_said(), voice/announcements.h), the same texts the
//     screen shows;
//   - applies the arbiter menu's mute and volume (ui/voice_panel.h) and
//     saves them in the state directory (--setup DIR; voice/voice_settings.h);
//   - answers the Players screen's and the keys' queries
//     (voice/position_report.h);
//   - keeps the last batch the game said (its rulings, a hint, whose turn)
//     as it was said, and says it once more, word for word, when asked
//     ("Say again", key A; s30-table); while the voice is off (or at
//     volume 0) nothing is said and the screen's notices say why;
//   - reports the voice's first problem (no sound card) once: on stderr,
//     among the screen's notices and on the Voice page; never per utterance.
// Settings: the saved ones, over which --voice and --volume win. With the
// voice off, the sound card is not probed until it is turned on or a query
// is answered (voice/speaker.h; s30-table).
// The players' names (--players, the setup) are said beside their seats, as
// the screen shows them ("Hint for Ann (Red)": session/player_words.h).
// UI thread only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ui/arbiter_menu.h"
#include "ui/kiosk_game.h"
#include "ui/kiosk_options.h"
#include "voice/speaker.h"

namespace tabula::ui {

class KioskVoice {
 public:
  /// `speak` false: no Speaker at all (screenshots), the controls still show.
  KioskVoice(const KioskOptions& options, bool speak);
  /// Speaks through `backend` (tests: a scripted one) instead of espeak-ng.
  KioskVoice(const KioskOptions& options, std::unique_ptr<voice::SpeechBackend> backend);
  ~KioskVoice();

  const voice::SpeakerSettings& settings() const { return settings_; }
  /// Once per loop (see the file comment); `game` may be null (no game yet).
  void update(KioskGame* game, ArbiterMenu& menu, session::Millis kiosk_now);
  /// The Speaker, null without one (tests read what it said).
  const voice::Speaker* speaker() const { return speaker_.get(); }

 private:
  void report(KioskGame* game, const std::string& line);
  void say_again(KioskGame* game);

  std::unique_ptr<voice::Speaker> speaker_;
  voice::SpeakerSettings settings_;
  std::string state_dir_;  // "" : settings are not saved
  std::string status_;
  std::string pending_notice_;  // a problem said on stderr, for the screen once a game is up
  std::vector<std::string> last_said_;  // the game's last batch, as spoken ("Say again")
};

}  // namespace tabula::ui
