#include "ui/kiosk_game.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "journal/resume.h"
#include "session/player_words.h"
#include "ui/first_boot.h"
#include "ui/session_view.h"
#include "variants/variant_loader.h"

namespace tabula::ui {

std::string journal_archive_name(const std::string& path) {
  std::filesystem::path p(path);
  for (int n = 1;; ++n) {
    std::filesystem::path candidate =
        p.parent_path() / (p.stem().string() + "-" + std::to_string(n) + p.extension().string());
    std::error_code ec;
    if (!std::filesystem::exists(candidate, ec)) return candidate.string();
  }
}

std::error_code move_journal(const std::string& from, const std::string& to) {
  std::error_code ec;
  std::filesystem::rename(from, to, ec);
  if (ec) return ec;
  for (const char* side : {"-wal", "-shm"}) {  // SQLite's side files go along
    std::error_code side_ec;
    if (std::filesystem::exists(from + side, side_ec)) std::filesystem::rename(from + side, to + side, side_ec);
  }
  return ec;
}

namespace {

// "games/club.db" -> "games/club.damaged-1.db", the first name not taken.
std::string damaged_name(const std::string& path) {
  std::filesystem::path p(path);
  for (int n = 1;; ++n) {
    std::filesystem::path candidate =
        p.parent_path() / (p.stem().string() + ".damaged-" + std::to_string(n) + p.extension().string());
    std::error_code ec;
    if (!std::filesystem::exists(candidate, ec)) return candidate.string();
  }
}

// The seats a draw offer asks: those still in play but the offerer's, in seat order.
std::vector<core::Seat> asked_to_draw(const core::Game& game, SeatIndex offerer) {
  std::vector<core::Seat> asked;
  for (int i = 0; i < game.rules().seat_count(); ++i) {
    if (i != offerer.value && game.status(core::seat_at(i)) == core::SeatStatus::kLive)
      asked.push_back(core::seat_at(i));
  }
  return asked;
}

}  // namespace

std::unique_ptr<KioskGame> KioskGame::create(const KioskGameOptions& options, session::Millis now,
                                               std::string& error) {
  std::unique_ptr<KioskGame> sim(new KioskGame());
  if (!sim->start(options, now, error)) return nullptr;
  return sim;
}

bool KioskGame::start(const KioskGameOptions& options, session::Millis now, std::string& error) {
  options_ = options;
  publisher_.reset();
  journal_.reset();
  journal_error_.clear();
  resumed_ = false;
  hand_.reset();
  unwritten_.clear();
  held_said_ = false;
  accepted_.clear();
  dirty_ = true;
  last_now_ = now;
  std::error_code ec;
  if (options.journal && std::filesystem::exists(*options.journal, ec)) {
    // Resume: the journal says which game; it must be the variant asked for
    // (an empty variant takes the journal's).
    journal::Journal j;
    journal::JournalContents contents;
    journal::JournalStatus st = journal::Journal::open(*options.journal, journal::Journal::Access::kAppend, j);
    if (st.ok()) st = j.load(contents);
    if (!st.ok()) {
      // Only a file that is no usable journal is set aside; one that is
      // held by another process, cannot be written here or met an I/O
      // error is a journal to resume once that is mended: said, not moved.
      using E = journal::JournalError;
      const bool unusable = st.error == E::kCorrupt || st.error == E::kNotSqlite || st.error == E::kForeign ||
                            st.error == E::kVersion;
      if (options.set_aside && unusable) {
        j = journal::Journal();  // closed before the rename
        return start_aside(options, now, damaged_name(*options.journal), "is damaged (" + st.message + ")", error);
      }
      error = st.message;
      return false;
    }
    if (!options.variant.empty() && contents.header.variant != options.variant && options.set_aside) {
      j = journal::Journal();
      return start_aside(options, now, journal_archive_name(*options.journal), "holds a game of " + contents.header.variant,
                         error);
    }
    if (!options.variant.empty() && contents.header.variant != options.variant) {
      error = *options.journal + ": this journal is a game of " + contents.header.variant + ", not " +
              options.variant + "; it is left as it is (start without --variant to resume it)";
      return false;
    }
    options_.variant = contents.header.variant;
    // A resumed game keeps its journal's clock and names (as `tabula play`
    // does, docs/JOURNAL.md); options that say otherwise are not used, and
    // the table hears so (the appliance comes up: it does not refuse).
    const std::optional<session::TimeControl> kept_clock = contents.header.settings().time_control;
    if (options.time_control && options.time_control != kept_clock) {
      add_notice("this game keeps its journal's clock (" +
                 (kept_clock ? session::describe(*kept_clock) : std::string("none")) + "); the clock " +
                 session::describe(*options.time_control) + " given is not used");
    }
    auto names = [](const std::vector<std::string>& v) {
      std::string out;
      for (const std::string& n : v) out += (out.empty() ? "" : ", ") + n;
      return out;
    };
    if (!contents.header.players.empty() && !options_.players.empty() && options_.players != contents.header.players) {
      add_notice("this game keeps its journal's players (" + names(contents.header.players) + "); " +
                 names(options_.players) + " given are not used");
    }
    if (!contents.header.players.empty() || options_.players.empty()) options_.players = contents.header.players;
    stages_ = variants::load_stages(contents.header.variant, contents.header.start_name, error);
    if (stages_.empty()) return false;
    journal::Resumed r = journal::resume(contents, *options.journal, stages_);
    if (!r.session && options.set_aside) {
      j = journal::Journal();
      return start_aside(options, now, damaged_name(*options.journal), "cannot be resumed (" + r.error + ")", error);
    }
    if (!r.session) {
      error = r.error;
      return false;
    }
    session_ = std::make_unique<session::Session>(std::move(*r.session));
    journal_.emplace(std::move(j));
    journal_->set_busy_timeout(static_cast<int>(kJournalWait.count()));  // session 23: a frame does not wait on it
    // The journal's -wal file was missing or damaged (issue 28 item 8): the
    // game goes on from what the file holds; the table hears it once.
    if (!journal_->wal_warning().empty()) {
      std::fprintf(stderr, "tabula-kiosk: %s\n", journal_->wal_warning().c_str());
      add_journal_notice("Journal warning",
                         journal_->wal_warning() +
                             ".\n\nWhat to do: the game goes on from what the journal holds. Check that the pieces "
                             "stand as the screen shows them (Arbiter, Board, Check the board); a move made after "
                             "that is not in the game: play it again. Keep the journal file for the arbiter's "
                             "report.");
    }
    // The journal's rulings rows differ from what its inputs give (edited,
    // or written by another version; session 14 re-derives them): the
    // arbiter hears it once, naming the first differing row, and the
    // rulings given now are the ones shown and published.
    if (!r.rulings_warning.empty()) {
      std::fprintf(stderr, "tabula-kiosk: warning: %s\n", r.rulings_warning.c_str());
      add_journal_notice("Rulings re-derived",
                         r.rulings_warning +
                             ".\n\nWhat to do: nothing for the game, which goes on as its moves give. The "
                             "journal's rows were changed after they were written: keep the journal file for the "
                             "arbiter's report and ask who had it.");
    }
    // The hub's catch-up publishes the rulings the replay gives (session 14).
    if (options.publish && !start_publishing(journal::with_derived_rulings(contents, r), error)) return false;
    offset_ = r.last_input_time - now;
    // The virtual board holds what the sensors last reported.
    physical_ = session_->tracker().board().cells();
    resumed_ = true;
    if (session_->clock() && session_->clock()->state() == session::GameClock::State::kRunning) {
      add_notice("resumed after a restart: the clocks go on as they stood at the last journaled instant (at most " +
                 std::to_string(kClockInstant.count() / 1000) +
                 " s before the power went off); the time the kiosk was off is not charged");
    }
    // The arbiter's switches as the journal last said them (issue 33 item 3).
    if (contents.header.hints) options_.hints = *contents.header.hints;
    if (contents.header.blunder_check) options_.blunder_check = *contents.header.blunder_check;
    // Who plays: a journal that records the arbiter's switches (every kiosk
    // game since issue 33 item 3) says it, as the arbiter may have changed it
    // during the game (issue 33 item 1); an older one: the options, or its row.
    const bool journal_says = contents.header.hints.has_value();
    // s17-club: `scripts/run.sh --bots Green=2` on a journaled game resumed it
    // with its own bots (none) and said nothing; the table hears it, as for
    // the clock and the players.
    if (journal_says && !options_.bots.empty()) {
      const core::RuleSet& rules = session_->game().rules();
      const core::Result<session::BotSeats> given = session::parse_bot_seats(options_.bots, rules);
      const core::Result<session::BotSeats> kept = session::parse_bot_seats(contents.header.bots, rules);
      if (!given.ok() || !kept.ok() || given.value() != kept.value()) {
        add_notice("this game keeps its journal's bots (" +
                   (contents.header.bots.empty() ? std::string("none") : contents.header.bots) + "); --bots " +
                   options_.bots + " given is not used (Players, \"Who plays\" changes them)");
      }
    }
    if (!start_bots(journal_says || options_.bots.empty() ? contents.header.bots : options_.bots, error)) return false;
    resume_stockfish(r);
    return true;
  }
  if (options.variant.empty()) {
    error = "no variant to play (give --variant ID, or --journal FILE of a game to resume)";
    return false;
  }
  stages_ = variants::load_stages(options.variant, "", error);
  if (stages_.empty()) return false;
  const core::RuleSet& rules = *stages_.front();
  journal::JournalHeader h;
  h.variant = options.variant;
  h.start_position = rules.start_fen;
  std::optional<core::Position> start = journal::start_position(h, rules, error);
  if (!start) {
    error = "the start position of " + options.variant + " is broken: " + error;
    return false;
  }
  session::SessionSettings settings;
  settings.time_control = options.time_control;
  session_ = std::make_unique<session::Session>(stages_, *start, settings);
  offset_ = -now;
  physical_.reset();
  if (!start_bots(options.bots, error)) return false;
  h.bots = options_.bots;
  h.hints = options_.hints;
  h.blunder_check = options_.blunder_check;
  if (options.journal) {
    h.set_settings(settings);
    h.created = journal::utc_timestamp();
    h.players = options.players;
    h.site = "Tabula kiosk";
    journal::Journal j;
    journal::JournalStatus st = journal::Journal::create(*options.journal, h, j);
    if (!st.ok()) {
      error = st.message;
      return false;
    }
    journal_.emplace(std::move(j));
    journal_->set_busy_timeout(static_cast<int>(kJournalWait.count()));  // session 23: a frame does not wait on it
  }
  if (options.publish) {
    if (!options.journal) {
      error = "publishing to the hub needs --journal FILE (the outbox lives in the journal)";
      return false;
    }
    journal::JournalContents contents;
    contents.header = h;
    if (!start_publishing(contents, error)) return false;
  }
  if (options.virtual_board) {
    // The start position stands on the virtual board: one snapshot of the reeds.
    session::BoardSnapshot snap;
    snap.time = session_time(now);
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (!start->at(static_cast<core::Square>(i)).empty()) {
        for (core::Square cell : rules.geometry.cells_of(static_cast<core::Square>(i)))
          snap.cells.set(core::index_of(cell));
      }
    }
    physical_ = snap.cells;
    feed(session::Input{snap});
  }
  return true;
}

bool KioskGame::start_aside(KioskGameOptions options, session::Millis now, const std::string& keep,
                             const std::string& why, std::string& error) {
  const std::string path = *options.journal;
  if (const std::error_code ec = move_journal(path, keep)) {
    error = path + " " + why + ", and it cannot be moved to " + keep + ": " + ec.message();
    return false;
  }
  options.set_aside = false;
  if (options.variant.empty()) options.variant = options.fallback_variant;
  if (!start(options, now, error)) return false;
  const std::string line = path + " " + why + ": it is kept as " + keep + " and a new game of " + options.variant +
                           " starts";
  std::fprintf(stderr, "tabula-kiosk: %s\n", line.c_str());
  add_journal_notice("Journal set aside",
                     line + ".\n\nWhat to do: set the board up for the new game. The earlier game is not lost: "
                            "its moves can be read from " + keep + " (tabula replay, tabula archive).");
  return true;
}

session::Output KioskGame::feed(const session::Input& in) {
  fed_ = true;
  session::Output out;
  if (!unwritten_.empty()) {
    // Behind inputs that wait for the journal: after them, in order.
    if (unwritten_.size() < kMaxUnwritten) {
      unwritten_.push_back(in);
      return out;
    }
    journal_error_ = "the journal is held by another connection and " + std::to_string(kMaxUnwritten) +
                     " inputs wait for it: the last input is not taken; the screen shows what is journaled";
    write_failed_ = true;
    fed_ = false;
    dirty_ = true;
    return out;
  }
  switch (take(in, out)) {
    case Taken::kYes: break;
    case Taken::kHeld:
      unwritten_.push_back(in);
      unwritten_since_ = last_now_;
      break;
    case Taken::kRefused: fed_ = false; break;
  }
  return out;
}

KioskGame::Taken KioskGame::take(const session::Input& in, session::Output& out) {
  // Nothing shown is ever lost (issue 28 item 7): an input whose journal
  // write fails is not taken; the session goes back to what is journaled
  // and the screen says so.
  std::optional<session::Session> before;
  if (journal_) before.emplace(*session_);
  out = session_->handle(in);
  if (journal_) {
    // Written (and fsynced) before anything of it is shown.
    journal::JournalStatus st = journal_->record(in, out, journal::wall_clock_ms());
    if (!st.ok()) {
      *session_ = std::move(*before);
      out = {};
      // Session 23: another connection holds the write lock (past
      // kJournalWait): the input waits and is tried again next frame.
      if (st.held) {
        held_message_ = st.message;
        return Taken::kHeld;
      }
      journal_error_ = "the journal could not be written (" + st.message +
                       "): the last input is not taken; the screen shows what is journaled";
      write_failed_ = true;
      held_said_ = false;
      if (publisher_) publisher_->set_not_recording(st.message);  // the hubs show it (session 20)
      dirty_ = true;
      return Taken::kRefused;
    }
    if (write_failed_) {  // written again: the fault leaves the headline, a note stays
      write_failed_ = false;
      journal_error_.clear();
      if (publisher_) publisher_->set_not_recording("");
      add_notice(held_said_ ? "the journal is written again; the inputs that waited for it are taken, in order"
                            : "the journal is written again; what it could not write was not taken");
      held_said_ = false;
    }
    std::string e;
    if (publisher_ && !publisher_->on_recorded(journal_->inputs_recorded(), out, *session_, e))
      add_notice("hub: " + e);
  }
  for (const session::AcceptedMove& m : out.moves) accepted_.push_back(m);
  said_.append(out);
  if (!out.moves.empty() && draw_offer_) draw_offer_.reset();  // a move answers an offer: declined
  dirty_ = true;
  return Taken::kYes;
}

void KioskGame::write_unwritten(session::Millis now) {
  while (!unwritten_.empty()) {
    session::Output out;
    const Taken t = take(unwritten_.front(), out);
    if (t == Taken::kHeld) break;
    unwritten_.pop_front();  // taken, or refused for good (said as any input's failure)
    unwritten_since_ = now;  // the next one waits from now
  }
  if (unwritten_.empty() || (!held_said_ && now - unwritten_since_ < kHeldSaid)) return;
  // Said, and kept up to date while they wait.
  // Session 24: and that they are in memory only. They were never shown
  // nor ruled; the board itself still holds the pieces. Kept in a side file
  // they would be ruled at the restart, unseen at their time, from a second
  // record written while the journal could not be: the arbiter is told
  // instead (docs/kiosk.md).
  std::string said = "the journal could not be written (" + held_message_ + "): " +
                     std::to_string(unwritten_.size()) +
                     (unwritten_.size() == 1 ? " input waits for it and is taken"
                                             : " inputs wait for it and are taken, in order,") +
                     " as soon as it is written; the screen shows what is journaled. " +
                     (unwritten_.size() == 1 ? "It is" : "They are") +
                     " in memory only: a power cut before then loses " + (unwritten_.size() == 1 ? "it" : "them") +
                     " (the kiosk comes back at what is journaled; the pieces stay where they were put)";
  if (said == journal_error_) return;
  journal_error_ = std::move(said);
  write_failed_ = true;
  if (!held_said_ && publisher_) publisher_->set_not_recording(held_message_);  // the hubs show it (session 20)
  held_said_ = true;
  dirty_ = true;
}

bool KioskGame::unwritten_refuse(const std::string& what) {
  if (unwritten_.empty()) return false;
  add_notice(what + " waits: " + std::to_string(unwritten_.size()) +
             (unwritten_.size() == 1 ? " input is" : " inputs are") +
             " not yet journaled (another connection holds the journal)");
  return true;
}

void KioskGame::add_journal_notice(std::string title, std::string text) {
  journal_notices_.push_back({std::move(title), std::move(text)});
  dirty_ = true;
}

void KioskGame::add_notice(std::string line) {
  notices_.push_back(std::move(line));
  if (notices_.size() > 5) notices_.erase(notices_.begin());
  dirty_ = true;
}

std::vector<session::AcceptedMove> KioskGame::take_accepted() {
  std::vector<session::AcceptedMove> out;
  out.swap(accepted_);
  return out;
}

session::Output KioskGame::take_said() {
  session::Output out;
  std::swap(out, said_);
  return out;
}

const KioskView& KioskGame::view(session::Millis now) {
  last_now_ = std::max(last_now_, now);
  if (dirty_) {
    snapshot_.emplace(session_->snapshot());
    view_ = view_of(*snapshot_, session_->game().rules());
    // A move still being made is not undone (issue 27 item 8): what is left
    // to finish it, or nothing while several moves are open.
    if (snapshot_->phase == session::Phase::kPlay && snapshot_->tracker == inference::TrackerState::kMoving &&
        !view_.fixes.empty()) {
      if (auto steps = finishing_steps(session_->game(), session_->tracker().board().cells())) view_.fixes = *steps;
    }
    if (variants_.empty()) {
      for (const std::string& id : variants::list_ids()) {
        variants::LoadResult r = variants::load_id(id);
        if (r.ok()) variants_.push_back(VariantChoice{id, r.rules->name});
      }
    }
    view_.variants = variants_;
    view_.hints = bots_ && bots_->options().hints;
    view_.blunder_check = bots_ && bots_->options().blunder_check;
    view_.bots = options_.bots;
    view_.stockfish_steps = stockfish_steps_;
    view_.variant_id = options_.variant;
    // Who sits where (--players, or the journal's names on a resume). A
    // bot's seat nobody named says so, with its level, so the table knows
    // from the start which seat no hand at it plays ("bot, level 2 (Green)
    // to move"; s16-club: it read "Green", like an unnamed person's).
    for (std::size_t i = 0; i < view_.seats.size(); ++i) {
      if (i < options_.players.size()) view_.seats[i].player = options_.players[i];
      if (!view_.seats[i].player.empty() || !bots_) continue;
      if (const session::BotSeat* b = bots_->options().seats.find(core::seat_at(static_cast<int>(i))))
        view_.seats[i].player = "bot, " + session::level_name(*b);
    }
    // The result names the players as the ledger does, "Ann (Red)" (s29-newuser).
    if (!view_.result.empty()) {
      view_.result = result_of(*snapshot_, session_->game().rules(), [&](int i) {
        const SeatView& seat = view_.seats[static_cast<std::size_t>(i)];
        return seat.player.empty() ? seat.name : seat.player + " (" + seat.name + ")";
      });
    }
    name_players(view_, session_->game().rules(), options_.players);  // s30-table: "Hint for Ann (Red)"
    for (const std::string& n : notices_) view_.ruling_history.push_back(RulingView{Severity::kWarning, n});
    view_.hub = hub_line_;
    if (view_.dialog && std::find(acknowledged_.begin(), acknowledged_.end(), view_.dialog->id) != acknowledged_.end())
      view_.dialog.reset();
    if (!journal_notices_.empty() && !view_.dialog) {
      DialogView d;
      d.id = notice_id_;
      d.kind = DialogKind::kNotice;
      d.title = journal_notices_.front().title;
      d.prompt = journal_notices_.front().text;
      d.options = {{"Understood", std::nullopt}};
      view_.dialog = d;
    }
    if (draw_offer_ && !view_.dialog && !session_->game().outcome().over) {
      DialogView d;
      d.id = draw_offer_id_;
      d.kind = DialogKind::kDrawOffer;
      const core::Game& game = session_->game();
      const int seats = game.rules().seat_count();
      d.seat = SeatIndex{(draw_offer_->value + 1) % seats};
      d.title = "draw offer";
      // s31-hall: the players named ("Ann (White) offers a draw: Bob (Black), do you agree?").
      d.prompt = session::draw_offer_prompt(game.rules(), core::seat_at(draw_offer_->value),
                                            asked_to_draw(game, *draw_offer_), options_.players);
      d.options = {{"Accept the draw", std::nullopt}, {"Decline", std::nullopt}};
      view_.dialog = d;
    }
    if (!journal_error_.empty()) {
      view_.ruling_history.push_back(view_.ruling.value_or(RulingView{}));
      view_.ruling = RulingView{Severity::kIllegal, journal_error_, "JOURNAL"};
    }
    dirty_ = false;
  }
  // The clocks run between inputs: the time left at this frame.
  view_.clocks = clocks_of(*snapshot_, std::max(session_time(now), snapshot_->time));
  return view_;
}

std::string KioskGame::send(core::Square q, bool occupied, session::Millis now) {
  physical_.set(core::index_of(q), occupied);
  feed(session::Input{session::SquareEvent{session_time(now), q, occupied}});
  if (!fed_) physical_.set(core::index_of(q), !occupied);  // not taken: the virtual board stays as journaled
  return std::to_string(session_time(now).count()) + " " + session_->game().rules().geometry.name(q) +
         (occupied ? " down" : " up");
}

void KioskGame::feed_board(const session::Input& in, session::Millis now) {
  tick(now);
  feed(in);
}

void KioskGame::restart(KioskGameOptions options, session::Millis now) {
  std::string error;
  KioskGame fresh;
  if (!fresh.start(options, now, error)) {
    // The game on screen goes on; the arbiter is told why.
    journal_error_ = error;
    dirty_ = true;
    return;
  }
  *this = std::move(fresh);
}

void KioskGame::new_game(const NewGame& game, session::Millis now) {
  if (unwritten_refuse("the new game")) return;
  KioskGameOptions next = options_;
  next.variant = game.variant_id;
  if (!game.time_control.empty()) {
    std::string why;
    next.time_control = session::parse_time_control(game.time_control, why);
    if (!next.time_control) {
      add_notice("new game refused: " + why);  // the game on screen goes on
      return;
    }
  } else {
    next.time_control.reset();
  }
  next.players = split_players(game.players);
  // Issue 33: the bot seats stay for another game of the same variant; for
  // another variant they come from the players' names ("bot 3").
  if (next.variant != options_.variant) next.bots.clear();
  if (options_.journal) {
    // The finished (or abandoned) game keeps its journal under a new name.
    std::string keep = journal_archive_name(*options_.journal);
    journal_.reset();  // closes the file (and checkpoints its WAL) before the rename
    std::error_code ec;
    std::filesystem::rename(*options_.journal, keep, ec);
    if (ec) {
      journal_error_ = "a new game needs " + *options_.journal + " moved to " + keep + ": " + ec.message();
      restart(options_, now);  // reopen and go on with the current game
      return;
    }
  }
  restart(next, now);
}

std::vector<std::string> KioskGame::apply(const Intent& intent, session::Millis now) {
  std::vector<std::string> lines;
  tick(now);
  const core::Geometry& geometry = session_->game().rules().geometry;
  if (const auto* click = std::get_if<SquareClicked>(&intent)) {
    if (!options_.virtual_board) return lines;  // the real board's sensors speak for it
    core::Square q = square_of(click->cell);
    if (!geometry.playable(q)) return lines;
    // A merged (corner) square: its first cell stands for the four sensors.
    core::Square cell = geometry.cells_of(geometry.anchor(q)).front();
    bool occupied = false;
    for (core::Square c : geometry.cells_of(geometry.anchor(q))) occupied = occupied || physical_[core::index_of(c)];
    if (!hand_) {
      if (occupied) {
        for (core::Square c : geometry.cells_of(geometry.anchor(q))) {
          if (physical_[core::index_of(c)]) lines.push_back(send(c, false, now));
        }
        if (fed_) hand_ = cell;  // a lift not journaled leaves the piece where it stood
      } else if (session_->snapshot().lifted.test(static_cast<std::size_t>(core::index_of(cell)))) {
        // The session wants a piece here that no square holds (a captured
        // piece after a takeback, a piece to set up): the hand takes it
        // from the box beside the board (issue 18: a dead end before).
        lines.push_back(send(cell, true, now));
      }
    } else if (click->modifier == ClickModifier::kSlide) {
      hand_.reset();  // the piece in the hand leaves the board
    } else {
      if (occupied && cell != *hand_) {
        for (core::Square c : geometry.cells_of(geometry.anchor(q))) {
          if (physical_[core::index_of(c)]) lines.push_back(send(c, false, now));
        }
      }
      lines.push_back(send(cell, true, now));
      hand_.reset();
    }
    return lines;
  }
  if (const auto* g = std::get_if<NewGame>(&intent)) {
    new_game(*g, now);
    return lines;
  }
  if (std::get_if<ResumeJournal>(&intent)) {
    if (unwritten_refuse("resuming the journal")) return lines;
    if (!options_.journal) {
      journal_error_ = "there is no journal to resume (start the kiosk with --journal FILE)";
      dirty_ = true;
      return lines;
    }
    KioskGameOptions again = options_;
    again.variant.clear();  // whatever game the journal holds
    restart(again, now);    // on failure the game on screen goes on, journaled as before
    return lines;
  }
  session::Intent in;
  in.time = session_time(now);
  if (const auto* a = std::get_if<DialogAnswered>(&intent);
      a && !journal_notices_.empty() && a->dialog_id == notice_id_) {
    // Heard once: it stays among the notices, not as a dialog.
    add_notice(journal_notices_.front().title + ": " +
               journal_notices_.front().text.substr(0, journal_notices_.front().text.find("\n\n")));
    journal_notices_.erase(journal_notices_.begin());
    ++notice_id_;
    return lines;
  }
  if (const auto* a = std::get_if<DialogAnswered>(&intent); a && draw_offer_ && a->dialog_id == draw_offer_id_) {
    const std::string who =
        session::seat_with_player(session_->game().rules(), core::seat_at(draw_offer_->value), options_.players);
    draw_offer_.reset();
    dirty_ = true;
    if (a->option != 0) {
      add_notice("the draw offered by " + who + " is declined");
      return lines;
    }
    in.kind = session::IntentKind::kAgreeDraw;
    feed(session::Input{in});
    return lines;
  }
  if (const auto* a = std::get_if<DialogAnswered>(&intent)) {
    // An instruction (the random mover's move) is only acknowledged: the
    // board itself answers it when the move is played.
    for (const session::Request& r : session_->requests()) {
      if (r.id == a->dialog_id && r.options.empty()) {
        acknowledged_.push_back(r.id);
        dirty_ = true;
        return lines;
      }
    }
    in.kind = session::IntentKind::kAnswer;
    in.request = a->dialog_id;
    in.option = a->option;
  } else if (const auto* r = std::get_if<Resign>(&intent)) {
    in.kind = session::IntentKind::kResign;
    in.seat = core::seat_at(r->seat.value);
  } else if (std::holds_alternative<AskHint>(intent)) {
    ask_hint();  // issue 33 (ui/kiosk_game_bots.cpp)
    return lines;
  } else if (const auto* advice = std::get_if<SetAdvice>(&intent)) {
    set_advice(*advice);  // issue 33 item 3 (ui/kiosk_game_bots.cpp)
    return lines;
  } else if (const auto* change = std::get_if<SetBots>(&intent)) {
    set_bots(*change);  // issue 33 item 1 (ui/kiosk_game_bots.cpp)
    return lines;
  } else if (const auto* c = std::get_if<ClaimDraw>(&intent)) {
    in.kind = session::IntentKind::kClaimDraw;
    in.seat = core::seat_at(c->seat.value);
  } else if (const auto* t = std::get_if<TakeBack>(&intent)) {
    in.kind = session::IntentKind::kTakeback;
    in.count = t->plies;
  } else if (const auto* offer = std::get_if<OfferDraw>(&intent)) {
    // The other players answer on the screen (FIDE 9.1: an offer stands until
    // answered; here until answered or the next move).
    draw_offer_ = offer->seat;
    draw_offer_id_ = 0x80000000U + static_cast<std::uint32_t>(session_->moves().size());
    dirty_ = true;
    // s31-hall: said aloud too, by seat (the voice names the players, as in all it says).
    const core::Game& game = session_->game();
    const bool named = std::any_of(options_.players.begin(), options_.players.end(),
                                   [](const std::string& p) { return !p.empty(); });
    session::Ruling said;
    said.kind = session::RulingKind::kRequest;
    said.severity = core::Severity::kInfo;
    said.text = session::draw_offer_words(game.rules(), core::seat_at(offer->seat.value),
                                          asked_to_draw(game, offer->seat), named);
    said_.rulings.push_back(std::move(said));
    return lines;
  } else if (const auto* adj = std::get_if<Adjudicate>(&intent)) {
    in.kind = session::IntentKind::kAdjudicate;
    in.force = !adj->winner.has_value();
    if (adj->winner) in.seat = core::seat_at(adj->winner->value);
  } else if (const auto* p = std::get_if<SetPosition>(&intent)) {
    in.kind = session::IntentKind::kSetPosition;
    in.text = p->position;
    if (in.text.empty()) {
      in.kind = session::IntentKind::kVerifyBoard;  // "adopt the board": check it against the game
    }
  } else if (const auto* clock_command = std::get_if<ClockCommand>(&intent)) {
    in.kind = clock_command->stop ? session::IntentKind::kPauseClock : session::IntentKind::kResumeClock;
  } else {
    return lines;  // a flag seen by a kiosk clock: the session's own clock decides
  }
  feed(session::Input{in});
  return lines;
}

void KioskGame::tick(session::Millis now) {
  last_now_ = std::max(last_now_, now);
  write_unwritten(now);  // session 23: what waited for the journal first, in order
  apply_hub_actions();
  watch_hub(now);
  // The session acts at each of its deadlines; each is journaled as a tick
  // at that time, so a resume acts at the same moments.
  for (int guard = 0; guard < 64 && unwritten_.empty(); ++guard) {
    std::optional<session::Millis> d = session_->next_deadline();
    if (!d || *d > session_time(now)) break;
    feed(session::Input{session::Tick{std::max(*d, session_->now())}});
    // Not journaled (session 22): the deadline stays, and each try waited
    // out SQLite's busy timeout (2 s): 64 tries froze the frame for two
    // minutes while another connection held the journal. The next frame
    // tries again (session 23: a held journal's tick waits, in unwritten_).
    if (!fed_) break;
  }
  // While a clock runs, an instant is journaled each kClockInstant, so a
  // power cut gives back at most that much thinking time (issue 27 item 5:
  // a resume went on from the last move's time, Green's 9:10 became 9:59).
  const std::optional<session::GameClock>& clock = session_->clock();
  if (journal_ && unwritten_.empty() && clock && clock->state() == session::GameClock::State::kRunning &&
      session_time(now) - session_->now() >= kClockInstant) {
    feed(session::Input{session::Tick{session_time(now)}});
  }
  // Issue 33: a bot's move or advice, searched off the frame loop (not while
  // inputs wait: the session is not yet where they take it).
  if (unwritten_.empty()) poll_bots(now);
}

}  // namespace tabula::ui
