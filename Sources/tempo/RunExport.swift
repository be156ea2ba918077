import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// Turns a stored run back into a file.
enum RunExport {
    /// GPX 1.1 of the run's fixes, one track segment per stored segment (live runs: one per
    /// recorded stretch between pauses).
    static func gpx(_ stored: StoredRun) -> Data {
        GPXWriter.data(for: activity(stored))
    }

    /// An NMEA 0183 log of the run's fixes (one RMC + GGA per fix), as a receiver would send it.
    static func nmea(_ stored: StoredRun) -> Data {
        Data(NMEAWriter.log(for: activity(stored)).utf8)
    }

    private static func activity(_ stored: StoredRun) -> Activity {
        let segments: [[TempoKit.LocationFix]]
        switch stored.record.source {
        case .file:
            segments = stored.segments
        case .live:
            let recorder = stored.recorder()
            var grouped: [[TempoKit.LocationFix]] = []
            var current = -1
            for sample in recorder.samples {
                if sample.segment != current {
                    grouped.append([])
                    current = sample.segment
                }
                grouped[grouped.count - 1].append(TempoKit.LocationFix(time: sample.time, coordinate: sample.coordinate,
                                                                       altitudeMeters: sample.altitudeMeters))
            }
            segments = grouped
        }
        return Activity(segments: segments, sport: stored.record.sport, name: stored.record.name)
    }
}
