import Clocks
import ConcurrencyExtras
import TempoKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(3)))
@MainActor
struct DeadlineSchedulerTests {
    final class Fired: Sendable {
        let ids = LockIsolated<[Int]>([])
        let late = LockIsolated<[Duration]>([])
    }

    private func listen(_ scheduler: DeadlineScheduler<Int, TestClock<Duration>>, _ clock: TestClock<Duration>) async -> (Fired, Task<Void, Never>) {
        let fired = Fired()
        let task = Task {
            for await firing in scheduler.fired {
                fired.ids.withValue { $0.append(firing.id) }
                fired.late.withValue { $0.append(firing.deadline.duration(to: clock.now)) }
            }
        }
        await Task.megaYield()
        return (fired, task)
    }

    @Test func firesEachDeadlineWhenDueAndInOrder() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let scheduler = DeadlineScheduler<Int, TestClock<Duration>>(clock: clock)
            let (fired, task) = await listen(scheduler, clock)
            await scheduler.schedule(3, at: clock.now.advanced(by: .seconds(30)))
            await scheduler.schedule(1, at: clock.now.advanced(by: .seconds(10)))
            await scheduler.schedule(2, at: clock.now.advanced(by: .seconds(20)))
            await clock.settleAndAdvance(by: .seconds(9))
            await settled()
            #expect(fired.ids.value == [])
            await clock.settleAndAdvance(by: .seconds(1))
            await eventually { fired.ids.value == [1] }
            #expect(fired.ids.value == [1])
            await clock.settleAndAdvance(by: .seconds(20))
            await eventually { fired.ids.value == [1, 2, 3] }
            #expect(fired.ids.value == [1, 2, 3])
            #expect(fired.late.value.allSatisfy { $0 == .zero })
            #expect(await scheduler.count == 0)
            task.cancel()
        }
    }

    @Test func rescheduleAndCancelByID() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let scheduler = DeadlineScheduler<Int, TestClock<Duration>>(clock: clock)
            let (fired, task) = await listen(scheduler, clock)
            await scheduler.schedule(1, at: clock.now.advanced(by: .seconds(10)))
            await scheduler.schedule(2, at: clock.now.advanced(by: .seconds(20)))
            await scheduler.schedule(2, at: clock.now.advanced(by: .seconds(5)))  // earlier
            await scheduler.schedule(1, at: clock.now.advanced(by: .seconds(50)))  // later
            #expect(await scheduler.cancel(3) == false)
            await clock.settleAndAdvance(by: .seconds(5))
            await eventually { fired.ids.value == [2] }
            #expect(fired.ids.value == [2])
            #expect(await scheduler.cancel(1))
            await clock.settleAndAdvance(by: .seconds(100))
            await settled()  // the cancelled deadline never fires
            #expect(fired.ids.value == [2])
            task.cancel()
        }
    }

    @Test func overdueDeadlinesFireAtOnce() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            await clock.settleAndAdvance(by: .seconds(100))
            let scheduler = DeadlineScheduler<Int, TestClock<Duration>>(clock: clock)
            let (fired, task) = await listen(scheduler, clock)
            // Deadlines that passed while the process was down: catch up immediately.
            await scheduler.schedule(contentsOf: [(7, clock.now.advanced(by: .seconds(-60))), (8, clock.now.advanced(by: .seconds(-1)))])
            await Task.megaYield()
            await eventually { fired.ids.value == [7, 8] }
            #expect(fired.ids.value == [7, 8])
            task.cancel()
        }
    }

    @Test func threeThousandRandomDeadlinesEachFireOnceInOrder() async {
        await withMainSerialExecutor {
            let clock = TestClock()
            let scheduler = DeadlineScheduler<Int, TestClock<Duration>>(clock: clock)
            let (fired, task) = await listen(scheduler, clock)
            var generator = SeededRandom(seed: 42)
            let deadlines = (0..<3_000).map { ($0, clock.now.advanced(by: .milliseconds(Int64(generator.next() % 100_000)))) }
            await scheduler.schedule(contentsOf: deadlines)
            await scheduler.cancel(contentsOf: stride(from: 0, to: 3_000, by: 10))
            await clock.settleAndAdvance(by: .seconds(100))
            let expected = deadlines.filter { $0.0 % 10 != 0 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            await eventually { fired.ids.value.count == expected.count }
            #expect(fired.ids.value.count == expected.count)
            #expect(Set(fired.ids.value) == Set(expected))
            let due = Dictionary(uniqueKeysWithValues: deadlines)
            let order = fired.ids.value.compactMap { due[$0] }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 })
            task.cancel()
        }
    }
}
