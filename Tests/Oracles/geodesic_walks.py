#!/usr/bin/env python3
"""Reference walks for `GeodesicWalk`: tracks of consecutive points and each step's geodesic
length, from GeographicLib (PyPI `geographiclib`, Karney's own code).

Run:  pip install geographiclib && python3 Tests/Oracles/geodesic_walks.py > Tests/Fixtures/geodesic_walks.csv

Each line: walk,lat,lon,step_m — step_m is Geodesic.WGS84.Inverse from the walk's previous
point to this one, on the printed values (empty for a walk's first point). A walk moves by
GPS-like steps (0.5–40 m, a slowly turning heading) with an occasional long jump (20–200 km,
beyond the short-line formula); walks start in mid latitudes, near a pole (and cross it), on the
antimeridian (and cross it) and on the equator.
"""
import random

from geographiclib.geodesic import Geodesic

g = Geodesic.WGS84
rng = random.Random(20261121)
starts = {"berlin": (52.52, 13.40), "pole": (89.9995, 10.0), "antimeridian": (-16.5, 179.9995), "equator": (0.0005, -78.5)}
print("walk,lat,lon,step_m")
for name, (lat, lon) in starts.items():
    heading = rng.uniform(0, 360)
    previous = None
    for index in range(3000):
        if previous is not None:
            heading += rng.gauss(0, 15)
            distance = rng.uniform(20_000, 200_000) if rng.random() < 0.002 else rng.uniform(0.5, 40)
            moved = g.Direct(previous[0], previous[1], heading, distance)
            lat, lon = moved["lat2"], moved["lon2"]
        lat, lon = float(repr(lat)), float(repr(lon))
        step = "" if previous is None else repr(g.Inverse(previous[0], previous[1], lat, lon)["s12"])
        print(f"{name},{lat!r},{lon!r},{step}")
        previous = (lat, lon)
