#!/usr/bin/env python3
"""Independent oracle for the sensor summaries of `tempo run summary` (RunSensorTests).

Reads the fixture files with python-fitparse (PyPI `fitparse`) for FIT and the standard
library's ElementTree for TCX and GPX -- no Tempo code -- and writes
Tests/Oracles/sensor-averages.json: per file and sensor, the plain mean, the maximum and the
count of the readings of every positioned point (a FIT record or trackpoint with latitude and
longitude), which is what Tempo summarises. Run from the package root:
    pip install fitparse && python3 Tests/Oracles/sensor_averages.py
"""
import json
import xml.etree.ElementTree as ET
import fitparse

FIXTURES = "Tests/Fixtures/runs/"


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"avg": sum(values) / len(values), "max": max(values), "samples": len(values)}


def fit(name):
    columns = {"heart_rate_bpm": [], "cadence_per_min": [], "power_w": [], "temperature_c": []}
    for r in fitparse.FitFile(FIXTURES + name).get_messages("record"):
        if r.get_raw_value("position_lat") is None or r.get_raw_value("position_long") is None:
            continue
        columns["heart_rate_bpm"].append(r.get_value("heart_rate"))
        columns["cadence_per_min"].append(r.get_value("cadence"))
        columns["power_w"].append(r.get_value("power"))
        columns["temperature_c"].append(r.get_value("temperature"))
    return {key: stats(values) for key, values in columns.items()}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def child_text(element, *names):
    """Text of the first descendant whose local names follow `names`."""
    for node in element.iter():
        if local(node.tag) == names[-1]:
            return float(node.text)
    return None


def tcx(name):
    columns = {"heart_rate_bpm": [], "cadence_per_min": [], "power_w": [], "temperature_c": []}
    for point in ET.parse(FIXTURES + name).getroot().iter():
        if local(point.tag) != "Trackpoint":
            continue
        names = {local(node.tag) for node in point.iter()}
        if "LatitudeDegrees" not in names or "LongitudeDegrees" not in names:
            continue
        hr = None
        for node in point:
            if local(node.tag) == "HeartRateBpm":
                hr = float(next(iter(node)).text)
        cad = None
        for node in point:
            if local(node.tag) == "Cadence":
                cad = float(node.text)
        if cad is None and "RunCadence" in names:
            cad = child_text(point, "RunCadence")
        columns["heart_rate_bpm"].append(hr)
        columns["cadence_per_min"].append(cad)
        columns["power_w"].append(child_text(point, "Watts") if "Watts" in names else None)
    return {key: stats(values) for key, values in columns.items()}


def gpx(name):
    columns = {"heart_rate_bpm": [], "cadence_per_min": [], "power_w": [], "temperature_c": []}
    for point in ET.parse(FIXTURES + name).getroot().iter():
        if local(point.tag) != "trkpt":
            continue
        found = {local(node.tag): float(node.text) for node in point.iter()
                 if local(node.tag) in ("hr", "cad", "atemp", "power", "PowerInWatts")}
        columns["heart_rate_bpm"].append(found.get("hr"))
        columns["cadence_per_min"].append(found.get("cad"))
        columns["power_w"].append(found.get("power", found.get("PowerInWatts")))
        columns["temperature_c"].append(found.get("atemp"))
    return {key: stats(values) for key, values in columns.items()}


out = {name: fit(name) for name in ["fenix2-run.fit", "forerunner110-run.fit", "edge500-ride.fit"]}
out["run-3laps.tcx"] = tcx("run-3laps.tcx")
out["garmin-extensions.gpx"] = gpx("garmin-extensions.gpx")
with open("Tests/Oracles/sensor-averages.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(out, indent=1, sort_keys=True))
