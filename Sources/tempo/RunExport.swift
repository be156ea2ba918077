import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// Turns a stored run back into a file.
enum RunExport {
    /// GPX 1.1 of the run's fixes, one track segment per stored segment (live runs: one per
    /// recorded stretch between pauses).
    static func gpx(_ stored: StoredRun) -> Data {
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
        let activity = Activity(segments: segments, sport: stored.record.sport, name: stored.record.name)
        return GPXWriter.data(for: activity)
    }
}
