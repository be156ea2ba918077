import Clocks
import ConcurrencyExtras
import TempoKit
import Testing

/// `Ticker.everySecond`, the pace of every live line of the CLI.
@Suite(.serialized, .timeLimit(.minutes(3)))
@MainActor
struct TickerEverySecondTests {
    @Test func ticksAtOnceThenOnEachFollowingSecondWithoutBursts() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            var iterator = Ticker.everySecond(on: clock).makeAsyncIterator()
            #expect(await iterator.next()?.elapsed == .zero)
            // Advanced before asking, so the iterator's sleep has already passed (a test clock only
            // wakes sleepers that wait while it advances); slightly past each boundary.
            await clock.settleAndAdvance(by: .milliseconds(1200))
            #expect(await iterator.next()?.elapsed == .seconds(1))
            // A consumer that was busy for 2.5 s gets the latest second, not the ones it missed.
            await clock.settleAndAdvance(by: .milliseconds(2500))
            #expect(await iterator.next()?.elapsed == .seconds(3))
            await clock.settleAndAdvance(by: .milliseconds(500))
            #expect(await iterator.next()?.elapsed == .seconds(4))
        }
    }
}
