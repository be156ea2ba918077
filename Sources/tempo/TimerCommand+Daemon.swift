import ArgumentParser
import Foundation
import TempoStore

extension TimerCommand {
    /// `timer daemon`: rings `--notify` timers without a watcher.
    struct Daemon: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Ring every --notify timer when it reaches zero, then exit when none is left.",
            discussion: """
                `timer start --notify` starts it in the background when none runs; run it yourself \
                (or from the systemd user unit in contrib/) to ring what fell due while it was not \
                running, after a reboot or a kill. One daemon runs per store: its pid is in the \
                lock file beside the store (STORE.timer-daemon.lock). It rings with notify-send \
                when that is on PATH, else with the bell of its terminal, and runs the timer's --then.
                """)
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            // The terminal it was started from may close, and whatever ran the starting command
            // may end that command's process group: the daemon stays for its timers, in its own
            // group of the same session (so it can still ring that terminal's bell).
            signal(SIGHUP, SIG_IGN)
            setpgid(0, 0)
            let daemon = TimerDaemon(
                database: try global.openDatabase(.update),
                lockPath: DaemonLock.path(forDatabase: global.databasePath),
                time: global.time,
                ringer: TimerRinger(environment: ProcessInfo.processInfo.environment, display: try global.display()))
            try await daemon.run()
        }
    }
}
