import ArgumentParser

struct FocusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus", abstract: "Track focus sessions; daily totals, goals, streaks and reports.")
}
