import Foundation
import GRDB
import TempoKit

/// A row of `focus_undo`: one change of the focus ledger, enough to take it back.
///
/// `before` holds the sessions the change replaced or removed, as they were (JSON of
/// ``FocusSession``, instants as `Date` encodes them, so they come back bit for bit);
/// `created` the ids of the sessions it added. Undoing removes the created sessions and puts
/// the `before` ones back.
struct FocusUndoRow: StoredRecord, Equatable {
    static let databaseTableName = "focus_undo"

    /// The entry's place in the journal (assigned by SQLite; the latest is undone first).
    var seq: Int64?
    /// What was done, for messages: `start thesis (ab12cd34)`.
    var action: String
    /// The replaced or removed sessions as they were, JSON.
    var before: String
    /// The ids of the added sessions, JSON.
    var created: String

    /// The columns queries name.
    enum Columns {
        static let seq = Column(CodingKeys.seq)
    }

    /// How many sessions an entry names (an import may add thousands).
    static let namesShown = 3

    /// At most this many changes can be undone; older entries are dropped.
    static let depth = 1_000

    /// The entry for a change named `action` that replaced `before` and added `created`.
    init(action: String, before: [FocusSession], created: [FocusSession]) throws {
        seq = nil
        let sessions = before + created
        let named = sessions.prefix(Self.namesShown).map(\.displayName).joined(separator: ", ")
        let more = sessions.count > Self.namesShown ? " and \(sessions.count - Self.namesShown) more" : ""
        self.action = "\(action) \(named)\(more)"
        self.before = String(decoding: try JSONEncoder().encode(before), as: UTF8.self)
        self.created = String(decoding: try JSONEncoder().encode(created.map(\.id)), as: UTF8.self)
    }

    /// The sessions as they were before the change.
    func beforeSessions() throws -> [FocusSession] {
        try JSONDecoder().decode([FocusSession].self, from: Data(before.utf8))
    }

    /// The ids of the sessions the change added.
    func createdIDs() throws -> [UUID] {
        try JSONDecoder().decode([UUID].self, from: Data(created.utf8))
    }
}
