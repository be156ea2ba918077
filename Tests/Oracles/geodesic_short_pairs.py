#!/usr/bin/env python3
"""Dense short-line reference geodesics for the fast path of `Geodesic.distance`, from GeographicLib
(PyPI `geographiclib`, Karney's own code).

Run:  pip install geographiclib && python3 Tests/Oracles/geodesic_short_pairs.py > Tests/Fixtures/geodesic_short_pairs.csv

Each line: group,lat1,lon1,lat2,lon2,s12_m (WGS84, Geodesic.WGS84.Inverse on the printed values).
The second point is placed with Geodesic.WGS84.Direct from the first, at a random bearing (0..360)
and a log-uniform distance from 1 cm to 15 km (the fast path is used up to 10 km; beyond, Karney).
Groups: global (latitude uniform on the sphere), polar (within 1e-7..1 degree of a pole, and the
poles themselves), antimeridian (first point within 0.1 degree of longitude 180), equator.
"""
import math
import random
import sys

from geographiclib.geodesic import Geodesic

g = Geodesic.WGS84
rng = random.Random(20261121)
rows = []


def add(group, lat1, lon1):
    dist = 10 ** rng.uniform(-2, math.log10(15_000))
    r = g.Direct(lat1, lon1, rng.uniform(0, 360), dist)
    lat2, lon2 = r["lat2"], r["lon2"]
    s12 = g.Inverse(lat1, lon1, lat2, lon2)["s12"]
    rows.append((group, lat1, lon1, lat2, lon2, s12))


for _ in range(3000):
    add("global", math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180))
for _ in range(1000):
    sign = rng.choice([1.0, -1.0])
    add("polar", sign * (90 - 10 ** rng.uniform(-7, 0)), rng.uniform(-180, 180))
for lat in [90.0, -90.0]:
    for _ in range(50):
        add("polar", lat, rng.uniform(-180, 180))
for _ in range(500):
    lon = rng.choice([1.0, -1.0]) * (180 - rng.uniform(0, 0.1))
    add("antimeridian", math.degrees(math.asin(rng.uniform(-1, 1))), lon)
for _ in range(400):
    add("equator", rng.uniform(-0.01, 0.01), rng.uniform(-180, 180))

w = sys.stdout
w.write("group,lat1,lon1,lat2,lon2,s12_m\n")
for row in rows:
    w.write("%s,%s\n" % (row[0], ",".join(repr(float(x)) for x in row[1:])))
