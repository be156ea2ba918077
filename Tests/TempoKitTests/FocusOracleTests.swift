import Foundation
import Testing
import TempoKit
import TempoTestSupport

/// Day totals against independent oracles.
///
/// - `Tests/Fixtures/focus/oracle-timew.json`: Timewarrior 1.4.3 (Debian `timewarrior`), which
///   splits intervals at local midnight; produced by `python3 Tests/Oracles/focus_timew.py`
///   (fresh TIMEWARRIORDB per ledger, TZ set, `timew track`, then `timew summary DAY - DAY+1`).
/// - `Tests/Fixtures/focus/oracle-zoneinfo.json`: day starts 04:00 and 02:30 (inside the spring
///   DST gap) computed with Python's zoneinfo by `python3 Tests/Oracles/focus_zoneinfo.py`.
/// Ledgers (focus_ledgers.py) cross midnights and the DST changes of Europe/Berlin and
/// America/New_York, with sessions up to 40 hours long.
@Suite struct FocusOracleTests {
    struct Oracle: Decodable {
        struct Case: Decodable {
            let name: String
            let tz: String
            let day_start: String
            let from: String
            let to: String
            let sessions: [[String]]
            let days: [String: Double]
            let day_lengths: [String: Double]?
        }
        let cases: [Case]
    }

    static func fixture(_ name: String) throws -> Oracle {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        let data = try Data(contentsOf: url.appendingPathComponent("Fixtures/focus/\(name)"))
        return try JSONDecoder().decode(Oracle.self, from: data)
    }

    static func ledger(_ sessions: [[String]]) throws -> FocusLedger {
        var ledger = FocusLedger()
        let now = FocusTestSupport.instant("2030-01-01T00:00:00Z")
        for pair in sessions {
            try ledger.add(start: FocusTestSupport.instant(pair[0]), end: FocusTestSupport.instant(pair[1]), tags: [], trim: false, now: now)
        }
        return ledger
    }

    static func compare(_ oracle: Oracle.Case) throws {
        let ledger = try ledger(oracle.sessions)
        let settings = FocusSettings(timeZoneIdentifier: oracle.tz, dayStart: try DayTime(parsing: oracle.day_start))
        let report = try ledger.report(
            settings: settings, from: LocalDate(parsing: oracle.from), to: LocalDate(parsing: oracle.to),
            now: FocusTestSupport.instant("2030-01-01T00:00:00Z"))
        #expect(report.days.count == oracle.days.count, "\(oracle.name)")
        for day in report.days {
            #expect(day.totalSeconds == oracle.days[day.date.description], "\(oracle.name) \(day.date)")
            if let lengths = oracle.day_lengths {
                #expect(day.lengthSeconds == lengths[day.date.description], "\(oracle.name) \(day.date) length")
            }
        }
    }

    @Test func dayTotalsEqualTimewarrior() throws {
        let oracle = try Self.fixture("oracle-timew.json")
        #expect(oracle.cases.count == 10)
        for oracleCase in oracle.cases { try Self.compare(oracleCase) }
    }

    @Test func dayTotalsWithAnotherDayStartEqualZoneinfo() throws {
        let oracle = try Self.fixture("oracle-zoneinfo.json")
        #expect(oracle.cases.contains { $0.day_start == "04:00" })
        for oracleCase in oracle.cases { try Self.compare(oracleCase) }
    }

    /// Runs Timewarrior itself when it is installed (`apt-get install timewarrior`); fails
    /// without it when `CI` is set, skips otherwise.
    @Test func dayTotalsEqualTimewarriorLive() throws {
        let timew = ["/usr/bin/timew", "/usr/local/bin/timew"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let timew else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("timewarrior is not installed (apt-get install timewarrior)") }
            return
        }
        for oracleCase in try Self.fixture("oracle-timew.json").cases.prefix(4) {
            let database = TestDirectory.root.appendingPathComponent("timew-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: database) }
            func run(_ arguments: [String]) throws -> String {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: timew)
                process.arguments = arguments
                var environment = ProcessInfo.processInfo.environment
                environment["TIMEWARRIORDB"] = database.path
                environment["TZ"] = oracleCase.tz
                process.environment = environment
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                // The database folder exists, so timew asks nothing.
                process.standardInput = FileHandle.nullDevice
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return String(decoding: data, as: UTF8.self)
            }
            for pair in oracleCase.sessions { _ = try run(["track", pair[0], "-", pair[1], "focus"]) }
            let ledger = try Self.ledger(oracleCase.sessions)
            let report = try ledger.report(
                settings: FocusSettings(timeZoneIdentifier: oracleCase.tz), from: LocalDate(parsing: oracleCase.from),
                to: LocalDate(parsing: oracleCase.to), now: FocusTestSupport.instant("2030-01-01T00:00:00Z"))
            for day in report.days {
                let text = try run(["summary", day.date.description, "-", day.date.adding(days: 1).description])
                let clock = text.split(whereSeparator: \.isWhitespace).last { $0.split(separator: ":").count == 3 }
                let parts = clock.map { $0.split(separator: ":").compactMap { Double($0) } } ?? []
                let seconds = text.contains("No filtered data") || parts.count != 3 ? 0 : parts[0] * 3600 + parts[1] * 60 + parts[2]
                #expect(day.totalSeconds == seconds, "\(oracleCase.name) \(day.date)")
            }
        }
    }
}
