#!/usr/bin/env bash
# Regenerates the wiring diagrams, pin tables and parts lists in this folder from
# the profiles. Usage: hardware/wiring/regenerate.sh [path/to/tabula-boardd]
# (default build/bin/tabula-boardd). tests/firmware/wiring_docs_test.cpp fails
# when they are stale.
set -euo pipefail
cd "$(dirname "$0")/../.."
boardd=${1:-build/bin/tabula-boardd}
for profile in hardware/profiles/*.textproto; do
  name=$(basename "$profile" .textproto)
  "$boardd" --wiring-svg "$profile" > "hardware/wiring/$name.svg"
  { "$boardd" --pin-table "$profile"; echo; "$boardd" --parts "$profile"; } > "hardware/wiring/$name.md"
  echo "hardware/wiring/$name.{svg,md}"
done
