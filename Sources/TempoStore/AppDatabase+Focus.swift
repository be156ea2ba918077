import GRDB

extension AppDatabase {
    /// The focus tables' migrations, in order (append-only).
    static func registerFocusMigrations(_ migrator: inout DatabaseMigrator) {}
}
