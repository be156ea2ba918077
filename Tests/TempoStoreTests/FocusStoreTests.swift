import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore

@Suite struct FocusStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    func rowCounts(_ database: AppDatabase) throws -> [Int] {
        try database.read { db in
            try ["focus_session", "focus_segment", "focus_setting", "focus_pomodoro"].map {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1
            }
        }
    }

    @Test func sessionsRoundTripAsInstants() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        try database.changeFocus("test") { ledger in ledger.start(tags: ["math"], at: t0) }
        try database.changeFocus("test") { ledger in try ledger.pause(at: t0.addingTimeInterval(60.5)) }
        try database.changeFocus("test") { ledger in try ledger.resume(at: t0.addingTimeInterval(120)) }
        let (stopped, _) = try database.changeFocus("test") { ledger in ledger.start(tags: ["next"], at: t0.addingTimeInterval(180)) }
        let ledger = try database.focusLedger()
        #expect(ledger.sessions.count == 2)
        #expect(ledger.sessions[0] == stopped)
        #expect(ledger.sessions[0].duration(at: t0.addingTimeInterval(1e4)) == .seconds(120.5))
        #expect(ledger.active?.tag == "next")
        try database.changeFocus("test") { ledger in try ledger.cancel() }
        #expect(try database.focusLedger().sessions.count == 1)
        #expect(try rowCounts(database)[1] == 2)
    }

    @Test func aRefusedChangeWritesNothing() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        try database.addFocusSession(start: t0, end: t0.addingTimeInterval(3600), tags: [], trim: false, now: t0.addingTimeInterval(1e5))
        let before = try rowCounts(database)
        #expect(throws: FocusError.self) {
            try database.addFocusSession(start: t0.addingTimeInterval(60), end: t0.addingTimeInterval(7200), tags: [], trim: false, now: t0.addingTimeInterval(1e5))
        }
        #expect(throws: FocusError.noActiveSession) { try database.changeFocus("test") { ledger in try ledger.stop(at: t0) } }
        #expect(throws: DayCalendarError.self) {
            try database.updateFocusSettings(defaultTimeZone: "UTC") { $0.timeZoneIdentifier = "+09:00" }
        }
        #expect(try rowCounts(database) == before)
    }

    @Test func importingTheSameDataTwiceAddsNothing() throws {
        let database = try AppDatabase.inMemory()
        let timew = Data(#"[{"id":2,"start":"20240501T080000Z","end":"20240501T090000Z","tags":["math"]},{"id":1,"start":"20240501T100000Z","end":"20240501T103000Z"}]"#.utf8)
        let watson = Data(#"[[1714600000, 1714603600, "thesis", "a1b2", ["draft"], 1714603600]]"#.utf8)
        let now = t0.addingTimeInterval(1e6)
        for data in [timew, watson] {
            let first = try database.importFocusSessions(try FocusImport.sessions(from: data).sessions, now: now)
            let again = try database.importFocusSessions(try FocusImport.sessions(from: data).sessions, now: now)
            #expect(first.added > 0)
            #expect(again == (0, first.added))
        }
        #expect(try database.focusLedger().sessions.count == 3)
    }

    @Test func anOverlappingImportImportsNothing() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        try database.addFocusSession(start: t0.addingTimeInterval(1800), end: t0.addingTimeInterval(2400), tags: ["mine"], trim: false, now: t0.addingTimeInterval(1e5))
        let before = try rowCounts(database)
        let timew = Data(#"[{"id":2,"start":"20240501T060000Z","end":"20240501T070000Z"},{"id":1,"start":"20240501T080000Z","end":"20240501T090000Z"}]"#.utf8)
        let error = #expect(throws: FocusError.self) {
            try database.importFocusSessions(try FocusImport.sessions(from: timew).sessions, now: t0.addingTimeInterval(1e5))
        }
        #expect(error?.description.contains("mine") == true)
        #expect(try rowCounts(database) == before)
    }

    @Test func statusWidensItsWindowForALongStreak() throws {
        let database = try AppDatabase.inMemory()
        let settings = FocusSettings(timeZoneIdentifier: "UTC", goal: .seconds(1800))
        let now = t0.addingTimeInterval(300 * 86_400 + 3600)
        let sessions = (0...300).map { day -> FocusSession in
            let start = t0.addingTimeInterval(Double(day) * 86_400)
            let stopwatch = try? Stopwatch(segments: [.init(start: start, end: start.addingTimeInterval(1800))], stoppedAt: start.addingTimeInterval(1800))
            return FocusSession(tag: nil, stopwatch: stopwatch ?? Stopwatch())
        }
        _ = try database.importFocusSessions(sessions, now: now)
        let status = try database.focusStatus(settings: settings, now: now)
        let full = try database.focusLedger().report(settings: settings, now: now)
        #expect(status.report.streakDays == 301)
        #expect(full.streakDays == 301)
        #expect(status.report.todaySeconds == full.todaySeconds)
    }

    @Test func settingsPersist() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.focusSettings(defaultTimeZone: "Asia/Seoul").timeZoneIdentifier == "Asia/Seoul")
        try database.updateFocusSettings(defaultTimeZone: "UTC") { settings in
            settings.timeZoneIdentifier = "Europe/Berlin"
            settings.dayStart = try DayTime(parsing: "04:00")
            settings.goal = .seconds(7200)
        }
        let settings = try database.focusSettings(defaultTimeZone: "UTC")
        #expect(settings == FocusSettings(timeZoneIdentifier: "Europe/Berlin", dayStart: try DayTime(parsing: "04:00"), goal: .seconds(7200)))
    }

    @Test func pomodoroStateSurvivesAndAdvancesByDeadlines() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        let plan = try Pomodoro.Plan(work: .seconds(1500), shortBreak: .seconds(300), longBreak: .seconds(900), rounds: 2)
        try database.changePomodoro { pomodoro, ledger in pomodoro = try Pomodoro(plan: plan, tags: ["p"], at: t0, ledger: &ledger) }
        // "Killed", then looked at again 27 minutes later: in the short break, 3 minutes left.
        let later = t0.addingTimeInterval(27 * 60)
        let pomodoro = try database.changePomodoro { pomodoro, ledger -> Pomodoro? in
            pomodoro?.advance(to: later, ledger: &ledger)
            return pomodoro
        }
        #expect(pomodoro?.kind == .shortBreak)
        #expect(pomodoro?.remaining(at: later) == .seconds(180))
        let ledger = try database.focusLedger()
        #expect(ledger.sessions.count == 1)
        #expect(ledger.sessions[0].stoppedAt == t0.addingTimeInterval(1500))
        #expect(try database.pomodoro()?.phaseIndex == 1)
    }

    /// Tempo 0.4.0 stored a cycle with one `tag`; a cycle stored so is read with it as its only
    /// tag, and the sessions it starts from then on carry it.
    @Test func aCycleStoredWithOneTagStillReads() throws {
        let t0 = self.t0
        let plan = try Pomodoro.Plan(work: .seconds(1500), shortBreak: .seconds(300), longBreak: .seconds(900), rounds: 2)
        var ledger = FocusLedger()
        let cycle = try Pomodoro(plan: plan, tags: ["thesis"], at: t0, ledger: &ledger)
        var old = try JSONSerialization.jsonObject(with: JSONEncoder().encode(cycle)) as? [String: Any] ?? [:]
        #expect(old.removeValue(forKey: "tags") as? [String] == ["thesis"])
        old["tag"] = "thesis"
        let read = try JSONDecoder().decode(Pomodoro.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(read == cycle)
        old["tag"] = nil
        #expect(try JSONDecoder().decode(Pomodoro.self, from: JSONSerialization.data(withJSONObject: old)).tags.isEmpty)
    }
}
