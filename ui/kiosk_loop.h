// run_kiosk: the kiosk's composition root -- picks the snapshot source,
// opens the platform, loads fonts and runs the frame loop (or renders the
// screenshot). tabula-kiosk's main() only parses options and calls it.
#pragma once

#include "ui/kiosk_options.h"

namespace tabula::ui {

/// Runs until the window closes (or the screenshot is written). Returns the
/// process exit code: 0 done, 1 failure, 2 usage or environment problem
/// (unknown demo, no display, --board not yet available).
int run_kiosk(const KioskOptions& options);

}  // namespace tabula::ui
