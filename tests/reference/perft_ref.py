#!/usr/bin/env python3
"""perft_ref.py -- an independent reference for the perft numbers of
tests/test_perft.c.  Not run in CI: run it by hand after a rule change,

    python3 tests/reference/perft_ref.py            # every table entry
    python3 tests/reference/perft_ref.py loa        # one game
    python3 tests/reference/perft_ref.py --check    # exit 1 on a mismatch

It shares no code with Plateau: each game is written directly from the text
of docs/games/*.md (Lines of Action, knight chase) or from the usual
rules of the game (Breakthrough, tic-tac-toe), and the move sequences below
are replayed by move text.  Perft follows docs/cli.md ("perft"):
the number of distinct legal move sequences of length d, stopping at
terminal positions (a terminal position counts 1 at depth 0, 0 beyond).

The POSITIONS table is the same as the one in tests/test_perft.c; the
expected numbers there were kept only where this script agrees.
"""
import sys

FILES = "abcdefgh"


def sq(name):
    """'c3' -> (col, row), both 0-based."""
    return FILES.index(name[0].lower()), int(name[1:]) - 1


def name(c, r):
    return FILES[c] + str(r + 1)


def on_board(c, r, w=8, h=8):
    return 0 <= c < w and 0 <= r < h


DIRS8 = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

DRAW = "draw"


# ---------------------------------------------------------------------------
# Games.  Each game class keeps one mutable position with:
#   moves()      -> list of (text, undo-able change) for the side to move,
#                   [] when the position is terminal is NOT implied
#   status()     -> None while the game goes on (also fills self.cached),
#                   else a result (player index or DRAW)
#   play(text) / undo()
# Perft is written once below, in terms of status() and legal().
# ---------------------------------------------------------------------------

class TicTacToe:
    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7),
             (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def __init__(self):
        self.cells = [None] * 9
        self.to_move = 0
        self.hist = []

    def legal(self):
        return [name(i % 3, i // 3) for i in range(9) if self.cells[i] is None]

    def status(self):
        if not self.hist:
            return None
        mover = 1 - self.to_move
        for a, b, c in self.LINES:
            if self.cells[a] == self.cells[b] == self.cells[c] == mover:
                return mover
        if all(x is not None for x in self.cells):
            return DRAW
        return None

    def play(self, text):
        c, r = sq(text)
        i = r * 3 + c
        assert self.cells[i] is None
        self.cells[i] = self.to_move
        self.hist.append(i)
        self.to_move = 1 - self.to_move

    def undo(self):
        self.cells[self.hist.pop()] = None
        self.to_move = 1 - self.to_move


class Breakthrough:
    """White (south, moves first) and black, 16 pawns each on rows 1-2 and
    7-8.  A pawn steps straight or diagonally forward onto an empty square,
    or captures diagonally forward; straight captures are not allowed.
    Reaching the far row or capturing every enemy pawn wins; a player with
    no move loses."""

    def __init__(self):
        self.board = {}
        for c in range(8):
            for r in (0, 1):
                self.board[(c, r)] = 0
            for r in (6, 7):
                self.board[(c, r)] = 1
        self.to_move = 0
        self.hist = []

    def gen(self, p):
        out = []
        fwd = 1 if p == 0 else -1
        for (c, r), owner in sorted(self.board.items()):
            if owner != p:
                continue
            for dc in (-1, 0, 1):
                d = (c + dc, r + fwd)
                if not on_board(*d):
                    continue
                occ = self.board.get(d)
                if occ is None:
                    out.append(name(c, r) + "-" + name(*d))
                elif occ != p and dc != 0:
                    out.append(name(c, r) + "x" + name(*d))
        return out

    def legal(self):
        return self.gen(self.to_move)

    def status(self):
        if not self.hist:
            return None
        mover = 1 - self.to_move
        goal = 7 if mover == 0 else 0
        if any(o == mover and r == goal for (c, r), o in self.board.items()):
            return mover
        if not any(o == self.to_move for o in self.board.values()):
            return mover
        if not self.gen(self.to_move):
            return mover          # the player who cannot move loses
        return None

    def play(self, text):
        a, b = sq(text[:2]), sq(text[3:])
        captured = self.board.get(b)
        assert self.board.get(a) == self.to_move
        assert (text[2] == "x") == (captured is not None)
        del self.board[a]
        self.board[b] = self.to_move
        self.hist.append((a, b, captured))
        self.to_move = 1 - self.to_move

    def undo(self):
        a, b, captured = self.hist.pop()
        self.to_move = 1 - self.to_move
        self.board[a] = self.to_move
        if captured is None:
            del self.board[b]
        else:
            self.board[b] = captured


class LinesOfAction:
    """docs/games/lines-of-action.md, rule by rule."""

    def __init__(self):
        self.board = {}
        for c in range(1, 7):          # black b1-g1, b8-g8
            self.board[(c, 0)] = 0
            self.board[(c, 7)] = 0
        for r in range(1, 7):          # white a2-a7, h2-h7
            self.board[(0, r)] = 1
            self.board[(7, r)] = 1
        self.to_move = 0
        self.hist = []
        self.seen = {}
        self._count(+1)

    def key(self):
        return (frozenset(self.board.items()), self.to_move)

    def _count(self, delta):
        k = self.key()
        self.seen[k] = self.seen.get(k, 0) + delta

    def line_count(self, c, r, dc, dr):
        """Pieces of both colours on the whole line through (c, r) along
        (dc, dr) and its opposite, the piece itself included."""
        n = 1
        for s in (1, -1):
            x, y = c + s * dc, r + s * dr
            while on_board(x, y):
                if (x, y) in self.board:
                    n += 1
                x, y = x + s * dc, y + s * dr
        return n

    def gen(self, p):
        """Piece moves of p (no pass)."""
        out = []
        for (c, r), owner in sorted(self.board.items()):
            if owner != p:
                continue
            for dc, dr in DIRS8:
                n = self.line_count(c, r, dc, dr)
                tc, tr = c + n * dc, r + n * dr
                if not on_board(tc, tr):
                    continue                      # never off the board
                if self.board.get((tc, tr)) == p:
                    continue                      # never on an own piece
                if any(self.board.get((c + i * dc, r + i * dr)) not in (None, p)
                       for i in range(1, n)):
                    continue                      # never over an enemy piece
                cap = (tc, tr) in self.board
                out.append(name(c, r) + ("x" if cap else "-") + name(tc, tr))
        return out

    def legal(self):
        ms = self.gen(self.to_move)
        if ms:
            return ms
        if self.gen(1 - self.to_move):
            return ["pass"]                       # pass when the opponent could move
        return []

    def connected(self, p):
        cells = [k for k, o in self.board.items() if o == p]
        if not cells:
            return False
        todo, seen = [cells[0]], {cells[0]}
        while todo:
            c, r = todo.pop()
            for dc, dr in DIRS8:
                n = (c + dc, r + dr)
                if n not in seen and self.board.get(n) == p:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(cells)

    def status(self):
        if not self.hist:
            return None
        mover, other = 1 - self.to_move, self.to_move
        # connection first: both connected -> the mover wins
        if self.connected(mover):
            return mover
        if self.connected(other):
            return other
        # then threefold repetition (board and side to move)
        if self.seen[self.key()] >= 3:
            return DRAW
        # then "neither can move"
        if not self.legal():
            return DRAW
        return None

    def play(self, text):
        if text == "pass":
            self.hist.append(None)
        else:
            a, b = sq(text[:2]), sq(text[3:])
            assert self.board.get(a) == self.to_move
            captured = self.board.get(b)
            assert (text[2] == "x") == (captured is not None)
            del self.board[a]
            self.board[b] = self.to_move
            self.hist.append((a, b, captured))
        self.to_move = 1 - self.to_move
        self._count(+1)

    def undo(self):
        self._count(-1)
        h = self.hist.pop()
        self.to_move = 1 - self.to_move
        if h is not None:
            a, b, captured = h
            self.board[a] = self.to_move
            if captured is None:
                del self.board[b]
            else:
                self.board[b] = captured


class KnightChase:
    """docs/games/knight-chase.md.  Player 0 is the pursued knight
    (a1, moves first), player 1 the pursuer (h8)."""

    PURSUED, PURSUER = 0, 1

    def __init__(self):
        self.pos = [sq("a1"), sq("h8")]
        self.burnt = {sq("a1"), sq("h8")}
        self.passing = False
        self.captured = False
        self.to_move = 0
        self.hist = []

    def jumps(self, p):
        """Non-capturing jumps of p onto unburnt squares."""
        c, r = self.pos[p]
        return [(c + dc, r + dr) for dc, dr in KNIGHT
                if on_board(c + dc, r + dr) and (c + dc, r + dr) not in self.burnt]

    def can_capture(self):
        c, r = self.pos[self.PURSUER]
        return any((c + dc, r + dr) == self.pos[self.PURSUED] for dc, dr in KNIGHT)

    def has_move(self, p):
        """'Would have a legal move' (the pursuer's capture counts; the
        pursued knight's pass does not)."""
        if p == self.PURSUER:
            return self.can_capture() or bool(self.jumps(p))
        return bool(self.jumps(p))

    def legal(self):
        p = self.to_move
        if p == self.PURSUER:
            if self.can_capture():
                return [name(*self.pos[self.PURSUED])]   # the only legal move
            return [name(*d) for d in self.jumps(p)]
        if self.passing:
            return ["pass"]                             # for good, without testing
        js = self.jumps(p)
        if js:
            return [name(*d) for d in js]
        if self.has_move(self.PURSUER):
            return ["pass"]                             # blocked, starts passing
        return []                                       # both blocked: draw

    def status(self):
        if not self.hist:
            return None
        if self.captured:
            return self.PURSUER
        if self.legal():
            return None
        p = self.to_move
        if p == self.PURSUED:
            return DRAW                                 # both blocked at once
        # the pursuer has no legal move
        if self.passing:
            return self.PURSUED
        if not self.has_move(self.PURSUED):
            return DRAW
        return self.PURSUED

    def play(self, text):
        p = self.to_move
        rec = (p, self.pos[p], self.passing, self.captured, None)
        if text == "pass":
            assert p == self.PURSUED
            self.passing = True
        else:
            d = sq(text)
            if p == self.PURSUER and d == self.pos[self.PURSUED]:
                self.captured = True
            else:
                assert d not in self.burnt
                self.burnt.add(d)
                rec = rec[:4] + (d,)
            self.pos[p] = d
        self.hist.append(rec)
        self.to_move = 1 - p

    def undo(self):
        p, old, passing, captured, burnt = self.hist.pop()
        self.pos[p] = old
        self.passing = passing
        self.captured = captured
        if burnt is not None:
            self.burnt.discard(burnt)
        self.to_move = p


GAMES = {"ttt": TicTacToe, "breakthrough": Breakthrough,
         "loa": LinesOfAction, "knight": KnightChase}


def perft(g, depth):
    if g.status() is not None:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    ms = g.legal()
    assert len(set(m.lower() for m in ms)) == len(ms), ms
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        g.play(m)
        n += perft(g, depth - 1)
        g.undo()
    return n


def replay(game, moves):
    g = GAMES[game]()
    for m in moves.split():
        assert g.status() is None, (game, moves, m, "game over")
        legal = g.legal()
        assert m in legal, (game, moves, m, sorted(legal))
        g.play(m)
    return g


# The table shared with tests/test_perft.c: game, moves from the start,
# perft(1..N) as the engine gives them (kept where both agree).
POSITIONS = [
    ("ttt", "", [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]),
    ("ttt", "b2 a1 c3", [6, 30, 120, 312, 416, 288]),
    ("ttt", "a1 b1 a2 b2", [5, 16, 39, 60, 36]),
    ("ttt", "b2 a1 a2 c2 b1 b3", [3, 6, 6]),
    ("breakthrough", "", [22, 484, 11132, 256036, 6182818]),
    ("breakthrough", "e2-e3 e7-f6 a2-b3 d7-c6 f1-e2 f6-f5 e2-f3 h7-h6 d1-e2 "
     "f5-f4 e2-d3 f7-g6 b3-c4 f4xe3 b2-c3 c8-d7 c1-b2 g8-h7 b2-b3 g6-f5",
     [24, 639, 15824, 429071]),
    ("breakthrough", "b2-c3 g7-g6 a2-b3 d7-c6 b1-b2 f7-e6 f2-e3 e7-f6 g2-h3 "
     "e6-d5 c3-b4 b7-b6 e3-d4 a7-a6 h3-h4 f8-e7 d4-c5 e8-d7 h2-h3 g6-h5 "
     "a1-a2 g8-f7 e1-f2 b8-b7 h1-g2 c7-d6 f2-f3 b6-a5 c5xd6 a5-a4 a2-a3 "
     "a4xb3 g1-h2 f6-f5 a3-a4 d7-e6 f3-g4 c6-b5 d6-d7 h7-g6",
     [25, 572, 14081, 328079]),
    ("breakthrough", "a2-b3 b7-a6 b2-a3 d7-e6 b1-b2 h7-h6 h2-g3 c8-d7 c2-d3 "
     "g8-h7 b3-c4 h6-g5 a3-a4 g5-g4 g2-h3 c7-b6 d3-d4 g7-f6 d2-d3 h7-h6 "
     "h1-g2 f6-f5 d1-c2 f7-f6 d4-d5 f5-f4 c2-c3 h8-g7 a4-a5 a6-b5 d3-d4 "
     "e6xd5 c4xd5 d8-c7 d5-e6 f4-f3 c1-c2 f6-e5 c2-b3 b8-b7 c3-b4 a7-a6 "
     "b3-c4 d7xe6 b4-c5 b6xa5 g1-h2 e7-d6 e1-d2 e6-f5 h3-h4 e8-f7 c4xb5 "
     "f3xg2 d4-d5 g7-f6",
     [25, 643, 13858, 356410]),
    ("breakthrough", "g2-h3 d7-c6 e2-d3 h7-h6 h3-h4 g8-h7 f2-e3 a7-a6 h4-h5 "
     "e7-f6 h2-h3 c6-d5 g1-f2 a6-b5 c2-b3 b5-c4 d3-d4 e8-d7 c1-c2 d7-c6 "
     "f1-g2 b8-a7 g2-f3 c6-b5 a2-a3 g7-g6 b3-b4 d5-e4 c2-c3 b7-c6 d4-e5 "
     "c4-d3 h3-h4 h6-g5 b1-a2 b5-c4 h1-g2 f8-e7 e5xf6 c6-b5 b4-c5 a7-a6 "
     "a2-b3 c7-b6 h4xg5 b6xc5 b3xc4 b5xc4 e3-d4 d3-c2 d1xc2 e7-e6 g2-h3 "
     "g6-f5 c3-b4 c4-c3 f6-g7 c5-c4 h5-h6 d8-d7 d2-d3 a6-a5 d4-d5 e4xd3 "
     "b4-c5",
     [23, 608, 12574, 316131]),
    ("loa", "", [36, 1244, 44952, 1563208]),
    ("loa", "f1-d3 h4-f6 b8-b6 f6-e5 f8-a8 h6-g7 d8-d5 g7-f8 e1-c3 h2-f4 "
     "e8-e6 e5-g3 d5-g5 a5xc3 d3-b5 a6xc8",
     [34, 1395, 44937]),
    ("loa", "c1xa3 h3xf1 g1-g3 h6-h1 b1-d3 a5-c7 b8-h8 c7-f7 g3-g1 f7-c4 "
     "g8-g6 h4-e4 d8-c7 h5-f3 c7xc4 a4-c2 e1xe4 a2-b1 g6-g8 f1-f4 g1-e3 "
     "h1-e1 f8-f5 h7-f7 a3-b2 f7xc4 e3-g1 a7-c5 g1-g3 c5-b6 f5-e5 b6-a5 "
     "e4-c6 a5-a7 b2-a3 a6xc6 g3-g5 f4-f6 a3-a1 f3-d5",
     [26, 968, 26024]),
    ("loa", "c8xa6 h3xf1 f8xh6 a2-c4 b8-b6 a3xc1 d8xa5 c1-e3 e8-g6 a4-b5 "
     "e1xe3 b5-c6 h6xc6 c4-c2 g6xc2 h7-h3",
     [46, 817, 36048, 675227]),
    ("loa", "c1-e3 h3xf1 f8xh6 a6xc8 g8-g6 h2-f2 d1-b3 h4xe1 e8xh5 f2-f4 "
     "b8-d6 f4xd6 g6xd6 f1xb1 e3xe1 b1xb3 h6-f6 a7-c7 h5-h3 a5xd8 d6-d4 "
     "d8xf6 g1-g2",
     [42, 938, 37368, 788967]),
    # the start position has occurred twice: b3-b1 c2-a2 makes it a third
    ("loa", "b1-b3 a2-c2 b3-b1 c2-a2 b1-b3 a2-c2", [37, 1320, 48192, 1703970]),
    ("knight", "", [2, 4, 20, 100, 500, 1992, 9400, 40804]),
    # the pursued knight gets stuck and passes for good
    ("knight", "b3 f7 c5 d6 d3 f5 e1 g3 g2 h1 e3 f2 d5 d1 f6 c3 g4 e2 e5 g1 "
     "d7 f3 f8 d2 g6 b1",
     [3, 3, 7, 21, 51, 119, 237, 480, 717, 1337, 2219, 3528]),
    # the pursuer gets stuck
    ("knight", "c2 f7 a3 e5 b1 c4 c3 b2 b5 d3 d6 c5 f5 b3 g7 a5 h5 c6 f6 d4 "
     "e4 e6 f2 f8 g4 d7 h6",
     [2, 2, 5, 5, 5, 9, 19, 29, 41, 63, 117, 314]),
    # both knights get stuck: draws
    ("knight", "c2 g6 e3 e7 g4 g8 h2 f6 f3 e4 h4 c5 g2 e6 e1 c7 d3 d5 e5 c3 "
     "c6 d1 a7 f2 c8 h3 b6 f4 c4 e2 a3 g3 b1 f5",
     [1, 4, 8, 17, 29, 46, 44, 46, 40, 56, 57, 46]),
    ("knight", "b3 f7 d2 h6 b1 f5 c3 h4 d5 f3 f6 g5 h5",
     [4, 12, 28, 90, 291, 828, 2403, 7823, 22185, 66798]),
]


def main(argv):
    check = "--check" in argv
    only = [a for a in argv if not a.startswith("--")]
    bad = 0
    for game, moves, expect in POSITIONS:
        if only and game not in only:
            continue
        g = replay(game, moves)
        got = [perft(g, d) for d in range(1, len(expect) + 1)]
        ok = got == expect
        bad += not ok
        print("%-5s %-12s %-40s %s%s" % ("ok" if ok else "DIFF", game,
              moves or "(start)", got, "" if ok else "  engine: %s" % expect))
    return 1 if check and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
