#!/usr/bin/env python3
"""shogi_ref.py -- an independent reference for shogi, written from the
rules, sharing no code with Plateau:

    python3 shogi_ref.py 3                    # perft 1..3 from the start
    python3 shogi_ref.py 3 "c3c4 g7g6"        # after these moves
    python3 shogi_ref.py --list "c3c4"        # the legal moves, sorted
    python3 shogi_ref.py --make SEED PLIES    # a seeded random game

Board 9 x 9, columns a..i, rows 1..9; Black (sente) south, moves first.
Moves are written from and to, "+" when the piece promotes ("b2h8+");
drops as LETTER*cell ("P*e5").  Promotion is allowed when a move starts or
ends in the last three ranks of the mover, and forced when the piece
could not move again (pawn or lance on the last rank, knight on the last
two).  A captured piece goes to the captor's hand, unpromoted.  A drop
may not put a piece where it could never move, nor a pawn on a file
holding an unpromoted pawn of the same player, nor a pawn that gives
checkmate.  No move may leave one's own king attacked; a player without
a legal move loses.  The check test here is the plain one: every
pseudo-legal move of the other side, and whether one lands on the king.
Published perft: 30, 900, 25470, 719731.
"""
import random
import sys

COLS = "abcdefghi"
# piece codes: P L N S G B R K, promoted +P +L +N +S +B +R
PROMOTE = {'P': '+P', 'L': '+L', 'N': '+N', 'S': '+S', 'B': '+B', 'R': '+R'}
BASE = {'+P': 'P', '+L': 'L', '+N': 'N', '+S': 'S', '+B': 'B', '+R': 'R'}
GOLD = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)]
SILVER = [(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
HAND_ORDER = "PLNSGBR"


def name(c):
    return COLS[c[0]] + str(c[1] + 1)


def parse(t):
    return (COLS.index(t[0]), int(t[1:]) - 1)


def on(c):
    return 0 <= c[0] < 9 and 0 <= c[1] < 9


class Shogi:
    def __init__(self):
        self.b = {}
        back = "LNSGKGSNL"
        for i, k in enumerate(back):
            self.b[(i, 0)] = ('b', k)
            self.b[(i, 8)] = ('w', k)
        for i in range(9):
            self.b[(i, 2)] = ('b', 'P')
            self.b[(i, 6)] = ('w', 'P')
        self.b[(1, 1)] = ('b', 'B')
        self.b[(7, 1)] = ('b', 'R')
        self.b[(7, 7)] = ('w', 'B')
        self.b[(1, 7)] = ('w', 'R')
        self.hand = {'b': dict.fromkeys(HAND_ORDER, 0), 'w': dict.fromkeys(HAND_ORDER, 0)}
        self.side = 'b'

    def snapshot(self):
        return (dict(self.b), {s: dict(h) for s, h in self.hand.items()}, self.side)

    def restore(self, snap):
        self.b, self.hand, self.side = snap[0], {s: dict(h) for s, h in snap[1].items()}, snap[2]

    def targets(self, c, side, k):
        """The cells the piece k of side on c moves to (own pieces excluded)."""
        f = 1 if side == 'b' else -1
        out = []

        def step(vecs):
            for dx, dy in vecs:
                out.append((c[0] + dx, c[1] + dy * f))

        def ride(vecs):
            for dx, dy in vecs:
                d = (c[0] + dx, c[1] + dy * f)
                while on(d) and d not in self.b:
                    out.append(d)
                    d = (d[0] + dx, d[1] + dy * f)
                if on(d):
                    out.append(d)

        if k == 'P':
            step([(0, 1)])
        elif k == 'L':
            ride([(0, 1)])
        elif k == 'N':
            step([(1, 2), (-1, 2)])
        elif k == 'S':
            step(SILVER)
        elif k in ('G', '+P', '+L', '+N', '+S'):
            step(GOLD)
        elif k == 'K':
            step(KING)
        elif k == 'B':
            ride(DIAG)
        elif k == 'R':
            ride(ORTH)
        elif k == '+B':
            ride(DIAG)
            step(ORTH)
        elif k == '+R':
            ride(ORTH)
            step(DIAG)
        return [d for d in out if on(d) and (d not in self.b or self.b[d][0] != side)]

    def attacked(self, side):
        king = [c for c, (s, k) in self.b.items() if s == side and k == 'K'][0]
        other = 'w' if side == 'b' else 'b'
        for c, (s, k) in list(self.b.items()):
            if s == other and king in self.targets(c, other, k):
                return True
        return False

    def rank(self, c, side):
        """1 = the side's own first rank, 9 = its last."""
        return c[1] + 1 if side == 'b' else 9 - c[1]

    def pseudo(self):
        side = self.side
        out = []                      # (text, apply-function data)
        for c, (s, k) in list(self.b.items()):
            if s != side:
                continue
            for d in self.targets(c, side, k):
                can = k in PROMOTE and (self.rank(c, side) >= 7 or self.rank(d, side) >= 7)
                must = (k in 'PL' and self.rank(d, side) == 9) or (k == 'N' and self.rank(d, side) >= 8)
                if not must:
                    out.append((name(c) + name(d), ('m', c, d, False)))
                if can:
                    out.append((name(c) + name(d) + '+', ('m', c, d, True)))
        for k in HAND_ORDER:
            if self.hand[side][k] == 0:
                continue
            for x in range(9):
                for y in range(9):
                    c = (x, y)
                    if c in self.b:
                        continue
                    r = self.rank(c, side)
                    if (k in 'PL' and r == 9) or (k == 'N' and r >= 8):
                        continue
                    if k == 'P' and any(self.b.get((x, yy)) == (side, 'P') for yy in range(9)):
                        continue
                    out.append((k + '*' + name(c), ('d', k, c)))
        return out

    def do(self, mv):
        side = self.side
        if mv[0] == 'm':
            _, c, d, prom = mv
            if d in self.b:
                k = self.b[d][1]
                self.hand[side][BASE.get(k, k)] += 1
            s, k = self.b.pop(c)
            self.b[d] = (s, PROMOTE[k] if prom else k)
        else:
            _, k, c = mv
            self.hand[side][k] -= 1
            self.b[c] = (side, k)
        self.side = 'w' if side == 'b' else 'b'

    def legal(self):
        out = []
        for text, mv in self.pseudo():
            snap = self.snapshot()
            self.do(mv)
            ok = not self.attacked(snap[2])
            if ok and mv[0] == 'd' and mv[1] == 'P':
                # a pawn drop that checks must leave the opponent a legal move
                if self.attacked(self.side) and not self.has_legal():
                    ok = False
            self.restore(snap)
            if ok:
                out.append((text, mv))
        return out

    def has_legal(self):
        for text, mv in self.pseudo():
            snap = self.snapshot()
            self.do(mv)
            ok = not self.attacked(snap[2])
            if ok and mv[0] == 'd' and mv[1] == 'P' and self.attacked(self.side) \
                    and not self.has_legal():
                ok = False
            self.restore(snap)
            if ok:
                return True
        return False

    def moves(self):
        return sorted(t for t, _ in self.legal())

    def play(self, m):
        for t, mv in self.legal():
            if t == m:
                self.do(mv)
                return
        raise ValueError("illegal move " + m)


def perft(g, depth):
    ms = g.legal()
    if depth == 1:
        return len(ms)
    n = 0
    for _, mv in ms:
        snap = g.snapshot()
        g.do(mv)
        n += perft(g, depth - 1)
        g.restore(snap)
    return n


def start(moves):
    g = Shogi()
    for m in moves.split():
        g.play(m)
    return g


def main():
    a = sys.argv[1:]
    if a and a[0] == "--list":
        print(" ".join(start(a[1] if len(a) > 1 else "").moves()))
    elif a and a[0] == "--make":
        rng = random.Random(int(a[1]))
        g = Shogi()
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
