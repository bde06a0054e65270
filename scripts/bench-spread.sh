#!/usr/bin/env bash
# The spread benchmark of docs/spread.md, as a Markdown table (ratios from one run):
# scenes/spread.json during its first stroke, at 256 and 512 velocity cells with a 1024-cell
# thickness field (the default swept scheme), then each other thickness scheme; then scenes/spread_peer.json, the setting of the WebGL
# fluid peer (1280x720, 128 velocity cells, 1024 dye cells). Per frame, each pass and the whole;
# then a blob at rest against the stirred peer frame;
# then the shade against a plain copy of the frame in the same run (the floor of a full-frame pass);
# last, where the browser benchmark is set up, the WebGL peer itself alternated with ours.
# The last column, the frame's wall time from submission to its end, is the one sure measure on a
# CPU driver such as lavapipe, whose pass timestamps land loosely; the ratios are of it.
# Extra arguments go to every `liquidfx bench`, e.g. --frames 20.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms of the spread passes: velocity, projection, thickness, shade, all; then the frame's
# wall time.
spread_ms() {
  "$liquidfx" bench "$@" | awk '
    $1 == "spread" && $2 == "velocity" { velocity = $3 }
    $1 == "spread" && $2 == "projection" { projection = $3 }
    $1 == "spread" && $2 == "thickness" { thickness = $3 }
    $1 == "spread" && $2 == "shade" { shade = $3 }
    $1 == "spread" && $2 == "(all" { all = $4 }
    $1 == "frame" && $2 == "(submit" { wall = $5 }
    END { printf "%.1f %.1f %.1f %.1f %.1f %.1f\n", velocity, projection, thickness, shade, all, wall }'
}

# A discarded run first: the first bench after a build measures slower on a shared machine.
"$liquidfx" bench scenes/spread.json --frames 6 --warmup 12 --set foundation.thickness_cells=1024 "$@" >/dev/null
echo "$("$liquidfx" bench scenes/spread.json --frames 1 --warmup 0 "$@" | head -1)"
echo
echo "| setting | velocity ms | projection ms | thickness ms | shade ms | spread ms | frame wall ms | x first row |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
base=""
for setting in "cells=256" "cells=512" "cells=256 thickness_scheme=donor_cell" "cells=256 thickness_scheme=muscl" \
  "cells=256 thickness_scheme=semi_lagrangian"; do
  sets=(--set foundation.thickness_cells=1024)
  for s in $setting; do sets+=(--set "foundation.$s"); done
  # Frames 12 to 17: the first stroke is crossing the blob.
  read -r velocity projection thickness shade all wall < <(spread_ms scenes/spread.json --warmup 12 --frames 6 "${sets[@]}" "$@")
  base=${base:-$wall}
  printf "| %s, 1024 thickness cells | %s | %s | %s | %s | %s | %s | %.2f |\n" "$setting" "$velocity" "$projection" \
    "$thickness" "$shade" "$all" "$wall" "$(awk "BEGIN { print $wall / $base }")"
done
read -r velocity projection thickness shade all wall < <(spread_ms scenes/spread_peer.json --warmup 6 --frames 6 "$@")
printf "| spread_peer (1280x720, 128 / 1024 cells) | %s | %s | %s | %s | %s | %s | %.2f |\n" "$velocity" "$projection" \
  "$thickness" "$shade" "$all" "$wall" "$(awk "BEGIN { print $wall / $base }")"

# A blob at rest (scenes/spread.json at the peer's sizes, frames 2 to 7, before its first stroke)
# against the stirred peer frame above: kept whole (the default: nothing moved, so the frame keeps
# its last picture), and drawn anyway (--draw-still-frames: the spread lays its kept shading).
rest_wall() {
  "$liquidfx" bench scenes/spread.json --size 1280x720 --set foundation.thickness_cells=1024 --warmup 2 --frames 6 \
    "$@" | awk '$1 == "frame" && $2 == "(submit" { print $5 }'
}
kept=$(rest_wall "$@")
drawn=$(rest_wall --draw-still-frames "$@")
echo
printf "a blob at rest: %s ms a frame kept, %s ms drawn; %.3fx and %.2fx the stirred spread_peer frame\n" "$kept" \
  "$drawn" "$(awk "BEGIN { print $kept / $wall }")" "$(awk "BEGIN { print $drawn / $wall }")"

# The shade against its floor: a plain copy of the frame, timed in the same run (reference_pass).
read -r shade copy < <("$liquidfx" bench scenes/spread_peer.json --warmup 4 --frames 6 --set peer.reference_pass=true "$@" |
  awk '$1 == "spread" && $2 == "shade" { shade = $3 }
       $1 == "spread" && $2 == "reference" { copy = $5 }
       END { print shade, copy }')
echo
printf "spread_peer shade %s ms against a plain frame copy %s ms: %.1fx\n" "$shade" "$copy" \
  "$(awk "BEGIN { print $shade / $copy }")"

# The WebGL peer in the same sitting, where ../shared/browser-fluid-bench has been set up (its
# setup.sh: Chromium on lavapipe and the peer's page): PEER_RUNS times (4 by default) ours, the
# peer, ours again, the peer's frame against the mean of ours around it (this machine's speed
# swings within minutes, so the two sides of a ratio are taken as close together as they can
# be), and the median ratio. PEERS_WORK as that setup's (default ~/.cache/peers-bench).
harness="${PEERS_WORK:-$HOME/.cache/peers-bench}/harness/measure.mjs"
if [[ -f "$harness" ]] && command -v node >/dev/null; then
  echo
  out=$(mktemp)
  ours_ms() {
    "$liquidfx" bench scenes/spread_peer.json --warmup 6 --frames 20 "$@" | awk '$1 == "frame" && $2 == "(submit" { print $5 }'
  }
  ratios=()
  for ((run = 1; run <= ${PEER_RUNS:-4}; ++run)); do
    before=$(ours_ms "$@")
    node "$harness" --peer pavel --driver lavapipe --frames 60 --out "$out" >/dev/null 2>&1
    peer=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['total_median_ms'])" "$out")
    after=$(ours_ms "$@")
    ratio=$(awk "BEGIN { printf \"%.3f\", ($before + $after) / 2 / $peer }")
    ratios+=("$ratio")
    printf "WebGL peer %s ms a frame, spread_peer %s and %s ms around it: %.2fx\n" "$peer" "$before" "$after" "$ratio"
  done
  printf "median %.2fx the WebGL peer's frame\n" "$(printf "%s\n" "${ratios[@]}" | sort -n |
    awk '{ r[NR] = $1 } END { print (r[int((NR + 1) / 2)] + r[int(NR / 2) + 1]) / 2 }')"
  rm -f "$out"
else
  echo
  echo "(the WebGL peer was not run: set it up with ../shared/browser-fluid-bench/setup.sh, see its README)"
fi
