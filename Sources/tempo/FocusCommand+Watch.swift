import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus watch`: a live line, redrawn once per second.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "A live line: session time, today's total, goal bar and marimo stage (q or Ctrl-C to quit).")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Stop after this many lines (default: until q or Ctrl-C).", visibility: .hidden)) var count: Int?

        func run() async throws {
            let database = try global.openDatabase()
            let terminal = Terminal(readKeys: count == nil)
            defer {
                terminal.endLine()
                terminal.restore()
            }
            let quit = FocusQuitFlag()
            let keys = Task {
                for await key in terminal.keys where key == .interrupt || key == .character("q") {
                    await quit.set()
                    return
                }
            }
            defer { keys.cancel() }
            let clock = ContinuousClock()
            var deadline = clock.now
            var drawn = 0
            while await !quit.isSet {
                let context = FocusContext(database: database, now: try FocusContext.currentInstant())
                try context.advancePomodoro()
                let status = try database.focusStatus(settings: try context.settings(), now: context.now)
                terminal.draw(FocusStatusText.liveLine(status))
                drawn += 1
                if let count, drawn >= count { break }
                // Each deadline follows the previous one, so the line never drifts.
                deadline = deadline.advanced(by: .seconds(1))
                try await clock.sleep(until: deadline)
            }
        }
    }
}

/// Set once the user asked to quit.
actor FocusQuitFlag {
    private(set) var isSet = false
    func set() { isSet = true }
}
