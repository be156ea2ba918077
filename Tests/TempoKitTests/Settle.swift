import Clocks
import ConcurrencyExtras
import Testing

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

/// Yields until `condition` holds; records an issue if it never does.
@MainActor
func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    var tries = 0
    while !condition(), tries < 20_000 {
        await Task.yield()
        tries += 1
    }
    #expect(condition(), "the condition never held", sourceLocation: sourceLocation)
}

/// Lets every task that can run do so: what has not happened after this will not happen
/// without the clock moving (for checks that something does NOT happen). A woken sleeper needs
/// a handful of yields; every yield also waits for the other suites' jobs on the serial
/// executor, so the count is kept small.
@MainActor
func settled() async {
    await Task.megaYield(count: 50)
}
