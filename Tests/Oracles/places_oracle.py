#!/usr/bin/env python3
"""Independent oracle for the Places tests (TempoKitTests/Place*, TempoCLITests/Place*).

Every coordinate and distance here comes from GeographicLib (Karney's geodesics on WGS84,
PyPI `geographiclib` 2.x), never from Tempo's own code. Run:

    pip install geographiclib==2.1
    python3 Tests/Oracles/places_oracle.py > Tests/Oracles/places-oracle.json

Noise uses a fixed seed, so the output is reproducible.
"""
import json
import random

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
T0 = 1795255200.0  # 2026-11-21T10:00:00Z


def direct(lat, lon, azimuth, distance):
    g = WGS84.Direct(lat, lon, azimuth, distance)
    return g["lat2"], g["lon2"]


def dist(lat1, lon1, lat2, lon2):
    return WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"]


def noisy(rng, lat, lon, max_m):
    """A point displaced from (lat, lon) by up to max_m metres in a random direction."""
    return direct(lat, lon, rng.uniform(-180, 180), rng.uniform(0, max_m))


def distances(rng):
    cases = [
        (48.8584, 2.2945, 48.8606, 2.3376),
        (37.5665, 126.9780, 37.5796, 126.9770),
        (-33.8568, 151.2153, -33.8523, 151.2108),
        (64.1466, -21.9426, 64.1355, -21.8954),
        (0.0001, 179.9995, -0.0002, -179.9993),
        (89.99, 10.0, 89.99, -170.0),
        (40.0, -74.0, 40.0, -73.0),
    ]
    for _ in range(20):
        lat, lon = rng.uniform(-80, 80), rng.uniform(-180, 180)
        lat2, lon2 = direct(lat, lon, rng.uniform(-180, 180), rng.choice([1, 30, 500, 1000, 3000, 20000, 250000]))
        cases.append((lat, lon, lat2, lon2))
    return [{"lat1": a, "lon1": b, "lat2": c, "lon2": d, "s12_m": dist(a, b, c, d)} for a, b, c, d in cases]


def edge_walk(rng):
    """Two minutes along a 1 km circle's edge with ±15 m noise, then clearly in, then clearly out."""
    clat, clon, radius = 48.8584, 2.2945, 1000.0
    fixes = []
    t = T0
    for i in range(120):  # one fix a second for two minutes, walking along the edge
        lat, lon = direct(clat, clon, 0.05 * i, radius)  # 0.05° of azimuth ≈ 0.87 m a second
        lat, lon = noisy(rng, lat, lon, 15.0)
        fixes.append((t, lat, lon, 15.0))
        t += 1
    for i in range(20):  # clearly inside
        lat, lon = direct(clat, clon, 6 + i * 0.1, radius - 300)
        lat, lon = noisy(rng, lat, lon, 15.0)
        fixes.append((t, lat, lon, 15.0))
        t += 1
    for i in range(20):  # clearly outside
        lat, lon = direct(clat, clon, 8 + i * 0.1, radius + 400)
        lat, lon = noisy(rng, lat, lon, 15.0)
        fixes.append((t, lat, lon, 15.0))
        t += 1
    return {
        "center": {"latitude": clat, "longitude": clon},
        "radius_m": radius,
        "fixes": [
            {"time": t, "latitude": lat, "longitude": lon, "accuracy_m": acc, "distance_m": dist(clat, clon, lat, lon)}
            for t, lat, lon, acc in fixes
        ],
    }


def trip(rng):
    """A serpentine trip through a 5 x 5 grid of 1 km landmarks 4 km apart, in Seoul."""
    olat, olon = 37.50, 126.90
    spacing, radius = 4000.0, 1000.0
    landmarks = []
    for row in range(5):
        rlat, rlon = direct(olat, olon, 0.0, row * spacing)
        columns = range(5) if row % 2 == 0 else range(4, -1, -1)
        for column in columns:
            lat, lon = direct(rlat, rlon, 90.0, column * spacing)
            n = len(landmarks) + 1
            landmarks.append({"name": f"Landmark {n:02d}", "badge": f"badge-{n:02d}",
                              "latitude": lat, "longitude": lon, "radius_m": radius})
    # Start 2 km before the first landmark, then geodesic legs through every centre, a fix every 50 m.
    start = direct(landmarks[0]["latitude"], landmarks[0]["longitude"], 270.0, 2000.0)
    points = [start] + [(m["latitude"], m["longitude"]) for m in landmarks]
    end = direct(points[-1][0], points[-1][1], 90.0, 2000.0)
    points.append(end)
    track = []
    for (lat1, lon1), (lat2, lon2) in zip(points, points[1:]):
        line = WGS84.InverseLine(lat1, lon1, lat2, lon2)
        steps = max(1, int(line.s13 // 50))
        for k in range(steps):
            g = line.Position(line.s13 * k / steps)
            track.append((g["lat2"], g["lon2"]))
    track.append(end)
    accuracy = 8.0
    fixes = []
    for i, (lat, lon) in enumerate(track):
        fixes.append({"time": T0 + i * 10, "latitude": lat, "longitude": lon, "accuracy_m": accuracy})
    # The oracle's answer: for each landmark, the first fix convincingly inside (d + a <= r).
    for m in landmarks:
        first = None
        for i, f in enumerate(fixes):
            if dist(m["latitude"], m["longitude"], f["latitude"], f["longitude"]) + accuracy <= m["radius_m"]:
                first = i
                break
        m["first_inside_fix"] = first
    frame_lat, frame_lon = direct(olat, olon, 45.0, 2 * spacing * 2 ** 0.5)
    return {
        "spot": {"name": "Seoul", "latitude": frame_lat, "longitude": frame_lon, "radius_m": 20000.0},
        "landmarks": landmarks,
        "fixes": fixes,
        "spot_first_inside_fix": next(
            i for i, f in enumerate(fixes)
            if dist(frame_lat, frame_lon, f["latitude"], f["longitude"]) + accuracy <= 20000.0),
    }


if __name__ == "__main__":
    rng = random.Random(20261121)
    print(json.dumps({
        "generator": "Tests/Oracles/places_oracle.py with geographiclib 2.1 (WGS84)",
        "distances": distances(rng),
        "edge_walk": edge_walk(rng),
        "trip": trip(rng),
    }, indent=1))
