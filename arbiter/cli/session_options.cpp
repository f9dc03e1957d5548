#include "cli/session_options.h"

#include <algorithm>

#include "session/clock.h"
#include "variants/variant_loader.h"

namespace tabula::cli {

bool read_session_settings(const Options& o, session::SessionSettings& settings, std::ostream& err) {
  long long settle = settings.tracker.settle.count();
  long long timeout = settings.promotion_timeout.count();
  long long seed = 0;
  long long slide = settings.tracker.settle_slide.count();
  long long rest = settings.tracker.slide_rest.count();
  if (!number_option(o, "settle-ms", 10, 60000, settle, err) ||
      !number_option(o, "settle-slide-ms", 10, 60000, slide, err) ||
      !number_option(o, "slide-rest-ms", 10, 60000, rest, err) ||
      !number_option(o, "promotion-timeout-ms", 0, 3600000, timeout, err) ||
      !number_option(o, "seed", 0, 1LL << 62, seed, err)) {
    return false;
  }
  settings.tracker.settle = session::Millis{settle};
  settings.tracker.settle_prefix = std::max(settings.tracker.settle_prefix, session::Millis{settle});
  settings.tracker.settle_slide = session::Millis{slide};
  settings.tracker.slide_rest = session::Millis{rest};
  if (auto it = o.values.find("sliding"); it != o.values.end()) {
    if (it->second != "on" && it->second != "off") {
      err << "tabula: --sliding must be \"on\" or \"off\", got \"" << it->second << "\"\n";
      return false;
    }
    settings.tracker.sliding = it->second == "on";
  }
  if (auto it = o.values.find("commit-at-once"); it != o.values.end()) {
    if (it->second != "on" && it->second != "off") {
      err << "tabula: --commit-at-once must be \"on\" or \"off\", got \"" << it->second << "\"\n";
      return false;
    }
    settings.tracker.commit_at_once = it->second == "on";
  }
  settings.promotion_timeout = session::Millis{timeout};
  settings.random_seed = static_cast<std::uint64_t>(seed);
  if (auto it = o.values.find("random-moves"); it != o.values.end()) {
    if (it->second != "any" && it->second != "requested") {
      err << "tabula: --random-moves must be \"requested\" or \"any\", got \"" << it->second << "\"\n";
      return false;
    }
    settings.random_moves =
        it->second == "any" ? session::RandomMoves::kAcceptAnyLegal : session::RandomMoves::kRequireRequested;
  }
  if (auto it = o.values.find("clock"); it != o.values.end()) {
    std::string why;
    settings.time_control = session::parse_time_control(it->second, why);
    if (!settings.time_control) {
      err << "tabula: --clock: " << why << "\n";
      return false;
    }
  }
  return true;
}

std::vector<std::shared_ptr<const core::RuleSet>> load_stages(const std::string& id, const std::string& start,
                                                              std::ostream& err) {
  std::string error;
  auto stages = variants::load_stages(id, start, error);
  if (stages.empty()) err << "tabula: " << error;
  return stages;
}

}  // namespace tabula::cli
