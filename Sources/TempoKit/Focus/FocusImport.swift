import Foundation

/// Reads focus history written by Tempo (`focus export` JSON or CSV), Timewarrior
/// (`timew export`) and Watson (its `frames` file).
///
/// Every record gets an import key so importing the same data twice adds nothing: Tempo
/// sessions keep their ids; Timewarrior intervals are keyed by start, end and tags; Watson
/// frames by their id. Open intervals (still running in the other tool) are skipped.
public enum FocusImport {
    /// Where the data came from.
    public enum Format: String, Sendable, CaseIterable {
        case tempoJSON = "tempo-json", tempoCSV = "tempo-csv", timewarrior, watson
    }

    /// The sessions in `data`, and the format detected. Throws for anything malformed,
    /// naming the record (1-based) and what is wrong.
    public static func sessions(from data: Data) throws(FocusImportError) -> (format: Format, sessions: [FocusSession], skipped: Int) {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("id,tag,") || text.hasPrefix("id,tags,") { return try tempoCSV(text) }
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(text.utf8)) } catch {
            throw FocusImportError(record: nil, reason: "not JSON, nor Tempo CSV (\(text.isEmpty ? "the file is empty" : "unreadable JSON"))")
        }
        if let object = json as? [String: Any], let sessions = object["sessions"] as? [Any] {
            return try tempoJSON(sessions)
        }
        guard let array = json as? [Any] else {
            throw FocusImportError(record: nil, reason: "expected a Tempo export object, a Timewarrior array of intervals or a Watson array of frames")
        }
        if array.first is [Any] { return try watson(array) }
        return try timewarrior(array)
    }

    private static func tempoJSON(_ records: [Any]) throws(FocusImportError) -> (Format, [FocusSession], Int) {
        var sessions: [FocusSession] = []
        for (index, record) in records.enumerated() {
            guard let object = record as? [String: Any],
                  let idText = object["id"] as? String, let id = UUID(uuidString: idText),
                  let segments = object["segments"] as? [[String: Any]], !segments.isEmpty
            else { throw FocusImportError(record: index + 1, reason: "a session needs an id (UUID) and segments") }
            var parsed: [Stopwatch.Segment] = []
            for segment in segments {
                guard let start = (segment["start"] as? String).flatMap(isoDate) else {
                    throw FocusImportError(record: index + 1, reason: "a segment needs a start (ISO 8601)")
                }
                let end = (segment["end"] as? String).flatMap(isoDate)
                if segment["end"] != nil, !(segment["end"] is NSNull), end == nil {
                    throw FocusImportError(record: index + 1, reason: "a segment's end is not ISO 8601")
                }
                parsed.append(Stopwatch.Segment(start: start, end: end))
            }
            let stoppedAt = (object["stopped_at"] as? String).flatMap(isoDate)
            guard stoppedAt != nil else { continue }  // still active where it was exported
            let stopwatch: Stopwatch
            do { stopwatch = try Stopwatch(segments: parsed, stoppedAt: stoppedAt) } catch {
                throw FocusImportError(record: index + 1, reason: error.description)
            }
            // Version 1 exports carry one `tag`; later ones `tags`.
            let tags = (object["tags"] as? [String]) ?? ((object["tag"] as? String).map { [$0] } ?? [])
            sessions.append(FocusSession(id: id, tags: tags, stopwatch: stopwatch, importKey: object["import_key"] as? String))
        }
        return (.tempoJSON, sessions, records.count - sessions.count)
    }

    private static func tempoCSV(_ text: String) throws(FocusImportError) -> (Format, [FocusSession], Int) {
        var sessions: [FocusSession] = []
        // `id,tags,…` lists tags separated by `;`; the older `id,tag,…` holds one tag.
        let tagSeparator: Character? = text.hasPrefix("id,tags,") ? ";" : nil
        let lines = text.split(whereSeparator: \.isNewline).dropFirst()
        for (index, line) in lines.enumerated() {
            let fields = csvFields(String(line))
            guard fields.count >= 6, let id = UUID(uuidString: fields[0]) else {
                throw FocusImportError(record: index + 1, reason: "expected id,tag,started_at,stopped_at,duration_s,segments")
            }
            var segments: [Stopwatch.Segment] = []
            for pair in fields[5].split(separator: " ") {
                let ends = pair.split(separator: "/", omittingEmptySubsequences: false)
                guard ends.count == 2, let start = isoDate(String(ends[0])), let end = isoDate(String(ends[1])) else {
                    throw FocusImportError(record: index + 1, reason: "segments must be START/END pairs in ISO 8601")
                }
                segments.append(Stopwatch.Segment(start: start, end: end))
            }
            guard let stoppedAt = isoDate(fields[3]) else { continue }
            let stopwatch: Stopwatch
            do { stopwatch = try Stopwatch(segments: segments, stoppedAt: stoppedAt) } catch {
                throw FocusImportError(record: index + 1, reason: error.description)
            }
            let tags = tagSeparator.map { fields[1].split(separator: $0).map(String.init) } ?? [fields[1]]
            sessions.append(FocusSession(id: id, tags: tags, stopwatch: stopwatch))
        }
        return (.tempoCSV, sessions, lines.count - sessions.count)
    }

    private static func timewarrior(_ records: [Any]) throws(FocusImportError) -> (Format, [FocusSession], Int) {
        var sessions: [FocusSession] = []
        var skipped = 0
        for (index, record) in records.enumerated() {
            guard let object = record as? [String: Any], let startText = object["start"] as? String,
                  let start = timewDate(startText)
            else { throw FocusImportError(record: index + 1, reason: "a Timewarrior interval needs a start like 20240331T013000Z") }
            guard let endText = object["end"] as? String else {
                skipped += 1  // still open in Timewarrior
                continue
            }
            guard let end = timewDate(endText), end > start else {
                throw FocusImportError(record: index + 1, reason: "the end '\(endText)' is not a Timewarrior time after the start")
            }
            let tags = (object["tags"] as? [String]) ?? []
            let key = "timew:\(startText)/\(endText)/\(tags.joined(separator: " "))"
            sessions.append(try closedSession(start: start, end: end, tags: tags, key: key, record: index + 1))
        }
        return (.timewarrior, sessions, skipped)
    }

    private static func watson(_ records: [Any]) throws(FocusImportError) -> (Format, [FocusSession], Int) {
        var sessions: [FocusSession] = []
        for (index, record) in records.enumerated() {
            guard let frame = record as? [Any], frame.count >= 4,
                  let start = number(frame[0]), let stop = number(frame[1]),
                  let project = frame[2] as? String, let id = frame[3] as? String
            else { throw FocusImportError(record: index + 1, reason: "a Watson frame is [start, stop, project, id, tags, updated]") }
            guard stop > start else { throw FocusImportError(record: index + 1, reason: "the frame stops before it starts") }
            // The project first, then the frame's tags.
            let tags = frame.count > 4 ? (frame[4] as? [String] ?? []) : []
            sessions.append(try closedSession(
                start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: stop),
                tags: [project] + tags, key: "watson:\(id)", record: index + 1))
        }
        return (.watson, sessions, 0)
    }

    private static func closedSession(
        start: Date, end: Date, tags: [String], key: String, record: Int
    ) throws(FocusImportError) -> FocusSession {
        do {
            let stopwatch = try Stopwatch(segments: [Stopwatch.Segment(start: start, end: end)], stoppedAt: end)
            return FocusSession(tags: tags, stopwatch: stopwatch, importKey: key)
        } catch {
            throw FocusImportError(record: record, reason: error.description)
        }
    }

    private static func number(_ value: Any) -> Double? {
        // `true` in JSON is not a time; NSNumber 1 bridges to Bool on Linux, so test the type.
        if type(of: value) == Bool.self { return nil }
        return (value as? NSNumber)?.doubleValue
    }

    /// `20240331T013000Z`: ISO 8601's basic format, read as the extended one by `ISO8601Time`.
    static func timewDate(_ text: String) -> Date? {
        let basic = Array(text.utf8)
        guard basic.count == 16, basic[8] == UInt8(ascii: "T"), basic[15] == UInt8(ascii: "Z") else { return nil }
        var extended: [UInt8] = []
        for (index, byte) in basic.enumerated() {
            // YYYY-MM-DD and HH:MM:SS: the separators go before the month, the day, the minute and the second.
            if index == 4 || index == 6 { extended.append(UInt8(ascii: "-")) }
            if index == 11 || index == 13 { extended.append(UInt8(ascii: ":")) }
            extended.append(byte)
        }
        return ISO8601Time.parse(utf8: extended)
    }

    /// An instant in ISO 8601 (`2024-03-31T01:30:00Z`, with or without fractional seconds).
    public static func isoDateText(_ text: String) -> Date? { isoDate(text) }

    /// An export names its instants with an offset: one without is not an instant.
    static func isoDate(_ text: String) -> Date? {
        guard let reading = ISO8601Time.reading(text), reading.offsetSeconds != nil else { return nil }
        return reading.instantAssumingUTC
    }

    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false, previous: Character?
        for character in line {
            if character == "\"" {
                if !quoted, previous == "\"" { field.append("\"") }
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            previous = character
        }
        fields.append(field)
        return fields
    }
}

/// A focus import file that cannot be read; `record` is 1-based (nil: the whole file).
public struct FocusImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public let record: Int?
    public let reason: String

    public init(record: Int?, reason: String) {
        self.record = record
        self.reason = reason
    }

    public var description: String {
        record.map { "record \($0): \(reason)" } ?? reason
    }
}
