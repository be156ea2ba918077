import Foundation
import HTTPTypes
import TempoFormats
import TempoKit

/// Reads an uploaded run file on a thread of its own: hashing, parsing and summarising a large
/// file takes seconds of CPU, which on the server's event loops (where handlers run) would stall
/// every other request meanwhile.
enum RunFileReader {
    /// What an upload holds: the activity (its segments are the fixes to store), its summary
    /// (`ActivityFile.summarized`, the numbers `tempo run summary` prints) and its format.
    typealias Reading = (activity: Activity, summary: RunSummary, format: ActivityFormat)

    /// The run id of these bytes (`RunID`: hashing 32 MiB takes a while too).
    static func id(of data: Data) async -> UUID {
        await withCheckedContinuation { (continuation: CheckedContinuation<UUID, Never>) in
            onThread { continuation.resume(returning: RunID.forContent(data)) }
        }
    }

    /// Reads `data` as `format` (sniffed when nil); a body that is no run file, or does not
    /// parse, is a 400 with the reader's one-line error naming the `body`.
    static func read(_ data: Data, format: ActivityFormat?) async throws -> Reading {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reading, any Error>) in
            onThread {
                do throws(FormatError) {
                    continuation.resume(returning: try ActivityFile.summarized(data, format: format, name: "body"))
                } catch {
                    continuation.resume(throwing: APIError(.badRequest, "invalid_file", error.description))
                }
            }
        }
    }

    /// Runs `work` on a new thread with the stack a main thread has (the summary runs on it).
    private static func onThread(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.stackSize = 8 << 20
        thread.start()
    }
}
