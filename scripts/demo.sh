#!/usr/bin/env bash
# Set-up, release build, then every scene in scenes/:
#   scripts/demo.sh           a preview: each scene at 320x180, 15 frames a second, at most its
#                             first 4 s, particles coarser (4096; wcmpm's sound at 4 m/s), as
#                             out/preview/<scene>.mp4, and one labelled frame of every scene in
#                             out/preview/contact_sheet.png (under 10 minutes on 2 cores)
#   scripts/demo.sh --full    every frame of every scene at its own size and length as PNGs in
#                             out/<scene>/ and an MP4 (the better part of an hour and ~2 GB on 2 cores)
# Extra arguments go to every `liquidfx render` (they come after the preview's own, so
# --size 640x360 or --seconds 2 override them).
set -euo pipefail
cd "$(dirname "$0")/.."

full=false
if [ "${1:-}" = "--full" ]; then
  full=true
  shift
fi

scripts/setup.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)" --target liquidfx
liquidfx=build/release/apps/liquidfx/liquidfx

start=$SECONDS
scenes=(scenes/*.json)
count=${#scenes[@]}

if $full; then
  for i in "${!scenes[@]}"; do
    scene=${scenes[$i]}
    name=$(basename "$scene" .json)
    echo "demo: [$((i + 1))/$count] $scene -> out/$name/"
    "$liquidfx" render "$scene" --out "out/$name" --mp4 "$@"
  done
  echo "demo: done in $((SECONDS - start)) s; see out/"
  exit 0
fi

preview=out/preview
sheet=$preview/sheet
rm -rf "$sheet"
mkdir -p "$sheet"
font=$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)
for i in "${!scenes[@]}"; do
  scene=${scenes[$i]}
  name=$(basename "$scene" .json)
  scene_start=$SECONDS
  frames=$preview/$name
  rm -rf "$frames"
  # Particles at a preview's resolution too: their cost follows the count and the steps a
  # frame that the particle spacing asks for, not the frame's size (and for a scene on the
  # weakly compressible solver, the speed of sound).
  coarse=()
  if grep -q '"type": *"particles"' "$scene"; then
    coarse=(--set particles.count=4096 --set particles.sound_speed=4)
  fi
  "$liquidfx" render "$scene" --out "$frames" --size 320x180 --fps 15 --max-seconds 4 --mp4 "${coarse[@]}" "$@" \
    2> "$preview/$name.log" || { cat "$preview/$name.log" >&2; exit 1; }
  rm "$preview/$name.log"
  mv "$frames/$name.mp4" "$preview/$name.mp4"
  # One frame (two thirds in, where most scenes are in motion) labelled for the sheet; the
  # other frames go.
  pngs=("$frames"/*.png)
  key=${pngs[$(( ${#pngs[@]} * 2 / 3 ))]}
  label="drawtext=text='$name':x=6:y=6:fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4"
  [ -n "$font" ] && label="$label:fontfile=$font"
  ffmpeg -loglevel error -y -i "$key" -vf "scale=320:180,$label" "$sheet/$(printf '%02d' "$i").png"
  rm -rf "$frames"
  echo "demo: [$((i + 1))/$count] $name: ${#pngs[@]} frames in $((SECONDS - scene_start)) s -> $preview/$name.mp4"
done
columns=5
rows=$(( (count + columns - 1) / columns ))
ffmpeg -loglevel error -y -framerate 1 -i "$sheet/%02d.png" \
  -vf "tile=${columns}x${rows}:padding=4:margin=4:color=0x202020" -frames:v 1 "$preview/contact_sheet.png"
echo "demo: $count scenes in $((SECONDS - start)) s; see $preview/contact_sheet.png and $preview/*.mp4"
echo "demo: scripts/demo.sh --full renders every frame at full size into out/<scene>/"
