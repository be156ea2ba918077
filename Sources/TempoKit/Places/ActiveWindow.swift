import Foundation

/// When a place counts: the half-open interval `[from, until)` of instants, either end open.
///
/// Seed 004 checks a ticket's dates before monitoring; a window does the same for a place. The
/// monitor judges it on each fix's time (never a clock): outside the window the condition's
/// state is still followed (so the hysteresis holds) but nothing is reported and no badge is
/// awarded. See `MonitorCore` for what happens when a window opens or closes.
public struct ActiveWindow: Sendable, Hashable, Codable {
    /// The first instant the place counts (UTC); `nil` for "since ever".
    public let from: Date?
    /// The first instant the place no longer counts (UTC); `nil` for "for ever".
    public let until: Date?

    /// A window that is always open.
    public static let always = ActiveWindow(unchecked: nil, until: nil)

    /// Validates and builds a window.
    ///
    /// - Throws: `PlaceError.invalidWindow` when `until` is not after `from`.
    public init(from: Date?, until: Date?) throws(PlaceError) {
        if let from, let until, until <= from { throw .invalidWindow(from: from, until: until) }
        self.init(unchecked: from, until: until)
    }

    init(unchecked from: Date?, until: Date?) {
        self.from = from
        self.until = until
    }

    /// Whether neither end is set.
    public var isAlways: Bool { from == nil && until == nil }

    /// Whether the place counts at `instant`: `from ≤ instant < until`.
    @inlinable
    public func contains(_ instant: Date) -> Bool {
        if let from, instant < from { return false }
        if let until, instant >= until { return false }
        return true
    }
}
