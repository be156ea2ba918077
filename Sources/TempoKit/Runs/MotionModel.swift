import Foundation

/// Where a GPS receiver really went, and when it stood still, estimated from the evidence in
/// its fixes: the one motion model behind `RunRecorder`, for live recording and files alike.
///
/// One segment at a time, on a local plane (metres east and north of the segment's first fix):
///
/// - **Noise.** GPS error wanders (a random walk over seconds, bounded over minutes), so it is
///   measured from the track itself: the third (divided) differences of positions cancel any
///   steady motion, a steady turn and a steady acceleration, at any spacing, and leave the noise.
///   Their robust mean, at one and at two fixes' spacing, gives the noise's growth rate `D`
///   (m²/s) apart from the runner's own turns and surges, which grow faster with the spacing
///   (`noiseRate`). A clean track has none and is left exactly as it is.
/// - **Outliers.** Each fix is compared with where the track was heading (the last accepted fix
///   plus the recent velocity times the gap), with a margin that grows with the noise and the
///   gap. A fix outside it is an outlier, and it never becomes the reference for the next one;
///   after `reinitialiseAfter` outliers in a row the model starts again from the newest fix (a
///   real jump: a tunnel's end, a receiver that was wrong until now). A step faster than the
///   sport's physical bound is impossible whatever the model says.
/// - **Path.** Each fix's position is a straight-line least-squares fit over the fixes within
///   `±W` seconds of it, `W` chosen so that the noise adds at most `noiseInflation` to the
///   length at the current speed (beside a stop, at least the pace that moving means; `W = 0` on
///   a clean track: the fix itself), never more than `lagSeconds`. Distance is the geodesic along
///   these positions.
/// - **Moving or stopped.** A two-state hidden Markov model (Viterbi) over the velocity fitted from
///   `W` seconds before each fix to `min(W, 8)` after it (`stopWindow`: 4–20 s, longer for noisier
///   fixes and slower movement; down to 1 s on a quiet track): stopped means that velocity is noise
///   (`unseparatedRate`) around zero; moving means a speed of at least `max(slowestMovement,
///   min(0.55 × the typical moving speed of the last two minutes, √D))`, the typical speed
///   learning, while fixes are judged stopped, from the speed over the last 40 s (up to 130 s while
///   all were judged stopped) where the noise cannot explain it (`sustainedSpeed`), so a hiker
///   slower than a sport's prior is not held to it. Once the run's own pace is known, moving also
///   pays for predicting it (`paceCostCap`), so the noise of a receiver standing at a traffic
///   light, which would pass for a slow walk, does not hold off a stop for half a minute. Leaving a
///   state costs nats (`stopPenalty`, `startPenalty`), so a stop needs sustained evidence, and a
///   slow walker — whose speed stands out of the noise over tens of seconds — is never stopped by a
///   single window. A device's own speed (Doppler), where the file has it, is evidence too.
///
/// Decisions come `lagSeconds` after a fix (or when the segment ends), so live recording may
/// revise only its last seconds, and a file gives exactly what recording the same fixes gave.
struct MotionModel: Sendable {
    /// Seconds after a fix when it is decided (and the most its smoothing window reaches ahead).
    static let lagSeconds = 10.0
    /// Half-width of the window the speed behind the typical speed and the smoothing is fitted over, seconds.
    static let speedWindowSeconds = 5.0
    /// The least and most half-width of the window a stop is judged over, seconds (see `stopWindow`;
    /// under 4 s, noise hid a cyclist climbing at 1.4 m/s for 12 s). Where the noise that wanders is
    /// below `noisyRate` (m²/s: a receiver whose error wanders by 3 m, 2σ²/τ ≈ 0.3), once measured,
    /// the least shrinks with it, to `cleanStopWindow` on a clean track, where a step's own velocity
    /// is exact (±4 s there took 3 s off both ends of each stop of a ride: moving time ran on).
    static let stopWindowRange = 4.0...20.0, cleanStopWindow = 1.0, noisyRate = 0.3
    /// The most a stop window reaches ahead of its fix, seconds: the rest of a longer window reaches back.
    static let stopWindowAhead = 8.0
    /// The share of the typical moving speed below which a fit speed looks like standing still.
    static let leastMovingShare = 0.55
    /// The longest mean spacing of fixes that the path is smoothed over, seconds.
    static let denseSpacingSeconds = 2.5
    /// The least moving speed never exceeds this × √D (m/s): about three standard deviations of a
    /// velocity fitted over 10 s of noise alone, so a cyclist walking up a wall, or someone given
    /// the wrong sport, still moves while a clean track's every step counts.
    static let leastMovingNoiseFactor = 1.0
    /// What stopping and starting again cost, nats. A change is decided on time only if the evidence
    /// after it pays its cost within `lagSeconds`, and standing is told from slow movement more slowly
    /// than movement from standing: stopping costs less, and the sum still keeps a slow hiker moving.
    static let stopPenalty = 2.0, startPenalty = 2.5
    /// The most moving pays per window for predicting the run's own pace, nats (see `score`).
    static let paceCostCap = 0.35
    /// `(pace / √(2π)σ)²` at which `paceCostCap` is reached (spares the logarithm): e^(2 × 0.35),
    /// written out so that reading it costs no lazy initialisation (`RunFastPathEquivalenceTests`).
    static let paceCostCapResolved = 2.013_752_707_470_476_6
    /// The slowest speed that counts as movement, m/s: below it, even over a long time, a track
    /// is told from a receiver's drift no more. Under walking's slowest, 0.3 m/s, so that such a
    /// walker's fitted speeds, which scatter around 0.3, are not half of them taken for standing
    /// (at 0.3 itself a 0.3 m/s walk from σ 1–3 m fixes lost 15 % of its moving time, 53 % at worst).
    static let slowestMovementMetersPerSecond = 0.22
    /// The most the noise left in the path may lengthen it (fraction).
    static let noiseInflation = 0.01
    /// Outliers in a row after which the model trusts the newest fix again.
    static let reinitialiseAfter = 3
    /// Margin around the predicted position that is never an outlier, metres.
    static let outlierFloorMeters = 30.0
    /// The hardest acceleration the gate allows for, m/s² (braking, a sprint start).
    static let maxAccelerationMetersPerSecond2 = 4.0

    /// The physical bound on a step, m/s.
    let maxSpeedMetersPerSecond: Double
    /// The plane the segment is smoothed on, tangent at its first fix.
    private(set) var plane: LocalPlane?
    /// History (for windows reaching back) and the fixes not yet decided, from `firstPending`.
    private(set) var points: [Point] = []
    private var firstPending = 0
    /// How many of the oldest fixes no window reaches any more (forgotten in batches).
    private var forgettable = 0
    /// Windows whose ends only move on as fixes come, kept rather than searched for at every fix: the
    /// heading's `check` fits (from the first fix within `lagSeconds` of the newest), and `speedVelocity`'s.
    private var headingFirst = 0
    var speedWindow = (first: 0, last: 0)
    /// The last fix `check` projected (`add` takes it from there: the plane never moves).
    private var checked = (coordinate: Coordinate(latitude: .nan, longitude: .nan), east: 0.0, north: 0.0)
    /// Running sums over `points` (a window's sums are `sums[last + 1] − sums[first]`), so a
    /// window's least-squares line costs the same however many fixes it holds. Measured from
    /// `sumsOrigin`, a fix at most `sumsRebaseSeconds` before the newest (and a gap longer than
    /// that starts the track again), so they stay small and a window's sums keep their precision.
    private(set) var sums: [Sums] = [Sums()]
    private(set) var sumsOrigin = (time: 0.0, east: 0.0, north: 0.0)
    static let sumsRebaseSeconds = 4096.0
    /// Fixes whose moving/stopped evidence has entered the Viterbi recursion (from the start of `points`).
    private var scored = 0
    /// Viterbi scores (log-likelihood) of ending stopped / moving at the last scored fix, and for
    /// each scored pending fix whether the best way into each state came from "stopped".
    private var scoreStopped = 0.0, scoreMoving = 0.0
    /// (From `cameFromStart` on: the entries before it belong to decided fixes.)
    private var cameFromStopped: [(intoStopped: Bool, intoMoving: Bool)] = []
    private var cameFromStart = 0
    /// Whether each fix being decided was stopped, as backtracked, and the index of the next fix
    /// backtracked as stopped after it (storage reused).
    private var backtracked: [(stopped: Bool, nextStop: Int)] = []
    /// How noisy the fixes are, measured from the track itself.
    private var noise = NoiseEstimate()
    /// The noise's growth rate, m²/s (0 on a clean track; see `NoiseEstimate`).
    var noiseRate: Double { noise.rate }
    /// Typical moving speed, m/s (running mean over fixes decided moving).
    private var typicalSpeed: Double
    private var movingSecondsSeen = 0.0
    /// How long the typical speed remembers, and how long the sport's prior counts for, seconds.
    static let typicalSpeedSeconds = 120.0, priorSeconds = 20.0
    private var outliersInARow = 0
    /// When the latest fix decided moving was taken (`sustainedSpeed` reaches back to it).
    private(set) var lastMovingTime = -Double.infinity
    /// When the run of fixes decided moving that the latest decided fix belongs to began (nil: it was stopped).
    private var movingSince: Double?

    init(sport: Sport?, maxSpeedMetersPerSecond: Double) {
        self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
        typicalSpeed = Self.priorSpeed(sport)
    }

    var hasPending: Bool { firstPending < points.count }

    /// When the latest fix the model holds was taken.
    var latestTime: Date? { points.last.map { Date(timeIntervalSinceReferenceDate: $0.time) } }

    // MARK: - Fixes in

    /// Whether the fix at `time` (seconds since the reference date) is an outlier or an
    /// impossible step, or starts the model again.
    mutating func check(_ coordinate: Coordinate, at time: Double, accuracy: Double?) -> Verdict {
        guard !points.isEmpty else { return .accept }
        let newest = points.count - 1, lastTime = points[newest].time, lastEast = points[newest].east, lastNorth = points[newest].north
        let dt = time - lastTime
        let (east, north) = project(coordinate)
        checked = (coordinate, east, north)
        let jump = ((east - lastEast) * (east - lastEast) + (north - lastNorth) * (north - lastNorth)).squareRoot()
        if jump - 2 * (accuracy ?? 0) > maxSpeedMetersPerSecond * dt {
            outliersInARow += 1
            return .drop(.impossibleSpeed)
        }
        // No window reaches across a gap this long (the receiver was off, the file was joined):
        // the track starts again, and its running sums with it.
        if dt > Self.sumsRebaseSeconds {
            outliersInARow = 0
            return .restart
        }
        // The heading: `velocity(around: newest, before: lagSeconds, after: 0)`, its window's start kept.
        while points[headingFirst].time < lastTime - Self.lagSeconds { headingFirst += 1 }
        let heading = line(first: headingFirst == newest ? max(0, newest - 1) : headingFirst, last: newest, at: newest)
        let velocity = (east: heading.velocityEast, north: heading.velocityNorth)
        let predictedEast = lastEast + velocity.east * dt, predictedNorth = lastNorth + velocity.north * dt
        let miss = ((east - predictedEast) * (east - predictedEast) + (north - predictedNorth) * (north - predictedNorth)).squareRoot()
        let margin = Self.outlierFloorMeters + 4 * (2 * noiseRate * dt + (accuracy ?? 0) * (accuracy ?? 0)).squareRoot()
            + 0.5 * Self.maxAccelerationMetersPerSecond2 * dt * dt
        if miss > margin {
            outliersInARow += 1
            if outliersInARow < Self.reinitialiseAfter { return .drop(.outlier) }
            outliersInARow = 0
            return .restart
        }
        outliersInARow = 0
        return .accept
    }

    /// Forgets the track so far (after its fixes were decided): the next fix starts it again.
    mutating func restart() {
        points.removeAll(keepingCapacity: true)
        sums.removeAll(keepingCapacity: true)
        sums.append(Sums())
        forgettable = 0
        headingFirst = 0
        speedWindow = (0, 0)
        firstPending = 0
        scored = 0
        cameFromStopped.removeAll(keepingCapacity: true)
        cameFromStart = 0
        scoreStopped = 0
        scoreMoving = 0
    }

    /// Adds a fix that passed `check`.
    mutating func add(_ coordinate: Coordinate, at time: Double, altitude: Double?, deviceSpeed: Double?,
                      deviceDistance: Double?) {
        let (east, north) = checked.coordinate == coordinate ? (checked.east, checked.north) : project(coordinate)
        let point = Point(time: time, east: east, north: north, coordinate: coordinate,
                          altitude: altitude ?? .nan, deviceSpeed: deviceSpeed ?? .nan, deviceDistance: deviceDistance ?? .nan)
        points.append(point)
        if points.count == 1 || time - sumsOrigin.time > Self.sumsRebaseSeconds {
            rebaseSums(on: point)
        } else {
            sums.append(sums[sums.count - 1].adding(point, from: sumsOrigin))
        }
        noise.update(with: points)
    }

    // MARK: - Decisions out

    /// The fixes still held, decided as if the segment ended now (for a live display), without
    /// changing the model.
    func provisionalDecisions() -> [Decision] {
        var copy = self
        var decisions: [Decision] = []
        copy.decide(flush: true, into: &decisions)
        return decisions
    }

    /// Decides every held fix at least `lagSeconds` old (all of them when `flush`), appending them in order.
    mutating func decide(flush: Bool, into decisions: inout [Decision]) {
        guard let newest = points.last?.time else { return }
        // Score the fixes whose speed window is complete.
        // (Scoring changes neither the noise nor the typical speed, so neither do these.)
        let least = leastMovingSpeed, before = stopWindow(least: least), after = min(before, Self.stopWindowAhead)
        while scored < points.count && (flush || points[scored].time + after <= newest) {
            score(scored, least: least, before: before, after: after)
            scored += 1
        }
        let lastDecided = firstPending
        while firstPending < scored && (flush || points[firstPending].time + Self.lagSeconds <= newest) {
            firstPending += 1
        }
        guard firstPending > lastDecided else { return }
        // Backtrack from the best state at the scored frontier down to the fixes being decided,
        // noting for each of those the next fix after it backtracked as stopped (`scored`: none).
        let pendingStart = scored - (cameFromStopped.count - cameFromStart)
        var stopped = scoreStopped > scoreMoving
        if backtracked.count < firstPending - lastDecided {
            backtracked.append(contentsOf: repeatElement((stopped: false, nextStop: 0), count: firstPending - lastDecided - backtracked.count))
        }
        // (On buffers: a checked write to a stored array costs a uniqueness check each.)
        let offset = cameFromStart - pendingStart
        backtracked.withUnsafeMutableBufferPointer { backtracked in
            cameFromStopped.withUnsafeBufferPointer { cameFromStopped in
                var index = scored - 1, nextStop = scored
                while index >= lastDecided {
                    if index < firstPending { backtracked[index - lastDecided] = (stopped, nextStop) }
                    if stopped { nextStop = index }
                    let back = cameFromStopped[offset + index]
                    stopped = stopped ? back.intoStopped : back.intoMoving
                    index -= 1
                }
            }
        }
        let quiet = quietness >= 0.5
        for offset in 0..<(firstPending - lastDecided) {
            let index = lastDecided + offset
            let moving = !backtracked[offset].stopped, nextStop = backtracked[offset].nextStop
            let point = points[index]
            if !moving { movingSince = nil } else if movingSince == nil { movingSince = point.time }
            let velocity = speedVelocity(around: index)
            let speed = (velocity.east * velocity.east + velocity.north * velocity.north).squareRoot()
            if moving { lastMovingTime = point.time }
            let sustained = moving ? nil : sustainedSpeed(index)
            if moving || sustained != nil, index > 0 {
                // A running mean over the last two minutes of movement; the sport's prior counts as
                // its first `priorSeconds`, so a slow hiker's own pace takes over within a minute.
                // A sustained speed was measured over its whole window: until the mean has seen that
                // much movement, it counts for all of it (a hike's slow start replaces a runner's
                // prior at once, not over another minute and a half).
                var dt = min(point.time - points[index - 1].time, Self.typicalSpeedSeconds)
                if let sustained { dt = max(dt, min(sustained.span, Self.typicalSpeedSeconds) - movingSecondsSeen) }
                movingSecondsSeen += dt
                let weight = dt / min(Self.priorSeconds + movingSecondsSeen, Self.typicalSpeedSeconds)
                typicalSpeed += ((sustained?.speed ?? speed) - typicalSpeed) * weight
            }
            // On a quiet track a run's ends are sharp, and a line through them and the stop beside them
            // is what puts them off; under more noise a line's averaging is worth more than that.
            // (A line fit never reaches across a stop.)
            let until = nextStop < scored ? points[nextStop - 1].time : .infinity
            let run = quiet ? (movingSince ?? point.time)...until : -Double.infinity...Double.infinity
            // The speed the smoothing window is sized for. Beside a stop (within the speed window of
            // one) the speed is fitted across the stop's edge, a fraction of the pace, and a window
            // sized for that reached across the stop: a line through the stop's fixes and the movement
            // beside them put a ride's fixes there metres off (+2.5 % in all at worst). There it is
            // never below what moving means at this pace.
            let besideStop = point.time - (movingSince ?? point.time) < Self.speedWindowSeconds
                || until - point.time < Self.speedWindowSeconds
            let windowSpeed = besideStop ? max(speed, Self.leastMovingShare * typicalSpeed) : speed
            let smoothed = moving ? smoothed(index, speed: windowSpeed, within: run) : point.coordinate
            decisions.append(Decision(point: point, smoothed: smoothed, moving: moving))
        }
        // Forget what no window reaches any more.
        let keepFrom = firstPending > 0 ? points[firstPending - 1].time - Self.longestSustainedWindowBefore : -Double.infinity
        while forgettable < firstPending - 1 && points[forgettable].time < keepFrom { forgettable += 1 }
        let drop = forgettable
        let decidedScored = min(firstPending, scored) - pendingStart
        if decidedScored > 0 { cameFromStart += decidedScored }
        if cameFromStart >= 64 || cameFromStart == cameFromStopped.count {
            cameFromStopped.removeFirst(cameFromStart)
            cameFromStart = 0
        }
        // Once as many fixes are forgettable as are kept: moving the kept ones costs a fix or less per fix.
        if (drop >= 64 && 2 * drop >= points.count) || (flush && drop > 0) {
            points.removeFirst(drop)
            sums.removeFirst(drop)
            forgettable = 0
            headingFirst = max(0, headingFirst - drop)
            speedWindow = (max(0, speedWindow.first - drop), max(0, speedWindow.last - drop))
            firstPending -= drop
            scored -= drop
        }
    }

    /// The slowest speed the moving hypothesis allows: a share of the typical moving speed (the
    /// walker's 1.4 m/s, the hiker's 0.6) where the noise is large enough to need it, never below
    /// `slowestMovementMetersPerSecond`.
    private var leastMovingSpeed: Double {
        let noiseBound = Self.leastMovingNoiseFactor * noise.unseparatedRate.squareRoot()
        return max(Self.slowestMovementMetersPerSecond, min(Self.leastMovingShare * typicalSpeed, noiseBound))
    }

    /// How far the wandering noise is below `noisyRate` (0: at or above it, or not yet measured; 1: none).
    private var quietness: Double { noise.isSettled ? max(0, 1 - noise.wanderingRate / Self.noisyRate) : 0 }

    /// How far back the window the moving/stopped velocity is fitted over reaches (`W`; ahead it
    /// reaches `min(W, stopWindowAhead)`), seconds: long enough that the least moving speed stands
    /// about 1.4 standard deviations of the fitted velocity's noise (1.2·D/2W per axis) out of it,
    /// and no longer (a longer one blurs a stop's edges).
    private func stopWindow(least: Double) -> Double {
        let shortest = Self.stopWindowRange.lowerBound - (Self.stopWindowRange.lowerBound - Self.cleanStopWindow) * quietness
        return min(Self.stopWindowRange.upperBound, max(shortest, 2.4 * noiseRate / (least * least)))
    }

    /// One step of the Viterbi recursion at `index`, given `leastMovingSpeed` and the stop window
    /// (`stopWindow(least:)` back, at most `stopWindowAhead` ahead).
    private mutating func score(_ index: Int, least: Double, before: Double, after: Double) {
        let time = points[index].time, deviceSpeed = points[index].deviceSpeed
        let velocity = self.velocity(around: index, before: before, after: after)
        let speed = (velocity.east * velocity.east + velocity.north * velocity.north).squareRoot()
        // Spread of the fitted velocity per axis: a random walk's slope over a window of T
        // seconds varies by about 1.2·D/T (`unseparatedRate`), plus a floor for rounding and a clean track.
        let window = velocity.span > 0 ? velocity.span : before + after
        let variance = 1.2 * noise.unseparatedRate / window + 0.01 * 0.01
        // Stopped: the velocity is noise around zero, log p = −v²/2σ² − log 2πσ². Moving: a speed of
        // at least `least`, any direction, log p = −(least − v)₊²/2σ² − log(√(2πσ²) · 2π·max(v, least)).
        let shortfall = max(0, least - speed)
        // That takes the best-fitting speed. Once the run's pace is known (it has been moving for
        // `typicalSpeedSeconds`), moving also pays for the speed being one of the paces it spans:
        // log(range / √(2πσ²)) for a range as wide as the typical speed, at most `paceCostCap`,
        // nothing where the noise spans the pace anyway.
        let resolved = typicalSpeed * typicalSpeed / (2 * .pi * variance)
        let paceCost = movingSecondsSeen < Self.typicalSpeedSeconds || resolved <= 1 ? 0
            : resolved >= Self.paceCostCapResolved ? Self.paceCostCap : 0.5 * log(resolved)
        let stoppedOverMovingLog = (shortfall * shortfall - speed * speed) / (2 * variance)
            + log(max(speed, least) * (2 * .pi / variance).squareRoot()) + paceCost
        // Overlapping windows share evidence: weigh each fix by the share of the window it adds.
        let previousTime = index > 0 ? points[index - 1].time : time - 1
        let weight = min(1, max(0, time - previousTime) / window)
        var evidence = weight * stoppedOverMovingLog
        if deviceSpeed.isFinite {
            evidence += deviceSpeed >= 1 ? -2 * Self.startPenalty : (deviceSpeed < 0.2 ? 0.2 : 0)
        }
        let fromStoppedToStopped = scoreStopped, fromMovingToStopped = scoreMoving - Self.stopPenalty
        let fromMovingToMoving = scoreMoving, fromStoppedToMoving = scoreStopped - Self.startPenalty
        let intoStopped = fromStoppedToStopped >= fromMovingToStopped
        let intoMoving = fromStoppedToMoving > fromMovingToMoving
        scoreStopped = max(fromStoppedToStopped, fromMovingToStopped) + evidence
        scoreMoving = max(fromMovingToMoving, fromStoppedToMoving)
        // Keep the scores small.
        let best = max(scoreStopped, scoreMoving)
        scoreStopped -= best
        scoreMoving -= best
        cameFromStopped.append((intoStopped, intoMoving))
    }

    // `smoothed`, `fit` and `velocity` change nothing, but are `mutating` so that Swift passes the
    // model by reference: a non-mutating call from a mutating method first copies the whole model
    // (about 300 bytes), which cost 8 % of the analysis (callgrind, `runs-benchmark --profile`).

    /// Measures the running sums from `origin` again.
    private mutating func rebaseSums(on origin: Point) {
        sumsOrigin = (origin.time, origin.east, origin.north)
        sums.removeAll(keepingCapacity: true)
        sums.append(Sums())
        for point in points { sums.append(sums[sums.count - 1].adding(point, from: sumsOrigin)) }
    }

    /// Metres east and north on the segment's plane (the first fix of a segment lays it down).
    private mutating func project(_ coordinate: Coordinate) -> (east: Double, north: Double) {
        let plane = self.plane ?? LocalPlane(origin: coordinate)
        self.plane = plane
        return plane.project(coordinate)
    }
}
