import Foundation

/// One focus session: a ``Stopwatch`` (start, pauses, stop) with its tags (none, one or several).
///
/// Instants are wall-clock `Date`s supplied by the caller. A session whose stopwatch recorded
/// an instant before the previous one (the wall clock was set back) is kept and flagged
/// (``clockWentBackwards``); such backwards intervals count as zero, never negative.
public struct FocusSession: Sendable, Hashable, Identifiable, Codable {
    /// Generated where the session is created, so sessions made on two devices merge.
    public let id: UUID
    /// Free labels (`thesis`, `writing`), in the order given; no empty or repeated tag
    /// (``FocusSession/normalized(_:)``).
    public var tags: [String] {
        didSet { tags = FocusSession.normalized(tags) }
    }
    /// The running periods of the session.
    public var stopwatch: Stopwatch
    /// For imported sessions, the key that makes importing the same record twice add nothing.
    public var importKey: String?

    /// A session from its parts; `tags` are normalized.
    public init(id: UUID = UUID(), tags: [String], stopwatch: Stopwatch, importKey: String? = nil) {
        self.id = id
        self.tags = FocusSession.normalized(tags)
        self.stopwatch = stopwatch
        self.importKey = importKey
    }

    /// A session with at most one tag (older callers and documents that carry a single `tag`).
    public init(id: UUID = UUID(), tag: String?, stopwatch: Stopwatch, importKey: String? = nil) {
        self.init(id: id, tags: tag.map { [$0] } ?? [], stopwatch: stopwatch, importKey: importKey)
    }

    /// The first tag: what a document with a single `tag` field carries (kept for old clients).
    public var tag: String? { tags.first }

    /// Whether `tag` is one of the session's tags.
    public func hasTag(_ tag: String) -> Bool { tags.contains(tag) }

    /// `tags` without U+001F, surrounding white space, empty tags and repeats, in their first order.
    public static func normalized(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.compactMap { tag in
            if isPlain(tag) { return seen.insert(tag).inserted ? tag : nil }
            // U+001F (the unit separator, which a store uses between tags) becomes a space;
            // other text is kept as given (terminals escape it when printing).
            let trimmed = tag.replacingOccurrences(of: "\u{1F}", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            return !trimmed.isEmpty && seen.insert(trimmed).inserted ? trimmed : nil
        }
    }

    /// True when ``normalized(_:)`` keeps `tag` as it is: it starts and ends with visible ASCII
    /// (nothing to trim) and holds no U+001F. Most tags are, and the check is much cheaper.
    private static func isPlain(_ tag: String) -> Bool {
        func visible(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { $0.value > 0x20 && $0.value < 0x7F } ?? false }
        let scalars = tag.unicodeScalars
        return visible(scalars.first) && visible(scalars.last) && !scalars.contains("\u{1F}")
    }

    /// When the session started (its first segment's start).
    public var startedAt: Date? { stopwatch.startedAt }
    /// When the session was stopped, or nil while it is running or paused.
    public var stoppedAt: Date? { stopwatch.stoppedAt }
    /// Running or paused: not yet stopped.
    public var isActive: Bool { stopwatch.state == .running || stopwatch.state == .paused }

    /// The time focused at `now` (the open segment counts up to `now`); never negative.
    public func duration(at now: Date) -> Duration { stopwatch.elapsed(at: now) }

    /// Whether the wall clock went backwards while the session was recorded.
    public var clockWentBackwards: Bool { stopwatch.wallClockWentBackwards }

    /// The last instant the session reaches at `now`: the stop instant, or `now` while running.
    public func lastInstant(at now: Date) -> Date {
        var last = stopwatch.startedAt ?? now
        for segment in stopwatch.segments {
            last = max(last, segment.start, segment.end ?? now)
        }
        if let stoppedAt = stopwatch.stoppedAt { last = max(last, stoppedAt) }
        return last
    }

    /// The wall-clock intervals the session focused at `now`, in recorded order; backwards
    /// (negative) and empty intervals are left out.
    public func intervals(at now: Date) -> [DateInterval] {
        stopwatch.segments.compactMap { segment in
            let end = segment.end ?? now
            return end > segment.start ? DateInterval(start: segment.start, end: end) : nil
        }
    }

    /// The first eight hex digits of the id, enough to name a session on the command line.
    public var shortID: String { id.shortText }

    /// `tag, tag (id)` or just the short id.
    public var displayName: String { tags.isEmpty ? shortID : "\(tags.joined(separator: ", ")) (\(shortID))" }
}
