import ArgumentParser
import Foundation
import TempoFormats
import TempoKit
import TempoStore

extension RunCommand {
    /// `tempo run record`: record a run live from gpsd, NMEA or a replayed file.
    ///
    /// Fixes are committed as they arrive (batched at most one second). If a previous `record`
    /// was killed, its run is unfinished: on a terminal, `record` asks whether to continue it;
    /// elsewhere (a script, `CI` set) it refuses until told `--continue` (resume it: the time
    /// the process was dead counts as a pause) or `--new` (close it as it is and start afresh).
    struct RunRecordCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record a run live: space pauses/resumes, l starts a lap, s stops.",
            discussion: """
                Sources: --gpsd [HOST:PORT] (default 127.0.0.1:2947), --nmea FILE (or - for standard input), \
                --replay FILE [--speed N] (N times real time; 0 as fast as possible). If an earlier recording \
                was killed, pass --continue to resume it or --new to close it and start a new run (on a \
                terminal you are asked).
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Read fixes from gpsd (optionally give HOST:PORT after it).") var gpsd = false
        @Argument(help: "gpsd's HOST:PORT (with --gpsd).") var address: String?
        @Option(help: "Read NMEA 0183 sentences from a file, or - for standard input.") var nmea: String?
        @Option(help: "Replay a GPX, TCX or FIT file as if live.") var replay: String?
        @Option(help: "Replay speed: N times real time, 0 as fast as possible.") var speed: Double = 1
        @Flag(name: .customLong("continue"), help: "Continue the unfinished run.") var continueRun = false
        @Flag(name: .customLong("new"), help: "Close the unfinished run and start a new one.") var newRun = false
        @Flag(help: "Count stops in moving time (auto-pause is on by default).") var noAutoPause = false
        @OptionGroup var sport: SportOption
        @Option(help: ArgumentHelp("Stop by itself once no fix has come for this many seconds.", valueName: "seconds"))
        var stopWhenIdle: Double?
        @Option(help: "Split unit: km or mi (default: mi with imperial units, else km).") var splits: SplitUnit?
        @OptionGroup var output: OutputOptions
        @Flag(help: "Watch the stored places during the run: print each event, award badges (as `tempo places watch`).")
        var places = false

        func validate() throws {
            let sources = [gpsd, nmea != nil, replay != nil].filter { $0 }.count
            guard sources == 1 else { throw ValidationError("give exactly one source: --gpsd, --nmea or --replay") }
            if address != nil && !gpsd { throw ValidationError("HOST:PORT is only for --gpsd") }
            if continueRun && newRun { throw ValidationError("--continue and --new exclude each other") }
            do { try ValidRange.check(replaySpeed: speed) } catch { throw ValidationError("--speed: \(error.description)") }
            if let stopWhenIdle, !(stopWhenIdle > 0) { throw ValidationError("--stop-when-idle must be more than 0") }
            _ = try GPSDAddress.given(address)
        }

        /// Passes every fix through the places monitor on its way to the recorder, so entering a
        /// place during a run is reported (and its badge awarded) exactly as `tempo places watch` does.
        static func watchingPlaces(
            _ inputs: AsyncThrowingStream<RunRecording.Input, any Error>, database: AppDatabase, live: Bool,
            terminal: Terminal, json: Bool, display: Display, now: @escaping @Sendable () -> Date
        ) async throws -> AsyncThrowingStream<RunRecording.Input, any Error> {
            // With --json, standard output holds only the run's JSON document: events go to standard error.
            let printer = PlacesEventPrinter(json: json, then: nil, output: json ? .standardError : .standardOutput, display: display)
            let session = try await PlacesSession.start(
                database: database, policy: MonitorPolicy(maximumFixAgeSeconds: live ? PlacesWatchCommand.liveFixAgeSeconds : nil)
            ) { event in
                if terminal.isInteractive, !json { terminal.draw("") }
                try await printer.handle(event)
            }
            return RunRecording.watchingPlaces(inputs, session: session, now: now)
        }

        /// Off a terminal, one live line per this many redraws (about one per 10 s).
        static let plainLineEvery = 10

        func run() async throws {
            let now = try global.time.checkedNow()
            let display = try global.display()
            let splitUnit = splits ?? display.defaultSplitUnit
            let source = try makeSource()
            var inputs = source.inputs
            let readKeys = nmea != "-"
            let database = try global.openDatabase()
            var session = try RunRecordingSession.begin(database: database, plan: source.plan, choice: choice(readKeys: readKeys), now: now)
            session.recording.idleStopSeconds = stopWhenIdle
            let terminal = Terminal(readKeys: readKeys)
            defer { terminal.restore() }
            if places {
                inputs = try await Self.watchingPlaces(inputs, database: database, live: gpsd, terminal: terminal, json: output.json, display: display, now: now)
            }
            let state = LockedValue(RunRecorder.State.idle)
            let (commands, sink) = AsyncStream<RunAction>.makeStream()
            let keyTask = Task {
                for await key in terminal.keys {
                    switch key {
                    case .character(" "):
                        sink.yield(state.withLock { $0 } == .paused ? .resume : .pause)
                    case .character("l"), .character("L"): sink.yield(.lap)
                    case .character("s"), .character("S"), .interrupt: sink.yield(.stop)
                    default: break
                    }
                }
            }
            defer { keyTask.cancel() }
            let unit = splitUnit
            let quiet = output.json
            let draws = LockedValue(0)
            let ending = try await RunRecording.run(
                session.recording, sourceInputs: inputs, commands: commands, clock: global.time.clock
            ) { recording in
                state.withLock { $0 = recording.state.state }
                let count = draws.withLock { value in
                    value += 1
                    return value
                }
                // Off a terminal, one plain line every 10 s is enough for a log (none with --json:
                // standard output then holds only the JSON document).
                guard terminal.isInteractive || (count % Self.plainLineEvery == 1 && !quiet) else { return }
                terminal.draw(RunLiveLine.render(recording.progress(splitUnit: unit), display: display))
            }
            terminal.endLine()
            try report(session.end(ending, inputIsBroken: { $0 is FormatError }), source: source.plan.sourceName, terminal: terminal,
                       display: display, splitUnit: splitUnit)
        }

        /// Prints the finished run, or throws what went wrong with the source.
        private func report(
            _ outcome: RunRecordingSession.Outcome, source: String, terminal: Terminal, display: Display, splitUnit: SplitUnit
        ) throws {
            switch outcome {
            case .finished(let stored):
                let summary = stored.summary(splitUnit: splitUnit)
                if output.json {
                    try JSONOutput.print(ShownRun(id: stored.record.id.uuidString.lowercased(), source: stored.record.sourceName,
                                                  finished: true, summary: summary))
                } else {
                    terminal.line(RunSummaryText(display: display).render(summary, title: "Run \(stored.record.shortID) recorded from \(source)"))
                }
            case .discarded(let error as FormatError):
                throw error
            case .discarded(let error):
                throw CLIError.sourceFailed(source: source, reason: "\(error)", runID: nil)
            case .kept(let stored, let error):
                throw CLIError.sourceFailed(source: source, reason: "\(error)", runID: stored.record.shortID)
            }
        }

        /// `--continue`, `--new`, or (neither) ask the person at a terminal; a script must choose.
        private func choice(readKeys: Bool) -> RunRecordingSession.Choice {
            if continueRun { return .resume }
            if newRun { return .startNew }
            return .decide { unfinished in
                let environment = ProcessInfo.processInfo.environment
                let canAsk = readKeys && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && environment["CI"] == nil
                guard canAsk else {
                    throw ValidationError(
                        "run \(unfinished.record.shortID) (\(unfinished.record.sourceName)) was not finished: "
                            + "pass --continue to resume it or --new to close it and start a new run")
                }
                let summary = unfinished.summary()
                let display = try global.display()
                FileHandle.standardOutput.write(Data(
                    "Run \(unfinished.record.shortID) was not finished (\(display.distance(summary.distanceMeters)), \(display.duration(summary.timerSeconds))). Continue it? [Y/n] ".utf8))
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                return answer.isEmpty || answer.hasPrefix("y") ? .resume : .startNew
            }
        }
    }
}
