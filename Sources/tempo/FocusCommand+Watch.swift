import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

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
            let (quit, keys) = FocusQuitFlag.watching(terminal)
            defer { keys.cancel() }
            var drawn = 0
            for await _ in Ticker.everySecond(on: global.time.clock) {
                if await quit.isSet { break }
                let context = FocusContext(database: database, now: try global.time.now())
                try context.advancePomodoro()
                let status = try database.focusStatus(settings: try context.settings(), now: context.now)
                terminal.draw(FocusStatusText.liveLine(status))
                drawn += 1
                if let count, drawn >= count { break }
            }
        }
    }
}
