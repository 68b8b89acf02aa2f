#!/bin/sh
# run_embed_test.sh BUILD_DIR SOURCE_DIR CC [CFLAGS...] -- the evidence that
# Plateau can be embedded: install the build into a temporary prefix,
# compile tests/embed/embed_example.c against the *installed* library
# through pkg-config, run it on the installed games and check its output;
# then build it again as a CMake project with find_package(plateau) and
# the static library, and run that too.
set -eu
build=$1 src=$2 cc=$3
shift 3
prefix=$(mktemp -d "${TMPDIR:-/tmp}/plateau-embed.XXXXXX")
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name plateau.pc | head -n 1)
[ -n "$pc" ] || { echo "no plateau.pc installed under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
[ -f "$prefix/include/plateau.h" ] || { echo "plateau.h not installed" >&2; exit 1; }

libdir=$(pkg-config --variable=libdir plateau)
# shellcheck disable=SC2046 # pkg-config output is a list of flags
"$cc" "$@" -Wall -Wextra -Werror -o "$prefix/embed_example" \
    "$src/tests/embed/embed_example.c" $(pkg-config --cflags --libs plateau) \
    -Wl,-rpath,"$libdir"
# Only the installed library may be used: no source tree, no build tree.
out=$(cd "$prefix" && PLATEAU_PATH="$prefix/share/plateau" ./embed_example tic-tac-toe)
echo "$out"
echo "$out" | grep -Eq '^Tic-tac-toe: random game of [0-9]+ plies: (x wins|o wins|draw)' ||
    { echo "unexpected output of the random game" >&2; exit 1; }
echo "$out" | grep -Eq '^mcts opens with [a-c][1-3] \(win rate 0\.[0-9]+\)$' ||
    { echo "unexpected output of the search" >&2; exit 1; }
# A game that does not exist: an error, reported from the diagnostics.
if (PLATEAU_PATH="$prefix/share/plateau" "$prefix/embed_example" no-such-game 2>"$prefix/err"); then
    echo "loading an unknown game succeeded" >&2; exit 1
fi
grep -q "unknown game 'no-such-game'" "$prefix/err" ||
    { echo "no diagnostic for an unknown game:" >&2; cat "$prefix/err" >&2; exit 1; }
# The CMake package: find_package(plateau) and plateau::plateau_static.
mkdir -p "$prefix/consumer"
cat >"$prefix/consumer/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project(embed_consumer C)
find_package(plateau REQUIRED)
add_executable(embed_example "$src/tests/embed/embed_example.c")
target_link_libraries(embed_example PRIVATE plateau::plateau_static)
EOF
cmake -S "$prefix/consumer" -B "$prefix/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$*" -DCMAKE_EXE_LINKER_FLAGS="$*" \
    >"$prefix/consumer.log" 2>&1 &&
    cmake --build "$prefix/consumer/build" >>"$prefix/consumer.log" 2>&1 ||
    { echo "the CMake package does not build the example:" >&2; cat "$prefix/consumer.log" >&2; exit 1; }
out=$(cd "$prefix" && PLATEAU_PATH="$prefix/share/plateau" ./consumer/build/embed_example tic-tac-toe)
echo "$out" | grep -Eq '^mcts opens with [a-c][1-3]' ||
    { echo "unexpected output of the CMake-built example: $out" >&2; exit 1; }
echo "embed: ok (pkg-config and CMake package)"
