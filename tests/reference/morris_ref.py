#!/usr/bin/env python3
"""morris_ref.py -- an independent reference for the perft numbers of Nine
men's morris (games/mill/morris.game) pinned in tests/test_classics_a.c.
Not run in CI: run it by hand after a change to the game file or the engine,

    python3 tests/reference/morris_ref.py               # every table entry
    python3 tests/reference/morris_ref.py --check       # exit 1 on a mismatch
    python3 tests/reference/morris_ref.py --start 5     # perft 1..5 from the start
    python3 tests/reference/morris_ref.py --make SEED PLIES
                        # a seeded random game of this script: its moves and
                        # perft(1..3) after them (how the table was made)
    python3 tests/reference/morris_ref.py --games 200 build/plateau

Timing: the table takes a few seconds, perft(5) from the start about 2
minutes (5140800, the published figure).

The last form replays 200 seeded random games played by the CLI (`plateau
play morris --south random --north random --seed S`): every move must be
legal here, the legal moves must be the same at every 10th ply (`plateau
moves`), and the game must end at the same ply with the same result.

It shares no code with Plateau: the board is written as the usual list of
24 points, 16 mills and the 32 lines joining neighbours (the game file
computes neighbours and mills from coordinates instead), from the rules of
docs/games/morris.md.  Perft follows docs/cli.md ("perft"): the number of
distinct legal move sequences of length d (one per distinct move text),
stopping at finished games (a finished game counts 1 at depth 0, 0 beyond).

Rules as written here:
- each player places 9 men, one a turn (white first), then moves; a man
  slides to a neighbouring empty point; a player with exactly 3 men on the
  board and none in hand may fly to any empty point;
- a man placed or moved into a mill (three of his men on one of the 16
  lines) removes an enemy man, not one in a mill unless all enemy men are
  in mills; the move text is "d1xa4" or "d2-d1xa4"; with no enemy man on
  the board, nothing is removed;
- after a move: the opponent, with fewer than 3 men on the board and in
  hand, has lost; else a position (board, hands, player to move) seen for
  the third time is a draw; else a player who cannot move has lost.
"""
import random
import subprocess
import sys

POINTS = ("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 "
          "c5 d5 e5 b6 d6 f6 a7 d7 g7").split()
MILLS = [m.split() for m in (
    "a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
    "b6 d6 f6", "a7 d7 g7",
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5",
    "f2 f4 f6", "g1 g4 g7")]
NEIGHBOURS = {p: set() for p in POINTS}
for m in MILLS:
    for a, b in ((m[0], m[1]), (m[1], m[2])):
        NEIGHBOURS[a].add(b)
        NEIGHBOURS[b].add(a)
MILLS_OF = {p: [m for m in MILLS if p in m] for p in POINTS}
PLAYERS = ["white", "black"]
DRAW = "draw"


class Pos:
    """board: point -> 0 / 1 / None; hand: men not placed; turn; seen:
    how many times each position of the game so far occurred."""

    def __init__(self, board, hand, turn, seen):
        self.board, self.hand, self.turn, self.seen = board, hand, turn, seen

    def key(self):
        return (tuple(self.board[p] for p in POINTS), tuple(self.hand), self.turn)


def start():
    pos = Pos({p: None for p in POINTS}, [9, 9], 0, {})
    pos.seen = {pos.key(): 1}
    return pos


def in_mill(board, p):
    who = board[p]
    return who is not None and any(all(board[q] == who for q in m) for m in MILLS_OF[p])


def material(pos, who):
    return sum(1 for p in POINTS if pos.board[p] == who) + pos.hand[who]


def moves(pos):
    """All legal moves: {text: position after it}."""
    me, you = pos.turn, 1 - pos.turn
    out = {}

    def finish(board, hand, text, dest):
        enemy = [p for p in POINTS if board[p] == you]
        if in_mill(board, dest) and enemy:
            free = [p for p in enemy if not in_mill(board, p)] or enemy
            for v in free:
                b2 = dict(board)
                b2[v] = None
                out[text + "x" + v] = (b2, hand)
        else:
            out[text] = (board, hand)

    empties = [p for p in POINTS if pos.board[p] is None]
    if pos.hand[me] > 0:
        for e in empties:
            b = dict(pos.board)
            b[e] = me
            h = list(pos.hand)
            h[me] -= 1
            finish(b, h, e, e)
    else:
        mine = [p for p in POINTS if pos.board[p] == me]
        fly = len(mine) == 3
        for f in mine:
            for e in empties:
                if fly or e in NEIGHBOURS[f]:
                    b = dict(pos.board)
                    b[f], b[e] = None, me
                    finish(b, list(pos.hand), f + "-" + e, e)
    result = {}
    for t, (b, h) in out.items():
        child = Pos(b, h, you, None)
        seen = dict(pos.seen)
        k = child.key()
        seen[k] = seen.get(k, 0) + 1
        child.seen = seen
        result[t] = child
    return result


def status(pos, ms=None):
    """None while the game goes on, else the winner's index or DRAW;
    `pos` is the position after a move of 1 - pos.turn."""
    mover, nxt = 1 - pos.turn, pos.turn
    if material(pos, nxt) < 3:
        return mover
    if pos.seen.get(pos.key(), 0) >= 3:
        return DRAW
    if ms is None:
        ms = moves(pos)
    if not ms:
        return mover
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
        ms = moves(pos)
        if i > 0 and status(pos, ms) is not None:
            raise SystemExit("game over before %s" % t)
        if t not in ms:
            raise SystemExit("illegal move %d: %s" % (i + 1, t))
        pos = ms[t]
    return pos


def describe(pos):
    men = [sum(1 for p in POINTS if pos.board[p] == w) for w in (0, 1)]
    return "men %s hand %s to move %s" % (men, pos.hand, PLAYERS[pos.turn])


# Seeded random games of this script (--make SEED PLIES), cut where the
# game reaches the phase to test; the figures are perft(1..3) after them,
# computed here and pinned, the same, in tests/test_classics_a.c.
POSITIONS = [
    # seed 19, 12 plies: placing: a mill; every black man is in a mill, any may go
    ("g1 a4 e5 b4 f4 c4xf4 e3 d7 g7 d5 c3 d6xc3",
     [24, 336, 4524]),
    # seed 5, 18 plies: the first slides
    ("f4 c5 d5 g7 f2 a1 e5 d1 a7 c4 b6 d6 g1 c3xf2 e3 f6 b2 d3",
     [16, 112, 1341]),
    # seed 11, 40 plies: sliding, after five removals
    ("d7 f2 e3 e4 f6 g7 c3 b6 f4 d1 c4 a4 d3xe4 c5 b2 a7 g4 g1 f6-d6 "
     "a4-a1xc4 e3-e4xf2 c5-c4 e4-e3xb6 d1-d2 f4-e4 a7-a4 b2-b4 d2-d1xg4 "
     "b4-b6 a4-a7 b6-b4 a7-a4 d6-b6 g7-g4 b4-b2 g4-g7 e4-e5 c4-b4 e5-d5 "
     "g7-g4",
     [13, 63, 697]),
    # seed 6, 41 plies: white down to three: white flies
    ("f2 a7 e4 d1 a4 a1 c4 g4 f4 e5 d3 b2 c5 g1xf4 c3xb2 g7xd3 d5 d7xe4 "
     "f2-d2 g4-f4 a4-b4 e5-e4 d5-e5 g1-g4xe5 c5-d5 d1-g1xb4 d2-f2 e4-e5 "
     "c4-b4 e5-e4xc3 f2-a4 g1-d1 b4-c4 f4-f2 a4-d3 d7-d6 d3-c5 d1-d2 "
     "c4-b4 g4-f4 b4-e5xd6",
     [14, 462, 5990]),
    # seed 2, 37 plies: black flies
    ("a4 b2 b4 d7 c4xd7 d6 d5 d2 a7 d3 f4 f2xd5 g1 e5 g7 d5 d7xe5 e5 "
     "f4-g4xd5 f2-f4 c4-c3 d2-d1 a4-a1 d3-e3 b4-a4xf4 d6-f6 d7-d6 e5-e4 "
     "d6-d7xe3 d1-d2 d7-d6 d2-d3 c3-c4 d3-d2 a1-d1 d2-d3 d1-a1xd3",
     [39, 517, 16383]),
    # seed 22, 141 plies: both fly
    ("b4 c5 a1 g4 e5 c4 b6 d6 b2xc4 d5 d1 a7 f6 e3 d7 g1 f2 g7xf2 a1-a4 "
     "c5-c4 e5-e4 d5-c5 d1-a1 e3-d3 b2-d2 d3-c3xa1 b4-b2 g1-d1 d2-d3 "
     "d6-d5 e4-e5 c4-b4 d7-d6xd5 d1-g1xa4 d6-d7 b4-c4xb2 e5-e4 c5-d5 "
     "f6-f4 g1-d1 f4-f6 d1-d2 d7-d6xc3 c4-c5 d3-e3 d2-f2 b6-b4 f2-f4 "
     "b4-c4 a7-a4 d6-d7 a4-b4 e4-e5 b4-b6 e5-e4 d5-e5 f6-d6 c5-d5 c4-c5 "
     "f4-f6 e4-f4 g4-g1 c5-c4 e5-e4 e3-d3 g1-g4 d7-a7 b6-b4 a7-d7 g4-g1 "
     "d6-b6 b4-b2 d3-d2 f6-d6 b6-b4 d6-f6 d7-d6 e4-e5 d2-f2 b2-d2 b4-b2 "
     "g7-g4 c4-b4 d2-d3 b2-d2 g1-d1 b4-b2xg4 d3-c3 d2-d3 d1-d2 d6-b6 "
     "f6-d6 b6-b4 d6-b6 b4-a4 b6-b4 f4-f6 b4-c4 b2-b4 d5-c5xf2 f6-d6 "
     "c5-d5 a4-a1 c4-c5xd6 b4-f2 c3-c4 a1-e3 d5-d6 e3-g1 c4-b4 d3-d1 "
     "e5-e4 g1-d7 d6-b6 d1-d6 d2-d3 d7-a7 e4-f4 f2-g7 d3-e3 d6-e4 b4-b2 "
     "g7-d1 c5-d5 a7-d3 f4-g4 d3-a1 b2-d2 a1-a7 d2-b2 e4-a1 d5-d6 "
     "d1-a4xg4 b2-d2 a4-c5 d2-b2 a1-e5 e3-d3 e5-d5 d3-d2 a7-e5xb6",
     [56, 2862, 157782]),
    # seed 1347, 16 plies: white is blocked after the last placement
    ("e3 f2 c4 a4 e4 d1 d2 b4 c3 f4 b6 e5 d3xa4 f6xb6 b2 d5",
     [13, 157, 338]),
    # seed 417, 51 plies: a threefold repetition draw within reach
    ("f4 a7 a4 d7 d3 b2 e4 a1 g4xa1 a1 f6 g1 c3 b4 e3xb4 d2 b4 d1xb4 "
     "a4-b4 d2-f2 d3-d2 a1-a4 d2-d3xa7 d1-d2xf6 b4-b6 d7-g7 e4-e5 a4-a1 "
     "e5-e4xg7 g1-d1 e4-e5 d1-g1 b6-d6 d2-d1xg4 d6-d7 d1-d2xf4 d7-a7 "
     "b2-b4 e3-e4 f2-f4 d3-e3xf4 d2-d3 c3-c4 d3-c3 a7-d7 c3-d3 d7-a7 "
     "b4-a4 c4-c3 a4-b4 a7-a4",
     [7, 33, 258]),
    # seed 33, 43 plies, then b6-b4: repetition: some lines repeat a position for the third time
    ("f2 b6 g4 c5 d2 f4 f6 g7 b2xf4 d7 f4xg7 d3 e5 c3 a7 c4xe5 e3 d5 "
     "f6-d6 d7-g7 a7-d7 d5-e5 e3-e4xd3 c5-d5 d6-f6xc3 c4-b4 e4-e3 e5-e4 "
     "d2-d3 b4-a4 b2-b4 b6-d6 d3-d2 a4-a7 b4-b2xa7 d6-b6 d2-d1 e4-e5 "
     "e3-d3 b6-d6 d3-e3 d6-b6 e3-d3 b6-b4",
     [25, 696, 8122]),
]


def make(seed, plies):
    rng = random.Random(seed)
    pos = start()
    played = []
    mills = 0
    for i in range(plies):
        ms = moves(pos)
        if i > 0 and status(pos, ms) is not None:
            break
        t = rng.choice(sorted(ms))
        mills += "x" in t
        played.append(t)
        pos = ms[t]
    print(" ".join(played))
    print("%d plies, %d removals, %s; status %s" % (
        len(played), mills, describe(pos), status(pos)))
    print([perft(pos, d) for d in (1, 2, 3)])


def run_cli(args):
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def random_games(plateau, count):
    bad = 0
    for seed in range(1, count + 1):
        out = run_cli([plateau, "play", "morris", "--south", "random", "--north",
                       "random", "--seed", str(seed)])
        played = [l.split()[3] for l in out.splitlines() if " plays " in l]
        want = out.strip().splitlines()[-1].replace("game over: ", "")
        pos = start()
        why = None
        for i, t in enumerate(played):
            ms = moves(pos)
            if i > 0 and status(pos, ms) is not None:
                why = "over before move %d %s" % (i + 1, t)
                break
            if i % 10 == 0:
                theirs = run_cli([plateau, "moves", "morris", "--moves",
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
        make(int(argv[k + 1]), int(argv[k + 2]))
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
