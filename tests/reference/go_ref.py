#!/usr/bin/env python3
"""go_ref.py -- an independent reference for Go as docs/games/go.md states
it: move lists, perft and results.  It shares no code with Plateau nor with
games/territory/go.game.  Not run in CI: run it by hand after a change to
the Go files, to the group builtins or to the engine,

    python3 tests/reference/go_ref.py 3                        # perft 1..3, 9 x 9, from the start
    python3 tests/reference/go_ref.py --size 19 2              # the same on 19 x 19
    python3 tests/reference/go_ref.py 2 "e5 d5 pass c5"        # after these moves
    python3 tests/reference/go_ref.py --list "e5 d5"           # the legal moves, sorted
    python3 tests/reference/go_ref.py --games 20 build/plateau [FIRST_SEED]

`--games N PLATEAU` plays N seeded random games here (on 9 x 9) and
compares, at every ply, this script's legal moves with `plateau moves go9
--moves ...`, then the result with Plateau's "game over" line.

The rules, read literally:
- a move puts a stone of the mover's colour on an empty cell (named as on
  a chess board, a1 = lower left), or passes ("pass");
- after the stone is placed, every enemy group (stones joined
  orthogonally) without an empty neighbour is removed; then the stone's own
  group must have an empty neighbour (no suicide);
- positional superko: a stone may not leave the board (the stones on it,
  whoever is to move) as it was in any earlier position of the game, the
  start included; a pass is always allowed;
- two passes in a row end the game: area scoring (stones plus empty areas
  bordered by one colour only; an area bordered by no stone counts for
  no one), komi 7.5 for White.
"""
import random
import subprocess
import sys

COLS = "abcdefghijklmnopqrstuvwxyz"


class Go:
    def __init__(self, size):
        self.n = size
        self.board = {}            # (col, row) -> 'B' / 'W'
        self.to_move = 'B'
        self.passes = 0
        self.seen = {self.key(self.board): 0}   # board -> the last ply it stood
        self.ply = 0

    @staticmethod
    def key(board):
        return frozenset(board.items())

    def copy(self):
        g = Go(self.n)
        g.board = dict(self.board)
        g.to_move, g.passes = self.to_move, self.passes
        g.seen, g.ply = self.seen, self.ply
        return g

    def name(self, p):
        return COLS[p[0]] + str(p[1] + 1)

    def parse(self, text):
        return (COLS.index(text[0]), int(text[1:]) - 1)

    def adjacent(self, p):
        c, r = p
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= c + dc < self.n and 0 <= r + dr < self.n:
                yield (c + dc, r + dr)

    def chain(self, p):
        colour = self.board[p]
        seen, todo = {p}, [p]
        while todo:
            q = todo.pop()
            for a in self.adjacent(q):
                if a not in seen and self.board.get(a) == colour:
                    seen.add(a)
                    todo.append(a)
        return seen

    def free(self, stones):
        return {a for s in stones for a in self.adjacent(s) if a not in self.board}

    def over(self):
        return self.passes >= 2

    def play(self, text):
        """The position after `text`, or None when it is not legal."""
        g = self.stone(text)
        if g is None:
            return None
        g.ply = self.ply + 1
        g.seen = dict(self.seen)
        g.seen[self.key(g.board)] = g.ply
        return g

    def refused_by_superko(self, text):
        """The ply of the earlier board that `text` recreates, or None."""
        g = self.stone(text, superko=False)
        if g is None or text == "pass":
            return None
        return self.seen.get(self.key(g.board))

    def stone(self, text, superko=True):
        """The board after `text` (history not updated), or None."""
        g = self.copy()
        other = 'W' if self.to_move == 'B' else 'B'
        g.to_move = other
        if text == "pass":
            g.passes = self.passes + 1
            return g
        p = self.parse(text)
        if p in self.board:
            return None
        g.board[p] = self.to_move
        taken = set()
        for a in g.adjacent(p):
            if g.board.get(a) == other and a not in taken:
                ch = g.chain(a)
                if not g.free(ch):
                    taken |= ch
        for s in taken:
            del g.board[s]
        mine = g.chain(p)
        if not g.free(mine):
            return None
        if superko and self.key(g.board) in self.seen:
            return None
        g.passes = 0
        return g

    def moves(self):
        if self.over():
            return []
        out = ["pass"]
        for c in range(self.n):
            for r in range(self.n):
                t = self.name((c, r))
                if self.stone(t) is not None:
                    out.append(t)
        return sorted(out)

    def area(self, colour):
        total = sum(1 for v in self.board.values() if v == colour)
        seen = set()
        for c in range(self.n):
            for r in range(self.n):
                p = (c, r)
                if p in self.board or p in seen:
                    continue
                region, todo, borders = {p}, [p], set()
                while todo:
                    q = todo.pop()
                    for a in self.adjacent(q):
                        if a in self.board:
                            borders.add(self.board[a])
                        elif a not in region:
                            region.add(a)
                            todo.append(a)
                seen |= region
                if borders == {colour}:
                    total += len(region)
        return total

    def winner(self):
        return "black" if self.area('B') > self.area('W') + 7 else "white"


def perft(g, depth):
    if depth == 0:
        return 1
    return sum(perft(g.play(m), depth - 1) for m in g.moves())


def after(size, moves):
    g = Go(size)
    for m in moves.split():
        g2 = g.play(m)
        if g2 is None or g.over():
            sys.exit("illegal move " + m)
        g = g2
    return g


def compare_games(count, plateau, first_seed):
    bad = 0
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        g, played, kos, beyond = Go(9), [], 0, 0
        while True:
            ours = g.moves()
            plies = [g.refused_by_superko(g.name((c, r))) for c in range(9) for r in range(9)]
            plies = [k for k in plies if k is not None]
            kos += bool(plies) and not g.over()
            # beyond simple ko: the board recreated is not the one just before
            beyond += any(k != g.ply - 1 for k in plies) and not g.over()
            out = subprocess.run([plateau, "moves", "go9", "--moves", " ".join(played)],
                                 capture_output=True, text=True).stdout.split("\n")
            if g.over():
                want = "game over: %s wins" % g.winner()
                if not any(line.startswith(want) for line in out):
                    print("seed %d, end: plateau says %r, want %r" % (seed, out[:2], want))
                    bad += 1
                break
            theirs = sorted(line for line in out if line)
            if ours != theirs:
                print("seed %d, after %r:\n  ref     %s\n  plateau %s" %
                      (seed, " ".join(played), ours, theirs))
                bad += 1
                break
            # mostly stones, sometimes a pass, so that games end
            stones = [m for m in ours if m != "pass"]
            m = "pass" if not stones or rng.random() < 0.04 else rng.choice(stones)
            played.append(m)
            g = g.play(m)
        print("seed %d: %d plies, %d where superko refuses a stone (%d an older board), %s" %
              (seed, len(played), kos, beyond, "ok" if bad == 0 else "DIFFERS"))
    return bad


def main(argv):
    size = 9
    if argv[:1] == ["--size"]:
        size, argv = int(argv[1]), argv[2:]
    if argv[:1] == ["--games"]:
        first = int(argv[3]) if len(argv) > 3 else 1
        return 1 if compare_games(int(argv[1]), argv[2], first) else 0
    if argv[:1] == ["--list"]:
        print(" ".join(after(size, argv[1] if len(argv) > 1 else "").moves()))
        return 0
    depth = int(argv[0]) if argv else 2
    g = after(size, argv[1] if len(argv) > 1 else "")
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(g, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
