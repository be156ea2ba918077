import Clocks
import ConcurrencyExtras

/// Helpers that make `TestClock` tests independent of how busy the machine is: other suites run
/// in parallel on the same serial executor, so a fixed number of yields may not be enough.
extension TestClock<Duration> {
    /// Lets every task that is about to sleep on this clock do so, then advances it.
    @MainActor
    func settleAndAdvance(by duration: Duration) async {
        await Task.megaYield(count: 200)
        await advance(by: duration)
    }
}

/// Yields until `condition` holds, giving up after many tries (the expectation that follows then fails).
@MainActor
func eventually(_ condition: () -> Bool) async {
    var tries = 0
    while !condition(), tries < 20_000 {
        await Task.yield()
        tries += 1
    }
}
