#!/bin/sh
# run_cli_tests.sh -- end-to-end tests of the plateau command line.
#
# Usage: tests/cli/run_cli_tests.sh PATH/TO/plateau
# Run from anywhere; PLATEAU_PATH defaults to the source tree holding this
# script, so the games in games/ are the ones tested.  Each check prints
# "ok" or "FAIL" with the reason; the last line is "N passed, N failed" and
# the exit status is non-zero when anything failed.

PLATEAU=${1:?usage: run_cli_tests.sh PATH/TO/plateau}
case $PLATEAU in /*) ;; *) PLATEAU=$(pwd)/$PLATEAU ;; esac
here=$(cd "$(dirname "$0")" && pwd)
: "${PLATEAU_PATH:=$(cd "$here/../.." && pwd)}"
export PLATEAU_PATH

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plateau-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

# run ARGS...: run plateau with stdin from /dev/null; sets $rc, files
# $tmp/out and $tmp/err.
run() {
    "$PLATEAU" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# run_in INPUT ARGS...: the same with INPUT on stdin.
run_in() {
    input=$1
    shift
    printf '%s' "$input" | "$PLATEAU" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
    echo "  --- stdout"; sed 's/^/  | /' "$tmp/out" | head -20
    echo "  --- stderr"; sed 's/^/  | /' "$tmp/err" | head -20
}

# expect NAME RC [PATTERN_IN_STDOUT] [PATTERN_IN_STDERR] (fixed strings)
expect() {
    name=$1 want=$2 out_pat=${3:-} err_pat=${4:-}
    if [ "$rc" != "$want" ]; then
        fail "$name" "exit status $rc, expected $want"
    elif [ -n "$out_pat" ] && ! grep -qF -- "$out_pat" "$tmp/out"; then
        fail "$name" "stdout lacks '$out_pat'"
    elif [ -n "$err_pat" ] && ! grep -qF -- "$err_pat" "$tmp/err"; then
        fail "$name" "stderr lacks '$err_pat'"
    else
        pass "$name"
    fi
}

# expect_exact NAME: stdout must equal $tmp/want.
expect_exact() {
    if [ "$rc" != 0 ]; then
        fail "$1" "exit status $rc, expected 0"
    elif ! cmp -s "$tmp/out" "$tmp/want"; then
        fail "$1" "output differs: $(diff "$tmp/want" "$tmp/out" | head -5 | tr '\n' ' ')"
    else
        pass "$1"
    fi
}

# --- general ----------------------------------------------------------------
run --version;              expect "--version" 0 "plateau "
run --help;                 expect "--help" 0 "Usage: plateau COMMAND"
run;                        expect "no command" 2 "" "Usage: plateau"
run frobnicate;             expect "unknown command" 2 "" "unknown command 'frobnicate'"
run --frobnicate;           expect "unknown global option" 2 "" "unknown option"
run help perft;             expect "help perft" 0 "Usage: plateau perft"

for cmd in list play perft moves show validate compile disasm bench; do
    run "$cmd" --help
    expect "$cmd --help" 0 "Usage: plateau $cmd"
done
run --help
for cmd in list play perft moves show validate compile disasm bench; do
    if grep -q "^  $cmd " "$tmp/out"; then pass "--help lists $cmd"
    else fail "--help lists $cmd" "missing"; fi
done

run perft tic-tac-toe 2 --bogus;  expect "unknown option" 2 "" "unknown option '--bogus'"
run perft tic-tac-toe;            expect "missing DEPTH" 2 "" "missing argument"
run perft tic-tac-toe two;        expect "bad DEPTH" 2 "" "DEPTH must be a whole number"
run perft tic-tac-toe 0;          expect "DEPTH out of range" 2 "" "DEPTH must be between"
run perft no-such-game 1;         expect "unknown game" 2 "" "unknown game 'no-such-game'"
run bench tic-tac-toe --seconds x; expect "bad --seconds" 2 "" "--seconds"
run bench tic-tac-toe --threads 0; expect "bad --threads" 2 "" "--threads"
run play tic-tac-toe --south robot; expect "bad controller" 2 "" "human, random or ai"
run play tic-tac-toe --purple ai; expect "bad player option" 2 "" "unknown option '--purple'"
run compile;                      expect "compile without FILE" 2 "" "no FILE"
run validate;                     expect "validate without FILE" 2 "" "no FILE"

# --- list ---------------------------------------------------------------------
run list
expect "list" 0 "tic-tac-toe"
if [ -s "$tmp/out" ] && ! grep -qv '^[a-z0-9_-]*  ' "$tmp/out"; then
    pass "list: one 'name  description' line per game"
else
    fail "list: one 'name  description' line per game" "bad format"
fi

# --- perft, moves, show (tic-tac-toe has well-known perft counts) ----------------
if [ -f "$PLATEAU_PATH/games/tic-tac-toe.game" ]; then
    run perft tic-tac-toe 9
    cat >"$tmp/want" <<'END'
perft(1) = 9
perft(2) = 72
perft(3) = 504
perft(4) = 3024
perft(5) = 15120
perft(6) = 54720
perft(7) = 148176
perft(8) = 200448
perft(9) = 127872
END
    expect_exact "perft tic-tac-toe 9"

    run perft tic-tac-toe 2 --divide
    { echo "perft(1) = 9"
      for m in a1 a2 a3 b1 b2 b3 c1 c2 c3; do echo "$m: 8"; done
      echo "perft(2) = 72"; } >"$tmp/want"
    expect_exact "perft --divide"

    # x takes a1 a2 a3: the game is over after five moves.
    run perft tic-tac-toe 3 --moves "a1 b1 a2 b2 a3"
    printf 'perft(1) = 0\nperft(2) = 0\nperft(3) = 0\n' >"$tmp/want"
    expect_exact "perft of a finished game"

    run perft tic-tac-toe 1 --moves "A1 B2"
    printf 'perft(1) = 7\n' >"$tmp/want"
    expect_exact "--moves is case-insensitive"

    run perft tic-tac-toe 1 --moves "a1 z9"
    expect "bad --moves: exit 2" 2 "" "move 2 'z9' is not a legal move"
    expect "bad --moves lists legal moves" 2 "" "legal moves: a2 a3 b1"
    run perft tic-tac-toe 1 --moves "a1 a1"
    expect "--moves on an occupied cell" 2 "" "move 2 'a1'"
    run perft tic-tac-toe 1 --moves "a1 b1 a2 b2 a3 c3"
    expect "--moves after the end" 2 "" "already over"

    run moves tic-tac-toe --moves "a1 b2"
    printf 'a2\na3\nb1\nb3\nc1\nc2\nc3\n' >"$tmp/want"
    expect_exact "moves: sorted, one per line"
    run moves tic-tac-toe --moves "a1 b1 a2 b2 a3"
    expect "moves of a finished game" 0 "game over: "

    run show tic-tac-toe --moves "b2"
    expect "show" 0 "ply: 1"
    expect "show: side to move" 0 "to move: "
    run show tic-tac-toe --moves "a1 b1 a2 b2 a3"
    expect "show a finished game" 0 "game over: "

    # --- play -------------------------------------------------------------------
    run_in "$(printf 'z9\nmoves\nhelp\nquit\n')" play tic-tac-toe --north random --seed 1
    expect "play: illegal input" 0 "'z9' is not a legal move"
    expect "play: legal moves listed" 0 "legal moves: a1 a2 a3 b1 b2 b3 c1 c2 c3"
    expect "play: help" 0 "undo"
    expect "play: prompt names the player" 0 "> "

    run_in "$(printf 'b2\nundo\nb2\n')" play tic-tac-toe --north ai --seed 7
    expect "play: undo and end of input" 0 "end of input"

    run play tic-tac-toe --south ai --north random --seed 1
    expect "play: computer game ends" 0 "game over: "
    cp "$tmp/out" "$tmp/game1"
    run play tic-tac-toe --south ai --north random --seed 1
    if cmp -s "$tmp/out" "$tmp/game1"; then pass "play: --seed is reproducible"
    else fail "play: --seed is reproducible" "two runs differ"; fi

    run play tic-tac-toe --south ai --north ai --rounds 4 --seed 2
    expect "play --rounds" 0 "round 4: "
    expect "play --rounds total" 0 "total after 4 rounds"
    if grep -q "^round 1: .* = A (ai), .* = B (ai)" "$tmp/out" &&
       grep -q "^round 2: .* = B (ai), .* = A (ai)" "$tmp/out"; then
        pass "play --rounds swaps the seats"
    else
        fail "play --rounds swaps the seats" "no swap"
    fi

    # --- bench ------------------------------------------------------------------
    run bench tic-tac-toe --seconds 0.2 --threads 2
    expect "bench playouts/s" 0 "playouts/s: "
    expect "bench nodes/s" 0 "nodes/s: "
    if grep -Eq '^average length: [0-9]+\.[0-9]$' "$tmp/out"; then
        pass "bench average length"
    else
        fail "bench average length" "no 'average length: N.N' line"
    fi

    # --- compile, disasm --------------------------------------------------------------
    cp "$PLATEAU_PATH/games/tic-tac-toe.game" "$tmp/ttt.game"
    run compile "$tmp/ttt.game"
    expect "compile: default output" 0
    if [ -f "$tmp/ttt.pbc" ]; then pass "compile wrote ttt.pbc"
    else fail "compile wrote ttt.pbc" "no file"; fi
    run compile "$tmp/ttt.game" -o "$tmp/other.pbc"
    expect "compile -o" 0
    run perft "$tmp/other.pbc" 3
    printf 'perft(1) = 9\nperft(2) = 72\nperft(3) = 504\n' >"$tmp/want"
    expect_exact "perft from bytecode"
    run disasm "$tmp/ttt.game"
    expect "disasm .game" 0
    run disasm "$tmp/other.pbc"
    expect "disasm .pbc" 0
    run validate "$tmp/other.pbc"
    expect "validate .pbc" 0 "ok"
    printf 'PLBC\001\000\000\000garbage' >"$tmp/bad.pbc"
    run perft "$tmp/bad.pbc" 1
    expect "corrupt bytecode is refused" 1 "" "invalid bytecode"
fi

# --- validate ------------------------------------------------------------------
for g in "$PLATEAU_PATH"/games/*.game; do
    [ -f "$g" ] || continue
    run validate "$g"
    expect "validate $(basename "$g")" 0 ": ok"
done
printf 'game "Broken"\nboard 3 x 3\nplayers a b\n@@@ nonsense\n' >"$tmp/broken.game"
run validate "$tmp/broken.game"
expect "validate: invalid file" 1 "" "broken.game:4:"
expect "validate: error label" 1 "" ": error: "
if grep -q '^ *4 | @@@ nonsense$' "$tmp/err" && grep -q '^ *| *\^' "$tmp/err"; then
    pass "validate: source line and caret"
else
    fail "validate: source line and caret" "missing"
fi
run validate "$tmp/does-not-exist.game"
expect "validate: missing file" 1
if [ -f "$PLATEAU_PATH/games/tic-tac-toe.game" ]; then
    run validate "$tmp/broken.game" "$PLATEAU_PATH/games/tic-tac-toe.game"
    expect "validate: one bad among good" 1 "tic-tac-toe.game: ok"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
