import Foundation
import GRDB
import TempoKit

/// The one row of `focus_pomodoro`: the running cycle, as JSON.
struct FocusPomodoroRow: StoredRecord, Equatable {
    static let databaseTableName = "focus_pomodoro"
    /// The table holds at most one cycle, always under this id.
    static let onlyID = 1

    var id = onlyID
    var state: String

    /// The row of `pomodoro`.
    init(_ pomodoro: Pomodoro) throws {
        state = String(decoding: try JSONEncoder().encode(pomodoro), as: UTF8.self)
    }

    /// The cycle it stores.
    func pomodoro() throws -> Pomodoro {
        try JSONDecoder().decode(Pomodoro.self, from: Data(state.utf8))
    }
}
