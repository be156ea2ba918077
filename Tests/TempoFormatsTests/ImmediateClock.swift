import Foundation

/// A test clock whose sleeps return at once after moving `now` to the deadline, recording every
/// deadline asked for. (swift-clocks' TestClock is not a dependency of this test target, and a
/// replay needs no interleaving: what matters is which deadlines it sleeps until.)
final class ImmediateClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var current = Instant(offset: .zero)
    private var recorded: [Duration] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }
    /// Every deadline slept until, as an offset from the clock's start.
    var deadlines: [Duration] { lock.withLock { recorded } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            recorded.append(deadline.offset)
            if current < deadline { current = deadline }
        }
    }
}
