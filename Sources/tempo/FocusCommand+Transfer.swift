import ArgumentParser
import Foundation
import TempoFormats
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus export --format json|csv|ics [--from --to --tag]`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Print sessions (JSON, CSV or iCalendar), to import elsewhere.",
            discussion: "ICS has one event per session (UTC times, SUMMARY from the tags). CSV lists tags separated by ';'.")
        enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv, ics }
        @OptionGroup var global: GlobalOptions
        @Option(help: "json, csv or ics.") var format: Format = .json
        @OptionGroup var range: FocusRangeOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let (from, to) = try range.instants(context: context, calendar: try settings.calendar())
            let sessions = try context.database.focusLedger(from: from, to: to).filtered(tag: range.tag)
                .sessions(from: from, to: to, now: context.now)
            let ledger = FocusLedger(sessions: sessions)
            switch format {
            case .ics:
                print(FocusICS.calendar(ledger.sessions, now: context.now), terminator: "")
            case .json:
                try JSONOutput.print(FocusExportJSON(settings: settings, sessions: ledger.sessions, now: context.now))
            case .csv:
                var lines = ["id,tags,started_at,stopped_at,duration_s,segments"]
                for session in ledger.sessions {
                    let segments = session.stopwatch.segments.map { segment in
                        JSONOutput.iso8601(segment.start) + "/" + (segment.end.map(JSONOutput.iso8601) ?? "")
                    }.joined(separator: " ")
                    lines.append([
                        session.id.uuidString.lowercased(), csv(session.tags.joined(separator: ";")), session.startedAt.map(JSONOutput.iso8601) ?? "",
                        session.stoppedAt.map(JSONOutput.iso8601) ?? "", String(session.duration(at: context.now).timeInterval), segments,
                    ].joined(separator: ","))
                }
                print(lines.joined(separator: "\n"))
            }
        }

        private func csv(_ field: String) -> String {
            field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }
    }

    /// `focus import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import sessions from Tempo's export (JSON or CSV), `timew export` JSON or Watson's frames file.",
            discussion: "Importing the same data twice adds nothing. A file that overlaps stored sessions, or is malformed, imports nothing.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The file to import.") var file: String

        func run() async throws {
            let data = try InputFile.read(file)
            let parsed: (format: FocusImport.Format, sessions: [FocusSession], skipped: Int)
            do { parsed = try FocusImport.sessions(from: data) } catch { throw CLIError("\(file): \(error.description)") }
            let context = try FocusContext(global: global)
            let result: (added: Int, skipped: Int)
            do {
                result = try context.database.importFocusSessions(parsed.sessions, now: context.now)
            } catch let error as FocusError {
                throw CLIError("\(file): nothing imported: \(FocusContext.message(for: error))")
            }
            let open = parsed.skipped > 0 ? ", \(parsed.skipped) still running there skipped" : ""
            print("Imported \(result.added) session(s) from \(parsed.format.rawValue) (\(result.skipped) already present\(open))")
        }
    }
}

/// `focus export --format json`; `focus import` reads it back.
struct FocusExportJSON: Encodable {
    struct Segment: Encodable {
        let start: Date
        let end: Date?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
        }
        enum CodingKeys: String, CodingKey { case start, end }
    }

    struct Session: Encodable {
        let id: String
        let tag: String?
        let tags: [String]
        let startedAt: Date?
        let stoppedAt: Date?
        let durationS: Double
        let clockWentBackwards: Bool
        let importKey: String?
        let segments: [Segment]
        enum CodingKeys: String, CodingKey {
            case id, tag, tags, startedAt = "started_at", stoppedAt = "stopped_at", durationS = "duration_s"
            case clockWentBackwards = "clock_went_backwards", importKey = "import_key", segments
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(tag, forKey: .tag)
            try container.encode(tags, forKey: .tags)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(stoppedAt, forKey: .stoppedAt)
            try container.encode(durationS, forKey: .durationS)
            try container.encode(clockWentBackwards, forKey: .clockWentBackwards)
            try container.encode(importKey, forKey: .importKey)
            try container.encode(segments, forKey: .segments)
        }
    }

    let format = "tempo-focus"
    let version = 1
    let exportedAt: Date
    let settings: FocusSettingsJSON
    let sessions: [Session]

    enum CodingKeys: String, CodingKey { case format, version, exportedAt = "exported_at", settings, sessions }

    init(settings: FocusSettings, sessions: [FocusSession], now: Date) {
        exportedAt = now
        self.settings = FocusSettingsJSON(settings)
        self.sessions = sessions.map { session in
            Session(
                id: session.id.uuidString.lowercased(), tag: session.tag, tags: session.tags, startedAt: session.startedAt, stoppedAt: session.stoppedAt,
                durationS: session.duration(at: now).timeInterval, clockWentBackwards: session.clockWentBackwards,
                importKey: session.importKey,
                segments: session.stopwatch.segments.map { Segment(start: $0.start, end: $0.end) })
        }
    }
}
