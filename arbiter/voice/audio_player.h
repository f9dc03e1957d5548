// audio_player.h — the sound output: raw PCM piped into ALSA's `aplay`
// (alsa-utils), one child process per utterance. On a Raspberry Pi with
// PipeWire, ALSA's default device goes through pipewire-alsa; with plain
// ALSA, to the card. `device` is aplay's -D ("" = the default; "null"
// discards the audio: the latency bench on a machine without a sound card).
//
// Why a process: an utterance is stopped by killing its player, which drops
// the audio it still buffers at once; and a missing or busy sound card is
// aplay's error message, read from its stderr, not ours to guess.
//
//   state      event                         next
//   idle       start()                       playing   (aplay spawned, its stdin a socket)
//   playing    write() ok                    playing
//   playing    write() fails (player died)   idle      the problem: aplay's last stderr line
//   playing    finish()                      draining  (stdin closed; aplay plays the rest)
//   draining   drained() / aplay exits       idle      exit status != 0: the problem
//   any        stop()                        idle      (SIGKILL, reaped)
//
// Owns its child and descriptors (RAII). Not thread-safe: one thread (the
// Speaker's worker). Writes never raise SIGPIPE (a socket, MSG_NOSIGNAL).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <span>
#include <string>

namespace tabula::voice {

class AudioPlayer {
 public:
  AudioPlayer(std::string device, int sample_rate);
  ~AudioPlayer();
  AudioPlayer(const AudioPlayer&) = delete;
  AudioPlayer& operator=(const AudioPlayer&) = delete;

  /// Spawns a player (after the previous one is gone). "" or the problem.
  std::string start();
  /// Hands samples to the player; "" or the problem (the player died).
  std::string write(std::span<const std::int16_t> samples);
  /// No more samples: the player plays what it has and exits.
  void finish();
  /// Waits up to `wait` for the player to exit; true when it has (then
  /// `problem` is "" or why it failed).
  bool drained(std::chrono::milliseconds wait, std::string& problem);
  /// Kills the player at once (an utterance interrupted).
  void stop();
  /// Plays nothing: opens the device and exits (the sound card's check).
  std::string probe();

 private:
  std::string reap(int status);
  std::string stderr_tail();

  std::string device_;
  int rate_;
  pid_t pid_ = -1;
  int in_ = -1;   // the player's stdin (our end)
  int err_ = -1;  // the player's stderr (our end)
};

}  // namespace tabula::voice
