#!/bin/sh
# records_round_trip.sh -- every shipped game's records survive save,
# load and replay: 20 games between random players per game (`match
# --records` writes them, Ruches huffs, passes and games stopped at the
# ply cap included), each replayed to its recorded result, the first
# loaded by `show --load`.
#
# Usage: tests/cli/records_round_trip.sh PATH/TO/plateau

PLATEAU=${1:?usage: records_round_trip.sh PATH/TO/plateau}
case $PLATEAU in /*) ;; *) PLATEAU=$(pwd)/$PLATEAU ;; esac
here=$(cd "$(dirname "$0")" && pwd)
: "${PLATEAU_PATH:=$(cd "$here/../.." && pwd)}"
export PLATEAU_PATH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/plateau-records.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

passed=0 failed=0
games=$("$PLATEAU" list | awk '{print $1}')
[ -n "$games" ] || { echo "FAIL plateau list gives no game"; exit 1; }
for g in $games; do
    dir=$tmp/$g
    if ! "$PLATEAU" match "$g" --p1 random --p2 random --games 20 --seed 7 \
            --records "$dir" --no-times >"$tmp/match.out" 2>&1; then
        echo "FAIL $g: match: $(tail -1 "$tmp/match.out")"
        failed=$((failed + 1))
        continue
    fi
    n=0 bad=0
    for rec in "$dir"/*.rec; do
        n=$((n + 1))
        if ! "$PLATEAU" replay "$rec" >"$tmp/replay.out" 2>&1 ||
                ! grep -q "as recorded" "$tmp/replay.out"; then
            echo "FAIL $g: $(basename "$rec"): $(tail -1 "$tmp/replay.out")"
            bad=1
        fi
    done
    first=$(ls "$dir"/*.rec | head -1)
    "$PLATEAU" show "$g" --load "$first" --format position >"$tmp/loaded" 2>&1 || bad=1
    if [ "$n" != 20 ] || [ "$bad" = 1 ]; then
        echo "FAIL $g: $n records, or one did not replay or load"
        failed=$((failed + 1))
    else
        echo "ok   $g: 20 records saved, replayed, loaded"
        passed=$((passed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
