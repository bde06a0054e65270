#!/usr/bin/env bash
# The one command that builds liquidfx and runs every test:
#   scripts/test.sh             set-up, the format check (scripts/format.sh --check), debug build
#                               (-Og, assertions and validation layers on), all tests; then the
#                               core tests and fuzz targets again under AddressSanitizer + UBSan.
#                               What CI runs.
#   scripts/test.sh --quick     the iteration loop: the format check, build the debug preset, run
#                               the core and gpu labels (not golden, cli, viewer, examples,
#                               install, fuzz).
#   scripts/test.sh --quick ARGS...   the same, with ctest's own arguments instead of the
#                               labels: --quick -L golden, --quick -R Spread, --quick -L 'cli|gpu'.
# Every test has one label: core, gpu, golden, cli, viewer, examples, install (debug) or fuzz
# (asan). Each phase's time is printed as it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
start=$SECONDS
phase_start=$SECONDS

phase_done() {
  echo "test: $1 in $((SECONDS - phase_start)) s"
  phase_start=$SECONDS
}

if [ "${1:-}" = "--quick" ]; then
  shift
  scripts/format.sh --check
  [ -f build/debug/CMakeCache.txt ] || cmake --preset debug
  cmake --build --preset debug -j "$jobs"
  phase_done "debug build"
  if [ $# -eq 0 ]; then
    set -- -L '^(core|gpu)$'
  fi
  ctest --preset debug -j "$jobs" "$@"
  phase_done "tests"
  echo "test: quick loop passed in $((SECONDS - start)) s (scripts/test.sh runs everything)"
  exit 0
fi

scripts/setup.sh
phase_done "set-up"
scripts/format.sh --check

cmake --preset debug
cmake --build --preset debug -j "$jobs"
phase_done "debug build"
ctest --preset debug -j "$jobs"
phase_done "debug tests"

cmake --preset asan
cmake --build --preset asan -j "$jobs"
phase_done "asan build"
ctest --preset asan -j "$jobs"
phase_done "asan tests"

echo "test: all tests passed in $((SECONDS - start)) s"
