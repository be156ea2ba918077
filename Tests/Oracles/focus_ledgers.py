"""Deterministic focus ledgers shared by the focus oracles (Timewarrior, zoneinfo).

Each ledger is a list of non-overlapping [start, end) intervals in UTC, placed around
midnights and the DST changes of a zone. The generators only need Python's standard library.
"""
import random
from datetime import datetime, timedelta, timezone

CASES = [
    # (name, zone, anchor date: a DST change or an ordinary day)
    ("berlin-spring", "Europe/Berlin", "2024-03-31"),
    ("berlin-fall", "Europe/Berlin", "2024-10-27"),
    ("newyork-spring", "America/New_York", "2024-03-10"),
    ("newyork-fall", "America/New_York", "2024-11-03"),
    ("berlin-plain", "Europe/Berlin", "2024-06-15"),
]


def ledger(name, anchor, seed):
    """Sessions from 3 days before `anchor` to 3 days after, some hours long, some spanning days."""
    rng = random.Random(f"{name}-{seed}")
    day = datetime.fromisoformat(anchor).replace(tzinfo=timezone.utc)
    cursor = day - timedelta(days=3) + timedelta(minutes=rng.randrange(0, 600))
    end_of_range = day + timedelta(days=3)
    intervals = []
    # Always one session straddling the anchor's local midnight and the DST change (00:00–04:00 local ≈ 22:00Z–04:00Z).
    fixed = [(day - timedelta(hours=2, minutes=17), day + timedelta(hours=4, minutes=41))]
    while cursor < end_of_range:
        length = timedelta(seconds=rng.choice([rng.randrange(60, 5400), rng.randrange(3600, 14 * 3600), rng.randrange(20 * 3600, 40 * 3600)]))
        start, end = cursor, cursor + length
        if not any(s < end and start < e for s, e in fixed):
            intervals.append((start, end))
        cursor = end + timedelta(seconds=rng.randrange(0, 9 * 3600))
    intervals += fixed
    intervals.sort()
    return [(s.strftime("%Y-%m-%dT%H:%M:%SZ"), e.strftime("%Y-%m-%dT%H:%M:%SZ")) for s, e in intervals]


def all_ledgers(seeds=(1, 2)):
    for name, zone, anchor in CASES:
        for seed in seeds:
            yield f"{name}-{seed}", zone, anchor, ledger(name, anchor, seed)
