import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    /// The place tables' migrations, in order (append-only).
    static func registerPlaceMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 places") { db in
            try db.execute(sql: """
                CREATE TABLE place (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    radius_m REAL NOT NULL CHECK (radius_m >= 1 AND radius_m <= 1000000),
                    spot TEXT,
                    badge TEXT,
                    created_at REAL NOT NULL
                );
                CREATE INDEX place_spot ON place(spot);
                CREATE TABLE place_condition (
                    monitor TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    radius_m REAL NOT NULL,
                    dwell_s REAL NOT NULL,
                    exit_buffer_m REAL NOT NULL,
                    one_shot INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    event_state TEXT,
                    event_at REAL,
                    event_latitude REAL,
                    event_longitude REAL,
                    event_accuracy_m REAL,
                    event_fix_at REAL,
                    PRIMARY KEY (monitor, identifier)
                ) WITHOUT ROWID;
                CREATE TABLE badge (
                    id TEXT PRIMARY KEY NOT NULL,
                    badge TEXT NOT NULL UNIQUE,
                    place TEXT NOT NULL,
                    spot TEXT,
                    earned_at REAL NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL
                );
                """)
        }
    }

    /// The validity windows of places (and of the monitor's conditions), UTC instants.
    static func registerPlaceWindowMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 place windows") { db in
            try db.execute(sql: """
                ALTER TABLE place ADD COLUMN active_from REAL;
                ALTER TABLE place ADD COLUMN active_until REAL;
                ALTER TABLE place_condition ADD COLUMN active_from REAL;
                ALTER TABLE place_condition ADD COLUMN active_until REAL;
                """)
        }
    }

    // MARK: - Places

    /// Every place: each spot followed by its landmarks, by name.
    public func places() throws(StoreError) -> [Place] {
        try read { db in try Self.loadPlaces(db) }
    }

    /// Adds or replaces places by name, all in one transaction: saving the same places again
    /// changes nothing. Every landmark's spot must be a spot after the change.
    ///
    /// - Parameter now: stamps newly created places (UTC).
    /// - Throws: `StoreError.refused` when a landmark names an unknown spot or lies outside it
    ///   (`PlaceRules`), or a place that has landmarks would become a landmark itself; nothing is
    ///   saved then.
    @discardableResult
    public func savePlaces(_ places: [Place], at now: Date) throws(StoreError) -> PlaceSaveSummary {
        try write { db in
            var summary = PlaceSaveSummary()
            let existing = Dictionary(try Self.loadPlaces(db).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for place in places {
                if let old = existing[place.name] {
                    if old == place { summary.unchanged.append(place.name); continue }
                    _ = try PlaceRow.filter(PlaceRow.Columns.name == place.name).updateAll(
                        db, PlaceRow.Columns.latitude.set(to: place.center.latitude), PlaceRow.Columns.longitude.set(to: place.center.longitude),
                        PlaceRow.Columns.radiusMeters.set(to: place.radiusMeters), PlaceRow.Columns.spot.set(to: place.spot),
                        PlaceRow.Columns.badge.set(to: place.badge), PlaceRow.Columns.activeFrom.set(to: place.window.from),
                        PlaceRow.Columns.activeUntil.set(to: place.window.until))
                    summary.updated.append(place.name)
                } else {
                    try PlaceRow(place, createdAt: now).insert(db)
                    summary.added.append(place.name)
                }
            }
            try Self.checkSpots(db)
            let problems = PlaceRules.problems(in: try Self.loadPlaces(db))
            guard problems.isEmpty else { throw StoreError.refused(problems.joined(separator: "; ")) }
            return summary
        }
    }

    /// Removes a place by name and returns it.
    ///
    /// - Throws: `StoreError.notFound`, or `.refused` for a spot that still has landmarks.
    @discardableResult
    public func removePlace(named name: String) throws(StoreError) -> Place {
        try write { db in
            guard let place = try Self.loadPlaces(db).first(where: { $0.name == name }) else {
                throw StoreError.notFound(kind: "place", reference: name)
            }
            let landmarks = try String.fetchAll(
                db, PlaceRow.select(PlaceRow.Columns.name).filter(PlaceRow.Columns.spot == name).order(PlaceRow.Columns.name))
            guard landmarks.isEmpty else {
                throw StoreError.refused("spot '\(name)' still has landmarks (\(landmarks.joined(separator: ", "))); remove them first")
            }
            _ = try PlaceRow.filter(PlaceRow.Columns.name == name).deleteAll(db)
            return place
        }
    }

    // MARK: - Badges

    /// Awards `badge` unless it was ever awarded before; returns the new record, or `nil` when
    /// the user already has it (badges are awarded once ever per database, i.e. per user).
    ///
    /// - Parameters:
    ///   - at: when it was earned (the fix's time, UTC); `where`: the fix's coordinate.
    public func awardBadge(_ badge: String, place: String, spot: String?, at date: Date, where coordinate: Coordinate)
        throws(StoreError) -> BadgeRecord?
    {
        try write { db in
            let record = BadgeRecord(id: UUID(), badge: badge, place: place, spot: spot, earnedAt: date, coordinate: coordinate)
            // The badge's uniqueness is the rule: a second award is ignored, not an error.
            try BadgeRow(record).insert(db, onConflict: .ignore)
            return db.changesCount == 1 ? record : nil
        }
    }

    /// Every badge earned, oldest first.
    public func badges() throws(StoreError) -> [BadgeRecord] {
        try read { db in try BadgeRow.order(BadgeRow.Columns.earnedAt, BadgeRow.Columns.badge).fetchAll(db).map(\.record) }
    }

    // MARK: - Rows

    static func loadPlaces(_ db: Database) throws -> [Place] {
        let spot = PlaceRow.Columns.spot, name = PlaceRow.Columns.name
        // Each spot, then its landmarks: spots sort by their name, landmarks by their spot's.
        return try PlaceRow.order(spot ?? name, spot != nil, name).fetchAll(db).map { row in
            do {
                return try row.place()
            } catch {
                throw StoreError.corrupt(path: db.description)
            }
        }
    }

    private static func checkSpots(_ db: Database) throws {
        let orphans = try String.fetchAll(db, sql: """
            SELECT l.name || ' (spot ''' || l.spot || ''')' FROM place l
            LEFT JOIN place s ON s.name = l.spot AND s.spot IS NULL
            WHERE l.spot IS NOT NULL AND s.name IS NULL ORDER BY l.name
            """)
        guard orphans.isEmpty else {
            throw StoreError.refused("landmarks name a spot that does not exist: \(orphans.joined(separator: ", "))")
        }
    }
}
