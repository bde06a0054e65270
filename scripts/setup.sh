#!/usr/bin/env bash
# Installs the Debian packages liquidfx builds and tests with (see DESIGN.md), only those that are
# missing. Idempotent; uses sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  glslc spirv-tools
  libglm-dev libstb-dev libglfw3-dev libimgui-dev libtinygltf-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev libcli11-dev
  clang libclang-rt-14-dev clang-format
  ffmpeg xvfb xauth
  ccache
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
