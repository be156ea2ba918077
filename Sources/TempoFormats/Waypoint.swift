import TempoKit

/// A named point stored beside a track (GPX `<wpt>`).
public struct Waypoint: Sendable, Hashable {
    /// The point's name, if it has one.
    public var name: String?
    /// Position and whatever else the file gives for it (time, elevation).
    public var fix: LocationFix

    public init(name: String?, fix: LocationFix) {
        self.name = name
        self.fix = fix
    }
}
