import ArgumentParser
import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// `tempo places watch (--gpsd [HOST:PORT] | --nmea FILE|- | --replay FILE [--speed N]) [--json] [--then CMD]`.
struct PlacesWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch the places on live or recorded fixes and print each event as it happens.",
        discussion: """
            With --json, each event is one JSON object on its own line. With --then, the command runs through /bin/sh after each event with TEMPO_EVENT_IDENTIFIER, \
            TEMPO_EVENT_STATE (satisfied|unsatisfied), TEMPO_EVENT_TIME, TEMPO_EVENT_LATITUDE, \
            TEMPO_EVENT_LONGITUDE, TEMPO_EVENT_KIND, TEMPO_EVENT_SPOT, TEMPO_EVENT_BADGE (when one was \
            earned), TEMPO_EVENT_MESSAGE and TEMPO_EVENT_JSON in its environment.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Read fixes from gpsd (default 127.0.0.1:2947; give HOST:PORT as an argument).") var gpsd = false
    @Argument(help: ArgumentHelp("gpsd's address, with --gpsd.", valueName: "host:port")) var gpsdServer: String?
    @Option(help: ArgumentHelp("Read NMEA 0183 sentences from a file, or - for standard input.", valueName: "file")) var nmea: String?
    @Option(help: ArgumentHelp("Replay a GPX, TCX, FIT or NMEA file.", valueName: "file")) var replay: String?
    @Option(help: "With --replay: N times faster than recorded; 0 as fast as possible.") var speed: Double = 1
    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("A shell command to run after each event.", valueName: "command")) var then: String?

    func validate() throws {
        let sources = [gpsd, nmea != nil, replay != nil].filter { $0 }.count
        guard sources == 1 else { throw ValidationError("give exactly one of --gpsd, --nmea FILE|-, --replay FILE") }
        if gpsdServer != nil, !gpsd { throw ValidationError("a host:port argument goes with --gpsd") }
        do { try ValidRange.check(replaySpeed: speed) } catch { throw ValidationError("--speed: \(error.description)") }
        _ = try GPSDAddress.given(gpsdServer)
    }

    /// Live fixes older than this are stale (gpsd replays its last fix on connect).
    static let liveFixAgeSeconds = 30.0

    func run() async throws {
        let now = try global.time.checkedNow()
        let fixes: AsyncThrowingStream<LocationFix, any Error>
        var policy = MonitorPolicy()
        if gpsd {
            let server = try GPSDAddress.given(gpsdServer)
            fixes = LiveFixes.gpsd(host: server.host, port: server.port)
            policy.maximumFixAgeSeconds = Self.liveFixAgeSeconds
        } else if let nmea {
            if nmea != "-" { try InputFile.check(nmea, streams: true) }
            fixes = LiveFixes.nmea(path: nmea)
        } else if let replay {
            // The whole file is checked before the monitor stores anything.
            _ = try RunFile(path: replay)
            fixes = LiveFixes.replay(url: URL(fileURLWithPath: replay), speed: speed, clock: global.time.clock)
        } else {
            throw ValidationError("give one of --gpsd, --nmea, --replay")
        }
        let database = try global.openDatabase()
        let printer = PlacesEventPrinter(json: output.json, then: then, display: try global.display())
        let session = try await PlacesSession.start(database: database, policy: policy, handler: printer.handle)
        if await session.monitor.identifiers.isEmpty {
            FileHandle.standardError.write(Data("tempo: no places to watch (add some with `tempo places add` or `import`)\n".utf8))
        }
        try await session.run(fixes, now: now)
    }
}
