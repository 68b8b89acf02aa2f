#!/usr/bin/env python3
"""gyges_ref.py -- an independent reference for Gyges (Gygès): move lists
and perft, written directly from docs/games/gyges.md.  It shares no
code with Plateau nor with games/race/gyges.game.  Not run in CI: run it by hand
after a change to games/race/gyges.game or to the engine,

    python3 tests/reference/gyges_ref.py 3                    # perft 1..3 from the start
    python3 tests/reference/gyges_ref.py 2 "2@c1 3@d6 ..."    # after these moves
    python3 tests/reference/gyges_ref.py --list "2@c1 ..."    # the legal moves, sorted
    python3 tests/reference/gyges_ref.py --divide 2 "..."     # perft(2) per first move
    python3 tests/reference/gyges_ref.py --position tests/positions/gyges_box.game 2 ""
    python3 tests/reference/gyges_ref.py --check              # the table of test_gyges.c
    python3 tests/reference/gyges_ref.py --games 50 /tmp/gb/plateau [FIRST_SEED]
    python3 tests/reference/gyges_ref.py --positions 2000 /tmp/gb/plateau [SEED]

`--games N PLATEAU` replays the seeded random games of the CLI (`plateau
play gyges --south random --north random --seed S`, S = 1..N) and compares,
at every ply, this script's legal moves with `plateau moves`, then the
result (about 1 s per 15 plies).  `--positions N PLATEAU` does the same
for N random play-phase positions of 2 to 26 rings (any kinds, either side
to move) and one random move after most of them (about 50 a second).
`--position FILE` starts from a tests/positions/gyges_*.game file
(only what those files use is read, see load()).

Perft follows docs/cli.md ("perft"): the number of distinct legal
move sequences of length d, stopping at terminal positions (1 at depth 0,
0 beyond).

How the rules are read here (literally, on purpose):
- setup: South, North, South, ... each places one of its remaining rings
  (2 of each kind) on an empty square of its two home rows; text `2@c1`;
- play: the playable row is the first row, from the player's side, holding
  a ring that has at least one legal move (by the whole definition);
- a move: series of exact hop counts; every hop but the last of a series
  lands on an empty square (the start square is empty for the whole move);
  the last hop of a series may land on an empty square (the move ends; not
  the start square), on a ring (bounce: a new series of that ring's kind;
  or box: the ring landed on goes to any empty square not beyond the
  opponent's front row, computed with the moving ring on its new square and
  the boxed ring lifted, the start square being empty), or into the goal
  the player attacks (win).  No hop goes into the defended goal or through
  a goal.  Each connection (square-square or square-goal) is used at most
  once per move, either way;
- texts `c1-d4`, `c1-d4/b2`, `c1-N`; equal texts are one move;
- end: a ring in the attacked goal wins; else threefold repetition (same
  rings on the same squares, same side to move, start position and current
  occurrence counted) draws; else a player with no legal move loses.
"""
import os
import subprocess
import sys

W = H = 6
FILES = "abcdef"
SOUTH, NORTH = 0, 1
PLAYERS = ["south", "north"]
GOAL_S, GOAL_N = 36, 37          # the goals, after the 36 squares
DRAW = "draw"

# ---------------------------------------------------------------------------
# The board: squares 0..35 (a1 = 0, b1 = 1, ..., f6 = 35), goals 36 and 37.
# NB[i][d]: the neighbour of square i in direction d (n e s w), a goal for
# the squares of rows 1 and 6, or None.  EDGE[i][d]: the number of that
# connection (one number for both directions).
# ---------------------------------------------------------------------------

DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def sq(text):
    text = text.lower()
    return (int(text[1:]) - 1) * W + FILES.index(text[0])


def name(i):
    if i == GOAL_S:
        return "S"
    if i == GOAL_N:
        return "N"
    return FILES[i % W] + str(i // W + 1)


def row(i):
    """1..6"""
    return i // W + 1


def _tables():
    nb, edge, ids = [], [], {}
    for i in range(W * H):
        c, r = i % W, i // W
        nrow, erow = [], []
        for dc, dr in DIRS:
            cc, rr = c + dc, r + dr
            if 0 <= cc < W and 0 <= rr < H:
                j = rr * W + cc
            elif rr == H and dc == 0:
                j = GOAL_N
            elif rr == -1 and dc == 0:
                j = GOAL_S
            else:
                j = None
            nrow.append(j)
            if j is None:
                erow.append(None)
            else:
                key = (min(i, j), max(i, j))
                erow.append(ids.setdefault(key, len(ids)))
        nb.append(nrow)
        edge.append(erow)
    return nb, edge


NB, EDGE = _tables()

# ---------------------------------------------------------------------------
# A position: board (tuple of 36: 0 empty, else the ring's kind 1..3),
# hand ((ones, twos, threes) of South, of North), turn, winner (None or the
# player whose ring entered the goal), history (dict key -> occurrences,
# shared along a line of play and updated on apply/undo).
# ---------------------------------------------------------------------------


class Pos:
    __slots__ = ("board", "hand", "turn", "winner")

    def __init__(self, board, hand, turn, winner=None):
        self.board, self.hand, self.turn, self.winner = board, hand, turn, winner

    def key(self):
        return (self.board, self.hand, self.turn)


def start():
    return Pos(tuple([0] * (W * H)), ((2, 2, 2), (2, 2, 2)), SOUTH)


def in_setup(pos):
    return sum(pos.hand[0]) + sum(pos.hand[1]) > 0


def setup_moves(pos):
    p = pos.turn
    rows = (1, 2) if p == SOUTH else (5, 6)
    out = {}
    for k in (1, 2, 3):
        if pos.hand[p][k - 1] == 0:
            continue
        for i in range(W * H):
            if row(i) in rows and pos.board[i] == 0:
                b = list(pos.board)
                b[i] = k
                h = list(map(list, pos.hand))
                h[p][k - 1] -= 1
                out["%d@%s" % (k, name(i))] = Pos(
                    tuple(b), (tuple(h[0]), tuple(h[1])), 1 - p)
    return out


def ring_moves(pos, frm, out):
    """Add to out (text -> Pos) every move of the ring on frm."""
    p = pos.turn
    attacked = GOAL_N if p == SOUTH else GOAL_S
    kind = pos.board[frm]
    b = list(pos.board)
    b[frm] = 0                      # the start square is empty for the whole move
    occupied = [i for i in range(W * H) if b[i]]
    # the opponent's front row for a box: the moving ring stands on the
    # landing square, which was occupied before, and the boxed ring is
    # lifted: the occupied squares are exactly `occupied`
    if p == SOUTH:
        front = max(row(i) for i in occupied)
        allowed = [i for i in range(W * H) if b[i] == 0 and row(i) <= front]
    else:
        front = min(row(i) for i in occupied)
        allowed = [i for i in range(W * H) if b[i] == 0 and row(i) >= front]
    f = name(frm)
    nxt_turn = 1 - p

    def land(here, n, used):
        """A series of n hops from here, with the connections `used`."""
        for d in range(4):
            j = NB[here][d]
            if j is None:
                continue
            e = 1 << EDGE[here][d]
            if used & e:
                continue
            u = used | e
            if n > 1:                           # not the last hop
                if j >= W * H or b[j]:
                    continue
                land(j, n - 1, u)
                continue
            if j >= W * H:                      # a goal
                if j == attacked:
                    t = f + "-" + name(j)
                    if t not in out:
                        out[t] = Pos(tuple(b), pos.hand, nxt_turn, winner=p)
                continue
            if b[j] == 0:
                if j == frm:
                    continue
                t = f + "-" + name(j)
                if t not in out:
                    nb = list(b)
                    nb[j] = kind
                    out[t] = Pos(tuple(nb), pos.hand, nxt_turn)
                continue
            land(j, b[j], u)                    # bounce
            for to in allowed:                  # box
                t = f + "-" + name(j) + "/" + name(to)
                if t not in out:
                    nb = list(b)
                    nb[to] = b[j]
                    nb[j] = kind
                    out[t] = Pos(tuple(nb), pos.hand, nxt_turn)

    land(frm, kind, 0)


def play_moves(pos):
    rows = range(1, H + 1) if pos.turn == SOUTH else range(H, 0, -1)
    for r in rows:
        out = {}
        for i in range(W * H):
            if row(i) == r and pos.board[i]:
                ring_moves(pos, i, out)
        if out:
            return out
    return {}


def moves(pos):
    """text -> Pos after the move, for the player to move (end rules not
    consulted)."""
    return setup_moves(pos) if in_setup(pos) else play_moves(pos)


class Game:
    """A line of play: the position and the repetition counts."""

    def __init__(self, pos):
        self.pos = pos
        self.seen = {pos.key(): 1}
        self.moved = False              # end rules are checked after a move
        self.stack = []

    def apply(self, new):
        self.stack.append((self.pos, self.moved))
        self.pos, self.moved = new, True
        k = new.key()
        self.seen[k] = self.seen.get(k, 0) + 1

    def undo(self):
        k = self.pos.key()
        self.seen[k] -= 1
        self.pos, self.moved = self.stack.pop()

    def status(self, ms):
        """None while the game goes on, a player who won, or DRAW."""
        if self.moved:
            if self.pos.winner is not None:
                return self.pos.winner
            if self.seen[self.pos.key()] >= 3:
                return DRAW
        if not ms:
            return 1 - self.pos.turn      # no move: the player to move loses
        return None

    def play(self, text):
        ms = moves(self.pos)
        if self.status(ms) is not None:
            raise SystemExit("game over before %s" % text)
        found = [t for t in ms if t.lower() == text.lower()]
        if not found:
            raise SystemExit("illegal move %s; legal: %s" % (text, " ".join(sorted(ms))))
        self.apply(ms[found[0]])


def perft(g, depth):
    if depth == 0:
        return 1
    ms = moves(g.pos) if g.pos.winner is None else {}
    if g.status(ms) is not None:
        return 0
    if depth == 1:
        return len(ms)
    n = 0
    for t in ms:
        g.apply(ms[t])
        n += perft(g, depth - 1)
        g.undo()
    return n


def load(path):
    """A tests/positions/gyges_*.game file.  Reads `place nobody ring(K) at
    SQ ..`, `set ones|twos|threes(P) = N`, `turn P`; first_row and
    row_step are fixed by the rules and ignored."""
    board = [0] * (W * H)
    hand = [[2, 2, 2], [2, 2, 2]]
    turn = SOUTH
    kinds = ("ones", "twos", "threes")
    for line in open(path):
        words = line.split("#")[0].replace("(", " ").replace(")", " ").split()
        if not words:
            continue
        if words[0] == "place":             # place nobody ring K at SQ ...
            for s in words[5:]:
                board[sq(s)] = int(words[3])
        elif words[0] == "set" and words[1] in kinds:
            hand[PLAYERS.index(words[2])][kinds.index(words[1])] = int(words[4])
        elif words[0] == "turn":
            turn = PLAYERS.index(words[1])
    return Pos(tuple(board), (tuple(hand[0]), tuple(hand[1])), turn)


def result_text(r):
    return {None: "not over", DRAW: "draw"}.get(r, "%s wins" % PLAYERS[r] if r in (0, 1) else r)


# ---------------------------------------------------------------------------
# The table of tests/test_gyges.c (values agreed with the engine).
# ---------------------------------------------------------------------------

POSITIONS = [
    # the start
    ("games/race/gyges.game",
     "",
     [36, 1296, 42768]),
    # seed 1, 6 plies: setup, kinds running out
    ("games/race/gyges.game",
     "1@c2 1@f6 3@e1 3@b5 2@a2 1@a5",
     [27, 486, 7776]),
    # seed 11, 11 plies: the last placement, then play
    ("games/race/gyges.game",
     "1@e2 1@c5 2@f2 3@b6 1@b1 1@d5 2@c1 3@d6 3@a2 2@a5 3@e1",
     [7, 952, 89292]),
    # seed 11, 12 plies: South's first move
    ("games/race/gyges.game",
     "1@e2 1@c5 2@f2 3@b6 1@b1 1@d5 2@c1 3@d6 3@a2 2@a5 3@e1 2@c6",
     [136, 14587]),
    # seed 1, 16 plies
    ("games/race/gyges.game",
     "1@c2 1@f6 3@e1 3@b5 2@a2 1@a5 1@a1 3@f5 3@d1 2@c6 2@c1 2@e5 "
     "a1-c2/a6 a6-a5/e6 e1-d1/b4 c6-f6/e1",
     [63, 5720]),
    # seed 2, 16 plies
    ("games/race/gyges.game",
     "3@a2 3@d6 3@e1 2@a5 1@c2 1@c5 1@a1 3@b5 2@d1 1@a6 2@c1 2@f5 "
     "d1-a2/b1 d6-f5/c6 c1-e1/f3 c6-c5/c6",
     [144, 12421]),
    # seed 3, 45 plies
    ("games/race/gyges.game",
     "1@c1 3@a6 3@f1 1@a5 1@b1 2@c5 3@e1 1@c6 2@d1 3@d5 2@c2 2@e6 "
     "d1-b1/c3 c6-b1/e2 b1-f1/f2 e6-d5/d2 f1-e1/b4 a6-c2/d3 c1-d3/f1 "
     "d5-e2/d6 e1-b4/b1 d6-a5/b6 b1-c3/a4 b6-c6 f1-c5/a1 c6-c2/f5 "
     "a1-c1 a5-a4/d1 d1-c1/c4 f5-d3/a3 c1-d6 d6-e6 d2-e2/c6 c6-e6/b5 "
     "f2-d3/b1 e6-c6 b1-b4/a2 c6-c3/f5 c2-b5/b2 c5-d4 b2-b4/c2 "
     "b5-a4/b2 c2-a3/f3 f5-d4/f6 b2-a4/e5",
     [25, 5700]),
    # seed 2, 60 plies: many boxes
    ("games/race/gyges.game",
     "3@a2 3@d6 3@e1 2@a5 1@c2 1@c5 1@a1 3@b5 2@d1 1@a6 2@c1 2@f5 "
     "d1-a2/b1 d6-f5/c6 c1-e1/f3 c6-c5/c6 a1-a2/e6 e6-c5/b6 b1-e1/a1 "
     "c6-c5/f2 e1-f3/d1 a6-a5/c3 d1-a5/e4 b6-c3/d6 a1-b2 d6-c3/e3 "
     "b2-e3/d4 c5-e3/d5 f2-d4/a4 d5-f3/b6 c2-e3/a3 b6-f3/b2 b2-a5/c5 "
     "b5-a4/e2 a2-e3/b1 a5-c5/c6 b1-b2 c6-c5/f6 e2-f3/d6 f6-e4/b4 "
     "b2-a2 d6-c3/e2 e2-f3/a5 f5-a4/f6 a2-a4/a2 f6-e4/f5 a2-f3/a2 "
     "f5-e4/c6 a2-c2 c6-a4/b2 b2-c2/f1 a5-b4/b5 f1-f3/d1 c5-b5/d3 "
     "d1-b1 b5-c3/d2 b1-a3/b2 a4-a3/b3 c2-c3/c2 b4-e3/c6",
     [644, 17191]),
    # seed 4, 60 plies: two moves only
    ("games/race/gyges.game",
     "1@a1 3@a5 1@d2 3@d5 2@b1 1@b6 3@c1 1@b5 2@a2 2@c5 3@d1 2@d6 "
     "c1-d2/d4 b6-b5/e2 a1-d1/c3 d6-c5/c4 d1-e2/c2 d5-a2/e3 b1-c5/b1 "
     "a5-b5/a5 b1-c4/d1 b5-c5/a6 d1-c3/e4 a6-b5 c2-c1 a5-c4/f4 c1-b1 "
     "c5-c3/f3 b1-b2 b5-f4/b5 d2-a2/f1 b5-c3/d6 f1-c1 d6-e4/a5 "
     "c1-f4/a1 a5-a2/b1 b1-b2/f1 e4-d4/c1 a1-e2/e4 d4-a2/e1 f1-f3/f1 "
     "f4-c3/d3 e1-b2/f2 c4-e4/d4 c1-c2 d4-d3/f4 f1-e4/d4 d4-e4/f5 "
     "c2-d3/b5 f5-e3/f6 b2-f4/a6 f6-f4/a3 f2-c3/a5 a6-b5/c2 c2-e4/e1 "
     "a5-b5/c1 c1-f4/f2 b5-e2/a1 e1-c2 e4-f4/b4",
     [2, 584, 132400]),
    # seed 10, 90 plies
    ("games/race/gyges.game",
     "2@f1 2@e6 1@a2 1@b5 1@d1 2@a6 2@b1 1@f6 3@f2 3@a5 3@d2 3@d5 "
     "b1-d2/e2 f6-d2/c4 f1-f2/b6 b6-e2/b2 d1-e1 a6-d4 e1-f1 e6-e4 "
     "f1-f2/f3 a5-b5/c2 b2-d2/f1 d5-b6 f1-e2/c3 b6-c2/a5 d2-e4/f4 "
     "a5-c4/a3 c2-a2/c5 c5-a3/d3 a2-c4/a1 b5-f4/e6 a1-b1 e6-e4/e6 "
     "b1-c1 e6-f4/c6 c1-d1 c6-d4/a6 d1-e1 a6-a4 e1-d3/f1 e4-e2/a6 "
     "f1-a3/c2 a6-a5 c2-c3/c2 a5-c3/b2 e2-e4 f4-c3/e2 c2-b2/d2 "
     "d4-f2/a6 f2-a6/d4 a6-c5 e2-f3/a2 c5-b2/f2 f2-c3/b3 e4-f3/f5 "
     "b2-b3/b1 f5-f4 b1-a5 a5-a4/d6 d2-c4/c1 d6-c4/c5 c1-c4/b4 "
     "c5-c4/c5 a2-b3/e2 c5-f5 e2-c3/d2 f5-d3/c5 d2-f3/d2 c5-b3/b6 "
     "d2-c3/e1 b6-b4/e3 e1-c2 d4-c3/d6 c2-f3/b1 d6-f6 b1-b3/d4 "
     "f6-c3/d5 d3-d4/b2 d5-d4/f2 f2-f1 d4-c3/b5 f1-f2 b5-b4/c2 "
     "f2-c2/d4 a4-c4/d2 b2-b1 f4-a3/d1 d1-a4 d4-c2/f2",
     [3, 695, 34044]),
    # gyges_box.game
    ("tests/positions/gyges_box.game",
     "",
     [29, 679, 19014]),
    # gyges_chain.game
    ("tests/positions/gyges_chain.game",
     "",
     [76, 497]),
    # gyges_goal_last.game
    ("tests/positions/gyges_goal_last.game",
     "",
     [40, 270]),
    # gyges_fallback.game
    ("tests/positions/gyges_fallback.game",
     "",
     [485, 17709]),
    # no-move losses inside
    ("tests/positions/gyges_no_move.game",
     "",
     [38, 412, 24796]),
    # draws inside
    ("tests/positions/gyges_repetition.game",
     "a1-b1 f6-e6 b1-a1 e6-f6 a1-b1 f6-e6",
     [3, 9, 25, 73]),
]


def random_games(plateau, count, first=1):
    """Replay the seeded random games of the CLI and compare every move
    list with `plateau moves`.  Returns the number of games that disagree."""
    bad = 0
    root = os.getcwd()
    for seed in range(first, first + count):
        out = subprocess.run(
            [plateau, "play", "games/race/gyges.game", "--south", "random",
             "--north", "random", "--seed", str(seed)],
            capture_output=True, text=True, check=True, cwd=root).stdout
        played = [l.split()[3] for l in out.splitlines() if " plays " in l]
        want = out.strip().splitlines()[-1].replace("game over: ", "")
        g = Game(start())
        why = None
        for i, t in enumerate(played + [None]):
            ms = moves(g.pos) if g.pos.winner is None else {}
            st = g.status(ms)
            eng = subprocess.run(
                [plateau, "moves", "games/race/gyges.game", "--moves", " ".join(played[:i])],
                capture_output=True, text=True, cwd=root).stdout.split()
            if st is None and sorted(eng) != sorted(ms):
                a, b = set(ms) - set(eng), set(eng) - set(ms)
                why = "ply %d (after '%s'): only here %s; only engine %s" % (
                    i, " ".join(played[:i]), sorted(a), sorted(b))
                break
            if t is None:
                if result_text(st) != want:
                    why = "result %s, engine %s" % (result_text(st), want)
                break
            if st is not None:
                why = "over (%s) before move %d %s" % (result_text(st), i + 1, t)
                break
            g.apply(ms[t])
        if why:
            bad += 1
            print("DIFF seed %d: %s" % (seed, why), flush=True)
        else:
            print("seed %d: %d plies agree, %s" % (seed, len(played), want), flush=True)
    return bad


def random_positions(plateau, count, seed=1, rings=(2, 26)):
    """Compare the move lists of `count` random play-phase positions (a
    random number of rings of random kinds on random squares, either side
    to move, written as a position file under /tmp) with `plateau moves`,
    after a random first move in most of them.  Returns the number of
    positions that disagree."""
    import random
    import tempfile
    rnd = random.Random(seed)
    bad = total = 0
    fd, path = tempfile.mkstemp(suffix=".game")
    os.close(fd)
    game = os.path.abspath("games/race/gyges.game")
    try:
        for _ in range(count):
            n = rnd.randint(*rings)
            squares = rnd.sample(range(W * H), n)
            board = [0] * (W * H)
            for i in squares:
                board[i] = rnd.randint(1, 3)
            turn = rnd.choice(PLAYERS)
            text = 'import "%s"\nsetup {\n' % game
            for k in (1, 2, 3):
                at = [name(i) for i in squares if board[i] == k]
                if at:
                    text += "  place nobody ring(%d) at %s\n" % (k, " ".join(at))
            for p in PLAYERS:
                for v in ("ones", "twos", "threes"):
                    text += "  set %s(%s) = 0\n" % (v, p)
            text += "  set first_row(north) = 6\n  set row_step(north) = -1\n"
            text += "  turn %s\n}\n" % turn
            with open(path, "w") as f:
                f.write(text)
            g = Game(Pos(tuple(board), ((0, 0, 0), (0, 0, 0)), PLAYERS.index(turn)))
            ms = moves(g.pos)
            line = []
            if ms and rnd.random() < 0.7:
                t = rnd.choice(sorted(ms))
                line = [t]
                g.apply(ms[t])
            ms = moves(g.pos) if g.pos.winner is None else {}
            st = g.status(ms)
            out = subprocess.run([plateau, "moves", path, "--moves", " ".join(line)],
                                 capture_output=True, text=True).stdout.splitlines()
            if st is not None:
                ok = out[:1] == ["game over: " + result_text(st)]
            else:
                ok = sorted(out) == sorted(ms)
                total += len(ms)
            if not ok:
                bad += 1
                print("DIFF after %s in\n%s  here: %s\n  engine: %s" % (
                    line, text, " ".join(sorted(ms)) if st is None else result_text(st),
                    " ".join(out)), flush=True)
    finally:
        os.remove(path)
    print("%d random positions, %d moves compared, %d disagree" % (count, total, bad))
    return bad


def main(argv):
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    pos = start()
    if "--position" in argv:
        k = argv.index("--position")
        pos = load(argv[k + 1])
        del argv[k:k + 2]
    if "--games" in argv:
        k = argv.index("--games")
        plateau = argv[k + 2] if len(argv) > k + 2 else "build/plateau"
        first = int(argv[k + 3]) if len(argv) > k + 3 else 1
        return 1 if random_games(os.path.abspath(plateau), int(argv[k + 1]), first) else 0
    if "--positions" in argv:
        k = argv.index("--positions")
        plateau = argv[k + 2] if len(argv) > k + 2 else "build/plateau"
        seed = int(argv[k + 3]) if len(argv) > k + 3 else 1
        return 1 if random_positions(os.path.abspath(plateau), int(argv[k + 1]), seed) else 0
    if "--check" in argv:
        bad = 0
        for where, mvs, expect in POSITIONS:
            g = Game(load(where) if where.startswith("tests/") else start())
            for t in mvs.split():
                g.play(t)
            got = [perft(g, d) for d in range(1, len(expect) + 1)]
            ok = got == expect
            bad += not ok
            print("%s %s '%s': %s%s" % ("ok  " if ok else "DIFF", where, mvs[:40],
                                        got, "" if ok else " expected %s" % expect),
                  flush=True)
        return 1 if bad else 0
    if "--list" in argv:
        argv.remove("--list")
        g = Game(pos)
        for t in (argv[0] if argv else "").split():
            g.play(t)
        ms = moves(g.pos) if g.pos.winner is None else {}
        st = g.status(ms)
        if st is not None:
            print("game over:", result_text(st))
        else:
            for t in sorted(ms):
                print(t)
        return 0
    divide = "--divide" in argv
    if divide:
        argv.remove("--divide")
    if not argv:
        print(__doc__)
        return 2
    depth = int(argv[0])
    g = Game(pos)
    for t in (argv[1] if len(argv) > 1 else "").split():
        g.play(t)
    if divide:
        ms = moves(g.pos) if g.pos.winner is None else {}
        if g.status(ms) is None:
            total = 0
            for t in sorted(ms):
                g.apply(ms[t])
                n = perft(g, depth - 1)
                g.undo()
                total += n
                print("%s: %d" % (t, n))
            print("perft(%d) = %d" % (depth, total))
        return 0
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(g, d)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
