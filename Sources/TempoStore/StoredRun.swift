import Foundation
import TempoKit

/// A run as stored: its header, every fix received (in order, with its segment), the
/// commands given while recording, the laps a file recorded and where its sport changed.
///
/// The summary is never stored as the truth: it is recomputed from these by the same
/// `RunRecorder` that recorded it, so stored and shown numbers cannot disagree.
public struct StoredRun: Sendable {
    /// A command given during live recording, and how many fixes had been received before it.
    public struct Event: Sendable, Hashable {
        /// What was commanded.
        public var action: RunAction
        /// Wall clock (UTC) the command was stamped with.
        public var at: Date?
        /// Fixes received before the command.
        public var fixCount: Int

        /// A command stamped `at`, after `fixCount` fixes.
        public init(action: RunAction, at: Date?, fixCount: Int) {
            self.action = action
            self.at = at
            self.fixCount = fixCount
        }
    }

    /// The header.
    public var record: RunRecord
    /// Every fix received, in order, each with its segment index (file segments; 0 for live runs).
    public var fixes: [(segment: Int, fix: LocationFix)]
    /// Commands in order (live runs).
    public var events: [Event]
    /// Lap start instants recorded by a file.
    public var lapStarts: [Date]
    /// Where the sport changes (a multisport file's sessions); the record's sport holds before the first.
    public var sportChanges: [SportChange]

    /// A run as read from (or about to be written to) the store.
    public init(
        record: RunRecord, fixes: [(segment: Int, fix: LocationFix)], events: [Event], lapStarts: [Date],
        sportChanges: [SportChange] = []
    ) {
        self.record = record
        self.fixes = fixes
        self.events = events
        self.lapStarts = lapStarts
        self.sportChanges = sportChanges
    }

    /// The fixes grouped by segment, in order.
    public var segments: [[LocationFix]] {
        var result: [[LocationFix]] = []
        var current: Int?
        for (segment, fix) in fixes {
            if segment != current {
                result.append([])
                current = segment
            }
            result[result.count - 1].append(fix)
        }
        return result
    }

    /// The recorder state rebuilt from what is stored: files through `RunAnalysis`, live runs
    /// by replaying fixes and commands in the order they happened (each sport change with the
    /// first fix at or after it, as `RunRecording` gave it).
    public func recorder() -> RunRecorder {
        switch record.source {
        case .file:
            return RunAnalysis.record(segments: segments, lapStarts: lapStarts, sportChanges: sportChanges, settings: record.settings)
        case .live:
            var recorder = RunRecorder(settings: record.settings)
            var sports = SportTimeline(sportChanges)
            var next = 0
            func applyEvents(upTo count: Int) {
                while next < events.count && events[next].fixCount <= count {
                    let event = events[next]
                    if event.action == .start {
                        try? recorder.start(at: event.at)
                    } else if let at = event.at {
                        try? recorder.apply(event.action, at: at)
                    }
                    next += 1
                }
            }
            for (index, entry) in fixes.enumerated() {
                applyEvents(upTo: index)
                if let time = entry.fix.time { sports.advance(to: time, recorder: &recorder) }
                recorder.ingest(entry.fix)
            }
            applyEvents(upTo: fixes.count)
            return recorder
        }
    }

    /// The summary, splits cut every `splitUnit`.
    public func summary(splitUnit: SplitUnit = .kilometer) -> RunSummary {
        RunSummary(recorder: recorder(), at: record.stoppedAt, splitUnit: splitUnit, sportChanges: sportChanges)
    }
}
