#!/usr/bin/env python3
"""xiangqi_ref.py -- an independent reference for Xiangqi (Chinese chess),
written from the rules, sharing no code with Plateau:

    python3 xiangqi_ref.py 3                  # perft 1..3 from the start
    python3 xiangqi_ref.py 3 "h3e3 h10g8"     # after these moves
    python3 xiangqi_ref.py --list "h3e3"      # the legal moves, sorted
    python3 xiangqi_ref.py --make SEED PLIES  # a seeded random game

The rules: 9 x 10 board, columns a..i, rows 1..10, red south, moves first.
General and advisors stay in the palace (d..f, rows 1-3 / 8-10), the
general steps orthogonally, the advisor diagonally; the elephant moves two
points diagonally, not over an occupied eye, never across the river; the
horse steps orthogonally (blocked if that point is occupied) then one point
diagonally outward; the chariot is a rook; the cannon moves as a rook and
captures by jumping exactly one piece; a soldier steps forward, and also
sideways once across the river.  The generals may never face each other
on a file with nothing between; no move may leave one's own general
attacked.  A player with no legal move loses.  Moves are written from and
to ("h3e3").  The check test here is done the slow, plain way: generate
every pseudo-legal move of the other side and see whether one lands on
the general (or whether the generals face each other).
Published perft: 44, 1920, 79666, 3290240.
"""
import random
import sys

COLS = "abcdefghi"
ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(c):
    return COLS[c[0]] + str(c[1] + 1)


def parse(t):
    return (COLS.index(t[0]), int(t[1:]) - 1)


def on(c):
    return 0 <= c[0] < 9 and 0 <= c[1] < 10


def in_palace(c, side):
    return 3 <= c[0] <= 5 and (0 <= c[1] <= 2 if side == 'r' else 7 <= c[1] <= 9)


def own_half(c, side):
    return c[1] <= 4 if side == 'r' else c[1] >= 5


class X:
    def __init__(self):
        self.b = {}
        back = "RHEAKAEHR"
        for i, k in enumerate(back):
            self.b[(i, 0)] = ('r', k)
            self.b[(i, 9)] = ('b', k)
        for x in (1, 7):
            self.b[(x, 2)] = ('r', 'C')
            self.b[(x, 7)] = ('b', 'C')
        for x in (0, 2, 4, 6, 8):
            self.b[(x, 3)] = ('r', 'P')
            self.b[(x, 6)] = ('b', 'P')
        self.side = 'r'

    def pseudo(self, side):
        """(from, to) pairs, ignoring check."""
        out = []
        b = self.b
        fwd = 1 if side == 'r' else -1
        for c, (s, k) in list(b.items()):
            if s != side:
                continue
            dests = []
            if k == 'K':
                dests = [(c[0] + dx, c[1] + dy) for dx, dy in ORTH]
                dests = [d for d in dests if in_palace(d, side)]
            elif k == 'A':
                dests = [(c[0] + dx, c[1] + dy) for dx, dy in DIAG]
                dests = [d for d in dests if in_palace(d, side)]
            elif k == 'E':
                for dx, dy in DIAG:
                    eye = (c[0] + dx, c[1] + dy)
                    d = (c[0] + 2 * dx, c[1] + 2 * dy)
                    if on(d) and own_half(d, side) and eye not in b:
                        dests.append(d)
            elif k == 'H':
                for dx, dy in ORTH:
                    leg = (c[0] + dx, c[1] + dy)
                    if not on(leg) or leg in b:
                        continue
                    if dx == 0:
                        dests += [(c[0] + 1, c[1] + 2 * dy), (c[0] - 1, c[1] + 2 * dy)]
                    else:
                        dests += [(c[0] + 2 * dx, c[1] + 1), (c[0] + 2 * dx, c[1] - 1)]
            elif k in 'RC':
                for dx, dy in ORTH:
                    d = (c[0] + dx, c[1] + dy)
                    while on(d) and d not in b:
                        dests.append(d)
                        d = (d[0] + dx, d[1] + dy)
                    if not on(d):
                        continue
                    if k == 'R':
                        dests.append(d)
                    else:
                        d = (d[0] + dx, d[1] + dy)
                        while on(d) and d not in b:
                            d = (d[0] + dx, d[1] + dy)
                        if on(d):
                            dests.append(d)
            elif k == 'P':
                dests = [(c[0], c[1] + fwd)]
                if not own_half(c, side):
                    dests += [(c[0] + 1, c[1]), (c[0] - 1, c[1])]
            for d in dests:
                if on(d) and (d not in b or b[d][0] != side):
                    out.append((c, d))
        return out

    def general(self, side):
        for c, (s, k) in self.b.items():
            if s == side and k == 'K':
                return c
        return None

    def attacked(self, side):
        g = self.general(side)
        other = 'b' if side == 'r' else 'r'
        h = self.general(other)
        if g[0] == h[0] and all((g[0], y) not in self.b
                                for y in range(min(g[1], h[1]) + 1, max(g[1], h[1]))):
            return True
        return any(d == g for _, d in self.pseudo(other))

    def moves(self):
        out = []
        for a, d in self.pseudo(self.side):
            taken = self.b.get(d)
            self.b[d] = self.b.pop(a)
            if not self.attacked(self.side):
                out.append(name(a) + name(d))
            self.b[a] = self.b.pop(d)
            if taken:
                self.b[d] = taken
        return sorted(set(out))

    def play(self, m):
        assert m in self.moves(), m
        i = 2 if m[2].isalpha() else 3
        a, d = parse(m[:i]), parse(m[i:])
        self.b.pop(d, None)
        self.b[d] = self.b.pop(a)
        self.side = 'b' if self.side == 'r' else 'r'


def perft(g, depth):
    if depth == 0:
        return 1
    ms = g.moves()
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        saved = (dict(g.b), g.side)
        g.play(m)
        n += perft(g, depth - 1)
        g.b, g.side = saved
    return n


def start(moves):
    g = X()
    for m in moves.split():
        g.play(m)
    return g


def main():
    a = sys.argv[1:]
    if a and a[0] == "--list":
        print(" ".join(start(a[1] if len(a) > 1 else "").moves()))
    elif a and a[0] == "--make":
        rng = random.Random(int(a[1]))
        g = X()
        played = []
        for _ in range(int(a[2])):
            ms = g.moves()
            if not ms:
                break
            m = rng.choice(ms)
            g.play(m)
            played.append(m)
        print(" ".join(played))
    else:
        g = start(a[1] if len(a) > 1 else "")
        for d in range(1, int(a[0]) + 1):
            print("perft(%d) = %d" % (d, perft(g, d)))


if __name__ == "__main__":
    main()
