import Foundation
import Synchronization
import TempoKit

/// The recorder state of recently fed live runs, so a batch that continues a run in time order
/// costs the batch, not a replay of every fix before it.
///
/// An entry is only a shortcut: it is used when it describes exactly what the store holds (the
/// same number of fixes, the same latest instant) and the batch starts after that instant;
/// otherwise (a fix out of order, another server process having fed the run, a restart) the
/// run is replayed from its stored fixes. Entries live in this process only.
final class LiveRunCache: Sendable {
    /// A live run's replay after its stored fixes.
    struct Entry: Sendable {
        /// The replay fed every stored fix, in time order (not finished).
        let replay: RunReplay
        /// How many fixes it was fed.
        let fixCount: Int
        /// The latest instant it was fed, seconds since 1970 as the store holds it (compared
        /// exactly, so never converted through `Date`).
        let lastTime: Double?
    }

    /// Runs kept at most; beyond it, an arbitrary entry gives way (it is only replayed again).
    static let capacity = 256

    private let entries = Mutex<[String: Entry]>([:])

    /// The entry of `run` of `account`, if kept.
    func entry(account: String, run: String) -> Entry? {
        entries.withLock { $0[account + "/" + run] }
    }

    /// Keeps `entry` for `run` of `account`.
    func keep(_ entry: Entry, account: String, run: String) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[account + "/" + run] == nil, let victim = entries.keys.first {
                entries[victim] = nil
            }
            entries[account + "/" + run] = entry
        }
    }

    /// Forgets `run` of `account` (its settings changed or it was deleted).
    func forget(account: String, run: String) {
        _ = entries.withLock { $0.removeValue(forKey: account + "/" + run) }
    }
}
