import Foundation
import TempoKit

/// Records a live run: feeds fixes and commands to a `RunRecorder` and commits them to the store
/// as they arrive, fixes batched for at most one second, so a killed process loses at most the
/// last second and leaves a run that `continue` can pick up.
///
/// The fixes come from any `AsyncSequence` (gpsd, NMEA, a replay, or a test), so other consumers
/// (e.g. a place monitor) can be attached to the same source by the caller.
public struct RunRecording: Sendable {
    /// What the loop reacts to.
    public enum Input: Sendable {
        /// A fix from the source.
        case fix(LocationFix)
        /// A runner's command (key press).
        case command(RunAction)
        /// A display refresh and batch deadline (about once a second).
        case tick
        /// The source's track segment ended (a replayed file's `<trkseg>`, a FIT timer stop):
        /// the run pauses until the next fix, exactly as file analysis treats segments.
        case segmentEnded
        /// The source ended (cleanly, or with the error).
        case sourceEnded((any Error)?)
    }

    /// How a recording ended.
    public enum Ending: Sendable {
        /// The source ended or the runner stopped; the run is finished and stored.
        case finished(RunSummary)
        /// The source failed; what was committed stays, and the run can be continued.
        case interrupted(any Error)
    }

    /// The store the run is committed to.
    public let database: AppDatabase
    /// The run's header (already stored by `start` or loaded for `continue`).
    public let run: RunRecord
    /// Wall clock, injected.
    public let now: @Sendable () -> Date

    private var recorder: RunRecorder
    private var sports: SportTimeline
    private var fixCount: Int
    private var eventCount: Int
    private var pendingFixes: [LocationFix] = []
    private var pendingEvents: [(seq: Int, event: StoredRun.Event)] = []
    private var lastFlush: Date
    private var lastFixTime: Date?

    /// Starts a new live run: stores its header.
    ///
    /// `sport` is the sport's name (`nil`: inferred from the speeds); `sportChanges` are where it
    /// changes (a replayed multisport file's sessions), each given to the recorder with the first
    /// fix at or after it.
    public static func start(
        database: AppDatabase, sourceName: String, settings: RunSettings = RunSettings(), sport: String? = nil,
        sportChanges: [SportChange] = [], now: @escaping @Sendable () -> Date
    ) throws(StoreError) -> RunRecording {
        let record = RunRecord(source: .live, sourceName: sourceName, sport: sport, createdAt: now(), autoPause: settings.autoPause)
        try database.beginLiveRun(record, sportChanges: sportChanges)
        let stored = StoredRun(record: record, fixes: [], events: [], lapStarts: [], sportChanges: sportChanges)
        return RunRecording(database: database, stored: stored, now: now)
    }

    /// Continues an unfinished run: rebuilds its recorder from what was committed, and pauses
    /// it from its last fix until the first new fix (the time the process was dead is not running).
    public static func resume(database: AppDatabase, stored: StoredRun, now: @escaping @Sendable () -> Date) -> RunRecording {
        var recording = RunRecording(database: database, stored: stored, now: now)
        if recording.recorder.state == .running, let last = stored.fixes.last?.fix.time ?? stored.events.last?.at {
            recording.command(.pause, at: last)
            recording.resumeOnNextFix = true
        } else if recording.recorder.state == .paused {
            recording.resumeOnNextFix = true
        }
        return recording
    }

    private var resumeOnNextFix = false
    private var lastArrival: Date?
    /// When set, the run stops by itself once no fix has arrived for this many seconds (wall clock).
    public var idleStopSeconds: Double?

    private init(database: AppDatabase, stored: StoredRun, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.run = stored.record
        self.now = now
        recorder = stored.recorder()
        sports = SportTimeline(stored.sportChanges)
        // The changes the stored fixes already reached are the recorder's.
        if let last = stored.fixes.last(where: { $0.fix.time != nil })?.fix.time { sports.advance(to: last, recorder: &recorder) }
        fixCount = stored.fixes.count
        eventCount = stored.events.count
        lastFlush = now()
        lastFixTime = stored.fixes.last?.fix.time
    }

    /// The recorder as it stands (for a display).
    public var state: RunRecorder { recorder }

    /// The live numbers at the latest known instant.
    public func progress(splitUnit: SplitUnit = .kilometer) -> RunProgress {
        recorder.progress(at: lastFixTime ?? now(), splitUnit: splitUnit)
    }

    /// Handles one input; returns the ending once the run is over.
    public mutating func handle(_ input: Input) throws(StoreError) -> Ending? {
        switch input {
        case .fix(let fix):
            lastArrival = now()
            if recorder.state == .idle {
                // A live run starts at its first timed fix: the fixes' clock is the run's clock.
                guard let time = fix.time else { return nil }
                command(.start, at: time)
            }
            if resumeOnNextFix {
                resumeOnNextFix = false
                // Never before the pause: a source replayed from its start is filtered as old fixes.
                let at = fix.time ?? now()
                command(.resume, at: max(at, recorder.stopwatch.segments.last?.end ?? at))
            }
            if let time = fix.time { sports.advance(to: time, recorder: &recorder) }
            recorder.ingest(fix)
            pendingFixes.append(fix)
            fixCount += 1
            if let time = fix.time { lastFixTime = time }
            if now().timeIntervalSince(lastFlush) >= 1 { try flush() }
        case .command(let action):
            guard recorder.state != .idle else { return nil }
            if action == .stop { return try finish() }
            command(action, at: commandInstant())
            try flush()
        case .tick:
            if !pendingFixes.isEmpty || !pendingEvents.isEmpty { try flush() }
            if let idleStopSeconds, recorder.state != .idle, let lastArrival,
               now().timeIntervalSince(lastArrival) >= idleStopSeconds {
                return try finish()
            }
        case .segmentEnded:
            guard recorder.state == .running, let last = lastFixTime else { return nil }
            command(.pause, at: last)
            resumeOnNextFix = true
        case .sourceEnded(let error):
            if let error {
                try flush()
                return .interrupted(error)
            }
            return try finish()
        }
        return nil
    }

    /// Commits what is pending in one transaction.
    public mutating func flush() throws(StoreError) {
        if !pendingFixes.isEmpty || !pendingEvents.isEmpty {
            try database.appendToLiveRun(id: run.id, fixes: pendingFixes, firstSeq: fixCount - pendingFixes.count, events: pendingEvents)
            pendingFixes.removeAll(keepingCapacity: true)
            pendingEvents.removeAll()
        }
        lastFlush = now()
    }

    /// Commands are stamped in the fixes' time frame (a replay runs in the file's past), so the
    /// latest fix time is used when there is one.
    private func commandInstant() -> Date {
        lastFixTime ?? now()
    }

    private mutating func command(_ action: RunAction, at instant: Date) {
        do {
            if action == .start { try recorder.start(at: instant) } else { try recorder.apply(action, at: instant) }
        } catch {
            return  // a command that makes no sense now (resume while running) changes nothing
        }
        pendingEvents.append((eventCount, StoredRun.Event(action: action, at: instant, fixCount: fixCount)))
        eventCount += 1
    }

    private mutating func finish() throws(StoreError) -> Ending {
        if recorder.state == .running || recorder.state == .paused {
            command(.stop, at: commandInstant())
        }
        try flush()
        let summary = RunSummary(recorder: recorder, at: lastFixTime, sportChanges: sports.changes)
        try database.finishLiveRun(id: run.id, summary: summary)
        return .finished(summary)
    }

    /// Runs the whole loop: merges `fixes`, `commands` and a once-a-second tick on `clock`,
    /// calling `display` after every command and tick, until the source ends or the runner stops.
    ///
    /// `fixes` is any asynchronous sequence (gpsd, NMEA, a test's stream), so the caller can
    /// share one source between this recording and other consumers.
    public static func run<Fixes: AsyncSequence & Sendable, C: Clock>(
        _ recording: RunRecording, fixes: Fixes, commands: AsyncStream<RunAction>, clock: C,
        display: @escaping @Sendable (RunRecording) -> Void
    ) async throws(StoreError) -> Ending where Fixes.Element == LocationFix, C.Duration == Duration {
        try await run(recording, sourceInputs: fixes.map { Input.fix($0) }, commands: commands, clock: clock, display: display)
    }

    /// The same loop over a source that also reports segment ends (`.fix` and `.segmentEnded`
    /// inputs), e.g. a replayed file whose segments must not be joined.
    public static func run<Source: AsyncSequence & Sendable, C: Clock>(
        _ recording: RunRecording, sourceInputs: Source, commands: AsyncStream<RunAction>, clock: C,
        display: @escaping @Sendable (RunRecording) -> Void
    ) async throws(StoreError) -> Ending where Source.Element == Input, C.Duration == Duration {
        var recording = recording
        let (inputs, continuation) = AsyncStream<Input>.makeStream(bufferingPolicy: .unbounded)
        let source = Task {
            do {
                for try await input in sourceInputs { continuation.yield(input) }
                continuation.yield(.sourceEnded(nil))
            } catch {
                continuation.yield(.sourceEnded(error))
            }
        }
        let keys = Task {
            for await action in commands { continuation.yield(.command(action)) }
        }
        let ticker = Task { for await _ in Ticker.everySecond(on: clock).dropFirst() { continuation.yield(.tick) } }
        defer {
            source.cancel()
            keys.cancel()
            ticker.cancel()
            continuation.finish()
        }
        for await input in inputs {
            if let ending = try recording.handle(input) {
                display(recording)
                return ending
            }
            if case .command = input { display(recording) } else if case .tick = input { display(recording) }
        }
        return try recording.finish()
    }
}
