#!/usr/bin/env python3
"""pentago_ref.py -- an independent reference for the perft numbers of
Pentago (games/alignment/pentago.game) pinned in tests/test_classics_a.c.
Not run in CI: run it by hand after a change to the game file or the engine,

    python3 tests/reference/pentago_ref.py               # every table entry
    python3 tests/reference/pentago_ref.py --check       # exit 1 on a mismatch
    python3 tests/reference/pentago_ref.py --start 2     # perft 1..2 from the start
    python3 tests/reference/pentago_ref.py --make SEED PLIES
                        # a seeded random game of this script: its moves and
                        # perft(1..2) after them (how the table was made)
    python3 tests/reference/pentago_ref.py --games 100 build/plateau

Timing: the table takes about 3 minutes (its depth-3 entries).

The last form replays 100 seeded random games played by the CLI (`plateau
play pentago --south random --north random --seed S`): every move must be
legal here, the legal moves must be the same every 5th ply (`plateau
moves`), and the game must end at the same ply with the same result.

It shares no code with Plateau: the board is a list of six rows, printed
north (row 6) first as `plateau show` draws it, and a quarter turn is the
usual rotation of a 3 x 3 sub-matrix (the game file moves the marbles round
in two cycles of four instead).  Rules, from docs/games/pentago.md:

- a move puts a marble of the mover on an empty cell, then turns one of the
  four quadrants (a1-c3 "sw", d1-f3 "se", a4-c6 "nw", d4-f6 "ne") a
  quarter turn clockwise ("+") or anticlockwise ("-"), as seen with row 6
  at the top; the move text is e.g. "c3/ne+", so every placement has eight
  moves, even when a turn changes nothing;
- after the turn, five or more marbles of one player in a row, column or
  diagonal: that player wins; both players: a draw; else a full board is a
  draw.

Perft follows docs/cli.md ("perft"): the number of distinct legal move
sequences of length d (one per distinct move text), stopping at finished
games (a finished game counts 1 at depth 0, 0 beyond).  The published
figures from the start are 288, 80640, 21934080.
"""
import random
import subprocess
import sys

N = 6
FILES = "abcdef"
PLAYERS = ["white", "black"]
DRAW = "draw"
# quadrant name -> (top row index, left column index) in the matrix, whose
# row 0 is the board's row 6
QUADRANTS = {"nw": (0, 0), "ne": (0, 3), "sw": (3, 0), "se": (3, 3)}


def cell_name(i, j):
    return FILES[j] + str(N - i)


def rotate(grid, quadrant, clockwise):
    top, left = QUADRANTS[quadrant]
    sub = [[grid[top + i][left + j] for j in range(3)] for i in range(3)]
    if clockwise:       # the left column, read upward, becomes the top row
        new = [[sub[2 - j][i] for j in range(3)] for i in range(3)]
    else:               # the right column, read downward, becomes the top row
        new = [[sub[j][2 - i] for j in range(3)] for i in range(3)]
    out = [row[:] for row in grid]
    for i in range(3):
        for j in range(3):
            out[top + i][left + j] = new[i][j]
    return out


def lines():
    """Every five cells in a line: rows, columns, both diagonals."""
    out = []
    for i in range(N):
        for j in range(N):
            for di, dj in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(i + k * di, j + k * dj) for k in range(5)]
                if all(0 <= a < N and 0 <= b < N for a, b in cells):
                    out.append(cells)
    return out


LINES = lines()
assert len(LINES) == 32


def five(grid, who):
    return any(all(grid[a][b] == who for a, b in l) for l in LINES)


class Pos:
    def __init__(self, grid, turn):
        self.grid, self.turn = grid, turn


def start():
    return Pos([[None] * N for _ in range(N)], 0)


def moves(pos):
    out = {}
    for i in range(N):
        for j in range(N):
            if pos.grid[i][j] is not None:
                continue
            g = [row[:] for row in pos.grid]
            g[i][j] = pos.turn
            for q in QUADRANTS:
                for cw, sign in ((True, "+"), (False, "-")):
                    out["%s/%s%s" % (cell_name(i, j), q, sign)] = Pos(
                        rotate(g, q, cw), 1 - pos.turn)
    return out


def status(pos):
    """After a move of 1 - pos.turn: None, the winner's index or DRAW."""
    a, b = five(pos.grid, 0), five(pos.grid, 1)
    if a and b:
        return DRAW
    if a or b:
        return 0 if a else 1
    if all(x is not None for row in pos.grid for x in row):
        return DRAW
    return None


def perft(pos, depth, top=True):
    if not top and status(pos) is not None:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(c, depth - 1, False) for c in ms.values())


def replay(text):
    pos = start()
    for i, t in enumerate(text.split()):
        if i > 0 and status(pos) is not None:
            raise SystemExit("game over before %s" % t)
        ms = moves(pos)
        if t not in ms:
            raise SystemExit("illegal move %d: %s" % (i + 1, t))
        pos = ms[t]
    return pos


# Seeded random games of this script (--make SEED PLIES); the figures are
# perft(1..) after them, computed here and pinned, the same, in
# tests/test_classics_a.c.
POSITIONS = [
    # seed 72, 24 plies: a move makes five for both players: a draw (ply 25)
    ("a5/se- c1/sw- e1/ne+ e3/sw- d4/se- e4/se- e5/sw- e2/sw- d5/ne- "
     "a6/ne- f1/nw- f2/ne- c2/sw- b5/nw- c6/ne- a5/se+ a1/sw+ b4/ne+ "
     "f3/se+ a1/nw- f5/nw+ a4/ne+ f3/nw+ c3/se-",
     [96, 6688, 473760]),
    # seed 4, 19 plies: a turn gives the opponent five (ply 20)
    ("c4/ne+ d3/nw- b1/se+ e4/nw+ f5/se- a5/sw- a3/sw- a4/ne- a2/se- "
     "d2/sw+ e2/se+ c3/nw+ a2/sw- c4/ne+ e6/se- f2/ne- d6/se+ c6/sw+ "
     "b5/se+",
     [136, 15104, 1703040]),
    # seed 8, 33 plies: the board fills up without five: a draw
    ("c3/se+ e1/se- e2/ne+ b3/ne+ c2/nw+ e3/se+ a2/nw- a4/se- b1/nw- "
     "b5/sw- f6/sw- d6/ne- b6/se- d5/sw+ f5/se+ a1/sw- e5/se- f2/se+ "
     "f1/se+ e6/nw- f6/sw+ d3/ne- b4/ne+ c4/nw- a5/nw- e4/sw+ c1/se- "
     "a1/nw+ d2/nw+ d3/ne- c5/nw+ f3/sw+ f6/ne+",
     [24, 336, 1936]),
    # seed 3, 29 plies: five for the mover at ply 31
    ("c4/ne- f6/sw+ b3/nw+ e2/se- f4/nw+ d5/ne+ d3/se+ a3/ne+ e1/nw- "
     "a1/nw- d2/ne+ b6/nw+ e3/se- b6/nw- b5/ne- e5/ne+ f3/nw+ f4/se+ "
     "e6/ne- d3/se- b2/sw+ a6/se- e4/ne- a5/nw- d2/nw+ c4/ne- a1/ne- "
     "b1/ne+ b4/se+",
     [56, 2256, 70840]),
    # seed 169, 12 plies: a turn gives the opponent five as early as ply 13
    ("c5/nw+ f5/nw+ c1/ne- f6/se- b3/sw+ d2/sw- f1/nw+ f3/se+ c3/ne+ "
     "f6/se+ f1/ne+ e1/ne+",
     [192, 30912, 5043808]),
    # seed 32, 32 plies: five for both at ply 34
    ("a5/sw- c3/se- b5/nw+ d5/nw- d1/ne- d2/sw- a1/sw+ f1/ne+ a2/ne- "
     "b1/ne- c5/nw- e2/nw+ c6/se+ a4/sw+ e6/se- e4/ne+ d6/sw+ a2/ne+ "
     "f5/nw+ b2/ne+ a3/nw+ d4/sw+ f2/se- f6/nw+ c1/ne- c6/se+ c5/ne- "
     "f3/ne- a4/nw+ d3/se- a2/sw- b6/nw+",
     [32, 624, 7536]),
    # seed 5, 10 plies: an open middle game
    ("c5/nw+ d6/sw- f6/sw- a2/sw+ f3/sw+ e4/sw+ b3/sw- e1/sw+ a2/se- "
     "b2/ne+",
     [208, 41600, 7987200]),
]


def make(seed, plies, depth=2):
    rng = random.Random(seed)
    pos = start()
    played = []
    for i in range(plies):
        if i > 0 and status(pos) is not None:
            break
        ms = moves(pos)
        t = rng.choice(sorted(ms))
        played.append(t)
        pos = ms[t]
    print(" ".join(played))
    print("%d plies, %s to move; status %s" % (len(played), PLAYERS[pos.turn], status(pos)))
    print([perft(pos, d) for d in range(1, depth + 1)])


def run_cli(args):
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def random_games(plateau, count):
    bad = 0
    for seed in range(1, count + 1):
        out = run_cli([plateau, "play", "pentago", "--south", "random", "--north",
                       "random", "--seed", str(seed)])
        played = [l.split()[3] for l in out.splitlines() if " plays " in l]
        want = out.strip().splitlines()[-1].replace("game over: ", "")
        pos = start()
        why = None
        for i, t in enumerate(played):
            if i > 0 and status(pos) is not None:
                why = "over before move %d %s" % (i + 1, t)
                break
            ms = moves(pos)
            if i % 5 == 0:
                theirs = run_cli([plateau, "moves", "pentago", "--moves",
                                  " ".join(played[:i])]).split()
                if sorted(theirs) != sorted(ms):
                    why = "moves differ at ply %d" % i
                    break
            if t not in ms:
                why = "move %d %s illegal" % (i + 1, t)
                break
            pos = ms[t]
        if why is None:
            r = status(pos)
            got = {None: "not over", DRAW: "draw"}.get(
                r, "%s wins" % PLAYERS[r] if r in (0, 1) else r)
            if got != want:
                why = "result %s, engine %s" % (got, want)
        if why:
            bad += 1
            print("DIFF seed %d: %s" % (seed, why))
    print("%d random games replayed, %d differ" % (count, bad))
    return bad


def main(argv):
    if "--make" in argv:
        k = argv.index("--make")
        depth = int(argv[k + 3]) if len(argv) > k + 3 else 2
        make(int(argv[k + 1]), int(argv[k + 2]), depth)
        return 0
    if "--start" in argv:
        k = argv.index("--start")
        pos = start()
        for d in range(1, int(argv[k + 1]) + 1):
            print("perft(%d) = %d" % (d, perft(pos, d)), flush=True)
        return 0
    if "--games" in argv:
        k = argv.index("--games")
        plateau = argv[k + 2] if len(argv) > k + 2 else "build/plateau"
        return 1 if random_games(plateau, int(argv[k + 1])) else 0
    bad = 0
    for text, expect in POSITIONS:
        pos = replay(text)
        got = [perft(pos, d) for d in range(1, len(expect) + 1)]
        ok = got == expect
        bad += not ok
        print("%-4s %-40.40s %s%s" % ("ok" if ok else "DIFF", text, got,
                                      "" if ok else "  pinned: %s" % expect), flush=True)
    return 1 if "--check" in argv and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
