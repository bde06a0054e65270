#!/usr/bin/env bash
# The bottle benchmark of docs/bottle.md, as a Markdown table (ratios from one run each):
# scenes/bottles_stress.json at 640x360 with 1, 10 and 100 copies of the bottle, every bottle
# pass against the same meshes drawn as plain opaque (reference_pass; the bench draws them once
# more right after the room, as `room tail`: a CPU rasteriser charges the end of the room's
# rasterisation to the first draw after it, which would otherwise be the bottle's). Extra
# arguments go to every `liquidfx bench`, e.g. --frames 20.
#
# A shared machine has quick and slow spells of minutes, which weigh on the parallel compute
# passes more than on the reference (docs/bottle.md), so one run's ratio is one sample: the
# script runs the three counts in turn BENCH_ROUNDS times (default 5) and gives, per count, the
# medians of the runs' medians and of their ratios, and the lowest and highest ratio.
set -euo pipefail
source "$(dirname "$0")/release-liquidfx.sh"

# Median ms: shadows, surfaces, composite, copy refresh, reference, all bottle passes, room tail,
# and the CPU's recording of the frame's commands.
bottle_ms() {
  "$liquidfx" bench scenes/bottles_stress.json --size 640x360 --set stress.reference_pass=true "$@" | awk '
    $1 == "bottle" && $2 == "shadows" { shadows = $3 }
    $1 == "bottle" && $2 == "surfaces" { surfaces = $3 }
    $1 == "bottle" && $2 == "composite" { composite = $3 }
    $1 == "bottle" && $2 == "copy" { refresh = $4 }
    $1 == "bottle" && $2 == "reference" { reference = $5 }
    $1 == "bottle" && $2 == "(all" { all = $4 }
    $1 == "room" && $2 == "tail" { tail = $5 }
    $1 == "record" { record = $4 }
    END { printf "%.1f %.1f %.1f %.1f %.2f %.1f %.1f %.2f\n", shadows, surfaces, composite, refresh, reference, all, tail, record }'
}

# A discarded run first: the first bench after a build measures slower on a shared machine.
"$liquidfx" bench scenes/bottles_stress.json --size 640x360 --warmup 2 "$@" >/dev/null
echo "$("$liquidfx" bench scenes/bottles_stress.json --size 640x360 --frames 1 --warmup 0 | head -1)"
rounds=${BENCH_ROUNDS:-5}
samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
for round in $(seq "$rounds"); do
  for copies in 1 10 100; do
    echo "$copies $(bottle_ms --set stress.copies=$copies "$@")" >>"$samples"
  done
  echo "round $round of $rounds done" >&2
done
echo
echo "| containers | shadows ms | surfaces ms | composite ms | copy refresh ms | bottle passes ms | reference ms | ratio | ratio range | room tail ms | CPU record ms |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for copies in 1 10 100; do
  awk -v c="$copies" '
    # A run: copies, shadows, surfaces, composite, refresh, reference, all, room tail, record;
    # then its bottle passes and their ratio to its reference.
    $1 == c { ++n; for (k = 2; k <= 9; ++k) v[k, n] = $k; v[10, n] = $7 - $6; v[11, n] = ($7 - $6) / $6 }
    function sort_column(k,   i, j, t) {  # into s[1..n]
      for (i = 1; i <= n; ++i) s[i] = v[k, i]
      for (i = 2; i <= n; ++i) for (j = i; j > 1 && s[j - 1] > s[j]; --j) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
    }
    function median(k) { sort_column(k); return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2 }
    END {
      ratio = median(11)
      lowest = s[1]
      highest = s[n]
      printf "| %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.1fx | %.1f-%.1fx | %.1f | %.2f |\n", c, median(2),
        median(3), median(4), median(5), median(10), median(6), ratio, lowest, highest, median(8), median(9)
    }' "$samples"
done
