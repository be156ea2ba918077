import Foundation
import Testing

@testable import TempoKit

/// `LocationFix` keeps its optionals as Doubles with NaN for `nil`; what it shows the world is
/// what the compiler-written `Codable` and `Hashable` of the old stored optionals gave.
@Suite struct LocationFixTests {
    static let fixes = [
        LocationFix(time: Date(timeIntervalSinceReferenceDate: 700_000_000.25), coordinate: Coordinate(latitude: 48.5, longitude: 2.25),
                    altitudeMeters: 12.5, horizontalAccuracyMeters: 4, heartRateBPM: 140),
        LocationFix(time: nil, coordinate: Coordinate(latitude: -33.75, longitude: 151.125)),
        LocationFix(time: Date(timeIntervalSinceReferenceDate: -1.5), coordinate: Coordinate(latitude: 0, longitude: -0.5),
                    altitudeMeters: -0.0, horizontalAccuracyMeters: 0, verticalAccuracyMeters: 3, speedMetersPerSecond: 0,
                    courseDegrees: 359.5, heartRateBPM: 60, cadencePerMinute: 90, powerWatts: 250, temperatureCelsius: -4.5),
    ]

    /// The oracle: these three fixes encoded (JSONEncoder, `.sortedKeys`) by the type as it was
    /// before, with stored `Double?` fields and the synthesized `Codable` (commit b3f18e9's
    /// Sources/TempoKit compiled with swiftc into a one-file program that printed them).
    static let encodedBefore = [
        #"{"altitudeMeters":12.5,"coordinate":{"latitude":48.5,"longitude":2.25},"heartRateBPM":140,"horizontalAccuracyMeters":4,"time":700000000.25}"#,
        #"{"coordinate":{"latitude":-33.75,"longitude":151.125}}"#,
        #"{"altitudeMeters":-0,"cadencePerMinute":90,"coordinate":{"latitude":0,"longitude":-0.5},"courseDegrees":359.5,"heartRateBPM":60,"horizontalAccuracyMeters":0,"powerWatts":250,"speedMetersPerSecond":0,"temperatureCelsius":-4.5,"time":-1.5,"verticalAccuracyMeters":3}"#,
    ]

    @Test func encodesAndDecodesAsBefore() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (fix, before) in zip(Self.fixes, Self.encodedBefore) {
            #expect(String(decoding: try encoder.encode(fix), as: UTF8.self) == before)
            let decoded = try JSONDecoder().decode(LocationFix.self, from: Data(before.utf8))
            #expect(decoded == fix)
            #expect(decoded.hashValue == fix.hashValue)
        }
    }

    @Test func nilIsNilAndZeroIsZero() {
        let bare = Self.fixes[1]
        #expect(bare.time == nil && bare.altitudeMeters == nil && bare.horizontalAccuracyMeters == nil)
        #expect(bare.verticalAccuracyMeters == nil && bare.speedMetersPerSecond == nil && bare.courseDegrees == nil)
        #expect(bare.heartRateBPM == nil && bare.cadencePerMinute == nil && bare.powerWatts == nil && bare.temperatureCelsius == nil)
        let full = Self.fixes[2]
        #expect(full.speedMetersPerSecond == 0 && full.horizontalAccuracyMeters == 0)
        #expect(full.altitudeMeters == 0 && full.altitudeMeters?.sign == .minus)
        #expect(full.time == Date(timeIntervalSinceReferenceDate: -1.5))
    }

    @Test func settingAFieldChangesOnlyThatField() {
        var fix = Self.fixes[1]
        fix.altitudeMeters = 5
        #expect(fix.altitudeMeters == 5 && fix != Self.fixes[1])
        fix.altitudeMeters = nil
        #expect(fix == Self.fixes[1] && fix.hashValue == Self.fixes[1].hashValue)
        fix.time = Date(timeIntervalSinceReferenceDate: 1)
        fix.time = nil
        #expect(fix == Self.fixes[1])
    }

    /// NaN is not a value a receiver reports: given, it reads back as no value.
    @Test func aNaNGivenIsNil() {
        let fix = LocationFix(time: nil, coordinate: Coordinate(latitude: 1, longitude: 2), altitudeMeters: .nan, heartRateBPM: .nan)
        #expect(fix.altitudeMeters == nil && fix.heartRateBPM == nil)
        #expect(fix == LocationFix(time: nil, coordinate: Coordinate(latitude: 1, longitude: 2)))
    }

    @Test func isOneHundredAndFourBytes() {
        #expect(MemoryLayout<LocationFix>.size == 104)
    }
}
