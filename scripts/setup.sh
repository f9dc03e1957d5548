#!/usr/bin/env bash
# Installs every Debian package Tabula needs to build, run and test, when missing.
# Idempotent: packages already installed are left alone; apt-get runs only when
# something is missing. Works as root or through sudo. Debian 12 and 13.
#
# Usage: scripts/setup.sh [--cross ARCH]
#   --cross arm64: the tools for this machine plus the target's libraries
#   (LIB:arm64) and crossbuild-essential-arm64, for a cross build with
#   scripts/cmake/aarch64-linux-gnu.cmake whose tests run under qemu-user
#   (scripts/chroot_test.sh trixie arm64).
set -euo pipefail

cross=""
if [[ "${1:-}" == "--cross" ]]; then
  cross="${2:?setup: --cross needs an architecture, e.g. arm64}"
elif [[ $# -gt 0 ]]; then
  echo "setup: unknown argument '$1' (usage: scripts/setup.sh [--cross ARCH])" >&2
  exit 2
fi

# Tools that run on this machine.
tools=(
  build-essential cmake ninja-build pkg-config git ccache
  lld  # the linker (CMakeLists.txt, TABULA_USE_LLD): half GNU ld's CPU for the test programs
  file  # CPack's dpkg-shlibdeps step (scripts/package.sh) needs it
  gpiod
  protobuf-compiler
  sqlite3
  openssl  # tests/hub: the TLS broker test makes its certificates with it
  mosquitto mosquitto-clients
  xvfb xauth xdotool
  x11-apps  # xwd: tests/ui/setup_flow_test.sh waits for the page to be drawn anew after each tap
  cage  # the kiosk unit's compositor; tests/ui/platform_test.sh runs the kiosk in it
  pgn-extract
  # The browser page's test (tests/web/page_test.py, issue 34): Debian's
  # chromium driven through chromium-driver by python3-selenium; python3-pil
  # compares its screenshots with the goldens.
  chromium chromium-driver python3-selenium python3-pil
  stockfish  # the strong two-player bot over UCI (tabula match --b uci:/usr/games/stockfish)
  alsa-utils espeak-ng sox  # the voice (docs/VOICE.md): aplay plays it; tests/voice checks its WAV files with sox
)
# Libraries (and data) the programs link or load: of the target architecture.
libs=(
  libgpiod-dev
  libimgui-dev libglfw3-dev libgl-dev libgl1-mesa-dri libstb-dev fonts-dejavu-core
  libprotobuf-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev
  libmosquitto-dev libssl-dev
  libsodium-dev  # boards sign what they publish (Ed25519, issue 28)
  libcpp-httplib-dev  # tabula-hub-web (issue 34)
  libespeak-ng-dev  # the voice (issue 33, arbiter/voice)
)
# Libraries are named with their architecture: once a foreign one is added
# (--cross), the bare name would ask about both.
target=${cross:-$(dpkg --print-architecture)}
packages=("${tools[@]}")
[[ -n "$cross" ]] && packages+=("crossbuild-essential-$cross")
for p in "${libs[@]}"; do
  case "$p" in
    fonts-*) packages+=("$p") ;;  # architecture-independent
    *) packages+=("$p:$target") ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then
    sudo_cmd=(sudo)
  else
    echo "setup: missing packages (${missing[*]}) and not root, no sudo" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
if [[ -n "$cross" ]] && ! dpkg --print-foreign-architectures | grep -qx "$cross"; then
  "${sudo_cmd[@]}" dpkg --add-architecture "$cross"
fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
