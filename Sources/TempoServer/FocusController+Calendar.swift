import Foundation
import Hummingbird
import TempoKit

extension FocusController {
    /// The most weeks a heat map shows (ten years), as `tempo focus calendar --weeks` allows.
    static let maxCalendarWeeks = 520

    /// `GET /v1/focus/calendar?weeks=N`: the heat map `tempo focus calendar --svg` writes for the
    /// same ledger and settings (default 12 weeks, ending with today's in the account's focus zone).
    @Sendable func calendar(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        var weeks = 12
        if let text = request.uri.queryParameters["weeks"] {
            guard let value = Int(text), (1...Self.maxCalendarWeeks).contains(value) else {
                throw APIError(.badRequest, "invalid_parameter", "parameter \"weeks\" must be between 1 and \(Self.maxCalendarWeeks)")
            }
            weeks = value
        }
        let snapshot = try await snapshot(of: account, version: try await hub.version(of: account))
        let now = now()
        let report: FocusReport
        do {
            let today = try snapshot.settings.calendar().day(containing: now)
            report = try snapshot.ledger.report(
                settings: snapshot.settings, from: FocusHeatMap.firstDay(today: today, weeks: weeks), to: today, now: now)
        } catch {
            throw APIError(.internalServerError, "invalid_settings", "the stored settings cannot count days: \(error)")
        }
        let svg = FocusHeatMap(report: report, weeks: weeks).svg()
        return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                        body: .init(byteBuffer: .init(string: svg)))
    }
}
