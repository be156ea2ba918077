import Foundation
import TempoKit
import TempoStore
import TempoToolCore

/// The live view of one timer: one redraw per displayed second, keys to control it.
///
/// The timer lives in the store; this view only shows it. Leaving the view (`q`, Ctrl-C, a
/// killed process) leaves the timer as it is, and any later command sees the right numbers.
/// Time comes from the edge (`time`): the redraws and the store polls are ``Ticker``s on its clock.
struct TimerWatch {
    let database: AppDatabase
    let id: UUID
    let then: String?
    let time: CommandTime
    /// The zone finish times are shown in.
    let display: Display

    private enum Event: Sendable {
        case tick(Ticker<ContinuousClock>.Tick)
        case poll
        case key(Terminal.Key)
    }

    func run() async throws {
        let terminal = Terminal(readKeys: true)
        defer { terminal.restore() }
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let keys = Task { for await key in terminal.keys { sink.yield(.key(key)) } }
        // Another process may pause or resume the timer; look at the store once a second.
        let poll = Task { for await _ in Ticker.everySecond(on: time.clock).dropFirst() { sink.yield(.poll) } }
        var ticker: Task<Void, Never>?
        defer {
            keys.cancel()
            poll.cancel()
            ticker?.cancel()
        }

        var record = try load()
        func restartTicker() throws {
            ticker?.cancel()
            let ticks = Ticker(countdown: record.countdown, at: try time.now(), clock: time.clock)
            ticker = Task { for await tick in ticks { sink.yield(.tick(tick)) } }
        }
        try restartTicker()

        for await event in events {
            let now = try time.now()
            switch event {
            case .tick(let tick):
                if tick.isFinal { return try finish(record, terminal: terminal, at: now) }
                terminal.draw(line(record, remaining: tick.displayedSecond, at: now))
            case .poll:
                let fresh = try load()
                if fresh.countdown != record.countdown {
                    record = fresh
                    try restartTicker()
                }
                switch record.countdown.state(at: now) {
                case .finished: return try finish(record, terminal: terminal, at: now)
                case .cancelled: return stopped("Cancelled", record, terminal: terminal, at: now)
                case .idle, .running, .paused: break
                }
            case .key(.character(" ")):
                record = try update { countdown, now in
                    countdown.state(at: now) == .paused ? try countdown.resume(at: now) : try countdown.pause(at: now)
                }
                try restartTicker()
            case .key(.character("c")), .key(.character("C")):
                record = try update { try $0.cancel(at: $1) }
                return stopped("Cancelled", record, terminal: terminal, at: now)
            case .key(.character("q")), .key(.character("Q")), .key(.interrupt):
                return stopped("Left running", record, terminal: terminal, at: now,
                               hint: "`tempo timer watch \(record.shortID)` to watch it again")
            case .key:
                break
            }
        }
    }

    private func line(_ record: TimerRecord, remaining: Int, at now: Date) -> String {
        let countdown = record.countdown
        let paused = countdown.state(at: now) == .paused ? "  paused (space resumes)" : ""
        let fraction = 1 - Double(remaining) / countdown.duration.timeInterval
        return "\(TerminalText.escaped(record.label ?? "timer"))  \(ClockText.duration(seconds: Double(remaining)))  \(ProgressBar.render(fraction))\(paused)"
    }

    private func finish(_ record: TimerRecord, terminal: Terminal, at now: Date) throws {
        let finishedAt = record.countdown.finishedAt ?? now
        terminal.draw("\(TerminalText.escaped(record.label ?? "timer"))  \(ClockText.duration(seconds: 0))  \(ProgressBar.render(1))")
        terminal.endLine()
        terminal.line("\(TerminalText.escaped(record.displayName)) finished at \(display.describe(finishedAt, relativeTo: now))")
        if terminal.isInteractive { terminal.bell() }
        if let then { try ThenCommand.run(then, environment: [
            "TEMPO_TIMER_ID": record.id.uuidString.lowercased(),
            "TEMPO_TIMER_LABEL": record.label ?? "",
            "TEMPO_TIMER_FINISHED_AT": JSONOutput.iso8601(finishedAt),
        ]) }
    }

    private func stopped(_ what: String, _ record: TimerRecord, terminal: Terminal, at now: Date, hint: String? = nil) {
        terminal.endLine()
        let remaining = ClockText.duration(record.countdown.remaining(at: now), rounding: .up)
        terminal.line("\(what): \(TerminalText.escaped(record.displayName)) with \(remaining) left" + (hint.map { "; \($0)" } ?? ""))
    }

    private func load() throws -> TimerRecord {
        try database.timer(matching: id.uuidString, at: time.now())
    }

    private func update(_ change: @escaping @Sendable (inout Countdown, Date) throws -> Void) throws -> TimerRecord {
        let now = try time.now()
        return try database.updateTimer(matching: id.uuidString, at: now) { try change(&$0.countdown, now) }
    }
}
