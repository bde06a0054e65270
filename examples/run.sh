#!/usr/bin/env bash
# Installs the build in $1 into a scratch prefix ($2), builds the example $3 against it with
# find_package(liquidfx) and runs it; the example writes its pictures into $2/out.
set -euo pipefail
build=$1
scratch=$2
example=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cmake -S "$here/$example" -B "$scratch/build" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/build" >/dev/null
mkdir -p "$scratch/out"
"$scratch/build/$example" "$scratch/out"
