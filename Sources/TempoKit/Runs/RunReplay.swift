import Foundation

/// File analysis fed fix by fix, as a file is parsed: the streaming form of `RunAnalysis`.
///
/// Gives exactly what `RunAnalysis.record(segments:lapStarts:sportChanges:settings:)` gives for the same
/// segments: the run starts at the first timed fix and stops at the last one; between two
/// segments the time from the last timed fix of one to the first timed fix of the next is a
/// pause. Only what those rules need is held back: fixes without times before the run's first
/// time, or at the head of a segment before its first time (none in an ordinary file).
/// Laps are instants (UTC) where the second and later laps start, and sport changes are instants
/// where a multisport file's next part begins; both must be known up front. The recorder gets a
/// change's sport with the first fix at or after its instant (a change at or before the first fix
/// is the sport the run starts with).
public struct RunReplay: Sendable {
    /// The recorder being fed.
    public private(set) var recorder: RunRecorder
    /// The geodesic length of the track as drawn (every valid fix, segment by segment), metres.
    public var unfilteredDistanceMeters: Double { drawn.meters }
    /// Whether `unfilteredDistanceMeters` is measured as fixes are fed. A caller that measures it
    /// apart, on another thread (`RunAnalysis.summarize`; `ActivityFile.summary` while it reads),
    /// turns it off and sets the summary's `unfilteredDistanceMeters` itself (`DrawnLength`).
    public var measuresUnfilteredDistance = true
    /// Whether the recorder keeps each fix's sensor readings as it is fed. Every fix a replay is
    /// fed reaches its recorder while the run is running, in the order fed, so a caller may keep
    /// them apart instead, on another thread (`ActivityFile.summary` while it reads): it turns this
    /// off before `reserveCapacity(_:)` and passes its `SensorLog` to `summary(splitUnit:sensorLog:)`.
    public var logsSensors: Bool {
        get { recorder.logsSensors }
        set { recorder.logsSensors = newValue }
    }
    /// Whether the recorder's samples keep each fix's coordinate. No summary reads one: a caller
    /// that wants only the summary (`ActivityFile.summary`) turns this off before the first fix,
    /// and 16 of a sample's 60 bytes are never written (the samples' coordinates are then NaN).
    public var keepsPositions: Bool {
        get { recorder.keepsPositions }
        set { recorder.keepsPositions = newValue }
    }

    private var lapStarts: [Date]
    private var nextLap = 0
    private var sports: SportTimeline
    private var started = false
    /// The next fix begins a new segment.
    private var boundary = false
    private var segmentHasFixes = false
    /// Last timed fix of the current segment, and of the whole track.
    private var segmentLastTime: Date?
    private var lastTime: Date?
    /// A boundary waits for the new segment's first time: the previous segment's last time.
    private var awaitingResume: Date?
    private var held: [Held] = []
    private var drawn = DrawnLength()

    private enum Held: Sendable {
        case fix(LocationFix)
        case endSegment
    }

    /// A replay with `lapStarts` and `sportChanges` (instants, UTC, in any order) and `settings`
    /// (whose sport holds until the first change).
    public init(lapStarts: [Date] = [], sportChanges: [SportChange] = [], settings: RunSettings = RunSettings()) {
        recorder = RunRecorder(settings: settings)
        self.lapStarts = lapStarts.sorted()
        sports = SportTimeline(sportChanges)
    }

    /// Makes room for `fixes` accepted fixes in the recorder at once (when the caller knows how many
    /// there are at most), instead of growing the columns step by step.
    public mutating func reserveCapacity(_ fixes: Int) {
        recorder.reserveCapacity(fixes)
    }

    /// The pages of the columns `reserveCapacity(_:)` reserved, for a thread with time to spare to
    /// have them provided before the recorder writes the samples (`SamplePagesAhead`). It takes
    /// the reservation as it is now: called after `reserveCapacity(_:)`, before the first fix.
    public func samplePagesAhead() -> SamplePagesAhead { recorder.samplePagesAhead() }

    /// Makes room for exactly the `fixes` fixes that will be added (`RunRecorder.reserveCapacity(_:hugePages:)`).
    mutating func reserveCapacity(exactly fixes: Int) {
        recorder.reserveCapacity(fixes, hugePages: true)
    }

    /// Ends the current segment; the next fix begins a new one (empty segments do not count).
    public mutating func endSegment() {
        if segmentHasFixes { boundary = true }
    }

    /// An empty segment in a list of segments: the gap across it is not a pause (as
    /// `RunAnalysis.record` has always treated it). Streamed files never need this.
    mutating func emptySegment() {
        if segmentHasFixes { boundary = true }
        segmentLastTime = nil
    }

    /// Feeds the next fix in file order.
    public mutating func add(_ fix: LocationFix) {
        if boundary {
            boundary = false
            drawn.endSegment()
            if awaitingResume != nil {
                // The segment that just ended never gave a time: it was joined without a pause.
                awaitingResume = nil
                recorder.endSegment()
                release()
            }
            let pauseAt = segmentLastTime
            segmentLastTime = nil
            if !started {
                held.append(.endSegment)
            } else if let pauseAt {
                awaitingResume = pauseAt
            } else {
                recorder.endSegment()
            }
        }
        segmentHasFixes = true
        if measuresUnfilteredDistance { drawn.add(fix) }
        guard let time = fix.time else {
            if !started || awaitingResume != nil { held.append(.fix(fix)) } else { ingest(fix) }
            return
        }
        segmentLastTime = time
        lastTime = time
        if !started {
            started = true
            command { try $0.start(at: time) }
            // Laps at or before the start are the first lap's own start.
            while nextLap < lapStarts.count, lapStarts[nextLap] <= time { nextLap += 1 }
            // The sport at the start holds for the untimed fixes held back before it, too.
            sports.advance(to: time, recorder: &recorder)
            release()
        } else if let pauseAt = awaitingResume {
            awaitingResume = nil
            if time > pauseAt {
                command { try $0.pause(at: pauseAt) }
                command { try $0.resume(at: time) }
            } else {
                recorder.endSegment()
            }
            release()
        }
        ingest(fix)
    }

    /// Stops the run at the last fix time and returns the recorder.
    public mutating func finish() -> RunRecorder {
        if !started {
            started = true
            command { try $0.start(at: nil) }
        }
        if awaitingResume != nil {
            awaitingResume = nil
            recorder.endSegment()
        }
        release()
        command { [lastTime] in try $0.stop(at: lastTime) }
        return recorder
    }

    /// The summary of everything fed (finishes the run first); with `sensorLog`, the readings of
    /// every fix fed as kept apart (see `logsSensors`) instead of the recorder's.
    public mutating func summary(splitUnit: SplitUnit = .kilometer, sensorLog: SensorLog? = nil) -> RunSummary {
        var finished = finish()
        if let sensorLog { finished.sensorLog = sensorLog }
        var summary = RunSummary(recorder: finished, splitUnit: splitUnit, sportChanges: sports.changes)
        summary.unfilteredDistanceMeters = unfilteredDistanceMeters
        return summary
    }

    private mutating func release() {
        guard !held.isEmpty else { return }
        let pending = held
        held = []
        for item in pending {
            switch item {
            case .fix(let fix): ingest(fix)
            case .endSegment: recorder.endSegment()
            }
        }
    }

    private mutating func ingest(_ fix: LocationFix) {
        if let time = fix.time {
            while nextLap < lapStarts.count, lapStarts[nextLap] <= time {
                command { [lap = lapStarts[nextLap]] in try $0.lap(at: lap) }
                nextLap += 1
            }
            sports.advance(to: time, recorder: &recorder)
        }
        recorder.ingest(fix)
    }

    /// Gives the recorder a command the replay's own bookkeeping makes valid: it starts once,
    /// pauses only a running run and resumes it at once, laps while running and stops last.
    private mutating func command(_ body: (inout RunRecorder) throws -> Void) {
        do { try body(&recorder) } catch { assertionFailure("the replay gave an invalid command: \(error)") }
    }
}
