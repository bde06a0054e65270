#!/usr/bin/env bash
# The C++ (and C++/GLSL shared headers) in the repository's clang-format style (.clang-format):
#   scripts/format.sh           reformats every tracked .cpp and .h file in place;
#   scripts/format.sh --check   changes nothing, lists the files that differ and fails if any
#                               does (scripts/test.sh runs it first).
# GLSL sources (.comp, .frag, .vert, .glsl) are not checked: clang-format does not read GLSL.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  # One run over every file; its warnings name the files that differ.
  mapfile -t unformatted < <(clang-format --dry-run "${files[@]}" 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning:.*/\1/p' | sort -u)
  if [ ${#unformatted[@]} -gt 0 ]; then
    echo "format: ${#unformatted[@]} file(s) differ from .clang-format (scripts/format.sh fixes them):" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files follow .clang-format"
  exit 0
fi
clang-format -i "${files[@]}"
