import Foundation
import Testing

/// Heart rate, cadence, power and temperature: `run summary --json` against
/// Tests/Oracles/sensor-averages.json, written by Tests/Oracles/sensor_averages.py (fitparse for
/// FIT, ElementTree for TCX and GPX: the plain mean, maximum and count of the readings of every
/// positioned point).
@Suite struct RunSensorTests {
    private static func oracle() throws -> [String: [String: Any]] {
        let url = RunFixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Oracles/sensor-averages.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]])
    }

    private static let keys = ["heart_rate_bpm", "cadence_per_min", "power_w", "temperature_c"]

    @Test(arguments: ["fenix2-run.fit", "forerunner110-run.fit", "edge500-ride.fit", "run-3laps.tcx", "garmin-extensions.gpx"])
    func averagesAndMaximaMatchTheOracle(file: String) throws {
        let expected = try #require(try Self.oracle()[file], "sensor-averages.json lacks \(file)")
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run("run", "summary", RunFixtures.path(file), "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try result.json() as? [String: Any])
        let sensors = try #require(json["sensors"] as? [String: Any])
        for key in Self.keys {
            guard let reference = expected[key] as? [String: Any] else {
                #expect(sensors[key] is NSNull, "\(file) \(key): the file has none")
                continue
            }
            let got = try #require(sensors[key] as? [String: Any], "\(file) \(key)")
            let average = try #require(reference["avg"] as? Double), maximum = try #require(reference["max"] as? Double)
            #expect(abs((got["avg"] as? Double ?? .nan) - average) < 1e-9 * max(1, average), "\(file) \(key)")
            #expect(got["max"] as? Double == maximum, "\(file) \(key)")
            #expect(got["samples"] as? Int == reference["samples"] as? Int, "\(file) \(key)")
        }
        // The splits share out the timed readings: their counts add up, their means average to the run's.
        let splits = try #require(json["splits"] as? [[String: Any]])
        if let reference = expected["heart_rate_bpm"] as? [String: Any] {
            let parts = splits.compactMap { ($0["sensors"] as? [String: Any])?["heart_rate_bpm"] as? [String: Any] }
            let count = parts.reduce(0) { $0 + ($1["samples"] as? Int ?? 0) }
            let sum = parts.reduce(0.0) { $0 + ($1["avg"] as? Double ?? 0) * Double($1["samples"] as? Int ?? 0) }
            #expect(count == reference["samples"] as? Int)
            #expect(abs(sum / Double(count) - (reference["avg"] as? Double ?? 0)) < 1e-6)
        }
    }

    @Test func textShowsAveragesAndMaxima() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let text = try tempo.run("run", "summary", RunFixtures.path("garmin-extensions.gpx"))
        // 135.77 avg / 169 max (oracle), rounded.
        #expect(text.stdout.contains("Heart rate        136 avg / 169 max bpm"), "\(text.stdout)")
        #expect(text.stdout.contains("Power             260 avg / 290 max W"))
        #expect(text.stdout.contains("Temperature       13.9 avg / 17.0 max °C"))
        #expect(text.stdout.contains("HR (bpm)"))
    }

    /// Imported, exported as GPX, and read back: the same readings.
    @Test func exportKeepsTheSensors() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for file in ["garmin-extensions.gpx", "fenix2-run.fit"] {
            let imported = try #require(try tempo.run("run", "import", RunFixtures.path(file), "--json").json() as? [[String: Any]])
            let id = try #require(imported.first?["id"] as? String)
            let out = tempo.file("\(file).export.gpx")
            #expect(try tempo.run("run", "export", id, "-o", out).status == 0)
            let before = try #require(try tempo.run("run", "summary", RunFixtures.path(file), "--json").json() as? [String: Any])
            let after = try #require(try tempo.run("run", "summary", out, "--json").json() as? [String: Any])
            let a = try #require(before["sensors"] as? [String: Any]), b = try #require(after["sensors"] as? [String: Any])
            for key in Self.keys {
                let x = a[key] as? [String: Any], y = b[key] as? [String: Any]
                #expect((x == nil) == (y == nil), "\(file) \(key)")
                if let x, let y {
                    #expect(abs((x["avg"] as? Double ?? 0) - (y["avg"] as? Double ?? 1)) < 1e-9, "\(file) \(key)")
                    #expect(x["samples"] as? Int == y["samples"] as? Int)
                }
            }
        }
    }
}
