#include "ui/bot_worker.h"

#include <chrono>

#include "engine/search.h"

namespace tabula::ui {

BotWorker::BotWorker(std::string stockfish) : stockfish_(std::move(stockfish)), thread_([this] { run(); }) {}

BotWorker::~BotWorker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t BotWorker::start(BotJob job) {
  std::lock_guard<std::mutex> lock(mutex_);
  job.id = next_id_++;
  if (job.asked == std::chrono::steady_clock::time_point{}) job.asked = std::chrono::steady_clock::now();
  if (running_) stop_ = true;
  pending_ = job;
  done_.reset();
  wake_.notify_all();
  return job.id;
}

void BotWorker::cancel() {
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.reset();
  done_.reset();
  if (running_) stop_ = true;
}

bool BotWorker::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pending_.has_value() || running_.has_value();
}

std::optional<BotJob> BotWorker::current() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pending_ ? pending_ : running_;
}

std::optional<BotResult> BotWorker::take() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<BotResult> out = std::move(done_);
  done_.reset();
  return out;
}

void BotWorker::wait_idle() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [&] { return !pending_ && !running_; });
}

void BotWorker::end_game() {
  std::lock_guard<std::mutex> lock(mutex_);
  end_game_ = true;
  wake_.notify_all();
}

void BotWorker::run() {
  engine::Engine engine(16);
  uci::TableBots table(stockfish_);  // Stockfish's processes: on this thread, ended with it
  for (;;) {
    BotJob job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || end_game_ || pending_.has_value(); });
      if (quit_) return;
      if (end_game_) {
        end_game_ = false;
        lock.unlock();
        table.end_game();
        lock.lock();
        if (!pending_) continue;
      }
      job = *pending_;
      pending_.reset();
      running_ = job;
      stop_ = false;
    }
    const auto began = job.asked;  // (the budget runs from the ask: bot_worker.h)
    session::SearchClock clock;
    clock.elapsed_us = [began] {
      return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - began).count();
    };
    clock.stop = &stop_;
    clock.budget_us = job.budget_us;
    BotResult r;
    r.job = job;
    if (job.task.game) {
      switch (job.kind) {
        case BotJob::Kind::kMove:
          if (std::optional<uci::TableMove> m = table.move(engine, job.task, clock, job.uci_movetime_ms)) {
            r.choice = m->choice;
            r.engine = m->engine;
            r.uci_warning = m->warning;
            r.table_move = m;
          }
          break;
        case BotJob::Kind::kHint:
          r.hint = table.hint(engine, *job.task.game, clock, job.stockfish_hint, r.uci_warning);
          break;
        case BotJob::Kind::kBlunderCheck:
          r.warning = session::blunder_check(engine, *job.task.game, job.played, clock);
          break;
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    running_.reset();
    // A stopped job, or one replaced while it ran, says nothing.
    if (!stop_ && !pending_) done_ = std::move(r);
    stop_ = false;
    idle_.notify_all();
  }
}

}  // namespace tabula::ui
