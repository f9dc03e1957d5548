#!/usr/bin/env bash
# One screenshot golden test: render a demo with tabula-kiosk under Xvfb,
# then compare the PNG with the committed golden (tolerance in png_compare).
#
# usage: screenshot_test.sh KIOSK PNG_COMPARE GOLDEN OUT KIOSK_ARGS...
# Exit 77 (ctest SKIP) when xvfb-run is not installed.
# TABULA_UPDATE_GOLDEN=1: copy the new rendering over the golden instead
# (look at it before committing).
set -euo pipefail
kiosk=$1 compare=$2 golden=$3 out=$4
shift 4

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (Debian packages xvfb and xauth)"
  exit 77
fi
mkdir -p "$(dirname "$out")"
rm -f "$out"
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$kiosk" "$@" --screenshot "$out" --frames 3 --size 1280x800

if [[ "${TABULA_UPDATE_GOLDEN:-0}" == 1 ]]; then
  mkdir -p "$(dirname "$golden")"
  cp "$out" "$golden"
  echo "updated $golden"
  exit 0
fi
exec "$compare" "$out" "$golden" --diff "${out%.png}.diff.png"
