import Foundation
import GRDB
import Hummingbird
import TempoKit

extension FocusController {
    /// `GET /v1/focus/status` and `GET /v1/focus/report`: the documents `tempo focus status --json`
    /// and `tempo focus report --json` print for the same ledger, derived by the same TempoKit code.
    func addTotalsRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("focus/status", use: status)
        group.get("focus/report", use: report)
    }

    @Sendable func status(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        let (stored, ledger) = try await Self.settingsAndLedger(of: account, in: store)
        let settings = try stored.settings()
        do {
            return try JSONBody.response(.ok, try ledger.status(settings: settings, now: now()))
        } catch {
            throw APIError(.internalServerError, "invalid_settings", "the stored settings cannot count days: \(error)")
        }
    }

    @Sendable func report(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        let (stored, ledger) = try await Self.settingsAndLedger(of: account, in: store)
        var settings = try stored.settings()
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
    static func settingsAndLedger(of account: String, in store: ServerStore) async throws -> (SettingsBody, FocusLedger) {
        try await store.read { db in (try settings(of: account, db: db), try ledger(of: account, db: db)) }
    }

    /// The account's sessions as a ledger: all of them, or those other than `excluded` that may
    /// overlap `start..<end` (a running one always may).
    static func ledger(
        of account: String, db: Database, excluding excluded: String? = nil, overlapping start: Date? = nil, _ end: Date? = nil
    ) throws -> FocusLedger {
        var ledger = FocusLedger()
        let documents = try String.fetchAll(db, sql: """
            SELECT document FROM focus_session
            WHERE account_id = ? AND document IS NOT NULL AND id IS NOT ?
              AND (? IS NULL OR start_at < ?) AND (? IS NULL OR end_at IS NULL OR end_at > ?)
            """, arguments: [account, excluded, end?.timeIntervalSince1970, end?.timeIntervalSince1970,
                             start?.timeIntervalSince1970, start?.timeIntervalSince1970])
        let decoder = JSONDecoder.api
        for text in documents {
            ledger.insert(try decoder.decode(FocusSessionDocument.self, from: Data(text.utf8)).session())
        }
        return ledger
    }
}
