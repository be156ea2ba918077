import Foundation
import TempoKit

/// One decoded NMEA 0183 sentence of the kinds Tempo uses; any talker (`GP`, `GN`, `GL`, …).
public enum NMEASentence: Sendable, Hashable {
    /// Recommended minimum data: time, date, validity, position, speed, course.
    case rmc(RMC)
    /// Fix data: time, position, quality, satellites, HDOP, altitude.
    case gga(GGA)
    /// DOP and active satellites: fix mode and PDOP/HDOP/VDOP.
    case gsa(GSA)
    /// A well-formed sentence Tempo does not use (GSV, VTG, …), by its type ("GSV").
    case other(String)

    /// RMC fields. Time of day is seconds since UTC midnight.
    public struct RMC: Sendable, Hashable {
        /// Seconds since UTC midnight.
        public var secondsOfDay: Double?
        /// Status `A` (valid); `V` means the receiver has no usable fix.
        public var valid: Bool
        /// Degrees, south negative.
        public var latitude: Double?
        /// Degrees, west negative.
        public var longitude: Double?
        /// Metres per second (converted from knots).
        public var speedMetersPerSecond: Double?
        /// Degrees from true north.
        public var courseDegrees: Double?
        /// Days since 1970-01-01 of the ddmmyy date field.
        public var daysSince1970: Int?
    }

    /// GGA fields. Altitude is above mean sea level, metres.
    public struct GGA: Sendable, Hashable {
        /// Seconds since UTC midnight.
        public var secondsOfDay: Double?
        /// Degrees, south negative.
        public var latitude: Double?
        /// Degrees, west negative.
        public var longitude: Double?
        /// 0 = no fix, 1 = GPS, 2 = DGPS, 4/5 = RTK, 6 = estimated, …
        public var quality: Int
        /// Horizontal dilution of precision (unitless).
        public var hdop: Double?
        /// Metres above mean sea level.
        public var altitudeMeters: Double?
    }

    /// GSA fields.
    public struct GSA: Sendable, Hashable {
        /// 1 = no fix, 2 = 2-D, 3 = 3-D.
        public var mode: Int?
        /// Position dilution of precision (unitless).
        public var pdop: Double?
        /// Horizontal dilution of precision (unitless).
        public var hdop: Double?
        /// Vertical dilution of precision (unitless).
        public var vdop: Double?
    }

    /// Why a line is not a usable sentence.
    public struct ParseError: Error, Sendable, Hashable {
        /// One line for a person, naming the field when one is at fault (fields count from 1 after the address).
        public var reason: String
    }

    /// Parses one line (without its line ending). Blank lines give `nil`.
    ///
    /// The `*hh` checksum is required and verified: a missing or wrong checksum is an error.
    public static func parse(_ line: Substring) throws(ParseError) -> NMEASentence? {
        let utf8 = line.utf8
        var trimmed = utf8[...]
        while let last = trimmed.last, last == 0x0D || last == 0x0A || last == 0x20 || last == 0x09 { trimmed = trimmed.dropLast() }
        while let first = trimmed.first, first == 0x20 || first == 0x09 || first == 0xEF || first == 0xBB || first == 0xBF {
            trimmed = trimmed.dropFirst()
        }
        guard let first = trimmed.first else { return nil }
        guard first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            throw ParseError(reason: "not an NMEA sentence (does not start with $)")
        }
        guard let star = trimmed.lastIndex(of: UInt8(ascii: "*")) else {
            throw ParseError(reason: "missing checksum (*hh)")
        }
        let body = trimmed[trimmed.index(after: trimmed.startIndex)..<star]
        let checksumText = trimmed[trimmed.index(after: star)...]
        guard checksumText.count == 2, let stated = UInt8(String(decoding: checksumText, as: UTF8.self), radix: 16) else {
            throw ParseError(reason: "malformed checksum \"*\(String(decoding: checksumText, as: UTF8.self))\"")
        }
        let computed = body.reduce(UInt8(0), ^)
        guard computed == stated else {
            throw ParseError(reason: "bad checksum: the sentence says \(hex(stated)), its content gives \(hex(computed))")
        }
        let fields = String(decoding: body, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
        guard let address = fields.first, address.count >= 3 else { throw ParseError(reason: "missing sentence address") }
        let type = String(address.suffix(3))
        let reader = FieldReader(fields: fields, type: type)
        switch type {
        case "RMC":
            let status = reader.text(2)
            let date = try reader.date(9)
            return .rmc(RMC(
                secondsOfDay: try reader.timeOfDay(1), valid: status == "A",
                latitude: try reader.angle(3, hemisphere: 4, degreeDigits: 2),
                longitude: try reader.angle(5, hemisphere: 6, degreeDigits: 3),
                speedMetersPerSecond: try reader.number(7).map { $0 * 1852 / 3600 },
                courseDegrees: try reader.number(8), daysSince1970: date))
        case "GGA":
            return .gga(GGA(
                secondsOfDay: try reader.timeOfDay(1),
                latitude: try reader.angle(2, hemisphere: 3, degreeDigits: 2),
                longitude: try reader.angle(4, hemisphere: 5, degreeDigits: 3),
                quality: try reader.integer(6) ?? 0, hdop: try reader.number(8), altitudeMeters: try reader.number(9)))
        case "GSA":
            return .gsa(GSA(
                mode: try reader.integer(2), pdop: try reader.number(15), hdop: try reader.number(16),
                vdop: try reader.number(17)))
        default:
            return .other(type)
        }
    }

    static func hex(_ value: UInt8) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}

/// Typed access to a sentence's comma-separated fields; empty fields are `nil`.
private struct FieldReader {
    let fields: [Substring]
    let type: String

    func text(_ index: Int) -> Substring? {
        guard index < fields.count, !fields[index].isEmpty else { return nil }
        return fields[index]
    }

    func number(_ index: Int) throws(NMEASentence.ParseError) -> Double? {
        guard let text = text(index) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw NMEASentence.ParseError(reason: "field \(index) of \(type) (\"\(text)\") is not a number")
        }
        return value
    }

    /// A small whole number (a fix quality, a mode: 0–999,999 in practice): anything else is an error.
    func integer(_ index: Int) throws(NMEASentence.ParseError) -> Int? {
        guard let value = try number(index) else { return nil }
        guard value.rounded() == value, abs(value) < 1_000_000 else {
            throw NMEASentence.ParseError(reason: "field \(index) of \(type) (\"\(text(index) ?? "")\") is not a small whole number")
        }
        return Int(value)
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` with an N/S or E/W field, to signed degrees.
    func angle(_ index: Int, hemisphere: Int, degreeDigits: Int) throws(NMEASentence.ParseError) -> Double? {
        guard let text = text(index) else { return nil }
        guard text.count > degreeDigits, let degrees = Double(text.prefix(degreeDigits)),
            let minutes = Double(text.dropFirst(degreeDigits)), minutes < 60
        else {
            throw NMEASentence.ParseError(reason: "field \(index) of \(type) (\"\(text)\") is not an angle")
        }
        let value = degrees + minutes / 60
        switch self.text(hemisphere) {
        case "N", "E": return value
        case "S", "W": return -value
        case let other:
            throw NMEASentence.ParseError(reason: "field \(hemisphere) of \(type) (\"\(other ?? "")\") is not N, S, E or W")
        }
    }

    /// `hhmmss[.ss]` to seconds since midnight.
    func timeOfDay(_ index: Int) throws(NMEASentence.ParseError) -> Double? {
        guard let text = text(index) else { return nil }
        guard text.count >= 6, let hours = Int(text.prefix(2)), let minutes = Int(text.dropFirst(2).prefix(2)),
            let seconds = Double(text.dropFirst(4)), hours < 24, minutes < 60, seconds < 61
        else {
            throw NMEASentence.ParseError(reason: "field \(index) of \(type) (\"\(text)\") is not a time hhmmss")
        }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` to days since 1970 (years 80–99 are 1980–1999, 00–79 are 2000–2079, as gpsd reads them).
    func date(_ index: Int) throws(NMEASentence.ParseError) -> Int? {
        guard let text = text(index) else { return nil }
        guard text.count == 6, let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
            let year = Int(text.suffix(2)), (1...31).contains(day), (1...12).contains(month)
        else {
            throw NMEASentence.ParseError(reason: "field \(index) of \(type) (\"\(text)\") is not a date ddmmyy")
        }
        return LocalDate.daysSinceEpoch(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
    }
}
