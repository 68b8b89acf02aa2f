#!/bin/sh
# play_ui_tests.sh -- the board and the prompt of `plateau play` and
# `plateau show` as a player sees them: colour (--color, NO_COLOR, a
# terminal or not), the last move marked, the board turned for the player
# sitting north, the move history, `moves CELL` and the short list after an
# illegal move.  Scripted games on stdin; screens compared with the golden
# files of tests/cli/golden/ (UPDATE_GOLDEN=1 rewrites them).
#
# Usage: tests/cli/play_ui_tests.sh PATH/TO/plateau

PLATEAU=${1:?usage: play_ui_tests.sh PATH/TO/plateau}
case $PLATEAU in /*) ;; *) PLATEAU=$(pwd)/$PLATEAU ;; esac
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/golden
: "${PLATEAU_PATH:=$(cd "$here/../.." && pwd)}"
export PLATEAU_PATH
unset NO_COLOR COLUMNS

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plateau-ui.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
esc=$(printf '\033')

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
    echo "  --- stdout"; sed 's/^/  | /' "$tmp/out" | cat -v | head -40
    echo "  --- stderr"; sed 's/^/  | /' "$tmp/err" | head -10
}

# play INPUT ARGS...: plateau with INPUT on stdin; $rc, $tmp/out, $tmp/err.
play() {
    input=$1
    shift
    printf '%s' "$input" | "$PLATEAU" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# in_tty COMMAND: run a shell command in a pseudo-terminal (script(1)),
# its output (the terminal's, \r\n line ends) in $tmp/out.
in_tty() {
    script -qec "$1" /dev/null </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# golden NAME FILE: stdout is the golden file FILE, byte for byte, once
# the source tree's path (in a warning's file name) is taken out: the
# tree may be anywhere.
golden() {
    awk -v root="$PLATEAU_PATH/" '{ while ((i = index($0, root)) > 0)
        $0 = substr($0, 1, i - 1) substr($0, i + length(root)); print }' "$tmp/out" >"$tmp/out.rel"
    mv "$tmp/out.rel" "$tmp/out"
    if [ -n "${UPDATE_GOLDEN:-}" ]; then
        cp "$tmp/out" "$golden/$2"
        pass "$1 (golden file written)"
    elif cmp -s "$tmp/out" "$golden/$2"; then
        pass "$1"
    else
        fail "$1" "stdout differs from golden/$2: $(diff "$golden/$2" "$tmp/out" | cat -v | head -10)"
    fi
}

has() {   # has NAME STRING: stdout holds STRING
    if [ "$rc" = 0 ] && grep -qF -- "$2" "$tmp/out"; then pass "$1"
    else fail "$1" "exit status $rc, or no '$2'"; fi
}
hasnt() { # hasnt NAME STRING
    if [ "$rc" = 0 ] && ! grep -qF -- "$2" "$tmp/out"; then pass "$1"
    else fail "$1" "exit status $rc, or '$2' found"; fi
}

# --- colour -------------------------------------------------------------------
play "$(printf 'b2\nshow\nquit\n')" play tic-tac-toe --north random --seed 1 --color=always
has "play --color=always: colour codes" "$esc["
golden "play --color=always: the screen" play_color.txt
play "$(printf 'b2\nquit\n')" play tic-tac-toe --north random --seed 1 --color=never
hasnt "play --color=never: no colour codes" "$esc"
play "$(printf 'b2\nquit\n')" play tic-tac-toe --north random --seed 1
hasnt "play into a pipe: no colour codes" "$esc"
play "" play tic-tac-toe --color=blue
if [ "$rc" = 2 ] && grep -q "auto, always or never" "$tmp/err"; then pass "play --color=blue refused"
else fail "play --color=blue refused" "exit status $rc"; fi

run_show="'$PLATEAU' show chess --moves 'e2e4 d7d5'"
in_tty "$run_show"
has "show on a terminal: colour codes" "$esc["
in_tty "NO_COLOR=1 $run_show"
hasnt "show on a terminal with NO_COLOR: no colour codes" "$esc"
in_tty "NO_COLOR= $run_show"
has "show on a terminal, NO_COLOR empty: colour codes" "$esc["
in_tty "NO_COLOR=1 $run_show --color=always"
has "--color=always overrides NO_COLOR" "$esc["
in_tty "$run_show --color=never"
hasnt "show --color=never on a terminal: no colour codes" "$esc"
play "" show chess --moves "e2e4 d7d5 e4d5" --color=always
golden "show --color=always: the board" show_color.txt

# --- the last move ----------------------------------------------------------------
play "" show chess --moves "e2e4 a7a6 e4e5 d7d5 e5d6"
golden "show: en passant marked [P] [.] [.]" show_last_move.txt
play "" show english-draughts --moves "c3-d4 f6-e5 d4xf6"
has "show: a jump marks the jumped man" "  5  .     .    [.]    .    "
play "" show chess --moves "e2e4 a7a6 g1f3 a6a5 f1c4 a5a4 e1g1"
has "show: castling marks four cells" "  1  R  N  B  Q [.][R][K][.]"
play "" show ruches --moves 0@b1
has "show: a piece with a number, marked" "  1    [B0]   .     .    "
play "" show tic-tac-toe
hasnt "show at the start: nothing marked" "["
play "$(printf 'b2\nquit\n')" play tic-tac-toe --north random --seed 1
has "play: the computer's move marked" "[O]"

# --- the board turned for north -------------------------------------------------------
play "$(printf 'quit\n')" play tic-tac-toe --south random --north human --seed 1
if [ "$rc" = 0 ] && grep -q "^     c  b  a" "$tmp/out" && sed -n 3p "$tmp/out" | grep -q "^  1 "
then pass "play: a human north sees the board turned"
else fail "play: a human north sees the board turned" "not turned"; fi
play "$(printf 'quit\n')" play tic-tac-toe --south random --north human --seed 1 --no-flip
has "play --no-flip: not turned" "     a  b  c"
play "$(printf 'quit\n')" play tic-tac-toe --north random --flip
has "play --flip: turned for a human south" "     c  b  a"
play "$(printf 'quit\n')" play chess --south random --north human --seed 3
golden "play chess as black: the screen" play_flip_chess.txt
play "" play tic-tac-toe --flip --no-flip
if [ "$rc" = 2 ]; then pass "--flip with --no-flip refused"
else fail "--flip with --no-flip refused" "exit status $rc"; fi
play "" show chess --flip --moves e2e4
has "show --flip" "     h  g  f  e  d  c  b  a"

# --- history, and the human's own moves said ------------------------------------------
play "$(printf 'e2e4\nhistory\nquit\n')" play chess --north random --seed 2 --moves "g1f3 g8f6"
has "play: the human's move is said" "2. white plays e2e4"
has "play: the computer's reply numbered N..." "2... black plays "
has "history: full moves, --moves included" "1. g1f3 g8f6"
has "history: the last move" "2. e2e4 "
play "$(printf 'history\nquit\n')" play chess --south random --north human --seed 2
has "history: the second player to move" "1. white plays "
play "$(printf 'history\nquit\n')" play tic-tac-toe --north random --seed 1
has "history before any move" "no move yet"
play "$(printf 'a1\nhistory\nquit\n')" play tic-tac-toe --position "3/1X1/3 o" --south random --north human --seed 1
if [ "$rc" = 0 ] && grep -q "^1\.\.\. o plays a1" "$tmp/out" && grep -q "^1\. \.\.\. a1$" "$tmp/out" \
   && grep -q "^2\. x plays " "$tmp/out"
then pass "history: a game that the second player begins"
else fail "history: a game that the second player begins" "numbering"; fi
printf 'board 3 x 3\nplayers a b c\npiece p\nmoves { pick c in empty_cells; place mover p at c; text c }\n' >"$tmp/three.game"
play "$(printf 'a1\nhistory\nquit\n')" play "$tmp/three.game" --seed 1
if [ "$rc" = 0 ] && grep -q "^2\. b plays " "$tmp/out" && grep -q "^1\. a a1$" "$tmp/out" \
   && grep -q "^3\. c [a-c][1-3]$" "$tmp/out"
then pass "history: three players, numbered per ply"
else fail "history: three players, numbered per ply" "numbering"; fi

# --- moves [CELL], the closest moves after an illegal one ---------------------------------
printf 'moves\nmoves e2\nmoves E4\nmoves z9\nmoves e5\ne2e5\nquit\n' >"$tmp/in"
COLUMNS=40 "$PLATEAU" play chess --north random --seed 2 <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
rc=$?
has "moves: counted" "20 legal moves:"
has "moves: in columns" "  c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4"
if awk '/^  [a-z]/ && length($0) > 40 { bad = 1 } END { exit bad }' "$tmp/out"
then pass "moves: wrapped to COLUMNS=40"
else fail "moves: wrapped to COLUMNS=40" "a line longer than 40"; fi
has "moves CELL: the moves of its piece" "2 moves from e2:"
has "moves CELL: listed" "  e2e3 e2e4"
has "moves CELL: a cell a move reaches" "1 move changing e4:"
has "moves CELL: no such cell" "there is no cell z9"
has "moves CELL: no move" "no legal move changes e5"
has "illegal move: the reason" "e2e5: not a legal move"
has "illegal move: the closest moves first, at most 8" "closest legal moves: e2e3 e2e4 a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 (20 in all: 'moves' lists them)"
COLUMNS=200 "$PLATEAU" play chess --north random --seed 2 <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
has "moves: wrapped to COLUMNS=200" "  a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4"
play "$(printf 'moves e5\nquit\n')" play english-draughts --north random --moves "c3-d4 f6-e5"
has "moves CELL: a man that can be jumped" "  d4xf6"
play "$(printf 'e2\nquit\n')" play tic-tac-toe --north random --moves "a1 b1"
has "illegal move: all the moves when they are few" "legal moves: a2 b2 c2 a3 b3 c1 c3"

# --- after the end: the reason, undo, save, history ------------------------------------------
play "$(printf 'a1\nhistory\nsave %s\nb2\nundo\nb2\nquit\n' "$tmp/won.rec")" play tic-tac-toe --north random --seed 1 --moves "b1 c3 c1 a3" --save "$tmp/final.rec"
has "end: the result and the rule that gave it" "game over: x wins -- by the rule 'mover wins when has_run(mover, 3, lines)'"
has "end: the prompt stays" "game over> history"
has "end: history" "3. a1"
has "end: save" "saved to $tmp/won.rec"
if grep -q "^result x wins" "$tmp/won.rec" && grep -q "^moves b1 c3 c1 a3 a1$" "$tmp/won.rec"
then pass "end: the saved record has the result"
else fail "end: the saved record has the result" "$(tr '\n' '|' <"$tmp/won.rec")"; fi
has "end: not a move any more" "the game is over: type undo"
has "end: undo goes back to the game" "3. x plays b2"
has "end: then quit" "game abandoned"
if grep -q "^result unfinished" "$tmp/final.rec" && grep -q "^moves b1 c3 c1 a3 b2 " "$tmp/final.rec"
then pass "end: --save keeps the game as it was left"
else fail "end: --save keeps the game as it was left" "$(tr '\n' '|' <"$tmp/final.rec")"; fi
play "$(printf 'undo\nquit\n')" play chess --moves "f2f3 e7e5 g2g4 d8h4" --north random
has "end: no legal move, and the rule's comment" "game over: black wins -- white has no legal move: checkmate"
has "end: the moves of --moves are not taken back" "nothing to undo"
play "$(printf 'a1\n')" play tic-tac-toe --north random --seed 1 --moves "b1 c3 c1 a3"
has "end: end of input leaves" "game over> "


# --- forgiving input ---------------------------------------------------------------------
play "$(printf 'g1-f3\ne7\nquit\n')" play chess --north random --seed 2 --color=never
has "input: a separator that the move has not" "1. white plays g1f3"
play "$(printf 'e2\n2\nb1\nc3\nd2\n9\nd2\n\nquit\n')" play chess --north random --seed 2 --color=never
has "input: the start of two moves asks" "e2 is the start of 2 legal moves:"
has "input: the choices numbered" "  1) e2e3   2) e2e4"
has "input: chosen by number" "1. white plays e2e4"
has "input: chosen by the rest of its text" "2. white plays b1c3"
has "input: a number that is none of them" "9 is not one of them"
hasnt "input: Enter chooses none" "3. white plays d2"
play "$(printf 'c3d4\nquit\n')" play english-draughts --north random --seed 1 --color=never
has "input: draughts without its separator" "1. black plays c3-d4"
# a text that starts too many moves is answered as an illegal move
play "$(printf 'a4\nquit\n')" play amazons --north random --seed 2 --color=never
hasnt "input: the start of many moves is not asked" "is the start of"
has "input: ... it gets the closest moves" "closest legal moves:"
# Bataille de ruches: 'huff' alone, when a huff is legal, asks which
ruches="2@a2 3@b7 8@f1 7@c8 5@b1 0@f7 0@d1 8@d7 7@c2 6@e8 1@f3 2@f9 3@b3 4@a8 6@g2 1@b9 4@e2 9@d9 9@d3 5@g8 d3-e4 f7-e6 e4-f5 e6-d5"
play "$(printf 'huff\ny\nquit\n')" play ruches --north random --seed 1 --color=never --moves "$ruches"
has "input: huff alone asks" "huff is the start of one legal move:"
has "input: huff chosen" "13. bees play huff d5"
play "$(printf 'huffd5\nquit\n')" play ruches --north random --seed 1 --color=never --moves "$ruches"
has "input: huffd5 for huff d5" "13. bees play huff d5"

# --- a lone pass is played for the human ---------------------------------------------------
printf 'board 3 x 1\nplayers a b\npiece p\nmoves a { pick c in empty_cells; place mover p at c; text c }\nmoves b { pass }\n' >"$tmp/pass.game"
play "$(printf 'undo\nquit\n')" play "$tmp/pass.game" --south random --north human --seed 1 --color=never
has "pass: said" "b: the only legal move is pass; it is played"
has "pass: played" "1... b plays pass"
has "pass: the game goes to its end" "game over: b wins -- a has no legal move"
has "pass: not the human's to undo" "nothing to undo"

# --- resign and draw ------------------------------------------------------------------------
play "$(printf 'e2e4\nresign\nhistory\nsave %s\nquit\n' "$tmp/resign.rec")" play chess --north random --seed 1 --color=never --save "$tmp/resign2.rec"
has "resign: the end and why" "game over: black wins -- white resigned"
has "resign: then the game-over prompt" "game over> history"
if grep -q '^result black wins$' "$tmp/resign.rec" && grep -q '^reason white resigned$' "$tmp/resign.rec" \
   && grep -q '^reason white resigned$' "$tmp/resign2.rec"
then pass "resign: recorded (save and --save)"
else fail "resign: recorded (save and --save)" "$(tr '\n' '|' <"$tmp/resign.rec")"; fi
play "" replay "$tmp/resign.rec"
has "resign: replay accepts it" "result: black wins (white resigned), as recorded"
play "$(printf 'undo\nquit\n')" play --load "$tmp/resign.rec" --color=never
has "resign: --load shows it over" "game over: black wins -- white resigned"
has "resign: undo takes the resignation back" "taken back: white resigned"
has "resign: and the game goes on" "white> quit"
# o has two threats, x offers a draw: declined; the computer accepts a
# position where the one offering it is not worse off
play "$(printf 'draw\nresign\nquit\n')" play tic-tac-toe --north random --moves "b2 a1 c2 a2 b3 b1" --level 3 --seed 1 --color=never
has "draw: a lost position, declined" "o declines the draw"
has "draw: then the game goes on" "game over: o wins -- x resigned"
# (x wins after o's a2: a proven win; the drawn position after "b2 a1 c3"
# was accepted on UCT's estimate, which GRAVE, on in placement games,
# puts below DRAW_ACCEPT_WINRATE)
play "$(printf 'draw\nsave %s\nquit\n' "$tmp/draw.rec")" play tic-tac-toe --north random --moves "b2 b1 a1" --level 3 --seed 1 --color=never
has "draw: accepted" "o accepts the draw"
has "draw: the end and why" "game over: draw -- by agreement"
if grep -q '^result draw$' "$tmp/draw.rec" && grep -q '^reason by agreement$' "$tmp/draw.rec"
then pass "draw: recorded"
else fail "draw: recorded" "$(tr '\n' '|' <"$tmp/draw.rec")"; fi
play "$(printf 'draw\nn\ndraw\ny\nquit\n')" play tic-tac-toe --south human --north human --color=never
has "draw between humans: asked" "x offers a draw; o, do you accept? (y/n) n"
has "draw between humans: declined" "o declines the draw"
has "draw between humans: accepted" "game over: draw -- by agreement"
play "$(printf 'resign\ndraw\nquit\n')" play "$tmp/three.game" --seed 1
has "resign: only with two players" "resign: only in a game of two players"
has "draw: only with two players" "draw: only in a game of two players"


# --- walking through a record: show --ply N, show --load FILE, replay --step -----------------
play "" show chess --moves "e2e4 e7e5 g1f3" --ply 1 --color=never
has "show --ply: the position after the first N moves" "ply: 1"
has "show --ply: its last move marked" "  4  .  .  .  . [P] .  .  . "
"$PLATEAU" show chess --moves e2e4 --color=never >"$tmp/want" 2>/dev/null
play "" show chess --moves "e2e4 e7e5 g1f3" --ply 1 --color=never
if cmp -s "$tmp/out" "$tmp/want"; then pass "show --ply 1: as --moves with the first move"
else fail "show --ply 1: as --moves with the first move" "differs"; fi
play "" show chess --moves "e2e4" --ply 2
if [ "$rc" = 2 ] && grep -q -- "--ply must be between 0 and 1" "$tmp/err"; then pass "show --ply beyond the moves refused"
else fail "show --ply beyond the moves refused" "exit status $rc"; fi
printf 'e2e4\ng1f3\nsave %s\nquit\n' "$tmp/walk.rec" | "$PLATEAU" play chess --north random --seed 1 >/dev/null 2>&1
play "" show --load "$tmp/walk.rec" --ply 3 --color=never
has "show --load --ply: the record's game" "to move: black"
has "show --load --ply: the ply" "ply: 3"
play "" show --load "$tmp/walk.rec" --moves e2e4
if [ "$rc" = 2 ]; then pass "show --load with --moves refused"; else fail "show --load with --moves refused" "exit status $rc"; fi
play "" replay "$tmp/walk.rec" --step --color=never
has "replay --step: the start" "the start:"
has "replay --step: each move" "move 4: black plays "
has "replay --step: then the result" "result: unfinished"
if [ "$(grep -c '^     a  b  c  d  e  f  g  h' "$tmp/out")" = 5 ]; then pass "replay --step: a board per move and the start"
else fail "replay --step: a board per move and the start" "$(grep -c '^     a' "$tmp/out") boards"; fi
play "$(printf '\nq\n')" replay "$tmp/walk.rec" --step --color=never
has "replay --step: q stops" "stopped after move 2 of 4"
hasnt "replay --step: ... no move after it" "move 3:"


# --- the side panel -------------------------------------------------------------------------
play "$(printf 'e2e4\nquit\n')" play chess --north random --seed 1 --color=never
has "panel: the turn and the move number" "  8  r  n  b  q  k  b  n  r     move 2: white to move"
has "panel: the last move" "  7  p  p  p [.] p  p  p  p     last: 1... black d7d6"
has "panel: the players" "  6  .  .  . [p] .  .  .  .     white: human"
has "panel: the game's variables moved beside the board" "  3  .  .  .  .  .  .  .  .     en passant: off"
if [ "$(grep -c 'en passant' "$tmp/out")" = 2 ]; then pass "panel: the variables not also under the board"
else fail "panel: the variables not also under the board" "$(grep -c 'en passant' "$tmp/out")"; fi
has "panel: the legend stays under the board" "    P = pawn, N = knight"
play "$(printf 'quit\n')" play morris --north random --seed 1 --color=never
has "panel: hands" "in hand: white 9, black 9"
if grep -q "^  7 .*move 1: white to move" "$tmp/out"; then pass "panel: beside a board with holes"
else fail "panel: beside a board with holes" "no panel"; fi
play "$(printf 'quit\n')" play gyges --north random --seed 1 --color=never
if grep -q "^    S: \. *$" "$tmp/out" && grep -q "^  2  .*rings of 1 to place" "$tmp/out"
then pass "panel: cells off the grid stay under the board"
else fail "panel: cells off the grid stay under the board" "moved"; fi
printf 'e2e4\nquit\n' | COLUMNS=50 "$PLATEAU" play chess --north random --seed 1 --color=never >"$tmp/out" 2>"$tmp/err"; rc=$?
hasnt "panel: not when the screen is too narrow" "to move"
has "panel: ... the variables stay under the board" "    en passant: off"
play "$(printf 'e2e4\nquit\n')" play chess --north random --seed 1 --color=never --no-panel
hasnt "--no-panel" "to move"
play "$(printf 'a1\nquit\n')" play tic-tac-toe --north random --seed 1 --moves "b1 c3 c1 a3" --color=never
has "panel: after the end" "game over after 5 plies"


# --- clocks: --time MIN[+INC] -----------------------------------------------------------------
play "$(printf 'b2\nquit\n')" play tic-tac-toe --time 1+2 --north random --seed 1 --color=never
has "clock: in the panel" "  2  .  .  .     x: human  1:00"
has "clock: in the prompt" "x 1:00> b2"
has "clock: the increment added after the move" "1. x plays b2  (clock 1:02)"
has "clock: the computer's too" "1... o plays c1  (clock 1:02)"
for bad in 5x 0 +3 1+ 1+-2 -1; do
    play "" play tic-tac-toe --time "$bad"
    if [ "$rc" = 2 ] && grep -q "is not MIN\[+INC\]" "$tmp/err"; then pass "clock: --time $bad refused"
    else fail "clock: --time $bad refused" "exit status $rc"; fi
done
play "" play "$tmp/three.game" --time 1 --seed 1
if [ "$rc" = 2 ] && grep -q "clocks are for games of two players" "$tmp/err"; then pass "clock: two players only"
else fail "clock: two players only" "exit status $rc"; fi
# a human who does not answer within 0.6 s loses on time (the prompt gives
# up), also while a question is asked (b is the start of b1, b2 and b3);
# the two games are played side by side
(sleep 2; printf 'undo\nquit\n') | "$PLATEAU" play tic-tac-toe --time 0.01 --north random --seed 1 \
    --color=never --save "$tmp/flag.rec" >"$tmp/out1" 2>&1 &
(printf 'b\n'; sleep 2) | "$PLATEAU" play tic-tac-toe --time 0.01 --north random --seed 1 \
    --color=never >"$tmp/out2" 2>&1
rc=$?
wait $! || rc=1
cp "$tmp/out1" "$tmp/out"
has "clock: the human's time runs out" "game over: o wins -- x lost on time"
has "clock: shown at 0" "x: human  0:00.0"
hasnt "clock: no move after the flag fell" "x plays"
has "clock: a loss on time is not taken back" "a loss on time cannot be taken back"
if grep -q '^result o wins$' "$tmp/flag.rec" && grep -q '^reason x lost on time$' "$tmp/flag.rec"
then pass "clock: the time loss recorded"
else fail "clock: the time loss recorded" "$(tr '\n' '|' <"$tmp/flag.rec")"; fi
cp "$tmp/out2" "$tmp/out"
has "clock: asked which move" "b is the start of 3 legal moves:"
has "clock: the time runs out while asked" "game over: o wins -- x lost on time"
# computers manage their time: level 7 thinks 1 s a move, but with 3 s on
# the clock it spends about 3/30 s
play "" play breakthrough --south ai --north ai:level=7 --time 0.05 --seed 1 --max-plies 6 --verbose --color=never
has "clock: computers move" "3... black plays "
hasnt "clock: within their time" "lost on time"
slow=$(sed -n 's/.*(clock [0-9:.]*)  (\([0-9.]*\) s,.*/\1/p' "$tmp/out" | awk '$1 > 0.3' | head -1)
n=$(grep -c "(clock [0-9:.]*)  ([0-9.]* s," "$tmp/out")
if [ "$n" = 6 ] && [ -z "$slow" ]; then pass "clock: each computer move spends a share of its clock"
else fail "clock: each computer move spends a share of its clock" "$n moves, one of $slow s"; fi
# records keep the clocks (the `clock` line): saved when the game is
# left, resumed by --load where they were (not full), printed by replay;
# --time gives fresh ones; a record without clocks resumes untimed; a
# malformed clock line is refused
play "$(printf 'b2\nquit\n')" play tic-tac-toe --time 1+2 --north random --seed 1 --color=never \
    --save "$tmp/clk.rec"
if [ "$rc" = 0 ] && grep -q '^clock 60+2 6[12]\(\.[0-9]*\)\{0,1\} 6[12]\(\.[0-9]*\)\{0,1\}$' "$tmp/clk.rec"
then pass "clock: saved in the record"
else fail "clock: saved in the record" "$(tr '\n' '|' <"$tmp/clk.rec")"; fi
sed 's/^clock .*/clock 60+2 45.2 30.25/' "$tmp/clk.rec" >"$tmp/clk2.rec"
play "$(printf 'quit\n')" play --load "$tmp/clk2.rec" --color=never --save "$tmp/clk3.rec"
has "clock: --load resumes x's clock" "x: human  0:45"
has "clock: --load resumes o's clock" "o: random  0:30"
has "clock: --load, the prompt" "x 0:45> quit"
if grep -q '^clock 60+2 4[45]\(\.[0-9]*\)\{0,1\} 30\.25$' "$tmp/clk3.rec"
then pass "clock: saved again as resumed (the mover's clock ran)"
else fail "clock: saved again as resumed" "$(tr '\n' '|' <"$tmp/clk3.rec")"; fi
play "$(printf 'b1\nquit\n')" play --load "$tmp/clk2.rec" --color=never
has "clock: the increment after a resumed move" "2. x plays b1  (clock 0:47)"
play "$(printf 'quit\n')" play --load "$tmp/clk2.rec" --time 2 --color=never
has "clock: --load --time gives fresh clocks" "x: human  2:00"
play "" replay "$tmp/clk2.rec"
has "clock: replay prints the clocks" "clock 1+2: x 0:45 left, o 0:30 left"
play "" show --load "$tmp/clk2.rec" --color=never
has "clock: show ignores them" "[O]"
grep -v '^clock ' "$tmp/clk.rec" >"$tmp/noclk.rec"
play "$(printf 'quit\n')" play --load "$tmp/noclk.rec" --color=never
has "clock: a record without clocks resumes untimed" "x> quit"
hasnt "clock: a record without clocks, no clock shown" "x: human  "
sed 's/^clock .*/clock 60+2 45.2 soon/' "$tmp/clk.rec" >"$tmp/badclk.rec"
play "" play --load "$tmp/badclk.rec"
if [ "$rc" = 1 ] && grep -q "badclk.rec:9: 'clock' needs BASE+INC and each seat's time left, in seconds (clock 300+3 287.4 290.1), not '60+2 45.2 soon'" "$tmp/err"
then pass "clock: a malformed clock line refused"
else fail "clock: a malformed clock line refused" "exit status $rc"; fi
play "" replay "$tmp/badclk.rec"
if [ "$rc" = 1 ] && grep -q "'clock' needs BASE+INC" "$tmp/err"
then pass "clock: replay refuses it too"
else fail "clock: replay refuses it too" "exit status $rc"; fi
sed 's/^clock .*/clock 60+2 1 2 3/' "$tmp/clk.rec" >"$tmp/clk3p.rec"
play "" play --load "$tmp/clk3p.rec"
if [ "$rc" = 1 ] && grep -q "its 'clock' line gives 3 times left, but clocks are for games of two players" "$tmp/err"
then pass "clock: one time per player"
else fail "clock: one time per player" "exit status $rc"; fi

# --- the win estimate, once it means something ----------------------------------------------
play "" play breakthrough --south mcts:level=1 --north alphabeta:depth=1 --max-plies 2 --verbose --seed 1 --color=never
# (the times are left out: a loaded machine or a sanitizer build is slower)
has "estimate: MCTS figures" "1. white plays f2-e3  (" && has "estimate: MCTS figures" " s, 10 iterations, best f2-e3)"
hasnt "estimate: no win rate from 10 iterations" "win "
hasnt "estimate: no eval at depth 1" "eval "
# (iterations, not a level: a level stops at its time, which a loaded
# machine or a sanitizer build may reach first)
play "" play breakthrough --south mcts:iterations=1500 --north alphabeta:depth=3 --max-plies 2 --verbose --seed 1 --color=never
has "estimate: a win rate from 1500 iterations" "1500 iterations, best "
has "estimate: a win rate from 1500 iterations" ", win "
has "estimate: an eval at depth 3" "depth 3, 707 nodes, best a7-a6, eval "
# (UCT's iterations, rave=off: GRAVE, on in placement games by default,
# visits the moves in another order)
play "" play tic-tac-toe --south alphabeta:depth=9 --north mcts:level=1,rave=off --moves "b2 a1 c2 a2" --verbose --seed 1 --color=never
has "estimate: a proven result always, at level 1 (the root screen proves it after 7 of its 10 iterations)" "7 iterations, best c1, draws"

# --- a scripted session in every shipped game ------------------------------------------------
# (against ai at level 1): an illegal move, the first legal move typed
# without its separators (asked which when that names several: 1),
# history, undo, resign (refused in a game of one player), quit
for g in $("$PLATEAU" list 2>/dev/null | awk '{print $1}'); do
    first=$("$PLATEAU" moves "$g" 2>/dev/null | head -1)
    squeezed=$(printf '%s' "$first" | tr -d -c 'A-Za-z0-9')
    same=$("$PLATEAU" moves "$g" 2>/dev/null | tr -d -c 'A-Za-z0-9\n' | grep -c -x -i "$squeezed")
    choice=; [ "$same" -gt 1 ] && choice='1\n'
    play "$(printf "zz99\n%s\n${choice}history\nundo\nhistory\nresign\nquit\n" "$squeezed")" play "$g" --south human --level 1 --seed 1 --color=never
    ok=1
    [ "$rc" = 0 ] || ok=0
    grep -q "^zz99: " "$tmp/out" || ok=0
    grep -q "legal moves:" "$tmp/out" || ok=0
    grep -q "^1\. [^ ]* plays\{0,1\} " "$tmp/out" || ok=0   # "hounds play"
    grep -q "^no move yet" "$tmp/out" || ok=0
    grep -q -- "-- [^ ]* resigned\|resign: only in a game of two players" "$tmp/out" || ok=0
    if grep -q "runtime error" "$tmp/out" "$tmp/err"; then ok=0; fi
    if [ "$ok" = 1 ]; then pass "session: $g ($squeezed for $first)"
    else fail "session: $g" "exit status $rc"; fi
done


# --- golden screens: a scripted session per shipped game in a pseudo-terminal ----------------
# The output is a terminal (script(1), 100 columns), colour forced on, the
# input a file of typed lines; against random (seeded: the same game every
# time; a game of one player has no north, one of more players has
# random seat3 ... too): the first legal move, typed
# as the start of a few moves when it has one (answering the question
# with the whole move), else without its separators; an illegal move,
# history, save, undo, history, resign, quit.  The screens, colour codes
# included, are tests/cli/golden/session-GAME.txt (UPDATE_GOLDEN=1
# rewrites them).
mkdir -p "$tmp/session"
for g in $("$PLATEAU" list 2>/dev/null | awk '{print $1}'); do
    first=$("$PLATEAU" moves "$g" 2>/dev/null | head -1)
    squeezed=$(printf '%s' "$first" | tr -d -c 'A-Za-z0-9')
    same=$("$PLATEAU" moves "$g" 2>/dev/null | tr -d -c 'A-Za-z0-9\n' | grep -c -x -i "$squeezed")
    choice=; [ "$same" -gt 1 ] && choice='1\n'
    # the longest start of it that is no move and starts 2 to 12 moves:
    # typed, it asks which, answered with the whole move
    part=$("$PLATEAU" moves "$g" 2>/dev/null | tr -d -c 'A-Za-z0-9\n' | tr 'A-Z' 'a-z' | sort -u |
        awk -v t="$(printf '%s' "$squeezed" | tr 'A-Z' 'a-z')" '{ m[NR] = $0 }
            END { for (l = length(t) - 1; l >= 1; l--) { p = substr(t, 1, l); n = 0; ex = 0
                    for (i in m) { if (m[i] == p) ex = 1; if (substr(m[i], 1, l) == p) n++ }
                    if (!ex && n >= 2 && n <= 12) { print p; exit } } }')
    if [ -n "$part" ]; then typed="$part\n$squeezed\n"; else typed="$squeezed\n$choice"; fi
    printf "${typed}zz99\nhistory\nsave g.rec\nundo\nhistory\nresign\nquit\n" >"$tmp/session/in"
    north="--north random"   # (none in a game of one player)
    "$PLATEAU" play "$g" $north </dev/null >/dev/null 2>&1 || north=
    for s in 3 4 5 6; do     # the seats of a game of more players: random too
        "$PLATEAU" play "$g" $north --seat$s random </dev/null >/dev/null 2>&1 || break
        north="$north --seat$s random"
    done
    in_tty "cd '$tmp/session' && stty cols 100 rows 50 && '$PLATEAU' play '$g' --south human $north --seed 1 --color=always <in"
    ok=1
    [ "$rc" = 0 ] || ok=0
    grep -q "$esc\[" "$tmp/out" || ok=0
    grep -q "^zz99: " "$tmp/out" || ok=0
    grep -q "^1\. [^ ]* plays\{0,1\} " "$tmp/out" || ok=0   # "hounds play"
    grep -q "saved to g.rec" "$tmp/out" || ok=0
    grep -q -- "-- [^ ]* resigned\|resign: only in a game of two players" "$tmp/out" || ok=0
    if [ "$ok" = 1 ]; then golden "golden session: $g" "session-$g.txt"
    else fail "golden session: $g" "exit status $rc, or a step missing"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
