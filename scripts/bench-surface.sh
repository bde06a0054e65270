#!/usr/bin/env bash
# The surface benchmark of docs/surface.md, as Markdown tables (ratios from one run):
# 1. scenes/lake.json at 960x540 with 25k, 100k and 400k particles (the same screen coverage),
#    at resolution_scale 0.5 and 1.0: each surface pass, the whole chain, against 25k;
# 2. scenes/surface_peer.json, the setting of the Splash browser demo (40,000 particles at
#    896x503), with each splat and scale, and the filter's cost per iteration.
# Only the surface's passes are timed (the particles' own simulation runs too, and is slow on a
# CPU driver: expect minutes). Extra arguments go to every `liquidfx bench`, e.g. --frames 20.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms of the named surface passes: splat, filter, composite, all.
surface_ms() {
  "$liquidfx" bench "$@" | awk '
    $1 == "surface" && $2 == "splat" { splat = $3 }
    $1 == "surface" && $2 == "filter" { filter = $3 }
    $1 == "surface" && $2 == "composite" { composite = $3 }
    $1 == "surface" && $2 == "(all" { all = $4 }
    END { printf "%.1f %.1f %.1f %.1f\n", splat, filter, composite, all }'
}

echo "$("$liquidfx" bench scenes/surface_peer.json --frames 1 --warmup 0 "$@" | head -1)"
echo
echo "| particles | scale | splat ms | filter ms | composite ms | surface ms | x 25k |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for scale in 0.5 1.0; do
  base=""
  for n in 25000 100000 400000; do
    read -r splat filter composite all < <(surface_ms scenes/lake.json --size 960x540 --frames 3 --warmup 2 \
      --set lake.count=$n --set lake_surface.resolution_scale=$scale "$@")
    base=${base:-$all}
    printf "| %d | %s | %s | %s | %s | %s | %.2f |\n" "$n" "$scale" "$splat" "$filter" "$composite" "$all" \
      "$(awk "BEGIN { print $all / $base }")"
  done
done
echo
echo "| peer setting | splat ms | filter ms | composite ms | surface ms | against 2.19 s |"
echo "|---|---:|---:|---:|---:|---:|"
for setting in "" "splat=raster" "binning=tiles" "binning=scatter" "resolution_scale=1" "filter_iterations=1" \
  "filter_iterations=5"; do
  extra=()
  [ -n "$setting" ] && extra=(--set "peer_surface.$setting")
  read -r splat filter composite all < <(surface_ms scenes/surface_peer.json --frames 8 --warmup 3 "${extra[@]}" "$@")
  printf "| %s | %s | %s | %s | %s | 1/%.0f |\n" "${setting:-defaults}" "$splat" "$filter" "$composite" "$all" \
    "$(awk "BEGIN { print 2190 / $all }")"
done
