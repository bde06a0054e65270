#!/usr/bin/env bash
# The host-frame benchmark of docs/integration.md, as a Markdown table: each scene's effects at
# 480x270 (examples/host_engine's size) drawn through the CLI path (liquidfx's own frame: the
# backdrop room, the effects, the tonemap) and into a host engine's frame (its colour image in
# RGBA16F, B10G11R11 or RGBA8 sRGB with a D32 depth; no room, no tonemap), one run each in one
# sitting. Columns: the GPU total (median ms), the effects' passes alone (the total less the
# room and the tonemap) and the host frame's total over the CLI path's. Extra arguments go to
# every `liquidfx bench`, e.g. --frames 20.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms: the total, and the room's and the tonemap's passes.
frame_ms() {
  "$liquidfx" bench "$@" | awk '
    $1 == "room" && $2 == "(all" { room = $4 }
    $1 == "tonemap" && $2 == "(all" { tonemap = $4 }
    $1 == "total" { total = $2 }
    END { printf "%.2f %.2f\n", total, total - room - tonemap }'
}

scenes=(scenes/bottle.json scenes/synthetic_lake.json scenes/ripples.json)
# A discarded run first: the first bench after a build measures slower on a shared machine.
"$liquidfx" bench "${scenes[0]}" --size 480x270 --frames 3 --warmup 1 >/dev/null
echo "$("$liquidfx" bench "${scenes[0]}" --size 480x270 --frames 1 --warmup 0 | head -1 | sed "s/, [0-9]*x[0-9]*, .*//")"
echo
echo "| scene | frame | GPU ms | effects' passes ms | over the CLI path |"
echo "|---|---|---|---|---|"
for scene in "${scenes[@]}"; do
  read -r own_total own_effects < <(frame_ms "$scene" --size 480x270 "$@")
  echo "| $(basename "$scene" .json) | CLI path (own frame) | $own_total | $own_effects | 1.00 |"
  for format in rgba16f b10g11r11 rgba8_srgb; do
    read -r total effects < <(frame_ms "$scene" --size 480x270 --host-frame "$format" "$@")
    ratio=$(awk -v a="$total" -v b="$own_total" 'BEGIN { printf "%.2f", a / b }')
    echo "| | host $format + D32 | $total | $effects | $ratio |"
  done
done
