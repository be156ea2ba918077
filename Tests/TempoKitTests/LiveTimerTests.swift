import Clocks
import ConcurrencyExtras
import TempoKit
import Testing

/// `LiveTimer`: one clock, and a display sequence that follows start, pause, resume, cancel and
/// the end of a countdown by itself. The expected values are worked out by hand from the
/// instants: a 5 s countdown started at 0 shows ⌈5 − elapsed⌉ whole seconds.
@Suite(.serialized, .timeLimit(.minutes(3)))
@MainActor
struct LiveTimerTests {
    /// Collects a display sequence from a background task.
    final class Viewer: Sendable {
        let displays = LockIsolated<[TimerDisplay]>([])
        let ended = LockIsolated(false)
        var shown: [String] { displays.value.map { "\($0.state.rawValue) \($0.text)" } }
    }

    private func view(_ timer: LiveTimer<TestClock<Duration>>) async -> (Viewer, Task<Void, Never>) {
        let viewer = Viewer()
        let stream = await timer.displays()
        let task = Task {
            for await display in stream { viewer.displays.withValue { $0.append(display) } }
            viewer.ended.setValue(true)
        }
        await Task.megaYield()
        return (viewer, task)
    }

    @Test func displaysFollowPauseResumeAndCancel() async throws {
        try await withMainSerialExecutor {
            let clock = TestClock()
            let timer = try LiveTimer(countdown: .seconds(5), clock: clock)
            let (viewer, task) = await view(timer)
            await eventually { viewer.shown == ["idle 00:05"] }
            try await timer.start()
            await eventually { viewer.shown.last == "running 00:05" }
            await clock.settleAndAdvance(by: .milliseconds(999))
            await settled()  // nothing before the shown second changes
            #expect(viewer.shown == ["idle 00:05", "running 00:05"])
            await clock.settleAndAdvance(by: .milliseconds(1))
            await eventually { viewer.shown.last == "running 00:04" }
            await clock.settleAndAdvance(by: .milliseconds(500))
            try await timer.pause()  // at 1.5 s: 3.5 s left, shown as 00:04
            await eventually { viewer.shown.last == "paused 00:04" }
            #expect(viewer.displays.value.last?.remaining == .milliseconds(3500))
            await clock.settleAndAdvance(by: .seconds(30))
            await settled()  // a paused timer shows nothing new
            #expect(viewer.shown.last == "paused 00:04")
            try await timer.resume()
            await eventually { viewer.shown.last == "running 00:04" }
            await clock.settleAndAdvance(by: .milliseconds(500))  // 3 s left
            await eventually { viewer.shown.last == "running 00:03" }
            try await timer.cancel()
            await eventually { viewer.ended.value }
            #expect(viewer.shown == [
                "idle 00:05", "running 00:05", "running 00:04", "paused 00:04", "running 00:04",
                "running 00:03", "cancelled 00:03",
            ])
            #expect(await timer.display.elapsed == .seconds(2))
            await task.value
            await #expect(throws: LiveTimerError.invalidTransition(.resume, from: .cancelled)) { try await timer.resume() }
        }
    }

    @Test func aCountdownEndsItsDisplaysWithAFinishedOneAtZero() async throws {
        try await withMainSerialExecutor {
            let clock = TestClock()
            let timer = try LiveTimer(countdown: .milliseconds(2500), clock: clock)
            try await timer.start()
            let (viewer, task) = await view(timer)
            await eventually { viewer.shown == ["running 00:03"] }
            await clock.settleAndAdvance(by: .milliseconds(500))
            await eventually { viewer.shown.last == "running 00:02" }
            await clock.settleAndAdvance(by: .seconds(1))
            await eventually { viewer.shown.last == "running 00:01" }
            await clock.settleAndAdvance(by: .seconds(1))
            await eventually { viewer.ended.value }
            #expect(viewer.shown == ["running 00:03", "running 00:02", "running 00:01", "finished 00:00"])
            await task.value
            await #expect(throws: LiveTimerError.invalidTransition(.pause, from: .finished)) { try await timer.pause() }
        }
    }

    /// Several views follow one timer; a view opened late starts from the current display.
    @Test func everyViewerGetsEveryChange() async throws {
        try await withMainSerialExecutor {
            let clock = TestClock()
            let timer = LiveTimer(stopwatchOn: clock)
            try await timer.start()
            let (first, firstTask) = await view(timer)
            await clock.settleAndAdvance(by: .milliseconds(1200))
            await eventually { first.shown.last == "running 00:01" }
            let (second, secondTask) = await view(timer)
            await eventually { second.shown == ["running 00:01"] }
            await clock.settleAndAdvance(by: .milliseconds(800))
            await eventually { first.shown.last == "running 00:02" && second.shown.last == "running 00:02" }
            try await timer.pause()
            await eventually { first.shown.last == "paused 00:02" && second.shown.last == "paused 00:02" }
            try await timer.cancel()
            await eventually { first.ended.value && second.ended.value }
            #expect(first.shown == ["running 00:00", "running 00:01", "running 00:02", "paused 00:02", "cancelled 00:02"])
            #expect(second.shown == ["running 00:01", "running 00:02", "paused 00:02", "cancelled 00:02"])
            await firstTask.value
            await secondTask.value
        }
    }

    @Test func aCountdownMustLastMoreThanZero() {
        #expect(throws: LiveTimerError.invalidDuration(.zero)) { try LiveTimer(countdown: .zero, clock: TestClock()) }
    }
}
