import Foundation
import NIOCore
import Synchronization
import TempoKit

/// What the focus routes derive from an account's records, kept under the account's version
/// (`AccountVersions`): its settings and ledger, and its status document with the span of
/// instants over which that document stays the same.
///
/// Without a running session, the status cannot change before the next day starts (today's
/// total, the streak and the growth stage move only with a change of the records), so a status
/// request is answered from memory; a running session's status is derived afresh each time
/// from the cached ledger.
final class FocusCache: Sendable {
    /// An account's settings and sessions at one version.
    struct Snapshot: Sendable {
        let version: UInt64
        let settings: FocusSettings
        let ledger: FocusLedger
    }

    /// A status document, the same for every instant in `valid`.
    struct Status: Sendable {
        let version: UInt64
        let valid: Range<Date>
        let body: ByteBuffer
    }

    private let snapshots = Mutex<[String: Snapshot]>([:])
    private let statuses = Mutex<[String: Status]>([:])
    /// Accounts kept; past it a cache starts over (accounts in use come back on their next request).
    static let capacity = 4_096

    /// The account's snapshot at `version`, if cached.
    func snapshot(of account: String, version: UInt64) -> Snapshot? {
        snapshots.withLock { $0[account].flatMap { $0.version == version ? $0 : nil } }
    }

    /// Keeps `snapshot` of `account`.
    func keep(_ snapshot: Snapshot, of account: String) {
        snapshots.withLock { Self.insert(snapshot, for: account, into: &$0) }
    }

    /// The account's status document at `version` for the instant `now`, if cached.
    func status(of account: String, version: UInt64, at now: Date) -> ByteBuffer? {
        statuses.withLock { entries in
            guard let entry = entries[account], entry.version == version, entry.valid.contains(now) else { return nil }
            return entry.body
        }
    }

    /// Keeps `status` of `account`.
    func keep(_ status: Status, of account: String) {
        statuses.withLock { Self.insert(status, for: account, into: &$0) }
    }

    private static func insert<Value>(_ value: Value, for account: String, into entries: inout [String: Value]) {
        if entries.count >= capacity, entries[account] == nil { entries.removeAll(keepingCapacity: true) }
        entries[account] = value
    }
}
