import GRDB

/// A row of `focus_setting`: one setting as text, by key.
struct FocusSettingRow: StoredRecord, Equatable {
    static let databaseTableName = "focus_setting"

    var key: String
    var value: String

    enum Columns {
        static let key = Column(CodingKeys.key)
        static let value = Column(CodingKeys.value)
    }
}
