import Foundation
import GRDB
import TempoKit

/// A stored run's header: where it came from and its headline numbers; a row of `run`.
public struct RunRecord: Sendable, Hashable, Identifiable, StoredRecord {
    /// Where a run's fixes came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// Imported from a GPX, TCX or FIT file.
        case file
        /// Recorded live (gpsd, NMEA, or a replayed file).
        case live
    }

    /// The run's identity, made where the run was created.
    public let id: UUID
    /// File import or live recording.
    public var source: Source
    /// The file path or live source it came from (for people; not used to find it).
    public var sourceName: String
    /// SHA-256 of an imported file's bytes; `nil` for live runs.
    public var contentHash: String?
    /// The sport's name as used: the one a user gave, else the one the source names (`nil`:
    /// inferred from the speeds). A multisport run keeps its first part's here and its changes apart.
    public var sport: String?
    /// The name the source gives.
    public var name: String?
    /// When the record was made (wall clock, UTC).
    public var createdAt: Date
    /// When the run started (UTC).
    public var startedAt: Date?
    /// When it stopped (UTC); `nil` while a live run is unfinished.
    public var stoppedAt: Date?
    /// Whether the run is finished (a live run that was killed is not, until continued or closed).
    public var finished: Bool
    /// Headline numbers, saved when the run is finished (metres, seconds).
    public var distanceMeters: Double?
    /// Timer time, seconds.
    public var timerSeconds: Double?
    /// Moving time, seconds.
    public var movingSeconds: Double?
    /// Whether stops were taken out of moving time.
    public var autoPause: Bool

    /// A run header; `id` defaults to a new UUID.
    public init(
        id: UUID = UUID(), source: Source, sourceName: String, contentHash: String? = nil, sport: String? = nil,
        name: String? = nil, createdAt: Date, startedAt: Date? = nil, stoppedAt: Date? = nil, finished: Bool = false,
        distanceMeters: Double? = nil, timerSeconds: Double? = nil, movingSeconds: Double? = nil, autoPause: Bool = true
    ) {
        self.id = id
        self.source = source
        self.sourceName = sourceName
        self.contentHash = contentHash
        self.sport = sport
        self.name = name
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.stoppedAt = stoppedAt
        self.finished = finished
        self.distanceMeters = distanceMeters
        self.timerSeconds = timerSeconds
        self.movingSeconds = movingSeconds
        self.autoPause = autoPause
    }

    /// The first eight hex digits of the id, enough to name a run on the command line.
    public var shortID: String { id.shortText }

    /// The settings its fixes are analysed with.
    public var settings: RunSettings {
        var settings = RunSettings(sportNamed: sport)
        settings.autoPause = autoPause
        return settings
    }

    /// Marks it finished, with `summary`'s headline numbers.
    mutating func finish(_ summary: RunSummary) {
        finished = true
        startedAt = summary.startedAt
        stoppedAt = summary.startedAt.flatMap { start in summary.elapsedSeconds.map { start.addingTimeInterval($0) } }
        distanceMeters = summary.distanceMeters
        timerSeconds = summary.timerSeconds
        movingSeconds = summary.movingSeconds
    }

    /// The table it is a row of.
    public static let databaseTableName = "run"

    enum CodingKeys: String, CodingKey {
        case id, source, sport, name, finished
        case sourceName = "source_name"
        case contentHash = "content_hash"
        case createdAt = "created_at"
        case startedAt = "started_at"
        case stoppedAt = "stopped_at"
        case distanceMeters = "distance_m"
        case timerSeconds = "timer_s"
        case movingSeconds = "moving_s"
        case autoPause = "auto_pause"
    }

    /// The columns the store queries by.
    public enum Columns {
        /// `id`: the uppercase text of the UUID.
        public static let id = Column(CodingKeys.id)
        /// `content_hash`.
        public static let contentHash = Column(CodingKeys.contentHash)
        /// `finished`.
        public static let finished = Column(CodingKeys.finished)
        /// `created_at`, seconds since 1970 (UTC).
        public static let createdAt = Column(CodingKeys.createdAt)
        /// `started_at`, seconds since 1970 (UTC).
        public static let startedAt = Column(CodingKeys.startedAt)
    }

    /// Every fix received, in order.
    static let fixes = hasMany(RunFixRow.self, key: "fixes").order(RunFixRow.Columns.seq)
    /// The commands given while recording, in order.
    static let events = hasMany(RunEventRow.self, key: "events").order(RunEventRow.Columns.seq)
    /// The laps a file recorded, in order.
    static let laps = hasMany(RunLapRow.self, key: "laps").order(RunLapRow.Columns.seq)
    /// Where a multisport run's sport changes, in order.
    static let sportChanges = hasMany(RunSportRow.self, key: "sportChanges").order(RunSportRow.Columns.seq)
}
