import Foundation
import TempoKit

/// Streams FIT activity files (Garmin/ANT FIT protocol), written from the protocol description.
///
/// Reads record (20), lap (19), session (18) and event (21) messages; every other message, every
/// unknown field and every developer field is skipped by its declared size. Invalid sentinel
/// values (0xFF…, 0x7F…, 0 for the `z` types) are absent. Positions are semicircles
/// (degrees = semicircles × 180 / 2³¹); times count seconds from the FIT epoch 1989-12-31T00:00:00Z.
/// Compressed-timestamp headers are expanded from the last full timestamp. Records without a
/// position are skipped. A timer stop (`stop`, `stop_all`, `stop_disable[_all]`) ends a segment,
/// so fixes are never bridged across a pause. The file CRC (and the header CRC when set) is
/// checked; chained FIT files are read one after another. Running cadence is as recorded
/// (FIT counts one foot: strides per minute). Each session message gives a `.session` (its
/// start_time and sport, or sub_sport where only that names the motion) and the session's
/// `.deviceSummary`; a multisport file has one per leg and transition, after their records.
public enum FITReader {
    /// Seconds from 1970-01-01T00:00:00Z to the FIT epoch 1989-12-31T00:00:00Z.
    public static let epochOffsetSeconds: TimeInterval = 631_065_600

    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(_ url: URL, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        try stream(url, chunkSize: 1 << 18, visit)
    }

    /// `stream(_:_:)` reading the file `chunkSize` bytes at a time (tests use tiny chunks to
    /// cross the buffer's end inside every kind of message).
    static func stream(_ url: URL, chunkSize: Int, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        let handle = try ActivityFile.open(url)
        defer { try? handle.close() }
        var decoder = FITDecoder(file: url.path, source: FITByteSource(handle: handle, chunkSize: chunkSize))
        defer { decoder.source.deallocate() }
        do {
            try decoder.run(visit)
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(
                file: url.path, location: "byte \(decoder.source.offset)", reason: "read failed: \(ActivityFile.describe(error))")
        }
    }
}
