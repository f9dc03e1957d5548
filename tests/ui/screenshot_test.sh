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
if [[ "$out_dir" =~ [[:space:]] ]]; then
  echo "FAIL: the output folder '$out_dir' has a blank (the kiosk's --pictures lines split at blanks)"
  exit 1
fi
# One X server for the whole set: starting one costs more than a picture. One
# kiosk process for the whole set too (--pictures: a line of arguments per
# picture; session 12: a process per picture spent ~0.8 s of CPU starting).
# -noreset: the X server must not reset between two pictures (it did when the
# kiosk closed its display, and the next picture then could not open it).
lines=()
for entry in "$@"; do
  read -r -a words <<<"$entry"
  rm -f "$out_dir/${words[0]}.png"
  lines+=("${words[*]:1} --screenshot $out_dir/${words[0]}.png --frames 3 --size $size")
done
printf '%s\n' "${lines[@]}" >"$out_dir/pictures.txt"
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 ${size}x24 -noreset" \
  "$kiosk" --pictures <"$out_dir/pictures.txt" 2>&1 | grep -v "^tabula-kiosk: wrote" || true

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
