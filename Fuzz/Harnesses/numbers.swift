import Foundation
import TempoFormats
import TempoKit

/// libFuzzer entry: the numbers the CLI's options take, read as swift-argument-parser reads them
/// (`Double(text)`, `Int(text)`) and handed to the library code the command calls. The first
/// byte picks the option, the rest is its text:
///
/// - 0 `--speed N` of `run record --replay` and `places watch --replay`: after the command's own
///   check (`ValidRange.check(replaySpeed:)`), a replay of a three-fix track spanning 8,000 years with `LiveFixes.replayElements`;
/// - 1 `focus pomodoro --rounds N`: a `Pomodoro.Plan`, its phases and a cycle run through;
/// - 2 `places add --at LAT,LON --radius M`: `LAT,LON,M` as numbers (the `800m`/`1.5km`
///   suffixes are read in the CLI), a `Place`, and a monitor fed fixes around it;
/// - 3 `focus config --growth 0,25m,1h`: each duration, then the thresholds' growth stages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let (selector, text) = FuzzInput(data, size).selectorAndRest else { return 0 }
    switch selector % 4 {
    case 0: NumbersHarness.replaySpeed(text)
    case 1: NumbersHarness.pomodoroRounds(text)
    case 2: NumbersHarness.place(text)
    default: NumbersHarness.growth(text)
    }
    return 0
}

enum NumbersHarness {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// A track whose fixes are an hour, then 8,000 years apart: the widest span a GPX time can name.
    static let replayTrack: URL = {
        let url = FuzzInput.scratchDirectory.appendingPathComponent("replay.gpx")
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="fuzz" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="48.0" lon="2.0"><time>2000-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="48.001" lon="2.0"><time>2000-01-01T01:00:00Z</time></trkpt>
            <trkpt lat="48.002" lon="2.0"><time>9999-12-31T23:59:59Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        do { try Data(gpx.utf8).write(to: url) } catch { fatalError("cannot write \(url.path): \(error)") }
        return url
    }()

    static func replaySpeed(_ text: String) {
        guard let speed = Double(text), (try? ValidRange.check(replaySpeed: speed)) != nil else { return }
        let elements = LiveFixes.replayElements(url: replayTrack, speed: speed, clock: ImmediateClock())
        let done = DispatchSemaphore(value: 0)
        Task {
            do { for try await _ in elements {} } catch {}
            done.signal()
        }
        done.wait()
    }

    static func pomodoroRounds(_ text: String) {
        guard let rounds = Int(text), let plan = try? Pomodoro.Plan(rounds: rounds) else { return }
        var ledger = FocusLedger()
        guard var pomodoro = try? Pomodoro(plan: plan, tag: "fuzz", at: now, ledger: &ledger) else { return }
        _ = pomodoro.phases.count
        _ = pomodoro.advance(to: now + 3 * 3600, ledger: &ledger)
        _ = pomodoro.round
        _ = pomodoro.kind
        pomodoro.stop(at: now + 4 * 3600, ledger: &ledger)
    }

    static func place(_ text: String) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 3, let latitude = numbers[0], let longitude = numbers[1], let radius = numbers[2],
              let place = try? Place(name: "fuzz", center: Coordinate(latitude: latitude, longitude: longitude), radiusMeters: radius)
        else { return }
        var monitor = MonitorCore()
        monitor.add(place.condition, identifier: place.name)
        var time = now
        for offsetDegrees in [0.0, radius / 111_000, 2 * radius / 111_000, 90] {
            time += 60
            let fix = LocationFix(time: time, coordinate: Coordinate(latitude: latitude + offsetDegrees, longitude: longitude))
            _ = monitor.process(fix, now: time)
        }
    }

    static func growth(_ text: String) {
        var thresholds: [Double] = []
        for part in text.split(separator: ",") {
            guard let seconds = try? DurationParser.seconds(String(part)) else { return }
            thresholds.append(seconds)
        }
        guard thresholds.first == 0, zip(thresholds, thresholds.dropFirst()).allSatisfy({ $0 < $1 }) else { return }
        let settings = FocusSettings(timeZoneIdentifier: "UTC", growthThresholdsSeconds: thresholds)
        for seconds in thresholds {
            let stage = settings.growthStage(forSeconds: seconds)
            _ = FocusSettings.growthStageName(stage)
            _ = ClockText.format(seconds: seconds)
        }
    }
}
