import Foundation
import TempoKit
import TempoStore
import TempoToolCore

/// What every focus command needs: the store, the settings, and the instant it acts at.
///
/// The instant comes from the edge's ``CommandTime`` (which honours `TEMPO_NOW`).
struct FocusContext {
    private(set) var database: AppDatabase
    let now: Date

    /// The store and the instant. A reading command opens the store read-only, unless a
    /// pomodoro cycle must first be moved up to now (which writes). A writing command first
    /// makes its writes keep the store's day totals in the configured zone and day start (built
    /// in the first write, then kept by every write), so that reading commands find them; a
    /// command refused before it writes still writes nothing.
    init(global: GlobalOptions, access: AppDatabase.Access = .readWrite) throws {
        now = try global.time.now()
        let reader = try global.openDatabase(access)
        if access == .readOnly, try reader.pomodoro() != nil {
            database = try global.openDatabase(.readWrite)
            try advancePomodoro()
        } else {
            database = reader
        }
        if access != .readOnly { database = database.keepingFocusDayTotals(for: try settings()) }
    }

    init(database: AppDatabase, now: Date) {
        self.database = database
        self.now = now
    }

    /// The system's zone, when it is a usable IANA zone; UTC otherwise.
    static var systemTimeZone: String { ToolPaths.systemTimeZone }

    /// An IANA zone name as ``DayCalendar`` accepts it (refusing unknown names and fixed offsets).
    static func zoneIdentifier(_ name: String) throws -> String {
        _ = try DayCalendar.ianaTimeZone(name)
        return name
    }

    /// The settings `focus config` has not stored: the config file's zone (else the system's),
    /// day start and goal.
    static func defaultSettings() throws -> FocusSettings {
        let preferences = try Preferences.current.get()
        var settings = FocusSettings(timeZoneIdentifier: preferences.zoneIdentifier ?? systemTimeZone)
        if let dayStart = preferences.dayStart { settings.dayStart = dayStart }
        settings.goal = preferences.goal
        return settings
    }

    /// The stored settings (else the defaults). Their zone becomes the one a refusal's instants
    /// are written in (see ``message(for:)``).
    func settings() throws -> FocusSettings {
        let settings = try database.focusSettings(defaults: FocusContext.defaultSettings())
        FocusContext.messageZone.withLock { $0 = TimeZone(identifier: settings.timeZoneIdentifier) }
        return settings
    }

    /// The zone of the settings a command read last; nil before it reads any.
    private static let messageZone = LockedValue<TimeZone?>(nil)

    /// A refusal of the ledger as the person reads it: instants in the focus zone, the way they
    /// were typed (`--at 2026-11-25 09:00:00 is in the future`), not in UTC.
    static func message(for error: FocusError) -> String {
        let zone = messageZone.withLock { $0 }
            ?? (try? defaultSettings()).flatMap { TimeZone(identifier: $0.timeZoneIdentifier) } ?? .gmt
        return error.description(instant: Display(zone: zone).instant)
    }

    /// The instant a person typed (`09:00`, `yesterday 9:00`, `-15m`, ISO 8601…), read at
    /// `now` in the focus zone (see ``FocusInstantParser``).
    func instant(_ text: String) throws -> Date {
        let zone = try DayCalendar.ianaTimeZone(try settings().timeZoneIdentifier)
        return try FocusInstantParser.parse(text, now: now, in: zone)
    }

    /// Moves a stored pomodoro cycle up to `now`, so sessions it owns are stopped at their
    /// deadlines before anything reads them.
    func advancePomodoro() throws {
        guard try database.pomodoro() != nil else { return }
        try database.advancePomodoro(to: now)
    }

    /// `HH:MM` in the settings' zone, for messages.
    static func localTime(_ date: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
