#!/usr/bin/env python3
"""arimaa_ref.py -- an independent reference for Arimaa as
games/race/arimaa.game plays it, written from the rules, sharing no code
with Plateau:

    python3 arimaa_ref.py 3                     # perft 1..3 from the start
    python3 arimaa_ref.py 3 "Ea1 ..."           # after these moves
    python3 arimaa_ref.py --list "Ea1 ..."      # the legal moves, sorted
    python3 arimaa_ref.py --status "Ea1 ..."    # none, gold, silver
    python3 arimaa_ref.py --make SEED PLIES     # a seeded game's moves
    python3 arimaa_ref.py --cross PLATEAU SEED...   # compare the legal moves
        # with `PLATEAU moves arimaa` at every ply of the seeded games

The rules (Arimaa as published by its inventors, Omar Syed and Aamir
Syed), with one ply per action:
- 8 x 8, a1..h8; traps c3 f3 c6 f6.  Gold and silver each have an
  elephant E (strength 6), a camel M (5), two horses H (4), two dogs D
  (3), two cats C (2) and eight rabbits R (1); gold upper case, silver
  lower case.
- Setup: gold places its 16 pieces, one a ply, each on an empty square of
  rows 1-2 (text "Ea1"), then silver on rows 7-8 ("ea8"); then gold plays
  the first turn.
- A turn is one to four steps.  A ply is one of:
  * a step: an unfrozen piece of the mover goes to an empty orthogonal
    neighbour; a rabbit never backward (gold south, silver north).
    Text: letter, square, direction n/s/e/w ("Ed4n").
  * a push (two steps, only when at most two were made this turn): a
    weaker enemy piece next to an unfrozen piece of the mover steps to an
    empty orthogonal neighbour of its own (any direction, rabbits too),
    then the pusher steps into the square it left ("rd5e/Ed4n").
  * a pull (two steps, likewise): an unfrozen piece of the mover steps to
    an empty neighbour, then a weaker enemy piece next to the square it
    left steps into that square ("Ed4n/rd3n").
  * "end": only after at least one step of the turn, when the board
    differs from the board at the turn's start.
  A piece is frozen when a stronger enemy piece is next to it and no
  friendly piece is.  After every single step, each piece on a trap with
  no friendly orthogonal neighbour is captured; its token follows the
  step's ("/rc3x").  The turn ends after "end" or after the fourth step;
  a ply that makes the fourth step must leave the board different from
  the turn's start.  Identical pieces are interchangeable: the board is
  what each square holds.
- When a turn ends (also right after the setup): the mover wins when one
  of its rabbits is on the far row (gold row 8, silver row 1); else the
  other player wins when one of theirs is on their far row; else the
  mover wins when the other has no rabbit; else the other wins when the
  mover has none; else the mover loses when the board with the same
  player to move has now been seen for the third time at the end of a
  turn.  A player with no legal ply loses.
The published perft from the start is 96, 8160, 608160 (setup
placements only).
"""
import random
import sys

LETTERS = "RCDHME"          # by strength 1..6
TRAPS = [2 + 2 * 8, 5 + 2 * 8, 2 + 5 * 8, 5 + 5 * 8]   # c3 f3 c6 f6
DIRS = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}
COUNTS = {6: 1, 5: 1, 4: 2, 3: 2, 2: 2, 1: 8}
GOLD, SILVER = 0, 1


def name(i):
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


def step_to(i, d):
    x, y = i % 8 + DIRS[d][0], i // 8 + DIRS[d][1]
    if 0 <= x < 8 and 0 <= y < 8:
        return x + 8 * y
    return None


def neighbours(i):
    return [j for j in (step_to(i, d) for d in "nsew") if j is not None]


def letter(p):
    c = LETTERS[p[1] - 1]
    return c if p[0] == GOLD else c.lower()


class Game:
    def __init__(self):
        self.board = [None] * 64     # None or (colour, strength)
        self.turn = GOLD
        self.placed = 0              # setup placements made (32: play)
        self.steps = 0               # steps of the current turn
        self.start = None            # the board at the turn's start
        self.seen = {}               # (board, turn) -> times at the end of a turn
        self.result = None           # None, GOLD or SILVER (the winner)

    def copy(self):
        g = Game.__new__(Game)
        g.board = list(self.board)
        g.turn = self.turn
        g.placed = self.placed
        g.steps = self.steps
        g.start = self.start
        g.seen = dict(self.seen)
        g.result = self.result
        return g

    # --- the rules of a position ---
    def frozen(self, i):
        p = self.board[i]
        friend = any(self.board[j] and self.board[j][0] == p[0] for j in neighbours(i))
        if friend:
            return False
        return any(self.board[j] and self.board[j][0] != p[0] and self.board[j][1] > p[1]
                   for j in neighbours(i))

    def do_step(self, i, d):
        """Move the piece on i along d (an empty square); captures; text."""
        j = step_to(i, d)
        p = self.board[i]
        assert j is not None and self.board[j] is None and p is not None
        text = letter(p) + name(i) + d
        self.board[j] = p
        self.board[i] = None
        self.steps += 1
        for t in TRAPS:
            q = self.board[t]
            if q and not any(self.board[k] and self.board[k][0] == q[0] for k in neighbours(t)):
                text += "/" + letter(q) + name(t) + "x"
                self.board[t] = None
        return text

    def end_turn(self):
        self.steps = 0
        self.turn = 1 - self.turn
        self.start = tuple(self.board)
        key = (self.start, self.turn)
        self.seen[key] = self.seen.get(key, 0) + 1
        self.check_end(1 - self.turn)

    def check_end(self, mover):
        other = 1 - mover
        def scored(c):
            row = 7 if c == GOLD else 0
            return any(self.board[x + 8 * row] == (c, 1) for x in range(8))
        def rabbits(c):
            return sum(1 for p in self.board if p == (c, 1))
        if scored(mover):
            self.result = mover
        elif scored(other):
            self.result = other
        elif rabbits(other) == 0:
            self.result = mover
        elif rabbits(mover) == 0:
            self.result = other
        elif self.seen[(tuple(self.board), self.turn)] >= 3:
            self.result = other

    # --- the legal plies: {text: the game after it} ---
    def plies(self):
        out = {}
        if self.result is not None:
            return out
        me = self.turn
        if self.placed < 32:
            home = range(0, 16) if me == GOLD else range(48, 64)
            for s in range(6, 0, -1):
                have = sum(1 for p in self.board if p == (me, s))
                if have >= COUNTS[s]:
                    continue
                for c in home:
                    if self.board[c] is None:
                        g = self.copy()
                        g.board[c] = (me, s)
                        g.placed += 1
                        if g.placed == 16:
                            g.turn = SILVER
                        elif g.placed == 32:
                            g.turn = GOLD
                            g.start = tuple(g.board)
                            key = (g.start, g.turn)
                            g.seen[key] = g.seen.get(key, 0) + 1
                            g.check_end(SILVER)
                        add(out, letter((me, s)) + name(c), g)
            return out
        back = "s" if me == GOLD else "n"
        for i in range(64):
            p = self.board[i]
            if not p or p[0] != me or self.frozen(i):
                continue
            for d in "nsew":
                j = step_to(i, d)
                if j is None or self.board[j] is not None:
                    continue
                if not (p[1] == 1 and d == back):
                    g = self.copy()
                    text = g.do_step(i, d)
                    g.finish(out, text)
                if self.steps > 2:
                    continue
                # pulls: i steps to j, a weaker enemy next to i follows
                for e in "nsew":
                    k = step_to(i, e)
                    if k is None or k == j:
                        continue
                    q = self.board[k]
                    if q and q[0] != me and q[1] < p[1]:
                        g = self.copy()
                        text = g.do_step(i, d)
                        back_dir = {"n": "s", "s": "n", "e": "w", "w": "e"}[e]
                        text += "/" + g.do_step(k, back_dir)
                        g.finish(out, text)
            if self.steps > 2:
                continue
            # pushes: a weaker enemy next to i steps away, i takes its square
            for e in "nsew":
                k = step_to(i, e)
                if k is None:
                    continue
                q = self.board[k]
                if not (q and q[0] != me and q[1] < p[1]):
                    continue
                for d in "nsew":
                    m = step_to(k, d)
                    if m is None or self.board[m] is not None:
                        continue
                    g = self.copy()
                    text = g.do_step(k, d)
                    text += "/" + g.do_step(i, e)
                    g.finish(out, text)
        if self.steps > 0 and tuple(self.board) != self.start:
            g = self.copy()
            g.end_turn()
            add(out, "end", g)
        return out

    def finish(self, out, text):
        """After the steps of a ply: the turn goes on or ends."""
        if self.steps == 4:
            if tuple(self.board) == self.start:
                return              # the turn must change the position
            self.end_turn()
        add(out, text, self)


def add(out, text, g):
    """One ply per distinct text (compared without regard to case)."""
    key = text.lower()
    if key in out:
        assert out[key][1].board == g.board, "two plies with one text: " + text
        return
    out[key] = (text, g)


def legal(g):
    return {v[0]: v[1] for v in g.plies().values()}


def start_after(moves):
    g = Game()
    for m in moves.split():
        pl = g.plies()
        if m.lower() not in pl:
            raise SystemExit("illegal move: " + m)
        g = pl[m.lower()][1]
    return g


def perft(g, d):
    if d == 0:
        return 1
    pl = g.plies()
    if d == 1:
        return len(pl)
    return sum(perft(h, d - 1) for _, h in pl.values())


def make(seed, plies):
    """A seeded game that favours captures, pushes, pulls and rabbits
    going forward, so that games reach captures and goals."""
    rng = random.Random(seed)
    g = Game()
    moves = []
    for _ in range(plies):
        pl = legal(g)
        if not pl:
            break
        texts = sorted(pl)
        weights = []
        for t in texts:
            w = 1.0
            for tok in t.split("/"):
                if tok.endswith("x"):     # a capture: the enemy's, or one's own
                    w = w + 6 if tok[0].isupper() != (g.turn == GOLD) else w * 0.1
            if "/" in t:
                w += 2
            if t[0] in "Rr" and len(t) == 4 and t[3] == ("n" if g.turn == GOLD else "s"):
                w += 3
            if t == "end":
                w = 0.5
            weights.append(w)
        t = rng.choices(texts, weights)[0]
        moves.append(t)
        g = pl[t]
        if g.result is not None:
            break
    return moves


def cross(plateau, seeds):
    """Compare the legal moves with Plateau's at every ply of the games
    `--make SEED 3000`, and the result at their end."""
    import subprocess
    bad = 0
    for seed in seeds:
        moves = make(seed, 3000)
        g = Game()
        compared = 0
        for k in range(len(moves) + 1):
            out = subprocess.run([plateau, "moves", "arimaa", "--moves", " ".join(moves[:k])],
                                 capture_output=True, text=True).stdout.split()
            if g.result is not None:
                want = ["game", "over:", ["gold", "silver"][g.result], "wins"]
            else:
                want = sorted(legal(g))
            if sorted(out) != sorted(want):
                print("seed %d, after %d plies: plateau %s, reference %s" % (seed, k, out, want))
                bad += 1
                break
            compared += 1
            if k < len(moves):
                g = g.plies()[moves[k].lower()][1]
        print("seed %d: %d positions agree" % (seed, compared))
    return bad


def main(argv):
    if len(argv) >= 2 and argv[1] == "--cross":
        sys.exit(1 if cross(argv[2], [int(a) for a in argv[3:]]) else 0)
    if len(argv) >= 2 and argv[1] == "--list":
        g = start_after(argv[2] if len(argv) > 2 else "")
        print(" ".join(sorted(legal(g))))
        return
    if len(argv) >= 2 and argv[1] == "--status":
        g = start_after(argv[2] if len(argv) > 2 else "")
        print(["gold", "silver"][g.result] if g.result is not None else
              ("none" if g.plies() else ["gold", "silver"][1 - g.turn] + " (no moves)"))
        return
    if len(argv) >= 2 and argv[1] == "--make":
        print(" ".join(make(int(argv[2]), int(argv[3]))))
        return
    depth = int(argv[1])
    g = start_after(argv[2] if len(argv) > 2 else "")
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(g, d)))


if __name__ == "__main__":
    main(sys.argv)
