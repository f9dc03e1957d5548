#!/usr/bin/env bash
# The kiosk's display and GL context (issue 16 item 2): without a display it
# says so, naming Wayland and X11; under Xvfb it opens the best context Mesa
# gives (llvmpipe is a GL ES 3.2 device: es3 first), TABULA_GL forces the
# others, a wrong TABULA_GL is refused by name; and with GLFW 3.4 (Debian
# 13), the kiosk renders on Wayland in cage's headless session.
#
# usage: platform_test.sh KIOSK
# Exit 77 (ctest SKIP) without xvfb-run.
set -euo pipefail
kiosk=$1
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (Debian packages xvfb and xauth)"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}
expect_line() {  # FILE PATTERN WHAT
  grep -q -- "$2" "$1" || {
    fail "$3: no line matching '$2' in:"
    sed 's/^/    /' "$1"
  }
}

# No display: exit 2, and the message names both ways to get one.
set +e
env -u DISPLAY -u WAYLAND_DISPLAY "$kiosk" --variant chess --screenshot "$out/none.png" 2>"$out/none.log"
status=$?
set -e
[[ $status == 2 ]] || fail "no display: exit $status, expected 2"
expect_line "$out/none.log" "neither WAYLAND_DISPLAY nor DISPLAY is set" "no display"
expect_line "$out/none.log" "cage (Wayland)" "no display"
expect_line "$out/none.log" "xvfb-run" "no display"
[[ ! -e "$out/none.png" ]] || fail "no display: a picture was written"

# Under Xvfb: each context, and a wrong name.
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 640x400x24" bash -c '
  kiosk=$1 out=$2
  for gl in default es3 gl3 gl2 bogus; do
    if [[ $gl == default ]]; then unset TABULA_GL; else export TABULA_GL=$gl; fi
    "$kiosk" --variant chess --screenshot "$out/$gl.png" --frames 1 --size 640x400 2>"$out/$gl.log"
    echo $? >"$out/$gl.status"
  done' x11 "$kiosk" "$out"
for gl in default es3 gl3 gl2; do
  [[ $(cat "$out/$gl.status") == 0 && -s "$out/$gl.png" ]] || fail "TABULA_GL=$gl: exit $(cat "$out/$gl.status"), picture: $(ls "$out/$gl.png" 2>&1)"
  expect_line "$out/$gl.log" "^tabula-kiosk: GL: .*, GLFW 3\.[0-9]* on X11$" "TABULA_GL=$gl"
done
expect_line "$out/default.log" "GL: OpenGL ES 3\..*ImGui OpenGL3 backend with #version 300 es" "default (es3 first)"
# GLFW 3.4 must not try Wayland where only DISPLAY is set (libwayland would
# complain of XDG_RUNTIME_DIR on every start).
! grep -q "XDG_RUNTIME_DIR" "$out/default.log" || fail "under Xvfb the kiosk tried Wayland: $(grep XDG_RUNTIME_DIR "$out/default.log")"
expect_line "$out/es3.log" "GL: OpenGL ES 3\..*ImGui OpenGL3 backend with #version 300 es" "TABULA_GL=es3"
expect_line "$out/gl3.log" "ImGui OpenGL3 backend with #version 130" "TABULA_GL=gl3"
expect_line "$out/gl2.log" "ImGui OpenGL2 backend" "TABULA_GL=gl2"
[[ $(cat "$out/bogus.status") == 1 ]] || fail "TABULA_GL=bogus: exit $(cat "$out/bogus.status"), expected 1"
expect_line "$out/bogus.log" "TABULA_GL='bogus': expected es3, gl3 or gl2" "TABULA_GL=bogus"

# Wayland: cage (Debian package, in scripts/setup.sh) with wlroots' headless
# backend and its software renderer (no GPU needed); cage sets WAYLAND_DISPLAY
# for the kiosk and exits with it. GLFW 3.3 (Debian 12) has no Wayland: the
# kiosk would go through Xwayland, which this does not prove.
glfw_minor=$(sed -n 's/.*GLFW 3\.\([0-9]*\) on X11$/\1/p' "$out/default.log")
if ! command -v cage >/dev/null 2>&1; then
  echo "cage is not installed: the Wayland part is not run (Debian package cage)"
elif [[ ${glfw_minor:-0} -lt 4 ]]; then
  echo "GLFW 3.${glfw_minor:-?} talks X11 only: the Wayland part is not run"
else
  mkdir -m 0700 "$out/xdg"
  set +e
  env -u DISPLAY -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$out/xdg" WLR_BACKENDS=headless \
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 LIBGL_ALWAYS_SOFTWARE=1 \
    timeout 120 cage -- "$kiosk" --variant chess --screenshot "$out/cage.png" --frames 3 \
    --size 640x400 >"$out/cage.log" 2>&1
  status=$?
  set -e
  [[ $status == 0 && -s "$out/cage.png" ]] || {
    fail "under cage: exit $status, picture: $(ls "$out/cage.png" 2>&1); its log:"
    sed 's/^/    /' "$out/cage.log"
  }
  expect_line "$out/cage.log" "^tabula-kiosk: GL: .*, GLFW 3\.[0-9]* on Wayland$" "under cage"
  grep '^tabula-kiosk: GL:' "$out/cage.log" | sed 's/^/cage: /' || true
fi
grep -h '^tabula-kiosk: GL:' "$out/default.log" | sed 's/^/Xvfb: /' || true
# The README's first command on an 800x480 screen (issue 27 item 7): the
# window fits the screen it finds (it was 1280x800: half the board, no
# buttons); an asked --size is kept.
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 800x480x24" "$kiosk" --variant chesscom-ffa --windowed \
  --screenshot "$out/fit.png" 2>"$out/fit.log" || fail "800x480 screen: the kiosk failed"
size=$(od -An -tu1 -j16 -N8 "$out/fit.png" 2>/dev/null | awk '{printf "%dx%d", $3*256+$4, $7*256+$8}')
[[ $size == 800x480 ]] || fail "800x480 screen: the window is $size, not 800x480"

exit "$failed"
