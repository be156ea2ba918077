import Foundation
import Testing
import TempoKit

@Suite struct RunFixFilterTests {
    @Test func everyDropIsCountedByReason() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let here = Coordinate(latitude: 46.05, longitude: 14.5)
        func fix(_ second: Double, _ coordinate: Coordinate = here, accuracy: Double? = 5) -> LocationFix {
            LocationFix(time: t0.addingTimeInterval(second), coordinate: coordinate, horizontalAccuracyMeters: accuracy)
        }
        // The filter's reasons, then the motion model's physical bound, through the one recorder.
        var recorder = RunRecorder(settings: RunSettings(sport: .running))
        try? recorder.start(at: t0)
        let reasons = [
            recorder.ingest(fix(0)),
            recorder.ingest(fix(1, Coordinate(latitude: .nan, longitude: 14.5))),
            recorder.ingest(fix(2, Coordinate(latitude: 91, longitude: 14.5))),
            recorder.ingest(fix(3, Coordinate(latitude: 0, longitude: 0))),
            recorder.ingest(fix(4, accuracy: 80)),
            recorder.ingest(fix(0)),
            recorder.ingest(fix(-5)),
            // 1 km in 2 s is not running.
            recorder.ingest(fix(2, Coordinate(latitude: 46.059, longitude: 14.5))),
            recorder.ingest(fix(5, Coordinate(latitude: 46.0501, longitude: 14.5))),
        ]
        let filter = recorder.filter
        #expect(reasons == [nil, .invalidCoordinate, .invalidCoordinate, .invalidCoordinate, .poorAccuracy,
                            .duplicateTime, .timeWentBackwards, .impossibleSpeed, nil])
        #expect(filter.dropped == [.invalidCoordinate: 3, .poorAccuracy: 1, .duplicateTime: 1, .timeWentBackwards: 1, .impossibleSpeed: 1])
    }

    @Test func speedIsNotCheckedAcrossASegmentBreak() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        var filter = FixFilter()
        #expect(filter.check(LocationFix(time: t0, coordinate: Coordinate(latitude: 46, longitude: 14))) == nil)
        filter.startSegment()
        #expect(filter.check(LocationFix(time: t0.addingTimeInterval(1), coordinate: Coordinate(latitude: 47, longitude: 14))) == nil)
    }

    @Test func cyclingAllowsFasterThanRunning() {
        #expect(RunSettings(sportNamed: "Biking").maxSpeedMetersPerSecond > RunSettings(sportNamed: "running").maxSpeedMetersPerSecond)
    }
}
