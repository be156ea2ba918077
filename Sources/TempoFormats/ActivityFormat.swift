import Foundation

/// The activity file formats Tempo reads.
public enum ActivityFormat: String, Sendable, Hashable, CaseIterable {
    /// GPS Exchange Format 1.0 or 1.1.
    case gpx
    /// Garmin Training Center XML.
    case tcx
    /// Garmin/ANT Flexible and Interoperable Data Transfer (binary).
    case fit
    /// NMEA 0183 sentences, one per line.
    case nmea

    /// The format a file name's extension names (`.gpx`, `.tcx`, `.fit`, `.nmea`/`.txt`/`.log`), case-insensitive.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "gpx": self = .gpx
        case "tcx": self = .tcx
        case "fit": self = .fit
        case "nmea", "txt", "log": self = .nmea
        default: return nil
        }
    }

    /// The root element of an XML format (`gpx`, `TrainingCenterDatabase`); nil for the others.
    var rootElement: String? {
        switch self {
        case .gpx: "gpx"
        case .tcx: "TrainingCenterDatabase"
        case .fit, .nmea: nil
        }
    }

    /// The format's name as people write it (GPX, TCX, FIT, NMEA).
    var name: String { rawValue.uppercased() }

    /// Guesses the format from the first bytes of a file (at least the first 1 KiB for XML).
    public init?(sniffing head: some Collection<UInt8>) {
        let bytes = Array(head.prefix(4096))
        if bytes.count >= 12, bytes[8] == UInt8(ascii: "."), bytes[9] == UInt8(ascii: "F"),
            bytes[10] == UInt8(ascii: "I"), bytes[11] == UInt8(ascii: "T")
        {
            self = .fit
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("<TrainingCenterDatabase") {
            self = .tcx
        } else if text.contains("<gpx") {
            self = .gpx
        } else if text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).first == "$" {
            self = .nmea
        } else {
            return nil
        }
    }
}
