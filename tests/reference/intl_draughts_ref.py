#!/usr/bin/env python3
"""intl_draughts_ref.py -- an independent reference for international
draughts (10 x 10, FMJD rules) as docs/games/international-draughts.md
states them: move lists, perft and results.  It shares no code with
Plateau nor with games/draughts/international-draughts.game.  Not run in
CI: run it by hand after a change to the game file or to the engine,

    python3 tests/reference/intl_draughts_ref.py 4                  # perft 1..4 from the start
    python3 tests/reference/intl_draughts_ref.py 3 "32-28 19-23"    # after these moves
    python3 tests/reference/intl_draughts_ref.py --list "32-28 19-23"
    python3 tests/reference/intl_draughts_ref.py --setup "W:W28,K46:B12,22" --list ""
    python3 tests/reference/intl_draughts_ref.py --random SEED PLIES   # a seeded random game
    python3 tests/reference/intl_draughts_ref.py --games 20 build/plateau [FIRST_SEED]

`--random` plays a random game from the start (random.Random(SEED), a
uniform choice among the sorted legal moves) for PLIES plies, or until
it ends, and prints the moves and what the position holds.  `--games N
PLATEAU` plays N such games to their end and compares, at every ply,
this script's legal moves with `plateau moves international-draughts
--moves ...`, then the result.

The rules, read literally:
- squares are numbered 1..50: 1 is the second square of the top row (from
  White's side), 5 the last, 6 the first square of the second row, ...,
  46 the bottom-left corner; White has men on 31..50 and moves first
  (upward, toward row 1..5), Black on 1..20;
- a man steps one square diagonally forward; a king any number of empty
  squares along a diagonal;
- a man captures an adjacent enemy piece diagonally, forward or backward,
  landing just beyond; a king captures the first piece met along a
  diagonal, at any distance, and lands on any empty square beyond it
  before the next piece; a capturing piece goes on capturing while it can;
  the captured pieces stay on the board until the move ends (they block,
  and are not taken twice); the square the capturing piece left is empty;
- capturing is compulsory and only the captures that take the most pieces
  are legal; a capture is named by its origin, its end and the pieces it
  takes: "32x23" for one piece, "37x19x23x32" (origin, end, then the
  taken squares in increasing order) for more; equal names are one move;
- a man that ends its move on the far row becomes a king;
- the player to move with no legal move loses; draws: the third occurrence
  of a position (pieces and side to move), 25 moves each (50 plies)
  without a capture or a man's move, a lone king against at most two
  pieces with a king after 5 moves each (10 plies) since the last capture
  or crowning, and against three such pieces after 16 moves each (32
  plies).
"""
import random
import subprocess
import sys

WHITE, BLACK = 0, 1
DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))   # (row, column) steps; row 0 is the top


def square_rc(n):
    """Square number 1..50 to (row, column), both 0..9, row 0 on top."""
    r = (n - 1) // 5
    k = (n - 1) % 5
    c = 2 * k + 1 if r % 2 == 0 else 2 * k
    return r, c


RC = {}
NUM = {}
for _n in range(1, 51):
    RC[_n] = square_rc(_n)
    NUM[RC[_n]] = _n


def neighbour(n, d, k=1):
    r, c = RC[n]
    return NUM.get((r + d[0] * k, c + d[1] * k))


class Draughts:
    def __init__(self):
        # board: square -> (colour, is_king)
        self.board = {}
        for n in range(1, 21):
            self.board[n] = (BLACK, False)
        for n in range(31, 51):
            self.board[n] = (WHITE, False)
        self.turn = WHITE
        self.quiet = 0
        self.late = 0
        self.history = [self.key()]
        self.result = None          # None, WHITE, BLACK or "draw"

    def key(self):
        return (tuple(sorted(self.board.items())), self.turn)

    # -- captures ---------------------------------------------------------
    def _captures_from(self, origin, king, pos, taken, out):
        """Depth first: every complete capture sequence from pos."""
        me = self.turn
        found = False
        for d in DIAG:
            if king:
                k = 1
                sq = neighbour(pos, d, k)
                while sq is not None and sq not in self.board:
                    k += 1
                    sq = neighbour(pos, d, k)
            else:
                sq = neighbour(pos, d)
            if sq is None or sq not in self.board:
                continue
            colour, _ = self.board[sq]
            if colour == me or sq in taken:
                continue
            # land on the empty squares beyond (one only for a man)
            j = 1
            land = neighbour(sq, d, j)
            while land is not None and land not in self.board:
                found = True
                self._captures_from(origin, king, land, taken + [sq], out)
                if not king:
                    break
                j += 1
                land = neighbour(sq, d, j)
        if not found and taken:
            out.append((origin, pos, tuple(taken)))

    def captures(self):
        out = []
        for sq, (colour, king) in list(self.board.items()):
            if colour != self.turn:
                continue
            del self.board[sq]             # the origin is empty while it captures
            self._captures_from(sq, king, sq, [], out)
            self.board[sq] = (colour, king)
        return out

    # -- moves ------------------------------------------------------------
    def moves(self):
        """dict text -> (kind, data)"""
        res = {}
        if self.result is not None:
            return res
        caps = self.captures()
        if caps:
            most = max(len(t) for _, _, t in caps)
            for origin, end, taken in caps:
                if len(taken) != most:
                    continue
                text = "%dx%d" % (origin, end)
                if most > 1:
                    text += "".join("x%d" % t for t in sorted(taken))
                res.setdefault(text, ("capture", origin, end, taken))
            return res
        forward = -1 if self.turn == WHITE else 1
        for sq, (colour, king) in self.board.items():
            if colour != self.turn:
                continue
            for d in DIAG:
                if not king and d[0] != forward:
                    continue
                k = 1
                dest = neighbour(sq, d, k)
                while dest is not None and dest not in self.board:
                    res["%d-%d" % (sq, dest)] = ("step", sq, dest, ())
                    if not king:
                        break
                    k += 1
                    dest = neighbour(sq, d, k)
        return res

    def play(self, text):
        ms = self.moves()
        if text not in ms:
            raise ValueError("illegal move %r (legal: %s)" % (text, " ".join(sorted(ms))))
        kind, origin, end, taken = ms[text]
        colour, king = self.board.pop(origin)
        for t in taken:
            del self.board[t]
        crowned = False
        if not king and RC[end][0] == (0 if colour == WHITE else 9):
            king = True
            crowned = True
        self.board[end] = (colour, king)
        if kind == "capture" or not self.board[end][1] or crowned:
            self.quiet = 0
        else:
            self.quiet += 1
        if kind == "capture" or crowned:
            self.late = 0
        else:
            self.late += 1
        self.turn = 1 - self.turn
        self.history.append(self.key())
        self._check_end(colour)

    def _lone_king(self, p):
        ps = [v for v in self.board.values() if v[0] == p]
        return len(ps) == 1 and ps[0][1]

    def _kings_against_one(self, p, most):
        ps = [v for v in self.board.values() if v[0] == p]
        return self._lone_king(1 - p) and len(ps) <= most and any(v[1] for v in ps)

    def _check_end(self, mover):
        if self.history.count(self.history[-1]) >= 3:
            self.result = "draw"
        elif self.quiet >= 50:
            self.result = "draw"
        elif self.late >= 10 and (self._kings_against_one(WHITE, 2) or
                                  self._kings_against_one(BLACK, 2)):
            self.result = "draw"
        elif self.late >= 32 and (self._kings_against_one(WHITE, 3) or
                                  self._kings_against_one(BLACK, 3)):
            self.result = "draw"
        elif not self.moves():
            self.result = mover

    def copy(self):
        g = Draughts.__new__(Draughts)
        g.board = dict(self.board)
        g.turn, g.quiet, g.late = self.turn, self.quiet, self.late
        g.history = list(self.history)
        g.result = self.result
        return g


def perft(g, depth):
    if depth == 0:
        return 1
    total = 0
    for m in g.moves():
        h = g.copy()
        h.play(m)
        total += perft(h, depth - 1)
    return total


def from_setup(text):
    """A position in the PDN FEN style: "W:W28,K46:B12,22" (side to move,
    then each side's squares, K before a king)."""
    g = Draughts()
    g.board = {}
    side, *lists = text.split(":")
    for part in lists:
        colour = WHITE if part[0] == "W" else BLACK
        for sq in filter(None, part[1:].split(",")):
            king = sq.startswith("K")
            g.board[int(sq.lstrip("K"))] = (colour, king)
    g.turn = WHITE if side == "W" else BLACK
    g.history = [g.key()]
    return g


def after(moves, setup=None):
    g = from_setup(setup) if setup else Draughts()
    for m in moves.split():
        g.play(m)
    return g


def describe(g):
    kings = sum(1 for v in g.board.values() if v[1])
    caps = g.captures()
    most = max((len(t) for _, _, t in caps), default=0)
    return "%d pieces, %d kings, longest capture now %d" % (len(g.board), kings, most)


def random_game(seed, plies):
    rng = random.Random(seed)
    g = Draughts()
    played = []
    while len(played) < plies and g.result is None:
        ms = sorted(g.moves())
        m = rng.choice(ms)
        g.play(m)
        played.append(m)
    return g, played


def compare_games(count, plateau, first_seed):
    bad = 0
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        g = Draughts()
        played = []
        longest = 0
        while True:
            out = subprocess.run([plateau, "moves", "international-draughts", "--moves",
                                  " ".join(played)], capture_output=True, text=True).stdout
            theirs = out.split()
            if g.result is not None:
                want = {WHITE: "white wins", BLACK: "black wins", "draw": "draw"}[g.result]
                if want not in out:
                    print("seed %d, end: plateau says %r, want %r" % (seed, out[:60], want))
                    bad += 1
                break
            ours = sorted(g.moves())
            if sorted(theirs) != ours:
                print("seed %d, after %r:\n  ref     %s\n  plateau %s" %
                      (seed, " ".join(played), " ".join(ours), " ".join(sorted(theirs))))
                bad += 1
                break
            m = rng.choice(ours)
            longest = max(longest, max(1, m.count("x") - 1) if "x" in m else 0)
            g.play(m)
            played.append(m)
        print("seed %d: %d plies, longest capture %d, result %s, %s" %
              (seed, len(played), longest, g.result, "ok" if bad == 0 else "DIFFERS"))
    return bad


def main(argv):
    setup = None
    if argv[:1] == ["--setup"]:
        setup, argv = argv[1], argv[2:]
    if argv[:1] == ["--games"]:
        first = int(argv[3]) if len(argv) > 3 else 1
        return 1 if compare_games(int(argv[1]), argv[2], first) else 0
    if argv[:1] == ["--list"]:
        print(" ".join(sorted(after(argv[1] if len(argv) > 1 else "", setup).moves())))
        return 0
    if argv[:1] == ["--random"]:
        g, played = random_game(int(argv[1]), int(argv[2]))
        print(" ".join(played))
        print("# %d plies, %s, result %s" % (len(played), describe(g), g.result))
        return 0
    depth = int(argv[0]) if argv else 2
    g = after(argv[1] if len(argv) > 1 else "", setup)
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(g, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
