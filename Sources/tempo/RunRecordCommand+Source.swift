import Foundation
import TempoFormats
import TempoKit
import TempoStore

extension RunCommand.RunRecordCommand {
    /// The fix source the options name, and the run it records.
    struct Source {
        /// The source's fixes (and a replayed file's segment ends).
        var inputs: AsyncThrowingStream<RunRecording.Input, any Error>
        /// The new run: source name, settings, sport.
        var plan: RunRecordingSession.Plan
    }

    /// Opens the source (a replayed file is read and checked first: a broken file stores nothing).
    func makeSource() throws -> Source {
        let settings = RunSettings(autoPause: !noAutoPause)
        // Live sources name no sport: the user's, else inferred. A replayed file names its own.
        let sportName = sport.parsed?.rawValue
        if gpsd {
            let server = try GPSDAddress.given(address)
            return Source(inputs: RunRecording.inputs(LiveFixes.gpsd(host: server.host, port: server.port)),
                          plan: .init(sourceName: "gpsd \(server.host):\(server.port)", settings: settings, sport: sportName,
                                      sportChanges: []))
        }
        if let nmea {
            if nmea != "-" { try InputFile.check(nmea, streams: true) }
            let name = nmea == "-" ? "NMEA (standard input)" : "NMEA \(nmea)"
            return Source(inputs: RunRecording.inputs(LiveFixes.nmea(path: nmea)),
                          plan: .init(sourceName: name, settings: settings, sport: sportName, sportChanges: []))
        }
        let path = replay ?? ""
        let filePlan = try RunFile(path: path).plan(autoPause: !noAutoPause, sport: sport.parsed)
        // Elements, not bare fixes: the file's segments stay apart, as in `run summary`.
        let elements = LiveFixes.replayElements(url: URL(fileURLWithPath: path), speed: speed, clock: global.time.clock)
        let inputs = RunRecording.inputs(elements.compactMap { element -> RunRecording.Input? in
            switch element {
            case .fix(let fix): .fix(fix)
            case .endSegment: .segmentEnded
            default: nil
            }
        })
        return Source(inputs: inputs, plan: .init(sourceName: "replay \(path)", settings: settings, sport: filePlan.sportName,
                                                  sportChanges: filePlan.sportChanges))
    }
}
