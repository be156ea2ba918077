import Foundation
import Testing
import TempoKit

/// Validity windows on monitored conditions: random tracks and windows against a brute-force
/// reference that applies the documented rule fix by fix, on distances known by construction.
@Suite struct PlaceWindowTests {
    let t0 = Date(timeIntervalSince1970: 1_795_255_200)
    // Points due north of the centre: 111,211.84 m per degree here (GeographicLib), right to a
    // centimetre, while every distance and accuracy below is at least 0.5 m from a threshold.
    let center = Coordinate(latitude: 48.8584, longitude: 2.2945)

    func fix(_ metersNorth: Double, _ seconds: Double, accuracy: Double?) -> LocationFix {
        LocationFix(time: t0.addingTimeInterval(seconds),
                    coordinate: Coordinate(latitude: center.latitude + metersNorth / 111_211.84, longitude: center.longitude),
                    horizontalAccuracyMeters: accuracy)
    }

    /// A reproducible random source (SplitMix64).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One condition as the reference sees it: the rule written out, fix by fix.
    struct Reference {
        let radius: Double
        let window: ActiveWindow
        var state = ConditionState.unknown
        var reported: ConditionState?

        /// The reported state change at a fix `distance` metres from the centre, if any.
        mutating func step(distance: Double, accuracy: Double, time: Date) -> ConditionState? {
            let buffer = max(20, radius / 10)
            if state != .satisfied, distance + accuracy <= radius {
                state = .satisfied
            } else if state == .satisfied, distance - accuracy >= radius + buffer {
                state = .unsatisfied
            }
            guard window.contains(time) else { return nil }
            if state == .satisfied, reported != .satisfied {
                reported = .satisfied
                return .satisfied
            }
            if state == .unsatisfied, reported == .satisfied {
                reported = .unsatisfied
                return .unsatisfied
            }
            return nil
        }
    }

    struct Reported: Equatable, CustomStringConvertible {
        let identifier: String
        let state: ConditionState
        let second: Double
        var description: String { "\(identifier) \(state) @\(second)" }
    }

    @Test(arguments: 1...200)
    func randomWindowsAndTracksReportWhatTheReferenceReports(seed: Int) throws {
        var random = Random(state: UInt64(seed))
        let count = Int.random(in: 5...80, using: &random)
        let seconds = (0..<count).map { Double($0 * 10) }
        func instant() -> Date? {
            Bool.random(using: &random) ? nil : t0.addingTimeInterval(Double(Int.random(in: -2...(count + 2), using: &random) * 10))
        }
        var core = MonitorCore()
        var references: [String: Reference] = [:]
        for index in 0..<3 {
            let radius = Double(Int.random(in: 10...200, using: &random) * 10)
            var window = ActiveWindow.always
            let from = instant(), until = instant()
            if let from, let until, until <= from {
                window = try ActiveWindow(from: until == from ? nil : until, until: from)
            } else {
                window = try ActiveWindow(from: from, until: until)
            }
            let identifier = "c\(index)"
            core.add(try CircularCondition(center: center, radiusMeters: radius, window: window), identifier: identifier)
            references[identifier] = Reference(radius: radius, window: window)
        }
        // A walk in and out of the circles, in half-metre steps off any threshold.
        var distance = Double(Int.random(in: 0...3000, using: &random)) + 0.5
        var expected: [Reported] = [], actual: [Reported] = []
        let restartAt = Int.random(in: 0..<count, using: &random)
        for (i, second) in seconds.enumerated() {
            distance = max(0.5, distance + Double(Int.random(in: -600...600, using: &random)))
            let accuracy = Double(Int.random(in: 0...30, using: &random))
            for identifier in references.keys.sorted() {
                if let state = references[identifier]!.step(distance: distance, accuracy: accuracy, time: t0.addingTimeInterval(second)) {
                    expected.append(Reported(identifier: identifier, state: state, second: second))
                }
            }
            if i == restartAt {
                // A restarted process: the conditions come back with their states and last events.
                var reopened = MonitorCore()
                for identifier in core.identifiers {
                    let record = try #require(core.record(for: identifier))
                    reopened.add(record.condition, identifier: identifier, assuming: record.state, lastEvent: record.lastEvent)
                }
                core = reopened
            }
            let step = core.process(fix(distance, second, accuracy: accuracy), now: t0)
            actual += step.events.map { Reported(identifier: $0.identifier, state: $0.state, second: second) }
                .sorted { $0.identifier < $1.identifier }
            for identifier in references.keys {
                #expect(core.record(for: identifier)?.state == references[identifier]!.state, "seed \(seed) fix \(i) \(identifier)")
            }
        }
        #expect(actual == expected, "seed \(seed)")
    }

    @Test func aWindowOpeningWhileInsideReportsOneSatisfied() throws {
        var core = MonitorCore()
        let window = try ActiveWindow(from: t0.addingTimeInterval(60), until: t0.addingTimeInterval(600))
        core.add(try CircularCondition(center: center, radiusMeters: 1000, window: window), identifier: "museum")
        let before = core.process(fix(100, 0, accuracy: 5), now: t0)
        #expect(before.events.isEmpty)
        #expect(before.unreportedChanges.map(\.state) == [.satisfied])
        #expect(core.process(fix(100, 30, accuracy: 5), now: t0).events.isEmpty)
        #expect(core.process(fix(100, 60, accuracy: 5), now: t0).events.map(\.state) == [.satisfied], "at active_from")
        #expect(core.process(fix(100, 90, accuracy: 5), now: t0).events.isEmpty, "once")
    }

    @Test func aWindowClosingWhileInsideReportsNothing() throws {
        var core = MonitorCore()
        let window = try ActiveWindow(from: nil, until: t0.addingTimeInterval(60))
        core.add(try CircularCondition(center: center, radiusMeters: 1000, window: window), identifier: "museum")
        #expect(core.process(fix(100, 0, accuracy: 5), now: t0).events.map(\.state) == [.satisfied])
        #expect(core.process(fix(100, 60, accuracy: 5), now: t0).events.isEmpty)
        let left = core.process(fix(5000, 90, accuracy: 5), now: t0)
        #expect(left.events.isEmpty, "leaving after active_until")
        #expect(left.unreportedChanges.map(\.state) == [.unsatisfied])
        #expect(core.record(for: "museum")?.lastEvent?.state == .satisfied)
    }

    @Test func aOneShotConditionOutsideItsWindowStays() throws {
        var core = MonitorCore()
        let window = try ActiveWindow(from: t0.addingTimeInterval(60), until: nil)
        core.add(try CircularCondition(center: center, radiusMeters: 1000, isOneShot: true, window: window), identifier: "frame")
        #expect(core.process(fix(100, 0, accuracy: 5), now: t0).removedIdentifiers.isEmpty)
        let opened = core.process(fix(100, 60, accuracy: 5), now: t0)
        #expect(opened.events.map(\.state) == [.satisfied])
        #expect(opened.removedIdentifiers == ["frame"])
        // Gone for good: a condition added in its place starts afresh, and only it reports.
        #expect(core.record(for: "frame") == nil)
        core.add(try CircularCondition(center: center, radiusMeters: 500), identifier: "tower")
        #expect(core.process(fix(100, 90, accuracy: 5), now: t0).events.map(\.identifier) == ["tower"])
        #expect(core.process(fix(5000, 120, accuracy: 5), now: t0).events.map(\.state) == [.unsatisfied])
        #expect(core.identifiers == ["tower"])
    }

    @Test func anEmptyWindowIsRefused() {
        #expect(throws: PlaceError.invalidWindow(from: t0, until: t0)) { try ActiveWindow(from: t0, until: t0) }
    }
}
