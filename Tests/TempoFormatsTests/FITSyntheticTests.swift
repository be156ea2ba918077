import Foundation
import TempoFormats
import TempoKit
import Testing

/// Protocol features the fixture files do not exercise, in files built by `FITTestFile`.
/// Expected values are worked by hand from the FIT protocol: degrees = semicircles × 180 / 2³¹,
/// altitude = raw / 5 − 500, FIT time 0 = 1989-12-31T00:00:00Z = 631065600 s since 1970.
@Suite struct FITSyntheticTests {
    static let base: UInt32 = 1_000_000_000  // FIT seconds; 1631065600 s since 1970

    /// Little-endian record definition: timestamp, lat, lon, altitude, heart rate, plus an unknown field 200 and a developer field.
    static func file() -> Data {
        var fit = FITTestFile()
        // file_id (0), an unknown message to skip.
        fit.define(local: 0, global: 0, fields: [(0, 1, 0x00), (4, 4, 0x86)])
        fit.data(local: 0, [4] + FITTestFile.le32(base))
        // An unknown global message (65280, manufacturer range) with a 3-byte array field.
        fit.define(local: 1, global: 0xFF00, fields: [(1, 3, 0x0D)])
        fit.data(local: 1, [1, 2, 3])
        // record, little-endian, with a developer field of 4 bytes.
        fit.define(
            local: 2, global: 20,
            fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84), (3, 1, 0x02), (200, 2, 0x84)],
            developer: [(0, 4, 0)])
        fit.data(local: 2, FITTestFile.le32(base) + FITTestFile.le32(Int32(1 << 30)) + FITTestFile.le32(Int32(-(1 << 29)))
            + FITTestFile.le16(2600) + [150] + [9, 9] + [7, 7, 7, 7])
        // record, big-endian, no timestamp field: sent with compressed headers; heart rate invalid (0xFF).
        fit.define(local: 3, global: 20, bigEndian: true, fields: [(0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02)])
        // base ends in 0b0_0000 (1_000_000_000 & 31 = 0); +3 s then a wrap: offset 1 < 3 → +32 − 3 + 1 = 30 s later.
        fit.compressed(local: 3, offset: 3, FITTestFile.be32(Int32(1 << 30)) + FITTestFile.be32(Int32(1 << 29)) + [0xFF])
        // A record with invalid position (0x7FFFFFFF) is skipped.
        fit.compressed(local: 3, offset: 4, FITTestFile.be32(Int32.max) + FITTestFile.be32(Int32.max) + [100])
        // event: timer (0) stop_all (4), then timer start (0).
        fit.define(local: 4, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        fit.data(local: 4, FITTestFile.le32(base + 10) + [0, 4])
        fit.data(local: 4, FITTestFile.le32(base + 60) + [0, 0])
        fit.compressed(local: 3, offset: UInt8((base + 65) & 31), FITTestFile.be32(Int32(1 << 29)) + FITTestFile.be32(Int32(0)) + [120])
        fit.compressed(local: 3, offset: UInt8((base + 66) & 31), FITTestFile.be32(Int32(1 << 29)) + FITTestFile.be32(Int32(1)) + [121])
        // session: elapsed 70.5 s, timer 20.25 s, distance 123.45 m, ascent invalid, descent 7 m.
        fit.define(local: 5, global: 18, fields: [(7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86), (22, 2, 0x84), (23, 2, 0x84), (5, 1, 0x00)])
        fit.data(local: 5, FITTestFile.le32(UInt32(70_500)) + FITTestFile.le32(UInt32(20_250)) + FITTestFile.le32(UInt32(12_345))
            + [0xFF, 0xFF] + FITTestFile.le16(7) + [1])
        return fit.file()
    }

    @Test func compressedTimestampsEndiannessSentinelsAndPauses() throws {
        let url = try TempFile.write("synthetic.fit", Self.file())
        let activity = try ActivityFile.read(url)
        #expect(activity.segments.map(\.count) == [2, 2])
        let fixes = activity.allFixes
        let epoch = 631_065_600.0 + Double(Self.base)
        #expect(fixes.map { $0.time?.timeIntervalSince1970 } == [epoch, epoch + 3, epoch + 65, epoch + 66])
        #expect(fixes[0].latitude == 90 && fixes[0].longitude == -45)
        #expect(fixes[0].altitudeMeters == 20)  // 2600 / 5 − 500
        #expect(fixes[0].heartRateBPM == 150)
        #expect(fixes[1].latitude == 90 && fixes[1].longitude == 45 && fixes[1].heartRateBPM == nil)
        #expect(fixes[1].altitudeMeters == nil)
        #expect(fixes[2].latitude == 45 && fixes[2].longitude == 0 && fixes[2].heartRateBPM == 120)
        #expect(fixes[3].longitude == 180.0 / 2_147_483_648.0)
        #expect(activity.deviceSummary == DeviceSummary(
            distanceMeters: 123.45, elapsedSeconds: 70.5, timerSeconds: 20.25, ascentMeters: nil, descentMeters: 7))
        #expect(activity.sport == "running")
    }

    @Test func compressedTimestampWrapsAroundThirtyTwoSeconds() throws {
        var fit = FITTestFile()
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        fit.data(local: 0, FITTestFile.le32(UInt32(1_000_000_029)) + FITTestFile.le32(Int32(1)) + FITTestFile.le32(Int32(1)))
        // last & 31 = 29 (1_000_000_029 = 31_250_000 × 32 + 29); offset 2 < 29 → next 32-s block: +5 s.
        fit.define(local: 1, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])
        fit.compressed(local: 1, offset: 2, FITTestFile.le32(Int32(2)) + FITTestFile.le32(Int32(2)))
        let activity = try ActivityFile.read(TempFile.write("wrap.fit", fit.file()))
        #expect(activity.allFixes.map { $0.time?.timeIntervalSince1970 } == [631_065_600 + 1_000_000_029, 631_065_600 + 1_000_000_034])
    }

    /// A compressed header rolling past the last second FIT can count (UInt32.max after its epoch)
    /// is an error at that message, not a crash. The header is at byte 14 (file header) + 15
    /// (definition) + 13 (first record) + 12 (second definition) = 54.
    @Test func compressedTimestampPastTheLastCountableTimeIsAnError() throws {
        var fit = FITTestFile()
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        fit.data(local: 0, FITTestFile.le32(UInt32(0xFFFF_FFFE)) + FITTestFile.le32(Int32(1)) + FITTestFile.le32(Int32(1)))
        fit.define(local: 1, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])
        fit.compressed(local: 1, offset: 2, FITTestFile.le32(Int32(2)) + FITTestFile.le32(Int32(2)))
        let url = try TempFile.write("late.fit", fit.file())
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.location == "byte 54")
        #expect(error.reason.contains("compressed timestamp"))
    }

    @Test func badCRCIsAnErrorWithItsOffset() throws {
        var data = Self.file()
        data[data.count - 1] ^= 0xFF
        let url = try TempFile.write("badcrc.fit", data)
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.location == "byte \(data.count - 2)")
        #expect(error.reason.contains("CRC"))
    }
}
