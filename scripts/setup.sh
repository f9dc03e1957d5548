#!/usr/bin/env bash
# Installs every Debian package Tabula needs to build, run and test, when missing.
# Idempotent: packages already installed are left alone; apt-get runs only when
# something is missing. Works as root or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libgpiod-dev gpiod
  libimgui-dev libglfw3-dev libgl-dev libgl1-mesa-dri libstb-dev fonts-dejavu-core
  libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev sqlite3
  mosquitto mosquitto-clients libmosquitto-dev libssl-dev
  xvfb xauth
  pgn-extract
)

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
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
