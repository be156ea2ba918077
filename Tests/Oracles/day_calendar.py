#!/usr/bin/env python3
"""Expected DayCalendar values, computed independently with Python's zoneinfo (system tzdata).

Run: python3 Tests/Oracles/day_calendar.py > Tests/Fixtures/day-calendar.json

Rule (DESIGN.md): day D starts at local wall time D + day_start; a wall time that does not
exist (DST gap) moves to the next instant that exists (the transition); a wall time that occurs
twice is its first occurrence (fold=0). A day is [start(D), start(D+1)).
"""
import json
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

UTC = timezone.utc


def start_of(zone, d, day_start):
    wall = datetime.combine(d, day_start)
    first = wall.replace(tzinfo=zone, fold=0)
    ts = int(first.timestamp())
    back = datetime.fromtimestamp(ts, zone).replace(tzinfo=None)
    if back == wall:
        return ts
    # The wall time does not exist: find the transition by bisection on UTC offsets.
    lo, hi = ts - 2 * 86400, ts + 2 * 86400
    wall_ts = wall.replace(tzinfo=UTC).timestamp()
    def local_ge(t):
        return datetime.fromtimestamp(t, zone).replace(tzinfo=UTC).timestamp() >= wall_ts
    # smallest t (after the last instant reading before the wall time) whose local reading >= wall
    lo = ts - 86400
    while not (not local_ge(lo)):
        lo -= 3600
    hi = ts + 86400
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if local_ge(mid):
            hi = mid
        else:
            lo = mid
    return hi


def offset_changes(zone, year):
    days = []
    d = date(year, 1, 1)
    while d.year == year:
        a = datetime.combine(d, time(0)).replace(tzinfo=zone).utcoffset()
        b = datetime.combine(d + timedelta(days=1), time(0)).replace(tzinfo=zone).utcoffset()
        if a != b:
            days.append(d)
        d += timedelta(days=1)
    return days


CASES = [
    ("Europe/Berlin", [2024], ["00:00", "04:00", "02:30"]),
    ("America/New_York", [2024], ["00:00", "04:00", "02:30", "01:30"]),
    ("Australia/Lord_Howe", [2024], ["00:00", "04:00", "02:15", "01:45"]),
    ("Asia/Seoul", [1988, 2024], ["00:00", "04:00", "02:30"]),
    ("Pacific/Apia", [2011, 2012], ["00:00", "04:00"]),
]

rows = []
for name, years, starts in CASES:
    zone = ZoneInfo(name)
    dates = set()
    for year in years:
        for d in offset_changes(zone, year):
            for k in (-1, 0, 1, 2):
                dates.add(d + timedelta(days=k))
        dates.add(date(year, 1, 15))
        dates.add(date(year, 7, 15))
    if name == "Pacific/Apia":
        for k in range(26, 32):
            dates.add(date(2011, 12, k))
    for day_start in starts:
        hh, mm = map(int, day_start.split(":"))
        ds = time(hh, mm)
        for d in sorted(dates):
            s = start_of(zone, d, ds)
            e = start_of(zone, d + timedelta(days=1), ds)
            rows.append({"zone": name, "day_start": day_start, "date": d.isoformat(), "start": s, "length_s": e - s})

print(json.dumps(rows, indent=0))
