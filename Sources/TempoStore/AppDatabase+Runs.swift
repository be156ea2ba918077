import GRDB

extension AppDatabase {
    /// The run tables' migrations, in order (append-only).
    static func registerRunMigrations(_ migrator: inout DatabaseMigrator) {}
}
