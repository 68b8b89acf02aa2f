#!/usr/bin/env python3
"""fox_and_hounds_ref.py -- an independent reference for Fox and hounds with
the conventions of Regular Boardgames (games/foxAndHounds.rbg), written
from the rules, sharing no code with Plateau:

    python3 fox_and_hounds_ref.py 7                 # perft 1..7 from the start
    python3 fox_and_hounds_ref.py 3 "d8 c7 a1-b2"   # after these moves
    python3 fox_and_hounds_ref.py --list "d8"       # the legal moves, sorted

The rules, read literally:
- an 8 x 8 board, dark squares only (a1 dark); four hounds on a1 c1 e1 g1;
- the fox's first move places it on one of b8 d8 f8 h8 (text: the cell);
- then the FOX moves again (its first step), and from then on the hounds
  and the fox alternate: two fox plies open the game;
- the fox steps one square diagonally in any direction, a hound one square
  diagonally forward (north), onto an empty square; no captures
  (texts "from-to", the fox's step "c7-d6");
- the fox wins on reaching row 1; a player who cannot move loses.
Published (RBG): 4, 7, 49, 182, 1118, 3096, 18792.
"""
import sys

COLS = "abcdefgh"


def name(c):
    return COLS[c[0]] + str(c[1] + 1)


def parse(t):
    return (COLS.index(t[0]), int(t[1:]) - 1)


class FH:
    def __init__(self):
        self.fox = None
        self.hounds = [(0, 0), (2, 0), (4, 0), (6, 0)]
        self.to_move = 'F'
        self.result = None

    def copy(self):
        g = FH()
        g.fox, g.hounds, g.to_move, g.result = self.fox, list(self.hounds), self.to_move, self.result
        return g

    def free(self, c):
        return 0 <= c[0] < 8 and 0 <= c[1] < 8 and c != self.fox and c not in self.hounds

    def moves(self):
        if self.result is not None:
            return []
        if self.fox is None:
            return [name((c, 7)) for c in (1, 3, 5, 7)]
        out = []
        if self.to_move == 'F':
            for dc in (-1, 1):
                for dr in (-1, 1):
                    d = (self.fox[0] + dc, self.fox[1] + dr)
                    if self.free(d):
                        out.append(name(self.fox) + "-" + name(d))
        else:
            for h in self.hounds:
                for dc in (-1, 1):
                    d = (h[0] + dc, h[1] + 1)
                    if self.free(d):
                        out.append(name(h) + "-" + name(d))
        return out

    def play(self, m):
        assert m in self.moves(), m
        if self.fox is None:
            self.fox = parse(m)
            return                      # the fox moves again
        a, b = (parse(x) for x in m.split("-"))
        if self.to_move == 'F':
            self.fox = b
            if b[1] == 0:
                self.result = 'F'
                return
            self.to_move = 'H'
        else:
            self.hounds[self.hounds.index(a)] = b
            self.to_move = 'F'
        if not self.moves():
            self.result = 'H' if self.to_move == 'F' else 'F'


def perft(g, d):
    ms = g.moves()
    if d == 1:
        return len(ms)
    total = 0
    for m in ms:
        h = g.copy()
        h.play(m)
        total += perft(h, d - 1)
    return total


def main(argv):
    g = FH()
    if argv and argv[0] == "--list":
        for m in (argv[1] if len(argv) > 1 else "").split():
            g.play(m)
        print("\n".join(sorted(g.moves())) or "game over: %s" % g.result)
        return 0
    for m in (argv[1] if len(argv) > 1 else "").split():
        g.play(m)
    for d in range(1, (int(argv[0]) if argv else 1) + 1):
        print("perft(%d) = %d" % (d, perft(g, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
