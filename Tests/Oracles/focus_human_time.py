#!/usr/bin/env python3
"""Expected instants for human time entry (FocusInstantParser), from Python's zoneinfo.

The rules, stated independently of the Swift code:
- `H:MM[:SS]` is that local time on `now`'s calendar date in the zone;
- `today T`, `yesterday T`; a weekday name (`monday`, `mon`…) is the most recent such date on
  or before today;
- `-15m`, `-1h30m`, `-90s`: exact seconds before `now`; `now` is `now`;
- `YYYY-MM-DD HH:MM` / `YYYY-MM-DDTHH:MM[:SS]`: that local time; with an offset or `Z`: that instant;
- a local time the clocks skipped is an error (expected null); one that occurs twice is its
  first occurrence (fold=0, PEP 495).
`now` is drawn around every DST transition of 2026 in each zone, plus random instants.
Writes Tests/Fixtures/focus/oracle-human-time.json, compared by FocusHumanTimeOracleTests.
Run: python3 Tests/Oracles/focus_human_time.py (tzdata from the system; seeded, so the output
is the same on every run with the same tzdata).
"""
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "focus" / "oracle-human-time.json"
UTC = timezone.utc
ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Santiago",
         "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns", "UTC"]
WEEKDAYS = ["monday", "tue", "wednesday", "thu", "friday", "sat", "sunday"]
WEEKDAY_NUMBER = {"monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "wednesday": 2, "wed": 2, "thursday": 3,
                  "thu": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5, "sunday": 6, "sun": 6}


def iso(instant):
    return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def first_occurrence(zone, local):
    """The UTC instant of the naive local time's first occurrence, or None in a gap."""
    candidates = []
    for fold in (0, 1):
        instant = local.replace(tzinfo=zone, fold=fold).astimezone(UTC)
        if instant.astimezone(zone).replace(tzinfo=None) == local:
            candidates.append(instant)
    return min(candidates) if candidates else None


def transitions(zone, year):
    """Instants in `year` where the zone's UTC offset changes (to the minute)."""
    found = []
    t = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    step = timedelta(hours=6)
    while t < end:
        a, b = t.astimezone(zone).utcoffset(), (t + step).astimezone(zone).utcoffset()
        if a != b:
            low, high = t, t + step
            while high - low > timedelta(seconds=1):
                mid = low + (high - low) / 2
                if mid.astimezone(zone).utcoffset() == a:
                    low = mid
                else:
                    high = mid
            found.append(high)
        t += step
    return found


def expected(zone, now, text):
    today = now.astimezone(zone).date()
    words = text.lower().split()
    if text == "now":
        return now
    if text.startswith("-"):
        units = {"h": 3600, "m": 60, "s": 1}
        total, number = 0, ""
        for c in text[1:]:
            if c.isdigit():
                number += c
            else:
                total += int(number) * units[c]
                number = ""
        return now - timedelta(seconds=total)
    if "-" in words[0]:  # a dated form
        body = text.replace(" ", "T")
        if body.endswith("Z") or "+" in body[10:] or body[16:].count("-"):
            return datetime.fromisoformat(body.replace("Z", "+00:00"))
        return first_occurrence(zone, datetime.fromisoformat(body))
    clock = words[-1].split(":")
    hour, minute, second = int(clock[0]), int(clock[1]), int(clock[2]) if len(clock) == 3 else 0
    day = today
    if len(words) == 2:
        if words[0] == "yesterday":
            day = today - timedelta(days=1)
        elif words[0] != "today":
            day = today - timedelta(days=(today.weekday() - WEEKDAY_NUMBER[words[0]]) % 7)
    return first_occurrence(zone, datetime(day.year, day.month, day.day, hour, minute, second))


def inputs(rng, zone, now):
    local = now.astimezone(zone)
    near = [local + timedelta(minutes=m) for m in (-90, -30, 0, 30, 90)]
    times = [f"{t.hour:02d}:{t.minute:02d}" for t in near] + ["00:00", "9:00", "23:59:59", "02:30", "01:30"]
    texts = []
    for t in times:
        texts.append(t)
        texts.append(f"yesterday {t}")
        texts.append(f"today {t}")
        texts.append(f"{rng.choice(WEEKDAYS)} {t}")
    for t in near[:4]:
        texts.append(t.strftime("%Y-%m-%dT%H:%M"))
        texts.append(t.strftime("%Y-%m-%d %H:%M:%S"))
        texts.append(t.strftime("%Y-%m-%dT%H:%M:%S") + rng.choice(["Z", "+01:00", "-03:30", "+05:45"]))
    texts += ["now", "-15m", "-1h30m", f"-{rng.randint(1, 200000)}s", f"-{rng.randint(1, 50)}h{rng.randint(0, 59)}m"]
    return texts


def main():
    rng = random.Random(20261125)
    cases = []
    for name in ZONES:
        zone = ZoneInfo(name)
        nows = []
        for transition in transitions(zone, 2026):
            nows += [transition + timedelta(minutes=m) for m in (-61, -1, 0, 1, 59, 24 * 60 + 10)]
        start = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
        nows += [datetime.fromtimestamp(start + rng.randint(0, 365 * 86400), UTC) for _ in range(6)]
        for now in nows:
            for text in inputs(rng, zone, now):
                value = expected(zone, now, text)
                cases.append({"zone": name, "now": iso(now), "text": text,
                              "expected": iso(value) if value else None})
    OUT.write_text("{\"cases\": [\n" + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n")
    print(f"{len(cases)} cases -> {OUT}")


if __name__ == "__main__":
    main()
