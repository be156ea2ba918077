import Foundation
import TempoKit
import Testing

/// Inputs `scripts/fuzz` found that trapped or hung TempoKit, kept as they were found.
@Suite struct FuzzRegressionTests {
    /// `timer start 9223372036854775807s` stored the timer, then trapped in `ClockText` on every
    /// later command; `99999999999999999:00:00` overflowed `Int` while parsing (fuzz: time harness).
    @Test(arguments: ["9223372036854775807s", "99999999999999999:00:00", "10000h 1s", "416666666m60s", "1e309h"])
    func durationsTooLongAreRefusedByName(_ text: String) {
        #expect(throws: text == "1e309h" ? DurationParseError.invalid(text) : DurationParseError.tooLong(text)) {
            try DurationParser.seconds(text)
        }
    }

    @Test func theLongestDurationIsTenThousandHours() throws {
        #expect(try DurationParser.seconds("10000h") == DurationParser.maximumSeconds)
        #expect(try DurationParser.seconds("10000:00:00") == 36_000_000)
    }

    /// A store written before durations were bounded may hold any of them.
    @Test(arguments: [9.223372036854775807e18, 1e300, Double.greatestFiniteMagnitude])
    func clockTextShowsHugeDurationsWithoutTrapping(_ seconds: Double) {
        #expect(ClockText.displayedSecond(seconds, rounding: .down) == Int.max)
        #expect(ClockText.format(seconds: seconds, rounding: .up) == "2562047788015215:30:07")
    }

    /// `--rounds 166116` took 4 s and `33333333333311` never ended: every phase lookup built the
    /// list of all phases (fuzz: numbers harness).
    @Test(arguments: [0, 101, 166_116, 33_333_333_333_311, Int.max, Int.min])
    func pomodoroRoundsOutsideTheRangeAreRefused(_ rounds: Int) {
        #expect(throws: FocusError.invalidRounds(rounds)) { try Pomodoro.Plan(rounds: rounds) }
    }

    @Test func aStoredPlanIsCheckedAsANewOne() {
        let stored = #"{"workSeconds":1500,"shortBreakSeconds":300,"longBreakSeconds":900,"rounds":33333333333311}"#
        #expect(throws: FocusError.invalidRounds(33_333_333_333_311)) {
            try JSONDecoder().decode(Pomodoro.Plan.self, from: Data(stored.utf8))
        }
    }

    @Test func aHundredRoundCycleRunsToItsEnd() throws {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let plan = try Pomodoro.Plan(workSeconds: 60, shortBreakSeconds: 10, longBreakSeconds: 30, rounds: 100)
        var ledger = FocusLedger()
        var pomodoro = try Pomodoro(plan: plan, tag: nil, at: start, ledger: &ledger)
        let entered = pomodoro.advance(to: start + 100 * 70 + 100, ledger: &ledger)
        #expect(entered.count == 199)
        #expect(entered.last == .longBreak)
        #expect(pomodoro.finishedAt == start + 99 * 70 + 60 + 30)
        #expect(ledger.sessions.count == 100)
    }

    /// Sessions ending in the year 8024 or 54002 made `focus status` build a day grid of millions
    /// of days, 19 s each (fuzz: focus-import harness); the issue's Watson frame stopping at 1e13.
    @Test(arguments: [
        "id,tag,started_at,stopped_at,duration_s,segments\n6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70,math,2024-05-01T08:00:00Z,"
            + "2024-05-01T09:00:00Z,3000,2024-05-01T08:00:00Z/2024-05-01T08:30:00Z 2024-05-01T08:40:00Z/8024-05-01T09:00:00Z",
        #"[{"start":"20240331T003000Z","end":"80240331T013000Z"}]"#,
        #"[[1714550400, 1e13, "thesis", "a1b2c3d4e5f60718293a4b5c6d7e8f90", [], 1714554001]]"#,
        #"[[-1e12, 1e12, "thesis", "a1b2c3d4e5f60718293a4b5c6d7e8f90", [], 1714554001]]"#,
        #"{"sessions":[{"id":"6F1C7C1E-8D9A-4D55-A0C1-2B3C4D5E6F70","stopped_at":"2024-05-01T09:00:00Z","#
            + #""segments":[{"start":"1969-12-31T23:59:59Z","end":"2024-05-01T09:00:00Z"}]}]}"#,
    ])
    func importedInstantsOutsideTheValidYearsAreRefused(_ text: String) throws {
        let error = try #require(throws: FocusImportError.self) { try FocusImport.sessions(from: Data(text.utf8)) }
        #expect(error.record == 1)
        #expect(error.reason.hasSuffix("is outside the years 1970 to 2099"))
    }
}
