import Foundation
import TempoFormats
import TempoKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The limit is generous: on two cores the whole test run's synchronous tests (each spawning
// `tempo` and waiting for it) can hold both of Swift's cooperative threads for a minute, and an
// async test that needs a few milliseconds then waits for one.
@Suite(.serialized, .timeLimit(.minutes(3))) struct LiveFixesTests {
    @Test func replayWaitsTheRecordedGapsDividedBySpeed() async throws {
        let url = Fixtures.url("hike-8tracks.gpx")
        let fixes = try ActivityFile.read(url).allFixes
        let clock = ImmediateClock()
        var replayed: [LocationFix] = []
        for try await fix in LiveFixes.replay(url: url, speed: 4, clock: clock) { replayed.append(fix) }
        #expect(replayed == fixes)
        // Each deadline is measured from the start: (t_n − t_0) / 4, for fixes later than the first.
        let t0 = try #require(fixes.first?.time)
        let expected = fixes.dropFirst().compactMap { $0.time }.map { $0.timeIntervalSince(t0) / 4 }.filter { $0 > 0 }
        #expect(clock.deadlines.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
            .elementsEqual(expected) { abs($0 - $1) < 1e-9 })
        #expect(clock.deadlines.count == expected.count && !expected.isEmpty)
    }

    @Test func replayAtSpeedZeroNeverSleeps() async throws {
        let clock = ImmediateClock()
        var count = 0
        for try await _ in LiveFixes.replay(url: Fixtures.url("run-3laps.tcx"), speed: 0, clock: clock) { count += 1 }
        #expect(count == 383)
        #expect(clock.deadlines.isEmpty)
    }

    @Test func replayElementsKeepSegmentBoundaries() async throws {
        var builder = ActivityBuilder()
        let clock = ImmediateClock()
        for try await element in LiveFixes.replayElements(url: Fixtures.url("hike-4tracks.gpx"), speed: 0, clock: clock) {
            builder.add(element)
        }
        #expect(builder.finish().segments.map(\.count) == (try ActivityFile.read(Fixtures.url("hike-4tracks.gpx")).segments.map(\.count)))
    }

    @Test func replayOfABrokenFileFailsBeforeAnyFix() async throws {
        let url = try TempFile.write("broken.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"x\" lon=\"2\"/>")
        var count = 0
        await #expect(throws: FormatError.self) {
            for try await _ in LiveFixes.replay(url: url, speed: 0, clock: ImmediateClock()) { count += 1 }
        }
        #expect(count == 0)
    }

    @Test func nmeaFromAFileGivesTheReaderFixes() async throws {
        let activity = try ActivityFile.read(Fixtures.url("run-3laps.tcx"))
        let url = try TempFile.write("live.nmea", NMEAWriter.log(for: activity))
        var live: [LocationFix] = []
        for try await fix in LiveFixes.nmea(path: url.path) { live.append(fix) }
        #expect(live == (try ActivityFile.read(url).allFixes))
        #expect(live.count == 383)
    }

    @Test func nmeaBadChecksumFailsOrIsSkipped() async throws {
        let good = NMEAWriter.sentences(for: LocationFix(time: Date(timeIntervalSince1970: 0), coordinate: Coordinate(latitude: 1, longitude: 2)))
        let bad = good[0].replacingOccurrences(of: "A,", with: "V,")
        let url = try TempFile.write("bad.nmea", ([bad] + good).joined(separator: "\n"))
        let error = await #expect(throws: FormatError.self) {
            for try await _ in LiveFixes.nmea(path: url.path) {}
        }
        #expect(error?.location == "line 1")
        var count = 0
        for try await _ in LiveFixes.nmea(path: url.path, skipBadSentences: true) { count += 1 }
        #expect(count == 1)
    }

    @Test func gpsdRefusedIsOneClearLine() async throws {
        let port = try FreePort.find()  // nothing listens on it
        let error = await #expect(throws: GPSDError.self) {
            for try await _ in LiveFixes.gpsd(host: "127.0.0.1", port: port) {}
        }
        #expect(error?.description == "cannot connect to gpsd at 127.0.0.1:\(port): Connection refused")
    }

    @Test func gpsdClientTalksToAFakeServer() async throws {
        let server = try FakeGPSDServer(lines: [
            #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
            #"{"class":"TPV","device":"/dev/pts/1","mode":1,"time":"2005-06-08T10:34:48.283Z"}"#,
            #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2005-06-08T10:34:48.283Z","ept":0.005,"lat":46.498293369,"lon":7.567411672,"alt":1343.127,"altHAE":1392.127,"eph":36.000,"epv":32.321,"track":10.3788,"speed":0.091,"climb":-0.085}"#,
            #"{"class":"SKY","satellites":[]}"#,
        ])
        var fixes: [LocationFix] = []
        for try await fix in LiveFixes.gpsd(host: "127.0.0.1", port: server.port) { fixes.append(fix) }
        #expect(server.received().hasPrefix(#"?WATCH={"enable":true,"json":true};"#))
        #expect(fixes.count == 1)
        let fix = try #require(fixes.first)
        #expect(fix.latitude == 46.498293369 && fix.longitude == 7.567411672)
        #expect(fix.altitudeMeters == 1343.127)
        #expect(fix.horizontalAccuracyMeters == 18)
        #expect(fix.speedMetersPerSecond == 0.091 && fix.courseDegrees == 10.3788)
        // 2005-06-08T10:34:48.283Z = 1118226888.283 s (`date -u -d 2005-06-08T10:34:48Z +%s` + 0.283).
        #expect(abs((fix.time?.timeIntervalSince1970 ?? 0) - 1_118_226_888.283) < 1e-6)
    }
}
