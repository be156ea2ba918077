import GRDB

extension AppDatabase {
    /// The place tables' migrations, in order (append-only).
    static func registerPlaceMigrations(_ migrator: inout DatabaseMigrator) {}
}
