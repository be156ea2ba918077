import Foundation
import Testing

/// `--tag` on report, export and calendar, and `export --format ics`, through the binary.
@Suite(.serialized) struct FocusTagFilterTests {
    @Test func tagFiltersReportExportAndCalendar() throws {
        let tempo = try FocusHistoryTests.store()
        defer { tempo.cleanUp() }
        try tempo.run("focus", "add", "--start", "08:00", "--end", "09:00", "--tag", "thesis", "--tag", "writing")
        try tempo.run("focus", "add", "--start", "09:00", "--end", "09:20", "--tag", "mail")
        let all = try tempo.run("focus", "report", "--json").json()
        #expect(all["total_s"] as? Double == 4800)
        let thesis = try tempo.run("focus", "report", "--json", "--tag", "thesis").json()
        #expect(thesis["total_s"] as? Double == 3600)
        // By tag, a session counts under each of its tags.
        let byTag = try tempo.run("focus", "report", "--json", "--by", "tag").json()
        let groups = byTag["groups"] as? [[String: Any]] ?? []
        let totals = Dictionary(uniqueKeysWithValues: groups.map { ($0["key"] as? String ?? "-", $0["total_s"] as? Double ?? -1) })
        #expect(totals == ["thesis": 3600, "writing": 3600, "mail": 1200], "\(byTag)")
        let export = try tempo.run("focus", "export", "--tag", "mail").json()
        #expect((export["sessions"] as? [[String: Any]])?.map { $0["tags"] as? [String] ?? [] } == [["mail"]])
        let ics = try tempo.run("focus", "export", "--format", "ics", "--tag", "writing").stdout
        #expect(ics.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(ics.contains("SUMMARY:thesis\\, writing\r\n"))
        #expect(ics.contains("DTSTART:20261125T070000Z\r\nDTEND:20261125T080000Z\r\n"))
        let calendar = try tempo.run("focus", "calendar", "--weeks", "1", "--tag", "nothing-has-it")
        #expect(calendar.status == 0)
        #expect(calendar.stdout != (try tempo.run("focus", "calendar", "--weeks", "1").stdout))
    }
}
