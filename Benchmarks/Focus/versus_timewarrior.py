#!/usr/bin/env python3
"""`tempo focus status --json` against Timewarrior's `timew summary :week` on the same ledger.

Run (the installed binary, or any other with --tempo):
    python3 Benchmarks/Focus/versus_timewarrior.py [--tempo PATH] [--sessions 76000] [--runs 21]

Makes a 10-year ledger (seeded; Europe/Berlin; about 70,000 intervals after rest days, some
crossing midnight, none rested in the last 176 days), writes it as Timewarrior's own data
files, takes `timew export` and imports that file with `tempo focus import`, so both hold the same
intervals; each then also has one interval running for five minutes. Then runs the two commands
in turn, A B A B …, as whole processes (posix_spawn, output to /dev/null), and prints the median
wall and CPU time of each and the median of the per-pair ratios (pairs taken close together, so a
machine whose speed drifts still compares like with like). Also `tempo timer list` on an empty
store and `tempo --help`, with /bin/true spawned the same way as the floor. Needs `timew`
(Debian package timewarrior).
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone


def ledger(sessions, now):
    """Intervals (start, end, tag) in equal slots over ten years before `now`, UTC datetimes."""
    rng = random.Random(2026)
    span = timedelta(days=3652.5)
    first = now - span
    slot = span / sessions
    tags = ["math", "thesis", "reading", "code", None]
    rest_day = None
    intervals = []
    for index in range(sessions - 1):
        slot_start = first + slot * index
        day = slot_start.date()
        unbroken = slot_start > now - timedelta(days=176)
        if day != rest_day and not unbroken and rng.random() < 0.15 / (86400 / slot.total_seconds()):
            rest_day = day
        if day == rest_day:
            continue
        start = slot_start + timedelta(seconds=rng.uniform(0, slot.total_seconds() * 0.3))
        length = rng.uniform(300, slot.total_seconds() * 0.6)
        if start + timedelta(seconds=length + 60) >= now - timedelta(minutes=10):
            break
        start = start.replace(microsecond=0)
        intervals.append((start, start + timedelta(seconds=int(length)), rng.choice(tags)))
    return intervals


def stamp(moment):
    return moment.strftime("%Y%m%dT%H%M%SZ")


def write_timewarrior(folder, intervals, running_since):
    os.makedirs(os.path.join(folder, "data"))
    open(os.path.join(folder, "timewarrior.cfg"), "w").close()
    months = {}
    for start, end, tag in intervals:
        line = f"inc {stamp(start)} - {stamp(end)}" + (f" # {tag}" if tag else "")
        months.setdefault(start.strftime("%Y-%m"), []).append(line)
    months.setdefault(running_since.strftime("%Y-%m"), []).append(f"inc {stamp(running_since)} # math")
    for month, lines in months.items():
        with open(os.path.join(folder, "data", f"{month}.data"), "w") as file:
            file.write("\n".join(lines) + "\n")


def spawn(argv, env):
    """Wall seconds and CPU seconds (user + sys) of one whole process."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        started = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - started
    finally:
        os.close(devnull)
    if status != 0:
        raise SystemExit(f"{' '.join(argv)} exited with status {status}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(label_a, argv_a, label_b, argv_b, env, runs):
    spawn(argv_a, env), spawn(argv_b, env)  # warm-up (page cache)
    a, b = [], []
    for _ in range(runs):
        a.append(spawn(argv_a, env))
        b.append(spawn(argv_b, env))
    ms = lambda values: statistics.median(values) * 1000
    ratio = statistics.median(x[0] / y[0] for x, y in zip(a, b))
    print(f"  {label_a:<34} wall {ms([x[0] for x in a]):7.2f} ms  cpu {ms([x[1] for x in a]):7.2f} ms")
    print(f"  {label_b:<34} wall {ms([y[0] for y in b]):7.2f} ms  cpu {ms([y[1] for y in b]):7.2f} ms")
    print(f"  median of the {runs} pair ratios (wall, first / second): {ratio:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tempo", default=shutil.which("tempo") or "tempo")
    parser.add_argument("--sessions", type=int, default=76_000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--keep", metavar="DIR", help="make the two stores in DIR (new) and keep them, to profile")
    options = parser.parse_args()
    if not shutil.which("timew"):
        raise SystemExit("timew not found: apt-get install timewarrior")
    now = datetime.now(timezone.utc).replace(microsecond=0)
    intervals = ledger(options.sessions, now)
    if options.keep:
        os.makedirs(options.keep)
    with tempfile.TemporaryDirectory() as scratch:
        folder = options.keep or scratch
        env = dict(os.environ, TZ="Europe/Berlin", TIMEWARRIORDB=os.path.join(folder, "timew"),
                   TEMPO_DB=os.path.join(folder, "tempo.sqlite"))
        env.pop("TEMPO_NOW", None)
        write_timewarrior(env["TIMEWARRIORDB"], intervals, now - timedelta(minutes=5))
        # The first command rebuilds Timewarrior's tag index from the data files, and says so.
        subprocess.run(["timew", "tags"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        export = os.path.join(folder, "timew-export.json")
        with open(export, "w") as file:
            subprocess.run(["timew", "export"], env=env, stdout=file, check=True)
        closed = sum(1 for record in json.load(open(export)) if "end" in record)
        run = lambda *args, **extra: subprocess.run([options.tempo, *args], env=dict(env, **extra), check=True,
                                                    stdout=subprocess.DEVNULL)
        run("focus", "config", "--tz", "Europe/Berlin", "--goal", "1h")
        run("focus", "import", export)
        run("focus", "start", "math", TEMPO_NOW=(now - timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ"))
        status = json.loads(subprocess.run([options.tempo, "focus", "status", "--json"], env=env, check=True,
                                           capture_output=True, text=True).stdout)
        # The installed tempo answers status itself (its front exits 3 under TEMPO_QUICK_ONLY=1 when
        # it would hand the line to the full tool); a build-folder binary is the full tool.
        quick = subprocess.run([options.tempo, "focus", "status", "--json"], env=dict(env, TEMPO_QUICK_ONLY="1"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        print(f"Ledger: {closed} closed intervals over 10 years in both (timew export → tempo focus import), "
              f"one running; Europe/Berlin; streak {status['streak_days']} days; {options.tempo}"
              f"{' (the front answers status itself)' if quick else ''}")
        compare("tempo focus status --json", [options.tempo, "focus", "status", "--json"],
                "timew summary :week", ["timew", "summary", ":week"], env, options.runs)
        empty = dict(env, TEMPO_DB=os.path.join(folder, "empty", "tempo.sqlite"))
        compare("tempo timer list (no store yet)", [options.tempo, "timer", "list"], "/bin/true", ["/bin/true"], empty, options.runs)
        compare("tempo --help", [options.tempo, "--help"], "/bin/true", ["/bin/true"], env, options.runs)


if __name__ == "__main__":
    sys.exit(main())
