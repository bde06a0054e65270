#!/usr/bin/env bash
# The bottle benchmark of docs/bottle.md, as a Markdown table (ratios from one run):
# scenes/bottles_stress.json at 640x360 with 1, 10 and 100 copies of the bottle, every bottle
# pass against the same meshes drawn as plain opaque (reference_pass; the bench draws them once
# more right after the room, as `room tail`: a CPU rasteriser charges the end of the room's
# rasterisation to the first draw after it, which would otherwise be the bottle's). Extra
# arguments go to every `liquidfx bench`, e.g. --frames 20.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms: shadows, surfaces, composite, copy refresh, reference, all bottle passes, room tail.
bottle_ms() {
  "$liquidfx" bench scenes/bottles_stress.json --size 640x360 --set stress.reference_pass=true "$@" | awk '
    $1 == "bottle" && $2 == "shadows" { shadows = $3 }
    $1 == "bottle" && $2 == "surfaces" { surfaces = $3 }
    $1 == "bottle" && $2 == "composite" { composite = $3 }
    $1 == "bottle" && $2 == "copy" { refresh = $4 }
    $1 == "bottle" && $2 == "reference" { reference = $5 }
    $1 == "bottle" && $2 == "(all" { all = $4 }
    $1 == "room" && $2 == "tail" { tail = $5 }
    END { printf "%.1f %.1f %.1f %.1f %.2f %.1f %.1f\n", shadows, surfaces, composite, refresh, reference, all, tail }'
}

# A discarded run first: the first bench after a build measures slower on a shared machine.
"$liquidfx" bench scenes/bottles_stress.json --size 640x360 --warmup 2 "$@" >/dev/null
echo "$("$liquidfx" bench scenes/bottles_stress.json --size 640x360 --frames 1 --warmup 0 | head -1)"
echo
echo "| containers | shadows ms | surfaces ms | composite ms | copy refresh ms | bottle passes ms | reference ms | ratio | room tail ms |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for copies in 1 10 100; do
  read -r shadows surfaces composite refresh reference all tail < <(bottle_ms --set stress.copies=$copies "$@")
  awk -v c="$copies" -v s="$shadows" -v f="$surfaces" -v m="$composite" -v r="$refresh" -v ref="$reference" -v all="$all" -v t="$tail" \
    'BEGIN { printf "| %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.1fx | %.1f |\n", c, s, f, m, r, all - ref, ref, (all - ref) / ref, t }'
done
