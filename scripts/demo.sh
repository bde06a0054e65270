#!/usr/bin/env bash
# Set-up, release build, then renders every scene in scenes/ into out/<scene>/ (PNG frames, and an
# MP4 when ffmpeg is installed). Extra arguments go to every `liquidfx render`, e.g. --size 320x180.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)" --target liquidfx

for scene in scenes/*.json; do
  name=$(basename "$scene" .json)
  echo "demo: rendering $scene -> out/$name/"
  build/release/apps/liquidfx/liquidfx render "$scene" --out "out/$name" --mp4 "$@"
done
echo "demo: done; see out/"
