import Foundation

extension FocusLedger {
    /// The totals of the days `from…to` (inclusive) that have focus, counting closed segments
    /// only (an open segment's end is not known yet: it is counted by the status that reads
    /// these totals, from the active session it holds).
    ///
    /// The ledger must hold every session with focus in the range; the numbers come from
    /// ``report(settings:from:to:now:)``, the one derivation.
    public func dayTotals(settings: FocusSettings, from: LocalDate, to: LocalDate) throws(DayCalendarError) -> [FocusDayTotal] {
        guard from <= to else { return [] }
        let calendar = try settings.calendar()
        let closed = FocusLedger(sessions: sessions.compactMap(\.closedPart))
        let end = calendar.start(of: to.adding(days: 1))
        let report = try closed.report(settings: settings, from: from, to: to, now: end)
        return report.days.filter { $0.totalSeconds > 0 }.map {
            FocusDayTotal(date: $0.date, totalSeconds: $0.totalSeconds, sessionCount: $0.sessionCount)
        }
    }

    /// The status at `now` from part of the history: this ledger holds every session with focus
    /// on `firstWholeDay` or later, and the days before it are known only by their stored
    /// totals. `totalsBefore(day, limit)` returns at most `limit` stored totals of days before
    /// `day`, newest first (days without focus may be missing).
    ///
    /// The numbers are those of ``status(settings:now:)`` over the whole history, as long as
    /// the stored totals are (``dayTotals(settings:from:to:)``) and no open segment began
    /// before `firstWholeDay`. The streak reads O(its length) stored days, in growing batches.
    public func status(
        settings: FocusSettings, now: Date, firstWholeDay: LocalDate,
        totalsBefore: (LocalDate, Int) throws -> [FocusDayTotal]
    ) throws -> FocusStatus {
        let calendar = try settings.calendar()
        let today = calendar.day(containing: now)
        let wholeFrom = min(firstWholeDay, today)
        let recent = try report(settings: settings, from: wholeFrom, to: today, now: now)
        var streak = 0
        var day = settings.meetsGoal(total: recent.todayTotal) ? today : today.adding(days: -1)
        var index = day.daysSinceEpoch - wholeFrom.daysSinceEpoch
        while index >= 0, settings.meetsGoal(total: recent.days[index].total) {
            streak += 1
            index -= 1
            day = day.adding(days: -1)
        }
        var reachesHistoryStart = false
        if index < 0 {
            var limit = Self.streakBatchDays
            reading: while true {
                let older = try totalsBefore(day.adding(days: 1), limit)
                for total in older {
                    guard total.date == day, settings.meetsGoal(total: total.total) else { break reading }
                    streak += 1
                    day = day.adding(days: -1)
                }
                if older.count < limit {
                    reachesHistoryStart = streak > 0
                    break
                }
                limit *= 4
            }
        }
        let todayReport = try report(settings: settings, from: today, to: today, now: now)
        let session = active
        return FocusStatus(
            session: session, sessionElapsed: session?.duration(at: now) ?? .zero,
            report: todayReport.with(streakDays: streak, reachingHistoryStart: reachesHistoryStart))
    }

    /// The stored days a streak first reads; each further batch is four times larger.
    public static let streakBatchDays = 64
}

extension FocusSession {
    /// The session as far as its closed segments go (stopped at the last one's end); nil when
    /// it has none.
    var closedPart: FocusSession? {
        let closed = stopwatch.segments.filter { $0.end != nil }
        guard let last = closed.last?.end else { return nil }
        if closed.count == stopwatch.segments.count, stopwatch.stoppedAt != nil { return self }
        // Closed segments in order, ending at the last one's end: a valid stopped history.
        guard let part = try? Stopwatch(segments: closed, stoppedAt: last) else { return nil }
        return FocusSession(id: id, tag: tag, stopwatch: part, importKey: importKey)
    }
}

extension FocusReport {
    /// The same report with another streak (one read from stored day totals).
    func with(streakDays: Int, reachingHistoryStart: Bool) -> FocusReport {
        FocusReport(
            settings: settings, now: now, today: today, from: from, to: to, days: days, tags: tags,
            totalSeconds: totalSeconds, todaySeconds: todaySeconds, streakDays: streakDays,
            streakReachesHistoryStart: reachingHistoryStart, growthStage: growthStage,
            flaggedSessionIDs: flaggedSessionIDs)
    }
}
