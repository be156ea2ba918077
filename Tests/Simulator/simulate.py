#!/usr/bin/env python3
"""Synthetic GPS tracks whose truth is known exactly, for the run motion model's tests and benchmark.

Run:  pip install geographiclib && python3 Tests/Simulator/simulate.py --seed 1 --out DIR [CLASS ...]

For each class (all by default) it writes DIR/CLASS.gpx and adds an entry to DIR/truth.json:
distance_m, moving_s, elevation_gain_m, elevation_loss_m, stops (each true stop's start and end,
seconds from the first fix), the file and the tolerances the tests hold Tempo to. Everything is
seeded: the same seed gives the same files, byte for byte.

How a track is made (independent of Tempo's code):
- A path is a list of legs: straight (length, speed), arc (radius, turn in degrees, speed) and
  stop (seconds). It is integrated on the WGS84 ellipsoid with GeographicLib (Karney's own
  code): every 0.1 s (0.05 s above 20 m/s) a geodesic step of speed × dt is taken from the
  current point with the current azimuth (`Geodesic.WGS84.Direct`); an arc turns the azimuth by
  speed × dt / radius per step. The true distance is the sum of those step lengths, the true
  moving time the time spent in legs that move; stops of 10 s or more are not moving.
- The true altitude is a function of distance travelled (a climb, or 10 m hills every 400 m).
- GPS error: a first-order Gauss-Markov process per axis (north, east), standard deviation σ
  (3–5 m; 0–1.5 m for the ride through town's good receiver), correlation time τ = 60 s, plus white noise of 0.1–0.3 m; applied as a geodesic
  offset from the true point. Altitude error: GPS-like (Gauss-Markov, σ 3 m, τ 60 s) or
  barometric (uniform ±0.5 m).
- Fixes are taken every 1 s (5 s or 10 s where the class says), times in whole seconds; one class
  leaves out a tenth of its fixes at random (a 5 s device that skips one now and then).
"""
import argparse
import json
import math
import os
import random
import sys

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
START = 1_767_225_600  # 2026-01-01T00:00:00Z


class Path:
    """A path integrated on the ellipsoid; `samples` holds (t, lat, lon, distance, moving) every step."""

    def __init__(self, lat, lon, azimuth, rng):
        self.lat, self.lon, self.azimuth = lat, lon, azimuth
        self.t = 0.0
        self.distance = 0.0
        self.moving = 0.0
        self.rng = rng
        self.samples = [(0.0, lat, lon, 0.0, False)]

    def _step(self, speed, dt, turn_rate):
        meters = speed * dt
        if meters > 0:
            # Half the turn before the step and half after: the chord of the arc (second order).
            self.azimuth += math.degrees(turn_rate * dt / 2)
            g = WGS84.Direct(self.lat, self.lon, self.azimuth, meters)
            self.lat, self.lon = g["lat2"], g["lon2"]
            self.azimuth = g["azi2"] + math.degrees(turn_rate * dt / 2)
            self.distance += meters
            self.moving += dt
        self.t += dt
        self.samples.append((self.t, self.lat, self.lon, self.distance, meters > 0))

    def straight(self, length, speed):
        dt = 0.05 if speed > 20 else 0.1
        steps = max(1, round(length / (speed * dt)))
        for _ in range(steps):
            self._step(length / steps / dt, dt, 0.0)

    def arc(self, radius, degrees, speed):
        length = radius * math.radians(abs(degrees))
        dt = 0.05 if speed > 20 else 0.1
        steps = max(1, round(length / (speed * dt)))
        rate = math.copysign(1, degrees) * (length / steps / dt) / radius
        for _ in range(steps):
            self._step(length / steps / dt, dt, rate)

    def stop(self, seconds):
        steps = round(seconds / 0.1)
        for _ in range(steps):
            self._step(0.0, 0.1, 0.0)

    def at(self, t):
        """Position and distance at time t (the nearest integration step at or before t)."""
        index = min(len(self.samples) - 1, int(round(t / self.samples_dt())))
        return self.samples[index]

    def samples_dt(self):
        return self.samples[1][0] - self.samples[0][0] if len(self.samples) > 1 else 0.1


class GaussMarkov:
    def __init__(self, sigma, tau, dt, rng):
        self.sigma, self.phi, self.rng = sigma, math.exp(-dt / tau), rng
        self.value = rng.gauss(0, sigma)

    def next(self):
        self.value = self.phi * self.value + math.sqrt(1 - self.phi ** 2) * self.sigma * self.rng.gauss(0, 1)
        return self.value


def sample(path, interval, sigma, rng, altitude=None, altitude_noise=None, gap=None):
    """Fixes every `interval` seconds along `path`: [(t, lat, lon, ele)] with noise applied."""
    by_time = {}
    for t, lat, lon, distance, moving in path.samples:
        by_time.setdefault(round(t, 3), (lat, lon, distance))
    times = sorted(by_time)
    north = GaussMarkov(sigma, 60, interval, rng) if sigma else None
    east = GaussMarkov(sigma, 60, interval, rng) if sigma else None
    white = rng.uniform(0.1, 0.3) if sigma else 0.0
    vertical = None
    if altitude_noise == "gps":
        vertical = GaussMarkov(3.0, 60, interval, rng)
    fixes = []
    k = 0
    end = times[-1]
    t = 0.0
    index = 0
    while t <= end + 1e-9:
        while index + 1 < len(times) and times[index + 1] <= t + 1e-6:
            index += 1
        lat, lon, distance = by_time[times[index]]
        if sigma:
            n = north.next() + rng.gauss(0, white)
            e = east.next() + rng.gauss(0, white)
            g = WGS84.Direct(lat, lon, math.degrees(math.atan2(e, n)), math.hypot(n, e))
            lat, lon = g["lat2"], g["lon2"]
        ele = None
        if altitude is not None:
            ele = altitude(distance)
            if altitude_noise == "gps":
                ele += vertical.next()
            elif altitude_noise == "baro":
                ele += rng.uniform(-0.5, 0.5)
        if not (gap and gap[0] <= t < gap[1]):
            fixes.append((START + t, lat, lon, ele))
        k += 1
        t = k * interval
    return fixes


def write_gpx(file, fixes, sport=None):
    with open(file, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="tempo-simulator" '
                  'xmlns="http://www.topografix.com/GPX/1/1">\n<trk>\n')
        if sport:
            out.write(f"<type>{sport}</type>\n")
        out.write("<trkseg>\n")
        for t, lat, lon, ele in fixes:
            stamp = __import__("time").strftime("%Y-%m-%dT%H:%M:%SZ", __import__("time").gmtime(t))
            out.write(f'<trkpt lat="{lat:.8f}" lon="{lon:.8f}">')
            if ele is not None:
                out.write(f"<ele>{ele:.2f}</ele>")
            out.write(f"<time>{stamp}</time></trkpt>\n")
        out.write("</trkseg>\n</trk>\n</gpx>\n")


def truth_gain(path, altitude):
    gain = loss = 0.0
    previous = None
    for _, _, _, distance, _ in path.samples:
        value = altitude(distance)
        if previous is not None:
            if value > previous:
                gain += value - previous
            else:
                loss += previous - value
        previous = value
    return gain, loss


def start_point(rng):
    return rng.uniform(-50, 60), rng.uniform(-170, 170), rng.uniform(0, 360)


# Each class: builds a path, returns (path, sampling interval, σ, sport, altitude, altitude noise, gap, tolerances).
def steady_ride(rng, sport="Ride"):
    p = Path(*start_point(rng), rng)
    for _ in range(6):
        p.straight(rng.uniform(2000, 5000), 13)
        p.arc(rng.uniform(40, 200), rng.choice([-1, 1]) * rng.uniform(20, 90), 13)
    return p, 1, 0.0, sport, None, None, None, {"distance": 0.01, "moving": 0.01}


def ride_slow_climb(rng):
    """A ride whose steep climb is walking pace (1.2–2 m/s for 10 minutes) between fast flats."""
    p = Path(*start_point(rng), rng)
    p.straight(rng.uniform(3000, 5000), rng.uniform(7, 10))
    p.straight(600 * (climb := rng.uniform(1.2, 2.0)), climb)
    p.arc(rng.uniform(10, 30), rng.choice([-1, 1]) * 90, 6)
    p.straight(rng.uniform(3000, 5000), rng.uniform(9, 12))
    return p, 1, rng.uniform(3, 5), rng.choice([None, "Ride"]), None, None, None, {"distance": 0.02, "moving": 0.02}


def slow_hike(rng, interval, missing=None):
    """Switchbacks at 0.4–0.8 m/s climbing 5–12 %. With `missing`, that share of the fixes (never
    the first or last) is not logged, as a 5 s device skips one now and then."""
    p = Path(*start_point(rng), rng)
    for leg in range(12):
        speed = rng.uniform(0.4, 0.8)
        p.straight(rng.uniform(60, 180), speed)
        p.arc(rng.uniform(3, 8), (1 if leg % 2 else -1) * rng.uniform(150, 180), speed)
    climb = rng.uniform(0.05, 0.12)
    altitude = lambda d: 600 + climb * d + 4 * math.sin(d / 150)
    tolerance = {"distance": 0.06, "moving": 0.06, "gain": 0.15}
    if missing:
        tolerance["missing"] = missing
    return p, interval, rng.uniform(3, 4), "Hike" if rng.random() < 0.5 else None, altitude, "gps", None, tolerance


def slowest_walk(rng):
    """Walking at 0.3 m/s, the slowest pace that is still movement, with turns of 30–180° on 3–8 m
    radii, from a receiver of σ 1–3 m. The bounds are wider than a hike's: at this pace the 10 s lag
    lets a line average only 3 m of way (the noise left adds ~0.3·D/(10·v²), up to 10 %), and a
    track that starts this slowly is told from standing only once its pace is learned, one to four
    minutes in (up to 19 % of a 35-minute walk's moving time at σ near 3 m)."""
    p = Path(*start_point(rng), rng)
    for _ in range(6):
        p.straight(rng.uniform(60, 120), 0.3)
        p.arc(rng.uniform(3, 8), rng.choice([-1, 1]) * rng.uniform(30, 180), 0.3)
    return p, 1, rng.uniform(1, 3), None, None, None, None, {"distance": 0.12, "moving": 0.2}


def loop80(rng):
    p = Path(*start_point(rng), rng)
    radius = 80 / (2 * math.pi)
    for _ in range(20):
        p.arc(radius, 360, 3)
    return p, 1, 0.0, None, None, None, None, {"distance": 0.01, "moving": 0.01}


def descent(rng):
    p = Path(*start_point(rng), rng)
    p.straight(rng.uniform(3000, 6000), 9)
    p.straight(25 * 120, 25)
    p.straight(rng.uniform(3000, 6000), 8)
    return p, 1, rng.uniform(3, 5), rng.choice([None, "Ride"]), None, None, None, {"distance": 0.02, "moving": 0.03}


def hairpin(rng):
    p = Path(*start_point(rng), rng)
    for turn in range(6):
        p.straight(rng.uniform(60, 120), 1.5)
        p.arc(8, (1 if turn % 2 else -1) * 180, 1.5)
    p.straight(80, 1.5)
    return p, 1, 0.0, None, None, None, None, {"distance": 0.01, "moving": 0.01}


def lights(rng, stops, speeds, lengths, radii, last):
    """Legs at a speed drawn from `speeds`, each ending at a light (a stop of 20–60 s) and a turn
    (or none) of radius drawn from `radii`; then a last leg (length, speed)."""
    p = Path(*start_point(rng), rng)
    for _ in range(stops):
        speed = rng.uniform(*speeds)
        p.straight(rng.uniform(*lengths), speed)
        p.stop(rng.uniform(20, 60))
        p.arc(rng.uniform(*radii), rng.choice([-90, 90, 0.001]), speed)
    p.straight(*last)
    return p


def city_walk(rng):
    p = lights(rng, 14, (1.2, 1.6), (120, 300), (5, 15), (200, 1.4))
    return p, 1, rng.uniform(3, 5), None, None, None, None, {"distance": 0.04, "moving": 0.06}


def ride_lights(rng, interval=1):
    """A ride through town from a good receiver (σ 0–1.5 m): 10 stops of 20–60 s at lights. Every
    3 s, moving time is held to ±8 %: a fix whose velocity, fitted from its neighbours, straddles a
    stop's edge is judged moving, and the 3 s before it with it (about 8 s a stop, +5 % in all)."""
    p = lights(rng, 10, (5, 8), (300, 900), (8, 20), (300, 6))
    moving = 0.06 if interval == 1 else 0.08
    return p, interval, rng.uniform(0, 1.5), None, None, None, None, {"distance": 0.015, "moving": moving}


def rolling_hills(rng):
    p = Path(*start_point(rng), rng)
    p.straight(rng.uniform(8000, 12000), 10)
    altitude = lambda d: 200 + 5 * (1 - math.cos(2 * math.pi * d / 400))
    return p, 1, 3.0, None, altitude, "baro", None, {"distance": 0.02, "moving": 0.02, "gain": 0.15}


def run_then_stand(rng):
    p = Path(*start_point(rng), rng)
    for _ in range(4):
        p.straight(rng.uniform(800, 1500), rng.uniform(2.8, 3.5))
        p.arc(rng.uniform(10, 40), rng.choice([-1, 1]) * rng.uniform(30, 120), 3)
    p.stop(300)
    return p, 1, 5.0, None, None, None, None, {"distance": 0.015, "moving": 0.02}


def long_stop_drift(rng):
    """A run, a 10-minute stop during which the receiver drifts 30 m, then the run goes on."""
    p = Path(*start_point(rng), rng)
    p.straight(rng.uniform(2000, 3000), 3.2)
    p.stop(600)
    p.straight(rng.uniform(2000, 3000), 3.2)
    return p, 1, 3.0, "Run", None, None, None, {"distance": 0.02, "moving": 0.03, "drift": (30, 600)}


def tunnel(rng):
    """A ride through a straight 1.2 km tunnel: 90 s with no fixes."""
    p = Path(*start_point(rng), rng)
    p.straight(3000, 12)
    tunnel_start = p.t
    p.straight(1200, 13)
    tunnel_end = p.t
    p.straight(3000, 12)
    return p, 1, 3.0, None, None, None, (tunnel_start, tunnel_end), {"distance": 0.02, "moving": 0.02}


def sparse_run(rng, interval):
    p = Path(*start_point(rng), rng)
    for _ in range(5):
        p.straight(rng.uniform(600, 1200), rng.uniform(2.6, 3.6))
        p.arc(rng.uniform(15, 40), rng.choice([-1, 1]) * rng.uniform(30, 90), 3)
    return p, interval, rng.uniform(3, 4), "Run", None, None, None, {"distance": 0.03, "moving": 0.03}


def treadmill(rng):
    """An indoor run: the receiver sees no motion, only drift (σ 4 m); the truth is a standstill in place."""
    p = Path(*start_point(rng), rng)
    p.stop(1800)
    return p, 1, 4.0, None, None, None, None, {"distance_max_m": 60, "moving_max_s": 120}


def swim(rng):
    """Open-water swim at 0.8–1.1 m/s with a watch that is under water half the time: 5–10 s between fixes."""
    p = Path(*start_point(rng), rng)
    for _ in range(4):
        p.straight(rng.uniform(300, 500), rng.uniform(0.8, 1.1))
        p.arc(10, rng.choice([-1, 1]) * 90, 0.9)
    return p, 5, 4.0, "Swim", None, None, None, {"distance": 0.06, "moving": 0.06}


CLASSES = {
    "steady_ride": lambda rng: steady_ride(rng, None),
    "steady_ride_typed": lambda rng: steady_ride(rng, "Ride"),
    "ride_slow_climb": ride_slow_climb,
    "slow_hike_1s": lambda rng: slow_hike(rng, 1),
    "slow_hike_5s": lambda rng: slow_hike(rng, 5),
    "slow_hike_5s_missing": lambda rng: slow_hike(rng, 5, missing=0.1),
    "slowest_walk": slowest_walk,
    "loop_80m": loop80,
    "descent_25ms": descent,
    "hairpin_8m": hairpin,
    "city_walk_lights": city_walk,
    "ride_lights": ride_lights,
    "ride_lights_3s": lambda rng: ride_lights(rng, 3),
    "rolling_hills": rolling_hills,
    "run_then_stand": run_then_stand,
    "long_stop_drift": long_stop_drift,
    "tunnel_gap": tunnel,
    "run_5s": lambda rng: sparse_run(rng, 5),
    "run_10s": lambda rng: sparse_run(rng, 10),
    "treadmill_drift": treadmill,
    "swim": swim,
}


def make(name, seed, out):
    rng = random.Random(f"{name}:{seed}")
    path, interval, sigma, sport, altitude, altitude_noise, gap, tolerance = CLASSES[name](rng)
    fixes = sample(path, interval, sigma, rng, altitude, altitude_noise, gap)
    if name == "long_stop_drift":
        fixes = add_drift(path, fixes, rng, *tolerance.pop("drift"))
    if "missing" in tolerance:
        share = tolerance.pop("missing")
        fixes = [fix for index, fix in enumerate(fixes)
                 if index in (0, len(fixes) - 1) or rng.random() >= share]
    file = os.path.join(out, f"{name}.gpx")
    write_gpx(file, fixes, sport)
    entry = {"file": f"{name}.gpx", "class": name, "seed": seed, "sport": sport, "interval_s": interval,
             "sigma_m": round(sigma, 3), "points": len(fixes), "distance_m": path.distance, "moving_s": path.moving,
             "stops": stops(path), "tolerance": tolerance}
    if altitude is not None:
        entry["elevation_gain_m"], entry["elevation_loss_m"] = truth_gain(path, altitude)
    return entry


def stops(path):
    """The true stops of 10 s or more: [start, end] in seconds from the first fix (when the last
    step before it ended, when the first step after it began)."""
    result, start, last = [], None, 0.0
    for t, _, _, _, moving in path.samples[1:]:
        if not moving and start is None:
            start = last
        elif moving and start is not None:
            result.append([round(start, 3), round(last, 3)])
            start = None
        last = t
    if start is not None:
        result.append([round(start, 3), round(last, 3)])
    return [stop for stop in result if stop[1] - stop[0] >= 10 - 1e-6]


def add_drift(path, fixes, rng, meters, seconds):
    """During the stop, the receiver's position walks `meters` away in a straight line and back."""
    stopped = [t for t, _, _, _, moving in path.samples if not moving and t > 0]
    begin, end = START + min(stopped), START + max(stopped)
    azimuth = rng.uniform(0, 360)
    result = []
    for t, lat, lon, ele in fixes:
        if begin <= t <= end:
            phase = (t - begin) / (end - begin)
            g = WGS84.Direct(lat, lon, azimuth, meters * (1 - abs(2 * phase - 1)))
            lat, lon = g["lat2"], g["lon2"]
        result.append((t, lat, lon, ele))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("classes", nargs="*", default=list(CLASSES))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    truth = [make(name, args.seed, args.out) for name in args.classes]
    with open(os.path.join(args.out, "truth.json"), "w") as out:
        json.dump(truth, out, indent=1)


if __name__ == "__main__":
    sys.exit(main())
