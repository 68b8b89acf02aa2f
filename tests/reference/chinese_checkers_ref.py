#!/usr/bin/env python3
"""chinese_checkers_ref.py -- an independent reference for Chinese checkers
as games/race/chinese-checkers*.game play it, written from the rules,
sharing no code with Plateau:

    python3 chinese_checkers_ref.py P DEPTH ["MOVES"]   # perft 1..DEPTH
    python3 chinese_checkers_ref.py P --list ["MOVES"]  # the legal moves
    python3 chinese_checkers_ref.py P --make SEED PLIES # a seeded random game
    python3 chinese_checkers_ref.py P --race SEED PLIES # a seeded greedy race
    python3 chinese_checkers_ref.py P --rbg DEPTH       # Regular Boardgames' count

P is the number of players: 2, 3, 4, 5 or 6.

The board: the star of 121 holes, drawn on a 25 x 17 grid where every
other square is a hole (columns a..y, rows 1..17 from south to north):
a hole is a square (col, row) with col + row even inside one of the two
big triangles -- pointing north: row >= 5, col + row <= 30, col >= row - 4;
pointing south: row <= 13, col <= row + 12, col + row >= 14.  The six
points of the star, clockwise from the south: S (rows 1-4), SW, NW,
N (rows 14-17), NE, SE.  Neighbours: (+-2, 0), (+-1, +-1).

The rules:
- seats, in the order of play: 2 players S N; 3 players S NW NE; 4 players
  S SW N NE; 5 players S SW NW N NE; 6 players S SW NW N NE SE.  Each
  player has ten pegs on its point; its goal is the opposite point
  (S<->N, SW<->NE, NW<->SE);
- a move takes one of the mover's pegs and either steps it to an empty
  neighbour, or hops it over an adjacent peg (anyone's) to the empty hole
  just beyond, and again from there as often as the player likes, in any
  direction; the peg is lifted at the start (its hole is empty during the
  hops).  A move is named from-to (the path does not count: two chains to
  the same hole are one move); a move must end on another hole than it
  began;
- pegs may go and stop anywhere; none is ever removed;
- a player with no move passes ("pass");
- the first player with all ten pegs in its goal wins; the game ends;
- a game that nobody has won after 200 moves each (200 x P plies, the
  passes included) is a draw.

--rbg also counts, as Regular Boardgames' chineseCheckers6.rbg does, the
"move" that lifts a peg and puts it back (a chain of no hop): one more
move per peg, that changes nothing but the turn.
"""
import random
import sys

COLS = "abcdefghijklmnopqrstuvwxy"
DIRS = [(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]


def is_hole(c, r):
    if not (1 <= c <= 25 and 1 <= r <= 17) or (c + r) % 2:
        return False
    up = r >= 5 and c + r <= 30 and c >= r - 4
    down = r <= 13 and c <= r + 12 and c + r >= 14
    return up or down


HOLES = [(c, r) for r in range(1, 18) for c in range(1, 26) if is_hole(c, r)]
assert len(HOLES) == 121


def point(c, r):
    if r <= 4:
        return "S"
    if r >= 14:
        return "N"
    if r >= 10 and c + r > 30:
        return "NE"
    if r >= 10 and c < r - 4:
        return "NW"
    if r <= 8 and c > r + 12:
        return "SE"
    if r <= 8 and c + r < 14:
        return "SW"
    return "C"


POINTS = {p: [h for h in HOLES if point(*h) == p] for p in ("S", "SW", "NW", "N", "NE", "SE")}
OPPOSITE = {"S": "N", "N": "S", "SW": "NE", "NE": "SW", "NW": "SE", "SE": "NW"}
SEATS = {2: ["S", "N"], 3: ["S", "NW", "NE"], 4: ["S", "SW", "N", "NE"],
         5: ["S", "SW", "NW", "N", "NE"], 6: ["S", "SW", "NW", "N", "NE", "SE"]}


def name(h):
    return COLS[h[0] - 1] + str(h[1])


def parse(s):
    return (COLS.index(s[0]) + 1, int(s[1:]))


class Game:
    def __init__(self, nplayers, rbg=False):
        self.seats = SEATS[nplayers]
        self.n = nplayers
        self.rbg = rbg
        self.board = {h: None for h in HOLES}
        for i, p in enumerate(self.seats):
            for h in POINTS[p]:
                self.board[h] = i
        self.goal = [set(POINTS[OPPOSITE[p]]) for p in self.seats]
        self.turn = 0
        self.plies = 0
        self.winner = None

    def moves(self):
        """The legal moves: {text: (from, to)}, or {"pass": None}."""
        b = self.board
        out = {}
        for h in HOLES:
            if b[h] != self.turn:
                continue
            b[h] = None                      # lifted
            for dc, dr in DIRS:              # steps
                t = (h[0] + dc, h[1] + dr)
                if t in b and b[t] is None:
                    out[name(h) + "-" + name(t)] = (h, t)
            seen = {h}                       # hops: every hole a chain reaches
            todo = [h]
            while todo:
                x = todo.pop()
                for dc, dr in DIRS:
                    o = (x[0] + dc, x[1] + dr)
                    t = (x[0] + 2 * dc, x[1] + 2 * dr)
                    if o in b and b[o] is not None and t in b and b[t] is None and t not in seen:
                        seen.add(t)
                        todo.append(t)
            for t in seen:
                if t != h or self.rbg:
                    out[name(h) + "-" + name(t)] = (h, t)
            b[h] = self.turn
        if not out:
            out["pass"] = None
        return out

    def play(self, mv):
        """Apply (from, to) or None (pass); return what undo needs."""
        if mv is not None:
            f, t = mv
            self.board[f] = None
            self.board[t] = self.turn
            g = self.goal[self.turn]
            if all(self.board[x] == self.turn for x in g):
                self.winner = self.turn
        self.plies += 1
        if self.winner is None and self.plies >= 200 * self.n:
            self.winner = self.n              # a draw
        prev = self.turn
        self.turn = (self.turn + 1) % self.n
        return (mv, prev)

    def undo(self, u):
        mv, prev = u
        self.turn = prev
        self.plies -= 1
        self.winner = None
        if mv is not None:
            f, t = mv
            self.board[t] = None
            self.board[f] = prev

    def play_text(self, text):
        ms = self.moves()
        key = text.lower()
        if key not in ms:
            raise SystemExit("illegal move %s (legal: %s)" % (text, " ".join(sorted(ms))))
        return self.play(ms[key])


def perft(g, depth):
    if g.winner is not None:
        return 0
    ms = g.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for mv in ms.values():
        u = g.play(mv)
        total += perft(g, depth - 1)
        g.undo(u)
    return total


APEX = {"S": (13, 1), "SW": (1, 5), "NW": (1, 13), "N": (13, 17), "NE": (25, 13), "SE": (25, 5)}


def dist(a, b):
    dr, dc = abs(a[1] - b[1]), abs(a[0] - b[0])
    return dr + max(0, (dc - dr) // 2)


def race_choice(g, ms, rng):
    """Mostly the move that brings the peg nearest its goal's far corner
    (ties drawn at random), sometimes a random one: games that end."""
    keys = sorted(ms)
    if "pass" in ms or rng.random() < 0.15:
        return rng.choice(keys)
    a = APEX[OPPOSITE[g.seats[g.turn]]]
    gain = {k: dist(ms[k][0], a) - dist(ms[k][1], a) for k in keys}
    best = max(gain.values())
    return rng.choice([k for k in keys if gain[k] == best])


def main(argv):
    n = int(argv[1])
    if argv[2] == "--race":
        seed, plies = int(argv[3]), int(argv[4])
        rng = random.Random(seed)
        g = Game(n)
        out = []
        for _ in range(plies):
            if g.winner is not None:
                break
            ms = g.moves()
            k = race_choice(g, ms, rng)
            g.play(ms[k])
            out.append(k)
        print(" ".join(out))
        if g.winner is not None:
            print("won by seat", g.winner, "after", len(out), file=sys.stderr)
        return
    if argv[2] == "--make":
        seed, plies = int(argv[3]), int(argv[4])
        rng = random.Random(seed)
        g = Game(n)
        out = []
        for _ in range(plies):
            if g.winner is not None:
                break
            ms = g.moves()
            k = rng.choice(sorted(ms))
            g.play(ms[k])
            out.append(k)
        print(" ".join(out))
        return
    rbg = argv[2] == "--rbg"
    if rbg:
        argv = argv[:2] + argv[3:]
    g = Game(n, rbg)
    if len(argv) > 3:
        for t in argv[3].split():
            g.play_text(t)
    if argv[2] == "--list":
        print(" ".join(sorted(g.moves())))
        return
    for d in range(1, int(argv[2]) + 1):
        print(d, perft(g, d))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
