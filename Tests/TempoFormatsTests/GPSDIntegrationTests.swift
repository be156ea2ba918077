import Foundation
import TempoFormats
import TempoKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real gpsd (Debian packages `gpsd` and `gpsd-clients`, which has `gpsfake`) replaying an NMEA log
/// written by `NMEAWriter` from a fixture. Runs when gpsfake is installed, and always when `CI` is set
/// (so a CI without gpsd fails instead of silently skipping).
@Suite(.serialized, .timeLimit(.minutes(3))) struct GPSDIntegrationTests {
    static let gpsfake = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let enabled = gpsfake != nil || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: enabled)) func gpsdDeliversTheFixturesFixes() async throws {
        let gpsfake = try #require(Self.gpsfake, "gpsfake is not installed (apt-get install gpsd gpsd-clients)")
        // gpsd 3.22 moves dates it considers too old forward by 1024 GPS weeks, so the track is
        // shifted by a whole number of days to 2025 (the times' offsets are unchanged).
        let original = try ActivityFile.read(Fixtures.url("hike-8tracks.gpx"))
        let shift = 4_400 * 86_400.0
        // The first 150 fixes keep gpsfake's run short on a loaded machine.
        var expected = Array(original.allFixes.filter { $0.time != nil }.prefix(150))
        for index in expected.indices { expected[index].time = expected[index].time.map { $0 + shift } }
        let first = try #require(expected.first?.time)
        // gpsd drops what arrives before it has opened the fake device: lead in with invalid epochs.
        var log = ""
        for second in stride(from: 300, to: 0, by: -1) {
            let (time, date) = Self.nmeaTimeAndDate(first - Double(second))
            log += NMEAWriter.sentence("GPRMC,\(time),V,,,,,,,\(date),,,N") + "\r\n"
            log += NMEAWriter.sentence("GPGGA,\(time),,,,,0,00,,,M,,M,,") + "\r\n"
        }
        log += NMEAWriter.log(for: Activity(segments: [expected]))
        let url = try TempFile.write("gpsfake.nmea", log)

        let port = try FreePort.find()
        let gpsfakeProcess = try ChildProcess([gpsfake, "-q", "-1", "-c", "0.01", "-s", "115200", "-P", String(port), url.path])
        // gpsfake ignores SIGTERM while a client is connected: end its whole group (with its gpsd) for sure.
        defer { gpsfakeProcess.kill() }

        let wanted = expected.count
        // gpsfake -1 does not hang up while a client is connected: stop at the expected count, or after 90 s.
        let fixes = try await withThrowingTaskGroup(of: [LocationFix].self) { tasks in
            tasks.addTask {
                var fixes: [LocationFix] = []
                for _ in 0..<300 {
                    do {
                        for try await fix in LiveFixes.gpsd(host: "127.0.0.1", port: port) {
                            fixes.append(fix)
                            if fixes.count == wanted { return fixes }
                        }
                        return fixes
                    } catch let error as GPSDError {
                        guard case .cannotConnect = error else { throw error }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                return fixes
            }
            tasks.addTask {
                try await Task.sleep(for: .seconds(90))
                return []
            }
            let first = try await tasks.next() ?? []
            tasks.cancelAll()
            return first
        }
        #expect(fixes.count == expected.count)
        for (got, want) in zip(fixes, expected) {
            #expect(abs(got.latitude - want.latitude) < 2e-8)
            #expect(abs(got.longitude - want.longitude) < 2e-8)
            #expect(abs((got.time?.timeIntervalSince1970 ?? 0) - (want.time?.timeIntervalSince1970 ?? 1)) < 0.0005)
            if let altitude = got.altitudeMeters { #expect(abs(altitude - (want.altitudeMeters ?? 0)) <= 0.005) }
        }
        // Every epoch after the first reaches gpsd's 3-D mode with the GGA altitude.
        #expect(fixes.dropFirst().allSatisfy { $0.altitudeMeters != nil })
    }
}

extension GPSDIntegrationTests {
    static func nmeaTimeAndDate(_ date: Date) -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return (
            String(format: "%02d%02d%02d.000", c.hour ?? 0, c.minute ?? 0, c.second ?? 0),
            String(format: "%02d%02d%02d", c.day ?? 0, c.month ?? 0, (c.year ?? 0) % 100)
        )
    }
}
