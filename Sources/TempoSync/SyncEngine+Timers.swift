import Foundation
import TempoKit
import TempoStore

/// Countdown timers: each pushed with `PUT /v1/timers/{id}` as its status document at the
/// sync's instant (idempotent: the same timer again changes nothing); the server's answer
/// becomes the local timer.
extension SyncEngine {
    /// Pushes one timer; false when the server refused it (reported, kept here).
    func push(_ timer: TimerRecord, into report: inout SyncReport) async throws -> Bool {
        let status = TimerStatus(timer, at: now)
        let answer = try await client.send("PUT", "/v1/timers/\(status.id)", json: status)
        guard answer.status == 200 || answer.status == 201 else {
            try refuse(answer, record: "timer \(timer.displayName)", into: &report)
            return false
        }
        try database.acknowledgePush(.timer(try SyncJSON.decode(TimerStatus.self, from: answer.body)))
        return true
    }
}
