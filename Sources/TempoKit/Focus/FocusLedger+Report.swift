import Foundation

extension FocusLedger {
    /// THE derivation: every total of the ledger at `now`, in one sweep.
    ///
    /// - Parameters:
    ///   - settings: zone, day start, goal and growth thresholds (pass a modified copy to
    ///     re-bucket history in another zone or with another day start).
    ///   - from: first day of the range (default: the first day with a session, else today).
    ///   - to: last day of the range (default: today).
    ///   - now: the instant described (default: the system's present); the active session
    ///     counts up to it.
    /// - Throws: for an unknown zone or a fixed offset.
    ///
    /// Each focused interval is split at day boundaries; wall-clock time covered twice (the
    /// clock went backwards) counts once, for the session that covered it first. Day starts
    /// are computed once per day of the range and sessions are swept in order, so the cost is
    /// linear in days + segments.
    public func report(settings: FocusSettings, from: LocalDate? = nil, to: LocalDate? = nil, now: Date = Date()) throws(DayCalendarError) -> FocusReport {
        let calendar = try settings.calendar()
        let today = calendar.day(containing: now)

        // Focused pieces, ordered by start.
        var pieces: [(start: Double, end: Double, session: Int)] = []
        pieces.reserveCapacity(sessions.count + sessions.count / 2)
        var sorted = true
        let nowSeconds = now.timeIntervalSince1970
        for (index, session) in sessions.enumerated() {
            for segment in session.stopwatch.segments {
                let start = segment.start.timeIntervalSince1970
                let end = segment.end?.timeIntervalSince1970 ?? nowSeconds
                guard end > start else { continue }
                if let last = pieces.last, last.start > start { sorted = false }
                pieces.append((start, end, index))
            }
        }
        if !sorted { pieces.sort { $0.start < $1.start } }

        let historyStart = pieces.first.map { calendar.day(containing: Date(timeIntervalSince1970: $0.start)) } ?? today
        let lastPieceDay = pieces.map(\.end).max().map { calendar.day(containing: Date(timeIntervalSince1970: $0 - 0.000_001)) } ?? today
        let rangeFrom = from ?? min(historyStart, today)
        let rangeTo = to ?? today
        let firstDay = min(historyStart, rangeFrom, today)
        let lastDay = max(lastPieceDay, rangeTo, today)
        let grid = FocusDayGrid(calendar: calendar, firstDay: firstDay, lastDay: lastDay)
        let starts = grid.startSeconds
        let dayCount = grid.dayCount

        var totals = [Double](repeating: 0, count: dayCount)
        var counts = [Int](repeating: 0, count: dayCount)
        var lastSessionOfDay = [Int](repeating: -1, count: dayCount)
        // A session counts under each of its tags (so tag totals may add up to more than the
        // total); an untagged one under nil. (Not a dictionary keyed by `String?`: its first use
        // costs a scan of every protocol conformance in the process, a tenth of `focus status`.)
        var tagTotals: [String: Double] = [:]
        var untaggedTotal: Double?
        var flagged = Set<Int>()
        for (index, session) in sessions.enumerated() where session.clockWentBackwards { flagged.insert(index) }
        let rangeLow = rangeFrom.daysSinceEpoch - firstDay.daysSinceEpoch
        let rangeHigh = rangeTo.daysSinceEpoch - firstDay.daysSinceEpoch

        var covered = -Double.infinity
        var dayIndex = 0
        for piece in pieces {
            var start = piece.start
            if start < covered {
                flagged.insert(piece.session)
                start = covered
            }
            guard piece.end > start else { continue }
            covered = piece.end
            while dayIndex + 1 < dayCount, starts[dayIndex + 1] <= start { dayIndex += 1 }
            var cursor = start
            while cursor < piece.end, dayIndex < dayCount {
                let end = min(piece.end, starts[dayIndex + 1])
                if end > cursor {
                    totals[dayIndex] += end - cursor
                    if lastSessionOfDay[dayIndex] != piece.session {
                        lastSessionOfDay[dayIndex] = piece.session
                        counts[dayIndex] += 1
                    }
                    if dayIndex >= rangeLow, dayIndex <= rangeHigh {
                        let tags = sessions[piece.session].tags
                        if tags.isEmpty { untaggedTotal = (untaggedTotal ?? 0) + end - cursor }
                        for tag in tags { tagTotals[tag, default: 0] += end - cursor }
                    }
                }
                cursor = end
                if cursor >= starts[dayIndex + 1] {
                    if dayIndex + 1 < dayCount { dayIndex += 1 } else { break }
                }
            }
        }

        var days: [FocusReport.Day] = []
        var rangeTotal = 0.0
        if rangeLow <= rangeHigh {
            days.reserveCapacity(rangeHigh - rangeLow + 1)
            for index in max(0, rangeLow)...rangeHigh {
                days.append(FocusReport.Day(
                    date: grid.day(at: index), totalSeconds: totals[index],
                    lengthSeconds: grid.lengthSeconds(at: index), sessionCount: counts[index]))
                rangeTotal += totals[index]
            }
        }

        let todayIndex = today.daysSinceEpoch - firstDay.daysSinceEpoch
        let todaySeconds = totals[todayIndex]
        let meetsGoal = { (seconds: Double) in settings.meetsGoal(total: .seconds(seconds)) }
        var streak = 0
        var cursor = meetsGoal(todaySeconds) ? todayIndex : todayIndex - 1
        while cursor >= 0, meetsGoal(totals[cursor]) {
            streak += 1
            cursor -= 1
        }

        let tags = (tagTotals.map { (key: Optional($0.key), value: $0.value) } + (untaggedTotal.map { [(key: nil, value: $0)] } ?? []))
            .sorted { ($0.value, $1.key ?? "") > ($1.value, $0.key ?? "") }
            .map { FocusReport.Group(key: $0.key, totalSeconds: $0.value, firstDay: rangeFrom, lastDay: rangeTo) }
        return FocusReport(
            settings: settings, now: now, today: today, from: rangeFrom, to: rangeTo, days: days, tags: tags,
            totalSeconds: rangeTotal, todaySeconds: todaySeconds, streakDays: streak,
            streakReachesHistoryStart: streak > 0 && cursor < 0,
            growthStage: settings.growthStage(for: .seconds(todaySeconds)),
            flaggedSessionIDs: flagged.sorted().map { sessions[$0].id })
    }
}
