# Sourced by the bench scripts: from the repository root, a release build of the CLI, whose path
# is then in $liquidfx.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target liquidfx >/dev/null
liquidfx=build/release/apps/liquidfx/liquidfx
