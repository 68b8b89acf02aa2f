#!/usr/bin/env python3
"""wali_yote_ref.py -- an independent reference for the perft numbers of
Wali, Dara and Yote pinned in tests/test_wali_yote.c.  Not run in CI: run
it by hand after a change to games/west-african/wali.game, games/west-african/dara.game,
games/west-african/yote.game or the engine,

    python3 tests/reference/wali_yote_ref.py            # every table entry
    python3 tests/reference/wali_yote_ref.py yote       # one game
    python3 tests/reference/wali_yote_ref.py --check    # exit 1 on a mismatch
    python3 tests/reference/wali_yote_ref.py --games 200 build/plateau

The last form replays 200 seeded random games of each game played by the
CLI (the path is taken from the repository root) and checks every move and
the result (see random_games below).  Positions may also be files of
tests/positions/, read by load() below.  Timing: the table takes about 25 s;
perft(5) from the start, 2 minutes per game, also agrees (Wali and Dara
16940664, Yote 26782526); 2000 random games of each game agree.

It shares no code with Plateau (nor with perft_ref.py): the three games are
written directly from docs/games/wali.md (Wali and its "dara"
variant) and docs/games/yote.md, and the move sequences below are
replayed by move text.  Perft follows docs/cli.md ("perft"): the
number of distinct legal move sequences of length d, stopping at terminal
positions (a terminal position counts 1 at depth 0, 0 beyond).

Where the rule texts leave something to the reader, this script takes the
literal reading, on purpose, so that it can disagree with the game files:

- the placement ban is "after the placement the player has three or more
  own pieces consecutive in one row or one column" anywhere on the board
  (not only through the placed piece);
- the phase switch is made before every placement turn, when both hands are
  empty or neither player can place;
- a player with no piece on the board in phase 2 has lost, at once.

The POSITIONS table is the same as the one in tests/test_wali_yote.c; the
numbers there were kept only where this script agrees.
"""
import os
import sys

W, H = 6, 5
FILES = "abcdef"
DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DRAW = "draw"
SOUTH, NORTH = 0, 1
PLAYERS = ["south", "north"]


def sq(text):
    """'c3' -> index 0..29 (a1 = 0, b1 = 1, ..., f5 = 29)."""
    return (int(text[1:]) - 1) * W + FILES.index(text[0].lower())


def name(i):
    return FILES[i % W] + str(i // W + 1)


def step(i, d):
    """The square one step from i in direction d, or None off the board."""
    c, r = i % W + d[0], i // W + d[1]
    if 0 <= c < W and 0 <= r < H:
        return r * W + c
    return None


def line_len(board, i, d):
    """Consecutive pieces of the owner of i through i along d and -d."""
    who = board[i]
    n = 1
    for dd in (d, (-d[0], -d[1])):
        j = step(i, dd)
        while j is not None and board[j] == who:
            n += 1
            j = step(j, dd)
    return n


def has_three(board, p):
    """Player p has three or more consecutive pieces in a row or column."""
    for r in range(H):
        n = 0
        for c in range(W):
            n = n + 1 if board[r * W + c] == p else 0
            if n >= 3:
                return True
    for c in range(W):
        n = 0
        for r in range(H):
            n = n + 1 if board[r * W + c] == p else 0
            if n >= 3:
                return True
    return False


# ---------------------------------------------------------------------------
# Wali (and Dara: only runs of exactly three remove)
# A position is a dict: board (list of 30: None / 0 / 1), hand [s, n],
# phase (1 or 2), turn (player to move), quiet, moved (a move was played).
# ---------------------------------------------------------------------------

class Wali:
    def __init__(self, exact=False):
        self.exact = exact

    def start(self):
        return {"board": [None] * (W * H), "hand": [12, 12], "phase": 1,
                "turn": SOUTH, "quiet": 0, "moved": False}

    def allowed(self, pos, p):
        """Squares where p may place now."""
        out = []
        if pos["hand"][p] == 0:
            return out
        b = pos["board"]
        for i in range(W * H):
            if b[i] is None:
                b[i] = p
                bad = has_three(b, p)
                b[i] = None
                if not bad:
                    out.append(i)
        return out

    def can_place(self, pos, p):
        if pos["hand"][p] == 0:
            return False
        b = pos["board"]
        for i in range(W * H):
            if b[i] is None:
                b[i] = p
                bad = has_three(b, p)
                b[i] = None
                if not bad:
                    return True
        return False

    def normalize(self, pos):
        """The phase switch, made before a placement turn."""
        if pos["phase"] == 1:
            h = pos["hand"]
            if (h[0] == 0 and h[1] == 0) or \
               (not self.can_place(pos, 0) and not self.can_place(pos, 1)):
                pos["phase"] = 2
                pos["hand"] = [0, 0]

    def moves(self, pos):
        """dict text -> next position."""
        pos = dict(pos, board=list(pos["board"]), hand=list(pos["hand"]))
        self.normalize(pos)
        p = pos["turn"]
        out = {}

        def child(board, hand=None, quiet=None):
            return {"board": board, "hand": hand or list(pos["hand"]),
                    "phase": pos["phase"], "turn": 1 - p,
                    "quiet": pos["quiet"] if quiet is None else quiet,
                    "moved": True}

        if pos["phase"] == 1:
            squares = self.allowed(pos, p)
            for i in squares:
                b = list(pos["board"])
                b[i] = p
                hand = list(pos["hand"])
                hand[p] -= 1
                out[name(i)] = child(b, hand)
            if not squares:
                out["pass"] = child(list(pos["board"]))
            return out
        board = pos["board"]
        for i in range(W * H):
            if board[i] != p:
                continue
            for d in DIRS:
                j = step(i, d)
                if j is None or board[j] is not None:
                    continue
                b = list(board)
                b[i] = None
                b[j] = p
                row = line_len(b, j, (1, 0))
                col = line_len(b, j, (0, 1))
                if self.exact:
                    removes = row == 3 or col == 3
                else:
                    removes = row >= 3 or col >= 3
                base = name(i) + "-" + name(j)
                if removes:
                    for v in range(W * H):
                        if b[v] == 1 - p:
                            bb = list(b)
                            bb[v] = None
                            out[base + "x" + name(v)] = child(bb, quiet=0)
                else:
                    out[base] = child(b, quiet=pos["quiet"] + 1)
        return out

    def status(self, pos, moves):
        """None while the game goes on, else the winner or DRAW."""
        probe = dict(pos, hand=list(pos["hand"]))
        self.normalize(probe)
        if probe["phase"] == 2:
            for p in (SOUTH, NORTH):
                if p not in pos["board"]:
                    return 1 - p
            if probe["quiet"] >= 50:
                return DRAW
        if not moves:
            return 1 - pos["turn"]     # only in phase 2: phase 1 may pass
        return None


# ---------------------------------------------------------------------------
# Yote.  A position: board, reserve [s, n], turn, quiet, moved.
# ---------------------------------------------------------------------------

class Yote:
    def start(self):
        return {"board": [None] * (W * H), "reserve": [12, 12],
                "turn": SOUTH, "quiet": 0, "moved": False}

    def moves(self, pos):
        p, q = pos["turn"], 1 - pos["turn"]
        board = pos["board"]
        out = {}

        def child(b, reserve=None, quiet=0):
            return {"board": b, "reserve": reserve or list(pos["reserve"]),
                    "turn": q, "quiet": quiet, "moved": True}

        if pos["reserve"][p] > 0:
            for i in range(W * H):
                if board[i] is None:
                    b = list(board)
                    b[i] = p
                    r = list(pos["reserve"])
                    r[p] -= 1
                    out["@" + name(i)] = child(b, r, pos["quiet"] + 1)
        for i in range(W * H):
            if board[i] != p:
                continue
            for d in DIRS:
                j = step(i, d)
                if j is None:
                    continue
                if board[j] is None:
                    b = list(board)
                    b[i], b[j] = None, p
                    out[name(i) + "-" + name(j)] = child(b, None, pos["quiet"] + 1)
                elif board[j] == q:
                    k = step(j, d)
                    if k is None or board[k] is not None:
                        continue
                    b = list(board)
                    b[i], b[j], b[k] = None, None, p
                    base = name(i) + "x" + name(k)
                    others = [v for v in range(W * H) if b[v] == q]
                    if not others and pos["reserve"][q] == 0:
                        out[base] = child(b)
                        continue
                    for v in others:
                        bb = list(b)
                        bb[v] = None
                        out[base + "/" + name(v)] = child(bb)
                    if pos["reserve"][q] > 0:
                        r = list(pos["reserve"])
                        r[q] -= 1
                        out[base + "/r"] = child(b, r)
        return out

    def status(self, pos, moves):
        if pos["moved"]:
            for p in (SOUTH, NORTH):
                if p not in pos["board"] and pos["reserve"][p] == 0:
                    return 1 - p
        if pos["quiet"] >= 50:
            return DRAW
        if not moves:
            return 1 - pos["turn"]
        return None


GAMES = {"wali": lambda: Wali(False), "dara": lambda: Wali(True),
         "yote": Yote}


def perft(game, pos, depth):
    ms = game.moves(pos)
    if game.status(pos, ms) is not None:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    if depth == 1:
        return len(ms)
    return sum(perft(game, c, depth - 1) for c in ms.values())


def load(path):
    """A tests/positions/*.game file: the game it imports and its start
    position.  Only what those files use is read: `place P stone at SQ..`,
    `set VAR = N`, `set VAR(P) = N`, `turn P`."""
    game = pos = None
    for line in open(path):
        words = line.split("#")[0].replace("(", " ").replace(")", " ").split()
        if not words:
            continue
        if words[0] == "import":
            base = words[1].strip('"').rsplit("/", 1)[-1][:-len(".game")]
            game = GAMES[base]()
            pos = game.start()
        elif words[0] == "setup":
            pos["board"] = [None] * (W * H)
        elif words[0] == "place":
            p = PLAYERS.index(words[1])
            for s in words[4:]:
                pos["board"][sq(s)] = p
        elif words[0] == "set" and words[2] == "=":
            if words[1] == "placing":
                pos["phase"] = 1 if int(words[3]) else 2
            else:
                pos[words[1]] = int(words[3])
        elif words[0] == "set":
            pos[words[1]][PLAYERS.index(words[2])] = int(words[4])
        elif words[0] == "turn":
            pos["turn"] = PLAYERS.index(words[1])
    return game, pos


def replay(game, pos, moves):
    for t in moves.split():
        ms = game.moves(pos)
        if game.status(pos, ms) is not None:
            raise SystemExit("game over before %s" % t)
        found = [k for k in ms if k.lower() == t.lower()]
        if not found:
            raise SystemExit("illegal move %s; legal: %s" % (t, sorted(ms)))
        pos = ms[found[0]]
    return pos


# (game name or position file, moves, [perft(1), perft(2), ...]).  The same
# table as in tests/test_wali_yote.c.
POSITIONS = [
    ("wali", "",
     [30, 870, 24360, 657720]),
    ("dara", "",
     [30, 870, 24360, 657720]),
    ("yote", "",
     [30, 870, 27180, 827952]),
    ("wali",  # seed 1, 20 plies, the last placements
     "c2 b5 f2 a2 c5 a1 e1 a4 d5 c1 b2 d1 d4 f3 e3 f1 a3 c4 b3 c3",
     [4, 28, 60, 276, 11200]),
    ("wali",  # seed 167, 23 plies, a piece left in hand
     "c4 b1 e3 f2 f4 f1 e4 e5 d1 a5 b5 b3 a2 c1 e1 d5 f5 e2 b4 a3 d2 d4 "
     "c2",
     [9, 349, 5410, 200073]),
    ("wali",  # seed 1, 30 plies, movement phase
     "c2 b5 f2 a2 c5 a1 e1 a4 d5 c1 b2 d1 d4 f3 e3 f1 a3 c4 b3 c3 f5 f4 "
     "a5 e5 f2-e2xf3 f1-f2 e2-d2xa4 a1-b1xf5 d2-d3xc1 b1-c1",
     [28, 409, 14230, 202252]),
    ("wali",  # seed 3, 112 plies, few pieces left
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 d3-e3xd4 b5-a5xa2 b3-c3xa4 b1-b2 b4-b5 b2-a2xe5 b5-b4 "
     "a5-a4xc2 c3-d3xe1 d5-e5 e2-d2 a3-b3 d2-e2xd1 a4-a3xf1 e2-e1 "
     "c4-c3xe3 e4-e3xb3 a3-b3 d3-d2 b3-a3xb4 e3-e2 c3-d3 f3-e3xd3 e5-d5 "
     "e3-e4 d5-d4 d2-d1xf4 f2-f3 d1-d2 a3-b3 e4-f4 d4-c4 c1-b1 b3-a3xd2 "
     "f4-e4 a2-b2 e4-e3xb2 a3-b3 e3-e4 b3-b4 e4-e3xa1 c4-d4 e1-f1 b4-a4 "
     "f5-f4 f3-f2 e2-e1 d4-c4 e1-d1 f2-f3 f1-f2 a4-b4 f2-f1 c4-c3 f1-e1 "
     "b4-a4 b1-a1 c3-c4 f4-e4 c4-c3 e4-e5 a4-a3 d1-c1 c3-b3 e5-d5 a3-a2 "
     "a1-b1 b3-b2 e1-d1xb2 f3-f4 d5-c5 a2-a1 e3-d3 f4-f3 d1-d2 a1-a2 "
     "c5-b5 a2-a1 d2-c2 a1-a2 b5-c5 a2-a1 c2-c3 f3-f2 c1-c2 a1-a2 "
     "c5-c4xa2",
     [3, 39, 104, 1386, 3500]),
    ("wali",  # seed 2, 131 plies, quiet = 47: the draw
     "e3 c1 d5 d1 f2 b4 a4 c2 a1 a2 f5 d2 d4 a3 b2 c4 f4 c5 e2 a5 c3 b3 "
     "f1 e5 e3-d3xd2 b4-b5xf4 e2-d2xe5 c4-b4xd5 d4-d5 c1-b1 d3-d4 d1-e1 "
     "d2-e2 e1-d1 c3-d3xd1 c5-c4 f5-e5 c4-c3xe2 d4-e4 b1-c1xf2 d3-e3xa2 "
     "c1-b1 d5-c5 b1-c1xf1 e5-f5 b4-c4xc5 f5-e5xa3 c1-d1 e5-d5 d1-c1xa4 "
     "d5-e5xb3 c4-c5xe4 e3-f3 c3-c4 e5-e4 c4-c3xb2 e4-d4 c3-c4 a1-b1 "
     "c2-d2 f3-f2 d2-d1 f2-e2 d1-e1 b1-a1 c1-d1 a1-b1 c4-b4 d4-c4 b4-a4 "
     "b1-a1 a4-b4 e2-d2 c5-d5 d2-c2 d5-e5 c2-d2 d1-c1 d2-d1 e5-d5 d1-d2 "
     "b4-b3 a1-b1 d5-c5xb1 d2-d3 e1-f1 d3-d4 c1-c2 c4-c3 c2-b2 d4-d3 "
     "c5-c4 c3-c2 f1-f2 c2-c3 b2-b1 c3-c2 b5-c5 d3-c3 c4-d4 c2-d2 c5-d5 "
     "d2-c2 b1-a1 c2-c1 f2-e2 c1-c2 d5-e5 c2-d2 e5-d5 d2-d1 b3-b2 d1-d2 "
     "b2-b1 d2-d1 d4-e4 c3-b3 d5-d4 b3-b2 b1-c1 d1-e1 a5-a4 b2-b1 a4-b4 "
     "e1-d1 b4-b3 d1-d2 e2-e1 b1-b2 d4-c4 d2-c2",
     [18, 72, 1207, 90, 1402, 3975]),
    ("dara",  # seed 3, 40 plies, movement phase
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 b3-b2xa4 c4-c5xe4 d3-c3xd4 d1-d2 b4-c4 f4-e4 f3-e3 "
     "a3-b3 a2-a3 b5-b4 a3-a2xc5 b3-a3 b2-b3 b4-b5 b3-b2xd2",
     [11, 155, 1594, 37309]),
    ("dara",  # seed 3, 84 plies, few pieces left
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 b3-b2xa4 c4-c5xe4 d3-c3xd4 d1-d2 b4-c4 f4-e4 f3-e3 "
     "a3-b3 a2-a3 b5-b4 a3-a2xc5 b3-a3 b2-b3 b4-b5 b3-b2xd2 b5-b4 c4-c5 "
     "b4-b5 c3-d3 b5-b4 f5-f4 b4-c4 f4-f3xe4 d5-d4 e5-e4xf2 d4-d5 "
     "d3-c3xb1 a3-a4 a2-a3 e1-d1 c3-d3xa4 d5-d4 e2-f2xd4 d1-e1 e4-e5 "
     "a1-a2 d3-c3xe1 a2-a1 e3-e4 a1-a2 f3-e3xa2 c4-b4 f2-f3 b4-b3 c5-b5 "
     "b3-b4 a3-b3 b4-a4 b3-b4 a4-a5 c3-b3 a5-a4 e3-e2 a4-a3 f3-e3 a3-a2 "
     "e2-f2 a2-a3 e5-d5",
     [2, 46, 75, 1823, 2472]),
    ("dara",  # seed 2, 142 plies, quiet = 46: the draw
     "e3 c1 d5 d1 f2 b4 a4 c2 a1 a2 f5 d2 d4 a3 b2 c4 f4 c5 e2 a5 c3 b3 "
     "f1 e5 e3-d3xa5 c5-b5xb2 d3-e3 b5-c5 d4-d3xc1 a2-b2xa1 f2-f3xc2 "
     "d1-e1 f3-f2 b2-a2 e3-e4 c5-b5xf5 d5-c5 e5-f5 e4-e5 a2-b2 e2-e3xc4 "
     "e1-e2 c5-c4 b2-c2xf2 f4-e4xf5 b5-c5 c4-d4 c2-c1 e5-d5xb4 c1-c2xe3 "
     "e4-f4 e2-f2 d4-e4 f2-e2xf1 d5-d4xd2 a3-a2 f4-f5 e2-f2 d3-d2 f2-e2 "
     "a4-a5 e2-e1 e4-e5 c2-c1 c3-c4 c1-d1 c4-b4 b3-b2 f5-f4 b2-c2 b4-b3 "
     "c2-c1xb3 a5-a4 c5-b5 f4-f3 a2-a1 a4-b4 a1-a2 b4-b3 b5-a5 f3-f4 "
     "e1-f1 b3-b4 a2-a1 d2-c2 a1-b1xe5 c2-d2 b1-b2 d2-e2 f1-e1xd4 f4-f5 "
     "a5-a4 e2-e3 c1-c2 e3-f3 d1-d2xb4 f3-f2 a4-b4 f5-e5 d2-e2 f2-f3 "
     "b4-b3 f3-e3 e1-d1 e3-f3 c2-c3 f3-f4 c3-d3 f4-f5 d3-c3 e5-e4 e2-e3 "
     "e4-e5 b2-b1 e5-e4 b3-a3 f5-e5 e3-e2 e5-f5 b1-a1 e4-f4 c3-b3 f5-e5 "
     "e2-f2 e5-e4 f2-e2 e4-d4 e2-e3 d4-d5 e3-f3 d5-c5 a3-a4 c5-c4 a4-b4 "
     "f4-e4 f3-f2 e4-f4 b4-a4 f4-e4 f2-e2 c4-b4 d1-e1",
     [6, 75, 471, 6317, 505]),
    ("yote",  # seed 1, 16 plies
     "@c2 @b5 @a3 @a2 c2-b2 @a1 @e1 @a5 b2-c2 @d1 @f2 @c1 e1-f1 @d5 @d4 "
     "@b2",
     [27, 1316, 41063]),
    ("yote",  # seed 1, 32 plies, after captures
     "@c2 @b5 @a3 @a2 c2-b2 @a1 @e1 @a5 b2-c2 @d1 @f2 @c1 e1-f1 @d5 @d4 "
     "@b2 @e2 a2xa4/f1 @d2 @f4 e2-e1 b2-b1 f2-f3 d5xd3/c2 @d4 a1-a2 @c3 "
     "a2-b2 @c4 @a2 c3-b3 d1xf1/c4",
     [37, 1748, 64007]),
    ("yote",  # seed 5, 38 plies, reserves empty
     "@c1 @e1 @f2 @e3 @d1 @b2 @e5 @f1 @b4 @c2 c1xc3/r @b3 @b5 b3-a3 "
     "b4-c4 e1xc1/r @b3 @b4 @d4 @a5 e5-f5 @e5 b3xb1/f1 a5xc5/f5 c4xa4/r "
     "a3xa5/c3 f2-f1 c1xa1/d4 @a4 a1-b1 @a2 @c2 a2-b2 c5-d5 f1-e1 "
     "b1xb3/e1 @f3 b3-b2",
     [9, 114, 802, 10528]),
    ("yote",  # seed 2, 74 plies
     "@e3 @c1 e3-e4 @e1 @b3 @d4 @b5 @d2 @b1 @f1 b5-b4 @b2 b3-a3 @f2 @c4 "
     "@d5 b1xd1/d4 b2-a2 d1xd3/e1 a2xa4/d3 b4-b5 @e2 @e3 f2-f3 @f5 @c3 "
     "c4-c5 f3xd3/r e4-d4 @c1 @e3 @e1 @e4 e2-d2 @b4 d5-e5 f5xd5/a4 "
     "d3xf3/b5 @f5 c1-b1 b4-a4 b1-c1 f5-f4 c1-d1 c5-c4 f3xf5/d5 d4-d5 "
     "d1-c1 d5-c5 c1-b1 e4-e5 d2-e2 c4xc2/e2 b1-a1 e5-e4 f1-f2 c5-b5 "
     "e1-f1 c2-b2 f1-e1 a4-a3 e1-d1 e4-f4 d1-e1 b2-b1 a1xc1/a3 f4-e4 "
     "f2-f3 b5-a5 f3-f4 e4-e3 e1-f1 e3-d3 f5-e5",
     [6, 66, 421, 4371, 28324]),
    ("yote",  # seed 6, 100 plies, few pieces left
     "@d2 @e3 @b1 @f3 @c3 @e4 @f2 @e1 d2-c2 @c4 c3xc5/f3 @f4 @d2 @b2 "
     "c2xa2/e1 @b5 @a5 f4-f3 @e5 b5xd5/e5 @d1 f3xf1/a2 d2-d3 @b2 @c5 "
     "e4-e5 @a1 @c4 @a4 e3-f3 d3-c3 b2-b3 @a3 @b4 b1-b2 c4xc2/b2 "
     "a4xc4/f3 @b4 a3-a4 b4xd4/a5 d1-d2 b3-b2 a4-a3 b2-b1 d2xb2/d5 d4-e4 "
     "c5-b5 e5-f5 b2-c2 f5-f4 a1-a2 f1-f2 a3-a4 b1-c1 b5-a5 f2-f1 a2-a3 "
     "e4-e3 c2-b2 f1-e1 b2-a2 c1-b1 a4-b4 b1-b2 a2xc2/f4 e1-e2 a3-a4 "
     "e3-d3 b4-b3 e2-e3 b3-b2 e3-e4 b2-b3 d3-d4 c2-b2 d4-c4 b2-a2 e4-e5 "
     "b3-b4 c4-c3 a2-b2 c3-b3 b4-c4 b3xb1/c4 a4-b4 b1-b2 b4-b5 e5-d5 "
     "a5-a4 d5-d4 a4-a3 b2-b1 a3-a4 b1-a1 a4-a3 d4-d5 b5-a5 a1-a2 a3-a4 "
     "d5-c5",
     [3, 18, 90, 475]),
    ("tests/positions/wali_ban.game", "",
     [14, 225, 2544, 32572]),
    ("tests/positions/dara_ban.game", "",
     [13, 185, 2022, 23764]),
    ("tests/positions/wali_pass.game", "",
     [1, 5, 195, 6742, 250610]),
    ("tests/positions/wali_nobody.game", "",
     [31, 1160, 29801]),
    ("tests/positions/wali_four.game", "",
     [36, 124, 3824, 13866]),
    ("tests/positions/dara_four.game", "",
     [30, 111, 3107, 12457]),
    ("tests/positions/wali_cheval_double.game", "",
     [14, 126, 1738, 17378]),
    ("tests/positions/wali_quiet.game", "",
     [14, 0]),
    ("tests/positions/wali_quiet46.game", "",
     [11, 105, 1137, 11610, 13186, 96516]),
    ("tests/positions/yote_reserve.game", "",
     [7, 229, 1530, 51451]),
    ("tests/positions/yote_quiet.game", "",
     [8, 0]),
    ("tests/positions/yote_quiet46.game", "",
     [30, 851, 8188, 74415, 110611]),
]


def random_games(plateau, count):
    """Replay seeded random games played by the CLI (`plateau play G
    --south random --north random --seed S`, S = 1..count): every move must
    be legal here, and the game must end at the same ply with the same
    result.  Returns the number of games that disagree."""
    import subprocess
    bad = 0
    for gname in ("wali", "dara", "yote"):
        for seed in range(1, count + 1):
            out = subprocess.run(
                [plateau, "play", gname, "--south", "random", "--north",
                 "random", "--seed", str(seed)],
                capture_output=True, text=True, check=True).stdout
            moves = [l.split()[3] for l in out.splitlines() if " plays " in l]
            want = out.strip().splitlines()[-1].replace("game over: ", "")
            game = GAMES[gname]()
            pos = game.start()
            why = None
            for i, t in enumerate(moves):
                ms = game.moves(pos)
                if game.status(pos, ms) is not None:
                    why = "over before move %d %s" % (i + 1, t)
                    break
                if t not in ms:
                    why = "move %d %s illegal" % (i + 1, t)
                    break
                pos = ms[t]
            if why is None:
                r = game.status(pos, game.moves(pos))
                got = {None: "not over", DRAW: "draw"}.get(
                    r, "%s wins" % PLAYERS[r] if r in (0, 1) else r)
                if got != want:
                    why = "result %s, engine %s" % (got, want)
            if why:
                bad += 1
                print("DIFF %s seed %d: %s" % (gname, seed, why))
        print("%s: %d random games replayed" % (gname, count), flush=True)
    return bad


def main(argv):
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    check = "--check" in argv
    if "--games" in argv:
        k = argv.index("--games")
        plateau = argv[k + 2] if len(argv) > k + 2 else "build/plateau"
        return 1 if random_games(os.path.abspath(plateau), int(argv[k + 1])) else 0
    only = [a for a in argv if not a.startswith("--")]
    bad = 0
    for where, moves, expect in POSITIONS:
        if where.endswith(".game"):
            game, pos = load(where)
            gname = where.rsplit("/", 1)[-1].split("_")[0]
        else:
            gname = where
            game = GAMES[gname]()
            pos = game.start()
        if only and gname not in only:
            continue
        pos = replay(game, pos, moves)
        got = [perft(game, pos, d) for d in range(1, len(expect) + 1)]
        ok = got == expect
        bad += not ok
        print("%-4s %-36.36s %-30.30s %s%s" % (
            "ok" if ok else "DIFF", where, moves or "-",
            got, "" if ok else "  engine: %s" % expect), flush=True)
    return 1 if check and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
