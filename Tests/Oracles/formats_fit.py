#!/usr/bin/env python3
"""Independent FIT oracle for TempoFormatsTests (FITReaderTests).

Decodes the fixture FIT files with python-fitparse (PyPI `fitparse`, not Tempo code) and writes
Tests/Oracles/formats-fit.json: record counts, every 50th positioned record, laps and session.
Run from the package root:  pip install fitparse && python3 Tests/Oracles/formats_fit.py
"""
import calendar, json
import fitparse

SEMI = 180.0 / 2**31

def unix(dt):
    return None if dt is None else calendar.timegm(dt.timetuple())

out = {}
for name in ["fenix2-run.fit", "forerunner110-run.fit"]:
    f = fitparse.FitFile("Tests/Fixtures/runs/" + name)
    fixes = []
    for r in f.get_messages("record"):
        lat, lon = r.get_raw_value("position_lat"), r.get_raw_value("position_long")
        if lat is None or lon is None:
            continue
        alt = r.get_value("enhanced_altitude")
        if alt is None:
            alt = r.get_value("altitude")
        fixes.append({"lat": lat * SEMI, "lon": lon * SEMI, "time": unix(r.get_value("timestamp")),
                      "alt": alt, "hr": r.get_value("heart_rate"), "cad": r.get_value("cadence"),
                      "dist": r.get_value("distance")})
    laps = [{"start": unix(m.get_value("start_time")), "elapsed": m.get_value("total_elapsed_time"),
             "timer": m.get_value("total_timer_time"), "distance": m.get_value("total_distance")}
            for m in f.get_messages("lap")]
    s = next(f.get_messages("session"))
    out[name] = {
        "points": len(fixes),
        "samples": {str(i): fixes[i] for i in range(0, len(fixes), 50)} | {str(len(fixes) - 1): fixes[-1]},
        "laps": laps,
        "session": {"start": unix(s.get_value("start_time")), "distance": s.get_value("total_distance"),
                    "elapsed": s.get_value("total_elapsed_time"), "timer": s.get_value("total_timer_time"),
                    "ascent": s.get_value("total_ascent"), "descent": s.get_value("total_descent")},
    }
json.dump(out, open("Tests/Oracles/formats-fit.json", "w"), indent=1, sort_keys=True)
