import Foundation
import TempoKit

/// The rules around one live recording: whether it starts a new run or continues the one a
/// killed recorder left unfinished, and what is kept when its source fails.
///
/// Resume rule: at most one run is unfinished. Continuing it rebuilds its recorder from what was
/// committed and counts the time the recorder was dead as a pause (``RunRecording/resume(database:stored:now:)``);
/// otherwise it is closed as it stands (its summary stored) and a new run starts.
///
/// Failure rule: broken input, or a source that failed before the new run's first fix, stores
/// nothing (the run is deleted); otherwise what was committed stays, to be continued.
public struct RunRecordingSession: Sendable {
    /// What to do with a run an earlier recording left unfinished.
    public enum Unfinished: Sendable, Equatable {
        /// Continue it (the caller was told to).
        case resume
        /// Close it as it stands and start a new run.
        case startNew
    }

    /// What the caller was told to do about an unfinished run.
    public enum Choice: Sendable {
        /// Continue the unfinished run; there must be one.
        case resume
        /// Close any unfinished run and start a new one.
        case startNew
        /// Start a new run if nothing is unfinished; otherwise ask `decide` (e.g. the person at a
        /// terminal), which may throw to refuse.
        case decide(@Sendable (StoredRun) throws -> Unfinished)
    }

    /// What a new run is.
    public struct Plan: Sendable {
        /// Where the fixes come from, as shown to a person (`gpsd 127.0.0.1:2947`).
        public var sourceName: String
        /// Auto-pause and the other recorder settings.
        public var settings: RunSettings
        /// The sport's name (`nil`: inferred from the speeds).
        public var sport: String?
        /// Where the sport changes (a replayed multisport file's sessions).
        public var sportChanges: [SportChange]

        /// A plan for a new run.
        public init(sourceName: String, settings: RunSettings, sport: String?, sportChanges: [SportChange]) {
            self.sourceName = sourceName
            self.settings = settings
            self.sport = sport
            self.sportChanges = sportChanges
        }
    }

    /// What is left of a recording once it ended.
    public enum Outcome: Sendable {
        /// The run ended and is stored, finished.
        case finished(StoredRun)
        /// The source failed; what was recorded is kept in this run, to be continued.
        case kept(StoredRun, any Error)
        /// The source failed and nothing was stored.
        case discarded(any Error)
    }

    /// The recording to drive (``RunRecording/run(_:sourceInputs:commands:clock:display:)``).
    public var recording: RunRecording
    /// True when this session continues a run left unfinished.
    public let isResumed: Bool

    /// Starts or continues a run by the resume rule; `now` is the caller's wall clock.
    ///
    /// - Throws: ``RunRecordingError/nothingToContinue`` for `.resume` when nothing is
    ///   unfinished; whatever `decide` throws; the store's errors.
    public static func begin(
        database: AppDatabase, plan: Plan, choice: Choice, now: @escaping @Sendable () -> Date
    ) throws -> RunRecordingSession {
        let start = { () throws(StoreError) -> RunRecording in
            try RunRecording.start(database: database, sourceName: plan.sourceName, settings: plan.settings, sport: plan.sport,
                                   sportChanges: plan.sportChanges, now: now)
        }
        guard let unfinished = try database.unfinishedRun() else {
            if case .resume = choice { throw RunRecordingError.nothingToContinue }
            return RunRecordingSession(recording: try start(), isResumed: false)
        }
        let decision: Unfinished = switch choice {
        case .resume: .resume
        case .startNew: .startNew
        case .decide(let decide): try decide(unfinished)
        }
        if decision == .resume {
            return RunRecordingSession(recording: RunRecording.resume(database: database, stored: unfinished, now: now), isResumed: true)
        }
        try database.finishLiveRun(id: unfinished.record.id, summary: unfinished.summary())
        return RunRecordingSession(recording: try start(), isResumed: false)
    }

    /// Applies the failure rule to how the recording ended; `inputIsBroken` says the source's
    /// error is broken input (a file that cannot be read), not a lost connection.
    public func end(_ ending: RunRecording.Ending, inputIsBroken: @Sendable (any Error) -> Bool) throws(StoreError) -> Outcome {
        let id = recording.run.id.uuidString
        let stored = try recording.database.run(matching: id)
        switch ending {
        case .finished:
            return .finished(stored)
        case .interrupted(let error):
            guard inputIsBroken(error) || (!isResumed && stored.fixes.isEmpty) else { return .kept(stored, error) }
            try recording.database.deleteRun(matching: id)
            return .discarded(error)
        }
    }
}
