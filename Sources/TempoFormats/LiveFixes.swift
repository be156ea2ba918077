import Foundation
import TempoKit

/// Live sources of location fixes: gpsd, NMEA sentences, and replays of recorded files.
///
/// Each stream ends normally when its source ends (gpsd closes, end of NMEA input, end of the
/// file) and finishes with a `FormatError` (or `GPSDError`) when the source is broken. Cancelling
/// the consuming task closes the source.
public enum LiveFixes {
    /// Fixes from a gpsd daemon's JSON protocol (TPV reports with mode ≥ 2).
    public static func gpsd(host: String = "127.0.0.1", port: Int = 2947) -> AsyncThrowingStream<LocationFix, any Error> {
        AsyncThrowingStream { $0.finish(throwing: FormatError(file: "gpsd", reason: "not implemented yet")) }
    }

    /// Fixes from NMEA 0183 sentences in a file, or standard input when `path` is `-`.
    public static func nmea(path: String) -> AsyncThrowingStream<LocationFix, any Error> {
        AsyncThrowingStream { $0.finish(throwing: FormatError(file: path, reason: "not implemented yet")) }
    }

    /// Replays a recorded file's fixes at their recorded pace divided by `speed`.
    ///
    /// The first fix is yielded at once; fix *n* is due `(time_n − time_0) / speed` after the
    /// start, measured on `clock` (deadlines come from the start, so sleeps do not drift).
    /// `speed` 0 yields as fast as the consumer takes them. Fixes without times are yielded
    /// without delay. Segment boundaries are not visible in this stream (use
    /// `replayElements` for them).
    public static func replay<C: Clock>(url: URL, speed: Double = 1, clock: C) -> AsyncThrowingStream<LocationFix, any Error>
    where C.Duration == Duration {
        let elements = replayElements(url: url, speed: speed, clock: clock)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await element in elements {
                        if case .fix(let fix) = element { continuation.yield(fix) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Replays a recorded file's elements (fixes, segment ends, laps…) at the recorded pace
    /// divided by `speed`; see `replay(url:speed:clock:)` for the timing rules.
    public static func replayElements<C: Clock>(
        url: URL, speed: Double = 1, clock: C
    ) -> AsyncThrowingStream<ActivityElement, any Error> where C.Duration == Duration {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    // Reading first keeps file errors ahead of any replayed fix ("stores nothing from a broken file").
                    var elements: [ActivityElement] = []
                    try ActivityFile.stream(url) { elements.append($0) }
                    let start = clock.now
                    var firstTime: Date?
                    for element in elements {
                        try Task.checkCancellation()
                        if case .fix(let fix) = element, speed > 0, let time = fix.time {
                            if let firstTime {
                                let offset = time.timeIntervalSince(firstTime) / speed
                                if offset > 0 {
                                    try await clock.sleep(until: start.advanced(by: .seconds(offset)), tolerance: nil)
                                }
                            } else {
                                firstTime = time
                            }
                        }
                        continuation.yield(element)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
