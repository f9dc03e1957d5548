#!/usr/bin/env bash
# Screenshot goldens: renders pictures with tabula-kiosk under one Xvfb
# server, then compares each PNG with its committed golden (tolerance in
# png_compare), shrunk by SCALE so the goldens stay small.
#
# usage: screenshot_test.sh KIOSK PNG_COMPARE GOLDEN_DIR OUT_DIR WxH SCALE 'NAME ARGS...'...
# Each picture is one argument: its name, then the kiosk's arguments.
# Exit 77 (ctest SKIP) when xvfb-run is not installed.
# TABULA_UPDATE_GOLDEN=1: write the new renderings over the goldens instead
# (look at them before committing).
set -euo pipefail
kiosk=$1 compare=$2 golden_dir=$3 out_dir=$4 size=$5 scale=$6
shift 6

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (Debian packages xvfb and xauth)"
  exit 77
fi
mkdir -p "$out_dir" "$golden_dir"
# One X server for the whole set: starting one costs more than a picture.
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 ${size}x24" bash -c '
  kiosk=$1 out_dir=$2 size=$3; shift 3
  for entry in "$@"; do
    read -r -a words <<<"$entry"
    name=${words[0]}
    rm -f "$out_dir/$name.png"
    "$kiosk" "${words[@]:1}" --screenshot "$out_dir/$name.png" --frames 3 --size "$size" 2>&1 | grep -v "^tabula-kiosk: wrote" || true
  done' screenshots "$kiosk" "$out_dir" "$size" "$@"

failed=0
for entry in "$@"; do
  name=${entry%% *}
  if [[ ! -f "$out_dir/$name.png" ]]; then
    echo "FAIL $name: the kiosk wrote no picture"
    failed=1
    continue
  fi
  if [[ "${TABULA_UPDATE_GOLDEN:-0}" == 1 ]]; then
    "$compare" "$out_dir/$name.png" "$golden_dir/$name.png" --scale "$scale" --update
    continue
  fi
  if ! "$compare" "$out_dir/$name.png" "$golden_dir/$name.png" --scale "$scale" \
       --diff "$out_dir/$name.diff.png"; then
    echo "FAIL $name ($size): see $out_dir/$name.png against $golden_dir/$name.png"
    failed=1
  fi
done
exit $failed
