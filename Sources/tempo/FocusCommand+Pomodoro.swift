import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension FocusCommand {
    /// `focus pomodoro`: focus periods and breaks on countdowns; the cycle lives in the store.
    struct PomodoroCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pomodoro",
            abstract: "Cycles of focus and breaks; focus periods become sessions, breaks do not.",
            discussion: """
                One cycle is ROUNDS focus periods with short breaks between them and a long break after the last. \
                The cycle is stored: q, Ctrl-C or a killed process leave it running by its deadlines, and running \
                the command again resumes it in the right phase; --stop ends it.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "Focus period length.") var work = "25m"
        @Option(help: "Short break length.") var short = "5m"
        @Option(help: "Long break length.") var long = "15m"
        @Option(help: "Focus periods per cycle.") var rounds = 4
        @Option(name: .customLong("tag"), help: "A tag for the focus sessions (repeat for several).") var tags: [String] = []
        @Flag(help: "End the stored cycle now (stopping its running focus session).") var stop = false
        @Flag(help: "Print the stored cycle's phase and remaining time (as JSON with --json), then exit.") var status = false
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let database = try global.openDatabase()
            let now = try global.time.now()
            if stop {
                let stopped = try database.stopPomodoro(at: now)
                print(stopped ? "Pomodoro stopped" : "No pomodoro cycle")
                return
            }
            if status {
                let pomodoro = try database.advancePomodoro(to: now)
                try printStatus(pomodoro, now: now)
                return
            }
            let plan = try Pomodoro.Plan(
                work: try length(work, "--work"), shortBreak: try length(short, "--short"),
                longBreak: try length(long, "--long"), rounds: rounds)
            let resumed = try database.startOrResumePomodoro(plan: plan, tags: tags, at: now)
            let terminal = Terminal(readKeys: true)
            defer {
                terminal.endLine()
                terminal.restore()
            }
            terminal.line(resumed ? "Resuming the stored pomodoro cycle" : "Pomodoro: \(rounds) × \(work) focus, \(short) breaks, \(long) long break")
            let (quit, keys) = FocusQuitFlag.watching(terminal)
            defer { keys.cancel() }
            var lastPhase: Int?
            for await _ in Ticker.everySecond(on: global.time.clock) {
                if await quit.isSet { break }
                let now = try global.time.now()
                guard let pomodoro = try database.advancePomodoro(to: now) else {
                    terminal.line("Pomodoro cycle done")
                    terminal.bell()
                    return
                }
                if let lastPhase, lastPhase != pomodoro.phaseIndex { terminal.bell() }
                lastPhase = pomodoro.phaseIndex
                terminal.draw(FocusPomodoroText.line(pomodoro, now: now))
            }
            terminal.line("Left the pomodoro running; run `tempo focus pomodoro` to watch it again or --stop to end it")
        }

        private func printStatus(_ pomodoro: Pomodoro?, now: Date) throws {
            if output.json {
                try JSONOutput.print(FocusPomodoroJSON(pomodoro, now: now))
            } else {
                print(pomodoro.map { FocusPomodoroText.line($0, now: now) } ?? "No pomodoro cycle")
            }
        }

        private func length(_ text: String, _ option: String) throws -> Duration {
            let value: Duration
            do { value = try DurationParser.duration(text) } catch { throw ValidationError("\(option): \(error.description)") }
            guard value > .zero else { throw ValidationError("\(option) must be longer than zero") }
            return value
        }
    }
}

/// The live line of a pomodoro.
enum FocusPomodoroText {
    static func line(_ pomodoro: Pomodoro, now: Date) -> String {
        let name = switch pomodoro.kind {
        case .work: "focus"
        case .shortBreak: "short break"
        case .longBreak: "long break"
        }
        let remaining = pomodoro.remaining(at: now)
        return "round \(pomodoro.round)/\(pomodoro.plan.rounds) \(name) \(ClockText.duration(remaining, rounding: .up)) left "
            + ProgressBar.render(pomodoro.countdown.progress(at: now))
    }
}

/// `focus pomodoro --status --json`.
struct FocusPomodoroJSON: Encodable {
    let active: Bool
    let phase: String?
    let round: Int?
    let rounds: Int?
    let remainingS: Double?
    let phaseEndsAt: Date?
    let sessionID: String?

    init(_ pomodoro: Pomodoro?, now: Date) {
        active = pomodoro != nil
        phase = pomodoro?.kind.rawValue
        round = pomodoro?.round
        rounds = pomodoro?.plan.rounds
        remainingS = pomodoro?.remaining(at: now).timeInterval
        phaseEndsAt = pomodoro?.countdown.deadline
        sessionID = pomodoro?.sessionID?.uuidString.lowercased()
    }

    enum CodingKeys: String, CodingKey {
        case active, phase, round, rounds, remainingS = "remaining_s", phaseEndsAt = "phase_ends_at", sessionID = "session_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(active, forKey: .active)
        try container.encode(phase, forKey: .phase)
        try container.encode(round, forKey: .round)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(remainingS, forKey: .remainingS)
        try container.encode(phaseEndsAt, forKey: .phaseEndsAt)
        try container.encode(sessionID, forKey: .sessionID)
    }
}
