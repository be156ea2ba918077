import Foundation
import Testing

/// Pace, splits and best efforts over timed fixes only, on hike-4tracks.gpx (358 points without
/// times, then 513 with). Reference (Python, GeographicLib WGS84 inverse over consecutive points
/// within each segment, ElementTree for the GPX):
///   steps between two timed points: 6,270.62 m in 13,093 s; the other steps: 8,643.67 m.
/// So the timer pace over the timed part is 13,093 s / 6.27062 km = 2,088 s/km; dividing by the
/// whole 13.8 km (the old bug) gives about 950 s/km.
@Suite struct RunTimedPartTests {
    private static let untimedMeters = 8643.67, timedMeters = 6270.62, timedSeconds = 13093.0

    private func summary(_ extra: [String] = []) throws -> [String: Any] {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run(["run", "summary", RunFixtures.path("hike-4tracks.gpx"), "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [String: Any])
    }

    @Test func paceIsOverTheTimedDistance() throws {
        let json = try summary()
        let untimed = try #require(json["untimed_distance_m"] as? Double)
        #expect(abs(untimed - Self.untimedMeters) < Self.untimedMeters * 0.01, "\(untimed)")
        let timerPace = try #require(json["avg_timer_pace_s_per_km"] as? Double)
        let reference = Self.timedSeconds / Self.timedMeters * 1000
        // The drawn timed length is an upper bound: the motion model leaves out the jitter of the
        // long stops (109 fixes dropped as stationary, all in the timed part: Tempo's untimed
        // distance matches the drawn one, its total is 1.1 km under the drawn 14.91 km). So the
        // pace is at least the reference and within 30 % of it; over the whole 13.8 km it would
        // be about 950 s/km.
        #expect(timerPace >= reference && timerPace < reference * 1.3, "\(timerPace) s/km, reference \(reference)")
        let pace = try #require(json["avg_pace_s_per_km"] as? Double)
        #expect(pace > 15 * 60 && pace < 25 * 60, "moving pace \(pace / 60) min/km (a hike: about 19)")
    }

    @Test func untimedSplitsHaveNoTimesAndEveryPaceIsOverTimedMetres() throws {
        let json = try summary()
        let splits = try #require(json["splits"] as? [[String: Any]])
        var untimedSum = 0.0
        for split in splits {
            let distance = try #require(split["distance_m"] as? Double)
            let untimed = try #require(split["untimed_distance_m"] as? Double)
            untimedSum += untimed
            if distance - untimed < 1 {
                #expect(split["elapsed_s"] is NSNull && split["pace_s_per_km"] is NSNull, "\(split)")
            } else {
                let moving = try #require(split["moving_s"] as? Double)
                let pace = try #require(split["pace_s_per_km"] as? Double)
                #expect(abs(pace - moving / (distance - untimed) * 1000) < 1e-6)
                #expect(moving > 0)
            }
        }
        #expect(abs(untimedSum - (json["untimed_distance_m"] as? Double ?? 0)) < 1e-6)
        // Best efforts lie inside the timed part: none is longer than it.
        let efforts = try #require(json["best_efforts"] as? [[String: Any]])
        #expect(efforts.allSatisfy { ($0["distance_m"] as? Double ?? 0) <= Self.timedMeters })
        #expect(efforts.allSatisfy { ($0["elapsed_s"] as? Double ?? 0) > 0 })
    }

    @Test func textLabelsTheUntimedPart() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let text = try tempo.run("run", "summary", RunFixtures.path("hike-4tracks.gpx"))
        #expect(text.stdout.contains("km untimed)"))
        #expect(text.stdout.contains("untimed  "))
        #expect(text.stdout.contains("(timed part)"))
        #expect(!text.stdout.contains("0:00 /km"), "no split shows a zero pace")
        #expect(text.stdout.contains("Started           2"), "the start date and time")
    }
}
