import Foundation

/// Why a place, a condition or a monitor operation was refused, in words a person understands.
public enum PlaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The centre is not a valid WGS84 coordinate (degrees out of range or not finite).
    case invalidCenter(latitude: Double, longitude: Double)
    /// The radius is not finite or outside 1 m … 1,000 km (metres as given).
    case invalidRadius(Double)
    /// The dwell time is negative or not finite (seconds as given).
    case invalidDwell(Double)
    /// The exit buffer is negative or not finite (metres as given).
    case invalidExitBuffer(Double)
    /// A validity window whose end is not after its start (UTC instants as given).
    case invalidWindow(from: Date, until: Date)
    /// An identifier is empty.
    case emptyIdentifier
    /// A place's name is empty.
    case emptyName
    /// The injected persistence failed; the message is its own.
    case persistence(String)

    /// The message, in one line.
    public var description: String {
        switch self {
        case .invalidCenter(let latitude, let longitude):
            "\(latitude),\(longitude) is not a valid coordinate (latitude −90…90, longitude −180…180)"
        case .invalidRadius(let radius):
            "radius \(radius) m is not between 1 m and 1,000 km"
        case .invalidDwell(let seconds): "dwell time \(seconds) s must be a finite number of seconds ≥ 0"
        case .invalidExitBuffer(let meters): "exit buffer \(meters) m must be a finite number of metres ≥ 0"
        case .invalidWindow(let from, let until):
            "active_until \(ISO8601Time.format(until)) must be after active_from \(ISO8601Time.format(from))"
        case .emptyIdentifier: "a condition needs a non-empty identifier"
        case .emptyName: "a place needs a name; the name given is empty"
        case .persistence(let message): "cannot save the monitor's state: \(message)"
        }
    }
}
