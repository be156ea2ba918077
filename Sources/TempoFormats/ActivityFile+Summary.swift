import Foundation
import TempoKit

extension ActivityFile {
    /// Typical bytes a file spends on one fix, by format: the recorder's columns are reserved for
    /// `size / typical` fixes up front instead of being copied as they double. A file denser than
    /// this grows them from there as usual; a sparser one leaves reserved memory untouched, and
    /// memory never touched is never resident.
    private static func typicalBytesPerFix(_ format: ActivityFormat) -> Int {
        switch format {
        case .gpx: 100
        case .tcx: 200
        case .fit: 20
        case .nmea: 140
        }
    }

    /// The summary of the file at `url`, read in one pass: `tempo run summary`.
    ///
    /// Gives what `RunAnalysis.summarize` gives for the file's segments with its `RunPlan` (laps,
    /// sport, sport changes); `sport`, when given, overrides every sport the file names. The plan
    /// must be known before the first fix reaches the recorder. GPX and NMEA name their sport
    /// before the track, so their fixes go into the recorder as they are parsed and memory holds
    /// the run's compact samples, never the whole file. FIT and TCX report laps and sessions after
    /// their records: their fixes are held until the file ends. (A GPX that names its sport only
    /// after its first point is the one file read twice: once more with the sport known.)
    public static func summary(
        of url: URL, splitUnit: SplitUnit = .kilometer, autoPause: Bool = true, sport: Sport? = nil
    ) throws(FormatError) -> RunSummary {
        let format = try self.format(of: url)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let plansAfterRecords = format == .fit || format == .tcx
        var known: RunPlan?
        while true {
            var described = ActivityBuilder()
            var held = ActivityBuilder()
            var replay: RunReplay?
            var used: RunPlan?
            // The length as drawn and the sensor readings need nothing the recorder decides: kept
            // on the reading thread.
            let apart = plansAfterRecords ? nil : KeptOnReader(fixes: size / typicalBytesPerFix(format))
            var alongside: (@Sendable (ActivityElement) -> Void)?
            if let apart { alongside = { apart.add($0) } }
            try streamAhead(url, format: format, alongside: alongside) { element in
                switch element {
                case .fix where plansAfterRecords, .endSegment where plansAfterRecords:
                    held.add(element)
                case .fix(let fix):
                    if replay == nil {
                        let plan = known ?? RunPlan(activity: described.finish(), autoPause: autoPause, sport: sport)
                        var started = RunReplay(lapStarts: plan.lapStarts, sportChanges: plan.sportChanges, settings: plan.settings)
                        started.measuresUnfilteredDistance = false
                        started.logsSensors = false
                        started.keepsPositions = false
                        started.reserveCapacity(size / typicalBytesPerFix(format))
                        apart?.hand(started.samplePagesAhead())
                        replay = started
                        used = plan
                    }
                    replay?.add(fix)
                case .endSegment: replay?.endSegment()
                case .waypoint: break
                default: described.add(element)
                }
            }
            let needed = RunPlan(activity: described.finish(), autoPause: autoPause, sport: sport)
            if plansAfterRecords {
                return RunAnalysis.summarize(
                    segments: held.finish().segments, lapStarts: needed.lapStarts, sportChanges: needed.sportChanges,
                    settings: needed.settings, splitUnit: splitUnit)
            }
            // Taken out of the optional, so the one copy of the recorder's columns is finished in
            // place (a second reference would copy every column at the first fix `stop` decides).
            guard var fed = replay.take() else {
                var empty = RunReplay(settings: needed.settings)
                return empty.summary(splitUnit: splitUnit)
            }
            if used == needed {
                var summary = fed.summary(splitUnit: splitUnit, sensorLog: apart?.sensors)
                summary.unfilteredDistanceMeters = apart?.length.meters
                return summary
            }
            known = needed
        }
    }
}

/// The length as drawn and the sensor readings, kept by the reading thread (`ActivityFile.streamAhead`'s
/// `alongside`): every fix of a streamed file reaches the replay's recorder while it runs, in file
/// order, so the log is the one the recorder would keep (`RunReplay.logsSensors`). The reading
/// thread also has the pages of the recorder's columns provided ahead of its samples
/// (`SamplePagesAhead`): it waits on the recorder, and a page fault is 2 µs of the recorder's time.
///
/// `@unchecked Sendable`: only the reading thread writes `length`, `sensors`, `pages` and
/// `fixesRead`, and they are read once `streamAhead` returned, after the reading thread's last
/// element was handed over under the channel's lock; `handed` is guarded by `handOver`.
private final class KeptOnReader: @unchecked Sendable {
    /// (One thread at a time by construction: no access is checked at run time, which cost 2 % of the reading.)
    @exclusivity(unchecked) var length = DrawnLength()
    @exclusivity(unchecked) var sensors = SensorLog()
    @exclusivity(unchecked) private var pages: SamplePagesAhead?
    @exclusivity(unchecked) private var fixesRead = 0
    private let handOver = NSLock()
    private var handed: SamplePagesAhead?

    /// Room for the readings of `fixes` fixes (memory reserved and never touched is never resident).
    init(fixes: Int) {
        sensors.reserveCapacity(fixes)
    }

    /// The replay's column pages, from the visiting thread once it reserved them.
    func hand(_ pages: SamplePagesAhead) {
        handOver.withLock { handed = pages }
    }

    func add(_ element: ActivityElement) {
        switch element {
        case .fix(let fix):
            length.add(fix)
            sensors.add(fix)
            fixesRead += 1
            if fixesRead % ActivityFile.readAheadBatch == 0 { prepareAhead() }
        case .endSegment: length.endSegment()
        default: break
        }
    }

    /// Has the pages provided for the samples of every fix read so far and of the next batch (the
    /// recorder, a few batches behind, never has more samples than fixes read).
    private func prepareAhead() {
        if pages == nil { pages = handOver.withLock { handed } }
        pages?.prepare(samples: fixesRead + ActivityFile.readAheadBatch)
    }
}
