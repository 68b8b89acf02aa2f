#!/usr/bin/env python3
"""tourney_test.py -- end-to-end tests of sharded runs: `match --shard`,
`merge`, `balance` (docs/tournaments.md).

Usage: tourney_test.py PLATEAU [--parallel]

Without --parallel: shards run one after the other are merged into the
unsharded report byte for byte; merge refuses what does not belong
together; the balance report has sane numbers; its SVG parses as XML.
With --parallel: the same merge, the shards run by GNU parallel; without
`parallel` installed the test exits 77, which CTest reports as skipped.
Python 3 standard library only.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SKIP = 77
GAME = "tic-tac-toe"
# cheap and deterministic: iteration budgets, not seconds
RUN = ["--p1", "mcts:iterations=60", "--p2", "random", "--games", "10",
       "--seed", "11"]

failures = []


def run(plateau, *args, expect=0):
    p = subprocess.run([plateau, *args], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True)
    # under ASan/UBSan a report may come with the exit status expected of
    # an error case: look for it in every run
    if "Sanitizer" in p.stderr or ": runtime error:" in p.stderr:
        raise AssertionError(f"plateau {' '.join(args)}: sanitizer report\n{p.stderr}")
    if p.returncode != expect:
        raise AssertionError(f"plateau {' '.join(args)}: exit {p.returncode}, "
                             f"expected {expect}\n{p.stdout}\n{p.stderr}")
    return p


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else ": " + detail))
    if not cond:
        failures.append(name)


def unsharded(plateau):
    return run(plateau, "match", GAME, *RUN, "--no-times").stdout


def shard_files(plateau, tmp, n):
    files = []
    for k in range(1, n + 1):
        f = os.path.join(tmp, f"s{k}.json")
        run(plateau, "match", GAME, *RUN, "--shard", f"{k}/{n}", "--json", f)
        files.append(f)
    return files


def test_merge_equals_unsharded(plateau, tmp):
    whole = unsharded(plateau)
    for n in (2, 3):
        files = shard_files(plateau, tmp, n)
        merged = run(plateau, "merge", *reversed(files), "--no-times").stdout
        check(f"merge of {n} shards = the unsharded report", merged == whole,
              f"\n--- merged\n{merged}--- unsharded\n{whole}")
    # every game's seed and moves are those of the unsharded run's JSON
    one = os.path.join(tmp, "whole.json")
    run(plateau, "match", GAME, *RUN, "--json", one)
    files = shard_files(plateau, tmp, 2)
    games = sorted((g for f in files for g in json.load(open(f))["games"]),
                   key=lambda g: g["index"])
    ref = json.load(open(one))["games"]
    check("shards: the same games, seeds and moves",
          [(g["index"], g["seed"], g["moves"]) for g in games] ==
          [(g["index"], g["seed"], g["moves"]) for g in ref])
    data = json.load(open(files[0]))
    check("--json: settings", data["settings"]["shard"] == [1, 2] and
          data["settings"]["games"] == 10 and data["settings"]["seed"] == 11)
    check("--json: shard 1/2 holds games 0, 2, 4, ...",
          [g["index"] for g in data["games"]] == [0, 2, 4, 6, 8])
    check("--json: summary", data["summary"]["games"] == 5 and
          sum(data["summary"][k] for k in ("wins", "draws", "losses")) == 5)
    # --json - replaces the game lines on stdout
    p = run(plateau, "match", GAME, *RUN, "--json", "-", "--no-times")
    try:
        check("--json -: JSON alone on stdout", len(json.loads(p.stdout)["games"]) == 10)
    except ValueError as e:
        check("--json -: JSON alone on stdout", False, str(e))
    check("--json -: the report on stderr", "score of p1: " in p.stderr, p.stderr)
    p = run(plateau, "merge", *files, "--json", "-")
    check("merge --json -: the merged run", json.loads(p.stdout)["settings"]["shard"]
          == [1, 1] and len(json.loads(p.stdout)["games"]) == 10)


def expect_error(plateau, name, args, text, code=1):
    try:
        p = run(plateau, *args, expect=code)
        check(name, text in p.stderr, f"stderr: {p.stderr!r}")
    except AssertionError as e:
        check(name, False, str(e))


def test_merge_errors(plateau, tmp):
    s1, s2 = shard_files(plateau, tmp, 2)
    expect_error(plateau, "merge: a missing shard", ["merge", s1],
                 "shard 2/2 is missing")
    expect_error(plateau, "merge: a shard twice", ["merge", s1, s2, s1],
                 "are both shard 1/2")
    other = os.path.join(tmp, "other.json")
    run(plateau, "match", GAME, *RUN[:-1], "12", "--shard", "2/2", "--json", other)
    expect_error(plateau, "merge: another seed", ["merge", s1, other],
                 "another seed")
    run(plateau, "match", GAME, "--p1", "random", "--p2", "random", "--games",
        "10", "--seed", "11", "--shard", "2/2", "--json", other)
    expect_error(plateau, "merge: other players", ["merge", s1, other],
                 "other players")
    run(plateau, "match", GAME, *RUN[:-3], "12", "--seed", "11", "--shard",
        "2/2", "--json", other)
    expect_error(plateau, "merge: another number of games", ["merge", s1, other],
                 "another number of games")
    run(plateau, "match", GAME, *RUN, "--shard", "2/3", "--json", other)
    expect_error(plateau, "merge: another number of shards", ["merge", s1, other],
                 "another number of shards")
    # a shard with a game taken out, and one with a game of another shard
    data = json.load(open(s2))
    data["games"].pop()
    cut = os.path.join(tmp, "cut.json")
    json.dump(data, open(cut, "w"))
    expect_error(plateau, "merge: a shard lacking a game", ["merge", s1, cut],
                 "does not hold all the games")
    data = json.load(open(s2))
    data["games"][0]["index"] = 0
    json.dump(data, open(cut, "w"))
    expect_error(plateau, "merge: a game of another shard", ["merge", s1, cut],
                 "a game of another shard")
    bad = os.path.join(tmp, "bad.json")
    with open(bad, "w") as f:
        f.write('{"plateau": 1, "command": "match", "settings": {"game": ')
    expect_error(plateau, "merge: broken JSON", ["merge", bad],
                 "not valid JSON: line 1")
    with open(bad, "w") as f:
        f.write("[" * 100000)
    expect_error(plateau, "merge: deep nesting", ["merge", bad], "nested more")
    with open(bad, "w") as f:
        json.dump({"plateau": 1, "command": "match"}, f)
    expect_error(plateau, "merge: not a result file", ["merge", bad], "settings")
    expect_error(plateau, "merge: no file", ["merge", os.path.join(tmp, "none")],
                 "cannot open")
    expect_error(plateau, "merge: no FILE", ["merge"], "no FILE given", 2)
    expect_error(plateau, "match --shard without --seed",
                 ["match", GAME, "--shard", "1/2"], "needs --seed", 2)
    expect_error(plateau, "match --shard 3/2", ["match", GAME, "--seed", "1",
                 "--shard", "3/2"], "--shard K", 2)
    expect_error(plateau, "match --shard x", ["match", GAME, "--seed", "1",
                 "--shard", "x"], "is not K/N", 2)


def test_balance(plateau, tmp):
    svg = os.path.join(tmp, "b.svg")
    args = ["balance", GAME, "--player", "mcts:iterations=300", "--games", "20",
            "--seed", "5"]
    out = run(plateau, *args, "--svg", svg, "--no-times", "--quiet").stdout
    lines = {l.split(":")[0]: l for l in out.splitlines()}
    check("balance: score line", "score of the first player" in lines, out)
    w, d, l = (int(x.split()[0]) for x in
               lines["first player (x)"].split(":")[1].split(","))
    check("balance: 20 games", w + d + l == 20, out)
    # tic-tac-toe between equal fair players: mostly draws, x never worse
    check("balance: draws dominate tic-tac-toe", d >= 10 and w >= l, out)
    check("balance: draws line", f"draws: {d} (" in out, out)
    check("balance: length within 5..9", all(
        5 <= float(x) <= 9 for x in
        lines["length"].replace(",", " ").replace("/", " ").split()
        if x.replace(".", "").isdigit()), out)
    check("balance: decided early", "decided early: " in out and
          "unknown" not in lines["decided early"], out)
    try:
        root = ET.parse(svg).getroot()
        ok = root.tag == "{http://www.w3.org/2000/svg}svg"
        rects = root.findall("{http://www.w3.org/2000/svg}rect")
        check("balance --svg: well-formed SVG with a histogram",
              ok and len(rects) >= 2)
        check("balance --svg: the estimate curve",
              root.find("{http://www.w3.org/2000/svg}polyline") is not None)
    except ET.ParseError as e:
        check("balance --svg: well-formed SVG", False, str(e))
    # random players give no estimate: said, not invented
    out = run(plateau, "balance", GAME, "--player", "random", "--games", "4",
              "--seed", "1", "--quiet", "--svg", svg).stdout
    check("balance: no estimate with random players", "decided early: unknown" in out, out)
    ET.parse(svg)
    # shards of a balance merge into the same report, and its chart
    whole = run(plateau, *args, "--no-times", "--quiet").stdout
    files = []
    for k in (1, 2):
        f = os.path.join(tmp, f"b{k}.json")
        run(plateau, *args, "--shard", f"{k}/2", "--json", f)
        files.append(f)
    merged = run(plateau, "merge", *files, "--no-times", "--quiet", "--svg",
                 svg).stdout
    check("balance: merged shards = the unsharded report", merged == whole,
          f"\n{merged}\n{whole}")
    ET.parse(svg)
    expect_error(plateau, "balance: a human", ["balance", GAME, "--player",
                 "human"], "between computer players", 2)


def test_parallel(plateau, tmp):
    if not shutil.which("parallel"):
        print("SKIP: GNU parallel is not installed (./setup test installs it)")
        return SKIP
    whole = unsharded(plateau)
    pattern = os.path.join(tmp, "p{}.json")
    subprocess.run(["parallel", "--will-cite", "--halt", "now,fail=1", plateau,
                    "match", GAME, *RUN, "--shard", "{}/2", "--json", pattern,
                    ">/dev/null", ":::", "1", "2"], check=True)
    merged = run(plateau, "merge", pattern.format(1), pattern.format(2),
                 "--no-times").stdout
    check("GNU parallel: merged shards = the unsharded report", merged == whole,
          f"\n--- merged\n{merged}--- unsharded\n{whole}")
    return 0


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: tourney_test.py PLATEAU [--parallel]")
    plateau = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        if "--parallel" in sys.argv[2:]:
            if test_parallel(plateau, tmp) == SKIP:
                return SKIP
        else:
            for t in (test_merge_equals_unsharded, test_merge_errors, test_balance):
                try:
                    t(plateau, tmp)
                except AssertionError as e:
                    check(t.__name__, False, str(e))
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
