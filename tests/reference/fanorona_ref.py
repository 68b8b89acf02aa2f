#!/usr/bin/env python3
"""fanorona_ref.py -- an independent reference for Fanorona as
games/draughts/fanorona.game plays it, written from the rules, sharing no
code with Plateau:

    python3 fanorona_ref.py 4                   # perft 1..4 from the start
    python3 fanorona_ref.py 3 "d3-e3w f4-e3a"   # after these moves
    python3 fanorona_ref.py --list "d3-e3w"     # the legal moves, sorted
    python3 fanorona_ref.py --make SEED PLIES   # a seeded random game's moves

The rules, read literally:
- a 9 x 5 board of points a1..i5; every point is joined to its orthogonal
  neighbours, and the points with (column + row) even (columns and rows
  counted from 1) to their diagonal neighbours as well;
- white on rows 1-2, black on rows 4-5, row 3 is b w b w . b w b w from a;
  white moves first;
- a move is a step to an adjacent empty point along a line. It captures by
  approach when the next point beyond the destination, on the same line,
  holds an enemy stone, by withdrawal when the point behind the origin does;
  the unbroken line of enemy stones from there on, along that line, is
  removed (at once, before the next step). When a step could do both, the
  player chooses (two moves);
- if any capture exists, the player must capture; otherwise he makes one
  non-capturing step (paika);
- after a capture, the same stone may capture again, and again: never onto
  a point it has been on this turn (its starting point included), never
  twice in a row in the same direction; the player may stop after any
  capture. Each stopping point is a move; its text is the origin and each
  destination with "a" or "w": "d3-e3w-e4a". A paika is "from-to";
- a player with no stone, or no move, loses; 100 plies without a capture,
  or a position seen for the third time, is a draw.
"""
import random
import sys

W, H = 9, 5
COLS = "abcdefghi"
DIRS8 = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def name(p):
    return COLS[p[0]] + str(p[1] + 1)


def on(p):
    return 0 <= p[0] < W and 0 <= p[1] < H


def strong(p):
    return (p[0] + p[1]) % 2 == 0      # 0-based: the same parity as 1-based


def dirs(p):
    return DIRS8 if strong(p) else [d for d in DIRS8 if d[0] == 0 or d[1] == 0]


def add(p, d, k=1):
    return (p[0] + k * d[0], p[1] + k * d[1])


class Pos:
    def __init__(self):
        self.b = {}
        for x in range(W):
            self.b[(x, 0)] = 'W'
            self.b[(x, 1)] = 'W'
            self.b[(x, 3)] = 'B'
            self.b[(x, 4)] = 'B'
        for x, c in enumerate("BWBW.BWBW"):
            if c != '.':
                self.b[(x, 2)] = c
        self.turn = 'W'
        self.quiet = 0
        self.seen = {}
        self.result = None
        self.note()

    def key(self):
        return (tuple(sorted(self.b.items())), self.turn)

    def note(self):
        k = self.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def copy(self):
        g = Pos.__new__(Pos)
        g.b = dict(self.b)
        g.turn, g.quiet, g.result = self.turn, self.quiet, self.result
        g.seen = dict(self.seen)
        return g

    def enemy_at(self, p):
        return on(p) and self.b.get(p) not in (None, self.turn)

    def free(self, p):
        return on(p) and p not in self.b

    def taken_line(self, b, start, d):
        out = []
        p = start
        while on(p) and b.get(p) not in (None, self.turn):
            out.append(p)
            p = add(p, d)
        return out

    def chains(self, b, pos, visited, last, text, out):
        """Extend a capture sequence of the stone on pos, recording every stop."""
        for d in dirs(pos):
            if d == last:
                continue
            dest = add(pos, d)
            if not on(dest) or dest in b or dest in visited:
                continue
            for kind, start, ld in (("a", add(pos, d, 2), d),
                                    ("w", add(pos, d, -1), (-d[0], -d[1]))):
                line = self.taken_line(b, start, ld)
                if not line:
                    continue
                nb = dict(b)
                for q in line:
                    del nb[q]
                nb[dest] = nb.pop(pos)
                t = text + "-" + name(dest) + kind
                out[t] = nb
                self.chains(nb, dest, visited | {dest}, d, t, out)

    def moves(self):
        """{text: board after the move}"""
        if self.result is not None:
            return {}
        out = {}
        for p in sorted(q for q, c in self.b.items() if c == self.turn):
            self.chains(self.b, p, {p}, None, name(p), out)
        if out:
            return out
        for p in sorted(q for q, c in self.b.items() if c == self.turn):
            for d in dirs(p):
                dest = add(p, d)
                if self.free(dest):
                    nb = dict(self.b)
                    nb[dest] = nb.pop(p)
                    out[name(p) + "-" + name(dest)] = nb
        return out

    def play(self, text, ms=None):
        ms = ms if ms is not None else self.moves()
        nb = ms[text]
        captured = len(nb) < len(self.b)
        mover = self.turn
        self.b = nb
        self.quiet = 0 if captured else self.quiet + 1
        self.turn = 'B' if mover == 'W' else 'W'
        n = self.note()
        if not any(c == self.turn for c in self.b.values()):
            self.result = mover
        elif self.quiet >= 100 or n >= 3:
            self.result = 'draw'
        elif not self.moves():
            self.result = mover


def perft(g, depth):
    if depth == 0:
        return 1
    ms = g.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for t in ms:
        h = g.copy()
        h.play(t, ms)
        total += perft(h, depth - 1)
    return total


def start_after(moves):
    g = Pos()
    for t in moves.split():
        ms = g.moves()
        if t not in ms:
            sys.exit("illegal move %s; legal: %s" % (t, " ".join(sorted(ms))))
        g.play(t, ms)
    return g


def main(argv):
    if len(argv) >= 2 and argv[1] == "--list":
        g = start_after(argv[2] if len(argv) > 2 else "")
        print(" ".join(sorted(g.moves())))
        return
    if len(argv) >= 2 and argv[1] == "--make":
        rng = random.Random(int(argv[2]))
        g = Pos()
        played = []
        for _ in range(int(argv[3])):
            ms = g.moves()
            if not ms:
                break
            t = rng.choice(sorted(ms))
            g.play(t, ms)
            played.append(t)
        print(" ".join(played))
        return
    depth = int(argv[1])
    g = start_after(argv[2] if len(argv) > 2 else "")
    print(" ".join(str(perft(g, d)) for d in range(1, depth + 1)))


if __name__ == "__main__":
    main(sys.argv)
