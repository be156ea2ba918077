import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension FocusCommand {
    /// `focus status [--json]`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "The running session and today's total, goal, streak and marimo.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let status = try context.database.focusStatus(settings: settings, now: context.now)
            if output.json {
                try JSONOutput.print(status)
            } else {
                print(FocusStatusText.lines(status).joined(separator: "\n"))
            }
        }
    }
}
