import Foundation
import Hummingbird
import TempoKit

extension FocusController {
    /// `GET /v1/focus/status` and `GET /v1/focus/report`: the documents `tempo focus status --json`
    /// and `tempo focus report --json` print for the same ledger, derived by the same TempoKit code.
    func addTotalsRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("focus/status", use: status)
        group.get("focus/report", use: report)
        group.get("focus/calendar", use: calendar)
    }

    @Sendable func status(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        let version = try await hub.version(of: account)
        let now = now()
        if let body = cache.status(of: account, version: version, at: now) { return Self.json(body) }
        let snapshot = try await snapshot(of: account, version: version)
        let status = try Self.counting { () throws(DayCalendarError) in try snapshot.ledger.status(settings: snapshot.settings, now: now) }
        let body = ByteBuffer(bytes: try JSONBody.encoder().encode(status))
        if !status.isRunning {
            let calendar = try Self.counting { () throws(DayCalendarError) in try snapshot.settings.calendar() }
            let today = status.report.today
            let valid = calendar.start(of: today)..<calendar.start(of: today.adding(days: 1))
            cache.keep(FocusCache.Status(version: version, valid: valid, body: body), of: account)
        }
        return Self.json(body)
    }

    /// `body`'s result; stored settings that cannot count days (never accepted) are a 500.
    private static func counting<T>(_ body: () throws(DayCalendarError) -> T) throws -> T {
        do { return try body() } catch {
            throw APIError(.internalServerError, "invalid_settings", "the stored settings cannot count days: \(error)")
        }
    }

    private static func json(_ body: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }

    /// The account's settings and ledger at `version` (the current one, read before), from the
    /// cache or from one database snapshot.
    func snapshot(of account: String, version: UInt64) async throws -> FocusCache.Snapshot {
        if let snapshot = cache.snapshot(of: account, version: version) { return snapshot }
        let (stored, ledger) = try await Self.settingsAndLedger(of: account, in: store)
        let snapshot = FocusCache.Snapshot(version: version, settings: try stored.settings(), ledger: ledger)
        cache.keep(snapshot, of: account)
        return snapshot
    }

    @Sendable func report(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        let snapshot = try await snapshot(of: account, version: try await hub.version(of: account))
        let ledger = snapshot.ledger
        var settings = snapshot.settings
        let query = request.uri.queryParameters
        if let tz = query["tz"] { settings.timeZoneIdentifier = String(tz) }
        if let dayStart = query["day_start"] {
            do { settings.dayStart = try DayTime(parsing: dayStart) } catch {
                throw APIError(.badRequest, "invalid_parameter", "parameter \"day_start\": \(error)")
            }
        }
        do { _ = try settings.calendar() } catch {
            throw APIError(.badRequest, "invalid_parameter", "parameter \"tz\": \(error)")
        }
        let from = try Self.day(query["from"].map(String.init), "from")
        let to = try Self.day(query["to"].map(String.init), "to")
        if let from, let to, to < from {
            throw APIError(.badRequest, "invalid_parameter", "parameter \"to\" (\(to)) is before \"from\" (\(from))")
        }
        var grouping = FocusReport.Grouping.day
        if let by = query["by"] {
            guard let value = FocusReport.Grouping(rawValue: String(by)) else {
                throw APIError(.badRequest, "invalid_parameter", "parameter \"by\" must be day, week, month or tag")
            }
            grouping = value
        }
        let report = try ledger.report(settings: settings, from: from, to: to, now: now())
        return try JSONBody.response(.ok, FocusReport.Document(report, grouping: grouping))
    }

    private static func day(_ text: String?, _ name: String) throws -> LocalDate? {
        guard let text else { return nil }
        do { return try LocalDate(parsing: text) } catch {
            throw APIError(.badRequest, "invalid_parameter", "parameter \"\(name)\": \(error)")
        }
    }

    /// The account's settings and sessions (not deleted), from one snapshot.
    static func settingsAndLedger(of account: String, in store: any ServerStorage) async throws -> (SettingsBody, FocusLedger) {
        try await store.read { db in (try settings(of: account, db: db), try ledger(of: account, db: db)) }
    }

    /// The account's sessions as a ledger: all of them, or those other than `excluded` that may
    /// overlap `start..<end` (a running one always may).
    static func ledger(
        of account: String, db: any StoreTransaction, excluding excluded: String? = nil, overlapping start: Date? = nil, _ end: Date? = nil
    ) throws -> FocusLedger {
        var ledger = FocusLedger()
        let documents = try String.fetchAll(db, sql: """
            SELECT document FROM focus_session
            WHERE account_id = ? AND document IS NOT NULL AND id IS DISTINCT FROM CAST(? AS TEXT)
              AND (CAST(? AS DOUBLE PRECISION) IS NULL OR start_at < ?)
              AND (CAST(? AS DOUBLE PRECISION) IS NULL OR end_at IS NULL OR end_at > ?)
            """, arguments: [account, excluded, end?.timeIntervalSince1970, end?.timeIntervalSince1970,
                             start?.timeIntervalSince1970, start?.timeIntervalSince1970])
        let decoder = JSONDecoder.api
        for text in documents {
            ledger.insert(try decoder.decode(FocusSessionDocument.self, from: Data(text.utf8)).session())
        }
        return ledger
    }
}
