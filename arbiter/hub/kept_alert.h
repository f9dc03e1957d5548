// kept_alert.h — an alert raised from what a board sent, as the tournament
// record keeps it over a hub's restart (session 29: TournamentRecord::
// keep_alerts / kept_alerts, HubModel::restore_alerts). A board that went
// offline does not send its stream again to a restarted hub, so the alerts
// of its items (an illegal move, a refused action) were never raised again:
// an alert the arbiter had not acknowledged vanished with the restart. Only
// alerts with a key (Alert::key, alike on every hub) are kept; a hub's own
// (bad or forged payloads, items lost at that hub, alerts held back) are
// not. Plain values; no dependencies.
#pragma once

#include <cstdint>
#include <string>

namespace tabula::hub {

struct KeptAlert {
  std::string key;               // Alert::key: "t1/<game>/item/12", never ""
  std::string board;
  std::string kind;              // to_string(AlertKind): "illegal move"
  std::string text;              // as raised (shown safely again when restored)
  std::int64_t raised_wall_ms = 0;
  bool acknowledged = false;
  std::string acknowledged_by;   // the hub whose acknowledgement closed it ("" the hub that kept it)
};

}  // namespace tabula::hub
