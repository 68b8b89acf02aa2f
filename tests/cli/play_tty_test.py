#!/usr/bin/env python3
"""play_tty_test.py -- `plateau play` driven in a pseudo-terminal, as a
player at a terminal drives it: Ctrl-C (the terminal's ^C, turned into
SIGINT by the line discipline) at the prompt asks whether to save the
game (Enter goes back to it, y saves to --save, a FILE saves there, n
leaves without saving); Ctrl-C while the computer thinks makes it move
now.  Non-terminal runs keep leaving at once (tests/cli/run_cli_tests.sh).

Usage: tests/cli/play_tty_test.py PATH/TO/plateau
"""
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

PLATEAU = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("PLATEAU_PATH", os.path.normpath(os.path.join(HERE, "..", "..")))
os.environ["NO_COLOR"] = "1"
os.environ.pop("COLUMNS", None)

passed = failed = 0


class Session:
    """plateau with a pseudo-terminal as its stdin, stdout and stderr."""

    def __init__(self, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(PLATEAU, [PLATEAU] + list(args))
        self.out = b""
        self.seen = 0        # what expect() has consumed

    def read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 4096)
        except OSError:      # the child is gone
            return None
        if not data:
            return None
        self.out += data
        return True

    def expect(self, pattern, timeout=20):
        """Wait for the regex after what was consumed; True when seen."""
        rx = re.compile(pattern.encode())
        end = time.time() + timeout
        while True:
            m = rx.search(self.out, self.seen)
            if m:
                self.seen = m.end()
                return True
            left = end - time.time()
            if left <= 0 or self.read(left) is None:
                m = rx.search(self.out, self.seen)
                if m:
                    self.seen = m.end()
                return bool(m)

    def send(self, text):
        os.write(self.fd, text.encode())

    def wait(self, timeout=20):
        """The exit status (a signal: 128 + its number), after the end."""
        end = time.time() + timeout
        while time.time() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self.read(0.05):
                    pass
                os.close(self.fd)
                if os.WIFSIGNALED(status):
                    return 128 + os.WTERMSIG(status)
                return os.WEXITSTATUS(status)
            self.read(0.05)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        return None

    def text(self):
        return self.out.decode(errors="replace").replace("\r\n", "\n")


def check(name, ok, session=None):
    global passed, failed
    if ok:
        passed += 1
        print("ok   " + name)
    else:
        failed += 1
        print("FAIL " + name)
        if session is not None:
            for line in session.text().splitlines()[-25:]:
                print("  | " + line)


tmp = tempfile.mkdtemp(prefix="plateau-tty.")
QUESTION = r"save the game before leaving\? \(y: save to [^)]*\) "
try:
    # Ctrl-C at the prompt; Enter goes back to the game; a second Ctrl-C
    # (after the first was answered) asks again; y saves to --save.
    rec = os.path.join(tmp, "a.rec")
    s = Session("play", "tic-tac-toe", "--north", "random", "--seed", "1", "--save", rec)
    check("prompt", s.expect(r"x> "), s)
    s.send("\x03")
    check("Ctrl-C at the prompt asks", s.expect(QUESTION), s)
    s.send("\n")
    check("Enter: back to the game", s.expect(r"x> "), s)
    s.send("b2\n")
    check("the game goes on", s.expect(r"1\.\.\. o plays [a-c][1-3]") and s.expect(r"x> "), s)
    s.send("\x03")
    check("a second Ctrl-C asks again", s.expect(QUESTION), s)
    s.send("y\n")
    check("y: saved to --save",
          s.expect(r"game interrupted after 2 moves: saved to " + re.escape(rec)), s)
    check("exit status 130", s.wait() == 130, s)
    text = open(rec).read() if os.path.exists(rec) else ""
    check("the record holds the game so far",
          re.search(r"^moves b2 [a-c][1-3]$", text, re.M) is not None
          and "result unfinished" in text, s)

    # n: leave without saving (--save is not written)
    rec = os.path.join(tmp, "b.rec")
    s = Session("play", "tic-tac-toe", "--north", "random", "--seed", "1", "--save", rec)
    s.expect(r"x> ")
    s.send("\x03")
    s.expect(QUESTION)
    s.send("n\n")
    check("n: left", s.expect(r"game interrupted after 0 moves\r?\n"), s)
    check("n: exit status 130", s.wait() == 130, s)
    check("n: --save not written", not os.path.exists(rec), s)

    # without --save: a FILE to save to
    rec = os.path.join(tmp, "c.rec")
    s = Session("play", "tic-tac-toe", "--north", "random", "--seed", "1")
    s.expect(r"x> ")
    s.send("a1\n")
    s.expect(r"x> ")
    s.send("\x03")
    check("without --save: asks for a FILE",
          s.expect(r"save the game before leaving\? \(a FILE to save to, n: leave"), s)
    s.send(rec + "\n")
    check("FILE: saved", s.expect(r"saved to " + re.escape(rec)), s)
    check("FILE: exit status 130", s.wait() == 130, s)
    text = open(rec).read() if os.path.exists(rec) else ""
    check("FILE: the record", re.search(r"^moves a1 [a-c][1-3]$", text, re.M) is not None, s)

    # at the game-over prompt too
    s = Session("play", "tic-tac-toe", "--north", "random", "--seed", "1",
                "--moves", "b1 c3 c1 a3")
    s.expect(r"x> ")
    s.send("a1\n")
    s.expect(r"game over> ")
    s.send("\x03")
    check("Ctrl-C at the game-over prompt asks",
          s.expect(r"save the game before leaving\?"), s)
    s.send("\n")
    check("... and Enter goes back", s.expect(r"game over> "), s)
    s.send("quit\n")
    check("... quit", s.wait() == 0, s)

    # Ctrl-C while the computer thinks (a minute): it moves now
    first = subprocess.run([PLATEAU, "moves", "lines-of-action"], capture_output=True,
                           text=True).stdout.split()[0]
    s = Session("play", "lines-of-action", "--north", "mcts:time=60", "--seed", "1")
    s.expect(r"black> ")
    s.send(first + "\n")
    check("the computer thinks", s.expect(r"1\. black plays " + re.escape(first)), s)
    time.sleep(0.5)
    t0 = time.time()
    s.send("\x03")
    check("Ctrl-C while thinking: it moves now",
          s.expect(r"\(Ctrl-C: white moves now\)", timeout=10), s)
    check("... its move played", s.expect(r"1\.\.\. white plays \S+", timeout=10), s)
    check("... at once, not after a minute", time.time() - t0 < 10, s)
    check("... then the human's prompt", s.expect(r"black> "), s)
    s.send("quit\n")
    check("... quit", s.wait() == 0, s)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
