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

# wait_for PATTERN FILE: wait (at most 20 s) until FILE holds a line
# matching PATTERN (a basic regular expression); 1 if it never does.
wait_for() {
    n=0
    while ! grep -q -- "$1" "$2" 2>/dev/null; do
        n=$((n + 1))
        [ "$n" -gt 200 ] && return 1
        sleep 0.1
    done
    return 0
}

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

for cmd in list rules play match balance merge replay perft moves show validate compile disasm bench tune; do
    run "$cmd" --help
    expect "$cmd --help" 0 "Usage: plateau $cmd"
done
run --help
for cmd in list rules play match balance merge replay perft moves show validate compile disasm bench tune; do
    if grep -q "^  $cmd " "$tmp/out"; then pass "--help lists $cmd"
    else fail "--help lists $cmd" "missing"; fi
done

# tune: a short run on the tiny test game, its errors
run tune tests/tune/tiny.game --iterations 2 --games 2 --verify 2 --player alphabeta:depth=1
expect "tune runs" 0 "tuned values (to paste into the game file):"
run tune tests/tune/none.game;    expect "tune: no tunables" 1 "" "has no tunable constants"
run tune tic-tac-toe;              expect "tune: shipped game without tunables" 1 "" "has no tunable constants"
run tune tests/tune/tiny.game --games 3;   expect "tune: odd games" 2 "" "--games must be even"
run tune tests/tune/tiny.game --seed -1;   expect "tune: bad seed" 2 "" "--seed"
run tune;                          expect "tune: no game" 2 "" "no GAME given"

run perft tic-tac-toe 2 --bogus;  expect "unknown option" 2 "" "unknown option '--bogus'"
run perft tic-tac-toe;            expect "missing DEPTH" 2 "" "missing argument"
run perft tic-tac-toe two;        expect "bad DEPTH" 2 "" "DEPTH must be a whole number"
run perft tic-tac-toe 0;          expect "DEPTH out of range" 2 "" "DEPTH must be between"
run perft no-such-game 1;         expect "unknown game" 2 "" "unknown game 'no-such-game'"
run bench tic-tac-toe --seconds x; expect "bad --seconds" 2 "" "--seconds"
run bench tic-tac-toe --threads 0; expect "bad --threads" 2 "" "--threads"
run play tic-tac-toe --south robot; expect "bad controller" 2 "" "unknown player 'robot'"
run play tic-tac-toe --south mcts:tme=2; expect "bad player spec" 2 "" "unknown key 'tme'"
run play tic-tac-toe --level 11;  expect "bad --level" 2 "" "--level must be between"
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

# Games live in family folders under games/; names stay flat, and a name
# held by two folders is an error that names both files.
mkdir -p "$tmp/root/games/one" "$tmp/root/games/two/deeper" "$tmp/root/stdlib"
printf 'board 1 x 1\nplayers a b\npiece p\nmoves { pick c in empty_cells; place mover p at c; text c }\n' \
    >"$tmp/root/games/two/deeper/solo.game"
cp "$tmp/root/games/two/deeper/solo.game" "$tmp/root/games/one/twin.game"
cp "$tmp/root/games/two/deeper/solo.game" "$tmp/root/games/two/twin.game"
PLATEAU_PATH="$tmp/root" run moves solo
expect "a game in a nested family folder is found by name" 0 "a1"
PLATEAU_PATH="$tmp/root" run moves twin
expect "a name held by two folders is refused" 1 "" "twin.game"
if grep -q "one/twin.game" "$tmp/err" && grep -q "two/twin.game" "$tmp/err"; then
    pass "the error names both files"
else
    fail "the error names both files" "missing a path"
fi
PLATEAU_PATH="$tmp/root" run list
if grep -c "^solo " "$tmp/out" | grep -q "^1$" && grep -q "twin.game" "$tmp/err"; then
    pass "list: nested games once, a duplicate name explained"
else
    fail "list: nested games once, a duplicate name explained" "bad list"
fi

# --- perft, moves, show (tic-tac-toe has well-known perft counts) ----------------
if [ -f "$PLATEAU_PATH/games/alignment/tic-tac-toe.game" ]; then
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
    expect "bad --moves: exit 2, says why" 2 "" "move 2: z9: no legal move of o starts like this"
    expect "bad --moves lists legal moves" 2 "" "legal moves: a2 a3 b1"
    run perft tic-tac-toe 1 --moves "a1 a1"
    expect "--moves on an occupied cell" 2 "" "move 2: a1:"
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
    expect "play: illegal input, says why" 0 "z9: no legal move of x starts like this"
    expect "play: legal moves listed" 0 "  a1 a2 a3 b1 b2 b3 c1 c2 c3"
    expect "play: help" 0 "undo"
    expect "play: prompt names the player" 0 "> "

    run_in "$(printf 'b2\nundo\nb2\n')" play tic-tac-toe --north ai --level 3 --seed 7
    expect "play: undo and end of input" 0 "end of input"

    # levels 1-6 count iterations: with --seed the game is the same every run
    run play tic-tac-toe --south ai --north random --seed 1 --level 4
    expect "play: computer game ends" 0 "game over: "
    cp "$tmp/out" "$tmp/game1"
    run play tic-tac-toe --south ai --north random --seed 1 --level 4
    if cmp -s "$tmp/out" "$tmp/game1"; then pass "play: --seed is reproducible"
    else fail "play: --seed is reproducible" "two runs differ"; fi

    run play tic-tac-toe --south ai --north ai --rounds 4 --seed 2 --level 2
    expect "play --rounds" 0 "round 4: "
    expect "play --rounds total" 0 "total after 4 rounds"
    if grep -q "^round 1: .* = A (ai:level=2), .* = B (ai:level=2)" "$tmp/out" &&
       grep -q "^round 2: .* = B (ai:level=2), .* = A (ai:level=2)" "$tmp/out"; then
        pass "play --rounds swaps the seats"
    else
        fail "play --rounds swaps the seats" "no swap"
    fi

    # --- computer players, hints, records ------------------------------------------
    run play tic-tac-toe --south mcts:iterations=2000,seed=1 --north alphabeta:depth=9 --verbose
    expect "play: mcts against alphabeta" 0 "game over: draw"
    expect "play --verbose: search figures" 0 "iterations"
    expect "play --verbose: alpha-beta figures" 0 "nodes, best "
    # the speed per third of the game, as match prints it: the draw is 9
    # plies, x (A) moves at plies 0 2 4 6 8, o (B) at 1 3 5 7
    if grep -q '^A (mcts:iterations=2000,seed=1) search: [0-9.]* s/move, [0-9]* iterations/s$' "$tmp/out" &&
       grep -q '^B (alphabeta:depth=9) search: [0-9.]* s/move, [0-9]* nodes/s$' "$tmp/out" &&
       [ "$(sed -n '/^A (/,/^B (/p' "$tmp/out" | grep -c '^  \(opening: .* iterations over 2 moves\|middle: .* iterations over 1 move\|end: .* iterations over 2 moves\)$')" = 3 ] &&
       [ "$(sed -n '/^B (/,$p' "$tmp/out" | grep -c '^  \(opening: .* nodes over 1 move\|middle: .* nodes over 2 moves\|end: .* nodes over 1 move\)$')" = 3 ]; then
        pass "play --verbose: speed per phase"
    else
        fail "play --verbose: speed per phase" "no speed lines, or moves in the wrong thirds"
    fi
    run play tic-tac-toe --south mcts:iterations=200,seed=1 --north alphabeta:depth=2
    if grep -q ' search: ' "$tmp/out"; then
        fail "play: no speed without --verbose" "speed lines printed"
    else
        pass "play: no speed without --verbose"
    fi

    run_in "$(printf 'hint\nquit\n')" play tic-tac-toe --north random --level 3 --seed 1
    expect "play: hint" 0 "hint: "

    run_in "$(printf 'b2\nsave %s\nquit\n' "$tmp/g.rec")" play tic-tac-toe --north random --seed 1
    expect "play: save" 0 "saved to $tmp/g.rec"
    if grep -q '^game tic-tac-toe$' "$tmp/g.rec" && grep -q '^rules [0-9a-f]\{16\}$' "$tmp/g.rec" &&
       grep -q '^south human$' "$tmp/g.rec" && grep -q '^north random$' "$tmp/g.rec" &&
       grep -q '^date [0-9-]*T[0-9:]*Z$' "$tmp/g.rec" && grep -q '^result unfinished$' "$tmp/g.rec" &&
       grep -q '^moves b2 [a-c][1-3]$' "$tmp/g.rec"; then
        pass "play: the record's lines"
    else
        fail "play: the record's lines" "$(tr '\n' '|' <"$tmp/g.rec")"
    fi
    run play --load "$tmp/g.rec" --south random --seed 4
    expect "play --load resumes" 0 "game over: "
    run_in "$(printf 'undo\nundo\nquit\n')" play --load "$tmp/g.rec" --seed 4
    expect "play --load: loaded moves can be taken back" 0 "nothing to undo"
    run play tic-tac-toe --moves b2 --load "$tmp/g.rec"
    expect "play: --moves with --load" 2 "" "cannot be combined"

    run play tic-tac-toe --south random --north random --seed 3 --save "$tmp/full.rec"
    expect "play --save" 0 "game over: "
    run replay "$tmp/full.rec"
    expect "replay: a good record" 0 "as recorded"

    printf 'game tic-tac-toe\nresult x wins\nmoves a1 b1 a1\n' >"$tmp/bad.rec"
    run replay "$tmp/bad.rec"
    expect "replay: an illegal move" 1 "" "move 3 'a1' (x to move) is not legal"
    expect "replay: the legal moves" 1 "" "legal moves: a2 a3"
    printf 'game tic-tac-toe\nrules 0123456789abcdef\nresult o wins\nmoves a1 b1 a2 b2 a3\n' >"$tmp/res.rec"
    run replay "$tmp/res.rec"
    expect "replay: rules changed" 1 "" "changed since the game was recorded"
    expect "replay: wrong result" 1 "" "the record says 'o wins' but the moves give 'x wins'"
    printf 'hello\n' >"$tmp/junk.rec"
    run replay "$tmp/junk.rec"
    expect "replay: not a record" 1 "" "not a game record"

    # --- match ----------------------------------------------------------------------
    run match tic-tac-toe --p1 alphabeta:depth=9 --p2 random --games 4 --seed 1 --records "$tmp/recs"
    expect "match: ends" 0 "score of p1: "
    expect "match: one line per game" 0 "game 4: "
    expect "match: elo" 0 "elo difference: "
    expect "match: length" 0 "average game length: "
    expect "match: per seat" 0 "as o "
    expect "match: search speed" 0 "p1 search: "
    if grep -q "^game 1: x = p1, o = p2" "$tmp/out" && grep -q "^game 2: x = p2, o = p1" "$tmp/out"; then
        pass "match: the seats alternate"
    else
        fail "match: the seats alternate" "no alternation"
    fi
    if grep -q "^total .* 0 *$" "$tmp/out"; then pass "match: perfect play never loses"
    else fail "match: perfect play never loses" "a loss"; fi
    n=$(ls "$tmp/recs" 2>/dev/null | wc -l)
    if [ "$n" -eq 4 ]; then pass "match --records: one file per game"
    else fail "match --records: one file per game" "$n files"; fi
    run replay "$tmp/recs/tic-tac-toe-003.rec"
    expect "match --records: replayable" 0 "as recorded"

    # --- more than two players: seats, records, match -------------------------------
    cc="$PLATEAU_PATH/tests/positions"
    run play "$cc/cc6_win.game" --south mcts:iterations=50 --north random --seat3 random \
        --seat4 random --seat5 random --purple random --seed 1 --save "$tmp/cc6.rec"
    expect "play: six seats, the ai wins in one" 0 "game over: red wins"
    if grep -q "^seat5 random" "$tmp/cc6.rec" && grep -q "^seat6 random" "$tmp/cc6.rec"; then
        pass "play --save: seat5 and seat6 in the record"
    else
        fail "play --save: seat5 and seat6 in the record" "missing"
    fi
    run replay "$tmp/cc6.rec"
    expect "replay: a six-player record" 0 "as recorded"
    run play chinese-checkers-3 --south random --north random --seat3 random --seed 1 \
        --max-plies 700 --save "$tmp/cc3.rec"
    expect "play: three random players end at the move cap" 0 "game over: draw"
    run replay "$tmp/cc3.rec"
    expect "replay: a three-player record" 0 "as recorded"
    run play chinese-checkers-3 --seat4 random
    expect "play: no fourth seat in a three-player game" 2 "" "unknown option '--seat4'"
    run match "$cc/cc3_win.game" --p1 alphabeta:depth=1 --p2 mcts:iterations=20 --games 3 --seed 1
    expect "match: three players, p1 in each seat" 0 "game 3: red = p2, yellow = p2, blue = p1"
    expect "match: three players, red wins at once" 0 "game 2: red = p2, yellow = p1, blue = p2: red wins in 1 plies"
    run match "$cc/cc6_win.game" --p1 random --p2 alphabeta:depth=1 --games 6 --seed 1 --max-plies 60
    expect "match: six players, p1 in each seat" 0 "as purple"
    run match tic-tac-toe --p1 random --p2 random --games 2 --openings 3 --seed 5 --records "$tmp/op"
    o1=$(sed -n 's/^moves //p' "$tmp/op/tic-tac-toe-001.rec" | head -1 | cut -d' ' -f1-3)
    o2=$(sed -n 's/^moves //p' "$tmp/op/tic-tac-toe-002.rec" | head -1 | cut -d' ' -f1-3)
    if [ -n "$o1" ] && [ "$o1" = "$o2" ]; then pass "match --openings: a pair shares its opening"
    else fail "match --openings: a pair shares its opening" "'$o1' and '$o2'"; fi
    # --moves holding a move whose text has a space ("huff c4")
    run match ruches --p1 random --p2 random --games 1 --max-plies 40 --moves \
        "3@a2 7@d9 8@f1 1@f9 6@g2 9@d7 7@e2 6@b9 0@d3 0@a8 5@b1 3@f7 2@f3 4@e8 9@c2 8@g8 4@d1 5@c8 1@b3 2@b7 f3-g4 b7-c6 g4-f5 d7-e6 f5-g6 a8-b7 g2-f3 b9-a8 d3-c4 e8-d7 b3-a4 c6-d5 a2-b3 d7-c6 f3-g4 e6-f5 e2-f3 huff c4"
    expect "match --moves: a move text with a space" 0 "score of p1: "
    run match tic-tac-toe --p1 human
    expect "match: no humans" 2 "" "between computer players"
    run match tic-tac-toe --p1 mcts:iterations=100,seed=1 --p2 mcts:iterations=100,seed=1 --games 2 --seed 9
    cp "$tmp/out" "$tmp/match1"
    run match tic-tac-toe --p1 mcts:iterations=100,seed=1 --p2 mcts:iterations=100,seed=1 --games 2 --seed 9
    if diff "$tmp/out" "$tmp/match1" | grep -v "in [0-9.]* s$\|s/move" | grep -q '^[<>]'; then
        fail "match: reproducible" "two runs differ"
    else
        pass "match: reproducible"
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
    cp "$PLATEAU_PATH/games/alignment/tic-tac-toe.game" "$tmp/ttt.game"
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
for g in "$PLATEAU_PATH"/games/*.game "$PLATEAU_PATH"/games/*/*.game; do
    [ -f "$g" ] || continue
    run validate "$g"
    expect "validate $(basename "$g")" 0 ": ok"
done
# every command's synopsis in --help names the same options as the
# synopsis of its section in docs/cli.md
docs="$here/../../docs/cli.md"
for c in $("$PLATEAU" --help | awk '/^Commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && /^$/ {exit}'); do
    h=$("$PLATEAU" "$c" --help 2>&1 | awk 'NR == 1, /^$/' | grep -o -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
    d=$(awk -v c="$c" '$0 == "## " c {on = 1; next} /^## / {on = 0} on' "$docs" |
        awk '/^    plateau / {s = 1} s && /^$/ {exit} s' | grep -o -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
    if [ -n "$h" ] && [ "$h" = "$d" ]; then
        pass "$c --help and docs/cli.md name the same options"
    elif [ -z "$h" ] && [ -z "$d" ] && grep -q "^## $c\$" "$docs"; then
        pass "$c --help and docs/cli.md name the same options (none)"
    else
        failed=$((failed + 1))
        echo "FAIL $c: --help names [$h], docs/cli.md [$d]"
    fi
done

# warnings: validate and play show them; perft and the like say how many
printf 'import grid\nboard 3 x 3\nplayers a b\npiece p\npiece unused\nmoves {\n  pass\n}\n' >"$tmp/warned.game"
run validate "$tmp/warned.game"
expect "validate shows a warning" 0 "" "warning: piece kind 'unused' is never used"
run perft "$tmp/warned.game" 1
expect "perft counts the warnings" 0 "perft(1) = 1" "warned.game has 2 warnings ('plateau validate"
if grep -q "never used" "$tmp/err"; then
    fail "perft does not list the warnings" "it does"
else
    pass "perft does not list the warnings"
fi
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
if [ -f "$PLATEAU_PATH/games/alignment/tic-tac-toe.game" ]; then
    run validate "$tmp/broken.game" "$PLATEAU_PATH/games/alignment/tic-tac-toe.game"
    expect "validate: one bad among good" 1 "tic-tac-toe.game: ok"
fi

# --- validate --json and --playouts -------------------------------------------------
run validate --json "$tmp/broken.game"
expect "validate --json: invalid file" 1 '"severity":"error"'
if [ ! -s "$tmp/err" ] && ! grep -qv '^{"file":".*","line":[0-9]*,"col":[0-9]*,"end_col":[0-9]*,"severity":"[a-z]*","message":".*","source":.*}$' "$tmp/out"; then
    pass "validate --json: one object per line, nothing on stderr"
else
    fail "validate --json: one object per line, nothing on stderr" "bad format"
fi
printf 'game "Q"\nboard 3 x 3\nplayers a b\n"\\q\t\001\n' >"$tmp/esc.game"
run validate --json "$tmp/esc.game"
if [ "$rc" = 1 ] && grep -qF '\\q\t\u0001' "$tmp/out"; then
    pass "validate --json: escapes backslashes and control characters"
else
    fail "validate --json: escapes backslashes and control characters" "rc $rc"
fi
run validate --json "$tmp/does-not-exist.game"
expect "validate --json: missing file" 1 '"line":0,"col":0,"end_col":0,"severity":"error"'
run validate --json --seed 3 "$tmp/broken.game"
expect "validate: --seed needs --playouts" 2 "" "only used with --playouts"
run validate --playouts 0 "$tmp/broken.game"
expect "validate: --playouts 0" 2 "" "--playouts must be between"
if [ -f "$PLATEAU_PATH/games/alignment/tic-tac-toe.game" ]; then
    run validate --json tic-tac-toe
    if [ "$rc" = 0 ] && [ ! -s "$tmp/out" ]; then pass "validate --json: a valid file prints nothing"
    else fail "validate --json: a valid file prints nothing" "rc $rc"; fi
    run validate --playouts 50 --seed 3 tic-tac-toe
    expect "validate --playouts" 0 "50 random playouts (seed 3"
    expect "validate --playouts: results" 0 "draw"
    expect "validate --playouts: lengths" 0 "median"
    expect "validate --playouts: first player score" 0 "first player (x) score: "
    expect "validate --playouts: branching factor" 0 "branching factor: "
    expect "validate --playouts: not a proof" 0 "evidence, not a proof"
    expect "validate --playouts: verdict" 0 "playouts found no problem"
    cp "$tmp/out" "$tmp/playouts1"
    run validate --playouts 50 --seed 3 tic-tac-toe
    if cmp -s "$tmp/out" "$tmp/playouts1"; then pass "validate --playouts: --seed is reproducible"
    else fail "validate --playouts: --seed is reproducible" "two runs differ"; fi
    run validate --json --playouts 5 tic-tac-toe
    expect "validate --json --playouts: a summary note" 0 '"severity":"note","message":"5 random playouts'
fi
cat >"$tmp/runaway.game" <<'END'
import grid
board 3 x 3
players x o
piece token
moves {
  pick c in empty_cells
  while 1 { }
  place mover token at c
  text c
}
END
run validate --playouts 1 "$tmp/runaway.game"
expect "validate --playouts: runaway loop" 1 "runaway.game:7:3: runtime error: the move program ran too long"
expect "validate --playouts: where it happened" 1 "first at the start position"
run validate --json --playouts 1 "$tmp/runaway.game"
expect "validate --json --playouts: runtime error" 1 '"line":7,"col":3,"end_col":3,"severity":"error","message":"runtime error: the move program ran too long'
cat >"$tmp/endless.game" <<'END'
import grid
board 3 x 3
players x o
piece token
setup {
  place x token at a1
  place o token at c3
}
moves {
  pick from in pieces(mover)
  pick dest in neighbors(from, orthogonal) where empty(dest)
  move from to dest
  text from "-" dest
}
end {
  mover wins when count(empty_cells) == 0
}
END
run validate --playouts 5 --max-plies 30 "$tmp/endless.game"
expect "validate --playouts: capped games" 0 "capped at 30 plies: 5"
expect "validate --playouts: capped games warn" 0 "warning: 5 of 5 random games reached 30 plies"

# --- hostile inputs (issue 18, part B) -----------------------------------------
# Only regular files are read, with a size limit, without blocking.
mkdir "$tmp/adir"
run validate "$tmp/adir"
expect "hostile: directory as GAME" 1 "" "is a directory, not a file"
(cd "$tmp" && "$PLATEAU" show adir </dev/null >"$tmp/out" 2>"$tmp/err"); rc=$?
expect "hostile: directory named like a game" 2 "" "adir: is a directory, not a file"
run validate /dev/zero
expect "hostile: /dev/zero" 1 "" "/dev/zero: error: cannot read: not a regular file"
if mkfifo "$tmp/fifo.game" 2>/dev/null; then
    run validate "$tmp/fifo.game"
    expect "hostile: FIFO as GAME does not block" 1 "" "not a regular file"
    printf 'import "fifo"\n' >"$tmp/impfifo.game"
    run validate "$tmp/impfifo.game"
    expect "hostile: FIFO as import does not block" 1 "" "cannot import"
fi
: >"$tmp/huge.game"
if truncate -s 3G "$tmp/huge.game" 2>/dev/null; then
    run validate "$tmp/huge.game"
    expect "hostile: 3 GB sparse file refused unread" 1 "" "file is too large (more than 16 MiB)"
fi
rm -f "$tmp/huge.game"

# Imports are files, not spellings.
cp "$PLATEAU_PATH/games/alignment/tic-tac-toe.game" "$tmp/ttt.game"
{ echo 'import "./self"'; cat "$tmp/ttt.game"; } >"$tmp/self.game"
run validate "$tmp/self.game"
expect "hostile: self import" 1 "" "self.game:1:1: error: '$tmp/self.game' imports itself"
mkdir -p "$tmp/lib"
printf 'piece dd\n' >"$tmp/lib/d.game"
printf 'import "lib/d"\ndirection bb = (1, 1)\n' >"$tmp/b.game"
printf 'import "./lib/../lib/d"\ndirection cc = (1, -1)\n' >"$tmp/c.game"
{ echo 'import "b"'; echo 'import "./c"'; cat "$tmp/ttt.game"; } >"$tmp/diamond.game"
run validate "$tmp/diamond.game"
expect "hostile: diamond import declares once" 0 "diamond.game: ok"
printf 'import "cyc1"\n' >"$tmp/cyc2.game"
{ echo 'import "cyc2"'; cat "$tmp/ttt.game"; } >"$tmp/cyc1.game"
run validate "$tmp/cyc1.game"
expect "hostile: import cycle" 1 "" "import cycle"

# No data loss: compile never writes over its source; output errors fail.
cp "$tmp/ttt.game" "$tmp/keep.game"
run compile "$tmp/keep.game" -o "$tmp/../$(basename "$tmp")/keep.game"
expect "hostile: compile -o its own source" 1 "" "refusing to write"
if cmp -s "$tmp/keep.game" "$tmp/ttt.game"; then pass "hostile: source kept"
else fail "hostile: source kept" "keep.game changed"; fi
if [ -w /dev/full ]; then
    "$PLATEAU" perft tic-tac-toe 3 >/dev/full 2>"$tmp/err"; rc=$?
    : >"$tmp/out"
    expect "hostile: perft > /dev/full" 1 "" "cannot write the output"
    "$PLATEAU" list >/dev/full 2>"$tmp/err"; rc=$?
    expect "hostile: list > /dev/full" 1 "" "cannot write the output"
fi

# Control bytes of a game file never reach the terminal raw.
esc=$(printf '\033')
{ printf 'game "Evil\033]0;pwned\007\033[2J"\n'; grep -v '^game ' "$tmp/ttt.game"; } >"$tmp/evil.game"
printf 'import "x\033[2J"\n' >"$tmp/evil2.game"
run validate "$tmp/evil2.game"
if grep -q "$esc" "$tmp/out" "$tmp/err"; then fail "hostile: escaped diagnostics" "raw ESC printed"
else expect "hostile: escaped diagnostics" 1 "" '\x1b[2J'; fi
printf '# plateau game record\ngame %s\nresult x\033[2J wins\n' "$tmp/evil.game" >"$tmp/evil.rec"
run replay "$tmp/evil.rec"
if grep -q "$esc" "$tmp/out" "$tmp/err"; then fail "hostile: escaped title" "raw ESC printed"
else expect "hostile: escaped title and record field" 1 'Evil\x1b]0;pwned\x07\x1b[2J' "'x\x1b[2J wins'"; fi

# ... nor do move texts and source lines through perft --divide, disasm,
# and the title through match's report.
printf 'game "E\033]0;x\007"\nboard 3 x 3\nplayers x o\npiece t\nmoves {\n  pick c in empty_cells\n  place mover t at c\n  text c "\033[2J"\n}\n' >"$tmp/evil3.game"
for cmd in "perft $tmp/evil3.game 1 --divide" "disasm $tmp/evil3.game" \
           "match $tmp/evil3.game --p1 random --p2 random --games 1"; do
    run $cmd
    if grep -q "$esc" "$tmp/out" "$tmp/err"; then fail "hostile: escaped in ${cmd%% *}" "raw ESC printed"
    else expect "hostile: escaped in ${cmd%% *}" 0 '\x1b'; fi
done

# explain answers with the rule's own words where the game file gives them.
run explain wali a3 --moves "a1 f5 a2 f4"
expect "explain: the rule's words" 1 "a3: a placed piece may not make three in a row"

# Castling through an attacked square: the king's destination is computed
# after the rules (ray(k, e, 2)), and the rule blamed is the king-side one
# (it once was the queen-side rule, the last to fail).
run explain chess --moves "e2e4 b7b6 g1f3 c8a6 f1b5 a6b5" e1g1
expect "explain: the path that makes the typed move" 1 "e1g1: the king may not castle across a square the opponent attacks"
run explain chess --moves "e2e4 b7b6 g1f3 c8a6 f1b5 a6b5" e1c1
expect "explain: the other side's rule" 1 "e1c1: castling needs the squares between king and rook empty"
# Without the author's words: words from the condition, with the values,
# and the rule's place on a second line.
run explain english-draughts b2-c3
expect "explain: words derived from the rule" 1 "b2-c3: c3 is not empty"
expect "explain: then the rule's place" 1 "(the rule at "
run explain reversi c5
expect "explain: words of a comprehension" 1 "c5: there is no d in all8 where flanks (c5, d) holds"
# A drop names no cell the rules pick from the hand: the path that writes
# it, past the rule, is still the one blamed.
run explain shogi "P*e5"
expect "explain: a drop with nothing in hand" 1 "P*e5: you have no such piece in hand"
# A priority with words (`# explain: ...` on the `first` line).
run explain english-draughts --moves "c3-d4 f6-e5" d4-c5
expect "explain: the words of a priority" 1 "d4-c5: not allowed now: a capture is compulsory"

# The board shows the variables the game shows, by their labels, and
# the letters of its piece kinds; not its bookkeeping.
run show wali
expect "show: the variables a game shows" 0 "in hand: south 12, north 12"
if grep -q "placing" "$tmp/out"; then fail "show: bookkeeping hidden" "placing shown"
else pass "show: bookkeeping hidden"; fi
run show chess
expect "show: declared piece letters" 0 "N = knight"
expect "show: which case is which player" 0 "(white upper case, black lower case)"
expect "show: a count out of its bound" 0 "plies without a capture or pawn move: 0/100"
run show gyges
if grep -q "S = south" "$tmp/out"; then fail "show: the legend names what the board shows" "S = south"
else pass "show: the legend names what the board shows"; fi

# A record cut short is refused as truncated, not resumed.
run play tic-tac-toe --south random --north random --seed 3 --save "$tmp/r.rec"
expect "hostile: record saved" 0
if grep -q '^end [0-9]' "$tmp/r.rec" && grep -q '^format 3$' "$tmp/r.rec"; then
    pass "hostile: record has format and end lines"
else fail "hostile: record has format and end lines" "$(cat "$tmp/r.rec")"; fi
run replay "$tmp/r.rec"
expect "hostile: complete record replays" 0
grep -v '^end ' "$tmp/r.rec" >"$tmp/cut.rec"
run replay "$tmp/cut.rec"
expect "hostile: record without end line" 1 "" "truncated (no 'end' line)"
head -c 60 "$tmp/r.rec" >"$tmp/cut2.rec"
run replay "$tmp/cut2.rec"
expect "hostile: record cut mid-line" 1 "" "truncated"
printf '# plateau game record\ngame tic-tac-toe\nresult unfinished\nmoves b2\n' >"$tmp/old.rec"
run replay "$tmp/old.rec"
expect "hostile: format 1 record still read" 0 "1 move"
printf '# plateau game record\nformat 2\ngame tic-tac-toe\nresult unfinished\nmoves b2 a1\nend 2\n' >"$tmp/old2.rec"
run replay "$tmp/old2.rec"
expect "hostile: format 2 record still read" 0 "2 moves"

# A player the game file calls plural (`players fox hounds(plural)`):
# "hounds win" in the record and on replay; a record written before the
# number ("hounds wins") still replays to its result, said as recorded,
# and still resumes a game that ended by a resignation.
run play fox-and-hounds --south random --north alphabeta:depth=3 --seed 1 --save "$tmp/fh.rec"
expect "plural: the game ends" 0 "game over: hounds win"
if grep -q '^result hounds win$' "$tmp/fh.rec"; then pass "plural: 'hounds win' recorded"
else fail "plural: 'hounds win' recorded" "$(grep '^result' "$tmp/fh.rec")"; fi
run replay "$tmp/fh.rec"
expect "plural: replayed" 0 "result: hounds win, as recorded"
run replay "$tmp/fh.rec" --step
expect "plural: replay --step, the verb agrees" 0 ": hounds play "
sed 's/^result hounds win$/result hounds wins/' "$tmp/fh.rec" >"$tmp/fh-old.rec"
run replay "$tmp/fh-old.rec"
expect "plural: an old record's 'hounds wins'" 0 "result: hounds win, as recorded ('hounds wins')"
sed 's/^result hounds win$/result fox wins/' "$tmp/fh.rec" >"$tmp/fh-bad.rec"
run replay "$tmp/fh-bad.rec"
expect "plural: a wrong result still refused" 1 "" "the record says 'fox wins' but the moves give 'hounds win'"
printf '# plateau game record\ngame fox-and-hounds\nresult hounds wins\nreason fox resigned\n' >"$tmp/fh-res.rec"
run_in "$(printf 'quit\n')" play --load "$tmp/fh-res.rec" --color=never
expect "plural: an old resignation resumed" 0 "game over: hounds win -- fox resigned"

# Any move text survives a record: a space, a comma, a quote, a backslash,
# a newline and a tab in every move of a game file; save, replay and load
# agree, and the texts cannot inject a key.
sed 's/^  text c$/  text "m " c ", \\"q\\\\\\nend 0\\t"/' "$tmp/ttt.game" >"$tmp/texts.game"
run moves "$tmp/texts.game"
expect "records: texts game compiles" 0 'm b2, "q\\x0aend 0\x09'
run play "$tmp/texts.game" --south random --north random --seed 2 --save "$tmp/texts.rec"
expect "records: texts game saved" 0 "game over"
if [ "$(grep -c '^end' "$tmp/texts.rec")" = 1 ] && grep -q '^moves "m [a-c][1-3], \\"q\\\\\\nend 0\\t" ' "$tmp/texts.rec"; then
    pass "records: texts quoted with escapes"
else fail "records: texts quoted with escapes" "$(cat "$tmp/texts.rec")"; fi
run replay "$tmp/texts.rec"
expect "records: texts replay" 0 "as recorded"
nm=$(sed -n 's/^end //p' "$tmp/texts.rec")
expect "records: texts replay counts the moves" 0 ", $nm moves"
run play --load "$tmp/texts.rec" --save "$tmp/texts2.rec"
expect "records: texts load" 0 "game over"
if cmp -s "$tmp/texts.rec" "$tmp/texts2.rec" ||
   [ "$(grep -v '^date ' "$tmp/texts.rec")" = "$(grep -v '^date ' "$tmp/texts2.rec")" ]; then
    pass "records: loaded and saved again, the same record"
else fail "records: loaded and saved again, the same record" "$(diff "$tmp/texts.rec" "$tmp/texts2.rec")"; fi
# Bataille de ruches: 'huff b5' holds a space
run play ruches --south random --north random --seed 1 --save "$tmp/ruches.rec"
expect "records: ruches game saved" 0 "game over"
if grep -q '"huff [a-i][0-9]*"' "$tmp/ruches.rec"; then pass "records: ruches has a huff"
else fail "records: ruches has a huff" "$(cat "$tmp/ruches.rec")"; fi
run replay "$tmp/ruches.rec"
expect "records: ruches replays" 0 "as recorded"
run play --load "$tmp/ruches.rec"
expect "records: ruches loads" 0 "game over"

# Output into a pipe or a file shows a line at a time: black's move is
# there while white thinks (a minute), not only at the end.
"$PLATEAU" play lines-of-action --south random --north mcts:time=60 --seed 1 </dev/null >"$tmp/lb.out" 2>"$tmp/err" &
pid=$!
if wait_for '^1\. black plays ' "$tmp/lb.out"; then pass "play: output line-buffered"
else fail "play: output line-buffered" "$(cat "$tmp/lb.out")"; fi
kill "$pid"; wait "$pid" 2>/dev/null
"$PLATEAU" match lines-of-action --p1 random --p2 random --games 1 --seed 1 | cat >"$tmp/out"; rc=$?
expect "match: through a pipe" 0 "game 1: "

# play has a ply cap (--max-plies, default 1000, as match): a game that
# never ends is stopped there, unfinished (not a draw).
printf 'game "Forever"\nboard 2 x 1\nplayers a b\npiece t\nmoves {\n  pass\n}\nevaluate 0\n' >"$tmp/forever.game"
run play "$tmp/forever.game" --south random --north random --save "$tmp/forever.rec"
expect "play: default ply cap" 0 "game stopped after 1000 plies (--max-plies), unfinished"
if grep -q '^result unfinished$' "$tmp/forever.rec" && grep -q '^end 1000$' "$tmp/forever.rec"; then
    pass "play: a stopped game is recorded unfinished"
else fail "play: a stopped game is recorded unfinished" "$(grep -v '^moves' "$tmp/forever.rec")"; fi
run play "$tmp/forever.game" --south random --north random --max-plies 7 --rounds 2
expect "play: --max-plies in rounds" 0 "round 2: a = B (random), b = A (random): stopped after 7 plies (--max-plies), unfinished"
expect "play: a stopped round counts 1/2 each" 0 "total after 2 rounds: A (random) 1, B (random) 1"
run play tic-tac-toe --max-plies 0
expect "play: bad --max-plies" 2 "" "--max-plies must be between 1 and 1000000"

# --save: an unwritable path is said before the game starts (nothing is
# read, no file is left behind); Ctrl-C (SIGINT) leaves the game and the
# game so far is saved, at the prompt and while the computer thinks.
run_in "$(printf 'b2\n')" play tic-tac-toe --north random --save "$tmp/no/such/dir/x.rec"
expect "--save: unwritable path said at the start" 1 "" "--save: cannot write $tmp/no/such/dir/x.rec: No such file or directory"
if [ ! -s "$tmp/out" ]; then pass "--save: unwritable, the game did not start"
else fail "--save: unwritable, the game did not start" "output"; fi
run play tic-tac-toe --north random --save "$tmp"
expect "--save: a directory" 1 "" "Is a directory"
mkdir "$tmp/sv"
run play tic-tac-toe --south random --north random --save "$tmp/sv/ok.rec"
if [ "$(ls "$tmp/sv")" = ok.rec ]; then pass "--save: the check leaves nothing behind"
else fail "--save: the check leaves nothing behind" "$(ls "$tmp/sv")"; fi
# SIGTERM (a polite kill) leaves the game as Ctrl-C does: saved.
"$PLATEAU" play lines-of-action --south random --north mcts:time=60 --seed 1 \
    --save "$tmp/term.rec" </dev/null >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for '^1\. black plays' "$tmp/out"
kill -TERM "$pid"
wait "$pid"; rc=$?
expect "SIGTERM while the computer thinks" 143 "game interrupted after 1 move: saved to $tmp/term.rec"
if grep -q '^result unfinished$' "$tmp/term.rec" && grep -q '^end 1$' "$tmp/term.rec"; then
    pass "SIGTERM: the game so far saved"
else fail "SIGTERM: the game so far saved" "$(cat "$tmp/term.rec" 2>&1)"; fi
# Background jobs of a script ignore SIGINT (and plateau keeps it so):
# env --default-signal gives the game the terminal's default.
if env --default-signal=INT true 2>/dev/null; then
    mkfifo "$tmp/fifo"
    env --default-signal=INT "$PLATEAU" play tic-tac-toe --north random --seed 1 \
        --save "$tmp/int1.rec" <"$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/fifo"
    printf 'b2\n' >&3
    # at the prompt for the third move: o has moved (the first prompt,
    # flushed before b2 is read and echoed, also reads 'x> ' for a while)
    wait_for '^1\.\.\. o plays' "$tmp/out" && wait_for '^x> $' "$tmp/out"
    kill -INT "$pid"
    wait "$pid"; rc=$?
    exec 3>&-
    expect "Ctrl-C at the prompt" 130 "game interrupted after 2 moves: saved to $tmp/int1.rec"
    if grep -q '^result unfinished$' "$tmp/int1.rec" && grep -q '^moves b2 [a-c][1-3]$' "$tmp/int1.rec"; then
        pass "Ctrl-C at the prompt: the game so far saved"
    else fail "Ctrl-C at the prompt: the game so far saved" "$(cat "$tmp/int1.rec" 2>&1)"; fi
    env --default-signal=INT "$PLATEAU" play lines-of-action --south random \
        --north mcts:time=60 --seed 1 --save "$tmp/int2.rec" </dev/null >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    wait_for '^1\. black plays' "$tmp/out"  # white thinks a minute over its move
    sleep 0.2
    kill -INT "$pid"
    wait "$pid"; rc=$?
    expect "Ctrl-C while the computer thinks" 130 "game interrupted after 1 move: saved to $tmp/int2.rec"
    if grep -q '^result unfinished$' "$tmp/int2.rec" && grep -q '^end 1$' "$tmp/int2.rec"; then
        pass "Ctrl-C while thinking: the game so far saved"
    else fail "Ctrl-C while thinking: the game so far saved" "$(cat "$tmp/int2.rec" 2>&1)"; fi
else
    echo "skip Ctrl-C tests: env --default-signal is not available"
fi


# rules GAME: the title, the about line, the page of docs/games/; a game
# without a page gets a summary; names match ignoring case and by a
# unique prefix, with "did you mean"
run rules tic-tac-toe
expect "rules: the title" 0 "Tic-tac-toe (tic-tac-toe)"
expect "rules: the about line" 0 "Three in a row on a 3x3 board"
expect "rules: the page" 0 "## Move notation"
if tail -n +4 "$tmp/out" | cmp -s - "$PLATEAU_PATH/docs/games/tic-tac-toe.md"; then
    pass "rules: the whole page"
else fail "rules: the whole page" "differs from docs/games/tic-tac-toe.md"; fi
for g in $("$PLATEAU" list 2>/dev/null | awk '{print $1}'); do
    if [ ! -f "$PLATEAU_PATH/docs/games/$g.md" ]; then continue; fi
    run rules "$g"
    if [ "$rc" = 0 ] && grep -q "^# " "$tmp/out"; then :; else fail "rules $g" "exit status $rc"; fi
done
pass "rules: every game with a page prints it"
run rules LINES
expect "rules: a unique prefix, any case" 0 "Lines of Action (lines-of-action)"
run rules ches
expect "rules: a prefix of several" 2 "" "unknown game 'ches'; it could be chess, chess-endgame,"
run rules breakthruogh
expect "rules: did you mean" 2 "" "unknown game 'breakthruogh'; did you mean 'breakthrough'?"
run rules zzzzzz
expect "rules: unknown" 2 "" "unknown game 'zzzzzz' (see 'plateau list')"
printf 'game "Three"\nabout "Three cells."\nboard 3 x 1\nplayers a b\npiece p\nmoves { pick c in empty_cells; place mover p at c; text c }\n' >"$tmp/three-cells.game"
run rules "$tmp/three-cells.game"
expect "rules: a file of one's own, its about" 0 "Three cells."
expect "rules: ... its players" 0 "Players (2): a (south, moves first), b (north)"
expect "rules: ... its board" 0 "Board: 3 cells, a1 to c1"
expect "rules: ... its moves" 0 "  a1 b1 c1"
run perft Tic-Tac-Toe 1
expect "any command: a name in another case" 0 "perft(1) = 9"
run play TIC --south random --north random --seed 1 --save "$tmp/tic.rec"
if [ "$rc" = 0 ] && grep -q '^game tic-tac-toe$' "$tmp/tic.rec"; then pass "play: the record keeps the game's own name"
else fail "play: the record keeps the game's own name" "$(grep game "$tmp/tic.rec")"; fi
run match TIC --p1 random --p2 random --games 1 --seed 1 --records "$tmp/mrec"
if [ "$rc" = 0 ] && grep -q '^game tic-tac-toe$' "$tmp/mrec/tic-tac-toe-001.rec"; then pass "match: the records keep the game's own name"
else fail "match: the records keep the game's own name" "$(ls "$tmp/mrec")"; fi

# --- the default back end (auto): native code built in the background -------
# run_env VAR=VALUE... -- ARGS...: run plateau with PLATEAU_ENGINE unset
# (the default) and the given variables.
run_env() {
    vars=""
    while [ "$1" != "--" ]; do vars="$vars $1"; shift; done
    shift
    # shellcheck disable=SC2086
    env -u PLATEAU_ENGINE $vars "$PLATEAU" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
# wait_file GLOB: wait (at most 300 s) until a file matches GLOB.
wait_file() {
    n=0
    while ! ls $1 >/dev/null 2>&1; do
        n=$((n + 1))
        [ "$n" -gt 3000 ] && return 1
        sleep 0.1
    done
}
if command -v cc >/dev/null 2>&1; then
    c1="$tmp/cache1"
    run_env PLATEAU_CACHE="$c1" -- perft tic-tac-toe 2
    expect "auto: the first run uses the interpreter" 0 "perft(2) = 72" \
        "plateau perft: compiling Tic-tac-toe to native code in the background; the interpreter runs until it is ready"
    if wait_file "$c1/*/*.so.sum"; then pass "auto: the builder in the background fills the cache"
    else fail "auto: the builder in the background fills the cache" "no .so.sum in $c1 after 300 s"; fi
    run_env PLATEAU_CACHE="$c1" -- bench tic-tac-toe --seconds 0.2
    expect "auto: a later run uses the native code" 0 "rules run by: native code"
    if [ -s "$tmp/err" ]; then fail "auto: ... and says nothing" "stderr not empty"
    else pass "auto: ... and says nothing"; fi
    run_env PLATEAU_CACHE="$c1" -- --engine vm bench tic-tac-toe --seconds 0.2
    expect "--engine vm: the interpreter, cache or not" 0 "rules run by: the interpreter"
    c2="$tmp/cache2"
    run_env PLATEAU_CACHE="$c2" PLATEAU_CC=false -- perft tic-tac-toe 1
    expect "auto: a compiler that fails, in the background" 0 "perft(1) = 9" "in the background"
    wait_file "$c2/*/*.so.failed"
    run_env PLATEAU_CACHE="$c2" PLATEAU_CC=false -- perft tic-tac-toe 1
    expect "auto: a failed build is remembered, not retried" 0 "perft(1) = 9" \
        "native code unavailable, using the interpreter: building it failed before (the C compiler (false) failed"
    run_env PLATEAU_CACHE="$c2" PLATEAU_CC=false -- --engine native perft tic-tac-toe 1
    expect "--engine native tries again" 0 "perft(1) = 9" "the C compiler (false) failed"
    run_env PLATEAU_CACHE="$tmp/cache3" PLATEAU_CC=/nonexistent/cc -- perft tic-tac-toe 1
    expect "auto: no compiler, said at once" 0 "perft(1) = 9" \
        "native code unavailable, using the interpreter: no C compiler (/nonexistent/cc) found"
    run_env PLATEAU_CACHE="$tmp/cache4" -- compile --native --cache tic-tac-toe
    expect "compile --native --cache builds into the cache" 0 "compiled Tic-tac-toe to native code in"
    run_env PLATEAU_CACHE="$tmp/cache4" -- compile --native --cache tic-tac-toe
    expect "compile --native --cache: already there" 0 "the cache already holds this game's native code"
    run_env PLATEAU_CACHE="$tmp/cache4" -- bench tic-tac-toe --seconds 0.2
    expect "auto: uses what compile --cache built" 0 "rules run by: native code"
    # a search after the builder finished takes the native code up
    c5="$tmp/cache5"
    {
        echo ugi; echo isready; echo "setoption name Player value alphabeta"
        echo "go depth 1"; echo isready
        wait_file "$c5/*/*.so.sum"
        echo "go depth 1"; echo isready; echo quit
    } | env -u PLATEAU_ENGINE PLATEAU_CACHE="$c5" "$PLATEAU" ugi tic-tac-toe >"$tmp/out" 2>"$tmp/err"
    rc=$?
    expect "auto: ugi starts a builder" 0 "bestmove" "compiling Tic-tac-toe to native code in the background"
    expect "auto: ugi's next search after it takes the native code up" 0 "bestmove" \
        "plateau ugi: Tic-tac-toe now runs as native code"
else
    echo "skip the default back end (auto): no C compiler (cc)"
fi
run compile --cache tic-tac-toe
expect "compile --cache needs --native" 2 "" "--cache goes with --native"
run compile --native --cache -o "$tmp/x.so" tic-tac-toe
expect "compile --native --cache takes no -o" 2 "" "--cache writes into the cache: no -o or --emit-c"
run compile --native --background tic-tac-toe
expect "compile --background needs --cache" 2 "" "--background goes with --cache"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
