#!/usr/bin/env python3
"""ugi_conformance.py -- speaks UGI to `plateau ugi GAME` for every shipped
game, the way a tournament manager does, and checks every answer: the
handshake, positions (startpos and fen) with moves, go with each limit,
stop after go infinite (isready answered while thinking), the queries
along a game played to its end, and malformed lines answered with
`info string` without losing the position.  Then a match between two
`plateau ugi` processes through `plateau match --p1 ugi:...`.

Usage: ugi_conformance.py PLATEAU   (run from the source tree; PLATEAU_PATH set)
Python 3 standard library only.
"""
import os
import queue
import subprocess
import sys
import threading
import time

PLATEAU = sys.argv[1] if len(sys.argv) > 1 else "build/plateau"
TIMEOUT = 10.0
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return cond


def cli(*args):
    return subprocess.run([PLATEAU, *args], capture_output=True, text=True, timeout=60)


class Engine:
    """One `plateau ugi` process; lines read by a thread into a queue."""

    def __init__(self, game, *extra):
        self.game = game
        self.proc = subprocess.Popen([PLATEAU, "ugi", game, *extra], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix, timeout=TIMEOUT):
        """Lines up to the first that starts with prefix: (that line, the others)."""
        seen = []
        deadline = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                check(False, f"{self.game}: no '{prefix}' in {timeout} s (got {seen})")
                return None, seen
            if line is None:
                check(False, f"{self.game}: engine exited waiting for '{prefix}' (got {seen})")
                return None, seen
            if line.startswith(prefix):
                return line, seen
            seen.append(line)

    def ask(self, question):
        self.send("query " + question)
        line, _ = self.expect("response")
        return line.split()[1] if line else None

    def quit(self):
        self.send("quit")
        try:
            code = self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = None
        check(code == 0, f"{self.game}: quit: exit status {code}")


def legal_moves(game, position, moves):
    args = ["moves", game, "--moves", " ".join(moves)]
    if position:
        args += ["--position", position]
    out = cli(*args)
    check(out.returncode == 0, f"{game}: plateau moves failed: {out.stderr}")
    return [m.replace(" ", "_") for m in out.stdout.splitlines()
            if not m.startswith("game over")]


def position_after(game, moves):
    out = cli("show", game, "--format", "position", "--moves", " ".join(moves))
    check(out.returncode == 0, f"{game}: show --format position failed: {out.stderr}")
    return out.stdout.strip()


def best_move(eng, go):
    eng.send(go)
    # nodes and depth bound the work, not the time: a Gyges MCTS iteration
    # (one long random playout) takes seconds under the sanitizers
    line, infos = eng.expect("bestmove", timeout=3 * TIMEOUT)
    for info in infos:
        check(info.startswith("info"), f"{eng.game}: '{go}': unexpected line '{info}'")
    return (line.split() + [None])[1] if line else None, infos


def handshake(eng, players):
    eng.send("ugi")
    ok, before = eng.expect("ugiok")
    check(ok == "ugiok", f"{eng.game}: no ugiok")
    check(any(l.startswith("id name ") for l in before), f"{eng.game}: no 'id name'")
    check(any(l.startswith("id author ") for l in before), f"{eng.game}: no 'id author'")
    check(any(l.startswith("option name ") for l in before), f"{eng.game}: no 'option'")
    eng.send("isready")
    check(eng.expect("readyok")[0] == "readyok", f"{eng.game}: no readyok")
    eng.send("uginewgame")
    eng.send("position startpos")
    check(eng.ask("p1turn") == "true", f"{eng.game}: the first player does not start")
    check(eng.ask("gameover") == "false", f"{eng.game}: over at the start")
    check(eng.ask("result") == "none", f"{eng.game}: a result at the start")


def each_limit(eng, moves):
    """go with every limit from the position after `moves`: legal bestmoves."""
    eng.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    legal = legal_moves(eng.game, None, moves)
    for go in ["go movetime 40", "go nodes 2", "go depth 2",
               "go p1time 2000 p2time 2000 p1inc 10 p2inc 10",
               "go wtime 2000 btime 2000 winc 10 binc 10"]:
        move, infos = best_move(eng, go)
        check(move in legal, f"{eng.game}: '{go}' gave '{move}', not one of {legal[:8]}...")
    eng.send("setoption name Player value alphabeta")
    move, infos = best_move(eng, "go depth 2")
    check(move in legal, f"{eng.game}: alphabeta depth 2 gave '{move}'")
    check(any(" depth " in i and " nodes " in i and " nps " in i and " score " in i
              and " pv " in i for i in infos), f"{eng.game}: no full info line in {infos}")
    eng.send("setoption name Player value mcts")


def infinite_and_stop(eng):
    eng.send("position startpos")
    eng.send("go infinite")
    time.sleep(0.2)
    eng.send("isready")
    ready, before = eng.expect("readyok", timeout=2)
    check(ready and not any(l.startswith("bestmove") for l in before),
          f"{eng.game}: isready not answered while thinking ({before})")
    check(eng.ask("p1turn") == "true", f"{eng.game}: query while thinking")
    eng.send("stop")
    move, _ = eng.expect("bestmove", timeout=TIMEOUT)  # stop acts between iterations
    check(move is not None and move.split()[1] in legal_moves(eng.game, None, []),
          f"{eng.game}: stop gave '{move}'")


def malformed(eng, moves):
    """Every bad line gets `info string` and leaves the position as it was."""
    good = "position startpos moves " + " ".join(moves) if moves else "position startpos"
    eng.send(good)
    p1turn = eng.ask("p1turn")
    for bad in ["fly me to the moon", "position", "position sideways",
                "position fen", "position fen ???/x o", "position startpos moves zz99",
                "position startpos nonsense", "go depth many", "go fast",
                "setoption name Colour value red", "setoption", "query weather",
                "setoption name Player value mcts:tme=1", "\t  "]:
        eng.send(bad)
        eng.send("isready")
        ready, before = eng.expect("readyok")
        if bad.strip():
            check(any(l.startswith("info string") for l in before),
                  f"{eng.game}: '{bad}' not answered with info string ({before})")
        check(eng.ask("p1turn") == p1turn, f"{eng.game}: '{bad}' changed the position")


def fen_positions(eng, moves):
    """position fen, alone and with moves, agrees with the CLI."""
    fen = position_after(eng.game, moves)
    eng.send("position fen " + fen)
    side = fen.split()[1]
    players = cli("show", eng.game, "--format", "position").stdout.split()[1]
    check(eng.ask("p1turn") == ("true" if side == players else "false"),
          f"{eng.game}: fen {fen}: p1turn")
    legal = legal_moves(eng.game, fen, [])
    if legal:
        eng.send(f"position fen {fen} moves {legal[0]}")
        after = cli("show", eng.game, "--format", "position", "--position", fen,
                    "--moves", legal[0]).stdout.split()[1]
        check(eng.ask("p1turn") == ("true" if after == players else "false"),
              f"{eng.game}: fen {fen} moves {legal[0]}: p1turn")


def play_out(eng, max_plies):
    """A random game to its end through position/go/query: the result."""
    eng.send("setoption name Player value random:seed=7")
    moves = []
    while len(moves) < max_plies:
        eng.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        if eng.ask("gameover") == "true":
            result = eng.ask("result")
            check(result in ("p1win", "p2win", "draw"), f"{eng.game}: result '{result}'")
            break
        check(eng.ask("result") == "none", f"{eng.game}: a result while not over")
        move, _ = best_move(eng, "go movetime 10")
        if not check(move and move != "0000", f"{eng.game}: no move at ply {len(moves)}"):
            break
        check("_" not in move or " " in move.replace("_", " "),
              f"{eng.game}: one-token move '{move}'")
        moves.append(move)
    eng.send("setoption name Player value mcts")
    return moves


def conformance(game):
    start = time.time()
    eng = Engine(game)
    handshake(eng, None)
    moves = play_out(eng, 40)   # the quadratic replays of `position startpos moves`: keep it short
    mid = moves[: min(len(moves), 6)]
    each_limit(eng, mid)
    infinite_and_stop(eng)
    malformed(eng, mid)
    fen_positions(eng, mid)
    eng.quit()
    print(f"{game}: ok in {time.time() - start:.1f} s ({len(moves)} plies played out)",
          flush=True)


def huff_one_token():
    """Bataille de ruches' 'huff d5' travels as 'huff_d5' both ways."""
    fen = "3/4/3/4/1U{3,1}1/4/3/B{2,0}3/3 bees last_could=1 last_captured=0 unplaced=0,0"
    eng = Engine("ruches")
    eng.send("ugi")
    eng.expect("ugiok")
    eng.send(f"position fen {fen} moves huff_d5")
    check(eng.ask("p1turn") == "false", "ruches: 'huff_d5' not accepted")
    eng.send("setoption name Player value alphabeta")
    eng.send(f"position fen {fen}")
    move, _ = best_move(eng, "go depth 2")
    check(move == "huff_d5", f"ruches: bestmove '{move}', expected huff_d5")
    eng.quit()


def match_between_two_engines():
    spec = f"ugi,time=0.05:{PLATEAU} ugi tic-tac-toe"
    out = cli("match", "tic-tac-toe", "--p1", spec, "--p2", spec.replace("ugi tic", "ugi --player random tic"),
              "--games", "2", "--seed", "5")
    check(out.returncode == 0, f"match through ugi: exit {out.returncode}: {out.stderr}")
    check("2 games" in out.stdout and "score of p1" in out.stdout,
          f"match through ugi: no report: {out.stdout}")
    bad = cli("match", "tic-tac-toe", "--p1", "ugi,time=0.05:sh -c 'read l; echo ugiok; "
              "read l; echo readyok; read l; read l; echo readyok; read l; read l; "
              "echo bestmove zz'", "--p2", "random", "--games", "1", "--seed", "5")
    check(bad.returncode == 0 and "forfeit" in bad.stderr and "forfeits" in bad.stdout,
          f"an illegal move is a forfeit: {bad.stdout} {bad.stderr}")


def main():
    games = [l.split()[0] for l in cli("list").stdout.splitlines() if l.strip()]
    check(len(games) >= 9, f"only {len(games)} games")
    # Under the sanitizers a search runs 20-50 times slower: there the
    # build passes a few games that reach every code path of the protocol
    # (UGI_GAMES); the Release build checks every shipped game.
    subset = [g for g in os.environ.get("UGI_GAMES", "").split(",") if g]
    if subset:
        check(all(g in games for g in subset), f"UGI_GAMES names unknown games: {subset}")
        games = subset
    for game in games:
        conformance(game)
    huff_one_token()
    match_between_two_engines()
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("ugi conformance: all games ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
