import Foundation

/// Everything Tempo reports about a finished (or running) run; the `--json` of `run summary`
/// and `run show`.
///
/// Metres and seconds. Time fields are `nil` (JSON `null`) when the fixes have no times and
/// elevation fields when they have no altitudes: a number is never invented as 0.
public struct RunSummary: Sendable, Hashable, Encodable {
    /// When the run started (UTC), if known.
    public var startedAt: Date?
    /// The sport: the one named (by the file or the user), else the one the moving speed
    /// suggests; for a run whose sport changed, that of the part with the longest moving time.
    /// `nil` when nothing names it and there is no moving time to infer it from.
    public var sport: Sport?
    /// Whether `sport` was inferred from the speeds because nothing named it.
    public var sportInferred: Bool
    /// Fixes offered to the recorder (accepted or dropped).
    public var points: Int
    /// Fixes that count.
    public var acceptedPoints: Int
    /// Segments with at least one accepted fix.
    public var segments: Int
    /// Geodesic distance, metres.
    public var distanceMeters: Double
    /// Of `distanceMeters`, the metres covered without times (a file's untimed fixes): they
    /// count in the distance and in no pace, split time or best effort.
    public var untimedDistanceMeters: Double
    /// For file analysis: the geodesic length of the track as drawn, every valid fix counted
    /// (no filter, no stop detection); `nil` for live runs.
    public var unfilteredDistanceMeters: Double?
    /// Wall clock from start to stop, seconds.
    public var elapsedSeconds: Double?
    /// Elapsed minus manual pauses (and gaps between a file's segments), seconds.
    public var timerSeconds: Double?
    /// Timer minus stops (when auto-pause is on), seconds.
    public var movingSeconds: Double?
    /// Pace over moving time and the timed distance, seconds per km.
    public var averagePaceSecondsPerKilometer: Double?
    /// Pace over timer time, seconds per km.
    public var averageTimerPaceSecondsPerKilometer: Double?
    /// Metres climbed (spikes rejected, smoothed, thresholded); `nil` without altitudes.
    public var elevationGainMeters: Double?
    /// Metres descended, likewise.
    public var elevationLossMeters: Double?
    /// The unit the splits are cut at.
    public var splitUnit: SplitUnit
    /// Splits every `splitUnit`, the last one partial.
    public var splits: [RunSplit]
    /// Laps (from the lap command or the file's laps); empty when there were none.
    public var laps: [RunSplit]
    /// The run's parts by sport, in time order, when its sport changed (a multisport file); empty
    /// for a run done in one sport.
    public var sports: [RunSportPart]
    /// Fastest standard distances contained in the run.
    public var bestEfforts: [BestEffort]
    /// Dropped fixes by reason.
    public var dropped: [FixDropReason: Int]
    /// Heart rate, cadence, power and temperature over the run (avg/max); each split has its own.
    public var sensors: SensorSummary

    /// Samples from which the summary's passes over them share two cores: below it, handing half
    /// to another thread costs more than it saves.
    static let samplesForTwoCores = 20_000

    /// Summarises what `recorder` has seen, at `now` (for elapsed/timer of a run still going;
    /// pass the stop time or the last fix time for a finished one).
    ///
    /// `sportChanges` are the changes the recorder was given as its fixes reached them (see
    /// `SportTimeline`); the run is cut into parts at those instants.
    public init(recorder: RunRecorder, at now: Date? = nil, splitUnit: SplitUnit = .kilometer, sportChanges: [SportChange] = []) {
        self.init(recorder: recorder, at: now, splitUnit: splitUnit, sportChanges: sportChanges, twoCores: nil)
    }

    /// `twoCores` decides whether the passes over the samples share two cores (nil: from their
    /// number, `samplesForTwoCores`); the summary is the same either way.
    init(recorder: RunRecorder, at now: Date?, splitUnit: SplitUnit, sportChanges: [SportChange], twoCores: Bool?) {
        let store = recorder.store
        let end = recorder.stoppedAt ?? now ?? (store.isEmpty ? nil : store.time(store.count - 1)) ?? recorder.startedAt
        let track = RunTrack(store: store)
        startedAt = recorder.startedAt
        points = recorder.fixesReceived
        acceptedPoints = store.count
        segments = store.segmentCount
        distanceMeters = recorder.distanceMeters
        elapsedSeconds = end.flatMap { recorder.elapsedSeconds(at: $0) }
        timerSeconds = end.flatMap { recorder.timerSeconds(at: $0) }
        let moving = recorder.startedAt == nil ? nil : recorder.movingSeconds
        let timer = end.flatMap { recorder.timerSeconds(at: $0) }
        // Pace divides times by the distance covered in them, never by the untimed part.
        let distance = track.timedDistanceMeters
        untimedDistanceMeters = track.untimedDistanceMeters
        movingSeconds = moving
        averagePaceSecondsPerKilometer = moving.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: distance) }
        averageTimerPaceSecondsPerKilometer = timer.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: distance) }
        // The passes over every sample, in two halves of about the same cost, on two cores for a
        // long run (a file of hours of fixes: the reading thread is done by then).
        let sensorLog = recorder.sensorLog
        let (overall, bySplit) = Concurrently.both(inParallel: twoCores ?? (store.count >= Self.samplesForTwoCores)) {
            (elevation: ElevationProfile(store: store), sensors: sensorLog.summary())
        } _: {
            var splits = track.splits(unit: splitUnit)
            if !sensorLog.isEmpty {
                let perSplit = sensorLog.splitSummaries(store: store, splitLength: splitUnit.meters, splits: splits.count)
                for index in splits.indices { splits[index].sensors = perSplit[index] }
            }
            return (splits: splits, bestEfforts: track.bestEfforts())
        }
        elevationGainMeters = overall.elevation?.gainMeters
        elevationLossMeters = overall.elevation?.lossMeters
        self.splitUnit = splitUnit
        sensors = overall.sensors
        splits = bySplit.splits
        bestEfforts = bySplit.bestEfforts
        dropped = recorder.filter.dropped
        laps = Self.laps(recorder: recorder, timerAtEnd: timer)
        let parts = Self.sportParts(recorder: recorder, end: end, changes: sportChanges)
        sports = parts.count > 1 ? parts : []
        // The part with the longest moving time (the longest distance without times); the first on a tie.
        let main = parts.max { ($0.movingSeconds ?? 0, $0.distanceMeters) < ($1.movingSeconds ?? 0, $1.distanceMeters) }
        sport = main?.sport
        sportInferred = main?.sportInferred ?? true
    }

    /// The run cut at its sport changes: one part per sport in effect, its distance and moving time
    /// the recorder's totals between the part's instants. A single part without changes (or times).
    private static func sportParts(recorder: RunRecorder, end: Date?, changes: [SportChange]) -> [RunSportPart] {
        let moving = recorder.startedAt == nil ? nil : recorder.movingSeconds
        guard !changes.isEmpty, let start = recorder.startedAt, let end else {
            return [RunSportPart(named: recorder.sport, startedAt: recorder.startedAt, distanceMeters: recorder.distanceMeters,
                                 movingSeconds: moving)]
        }
        let bounds = SportTimeline(changes).parts(from: start, to: end, initial: recorder.settings.sport)
        let marks = [(distanceMeters: 0.0, movingSeconds: moving.map { _ in 0.0 })]
            + recorder.store.totals(at: bounds.dropFirst().map(\.at))
            + [(distanceMeters: recorder.distanceMeters, movingSeconds: moving)]
        return bounds.indices.map { index in
            let from = marks[index], to = marks[index + 1]
            var partMoving: Double?
            if let a = from.movingSeconds, let b = to.movingSeconds { partMoving = b - a }
            return RunSportPart(named: bounds[index].sport, startedAt: bounds[index].at,
                                distanceMeters: to.distanceMeters - from.distanceMeters, movingSeconds: partMoving)
        }
    }

    private static func laps(recorder: RunRecorder, timerAtEnd: Double?) -> [RunSplit] {
        let marks = recorder.lapStarts
        guard !marks.isEmpty else { return [] }
        let timed = recorder.startedAt != nil
        var starts: [(distance: Double, timer: Double?, moving: Double?)] = [(0, timed ? 0 : nil, timed ? 0 : nil)]
        starts += marks.map { ($0.distanceMeters, $0.timerSeconds, $0.movingSeconds) }
        let end: (distance: Double, timer: Double?, moving: Double?) = (recorder.distanceMeters, timerAtEnd, timed ? recorder.movingSeconds : nil)
        var laps: [RunSplit] = []
        for (offset, start) in starts.enumerated() {
            let next = offset + 1 < starts.count ? starts[offset + 1] : end
            var elapsed: Double?, moving: Double?
            if let a = start.timer, let b = next.timer { elapsed = b - a }
            if let a = start.moving, let b = next.moving { moving = b - a }
            laps.append(RunSplit(index: offset + 1, distanceMeters: next.distance - start.distance,
                                 elapsedSeconds: elapsed, movingSeconds: moving))
        }
        return laps
    }

    private enum CodingKeys: String, CodingKey {
        case startedAt = "started_at", sport, sportInferred = "sport_inferred", points, acceptedPoints = "accepted_points", segments
        case distanceMeters = "distance_m", untimedDistanceMeters = "untimed_distance_m", unfilteredDistanceMeters = "unfiltered_distance_m", elapsedSeconds = "elapsed_s", timerSeconds = "timer_s", movingSeconds = "moving_s"
        case averagePaceSecondsPerKilometer = "avg_pace_s_per_km"
        case averageTimerPaceSecondsPerKilometer = "avg_timer_pace_s_per_km"
        case elevationGainMeters = "elevation_gain_m", elevationLossMeters = "elevation_loss_m"
        case splitUnit = "split_unit", splits, laps, sports, bestEfforts = "best_efforts", dropped, sensors
    }

    /// Encodes with snake_case keys; absent values are written as `null`, never left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(sport, forKey: .sport)
        try container.encode(sportInferred, forKey: .sportInferred)
        try container.encode(points, forKey: .points)
        try container.encode(acceptedPoints, forKey: .acceptedPoints)
        try container.encode(segments, forKey: .segments)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(untimedDistanceMeters, forKey: .untimedDistanceMeters)
        try container.encode(unfilteredDistanceMeters, forKey: .unfilteredDistanceMeters)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(timerSeconds, forKey: .timerSeconds)
        try container.encode(movingSeconds, forKey: .movingSeconds)
        try container.encode(averagePaceSecondsPerKilometer, forKey: .averagePaceSecondsPerKilometer)
        try container.encode(averageTimerPaceSecondsPerKilometer, forKey: .averageTimerPaceSecondsPerKilometer)
        try container.encode(elevationGainMeters, forKey: .elevationGainMeters)
        try container.encode(elevationLossMeters, forKey: .elevationLossMeters)
        try container.encode(splitUnit, forKey: .splitUnit)
        try container.encode(splits, forKey: .splits)
        try container.encode(laps, forKey: .laps)
        try container.encode(sports, forKey: .sports)
        try container.encode(bestEfforts, forKey: .bestEfforts)
        try container.encode(Dictionary(uniqueKeysWithValues: dropped.map { ($0.key.rawValue, $0.value) }), forKey: .dropped)
        try container.encode(sensors, forKey: .sensors)
    }
}
