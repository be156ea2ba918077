import Foundation

/// The one ledger of focus sessions; every total is derived from it on demand.
///
/// A pure value: every change takes the instant it happens at (`now`), supplied by the caller.
/// At most one session is active (running or paused); starting another stops it at that
/// instant. Nothing is ever reset or deleted by time. A ledger may hold only part of the
/// history (the sessions a store loaded for one command); derived numbers then cover that part.
public struct FocusLedger: Sendable, Hashable {
    /// The sessions, ordered by start (changed only through the ledger's methods).
    public internal(set) var sessions: [FocusSession]

    /// A ledger of `sessions` (in any order).
    public init(sessions: [FocusSession] = []) {
        self.sessions = sessions.sorted(by: FocusLedger.startOrder)
    }

    /// The running or paused session, if any.
    public var active: FocusSession? { sessions.last(where: \.isActive) }

    /// Starts a session at `now`; a session already active is stopped at the same instant.
    /// Returns the stopped session (if any) and the new one.
    ///
    /// `now` (here and in every operation of the ledger) defaults to the system's present; pass
    /// your own clock's reading to make the ledger deterministic.
    @discardableResult
    public mutating func start(tags: [String] = [], id: UUID = UUID(), at now: Date = Date()) -> (stopped: FocusSession?, started: FocusSession) {
        let stopped = try? stop(at: now)
        var stopwatch = Stopwatch()
        // An idle stopwatch always starts.
        try? stopwatch.start(at: now)
        let session = FocusSession(id: id, tags: tags, stopwatch: stopwatch)
        insert(session)
        return (stopped, session)
    }

    /// Pauses the running session.
    @discardableResult
    public mutating func pause(at now: Date = Date()) throws(FocusError) -> FocusSession {
        try changeActive { (stopwatch: inout Stopwatch) throws(StopwatchError) in try stopwatch.pause(at: now) }
    }

    /// Resumes the paused session.
    @discardableResult
    public mutating func resume(at now: Date = Date()) throws(FocusError) -> FocusSession {
        try changeActive { (stopwatch: inout Stopwatch) throws(StopwatchError) in try stopwatch.resume(at: now) }
    }

    /// Stops the active session for good.
    @discardableResult
    public mutating func stop(at now: Date = Date()) throws(FocusError) -> FocusSession {
        try changeActive { (stopwatch: inout Stopwatch) throws(StopwatchError) in try stopwatch.stop(at: now) }
    }

    /// Removes the active session as if it never happened (the user's choice, never time's).
    @discardableResult
    public mutating func cancel() throws(FocusError) -> FocusSession {
        guard let index = sessions.lastIndex(where: \.isActive) else { throw .noActiveSession }
        return sessions.remove(at: index)
    }

    /// Adds a past session `[start, end)`.
    ///
    /// An overlap with the focused time of another session (an active one counts up to `now`)
    /// is refused, naming that session, unless `trim` is set: then only the parts of
    /// `[start, end)` no session covers are added, as the segments of one session.
    @discardableResult
    public mutating func add(
        start: Date, end: Date, tags: [String] = [], id: UUID = UUID(), importKey: String? = nil,
        trim: Bool = false, now: Date = Date()
    ) throws(FocusError) -> FocusSession {
        guard end > start else { throw .endNotAfterStart(start: start, end: end) }
        guard end <= now else { throw .endsInFuture(end: end) }
        var pieces = [DateInterval(start: start, end: end)]
        for session in sessions {
            for busy in session.intervals(at: now) where busy.start < end && busy.end > start {
                guard trim else { throw .overlap(session: session.displayName, start: busy.start, end: busy.end) }
                pieces = pieces.flatMap { piece -> [DateInterval] in
                    guard busy.start < piece.end, busy.end > piece.start else { return [piece] }
                    var left: [DateInterval] = []
                    if busy.start > piece.start { left.append(DateInterval(start: piece.start, end: busy.start)) }
                    if busy.end < piece.end { left.append(DateInterval(start: busy.end, end: piece.end)) }
                    return left
                }
            }
        }
        pieces.sort { $0.start < $1.start }
        guard let last = pieces.last else { throw .fullyCovered }
        let segments = pieces.map { Stopwatch.Segment(start: $0.start, end: $0.end) }
        let stopwatch: Stopwatch
        do { stopwatch = try Stopwatch(segments: segments, stoppedAt: last.end) } catch { throw .stopwatch(error) }
        let session = FocusSession(id: id, tags: tags, stopwatch: stopwatch, importKey: importKey)
        insert(session)
        return session
    }

    /// Inserts a stored or imported session as it is (no checks).
    public mutating func insert(_ session: FocusSession) {
        let index = sessions.partitioningIndex { FocusLedger.startOrder(session, $0) }
        sessions.insert(session, at: index)
    }

    private mutating func changeActive(_ change: (inout Stopwatch) throws(StopwatchError) -> Void) throws(FocusError) -> FocusSession {
        guard let index = sessions.lastIndex(where: \.isActive) else { throw .noActiveSession }
        do { try change(&sessions[index].stopwatch) } catch { throw .stopwatch(error) }
        return sessions[index]
    }

    static func startOrder(_ a: FocusSession, _ b: FocusSession) -> Bool {
        let left = a.startedAt ?? .distantPast, right = b.startedAt ?? .distantPast
        if left != right { return left < right }
        // Ties are rare; the id only makes the order total.
        return a.id.uuidString < b.id.uuidString
    }
}

extension Array {
    /// The first index whose element satisfies `belongsAfter`, for an array partitioned by it.
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongsAfter(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
