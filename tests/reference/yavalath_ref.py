#!/usr/bin/env python3
"""yavalath_ref.py -- an independent reference for Yavalath as
docs/games/yavalath.md states it: move lists, perft and results.  It
shares no code with Plateau nor with games/alignment/yavalath.game.  Not
run in CI: run it by hand after a change to the game file or to the engine,

    python3 tests/reference/yavalath_ref.py 3                    # perft 1..3 from the start
    python3 tests/reference/yavalath_ref.py 2 "i5 g3 k5"         # after these moves
    python3 tests/reference/yavalath_ref.py --list "i5 g3"
    python3 tests/reference/yavalath_ref.py --random SEED PLIES  # a seeded careful random game
    python3 tests/reference/yavalath_ref.py --games 20 build/plateau [FIRST_SEED]

`--random` plays from the start with random.Random(SEED): at each ply a
uniform choice among the sorted moves that neither lose at once (make a
three without a four) nor win at once, while there is one, else among all
moves; for PLIES plies or until the game ends.  It prints the moves and
how many winning and losing placements each side has.  `--games N PLATEAU`
plays N such games and compares, at every ply, this script's legal moves
with `plateau moves yavalath --moves ...`, then the result.

The rules, read literally:
- the board is a hexagon of side 5: the 61 cells (q, r) of a hex grid
  (axial coordinates) with |q|, |r| and |q + r| at most 4; a cell is named
  by its row from the south, 1..9 (r + 5), and a letter: the column
  letter of 'abcdefghijklmnopq' at position 9 + 2q + r (1 = a), so that
  the centre is i5, the rows are e1 g1 i1 k1 m1, ..., a5 c5 ... q5, ...,
  e9 ... m9;
- the three lines through a cell are along (1, 0), (0, 1) and (-1, 1);
- players (White first) put a stone of their colour on an empty cell;
- a player whose stone makes four or more of their stones in a row on one
  line wins at once; otherwise, one whose stone makes exactly three in a
  row on a line loses at once; a full board otherwise is a draw.
"""
import random
import subprocess
import sys

COLS = "abcdefghijklmnopq"
CELLS = [(q, r) for r in range(-4, 5) for q in range(-4, 5) if abs(q + r) <= 4]
AXES = ((1, 0), (0, 1), (-1, 1))


def name(cell):
    q, r = cell
    return "%s%d" % (COLS[9 + 2 * q + r - 1], r + 5)


NAMES = {name(c): c for c in CELLS}
assert len(CELLS) == 61 and len(NAMES) == 61


class Yavalath:
    def __init__(self):
        self.stones = {}        # cell -> 0 (White) or 1 (Black)
        self.turn = 0
        self.result = None      # None, 0, 1 or "draw"

    def line(self, cell, axis, colour):
        """The length of colour's unbroken line through cell along axis,
        counting cell as colour's."""
        total = 1
        for sign in (1, -1):
            q, r = cell
            while True:
                q, r = q + sign * axis[0], r + sign * axis[1]
                if self.stones.get((q, r)) != colour:
                    break
                total += 1
        return total

    def outcome(self, cell, colour):
        """'win', 'lose' or None for colour's stone on the empty cell."""
        lengths = [self.line(cell, a, colour) for a in AXES]
        if max(lengths) >= 4:
            return "win"
        if 3 in lengths:
            return "lose"
        return None

    def moves(self):
        if self.result is not None:
            return []
        return [name(c) for c in CELLS if c not in self.stones]

    def play(self, text):
        cell = NAMES.get(text)
        if cell is None or cell in self.stones or self.result is not None:
            raise ValueError("illegal move %r" % text)
        o = self.outcome(cell, self.turn)
        self.stones[cell] = self.turn
        if o == "win":
            self.result = self.turn
        elif o == "lose":
            self.result = 1 - self.turn
        elif len(self.stones) == 61:
            self.result = "draw"
        self.turn = 1 - self.turn

    def copy(self):
        g = Yavalath()
        g.stones = dict(self.stones)
        g.turn, g.result = self.turn, self.result
        return g


def perft(g, depth):
    if depth == 0:
        return 1
    ms = g.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        h = g.copy()
        h.play(m)
        total += perft(h, depth - 1)
    return total


def after(moves):
    g = Yavalath()
    for m in moves.split():
        g.play(m)
    return g


def careful_choice(g, rng):
    ms = sorted(g.moves())
    quiet = [m for m in ms if g.outcome(NAMES[m], g.turn) is None]
    return rng.choice(quiet or ms)


def describe(g):
    out = []
    for colour, who in ((0, "white"), (1, "black")):
        empty = [c for c in CELLS if c not in g.stones]
        wins = sum(1 for c in empty if g.outcome(c, colour) == "win")
        loses = sum(1 for c in empty if g.outcome(c, colour) == "lose")
        out.append("%s: %d winning, %d losing cells" % (who, wins, loses))
    return "; ".join(out)


def random_game(seed, plies):
    rng = random.Random(seed)
    g = Yavalath()
    played = []
    while len(played) < plies and g.result is None:
        m = careful_choice(g, rng)
        g.play(m)
        played.append(m)
    return g, played


def compare_games(count, plateau, first_seed):
    bad = 0
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        g = Yavalath()
        played = []
        while True:
            out = subprocess.run([plateau, "moves", "yavalath", "--moves", " ".join(played)],
                                 capture_output=True, text=True).stdout
            if g.result is not None:
                want = {0: "white wins", 1: "black wins", "draw": "draw"}[g.result]
                if want not in out:
                    print("seed %d, end: plateau says %r, want %r" % (seed, out[:60], want))
                    bad += 1
                break
            ours = sorted(g.moves())
            if sorted(out.split()) != ours:
                print("seed %d, after %r: the moves differ" % (seed, " ".join(played)))
                bad += 1
                break
            m = careful_choice(g, rng)
            g.play(m)
            played.append(m)
        print("seed %d: %d plies, result %s, %s" % (seed, len(played), g.result,
                                                   "ok" if bad == 0 else "DIFFERS"))
    return bad


def main(argv):
    if argv[:1] == ["--games"]:
        first = int(argv[3]) if len(argv) > 3 else 1
        return 1 if compare_games(int(argv[1]), argv[2], first) else 0
    if argv[:1] == ["--list"]:
        print(" ".join(sorted(after(argv[1] if len(argv) > 1 else "").moves())))
        return 0
    if argv[:1] == ["--random"]:
        g, played = random_game(int(argv[1]), int(argv[2]))
        print(" ".join(played))
        print("# %d plies, result %s; %s" % (len(played), g.result, describe(g)))
        return 0
    depth = int(argv[0]) if argv else 2
    g = after(argv[1] if len(argv) > 1 else "")
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(g, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
