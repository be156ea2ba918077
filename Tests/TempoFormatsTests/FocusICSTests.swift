import Foundation
import Testing
import TempoKit
@testable import TempoFormats
import TempoTestSupport

/// `focus export --format ics`: RFC 5545 structure, escaping and folding, and a parse by
/// Python's `icalendar` package (an independent reader) when it is installed
/// (`pip install icalendar`; required when `CI` is set).
@Suite struct FocusICSTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func sessions() throws -> [FocusSession] {
        let start = Date(timeIntervalSince1970: 1_794_990_000)
        let paused = try Stopwatch(segments: [.init(start: start, end: start + 1200), .init(start: start + 1800, end: start + 3600)],
                                   stoppedAt: start + 3600)
        let long = String(repeating: "é", count: 60) + ", comma; semi\\slash"
        return [
            FocusSession(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000001")!, tags: ["thesis", "writing"], stopwatch: paused),
            FocusSession(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000002")!, tags: [long],
                         stopwatch: try Stopwatch(segments: [.init(start: start + 4000, end: start + 5000)], stoppedAt: start + 5000)),
            FocusSession(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000003")!, tags: [],
                         stopwatch: try Stopwatch(segments: [.init(start: start + 6000)], stoppedAt: nil)),
        ]
    }

    @Test func linesAreCRLFFoldedAt75OctetsAndEventsCarryUTCTimes() throws {
        let ics = FocusICS.calendar(try Self.sessions(), now: Self.now)
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        let lines = ics.components(separatedBy: "\r\n").dropLast()
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in lines { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 3)
        #expect(lines.contains("UID:ab12cd34-0000-4000-8000-000000000001@tempo"))
        #expect(lines.contains("DTSTART:20261118T082000Z"))   // 1_794_990_000 (Python: datetime.fromtimestamp(t, timezone.utc))
        #expect(lines.contains("DTEND:20261118T092000Z"))
        #expect(lines.contains("DTSTAMP:20261118T110640Z"))   // 1_795_000_000
        #expect(lines.contains("SUMMARY:thesis\\, writing"))
        #expect(lines.contains("CATEGORIES:thesis,writing"))
        #expect(lines.contains("SUMMARY:Focus"))
        // The running session ends at `now`.
        #expect(lines.contains("DTEND:20261118T110640Z"))
        // Unfolding gives back the escaped summary, no character split.
        let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + String(repeating: "é", count: 60) + "\\, comma\\; semi\\\\slash\r\n"))
    }

    @Test func pythonsIcalendarReadsTheSameEvents() throws {
        let ics = FocusICS.calendar(try Self.sessions(), now: Self.now)
        let file = TestDirectory.root.appendingPathComponent("tempo-\(UUID().uuidString).ics")
        try Data(ics.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, json
            from icalendar import Calendar
            cal = Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = []
            for e in cal.walk('VEVENT'):
                out.append([str(e['UID']), str(e['SUMMARY']), e['DTSTART'].dt.isoformat(), e['DTEND'].dt.isoformat()])
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if errors.contains("No module named 'icalendar'"), ProcessInfo.processInfo.environment["CI"] == nil { return }
        #expect(process.terminationStatus == 0, "\(errors)")
        let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        #expect(events == [
            ["ab12cd34-0000-4000-8000-000000000001@tempo", "thesis, writing", "2026-11-18T08:20:00+00:00", "2026-11-18T09:20:00+00:00"],
            ["ab12cd34-0000-4000-8000-000000000002@tempo", String(repeating: "é", count: 60) + ", comma; semi\\slash",
             "2026-11-18T09:26:40+00:00", "2026-11-18T09:43:20+00:00"],
            ["ab12cd34-0000-4000-8000-000000000003@tempo", "Focus", "2026-11-18T10:00:00+00:00", "2026-11-18T11:06:40+00:00"],
        ])
    }
}
