#!/usr/bin/env bash
# Runs every fuzz target (OBJ, glTF, scene, one effect block, viewer script, motion CSV, knob text) for SECONDS each (default 60)
# under AddressSanitizer + UBSan, from the seeds in tests/fuzz/corpus/ (and scenes/) plus what
# earlier runs kept in build/asan/fuzz-corpus/. A crash stops its target and leaves the input in
# build/asan/fuzz-artifacts/: turn it into a regression test, fix, run again.
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scripts/setup.sh >/dev/null
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$(nproc)" --target fuzz_obj fuzz_gltf fuzz_scene fuzz_effects fuzz_script fuzz_motion fuzz_knobs
build=build/asan
status=0
for target in obj gltf scene effects script motion knobs; do
  seeds=(tests/fuzz/corpus/$target)
  [ "$target" = scene ] && seeds+=(scenes)
  mkdir -p "$build/fuzz-corpus/$target" "$build/fuzz-artifacts"
  echo "fuzz: $target for ${seconds}s"
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
      -artifact_prefix="$build/fuzz-artifacts/$target-" -print_final_stats=1 \
      "$build/fuzz-corpus/$target" "${seeds[@]}" 2>"$build/fuzz-$target.log"; then
    echo "fuzz: $target FOUND A PROBLEM (see $build/fuzz-$target.log and $build/fuzz-artifacts/)"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::new_units_added" "$build/fuzz-$target.log" | sed "s/^/fuzz: $target: /"
done
exit $status
