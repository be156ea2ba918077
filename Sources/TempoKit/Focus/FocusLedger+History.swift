import Foundation

/// Fixing history: changes to past sessions, and the checks for instants typed after the fact
/// (`--at`). Same overlap rule as ``FocusLedger/add(start:end:tags:id:importKey:trim:now:)``:
/// no two sessions' focused time may overlap.
extension FocusLedger {
    /// The session with `id`.
    public func session(id: UUID) -> FocusSession? { sessions.first { $0.id == id } }

    /// The sessions that have `tag` among their tags (every session when `tag` is nil).
    public func filtered(tag: String?) -> FocusLedger {
        guard let tag else { return self }
        return FocusLedger(sessions: sessions.filter { $0.hasTag(tag) })
    }

    /// The sessions whose span (first instant to last, an active one up to `now`) reaches into
    /// `[from, to)`; nil bounds are open.
    public func sessions(from: Date?, to: Date?, now: Date) -> [FocusSession] {
        sessions.filter { session in
            guard let start = session.startedAt else { return false }
            return start < (to ?? .distantFuture) && session.lastInstant(at: now) >= (from ?? .distantPast)
        }
    }

    /// Changes a session's start, end or tags. A start moved earlier extends the first
    /// segment, one moved later cuts what came before (a start inside a pause begins at the next
    /// segment); an end likewise at the other side (only a stopped session has an end to move). Refused when the result would be empty,
    /// end after `now`, or overlap another session's focused time (naming it).
    @discardableResult
    public mutating func edit(id: UUID, start: Date?, end: Date?, tags: [String]?, now: Date) throws(FocusError) -> FocusSession {
        guard let index = sessions.firstIndex(where: { $0.id == id }) else { throw .noSuchSession(id.uuidString.lowercased()) }
        var session = sessions[index]
        if let tags { session.tags = tags }
        if start != nil || end != nil {
            if end != nil, session.isActive { throw .activeSessionHasNoEnd(session.displayName) }
            let segments = session.stopwatch.segments
            guard let oldStart = segments.first?.start else { throw .noSuchSession(session.displayName) }
            let newStart = start ?? oldStart
            let newEnd = end ?? session.stoppedAt
            if let newEnd, newEnd <= newStart { throw .endNotAfterStart(start: newStart, end: newEnd) }
            if let newEnd, newEnd > now { throw .endsInFuture(end: newEnd) }
            if newStart > now { throw .endsInFuture(end: newStart) }
            var moved = segments.compactMap { segment -> Stopwatch.Segment? in
                let from = max(segment.start, newStart)
                let to = segment.end.map { end in newEnd.map { min(end, $0) } ?? end }
                if let to, to <= from { return nil }
                return Stopwatch.Segment(start: from, end: to)
            }
            if moved.isEmpty {
                moved = [Stopwatch.Segment(start: newStart, end: newEnd)]
            } else {
                // Only an end moved outwards stretches a segment; one moved into a pause leaves it.
                if newStart < oldStart { moved[0].start = newStart }
                if let newEnd, let oldEnd = session.stoppedAt, newEnd > oldEnd { moved[moved.count - 1].end = newEnd }
            }
            let stopwatch: Stopwatch
            do { stopwatch = try Stopwatch(segments: moved, stoppedAt: newEnd) } catch { throw .stopwatch(error) }
            session.stopwatch = stopwatch
            try checkFree(session.intervals(at: now), except: id, now: now)
        }
        sessions.remove(at: index)
        insert(session)
        return session
    }

    /// Removes a session, active or stopped.
    @discardableResult
    public mutating func delete(id: UUID) throws(FocusError) -> FocusSession {
        guard let index = sessions.firstIndex(where: { $0.id == id }) else { throw .noSuchSession(id.uuidString.lowercased()) }
        return sessions.remove(at: index)
    }

    /// Refuses an instant given with `--at` for a change of the active session (or a start):
    /// after `now`, or before the active session's last recorded instant; and for a start, one
    /// that falls inside another session's focused time.
    public func checkBackdated(_ instant: Date, starting: Bool, now: Date) throws(FocusError) {
        if instant > now { throw .atInFuture(instant) }
        if let active {
            let last = active.lastInstant(at: instant)
            if instant < last { throw .atBeforeLastChange(instant, session: active.displayName, last: last) }
        }
        if starting { try checkFree([DateInterval(start: instant, end: now)], except: active?.id, now: now) }
    }

    /// Throws ``FocusError/conflict(session:start:end:)`` for the first session other than
    /// `except` whose focused time overlaps one of `intervals`.
    func checkFree(_ intervals: [DateInterval], except: UUID?, now: Date) throws(FocusError) {
        for other in sessions where other.id != except {
            for busy in other.intervals(at: now) where intervals.contains(where: { $0.start < busy.end && busy.start < $0.end }) {
                throw .conflict(session: other.displayName, start: busy.start, end: busy.end)
            }
        }
    }
}
