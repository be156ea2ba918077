import Clocks
import ConcurrencyExtras
import TempoKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(3)))
@MainActor
struct TickerTests {
    typealias Tick = Ticker<TestClock<Duration>>.Tick

    /// Collects a ticker's elements from a background task.
    final class Recorder: Sendable {
        let ticks = LockIsolated<[Tick]>([])
        let ended = LockIsolated(false)
        var seconds: [Int] { ticks.value.map(\.displayedSecond) }
    }

    private func record(_ ticker: Ticker<TestClock<Duration>>) async -> (Recorder, Task<Void, Never>) {
        let recorder = Recorder()
        let task = Task {
            for await tick in ticker { recorder.ticks.withValue { $0.append(tick) } }
            recorder.ended.setValue(true)
        }
        await Task.megaYield()
        return (recorder, task)
    }

    @Test func stopwatchTicksOnWholeSecondBoundariesNotEveryNTicks() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let (recorder, task) = await record(Ticker(clock: clock, elapsed: .milliseconds(2300), isRunning: true, mode: .stopwatch))
            await eventually { recorder.seconds == [2] }
            #expect(recorder.seconds == [2])
            await clock.settleAndAdvance(by: .milliseconds(699))
            await settled()  // no tick before the whole second
            #expect(recorder.seconds == [2])
            await clock.settleAndAdvance(by: .milliseconds(1))
            await eventually { recorder.seconds == [2, 3] }
            #expect(recorder.seconds == [2, 3])
            #expect(recorder.ticks.value.last?.elapsed == .seconds(3))
            await clock.settleAndAdvance(by: .seconds(1))
            await eventually { recorder.seconds == [2, 3, 4] }
            await settled()  // and exactly one per second
            #expect(recorder.seconds == [2, 3, 4])
            task.cancel()
            await task.value
            #expect(recorder.ended.value)
        }
    }

    /// The checks that nothing happened wait with `settled()`; this shows that wait is long enough
    /// to see a tick that does happen, so they would fail on a ticker that ticked too early.
    @Test func settlingIsLongEnoughToSeeATickThatHappens() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let (recorder, task) = await record(Ticker(clock: clock, elapsed: .milliseconds(2300), isRunning: true, mode: .stopwatch))
            await eventually { recorder.seconds == [2] }
            await clock.settleAndAdvance(by: .milliseconds(700))
            await settled()
            #expect(recorder.seconds == [2, 3])
            task.cancel()
            await task.value
        }
    }

    @Test func aLateConsumerSkipsMissedSecondsInsteadOfBursting() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            var iterator = Ticker(clock: clock, elapsed: .zero, isRunning: true, mode: .stopwatch).makeAsyncIterator()
            #expect(await iterator.next()?.displayedSecond == 0)
            await clock.settleAndAdvance(by: .milliseconds(5500))  // nobody asked for a tick meanwhile
            let late = await iterator.next()
            #expect(late?.displayedSecond == 5)
            #expect(late?.elapsed == .seconds(5))
            await clock.settleAndAdvance(by: .milliseconds(700))
            #expect(await iterator.next()?.displayedSecond == 6)
        }
    }

    @Test func countdownShowsRemainingRoundedUpAndEndsWithAFinalTick() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let ticker = Ticker(clock: clock, elapsed: .zero, isRunning: true, mode: .countdown(total: .milliseconds(3500)))
            let (recorder, task) = await record(ticker)
            await eventually { recorder.seconds == [4] }
            #expect(recorder.seconds == [4])
            await clock.settleAndAdvance(by: .milliseconds(500))
            await eventually { recorder.seconds == [4, 3] }
            #expect(recorder.seconds == [4, 3])
            await clock.settleAndAdvance(by: .seconds(3))
            await eventually { recorder.seconds == [4, 3, 2, 1, 0] }
            #expect(recorder.seconds == [4, 3, 2, 1, 0])
            #expect(recorder.ticks.value.map(\.isFinal) == [false, false, false, false, true])
            #expect(recorder.ticks.value.last?.elapsed == .milliseconds(3500))
            await task.value
            #expect(recorder.ended.value)
        }
    }

    @Test func aPausedValueYieldsOnceAndNothingMore() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let (recorder, task) = await record(Ticker(clock: clock, elapsed: .seconds(42), isRunning: false, mode: .stopwatch))
            await clock.settleAndAdvance(by: .seconds(10))
            await task.value
            #expect(recorder.seconds == [42])
            #expect(recorder.ended.value)
        }
    }
}
