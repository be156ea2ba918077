import ArgumentParser

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "timer", abstract: "Countdown timers that live in the store.")
}
