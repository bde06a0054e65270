#!/usr/bin/env bash
# Installs the build in $1 into a scratch prefix ($2), builds the example $3 against it with
# find_package(liquidfx) and runs it; the example writes its pictures into $2/out.
set -euo pipefail
build=$1
scratch=$2
example=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch"
# Installed in one place and built against in another (the package moved).
cmake --install "$build" --prefix "$scratch/installed" >/dev/null
mv "$scratch/installed" "$scratch/prefix"
# ccache, when installed, makes the host project's build cheap on a second run.
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# An engine linking core and gpu needs only glm and Vulkan: the packages liquidfx itself builds
# with (nlohmann_json, TinyGLTF, stb through pkg-config) are kept out of reach, and their library
# files are not linked (their code is in liquidfx's archive).
cmake -S "$here/$example" -B "$scratch/build" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_TinyGLTF=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build "$scratch/build" >/dev/null
mkdir -p "$scratch/out"
"$scratch/build/$example" "$scratch/out"
