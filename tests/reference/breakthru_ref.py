#!/usr/bin/env python3
"""breakthru_ref.py -- an independent reference for Breakthru as
games/hunt/breakthru.game plays it, written from the rules, sharing no
code with Plateau:

    python3 breakthru_ref.py 4                  # perft 1..4 from the start
    python3 breakthru_ref.py 3 "d4 e4 ..."      # after these moves
    python3 breakthru_ref.py --list "d4 e4"     # the legal moves, sorted
    python3 breakthru_ref.py --make SEED PLIES  # a seeded random game's moves

The rules, read literally (the setup of Regular Boardgames' breakthru.rbg,
the turn of Alex Randolph's rules; every ply is a move):
- an 11 x 11 board a1..k11; gold's flagship on f6; silver's twenty ships
  on d2..h2, d10..h10, b4..b8 and j4..j8;
- gold first places its twelve escorts, one a ply (gold moves twelve
  times in a row), each on an empty square of d4..h8 (text: the square);
  then gold plays the first turn;
- a turn is one of:
  * two moves of two different ships, the flagship excluded: each ship
    moves like a rook over empty squares (text "from-to"); each move is a
    ply, the same player moving twice; if after the first move no other
    ship can move, the second ply is "pass";
  * one move of the flagship, alone (gold);
  * one capture: any piece, the flagship included, steps one square
    diagonally onto an enemy piece, which leaves the board ("fromxto");
- after every ply: gold wins when the flagship is on an edge square,
  silver when the flagship has been captured; a position (pieces, escorts
  still to place, the first ship moved of a turn, the player to move) seen
  for the third time is a draw; a player who cannot move loses.
Published perft (RBG): 24, 552, 12144, 255024.
"""
import random
import sys

N = 11
COLS = "abcdefghijk"
ORTHO = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def name(p):
    return COLS[p[0]] + str(p[1] + 1)


def on(p):
    return 0 <= p[0] < N and 0 <= p[1] < N


def edge(p):
    return p[0] in (0, N - 1) or p[1] in (0, N - 1)


class Pos:
    def __init__(self):
        self.b = {(5, 5): ('G', 'F')}
        for x in range(3, 8):
            self.b[(x, 1)] = ('S', 's')
            self.b[(x, 9)] = ('S', 's')
        for y in range(3, 8):
            self.b[(1, y)] = ('S', 's')
            self.b[(9, y)] = ('S', 's')
        self.placing = 12
        self.moved = None
        self.turn = 'G'
        self.result = None
        self.seen = {}
        self.note()

    def key(self):
        return (tuple(sorted(self.b.items())), self.placing, self.moved, self.turn)

    def note(self):
        k = self.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def copy(self):
        g = Pos.__new__(Pos)
        g.b = dict(self.b)
        g.placing, g.moved, g.turn, g.result = self.placing, self.moved, self.turn, self.result
        g.seen = dict(self.seen)
        return g

    def slides(self, p):
        for d in ORTHO:
            q = (p[0] + d[0], p[1] + d[1])
            while on(q) and q not in self.b:
                yield q
                q = (q[0] + d[0], q[1] + d[1])

    def moves(self):
        """{text: (kind, from, to)}, kind: 'place', 'first', 'second',
        'flag', 'capture', 'pass'"""
        if self.result is not None:
            return {}
        out = {}
        mine = sorted(p for p, (o, _) in self.b.items() if o == self.turn)
        if self.placing > 0:
            for x in range(3, 8):
                for y in range(3, 8):
                    if (x, y) not in self.b:
                        out[name((x, y))] = ('place', None, (x, y))
            return out
        if self.moved is not None:
            for p in mine:
                if self.b[p][1] == 'F' or p == self.moved:
                    continue
                for q in self.slides(p):
                    out[name(p) + "-" + name(q)] = ('second', p, q)
            if not out:
                out["pass"] = ('pass', None, None)
            return out
        for p in mine:
            kind = 'flag' if self.b[p][1] == 'F' else 'first'
            for q in self.slides(p):
                out[name(p) + "-" + name(q)] = (kind, p, q)
            for d in DIAG:
                q = (p[0] + d[0], p[1] + d[1])
                if on(q) and q in self.b and self.b[q][0] != self.turn:
                    out[name(p) + "x" + name(q)] = ('capture', p, q)
        return out

    def play(self, text, ms=None):
        ms = ms if ms is not None else self.moves()
        kind, p, q = ms[text]
        mover = self.turn
        other = 'S' if mover == 'G' else 'G'
        again = False
        if kind == 'place':
            self.b[q] = ('G', 'e')
            self.placing -= 1
            again = True
        elif kind == 'pass':
            self.moved = None
        else:
            self.b[q] = self.b.pop(p)
            if kind == 'first':
                self.moved = q
                again = True
            elif kind == 'second':
                self.moved = None
        self.turn = mover if again else other
        n = self.note()
        flag = [c for c, v in self.b.items() if v == ('G', 'F')]
        if flag and edge(flag[0]):
            self.result = 'G'
        elif not flag:
            self.result = 'S'
        elif n >= 3:
            self.result = 'draw'
        elif not self.moves():
            self.result = mover if self.turn != mover else other


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
