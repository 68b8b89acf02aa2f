#!/usr/bin/env python3
"""fifteen_ref.py -- an independent reference for the 15-puzzle as
games/puzzle/fifteen.game plays it, written from the rules, sharing no code
with Plateau:

    python3 fifteen_ref.py 7                      # perft 1..7 from the start
    python3 fifteen_ref.py 3 "c1-d1 b1-c1"        # after these moves
    python3 fifteen_ref.py --list "c1-d1"         # the legal moves, sorted
    python3 fifteen_ref.py --make SEED PLIES      # a seeded random game
    python3 fifteen_ref.py --return SEED PLIES CUT   # a random walk, then back
    python3 fifteen_ref.py --show "c1-d1"         # the board and the flags

The rules, read literally:
- a 4 x 4 frame, cells a1..d4 (a1 south-west); the start is the solved
  arrangement: 1 2 3 4 on row 4, 5 6 7 8 on row 3, 9 10 11 12 on row 2,
  13 14 15 on row 1, the hole on d1;
- one player; a move slides a tile orthogonally next to the hole into it,
  written "from-to" (from: the tile's cell, to: the hole);
- the tiles count as scrambled from the first move after which the sum of
  their Manhattan distances to their homes is 10 or more;
- after every move: the player wins when the tiles are scrambled and all
  at home; otherwise the game is a draw when 200 moves have been played.
A finished game counts 1 at depth 0 and 0 beyond.
Published (from the solved position, every move counted, the undo of the
last move included): 2, 6, 18, 58, 186, 602, 1946.
"""
import random
import sys

COLS = "abcd"
SCRAMBLE = 10
LIMIT = 200


def name(i):
    # i = 4 * (row - 1) + (col - 1), row 1 south
    return COLS[i % 4] + str(i // 4 + 1)


def index(t):
    return int(t[1:]) * 4 - 4 + COLS.index(t[0])


def home(n):
    # tile n: row 4 - (n - 1) // 4, column (n - 1) % 4 (0-based columns)
    row = 4 - (n - 1) // 4
    return 4 * (row - 1) + (n - 1) % 4


class Puzzle:
    def __init__(self):
        self.board = [0] * 16
        for n in range(1, 16):
            self.board[home(n)] = n
        self.scrambled = False
        self.plies = 0
        self.result = None   # 'win' or 'draw'

    def copy(self):
        p = Puzzle.__new__(Puzzle)
        p.board = list(self.board)
        p.scrambled, p.plies, p.result = self.scrambled, self.plies, self.result
        return p

    def hole(self):
        return self.board.index(0)

    def distance(self):
        total = 0
        for i, n in enumerate(self.board):
            if n:
                h = home(n)
                total += abs(i % 4 - h % 4) + abs(i // 4 - h // 4)
        return total

    def ordered(self):
        return all(n == 0 or home(n) == i for i, n in enumerate(self.board))

    def moves(self):
        if self.result is not None:
            return []
        h = self.hole()
        out = []
        for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            c, r = h % 4 + dc, h // 4 + dr
            if 0 <= c < 4 and 0 <= r < 4:
                out.append(name(4 * r + c) + "-" + name(h))
        return sorted(out)

    def play(self, text):
        if text.lower() not in self.moves():
            raise ValueError("illegal move %s (legal: %s)" % (text, " ".join(self.moves())))
        f, t = (index(x) for x in text.lower().split("-"))
        self.board[t], self.board[f] = self.board[f], 0
        self.plies += 1
        if self.distance() >= SCRAMBLE:
            self.scrambled = True
        if self.scrambled and self.ordered():
            self.result = 'win'
        elif self.plies >= LIMIT:
            self.result = 'draw'


def perft(p, d):
    if d == 0:
        return 1
    total = 0
    for m in p.moves():
        q = p.copy()
        q.play(m)
        total += perft(q, d - 1)
    return total


def after(moves):
    p = Puzzle()
    for m in moves.split():
        p.play(m)
    return p


def main(argv):
    if argv[:1] == ["--list"]:
        print(" ".join(after(argv[1] if len(argv) > 1 else "").moves()))
    elif argv[:1] == ["--show"]:
        p = after(argv[1] if len(argv) > 1 else "")
        for r in range(3, -1, -1):
            print(" ".join("%2s" % (p.board[4 * r + c] or ".") for c in range(4)))
        print("distance", p.distance(), "scrambled", int(p.scrambled), "plies", p.plies,
              "result", p.result)
    elif argv[:1] == ["--make"]:
        rng = random.Random(int(argv[1]))
        p, out = Puzzle(), []
        for _ in range(int(argv[2])):
            ms = p.moves()
            if not ms:
                break
            m = rng.choice(ms)
            p.play(m)
            out.append(m)
        print(" ".join(out))
    elif argv[:1] == ["--return"]:
        # A seeded random walk of PLIES moves, then the same moves undone
        # in reverse order, up to the win (which may come early: the walk
        # can pass through the order), less the last CUT moves.
        rng = random.Random(int(argv[1]))
        p, walk = Puzzle(), []
        for _ in range(int(argv[2])):
            m = rng.choice(p.moves())
            p.play(m)
            walk.append(m)
        back = ["-".join(reversed(m.split("-"))) for m in reversed(walk)]
        q, out = Puzzle(), []
        for m in walk + back:
            q.play(m)
            out.append(m)
            if q.result:
                break
        print(" ".join(out[:len(out) - int(argv[3])]))
    else:
        depth = int(argv[0])
        p = after(argv[1] if len(argv) > 1 else "")
        for d in range(1, depth + 1):
            print("perft(%d) = %d" % (d, perft(p, d)))


if __name__ == "__main__":
    main(sys.argv[1:])
