#!/usr/bin/env python3
"""Accuracy of `tempo run summary` and of gpxpy against the simulator's truth, class by class.

Run:  python3 Benchmarks/Runs/accuracy.py [--tempo .build/release/tempo] [--seeds 1,2,3 | --seeds 1-200]

Tracks come from Tests/Simulator/simulate.py (GeographicLib truth, Gauss-Markov GPS noise).
gpxpy's figures are its `get_moving_data()` (moving distance and time, its own stop threshold),
read from the same files in the same run. Prints the mean signed error per class, in percent,
then Tempo's worst error over the seeds as a share of the class's tolerance (the bound the tests
hold it to; above 1.00 the class fails at that seed), so that a sweep over many seeds shows how
close unseen seeds come to failing.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
simulator = os.path.join(here, "..", "..", "Tests", "Simulator", "simulate.py")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tempo", default=os.path.join(here, "..", "..", ".build", "release", "tempo"))
    parser.add_argument("--seeds", default="1,2,3")
    args = parser.parse_args()
    for module in ("geographiclib", "gpxpy"):
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", module], check=True)
    import gpxpy
    rows = {}
    worst = {}
    seeds = []
    for part in args.seeds.split(","):
        first, _, last = part.partition("-")
        seeds += [str(seed) for seed in range(int(first), int(last or first) + 1)]
    for seed in seeds:
        folder = tempfile.mkdtemp(prefix="tempo-accuracy-")
        subprocess.run([sys.executable, simulator, "--seed", seed, "--out", folder], check=True)
        for truth in json.load(open(os.path.join(folder, "truth.json"))):
            path = os.path.join(folder, truth["file"])
            result = json.loads(subprocess.run([args.tempo, "run", "summary", path, "--json"], check=True,
                                               capture_output=True, text=True).stdout)
            with open(path) as file:
                moving = gpxpy.parse(file).get_moving_data()
            row = rows.setdefault(truth["class"], [])
            row.append((truth, result["distance_m"], result["moving_s"] or 0, moving.moving_distance, moving.moving_time))
            shares = worst.setdefault(truth["class"], {})
            tolerance = truth["tolerance"]
            for key, field, value in (("distance", "distance_m", result["distance_m"]), ("moving", "moving_s", result["moving_s"] or 0)):
                if tolerance.get(key) and truth[field] > 0:
                    share = abs(value - truth[field]) / truth[field] / tolerance[key]
                    if share > shares.get(key, (0, None))[0]:
                        shares[key] = (share, seed)
        shutil.rmtree(folder, ignore_errors=True)

    def error(value, reference):
        return "n/a" if reference == 0 else f"{100 * (value - reference) / reference:+6.1f} %"

    print("class                 Tempo distance  Tempo moving   gpxpy distance  gpxpy moving   (mean signed error vs truth)")
    for name, entries in rows.items():
        def mean(index, key):
            values = [(e[index] - e[0][key]) / e[0][key] * 100 for e in entries if e[0][key] > 0]
            return f"{sum(values) / len(values):+6.1f} %" if values else "  n/a  "
        print(f"{name:20s}  {mean(1, 'distance_m'):>14s} {mean(2, 'moving_s'):>13s}   {mean(3, 'distance_m'):>14s} {mean(4, 'moving_s'):>13s}")
    print()
    print(f"Tempo's worst error over {len(seeds)} seeds, as a share of the class's tolerance (seed):")
    for name, shares in worst.items():
        cells = [f"{key} {share:.2f} ({seed})" for key, (share, seed) in sorted(shares.items())]
        print(f"{name:20s}  " + "   ".join(cells))


if __name__ == "__main__":
    main()
