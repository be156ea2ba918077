import Foundation

/// The one state machine that turns fixes and commands into a run, live or from a file.
///
/// Pure and synchronous: the caller owns the clock and passes every instant in (`now`, the
/// fixes' own times). Distance is the WGS84 geodesic between consecutive accepted fixes of
/// one segment; a pause or a segment break (`endSegment()`) is never bridged.
///
/// Standing still is detected with an anchor: while every fix of the last `stopAfterSeconds`
/// stays within a radius of the first of them (the anchor; `3 ×` the two fixes' combined
/// accuracy, at least `stopRadiusMeters`), the runner is stopped, and the distance and moving
/// time gathered since the anchor (GPS jitter) are taken back. The runner moves again once two
/// fixes in a row lie outside `4 ×` the accuracy around the mean stopped position (so a wander
/// of a few metres never restarts the run); the distance from that mean position is added, and
/// moving time counts again from the last fix that was still close to it.
public struct RunRecorder: Sendable {
    /// Where the run is in its life.
    public enum State: String, Sendable, Hashable, Codable {
        case idle, running, paused, stopped
    }

    /// The limits and detector settings.
    public let settings: RunSettings
    /// Current state.
    public private(set) var state: State = .idle
    /// Start, pauses and stop as instants (`nil` start for runs without times).
    public private(set) var stopwatch = Stopwatch()
    /// Every accepted fix with the running totals at it.
    public private(set) var samples: [RunSample] = []
    /// Indices into `samples` where a lap began (the lap command came after the previous sample).
    public private(set) var lapStarts: [LapMark] = []
    /// The filter, with its drop counts.
    public private(set) var filter: FixFilter
    /// How many fixes were offered (accepted or not).
    public private(set) var fixesReceived = 0
    /// Distance so far, metres.
    public private(set) var distanceMeters = 0.0
    /// Moving time so far, seconds.
    public private(set) var movingSeconds = 0.0
    /// When the run started and stopped (wall clock, UTC).
    public private(set) var startedAt: Date?
    public private(set) var stoppedAt: Date?

    private var segment = -1
    private var segmentOpen = false
    private var previous: LocationFix?
    private var detector = Detector.moving(candidate: nil)

    /// Where a lap began: the sample count at that moment and the instant (if known).
    public struct LapMark: Sendable, Hashable, Codable {
        /// Number of samples recorded before the lap began.
        public var sampleIndex: Int
        /// When the lap command was given.
        public var time: Date?
        /// Distance at the lap start, metres.
        public var distanceMeters: Double
        /// Timer time at the lap start, seconds.
        public var timerSeconds: Double?
        /// Moving time at the lap start, seconds.
        public var movingSeconds: Double?
    }

    private struct Anchor: Sendable {
        var coordinate: Coordinate
        var time: Date
        var accuracyMeters: Double
        var distanceMeters: Double
        var movingSeconds: Double
        var sampleIndex: Int
    }

    private struct Stop: Sendable {
        var anchor: Anchor
        var sumNorthDegrees = 0.0, sumEastDegrees = 0.0, count = 0
        var outsideInARow = 0
        var lastNear: Date
        mutating func add(_ coordinate: Coordinate) {
            sumNorthDegrees += coordinate.latitude - anchor.coordinate.latitude
            sumEastDegrees += remainder(coordinate.longitude - anchor.coordinate.longitude, 360)
            count += 1
        }
        var centre: Coordinate {
            guard count > 0 else { return anchor.coordinate }
            return Coordinate(latitude: anchor.coordinate.latitude + sumNorthDegrees / Double(count),
                              longitude: anchor.coordinate.longitude + sumEastDegrees / Double(count))
        }
    }

    private enum Detector: Sendable {
        case moving(candidate: Anchor?)
        case stopped(Stop)
    }

    /// A recorder that has not started yet.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
        self.filter = FixFilter(settings: settings)
    }

    // MARK: - Commands

    /// Applies a command at `now` (wall clock, UTC).
    public mutating func apply(_ action: RunAction, at now: Date) throws(RunError) {
        switch action {
        case .start: try start(at: now)
        case .pause: try pause(at: now)
        case .resume: try resume(at: now)
        case .lap: try lap(at: now)
        case .stop: try stop(at: now)
        }
    }

    /// Starts the run; `nil` for a file without times (no time numbers are then reported).
    public mutating func start(at now: Date?) throws(RunError) {
        guard state == .idle else { throw .invalidCommand(.start, state: state) }
        if let now {
            try? stopwatch.start(at: now)
            startedAt = now
        }
        state = .running
    }

    /// Pauses the timer; fixes until `resume` are not recorded.
    public mutating func pause(at now: Date) throws(RunError) {
        guard state == .running else { throw .invalidCommand(.pause, state: state) }
        try? stopwatch.pause(at: now)
        state = .paused
        endSegment()
    }

    /// Resumes after a pause; the next fix starts a new segment.
    public mutating func resume(at now: Date) throws(RunError) {
        guard state == .paused else { throw .invalidCommand(.resume, state: state) }
        try? stopwatch.resume(at: now)
        state = .running
    }

    /// Starts a new lap at `now`.
    public mutating func lap(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.lap, state: state) }
        lapStarts.append(LapMark(
            sampleIndex: samples.count, time: now, distanceMeters: distanceMeters,
            timerSeconds: now.map { stopwatch.elapsed(at: $0) }, movingSeconds: samples.last?.movingSeconds))
    }

    /// Ends the run at `now` (`nil` for runs without times).
    public mutating func stop(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.stop, state: state) }
        if let now, startedAt != nil {
            try? stopwatch.stop(at: now)
            stoppedAt = now
        }
        state = .stopped
        endSegment()
    }

    /// Ends the current segment: the next fix is not joined to the previous one.
    public mutating func endSegment() {
        segmentOpen = false
        previous = nil
        detector = .moving(candidate: nil)
        filter.startSegment()
    }

    // MARK: - Fixes

    /// Offers one fix; returns why it was dropped, or `nil` if it now counts.
    @discardableResult
    public mutating func ingest(_ fix: LocationFix) -> FixDropReason? {
        fixesReceived += 1
        guard state == .running else {
            filter.count(.notRecording)
            return .notRecording
        }
        if let reason = filter.check(fix) { return reason }
        if !segmentOpen {
            segment += 1
            segmentOpen = true
        }
        if let previous { advance(from: previous, to: fix) }
        let timer = fix.time.flatMap { time in startedAt.map { _ in stopwatch.elapsed(at: time) } }
        samples.append(RunSample(
            time: fix.time, coordinate: fix.coordinate, altitudeMeters: fix.altitudeMeters, segment: segment,
            distanceMeters: distanceMeters, timerSeconds: timer, movingSeconds: startedAt == nil ? nil : movingSeconds))
        if case .moving(nil) = detector, let time = fix.time {
            detector = .moving(candidate: Anchor(coordinate: fix.coordinate, time: time, accuracyMeters: accuracy(of: fix),
                                                 distanceMeters: distanceMeters,
                                                 movingSeconds: movingSeconds, sampleIndex: samples.count - 1))
        }
        previous = fix
        return nil
    }

    private func accuracy(of fix: LocationFix) -> Double {
        fix.horizontalAccuracyMeters ?? settings.assumedAccuracyMeters
    }

    /// Adds the step from `from` to `to` (same segment) to the totals, through the stop detector.
    private mutating func advance(from: LocationFix, to fix: LocationFix) {
        guard let fromTime = from.time, let time = fix.time else {
            distanceMeters += Geodesic.distance(from.coordinate, fix.coordinate)
            return
        }
        let seconds = time.timeIntervalSince(fromTime)
        switch detector {
        case .moving(let candidate):
            distanceMeters += Geodesic.distance(from.coordinate, fix.coordinate)
            movingSeconds += seconds
            guard let candidate, Geodesic.distance(candidate.coordinate, fix.coordinate) <= max(
                settings.stopRadiusMeters, 3 * hypot(candidate.accuracyMeters, accuracy(of: fix)))
            else {
                // The anchor candidate is set to this fix once its sample exists (see `ingest`).
                detector = .moving(candidate: nil)
                return
            }
            if time.timeIntervalSince(candidate.time) >= settings.stopAfterSeconds {
                enterStop(from: candidate, at: fix)
            }
        case .stopped(var stop):
            let radius = max(settings.stopRadiusMeters, 4 * accuracy(of: fix))
            let centre = stop.centre
            let offset = Geodesic.distance(centre, fix.coordinate)
            if offset > radius {
                stop.outsideInARow += 1
            } else {
                stop.outsideInARow = 0
                stop.add(fix.coordinate)
                if offset <= radius / 2 { stop.lastNear = time }
            }
            if stop.outsideInARow >= 2 || offset > 2 * radius {
                distanceMeters += offset
                movingSeconds += settings.autoPause ? time.timeIntervalSince(stop.lastNear) : seconds
                detector = .moving(candidate: nil)
            } else {
                if !settings.autoPause { movingSeconds += seconds }
                detector = .stopped(stop)
            }
        }
    }

    /// The runner has stood still since `candidate`: find where the stop really began (the
    /// candidate may have been set late by a noisy fix) and take back what was gathered since.
    private mutating func enterStop(from candidate: Anchor, at fix: LocationFix) {
        guard let time = fix.time else { return }
        var stop = Stop(anchor: candidate, lastNear: time)
        for index in candidate.sampleIndex..<samples.count { stop.add(samples[index].coordinate) }
        stop.add(fix.coordinate)
        let centre = stop.centre
        let nearMeters = max(settings.stopRadiusMeters / 2, 1.5 * accuracy(of: fix))
        var earliest = candidate.sampleIndex, misses = 0, index = candidate.sampleIndex - 1
        while index >= 0, misses < 3, samples[index].segment == samples[candidate.sampleIndex].segment,
              let sampleTime = samples[index].time, time.timeIntervalSince(sampleTime) <= 120 {
            if Geodesic.distance(samples[index].coordinate, centre) <= nearMeters {
                earliest = index
                misses = 0
            } else {
                misses += 1
            }
            index -= 1
        }
        distanceMeters = samples[earliest].distanceMeters
        if settings.autoPause { movingSeconds = samples[earliest].movingSeconds ?? movingSeconds }
        for index in (earliest + 1)..<samples.count {
            samples[index].distanceMeters = distanceMeters
            if settings.autoPause { samples[index].movingSeconds = movingSeconds }
        }
        detector = .stopped(stop)
    }

    // MARK: - Reading

    /// Whether the stop detector currently sees the runner standing still.
    public var isStopped: Bool {
        if case .stopped = detector { return true }
        return false
    }

    /// Wall-clock time since the start at `now` (or until the stop), seconds.
    public func elapsedSeconds(at now: Date) -> Double? {
        guard let startedAt else { return nil }
        return max(0, (stoppedAt ?? now).timeIntervalSince(startedAt))
    }

    /// Timer time (wall clock minus manual pauses) at `now`, seconds.
    public func timerSeconds(at now: Date) -> Double? {
        guard startedAt != nil else { return nil }
        return stopwatch.elapsed(at: stoppedAt ?? now)
    }

    /// The live numbers at `now`, splits cut every `splitUnit`.
    public func progress(at now: Date, splitUnit: SplitUnit = .kilometer) -> RunProgress {
        let moving: Double? = startedAt == nil ? nil : movingSeconds
        let unit = splitUnit.meters
        let index = Int((distanceMeters / unit).rounded(.down))
        var splitMoving: Double?
        if let moving {
            let boundary = RunTrack(samples: samples).interpolate(atDistance: Double(index) * unit)
            splitMoving = boundary.map { moving - ($0.movingSeconds ?? 0) } ?? moving
        }
        return RunProgress(
            state: state, elapsedSeconds: elapsedSeconds(at: now), timerSeconds: timerSeconds(at: now),
            movingSeconds: moving, distanceMeters: distanceMeters,
            currentPaceSecondsPerKilometer: isStopped ? nil : currentPace(),
            averagePaceSecondsPerKilometer: moving.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: distanceMeters) },
            isStopped: isStopped, currentSplitIndex: index + 1,
            currentSplitDistanceMeters: distanceMeters - Double(index) * unit, currentSplitMovingSeconds: splitMoving)
    }

    /// Pace over the last `windowSeconds` of moving time, seconds per km.
    public func currentPace(windowSeconds: Double = 15) -> Double? {
        guard let last = samples.last, let lastMoving = last.movingSeconds else { return nil }
        var first = last
        for sample in samples.reversed() {
            guard let moving = sample.movingSeconds, sample.segment == last.segment else { break }
            first = sample
            if lastMoving - moving >= windowSeconds { break }
        }
        guard let firstMoving = first.movingSeconds, lastMoving - firstMoving > 0 else { return nil }
        return Pace.secondsPerKilometer(seconds: lastMoving - firstMoving, meters: last.distanceMeters - first.distanceMeters)
    }
}
