import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TempoKit
import TempoStore

extension PlacesController {
    /// The answer of `POST /v1/places/fixes`: the events the batch caused, with the keys `tempo
    /// places watch --json` prints, and the badges it newly awarded.
    struct FixesOutcome: Encodable {
        /// The events, in the order the monitor reported them.
        let events: [PlacesEvent]
        /// The badges newly awarded.
        let badges: [BadgeDocument]
    }

    /// `POST /v1/places/fixes`: feeds a batch to the account's monitor.
    ///
    /// The monitor's state, the new badges and their feed entries are written in one
    /// transaction before the answer, so a crash between batches loses nothing. A batch is
    /// applied once: fixes at or before the account's last processed fix are skipped, so a batch
    /// re-sent after a timeout changes nothing (and answers no events); fixes within a batch must
    /// come in time order (an earlier one is skipped, as the monitor skips out-of-order fixes).
    @Sendable func postFixes(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let fixes = try FixBatch.read(Data(buffer.readableBytesView)), now = self.now()
        let account = caller.accountID
        let taken = await monitors.take(account: account)
        let (monitor, outcome) = try await store.write { db -> (AccountMonitor, AccountMonitor.Outcome) in
            var monitor = try taken.flatMap { try $0.revision == AccountMonitor.storedRevision(db, account: account) ? $0 : nil }
                ?? AccountMonitor.load(db, account: account)
            let outcome = try monitor.process(fixes, now: now, db: db, account: account)
            return (monitor, outcome)
        }
        await monitors.put(monitor, account: account)
        if !outcome.badges.isEmpty { await hub.publish(account: account) }
        return try JSONBody.response(.ok, FixesOutcome(events: outcome.events, badges: outcome.badges))
    }
}
