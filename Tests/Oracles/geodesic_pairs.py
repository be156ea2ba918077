#!/usr/bin/env python3
"""Reference geodesics for GeodesicTests, from GeographicLib (PyPI `geographiclib`, Karney's own code).

Run:  pip install geographiclib && python3 Tests/Oracles/geodesic_pairs.py > Tests/Fixtures/geodesic_pairs.csv

Each line: group,lat1,lon1,lat2,lon2,s12_m,azi1_deg,azi2_deg (WGS84, Geodesic.WGS84.Inverse).
Groups: equator, pole, antimeridian, lat60 (east-west along 60N), tiny (cm steps), meridian,
random (<= 1,000 km, seeded), long (beyond 1,000 km, including near-antipodal pairs).
"""
import math
import random
import sys

from geographiclib.geodesic import Geodesic

g = Geodesic.WGS84
rows = []


def add(group, lat1, lon1, lat2, lon2):
    r = g.Inverse(lat1, lon1, lat2, lon2)
    rows.append((group, lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"]))


for d in [0.0001, 0.001, 0.01, 0.1, 1.0, 5.0, 9.0]:
    add("equator", 0.0, 10.0, 0.0, 10.0 + d)
    add("equator", 0.0, -170.0, 0.0, -170.0 - d)
    add("equator", 0.0, 0.0, 0.0001, d)
for lat in [90.0, -90.0]:
    for lon2 in [0.0, 45.0, 180.0, -120.0]:
        for dlat in [0.001, 0.5, 3.0, 8.9]:
            lat2 = lat - dlat if lat > 0 else lat + dlat
            add("pole", lat, 0.0, lat2, lon2)
    add("pole", 89.99, 0.0, 89.99, 180.0)
    add("pole", -89.9, 10.0, -89.9, -170.0)
for lat in [0.0, 12.5, -33.9, 64.2, 89.0]:
    for d in [0.00001, 0.001, 0.3, 2.0]:
        add("antimeridian", lat, 180.0 - d / 2, lat + 0.001, -180.0 + d / 2)
        add("antimeridian", lat, -179.999, lat - 0.002, 179.999)
for d in [0.00001, 0.0001, 0.01, 0.5, 5.0, 17.0]:
    add("lat60", 60.0, 5.0, 60.0, 5.0 + d)
    add("lat60", -60.0, 100.0, -60.0, 100.0 - d)
rng = random.Random(20261121)
for _ in range(60):
    lat = rng.uniform(-89.5, 89.5)
    lon = rng.uniform(-180, 180)
    # 1 cm to 1 m steps in a random direction, expressed in degrees.
    step_m = rng.choice([0.01, 0.02, 0.05, 0.1, 0.5, 1.0])
    azi = rng.uniform(0, 360)
    r = g.Direct(lat, lon, azi, step_m)
    add("tiny", lat, lon, r["lat2"], r["lon2"])
for lat in [-80.0, -45.0, 0.0, 30.0, 75.0]:
    add("meridian", lat, 20.0, lat + 0.5, 20.0)
    add("meridian", lat, -20.0, lat - 4.0, -20.0)
for _ in range(400):
    lat = math.degrees(math.asin(rng.uniform(-1, 1)))
    lon = rng.uniform(-180, 180)
    dist = 1000.0 * 10 ** rng.uniform(-5, 3)  # 1 cm .. 1,000 km, log-uniform
    r = g.Direct(lat, lon, rng.uniform(-180, 180), min(dist, 1_000_000.0))
    add("random", lat, lon, r["lat2"], r["lon2"])
for _ in range(60):
    lat = math.degrees(math.asin(rng.uniform(-1, 1)))
    lon = rng.uniform(-180, 180)
    r = g.Direct(lat, lon, rng.uniform(-180, 180), rng.uniform(1_000_000, 19_000_000))
    add("long", lat, lon, r["lat2"], r["lon2"])
for lat in [0.0, 10.0, -30.0, 45.0]:
    for dlon in [179.0, 179.5, 179.9]:
        add("long", lat, 0.0, -lat + 0.2, dlon)

w = sys.stdout
w.write("group,lat1,lon1,lat2,lon2,s12_m,azi1_deg,azi2_deg\n")
for row in rows:
    w.write("%s,%s\n" % (row[0], ",".join(repr(float(x)) for x in row[1:])))
