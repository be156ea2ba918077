import Foundation
import TempoKit
import Testing

/// Inputs `scripts/fuzz` found that trapped or hung TempoKit before its values were bounded
/// (`ValidRange`), kept as they were found.
@Suite struct FuzzRegressionTests {
    /// `timer start 9223372036854775807s` stored the timer, then trapped in `ClockText` (fuzz: time
    /// harness); `99999999999999999:00:00` overflowed `Int` while parsing.
    @Test func durationsTooLongAreRefused() {
        #expect(throws: DurationParseError.tooLong("9223372036854775807s")) { try DurationParser.duration("9223372036854775807s") }
        #expect(throws: DurationParseError.self) { try DurationParser.duration("99999999999999999:00:00") }
    }

    /// A store written before durations were bounded may hold any of them.
    @Test(arguments: [9.223372036854775807e18, 1e300, Double.greatestFiniteMagnitude])
    func clockTextShowsHugeDurationsWithoutTrapping(_ seconds: Double) {
        #expect(ClockText.displayedSecond(seconds, rounding: .down) == Int(ValidRange.durations.upperBound.components.seconds))
        #expect(!ClockText.format(seconds: seconds, rounding: .up).isEmpty)
    }

    /// `--rounds 166116` took 4 s and `33333333333311` never ended: every phase lookup built the
    /// list of all phases (fuzz: numbers harness).
    @Test(arguments: [166_116, 33_333_333_333_311, Int.max])
    func pomodoroRoundsOutsideTheRangeAreRefused(_ rounds: Int) {
        #expect(throws: FocusError.self) { try Pomodoro.Plan(rounds: rounds) }
    }

    /// Sessions ending in the year 8024 made `focus status` build a grid of millions of days,
    /// 19 s each (fuzz: focus-import harness); the issue's Watson frames stopping at 1e13.
    @Test(arguments: [
        "id,tag,started_at,stopped_at,duration_s,segments\n6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70,math,2024-05-01T08:00:00Z,"
            + "2024-05-01T09:00:00Z,3000,2024-05-01T08:00:00Z/2024-05-01T08:30:00Z 2024-05-01T08:40:00Z/8024-05-01T09:00:00Z",
        #"[{"start":"20240331T003000Z","end":"80240331T013000Z"}]"#,
        #"[[1714550400, 1e13, "thesis", "a1b2c3d4e5f60718293a4b5c6d7e8f90", [], 1714554001]]"#,
        #"[[-1e12, 1e12, "thesis", "a1b2c3d4e5f60718293a4b5c6d7e8f90", [], 1714554001]]"#,
    ])
    func importedInstantsOutsideTheValidRangeAreRefused(_ text: String) throws {
        let error = try #require(throws: FocusImportError.self) { try FocusImport.sessions(from: Data(text.utf8)) }
        #expect(error.record == 1)
        #expect(error.reason.contains("out of range"))
    }
}
