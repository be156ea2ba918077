import Foundation

/// Two independent computations, on two cores when there is enough work to pay for it.
///
/// `DispatchQueue.concurrentPerform` runs them: the calling thread takes one and, when the pool
/// has no thread free (a server already busy), both, so nothing waits on a thread that may never
/// come. The results are the same either way: each computation reads only what it captures.
enum Concurrently {
    /// `first()` and `second()`, at once if `inParallel`, else one after the other.
    static func both<First: Sendable, Second: Sendable>(
        inParallel: Bool, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard inParallel else { return (first(), second()) }
        let results = Results<First, Second>()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { results.first = first() } else { results.second = second() }
        }
        // concurrentPerform returns once both ran: both results are set, and visible here.
        guard let a = results.first, let b = results.second else { preconditionFailure("a computation did not run") }
        return (a, b)
    }

    /// `@unchecked Sendable`: each field is written by one iteration only, and read after
    /// `concurrentPerform` returned (which orders those writes before the reads).
    private final class Results<First, Second>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }
}
