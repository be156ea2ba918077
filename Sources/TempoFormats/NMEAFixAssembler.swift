import Foundation
import TempoKit

/// Combines the sentences of one receiver epoch (same UTC time) into one `LocationFix`.
///
/// RMC gives the date, speed and course; GGA the altitude (above mean sea level), fix quality
/// and HDOP; GSA the fix mode and VDOP. A fix is emitted as soon as an epoch has both RMC and
/// GGA, or when the next epoch's time arrives, or at `finish()`. GSA carries no time, so its
/// latest values apply to the epoch being assembled and the ones after it. Epochs the receiver
/// marks invalid (RMC status V, GGA quality 0, GSA mode 1) or without a position yield nothing.
///
/// Accuracy: `horizontalAccuracyMeters = HDOP × 5 m` and `verticalAccuracyMeters = VDOP × 5 m`,
/// taking 5 m as the one-sigma user-equivalent range error of a consumer receiver (a common,
/// deliberately conservative figure; NMEA itself states no accuracy). Dates: an epoch without an
/// RMC takes the last RMC date, moved on a day if the time of day went backwards (midnight); with
/// no date ever seen, fixes have `time == nil`.
public struct NMEAFixAssembler: Sendable {
    /// The one-sigma user-equivalent range error that turns DOPs into metres.
    public static let userEquivalentRangeErrorMeters = 5.0

    private var epoch: Epoch?
    private var lastDay: Int?
    private var lastSecondsOfDay: Double?
    private var gsa: NMEASentence.GSA?

    private struct Epoch {
        var secondsOfDay: Double?
        var rmc: NMEASentence.RMC?
        var gga: NMEASentence.GGA?
    }

    public init() {}

    /// Adds one sentence; returns the fixes of epochs it completed or closed (usually none or one).
    public mutating func add(_ sentence: NMEASentence) -> [LocationFix] {
        switch sentence {
        case .rmc(let rmc): return add(secondsOfDay: rmc.secondsOfDay) { $0.rmc = rmc }
        case .gga(let gga): return add(secondsOfDay: gga.secondsOfDay) { $0.gga = gga }
        case .gsa(let value):
            gsa = value
            return []
        case .other: return []
        }
    }

    /// Ends the input: the fix of the epoch still open, if any.
    public mutating func finish() -> LocationFix? {
        defer { epoch = nil }
        return epoch.flatMap { fix(of: $0) }
    }

    private mutating func add(secondsOfDay: Double?, _ update: (inout Epoch) -> Void) -> [LocationFix] {
        var emitted: [LocationFix] = []
        if let open = epoch, open.secondsOfDay != secondsOfDay || secondsOfDay == nil {
            if let fix = fix(of: open) { emitted.append(fix) }
            epoch = nil
        }
        var current = epoch ?? Epoch(secondsOfDay: secondsOfDay)
        update(&current)
        if current.rmc != nil && current.gga != nil {
            epoch = nil
            if let fix = fix(of: current) { emitted.append(fix) }
        } else {
            epoch = current
        }
        return emitted
    }

    private mutating func fix(of epoch: Epoch) -> LocationFix? {
        if let rmc = epoch.rmc, !rmc.valid { return nil }
        if let gga = epoch.gga, gga.quality == 0 { return nil }
        if let mode = gsa?.mode, mode < 2 { return nil }
        guard let latitude = epoch.gga?.latitude ?? epoch.rmc?.latitude,
            let longitude = epoch.gga?.longitude ?? epoch.rmc?.longitude
        else { return nil }
        var time: Date?
        if let seconds = epoch.secondsOfDay {
            var day = epoch.rmc?.daysSince1970
            if day == nil, let last = lastDay {
                day = last + ((lastSecondsOfDay.map { seconds < $0 } ?? false) ? 1 : 0)
            }
            if let day {
                time = Date(timeIntervalSince1970: Double(day) * 86_400 + seconds)
                lastDay = day
                lastSecondsOfDay = seconds
            }
        }
        let uere = Self.userEquivalentRangeErrorMeters
        let hdop = epoch.gga?.hdop ?? gsa?.hdop
        return LocationFix(
            time: time,
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitudeMeters: epoch.gga?.altitudeMeters,
            horizontalAccuracyMeters: hdop.map { $0 * uere },
            verticalAccuracyMeters: gsa?.vdop.map { $0 * uere },
            speedMetersPerSecond: epoch.rmc?.speedMetersPerSecond,
            courseDegrees: epoch.rmc?.courseDegrees
        )
    }
}
