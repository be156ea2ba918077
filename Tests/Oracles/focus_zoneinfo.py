#!/usr/bin/env python3
"""Expected daily focus totals for day starts other than midnight, from Python's zoneinfo.

A logical day D with day start HH:MM is [start(D), start(D+1)), where start(D) is the first
instant whose local time in the zone is D HH:MM; when the clocks skip that local time, it is
the instant the clocks jump (the next instant that exists). Sessions of focus_ledgers.py are
clipped to each day. Writes Tests/Fixtures/focus/oracle-zoneinfo.json, compared by
FocusOracleTests. Run: python3 Tests/Oracles/focus_zoneinfo.py (tzdata from the system).
"""
import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from focus_ledgers import all_ledgers

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "focus" / "oracle-zoneinfo.json"
UTC = timezone.utc


def offset(zone, instant):
    return instant.astimezone(zone).utcoffset()


def day_start(zone, day, hour, minute):
    local = datetime(day.year, day.month, day.day, hour, minute)
    candidates = []
    for fold in (0, 1):
        instant = local.replace(tzinfo=zone, fold=fold).astimezone(UTC)
        if instant.astimezone(zone).replace(tzinfo=None) == local:
            candidates.append(instant)
    if candidates:
        return min(candidates)
    # A gap: find the transition after which local time is past `local`.
    low = (local - timedelta(hours=14)).replace(tzinfo=UTC)
    high = (local + timedelta(hours=14)).replace(tzinfo=UTC)
    after = offset(zone, high)
    while high - low > timedelta(seconds=1):
        mid = low + (high - low) / 2
        if offset(zone, mid) == after:
            high = mid
        else:
            low = mid
    return high.replace(microsecond=0)


def main():
    cases = []
    for name, zone_name, anchor, intervals in all_ledgers():
        zone = ZoneInfo(zone_name)
        for start_text in ("04:00", "02:30"):
            hour, minute = (int(x) for x in start_text.split(":"))
            center = date.fromisoformat(anchor)
            first, last = center - timedelta(days=5), center + timedelta(days=6)
            sessions = [(datetime.fromisoformat(s.replace("Z", "+00:00")), datetime.fromisoformat(e.replace("Z", "+00:00"))) for s, e in intervals]
            days, lengths = {}, {}
            day = first
            while day <= last:
                a, b = day_start(zone, day, hour, minute), day_start(zone, day + timedelta(days=1), hour, minute)
                days[day.isoformat()] = int(sum(max(0, (min(b, e) - max(a, s)).total_seconds()) for s, e in sessions))
                lengths[day.isoformat()] = int((b - a).total_seconds())
                day += timedelta(days=1)
            cases.append({
                "name": f"{name}@{start_text}", "tz": zone_name, "day_start": start_text,
                "from": first.isoformat(), "to": last.isoformat(), "sessions": [list(p) for p in intervals],
                "days": days, "day_lengths": lengths,
            })
    OUT.write_text(json.dumps({"generator": "Tests/Oracles/focus_zoneinfo.py", "cases": cases}, indent=1) + "\n")
    print(f"wrote {OUT} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
