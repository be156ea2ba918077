import Foundation

/// The one state machine that turns fixes and commands into a run, live or from a file.
///
/// Pure and synchronous: the caller owns the clock and passes every instant in (`now`, the
/// fixes' own times). Fixes pass the `FixFilter` (invalid, inaccurate, duplicate or
/// out-of-order fixes), then the `MotionModel`, which rejects outliers against where the track
/// was heading, smooths away the GPS noise (a clean track is left exactly as it is) and decides
/// whether the receiver moved. Distance is the WGS84 geodesic along the smoothed positions of
/// the fixes taken while moving, within one segment; a stop adds neither distance nor (with
/// auto-pause) moving time, and a pause or a segment break (`endSegment()`) is never bridged.
///
/// The model decides each fix `MotionModel.lagSeconds` after it (or when a segment, a lap or
/// the run ends): `distanceMeters` and the samples cover the decided fixes, `progress(at:)`
/// adds the undecided tail as it looks now. Fixes without times skip the model (distance only).
public struct RunRecorder: Sendable {
    /// Where the run is in its life.
    public enum State: String, Sendable, Hashable, Codable {
        case idle, running, paused, stopped
    }

    /// The limits and detector settings.
    public let settings: RunSettings
    /// Current state.
    public private(set) var state: State = .idle
    /// Start, pauses and stop as instants (never started for runs without times).
    public var stopwatch: Stopwatch { timer.stopwatch }
    private var timer = RunTimer()
    /// Every accepted fix with the running totals at it (built on demand from the compact store).
    public var samples: [RunSample] { store.samples }
    /// The accepted fixes, column by column (what summaries read).
    private(set) var store = RunSampleStore()
    /// Sensor readings of every fix offered while recording (whatever became of its position).
    var sensorLog = SensorLog()
    /// Whether `ingest` keeps the fixes' readings in `sensorLog` (`RunReplay.logsSensors`).
    var logsSensors = true
    /// Whether the samples keep their coordinates (`RunReplay.keepsPositions`).
    var keepsPositions: Bool {
        get { store.keepsCoordinates }
        set { store.keepsCoordinates = newValue }
    }
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
    /// When the run started (wall clock, UTC); `nil` for runs without times.
    public private(set) var startedAt: Date?
    /// When the run was stopped (wall clock, UTC); `nil` while it goes on.
    public private(set) var stoppedAt: Date?
    /// The sport the motion model takes as its prior from now on (`nil`: not known).
    public private(set) var sport: Sport?

    private var segment = -1
    private var segmentOpen = false
    /// The motion model of the open segment.
    private var model: MotionModel
    /// The path so far: its previous point is where the path was at the last decided fix that
    /// counted (smoothed), and the next step is measured from it.
    private var path = GeodesicWalk()
    /// When the last fix of the segment was decided.
    private var lastDecidedTime: Date?
    /// The device's odometer at the last decided fix (NaN: none; the way to the next fix may cross a gap).
    private var lastDecidedDeviceDistance = Double.nan
    /// Whether the last fix counted had no time (such fixes skip the model).
    private var lastWasUntimed = false
    /// The model's decisions not yet counted (reused from fix to fix).
    private var decisions: [MotionModel.Decision] = []
    /// Whether the last decided fix was taken while moving.
    private var lastDecidedMoving = true
    /// A lap command whose mark waits for the model to decide the fixes around it.
    private struct PendingLap: Sendable {
        var time: Date?
        var timerSeconds: Double?
        var running: Bool
    }
    private var pendingLaps: [PendingLap] = []
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

    /// A recorder that has not started yet.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
        self.filter = FixFilter(settings: settings)
        self.sport = settings.sport
        self.model = MotionModel(sport: settings.sport, maxSpeedMetersPerSecond: settings.maxSpeedMetersPerSecond)
    }

    /// Changes the sport from the next fix on (a multisport file's next session, a user's choice).
    public mutating func setSport(_ sport: Sport?) {
        self.sport = sport
        decideHeld()
        model = MotionModel(sport: sport, maxSpeedMetersPerSecond: sport?.maxSpeedMetersPerSecond ?? settings.maxSpeedMetersPerSecond)
    }

    /// Makes room for `fixes` accepted fixes at once, instead of growing step by step.
    ///
    /// With `hugePages`, columns of 4 MiB or more are offered to the kernel for 2 MiB pages
    /// (`LargeArray`): a million fixes take about 100 MB, first touched as they are recorded, and
    /// taking them 4 KiB at a time cost a tenth of the in-memory analysis (page faults; the whole
    /// analysis 9–10 % faster with them, `farm-bench … runs-benchmark --profile 1000000`, median
    /// ratios 0.91 and 0.90 over 10 pairs each). Only for a count known exactly: a file streamed into the recorder, whose
    /// count is guessed from its size, got no faster and its times spread wider (GPX, 1 M points:
    /// 0.60–0.91 s against 0.62–0.75 s, 15 pairs).
    mutating func reserveCapacity(_ fixes: Int, hugePages: Bool = false) {
        store.reserveCapacity(fixes, hugePages: hugePages)
        if logsSensors { sensorLog.reserveCapacity(fixes, hugePages: hugePages) }
    }

    /// The reserved columns' pages, for another thread to provide ahead of the samples.
    func samplePagesAhead() -> SamplePagesAhead { store.pagesAhead() }

    // MARK: - Commands

    /// A command's instant, never before what the run has already seen (a clock set back
    /// mid-run): no span is negative and none is counted twice.
    private func notBeforeLatest(_ now: Date) -> Date {
        let lastFix = store.isEmpty ? nil : store.time(store.count - 1)
        let lastCommand = stopwatch.segments.last.map { $0.end ?? $0.start }
        return [now, lastFix, model.latestTime, lastCommand].compactMap { $0 }.max() ?? now
    }

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
            do { try timer.start(at: now) } catch { throw .invalidCommand(.start, state: state) }
            startedAt = now
        }
        state = .running
    }

    /// Pauses the timer; fixes until `resume` are not recorded.
    public mutating func pause(at now: Date) throws(RunError) {
        guard state == .running else { throw .invalidCommand(.pause, state: state) }
        if startedAt != nil {
            do { try timer.pause(at: notBeforeLatest(now)) } catch { throw .invalidCommand(.pause, state: state) }
        }
        state = .paused
        endSegment()
    }

    /// Resumes after a pause; the next fix starts a new segment.
    public mutating func resume(at now: Date) throws(RunError) {
        guard state == .paused else { throw .invalidCommand(.resume, state: state) }
        if startedAt != nil {
            do { try timer.resume(at: notBeforeLatest(now)) } catch { throw .invalidCommand(.resume, state: state) }
        }
        state = .running
    }

    /// Starts a new lap at `now`. The lap begins between the fixes before and after `now`: the
    /// model decides those fixes later, so the mark is set when they are decided (it never
    /// changes what the model decides, so a run's totals do not depend on its laps).
    public mutating func lap(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.lap, state: state) }
        let now = now.map(notBeforeLatest)
        let timerSeconds = now.map { timer.seconds(at: $0) }
        guard let now, model.hasPending else {
            decideHeld()
            markLap(PendingLap(time: now, timerSeconds: timerSeconds, running: state == .running), nextMoving: !isStopped)
            return
        }
        pendingLaps.append(PendingLap(time: now, timerSeconds: timerSeconds, running: state == .running))
    }

    /// Sets the marks of the laps that began by a fix decided at `time` (every pending lap when
    /// `time` is nil), given whether that fix was taken moving and the distance `step` to it:
    /// a lap begins where the path was at its instant, between the two fixes around it.
    private mutating func markLaps(before time: Date?, nextMoving: Bool, step: Double = 0) {
        var marked = 0
        for pending in pendingLaps {
            if let time, let lapTime = pending.time, lapTime > time { break }
            var share = 0.0
            if let time, let lapTime = pending.time, let last = lastDecidedTime, time > last {
                share = min(1, max(0, lapTime.timeIntervalSince(last) / time.timeIntervalSince(last)))
            }
            markLap(pending, nextMoving: nextMoving, distance: distanceMeters + share * step)
            marked += 1
        }
        if marked > 0 { pendingLaps.removeFirst(marked) }
    }

    /// Moving time runs on to the lap instant unless the runner is standing or paused, so a
    /// lap's moving time never exceeds its timer time.
    private mutating func markLap(_ pending: PendingLap, nextMoving: Bool, distance: Double? = nil) {
        var moving: Double? = startedAt == nil || store.count == 0 ? nil : movingSeconds
        if pending.running, nextMoving || !settings.autoPause, let time = pending.time, let last = lastDecidedTime, let value = moving {
            moving = value + max(0, time.timeIntervalSince(last))
        }
        lapStarts.append(LapMark(
            sampleIndex: store.count, time: pending.time, distanceMeters: distance ?? distanceMeters,
            timerSeconds: pending.timerSeconds, movingSeconds: moving))
    }

    /// Ends the run at `now` (`nil` for runs without times).
    public mutating func stop(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.stop, state: state) }
        if let now = now.map(notBeforeLatest), startedAt != nil {
            do { try timer.stop(at: now) } catch { throw .invalidCommand(.stop, state: state) }
            stoppedAt = now
        }
        state = .stopped
        endSegment()
    }

    /// Ends the current segment: the next fix is not joined to the previous one.
    public mutating func endSegment() {
        decideHeld()
        model.restart()
        model = MotionModel(sport: sport, maxSpeedMetersPerSecond: model.maxSpeedMetersPerSecond)
        segmentOpen = false
        path.restart()
        lastDecidedTime = nil
        lastDecidedDeviceDistance = .nan
        lastWasUntimed = false
        lastDecidedMoving = true
        filter.startSegment()
    }

    // MARK: - Fixes

    /// Offers one fix; returns why it was dropped, or `nil` if it counts (for now: fixes taken
    /// while the runner turns out to be standing still are later dropped as `stationary`).
    @discardableResult
    public mutating func ingest(_ fix: LocationFix) -> FixDropReason? {
        fixesReceived += 1
        guard state == .running else {
            filter.count(.notRecording)
            return .notRecording
        }
        if logsSensors { sensorLog.add(fix) }
        if let reason = filter.check(fix) { return reason }
        if !segmentOpen {
            segment += 1
            segmentOpen = true
        }
        guard let time = fix.time else {
            // No time, no motion: the fix counts where it is, measured from the last one.
            decideHeld()
            distanceMeters += path.step(to: fix.coordinate) ?? 0
            append(time: nil, coordinate: fix.coordinate, altitude: fix.altitudeMeters)
            lastWasUntimed = true
            lastDecidedDeviceDistance = .nan
            return nil
        }
        if lastWasUntimed {
            lastWasUntimed = false
            model.restart()
        }
        let seconds = time.timeIntervalSinceReferenceDate
        switch model.check(fix.coordinate, at: seconds, accuracy: fix.horizontalAccuracyMeters) {
        case .drop(let reason):
            filter.count(reason)
            return reason
        case .restart:
            decideHeld()
            model.restart()
        case .accept:
            break
        }
        model.add(fix.coordinate, at: seconds, altitude: fix.altitudeMeters, deviceSpeed: fix.speedMetersPerSecond,
                  deviceDistance: fix.deviceDistanceMeters)
        model.decide(flush: false, into: &decisions)
        commitDecisions()
        return nil
    }

    /// Decides every fix the model still holds (at a segment's end, a lap, a change of sport).
    private mutating func decideHeld() {
        if model.hasPending {
            model.decide(flush: true, into: &decisions)
            commitDecisions()
        }
        if !pendingLaps.isEmpty { markLaps(before: nil, nextMoving: !isStopped) }
    }

    private mutating func commitDecisions() {
        guard !decisions.isEmpty else { return }
        for decision in decisions { commit(decision) }
        // Mostly one decision a fix: `removeLast()` is cheap, `removeAll` a generic replaceSubrange.
        if decisions.count == 1 { decisions.removeLast() } else { decisions.removeAll(keepingCapacity: true) }
    }

    /// Counts a decided fix: the step to it when moving, nothing (and a `stationary` drop) when not.
    private mutating func commit(_ decision: MotionModel.Decision) {
        let time = Date(timeIntervalSinceReferenceDate: decision.point.time)
        var step = decision.moving ? path.step(to: decision.smoothed) ?? 0 : 0
        if decision.moving, lastDecidedMoving, let last = lastDecidedTime {
            step = model.way(seconds: time.timeIntervalSince(last), counted: decision.point.deviceDistance - lastDecidedDeviceDistance, chord: step)
        }
        if !pendingLaps.isEmpty { markLaps(before: time, nextMoving: decision.moving, step: step) }
        let seconds = lastDecidedTime.map { max(0, time.timeIntervalSince($0)) } ?? 0
        lastDecidedTime = time
        lastDecidedDeviceDistance = decision.point.deviceDistance
        lastDecidedMoving = decision.moving
        guard decision.moving else {
            if !settings.autoPause { movingSeconds += seconds }
            filter.count(.stationary)
            return
        }
        distanceMeters += step
        movingSeconds += seconds
        append(time: time, coordinate: decision.point.coordinate,
               altitude: decision.point.altitude.isNaN ? nil : decision.point.altitude)
    }

    private mutating func append(time: Date?, coordinate: Coordinate, altitude: Double?) {
        let timerSeconds = time.flatMap { time in startedAt.map { _ in timer.seconds(at: time) } }
        store.append(
            time: time, coordinate: coordinate, altitudeMeters: altitude, segment: segment,
            distanceMeters: distanceMeters, timerSeconds: timerSeconds, movingSeconds: startedAt == nil ? nil : movingSeconds)
    }

    // MARK: - Reading

    /// Whether the runner was standing still at the last decided fix.
    public var isStopped: Bool { !lastDecidedMoving }

    /// Wall-clock time since the start at `now` (or until the stop), seconds.
    public func elapsedSeconds(at now: Date) -> Double? {
        guard let startedAt else { return nil }
        return max(0, (stoppedAt ?? now).timeIntervalSince(startedAt))
    }

    /// Timer time (wall clock minus manual pauses) at `now`, seconds.
    public func timerSeconds(at now: Date) -> Double? {
        guard startedAt != nil else { return nil }
        return timer.seconds(at: stoppedAt ?? now)
    }

    /// The live numbers at `now`, splits cut every `splitUnit`.
    public func progress(at now: Date, splitUnit: SplitUnit = .kilometer) -> RunProgress {
        // The fixes the model still holds count as they look now (they may be revised).
        var distanceMeters = self.distanceMeters, movingSeconds = self.movingSeconds, isStopped = self.isStopped
        var anchor = path.previous, lastTime = lastDecidedTime, lastDeviceDistance = lastDecidedDeviceDistance
        for decision in model.provisionalDecisions() {
            let time = Date(timeIntervalSinceReferenceDate: decision.point.time)
            let seconds = lastTime.map { max(0, time.timeIntervalSince($0)) } ?? 0
            lastTime = time
            let wasMoving = !isStopped, counted = decision.point.deviceDistance - lastDeviceDistance
            lastDeviceDistance = decision.point.deviceDistance
            isStopped = !decision.moving
            if decision.moving || !settings.autoPause { movingSeconds += seconds }
            guard decision.moving else { continue }
            if let anchor {
                let chord = Geodesic.distance(anchor, decision.smoothed)
                distanceMeters += wasMoving ? model.way(seconds: seconds, counted: counted, chord: chord) : chord
            }
            anchor = decision.smoothed
        }
        let moving: Double? = startedAt == nil ? nil : movingSeconds
        let unit = splitUnit.meters
        let index = Int((distanceMeters / unit).rounded(.down))
        var splitMoving: Double?
        if let moving {
            let boundary = RunTrack(store: store).interpolate(atDistance: Double(index) * unit)
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
    public func currentPace(windowSeconds: Double = 15) -> Double? { store.pace(overLastMovingSeconds: windowSeconds) }
}
