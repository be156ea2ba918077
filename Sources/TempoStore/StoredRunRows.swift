import GRDB

/// A run's header with its fixes, commands, laps and sport changes, as one request with
/// `including(all:)` each association fetches them.
struct StoredRunRows: Decodable, FetchableRecord {
    var run: RunRecord
    var fixes: [RunFixRow]
    var events: [RunEventRow]
    var laps: [RunLapRow]
    var sportChanges: [RunSportRow]

    /// Every run `runs` selects, with all its rows.
    static func request(_ runs: QueryInterfaceRequest<RunRecord>) -> QueryInterfaceRequest<StoredRunRows> {
        runs.including(all: RunRecord.fixes)
            .including(all: RunRecord.events)
            .including(all: RunRecord.laps)
            .including(all: RunRecord.sportChanges)
            .asRequest(of: StoredRunRows.self)
    }

    /// The run these rows store.
    var storedRun: StoredRun {
        StoredRun(
            record: run, fixes: fixes.map { ($0.segment, $0.fix) }, events: events.compactMap(\.event),
            lapStarts: laps.map(\.startAt), sportChanges: sportChanges.map(\.change))
    }
}
