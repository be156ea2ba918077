import ArgumentParser

/// `tempo focus`: the focus ledger's commands.
struct FocusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus", abstract: "Focus sessions: daily totals, goals, streaks, reports.",
        subcommands: [
            Start.self, Pause.self, Resume.self, Stop.self, Cancel.self, Status.self, Watch.self, Add.self,
            Log.self, Edit.self, Delete.self, Continue.self, Undo.self, Check.self,
            Report.self, CalendarView.self, PomodoroCommand.self, Config.self, Export.self, Import.self,
        ])
}
