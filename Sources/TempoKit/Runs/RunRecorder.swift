import Foundation

/// The one state machine that turns fixes and commands into a run, live or from a file.
///
/// Pure and synchronous: the caller owns the clock and passes every instant in (`now`, the
/// fixes' own times). Distance is the WGS84 geodesic between consecutive accepted fixes of
/// one segment; a pause or a segment break (`endSegment()`) is never bridged.
///
/// Standing still is detected with an anchor: while every fix of the last `stopAfterSeconds`
/// stays within a radius of their mean position (`3.5 ×` the accuracy, at least
/// `stopRadiusMeters`), the runner is stopped. The fixes since the stop really began (found
/// by looking back for fixes close to the mean stopped position) are then dropped as
/// `stationary`, and so is every fix while the runner stands, so GPS jitter adds neither
/// distance nor moving time. The runner moves again once two fixes in a row lie outside `4 ×`
/// the accuracy around the mean stopped position (a wander of a few metres never restarts the
/// run); the step from the last fix that counts to them is added, and with auto-pause moving
/// time counts again from the last fix that was still close to where the runner stood.
/// Distance is therefore always the geodesic sum over the fixes that count.
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
    /// Every accepted fix with the running totals at it (built on demand from the compact store).
    public var samples: [RunSample] { store.samples }
    /// The accepted fixes, column by column (what summaries read).
    private(set) var store = RunSampleStore()
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
    private var closedTimerSeconds = 0.0
    /// The stopwatch's first `closedSegments` segments (all closed: they never change again) and
    /// their seconds summed in order, so a pause adds up only the segments since the last one.
    private var closedSegments = 0
    private var closedSegmentsSeconds = 0.0
    private var segmentOpen = false
    /// The last fix that counts in the open segment (`nil` at a segment's start): only where and
    /// when, since a whole `LocationFix` is ~144 bytes to copy per fix.
    private var previousCoordinate: Coordinate?
    private var previousTime: Date?
    /// The stop detector while moving: fixes that may be the start of a stop (`nil` while stopped).
    private var candidate: Anchor?
    /// The stop detector while standing still (`nil` while moving). Two optionals rather than one
    /// enum, so that a moving fix neither copies nor releases a stop's arrays.
    private var stop: Stop?
    /// The start of the stopwatch's open segment while it runs (kept so that each fix does not
    /// look into the stopwatch's array); `nil` while paused, stopped or untimed.
    private var openTimerStart: Date?
    /// The last stop left: where it was and the sample it was anchored at, so that a stop found
    /// again at the same place soon after is one stop (the leaving was a wander of the GPS).
    private var lastStop: (centre: Coordinate, anchorIndex: Int, left: Date)?

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

    /// Fixes that may be the start of a stop: where the first was taken and their mean.
    private struct Anchor: Sendable {
        var coordinate: Coordinate
        var time: Date
        var sampleIndex: Int
        var sumNorthDegrees = 0.0, sumEastDegrees = 0.0, count = 0

        init(coordinate: Coordinate, time: Date, sampleIndex: Int) {
            self.coordinate = coordinate
            self.time = time
            self.sampleIndex = sampleIndex
            // `add(coordinate)` of the first point: its offsets are x − x = +0 (coordinates that
            // count are finite), so the sums stay +0.
            count = 1
        }

        @inline(__always)
        mutating func add(_ point: Coordinate) {
            sumNorthDegrees += point.latitude - coordinate.latitude
            sumEastDegrees += RunRecorder.wrappedDegrees(point.longitude - coordinate.longitude)
            count += 1
        }

        var centre: Coordinate {
            // x / 1 is x: a new anchor (the common case while moving) needs no division.
            if count == 1 {
                return Coordinate(latitude: coordinate.latitude + sumNorthDegrees, longitude: coordinate.longitude + sumEastDegrees)
            }
            return Coordinate(latitude: coordinate.latitude + sumNorthDegrees / Double(count),
                              longitude: coordinate.longitude + sumEastDegrees / Double(count))
        }
    }

    private struct Stop: Sendable {
        /// Where the offsets of the mean are measured from (fixed once the stop begins).
        let origin: Coordinate
        var sumNorthDegrees = 0.0, sumEastDegrees = 0.0, count = 0
        /// Fixes outside the circle not yet confirmed as leaving.
        var outside: [LocationFix] = []
        /// The last time a fix was close to the mean (when the runner may have left).
        var lastNear: Date
        /// The latest fixes (inside or out), to tell leaving from a slow drift of the GPS.
        var recent: [(coordinate: Coordinate, time: Date)] = []

        mutating func remember(_ coordinate: Coordinate, at time: Date) {
            recent.append((coordinate, time))
            if recent.count > 12 { recent.removeFirst(recent.count - 12) }
        }

        /// Metres per second from about five seconds ago to `coordinate`.
        func speed(to coordinate: Coordinate, at time: Date) -> Double? {
            guard let earlier = recent.last(where: { time.timeIntervalSince($0.time) >= 5 }) else { return nil }
            return RunRecorder.roughDistance(earlier.coordinate, coordinate) / time.timeIntervalSince(earlier.time)
        }

        init(origin: Coordinate, lastNear: Date) {
            self.origin = origin
            self.lastNear = lastNear
        }

        mutating func add(_ coordinate: Coordinate) {
            sumNorthDegrees += coordinate.latitude - origin.latitude
            sumEastDegrees += RunRecorder.wrappedDegrees(coordinate.longitude - origin.longitude)
            count += 1
        }

        var centre: Coordinate {
            guard count > 0 else { return origin }
            return Coordinate(latitude: origin.latitude + sumNorthDegrees / Double(count),
                              longitude: origin.longitude + sumEastDegrees / Double(count))
        }
    }

    /// A recorder that has not started yet.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
        self.filter = FixFilter(settings: settings)
        self.sport = settings.sport
    }

    /// Changes the sport from the next fix on (a multisport file's next session, a user's choice).
    public mutating func setSport(_ sport: Sport?) {
        self.sport = sport
        filter.settings.maxSpeedMetersPerSecond = sport?.maxSpeedMetersPerSecond ?? RunSettings().maxSpeedMetersPerSecond
    }

    /// Makes room for `fixes` accepted fixes at once, instead of growing step by step.
    mutating func reserveCapacity(_ fixes: Int) {
        store.reserveCapacity(fixes)
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
        syncTimer()
    }

    /// Pauses the timer; fixes until `resume` are not recorded.
    public mutating func pause(at now: Date) throws(RunError) {
        guard state == .running else { throw .invalidCommand(.pause, state: state) }
        try? stopwatch.pause(at: now)
        closedTimerSeconds = stopwatchElapsed(at: now)
        state = .paused
        syncTimer()
        endSegment()
    }

    /// Resumes after a pause; the next fix starts a new segment.
    public mutating func resume(at now: Date) throws(RunError) {
        guard state == .paused else { throw .invalidCommand(.resume, state: state) }
        try? stopwatch.resume(at: now)
        state = .running
        syncTimer()
    }

    /// Starts a new lap at `now`.
    public mutating func lap(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.lap, state: state) }
        // Moving time runs on to the lap instant unless the runner is standing or paused, so a
        // lap's moving time never exceeds its timer time.
        let lastIndex = store.count - 1
        var moving = lastIndex >= 0 ? store.moving(lastIndex) : nil
        if state == .running, !isStopped, let now, lastIndex >= 0, let last = store.time(lastIndex), let value = moving {
            moving = value + max(0, now.timeIntervalSince(last))
        }
        lapStarts.append(LapMark(
            sampleIndex: store.count, time: now, distanceMeters: distanceMeters,
            timerSeconds: now.map { stopwatch.elapsed(at: $0) }, movingSeconds: moving))
    }

    /// Ends the run at `now` (`nil` for runs without times).
    public mutating func stop(at now: Date?) throws(RunError) {
        guard state == .running || state == .paused else { throw .invalidCommand(.stop, state: state) }
        if let now, startedAt != nil {
            try? stopwatch.stop(at: now)
            stoppedAt = now
        }
        state = .stopped
        syncTimer()
        endSegment()
    }

    /// Ends the current segment: the next fix is not joined to the previous one.
    public mutating func endSegment() {
        segmentOpen = false
        previousCoordinate = nil
        previousTime = nil
        candidate = nil
        stop = nil
        lastStop = nil
        filter.startSegment()
    }

    // MARK: - Fixes

    /// Offers one fix; returns why it was dropped, or `nil` if it counts (for now: fixes taken
    /// while the runner turns out to be standing still are later dropped as `stationary`).
    @discardableResult
    public mutating func ingest(_ fix: LocationFix) -> FixDropReason? {
        ingest(fix, step: nil)
    }

    /// `ingest(_:)` with the geodesic from `step.from` to `fix` already measured (`step.meters`, by
    /// `Geodesic.distance` or a `GeodesicWalk` step) by a caller that walks the same track: used
    /// when `step.from` is exactly the last fix that counts, so the same line is not measured twice.
    @discardableResult
    mutating func ingest(_ fix: LocationFix, step: (from: Coordinate, meters: Double)?) -> FixDropReason? {
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
        guard let previousCoordinate, let previousTime, let time = fix.time else {
            if let previousCoordinate { distanceMeters += stepMeters(from: previousCoordinate, to: fix.coordinate, step) }
            append(fix)
            return nil
        }
        guard var stop else {
            let candidate = self.candidate
            distanceMeters += stepMeters(from: previousCoordinate, to: fix.coordinate, step)
            movingSeconds += time.timeIntervalSince(previousTime)
            append(fix)
            // A receiver's own speed (Doppler) says "moving" far more reliably than positions.
            let saysMoving = (fix.speedMetersPerSecond ?? 0) >= settings.movingSpeedMetersPerSecond
            guard !saysMoving, var candidate, Self.roughDistance(candidate.centre, fix.coordinate, isAtMost: max(
                settings.stopRadiusMeters, 3.5 * accuracy(of: fix)))
            else {
                // The fix just appended, as `anchor(at: store.count - 1)` would read it back.
                self.candidate = Anchor(coordinate: fix.coordinate, time: time, sampleIndex: store.count - 1)
                return nil
            }
            candidate.add(fix.coordinate)
            self.candidate = candidate
            if time.timeIntervalSince(candidate.time) >= settings.stopAfterSeconds {
                enterStop(from: candidate, at: fix)
                return .stationary
            }
            return nil
        }
        do {
            // Take the stop out, so that appending to its arrays does not copy them (every path
            // below stores it back or leaves it).
            self.stop = nil
            let radius = max(settings.stopRadiusMeters, 4 * accuracy(of: fix))
            let offset = Self.roughDistance(stop.centre, fix.coordinate)
            // Leaving needs distance from where the runner stood and speed: a receiver standing
            // still drifts too, but at a fraction of a metre per second.
            let speed = fix.speedMetersPerSecond ?? stop.speed(to: fix.coordinate, at: time) ?? 0
            stop.remember(fix.coordinate, at: time)
            if offset > radius && (speed >= settings.movingSpeedMetersPerSecond || offset > 2 * radius) {
                stop.outside.append(fix)
                if stop.outside.count >= 2 || offset > 2 * radius {
                    leaveStop(stop)
                    return nil
                }
                self.stop = stop
                return nil
            }
            // Still standing: the fix and any lone outlier before it are jitter.
            filter.count(.stationary, times: stop.outside.count + 1)
            stop.outside.removeAll()
            stop.add(fix.coordinate)
            // "Near" is tight so the departure is not placed seconds late (moving time resumes at once).
            if offset <= 1.5 * accuracy(of: fix) { stop.lastNear = time }
            self.stop = stop
            return .stationary
        }
    }

    /// Timer seconds at `time` while running: the stopwatch's closed segments are summed once per
    /// pause (`closedTimerSeconds`), not once per fix, so a run with many pauses stays O(1) per fix.
    private func fastTimerSeconds(at time: Date) -> Double {
        guard let openTimerStart else { return stopwatch.elapsed(at: time) }
        return closedTimerSeconds + max(0, time.timeIntervalSince(openTimerStart))
    }

    /// `stopwatch.elapsed(at: now)`, bit for bit (the same sum in the same order), with the
    /// closed segments' part kept from the last call: a run with thousands of pauses (segments in
    /// a file) is not summed over all of them at every pause.
    private mutating func stopwatchElapsed(at now: Date) -> Double {
        let segments = stopwatch.segments
        guard closedSegments <= segments.count else { return stopwatch.elapsed(at: now) }
        var total = closedSegmentsSeconds
        for index in closedSegments..<segments.count {
            total += segments[index].seconds(at: now)
            if index == closedSegments && segments[index].end != nil {
                closedSegments += 1
                closedSegmentsSeconds = total
            }
        }
        return total
    }

    /// Notes the stopwatch's open segment after a command changed it (see `fastTimerSeconds`).
    private mutating func syncTimer() {
        if let open = stopwatch.segments.last, open.end == nil { openTimerStart = open.start } else { openTimerStart = nil }
    }

    /// Metres from `from` to `to`: the caller's measure when it is of this very step, else the geodesic.
    private func stepMeters(from: Coordinate, to: Coordinate, _ step: (from: Coordinate, meters: Double)?) -> Double {
        if let step, step.from.latitude.bitPattern == from.latitude.bitPattern,
           step.from.longitude.bitPattern == from.longitude.bitPattern {
            return step.meters
        }
        return Geodesic.distance(from, to)
    }

    private func accuracy(of fix: LocationFix) -> Double {
        fix.horizontalAccuracyMeters ?? settings.assumedAccuracyMeters
    }

    private func anchor(at index: Int) -> Anchor? {
        guard let time = store.time(index) else { return nil }
        return Anchor(coordinate: store.coordinate(index), time: time, sampleIndex: index)
    }

    /// Metres between two nearby points on a local flat approximation (within 0.5 % over a
    /// few hundred metres): enough to compare with a radius, and much cheaper than a geodesic.
    static func roughDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let north = (b.latitude - a.latitude) * 111_133
        let east = wrappedDegrees(b.longitude - a.longitude) * 111_320 * cos((a.latitude + b.latitude) * .pi / 360)
        return (north * north + east * east).squareRoot()
    }

    /// `roughDistance(a, b)` with the cosine taken as 1: never less than it (each rounding is
    /// monotonic and |cos| ≤ 1), so a bound within a limit proves the distance is too, without
    /// the cosine (the common case while running). Metres.
    @inline(__always)
    static func roughDistanceBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        let north = (b.latitude - a.latitude) * 111_133
        let east = wrappedDegrees(b.longitude - a.longitude) * 111_320
        return (north * north + east * east).squareRoot()
    }

    /// Exactly `roughDistance(a, b) <= limit`, the cosine computed only when the bound does not decide it.
    @inline(__always)
    static func roughDistance(_ a: Coordinate, _ b: Coordinate, isAtMost limit: Double) -> Bool {
        if roughDistanceBound(a, b) <= limit { return true }
        return roughDistance(a, b) <= limit
    }

    /// `remainder(degrees, 360)` (into −180…180, ties to even), bit for bit, without the libm call
    /// for the differences of two longitudes that are all it is ever given.
    @inline(__always)
    static func wrappedDegrees(_ degrees: Double) -> Double {
        if abs(degrees) <= 180 { return degrees }
        // Exact: the result is representable, so the subtraction does not round; 540 is a tie
        // (to −180) and −360 keeps the sign of its zero, so both go to libm.
        if degrees > 180 && degrees < 540 { return degrees - 360 }
        if degrees < -180 && degrees > -540 && degrees != -360 { return degrees + 360 }
        return remainder(degrees, 360)
    }

    private mutating func append(_ fix: LocationFix) {
        let timer = fix.time.flatMap { time in startedAt.map { _ in fastTimerSeconds(at: time) } }
        store.append(
            time: fix.time, coordinate: fix.coordinate, altitudeMeters: fix.altitudeMeters, segment: segment,
            distanceMeters: distanceMeters, timerSeconds: timer, movingSeconds: startedAt == nil ? nil : movingSeconds)
        previousCoordinate = fix.coordinate
        previousTime = fix.time
        if stop == nil && candidate == nil {
            candidate = anchor(at: store.count - 1)
        }
    }

    /// The runner has stood still since `candidate`: find where the stop really began (the
    /// candidate may have been set late by a noisy fix) and drop the fixes taken since as
    /// `stationary`, so the distance stays the geodesic sum over the fixes that count.
    private mutating func enterStop(from candidate: Anchor, at fix: LocationFix) {
        guard let time = fix.time else { return }
        var stop = Stop(origin: candidate.coordinate, lastNear: time)
        for index in candidate.sampleIndex..<store.count { stop.add(store.coordinate(index)) }
        let centre = stop.centre
        let nearMeters = max(settings.stopRadiusMeters, 3.5 * accuracy(of: fix))
        var earliest = candidate.sampleIndex, misses = 0, index = candidate.sampleIndex - 1
        while index >= 0, misses < 3, store.segments[index] == store.segments[candidate.sampleIndex],
              let sampleTime = store.time(index), time.timeIntervalSince(sampleTime) <= 600 {
            if Self.roughDistance(store.coordinate(index), centre) <= nearMeters {
                earliest = index
                misses = 0
            } else {
                misses += 1
            }
            index -= 1
        }
        if let lastStop, lastStop.anchorIndex < earliest, time.timeIntervalSince(lastStop.left) <= 2 * settings.stopAfterSeconds,
           Self.roughDistance(lastStop.centre, centre) <= max(settings.stopRadiusMeters, 4 * accuracy(of: fix)) {
            earliest = lastStop.anchorIndex
        }
        let dropped = store.count - (earliest + 1)
        filter.count(.stationary, times: dropped)
        store.truncate(to: earliest + 1)
        let anchorSample = store[earliest]
        distanceMeters = anchorSample.distanceMeters
        movingSeconds = anchorSample.movingSeconds ?? movingSeconds
        for lap in lapStarts.indices where lapStarts[lap].sampleIndex > store.count {
            lapStarts[lap].sampleIndex = store.count
            lapStarts[lap].distanceMeters = min(lapStarts[lap].distanceMeters, distanceMeters)
            lapStarts[lap].movingSeconds = lapStarts[lap].movingSeconds.map { min($0, movingSeconds) }
        }
        previousCoordinate = anchorSample.coordinate
        previousTime = anchorSample.time
        self.candidate = nil
        self.stop = stop
    }

    /// Two fixes in a row (or one far) outside the stop circle: the runner moves again. The
    /// step from the anchor to the first of them counts, and with auto-pause its moving time
    /// starts at the last fix that was still close to where the runner stood.
    private mutating func leaveStop(_ stop: Stop) {
        self.stop = nil
        candidate = nil
        if let time = stop.outside.first?.time { lastStop = (stop.centre, store.count - 1, time) }
        for (offset, fix) in stop.outside.enumerated() {
            guard let previousCoordinate, let previousTime, let time = fix.time else { continue }
            distanceMeters += Geodesic.distance(previousCoordinate, fix.coordinate)
            if offset == 0 {
                if settings.autoPause {
                    // From the last close fix, but no longer than leaving the circle takes at a
                    // jog (2.5 m/s): a slow wander away from the mean must not become minutes.
                    let seconds = time.timeIntervalSince(max(stop.lastNear, previousTime))
                    let jogSeconds = Self.roughDistance(stop.centre, fix.coordinate) / 2.5
                    movingSeconds += max(0, min(seconds, jogSeconds))
                } else {
                    movingSeconds += time.timeIntervalSince(previousTime)
                }
            } else {
                movingSeconds += time.timeIntervalSince(previousTime)
            }
            append(fix)
        }
    }

    // MARK: - Reading

    /// Whether the stop detector currently sees the runner standing still.
    public var isStopped: Bool { stop != nil }

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
    public func currentPace(windowSeconds: Double = 15) -> Double? {
        let last = store.count - 1
        guard last >= 0, let lastMoving = store.moving(last) else { return nil }
        var first = last
        for index in stride(from: last, through: 0, by: -1) {
            guard let moving = store.moving(index), store.segments[index] == store.segments[last] else { break }
            first = index
            if lastMoving - moving >= windowSeconds { break }
        }
        guard let firstMoving = store.moving(first), lastMoving - firstMoving > 0 else { return nil }
        return Pace.secondsPerKilometer(seconds: lastMoving - firstMoving, meters: store.distances[last] - store.distances[first])
    }
}
