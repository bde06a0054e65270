#!/usr/bin/env bash
# The ripple benchmark of docs/ripples.md: GPU time of binning and shading 8 to 1024 ripples kept
# alive over a 1280x720 picture, spread over the image and all overlapping in one spot, as a
# Markdown table with each cost as a ratio to 8 spread ripples (ratios from one run).
# scenes/ripples_overlap.json is the same scene with every ripple born at the image's centre; the
# no-binning columns are the brute force of every pixel visiting every ripple.
# Extra arguments go to every `liquidfx bench`, e.g. --frames 20.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms of the "ripples bin" and "ripples" passes, summed.
ripple_ms() {
  "$liquidfx" bench "$@" |
    awk '$1 == "ripples" && $2 == "bin" { t += $3 } $1 == "ripples" && $2 ~ /^[0-9.]+$/ { t += $2 } END { printf "%.3f", t }'
}

echo "$("$liquidfx" bench scenes/ripples_stress.json --frames 1 "$@" | head -1)"
echo
echo "| ripples | spread: ms | spread: x 8 | all overlapping: ms | overlapping: x 8 spread | no binning: ms | no binning: x 8 spread |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
base=""
for n in 8 64 256 1024; do
  spread=$(ripple_ms scenes/ripples_stress.json --frames 30 --set ripples.count=$n "$@")
  overlap=$(ripple_ms scenes/ripples_overlap.json --frames 30 --set ripples.count=$n "$@")
  brute=$(ripple_ms scenes/ripples_stress.json --frames 5 --set ripples.count=$n --set ripples.binning=false "$@")
  base=${base:-$spread}
  ratio() { awk "BEGIN { printf \"%.2f\", $1 / $base }"; }
  echo "| $n | $spread | $(ratio "$spread") | $overlap | $(ratio "$overlap") | $brute | $(ratio "$brute") |"
done
