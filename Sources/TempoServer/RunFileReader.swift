import Foundation
import HTTPTypes
import TempoFormats
import TempoKit

/// Reads an uploaded run file on a thread of its own: parsing and summarising a large file takes
/// seconds of CPU, which on the cooperative pool (a thread per core) would stall every other
/// request meanwhile.
enum RunFileReader {
    /// What an upload holds: the activity (its segments are the fixes to store), its summary
    /// (`ActivityFile.summarized`, the numbers `tempo run summary` prints) and its format.
    typealias Reading = (activity: Activity, summary: RunSummary, format: ActivityFormat)

    /// Reads `data` as `format` (sniffed when nil); a body that is no run file, or does not
    /// parse, is a 400 with the reader's one-line error naming the `body`.
    static func read(_ data: Data, format: ActivityFormat?) async throws -> Reading {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reading, any Error>) in
            let thread = Thread {
                do throws(FormatError) {
                    continuation.resume(returning: try ActivityFile.summarized(data, format: format, name: "body"))
                } catch {
                    continuation.resume(throwing: APIError(.badRequest, "invalid_file", error.description))
                }
            }
            // The summary runs on this thread: give it the stack a main thread has.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
