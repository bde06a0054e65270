#!/usr/bin/env bash
# Replaces the golden images in tests/golden/ with what the code renders now. Run it only after
# looking at the new images (a failing golden test writes them to build/debug/test-output/), and
# look at every changed PNG again before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:-*Golden*}

cmake --preset debug >/dev/null
cmake --build --preset debug -j "$(nproc)" --target gpu_tests
LIQUIDFX_BLESS=1 LIQUIDFX_VALIDATION=1 build/debug/tests/gpu/gpu_tests --gtest_filter="$filter"
echo "bless: changed goldens (open each one before committing):"
git status --short tests/golden/
