import Foundation
import GRDB
import TempoKit

/// Place definitions in sync: pushed when new or changed here (spots before their landmarks),
/// deletions pushed once acknowledged; pulled ones replace the local definition of that name.
/// For a place edited on two devices the last push wins, as for sessions.
extension AppDatabase {
    /// Places new or changed since the server acknowledged them, then acknowledged places removed here.
    static func placeOutbox(_ db: Database, acknowledged: [String: String]) throws -> [SyncOutgoing] {
        var outbox: [SyncOutgoing] = []
        var present = Set<String>()
        for place in try loadPlaces(db) {
            let document = SyncedPlace(place)
            present.insert(place.name)
            if acknowledged[place.name] != (try digest(document)) { outbox.append(.place(document)) }
        }
        for name in acknowledged.keys.sorted() where !present.contains(name) {
            outbox.append(.placeDeleted(name: name))
        }
        return outbox
    }

    /// Makes `document` the local definition of its name and acknowledges it; true when the store changed.
    static func applyPlace(_ document: SyncedPlace, in db: Database) throws -> Bool {
        let place = try document.place()
        let digest = try digest(SyncedPlace(place))
        let existing = try PlaceRow.filter(PlaceRow.Columns.name == place.name).fetchOne(db)
        let unchanged = try existing.map { try $0.place() == place } ?? false
        try acknowledge(db, kind: SyncKind.place, id: place.name, digest: digest)
        guard !unchanged else { return false }
        var row = PlaceRow(place, createdAt: existing?.createdAt ?? Date())
        row.id = existing?.id ?? row.id
        try row.save(db)
        return true
    }

    /// Removes a place the server deleted (or acknowledged deleting) and forgets its acknowledgement.
    static func applyPlaceDeletion(name: String, in db: Database) throws -> Bool {
        let deleted = try PlaceRow.filter(PlaceRow.Columns.name == name).deleteAll(db) > 0
        try db.execute(sql: "DELETE FROM sync_ack WHERE kind = ? AND id = ?", arguments: [SyncKind.place, name])
        return deleted
    }
}
