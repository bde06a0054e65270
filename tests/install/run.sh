#!/usr/bin/env bash
# Installs the build in $1 into a scratch prefix, then configures, builds and runs a host project
# that finds it with find_package(liquidfx). The host has no GLFW (find_package(glfw3) is
# disabled): linking liquidfx::gpu must not need it. The window code is not installed at all.
set -euo pipefail
build=$1
scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch"
# Installed in one place and used from another (a package unpacked anywhere): the CMake files
# must name no path of the build machine.
cmake --install "$build" --prefix "$scratch/installed" >/dev/null
mv "$scratch/installed" "$scratch/prefix"
prefix="$scratch/prefix"
if grep -rn --include='*.cmake' -e "$scratch/installed" -e '/usr/lib' -e "$(cd "$build" && pwd)" "$prefix" >&2; then
  echo "install: the installed CMake files (lines above) name paths of the build machine" >&2
  exit 1
fi
if [ -e "$prefix/include/liquidfx/window" ]; then
  echo "install: the window headers were installed" >&2
  exit 1
fi
if grep -rli --include='*.cmake' --include='*.h' glfw "$prefix" >&2; then
  echo "install: the installed package (files above) mentions GLFW" >&2
  exit 1
fi
# ccache, when installed, makes the host project's build cheap on a second run.
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$here" -B "$scratch/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_DISABLE_FIND_PACKAGE_glfw3=TRUE "${launcher[@]}" >/dev/null
cmake --build "$scratch/build" >/dev/null
"$scratch/build/consumer"
