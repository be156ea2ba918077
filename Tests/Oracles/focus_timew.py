#!/usr/bin/env python3
"""Expected daily focus totals from Timewarrior (Debian package `timewarrior`, here 1.4.3).

For each ledger of focus_ledgers.py: a fresh TIMEWARRIORDB in a temp dir, TZ set to the
ledger's zone, every interval entered with `timew track START - END`, then for each local date
`timew summary DATE - DATE+1` gives that day's total: Timewarrior clips intervals at local
midnight in TZ. Writes Tests/Fixtures/focus/oracle-timew.json; FocusOracleTests compares
Tempo's day totals (day start 00:00) with it. Run: python3 Tests/Oracles/focus_timew.py
"""
import json
import os
import re
import subprocess
import tempfile
from datetime import date, timedelta
from pathlib import Path

from focus_ledgers import all_ledgers

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "focus" / "oracle-timew.json"


def timew(env, *args):
    return subprocess.run(["timew", *args], env=env, input="yes\n", capture_output=True, text=True, check=False)


def seconds(text):
    hours, minutes, secs = (int(part) for part in text.split(":"))
    return hours * 3600 + minutes * 60 + secs


def day_totals(zone, intervals, first, last):
    with tempfile.TemporaryDirectory() as db:
        env = dict(os.environ, TIMEWARRIORDB=db, TZ=zone)
        timew(env, "help")  # creates the database after the first-run question
        for start, end in intervals:
            result = timew(env, "track", start, "-", end, "focus")
            if result.returncode != 0:
                raise SystemExit(f"timew track {start} - {end}: {result.stderr}")
        totals = {}
        day = first
        while day <= last:
            out = timew(env, "summary", day.isoformat(), "-", (day + timedelta(days=1)).isoformat()).stdout
            found = re.findall(r"(\d+:\d\d:\d\d)\s*$", out.strip())
            totals[day.isoformat()] = seconds(found[-1]) if found and "No filtered data" not in out else 0
            day += timedelta(days=1)
        return totals


def main():
    version = subprocess.run(["timew", "--version"], capture_output=True, text=True).stdout.strip()
    cases = []
    for name, zone, anchor, intervals in all_ledgers():
        center = date.fromisoformat(anchor)
        first, last = center - timedelta(days=5), center + timedelta(days=6)
        cases.append({
            "name": name, "tz": zone, "day_start": "00:00", "from": first.isoformat(), "to": last.isoformat(),
            "sessions": [list(pair) for pair in intervals],
            "days": day_totals(zone, intervals, first, last),
        })
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"generator": "Tests/Oracles/focus_timew.py", "timewarrior": version, "cases": cases}, indent=1) + "\n")
    print(f"wrote {OUT} ({len(cases)} ledgers)")


if __name__ == "__main__":
    main()
