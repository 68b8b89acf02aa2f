#!/usr/bin/env python3
"""ruches_ref.py -- an independent reference for Bataille de ruches: move
lists, results with scores and perft, written directly from
docs/games/ruches.md.  It shares no code with Plateau nor with
games/draughts/ruches.game.  Not run in CI: run it by hand after a change to
games/draughts/ruches.game or to the engine,

    python3 tests/reference/ruches_ref.py 2                   # perft 1..2 from the start
    python3 tests/reference/ruches_ref.py 3 "2@a2 3@b7 ..."   # after these moves
    python3 tests/reference/ruches_ref.py --list "2@a2 ..."   # the legal moves, sorted
    python3 tests/reference/ruches_ref.py --divide 2 "..."    # perft(2) per first move
    python3 tests/reference/ruches_ref.py --outcome "..."     # result and scores
    python3 tests/reference/ruches_ref.py --position tests/positions/ruches_huff.game 2 ""
    python3 tests/reference/ruches_ref.py --check             # the table of test_ruches.c
    python3 tests/reference/ruches_ref.py --games 50 /tmp/rb/plateau [FIRST]

Move lists are separated by spaces; `huff` and the square after it are one
move (`huff d5`).

`--games N PLATEAU` replays the seeded random games of the CLI (`plateau
play ruches --south random --north random --seed S`, S = FIRST..FIRST+N-1):
every move must be legal here, the game must end at the same ply with the
same result and scores, and until the first huff of the game the legal
moves of every ply are compared with `plateau moves` (a huff's text holds
a space, which the CLI's --moves splits on: it cannot replay past one).

Perft follows docs/cli.md ("perft"): the number of distinct legal
move sequences of length d, stopping at terminal positions (1 at depth 0,
0 beyond).

How the rules are read here (literally):
- the board is the 31 squares of 7 x 9 whose column number (a = 1) plus
  row number is odd; tokens move along the diagonals, which keep to them;
- setup: Bees, Bumblebees, ... each places one of its unplaced tokens on
  an empty square of its own three home rows, `7@c2`, until all 20 are
  down; then the Bees play;
- a token is identified by (owner, number): there is one of each;
- a token on the enemy's back row has arrived and never moves (no step, no
  capture, no sacrifice);
- step: one square forward diagonally, empty: `c2-d3`;
- capture: toward an enemy token on a forward-diagonal neighbour, of lower
  worth (jump to the empty square beyond, on the board) or of equal worth
  (take its square); worth = number, 10 for token 0.  The captured token is
  kept by the capturer.  Each landing ends a legal move (`c2xe4`) and may
  be followed by another capture of the same token (`c2xe4xc6`) unless the
  token has arrived;
- sacrifice: toward an enemy token on a forward-diagonal neighbour of
  higher worth: the moving token is removed and kept by the enemy:
  `c2!d3`;
- huff: when the previous turn was a turn of play (not a placement) whose
  player had at its start at least one token able to make a capture, and
  that turn was not a capture: remove one of those tokens, wherever it
  stands now, if it is still on the board; kept by the huffer: `huff d5`;
- end, checked after each turn of play (never during the setup): some
  player has three arrived tokens, or at most one token remains on the
  board, or the player to move has no legal turn;
- score of a player at the end: 2 x worth of each own token standing on
  the enemy's back row, plus the worth of each enemy token the player
  keeps.  A token that leaves the board (a huffed arrived token) is no
  longer an arrived token of its owner: it is a kept token of the remover.
  Higher score wins; equal scores draw.
"""
import os
import re
import subprocess
import sys

W, H = 7, 9
FILES = "abcdefg"
BEES, BUMBLE = 0, 1
PLAYERS = ["bees", "bumblebees"]
DRAW = "draw"

# Squares are (column, row), 0-based: a1 = (0, 0).
SQUARES = [(c, r) for r in range(H) for c in range(W) if (c + r) % 2 == 1]
ONBOARD = set(SQUARES)
HOME = {BEES: [s for s in SQUARES if s[1] <= 2],
        BUMBLE: [s for s in SQUARES if s[1] >= H - 3]}
BACK = {BEES: H - 1, BUMBLE: 0}          # the enemy's back row
FORWARD = {BEES: [(-1, 1), (1, 1)], BUMBLE: [(-1, -1), (1, -1)]}
assert len(SQUARES) == 31 and len(HOME[BEES]) == 10 and len(HOME[BUMBLE]) == 10


def name(s):
    return FILES[s[0]] + str(s[1] + 1)


def sq(text):
    text = text.lower()
    return (FILES.index(text[0]), int(text[1:]) - 1)


def add(s, d):
    return (s[0] + d[0], s[1] + d[1])


def worth(n):
    return 10 if n == 0 else n


def split_moves(text):
    """'a b huff d5 c' -> ['a', 'b', 'huff d5', 'c']"""
    words, out = text.split(), []
    i = 0
    while i < len(words):
        if words[i].lower() == "huff" and i + 1 < len(words):
            out.append(words[i] + " " + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


class Pos:
    """board: dict square -> (owner, number); unplaced: two frozensets of
    numbers; kept: points of the enemy tokens each player keeps; turn;
    prev: None, or (tokens of the previous turn's player able to capture at
    the start of that turn, whether that turn was a capture) after a turn
    of play; moved: a turn has been played to reach this position."""
    __slots__ = ("board", "unplaced", "kept", "turn", "prev", "moved")

    def __init__(self, board, unplaced, kept, turn, prev, moved):
        self.board, self.unplaced, self.kept = board, unplaced, kept
        self.turn, self.prev, self.moved = turn, prev, moved


def start():
    full = frozenset(range(10))
    return Pos({}, (full, full), (0, 0), BEES, None, False)


def in_setup(pos):
    return bool(pos.unplaced[0] or pos.unplaced[1])


def has_arrived(s, owner):
    return s[1] == BACK[owner]


def first_captures(board, s):
    """The landing squares and captured squares of the single captures the
    token on s can make now: [(landing, prey square), ...]."""
    p, n = board[s]
    if has_arrived(s, p):
        return []
    w = worth(n)
    out = []
    for d in FORWARD[p]:
        e = add(s, d)
        if e not in board or board[e][0] == p:
            continue
        we = worth(board[e][1])
        if w == we:
            out.append((e, e))
        elif w > we:
            land = add(e, d)
            if land in ONBOARD and land not in board:
                out.append((land, e))
    return out


def play_moves(pos, out):
    p, q = pos.turn, 1 - pos.turn
    board = pos.board
    able = frozenset(board[s] for s in board
                     if board[s][0] == p and first_captures(board, s))

    def child(nb, kept_gain_p=0, kept_gain_q=0, captured=False):
        kept = [0, 0]
        kept[p] = pos.kept[p] + kept_gain_p
        kept[q] = pos.kept[q] + kept_gain_q
        return Pos(nb, pos.unplaced, tuple(kept), q, (able, captured), True)

    def chain(nb, here, text, gain):
        for land, prey in first_captures(nb, here):
            b2 = dict(nb)
            token = b2.pop(here)
            g = gain + worth(b2.pop(prey)[1])
            b2[land] = token
            t = text + "x" + name(land)
            out[t] = child(b2, kept_gain_p=g, captured=True)
            if not has_arrived(land, p):
                chain(b2, land, t, g)

    for s in sorted(board):
        owner, n = board[s]
        if owner != p or has_arrived(s, p):
            continue
        for d in FORWARD[p]:
            e = add(s, d)
            if e not in ONBOARD:
                continue
            if e not in board:                                   # step
                nb = dict(board)
                nb[e] = nb.pop(s)
                out[name(s) + "-" + name(e)] = child(nb)
            elif board[e][0] == q and worth(board[e][1]) > worth(n):  # sacrifice
                nb = dict(board)
                del nb[s]
                out[name(s) + "!" + name(e)] = child(nb, kept_gain_q=worth(n))
        chain(board, s, name(s), 0)

    # huff: the previous turn (of play) could capture and did not
    if pos.prev is not None and pos.prev[0] and not pos.prev[1]:
        for s in sorted(board):
            if board[s] in pos.prev[0]:
                nb = dict(board)
                gone = nb.pop(s)
                out["huff " + name(s)] = child(nb, kept_gain_p=worth(gone[1]))


def setup_moves(pos, out):
    p = pos.turn
    for n in sorted(pos.unplaced[p]):
        for s in HOME[p]:
            if s in pos.board:
                continue
            nb = dict(pos.board)
            nb[s] = (p, n)
            un = list(pos.unplaced)
            un[p] = un[p] - {n}
            # placements are no turn of play: `prev` stays as it was
            out["%d@%s" % (n, name(s))] = Pos(nb, tuple(un), pos.kept, 1 - p,
                                               pos.prev, True)


def moves(pos):
    """text -> Pos after the move, for the player to move (end rules not
    consulted)."""
    out = {}
    if in_setup(pos):
        setup_moves(pos, out)
    else:
        play_moves(pos, out)
    return out


def arrived(pos, p):
    return [n for s, (o, n) in pos.board.items() if o == p and has_arrived(s, p)]


def scores(pos):
    return tuple(2 * sum(worth(n) for n in arrived(pos, p)) + pos.kept[p]
                 for p in (BEES, BUMBLE))


def status(pos, ms):
    """None while the game goes on, else (BEES | BUMBLE | DRAW)."""
    if in_setup(pos):
        return None
    over = not ms
    if pos.moved:
        over = over or len(arrived(pos, BEES)) >= 3 or len(arrived(pos, BUMBLE)) >= 3
        over = over or len(pos.board) <= 1
    if not over:
        return None
    a, b = scores(pos)
    return BEES if a > b else BUMBLE if b > a else DRAW


def outcome_text(pos):
    """As pl_state_outcome: 'bees win (bees 51, bumblebees 45)' (both names
    are plural: `players bees(plural) bumblebees(plural)`)."""
    r = status(pos, moves(pos))
    if r is None:
        return "not over"
    a, b = scores(pos)
    head = "draw" if r == DRAW else "%s win" % PLAYERS[r]
    return "%s (bees %d, bumblebees %d)" % (head, a, b)


def play(pos, text):
    ms = moves(pos)
    if status(pos, ms) is not None:
        raise SystemExit("game over before %s" % text)
    found = [t for t in ms if t.lower() == text.lower()]
    if not found:
        raise SystemExit("illegal move %s; legal: %s" % (text, " ".join(sorted(ms))))
    return ms[found[0]]


def replay(pos, text):
    for t in split_moves(text):
        pos = play(pos, t)
    return pos


def perft(pos, depth):
    ms = moves(pos)
    if status(pos, ms) is not None:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    if depth == 1:
        return len(ms)
    return sum(perft(c, depth - 1) for c in ms.values())


def load(path):
    """A tests/positions/ruches_*.game file.  Reads `place P token(V, R) at
    SQ..` (V, R default 0), `set unplaced(P) = N` (bit n: token n not
    placed), `set score(P) = N`, `set last_could = N`, `set last_captured =
    N`, `turn P`.  The previous turn's able tokens are the `ready` ones of
    the player not to move.  The kept points are score minus twice the
    worth of the arrived tokens."""
    board, ready = {}, set()
    unplaced = [frozenset(range(10)), frozenset(range(10))]
    score, turn, could, captured = [0, 0], BEES, 0, 0
    for line in open(path):
        line = line.split("#")[0].strip()
        m = re.match(r"place (\w+) token(?:\((\d+)(?:\s*,\s*(\d+))?\))? at (.*)", line)
        if m:
            p = PLAYERS.index(m.group(1))
            for s in m.group(4).split():
                board[sq(s)] = (p, int(m.group(2) or 0))
                if int(m.group(3) or 0):
                    ready.add((p, int(m.group(2) or 0)))
            continue
        m = re.match(r"set (\w+)(?:\((\w+)\))? = (\d+)", line)
        if m:
            var, who, v = m.group(1), m.group(2), int(m.group(3))
            if var == "unplaced":
                unplaced[PLAYERS.index(who)] = frozenset(n for n in range(10) if v >> n & 1)
            elif var == "score":
                score[PLAYERS.index(who)] = v
            elif var == "last_could":
                could = v
            elif var == "last_captured":
                captured = v
            continue
        m = re.match(r"turn (\w+)", line)
        if m:
            turn = PLAYERS.index(m.group(1))
    pos = Pos(board, tuple(unplaced), (0, 0), turn, None, False)
    kept = tuple(score[p] - 2 * sum(worth(n) for n in arrived(pos, p)) for p in (0, 1))
    prev = None
    if could:
        prev = (frozenset(t for t in ready if t[0] != turn), bool(captured))
    return Pos(board, tuple(unplaced), kept, turn, prev, False)


# ---------------------------------------------------------------------------
# The table of tests/test_ruches.c (values agreed with the engine): (start,
# moves, [perft(1), perft(2), ...]); start is "" for the game's start or a
# position file.
# ---------------------------------------------------------------------------

SEED1_SETUP = ("2@a2 3@b7 8@f1 7@c8 5@b1 0@f7 0@d1 8@d7 7@c2 6@e8 1@f3 2@f9 "
               "3@b3 4@a8 6@g2 1@b9 4@e2 9@d9 9@d3 5@g8")
SEED1_60 = (SEED1_SETUP + " d3-e4 f7-e6 e4-f5 e6-d5 huff d5 e8-f7 f3-g4 b7-a6 "
            "e2-f3 f9-e8 f5-g6 d7-e6 c2-d3 a6-b5 d3-c4 b5-a4 f1-e2 a4xb3 "
            "f3-e4 f7!g6 c4-d5 c8-d7 d1-c2 b3!c2 c2-d3 a8-b7 b1-c2 g8-f7 "
            "d5!e6 b7-a6 a2-b3 e6-f5 e4-d5 f7!g6 e2-f3 b9-a8 d5-e6 f5-e4 "
            "b3-c4 e8-f7")
SEED3_45 = ("0@b3 8@e8 8@d1 0@f7 1@c2 4@d7 6@a2 2@g8 3@e2 6@c8 5@d3 7@f9 7@b1 "
            "3@b7 2@f1 9@d9 9@f3 1@a8 4@g2 5@b9 d3-e4 f7-g6 b3-c4 b7-a6 e2-d3 "
            "d7-c6 c4-d5 g6-f5 d5xb7 g8-f7 d1-e2 f5-g4 e4-d5 c8-d7 f3!g4 "
            "d9-c8 d3-c4 d7-c6 d5-e6 f9-g8 e2-d3 c6-d5 e6-d7 c8!b7 c4-b5")
POSITIONS = [
    ("", "", [100, 10000, 810000]),
    ("", SEED1_SETUP,                           # seed 1, 20 plies
     [6, 36, 252, 1764, 14328]),
    ("", SEED1_SETUP + " d3-e4 f7-e6 e4-f5 e6-d5",   # seed 1, 24: a huff
     [9, 70, 620, 5153, 47335]),
    ("",                                        # seed 4, 30 plies
     "0@d1 6@g8 3@f1 7@b9 1@b1 2@f7 6@b3 0@a8 4@c2 1@c8 2@e2 5@f9 8@g2 "
     "3@d9 5@a2 9@b7 9@f3 8@e8 7@d3 4@d7 b3-a4 d7-e6 f3-g4 c8-d7 g2-f3 "
     "e6-d5 f3-e4 f7-g6 a2-b3 g6-f5",
     [10, 123, 1243, 14075, 142392]),
    ("",                                        # seed 7, 30 plies
     "4@b3 9@c8 7@g2 8@a8 6@f1 5@b7 2@d3 6@g8 0@d1 4@f7 8@a2 1@f9 1@b1 "
     "3@b9 9@f3 7@e8 5@e2 0@d9 3@c2 2@d7 d3-e4 d7-c6 f3-g4 f7-g6 e2-d3 "
     "e8-d7 g4-f5 g8-f7 d1-e2 d7-e6",
     [8, 84, 747, 7560, 70605]),
    ("",                                        # seed 2, 45 plies
     "8@e2 9@f7 7@f1 3@b7 2@c2 0@e8 0@d1 6@d9 4@b1 2@c8 3@a2 4@b9 5@f3 "
     "5@a8 9@g2 7@f9 6@b3 8@d7 1@d3 1@g8 b3-a4 b7-c6 d3-e4 c8-b7 c2-d3 "
     "d7-e6 d3-c4 f7-g6 c4-d5 b9-c8 a4-b5 e8-d7 d5!c6 e6-d5 a2-b3 g6-f5 "
     "b1-c2 f5-g4 e4!d5 c6!b5 b5-c6 b7!c6 f3-e4 f9-e8 e2-d3",
     [9, 100, 985, 9960, 99453]),
    ("", SEED3_45,                              # seed 3, 45 plies
     [10, 116, 1238, 13758, 141068]),
    ("", SEED1_60,                              # seed 1, 60 plies
     [12, 129, 1304, 11461, 107066]),
    ("", SEED3_45 + " e8xc6 b5!c6 b9-c8 f1-e2 g4-f3 a2-b3 a6-b5 b7xd9 "
     "d5-e4 huff f3 a8-b7 d3-c4 f7-e6 c4-d5 b5-c4",   # seed 3, 60 plies
     [10, 97, 884, 7346, 62302]),
    ("", SEED1_60 + " e6!d7 huff g6 g4-f5 a6-b5 c2-b3 f7-g6 b3-a4 d9-c8 "
     "c4-d5 e4xf3 d3-e4 c8-b7 f5!g6 b7-c6 e4-f5 d7-e6 d5!c6 b5-c4 a4-b5 "
     "c6xa4 g2!f3 c4-d3 f5xd7 d3-c2",           # seed 1, 84 plies
     [2, 14, 28, 184, 0]),
    ("tests/positions/ruches_step.game", "", [4, 12, 51, 152, 683]),
    ("tests/positions/ruches_capture.game", "", [4, 34, 158, 1127, 4825]),
    ("tests/positions/ruches_zero.game", "", [4, 14, 41, 98, 253]),
    ("tests/positions/ruches_chain.game", "", [7, 51, 107, 714, 1213]),
    ("tests/positions/ruches_arrival.game", "", [3, 15, 46, 170, 480]),
    ("tests/positions/ruches_last.game", "", [2, 3, 4, 8, 12]),
    ("tests/positions/ruches_blocked.game", "", [3, 6, 17, 26, 75]),
    ("tests/positions/ruches_huff.game", "", [5, 32, 141, 600, 2361]),
    ("tests/positions/ruches_huff_arrived.game", "", [2, 3, 0, 0, 0]),
    # perft(4) = 8 here; the game file gives 5 (a huffed arrived token
    # still counts as arrived there)
    ("tests/positions/ruches_huff_arrived3.game", "", [3, 9, 7]),
]


def random_games(plateau, count, first=1):
    """Replay the seeded random games of the CLI.  Returns the number of
    games that disagree."""
    bad = 0
    for seed in range(first, first + count):
        out = subprocess.run(
            [plateau, "play", "games/draughts/ruches.game", "--south", "random",
             "--north", "random", "--seed", str(seed)],
            capture_output=True, text=True, check=True).stdout
        played = [m.group(1).strip() for m in
                  (re.match(r"\d+\.(?:\.\.)? (?:bees|bumblebees) play (.*)$", l)
                   for l in out.splitlines()) if m]
        lines = out.strip().splitlines()
        # "game over: bees win (bees 51, bumblebees 45) -- bees have no legal move"
        want = re.sub(r" -- .*$", "", lines[-1].replace("game over: ", ""))
        pos = start()
        why = None
        huffed = False
        for i, t in enumerate(played + [None]):
            ms = moves(pos)
            st = status(pos, ms)
            if not huffed and st is None:
                eng = subprocess.run(
                    [plateau, "moves", "games/draughts/ruches.game", "--moves",
                     " ".join(played[:i])],
                    capture_output=True, text=True).stdout.splitlines()
                if sorted(eng) != sorted(ms):
                    a, b = set(ms) - set(eng), set(eng) - set(ms)
                    why = "ply %d (after '%s'): only here %s; only engine %s" % (
                        i, " ".join(played[:i]), sorted(a), sorted(b))
                    break
            if t is None:
                if outcome_text(pos) != want:
                    why = "result %s, engine %s" % (outcome_text(pos), want)
                break
            if st is not None:
                why = "over before move %d %s" % (i + 1, t)
                break
            if t not in ms:
                why = "move %d %s illegal here" % (i + 1, t)
                break
            huffed = huffed or t.startswith("huff")
            pos = ms[t]
        if why:
            bad += 1
            print("DIFF seed %d: %s" % (seed, why), flush=True)
        else:
            print("seed %d: %d plies agree, %s" % (seed, len(played), want), flush=True)
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
    if "--check" in argv:
        bad = 0
        for where, mvs, expect in POSITIONS:
            p = replay(load(where) if where else start(), mvs)
            got = [perft(p, d) for d in range(1, len(expect) + 1)]
            ok = got == expect
            bad += not ok
            print("%s %s '%s': %s%s" % ("ok  " if ok else "DIFF", where or "start",
                                        mvs[-40:], got,
                                        "" if ok else " expected %s" % expect),
                  flush=True)
        return 1 if bad else 0
    if "--list" in argv or "--outcome" in argv:
        listing = "--list" in argv
        argv = [a for a in argv if a not in ("--list", "--outcome")]
        pos = replay(pos, argv[0] if argv else "")
        ms = moves(pos)
        if status(pos, ms) is not None or not listing:
            print(outcome_text(pos))
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
    pos = replay(pos, argv[1] if len(argv) > 1 else "")
    if divide:
        ms = moves(pos)
        if status(pos, ms) is None:
            total = 0
            for t in sorted(ms):
                n = perft(ms[t], depth - 1)
                total += n
                print("%s: %d" % (t, n))
            print("perft(%d) = %d" % (depth, total))
        return 0
    for d in range(1, depth + 1):
        print("perft(%d) = %d" % (d, perft(pos, d)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
