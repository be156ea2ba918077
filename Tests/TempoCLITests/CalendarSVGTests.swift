import Foundation
import Testing

/// Issue 13: the SVG calendar has month labels and a legend, and parses as XML (checked with
/// Python's xml.etree, an independent parser); colour in the terminal follows NO_COLOR.
@Suite(.timeLimit(.minutes(2)))
struct CalendarSVGTests {
    static let now = ["TEMPO_NOW": "2026-12-10T12:00:00Z"]

    /// Python reads the SVG and prints what a reader sees: month labels with their x, the
    /// legend's levels, and the days' dates and totals.
    static let reader = """
        import json, sys, xml.etree.ElementTree as ET
        ns = {"s": "http://www.w3.org/2000/svg"}
        root = ET.parse(sys.argv[1]).getroot()
        months = [(t.get("x"), t.text) for t in root.findall("s:text[@class='month']", ns)]
        legend = root.find("s:g[@class='legend']", ns)
        levels = [r.get("data-level") for r in legend.findall("s:rect", ns)]
        words = [t.text for t in legend.findall("s:text", ns)]
        days = {r.get("data-date"): int(r.get("data-total-s")) for r in root.findall("s:rect", ns)}
        print(json.dumps({"months": months, "levels": levels, "words": words, "days": days}))
        """

    @Test func theSVGHasMonthLabelsAndALegendAndParses() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run(["focus", "config", "--tz", "UTC"], environment: Self.now).status == 0)
        for (start, end) in [("2026-11-02T09:00:00Z", "2026-11-02T11:00:00Z"), ("2026-12-08T09:00:00Z", "2026-12-08T10:00:00Z")] {
            #expect(try tempo.run(["focus", "add", "--start", start, "--end", end], environment: Self.now).status == 0)
        }
        let svg = tempo.file("focus.svg")
        let written = try tempo.run(["focus", "calendar", "--weeks", "8", "--svg", svg], environment: Self.now)
        #expect(written.status == 0, "\(written.stderr)")
        try Self.reader.write(toFile: tempo.file("read.py"), atomically: true, encoding: .utf8)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", tempo.file("read.py"), svg]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0, "xml.etree could not parse the SVG")
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Eight week columns from Monday 2026-10-19 (Python: date(2026,12,7) - timedelta(weeks=7));
        // their Mondays' months change at columns 2 (Nov 2) and 7 (Dec 7): x = 30 + 15 × column.
        // October's label at column 0 would overlap November's two columns later, so it is left out.
        let months = try #require(parsed["months"] as? [[String]])
        #expect(months == [["60", "Nov"], ["135", "Dec"]])
        #expect(parsed["levels"] as? [String] == ["0", "1", "2", "3", "4"])
        #expect((parsed["words"] as? [String])?.first == "Less")
        #expect((parsed["words"] as? [String])?.last?.hasPrefix("More") == true)
        let days = try #require(parsed["days"] as? [String: Int])
        #expect(days.count == 53)  // 2026-10-19 to 2026-12-10
        #expect(days["2026-11-02"] == 7200 && days["2026-12-08"] == 3600 && days["2026-12-10"] == 0)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run(["focus", "add", "--start", "2026-12-08T09:00:00Z", "--end", "2026-12-08T10:00:00Z"], environment: Self.now).status == 0)
        let escape = "\u{1B}["
        // Piped: no colour.
        #expect(!(try tempo.run(["focus", "calendar"], environment: Self.now).stdout.contains(escape)))
        // On a terminal (util-linux `script` gives the command a pseudo-terminal): colour, unless NO_COLOR.
        func onTerminal(_ environment: [String: String]) throws -> String {
            let command = "'\(TempoBinary.url.path)' focus calendar"
            return try runScript(command, tempo: tempo, environment: environment)
        }
        #expect(try onTerminal(Self.now).contains(escape))
        #expect(!(try onTerminal(Self.now.merging(["NO_COLOR": "1"]) { $1 }).contains(escape)))
        // An empty NO_COLOR does not count (no-color.org).
        #expect(try onTerminal(Self.now.merging(["NO_COLOR": ""]) { $1 }).contains(escape))
    }

    private func runScript(_ command: String, tempo: TempoBinary, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        var merged = ProcessInfo.processInfo.environment
        merged["TEMPO_DB"] = tempo.database
        merged.removeValue(forKey: "NO_COLOR")
        merged.merge(environment) { $1 }
        process.environment = merged
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
