import Foundation
import TempoKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Live sources of location fixes: gpsd, NMEA sentences, and replays of recorded files.
///
/// Each stream ends normally when its source ends (gpsd closes, end of NMEA input, end of the
/// file) and finishes with a `FormatError` (or `GPSDError`) when the source is broken. Cancelling
/// the consuming task closes the source.
public enum LiveFixes {
    /// Fixes from a gpsd daemon's JSON protocol: connects over TCP, sends
    /// `?WATCH={"enable":true,"json":true};` and yields each TPV report with mode ≥ 2
    /// (see `GPSDReport` for the fields); a second report for the same time is dropped. Fails with a one-line `GPSDError` when gpsd cannot be
    /// reached; ends normally when gpsd closes the connection. Reading happens on its own thread.
    public static func gpsd(host: String = "127.0.0.1", port: Int = 2947) -> AsyncThrowingStream<LocationFix, any Error> {
        AsyncThrowingStream { continuation in
            let socket = GPSDSocket(host: host, port: port)
            continuation.onTermination = { _ in socket.shutdown() }
            let thread = Thread {
                defer { socket.close() }
                do {
                    try socket.connect()
                    try socket.send("?WATCH={\"enable\":true,\"json\":true};\n")
                    var lines = LineReader { try socket.receive() }
                    var lastTime: Date?
                    while let line = try lines.next() {
                        guard let fix = GPSDReport.fix(fromJSONLine: line) else { continue }
                        // gpsd may report one epoch twice (after RMC, again after GGA); the first report wins.
                        if let time = fix.time, time == lastTime { continue }
                        lastTime = fix.time
                        continuation.yield(fix)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            thread.name = "tempo-gpsd"
            thread.start()
        }
    }

    /// Fixes from NMEA 0183 sentences in a file, or standard input when `path` is `-`.
    ///
    /// With `skipBadSentences` false (the default) the first broken sentence (bad checksum,
    /// text in a number field) ends the stream with a `FormatError` naming the line, as for
    /// files; pass true for a noisy serial device, where broken sentences are skipped. Reading
    /// happens on its own thread; a read blocked on a terminal ends at the next line or EOF.
    public static func nmea(path: String, skipBadSentences: Bool = false) -> AsyncThrowingStream<LocationFix, any Error> {
        AsyncThrowingStream { continuation in
            let thread = Thread {
                let handle: FileHandle
                if path == "-" {
                    handle = FileHandle.standardInput
                } else {
                    do {
                        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                    } catch {
                        continuation.finish(throwing: FormatError(file: path, reason: "cannot open: \(ActivityFile.describe(error))"))
                        return
                    }
                }
                defer { if path != "-" { try? handle.close() } }
                // Small reads so a live pipe delivers each sentence as it arrives.
                let descriptor = handle.fileDescriptor
                var lines = LineReader { () throws -> [UInt8] in
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while true {
                        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                        if count >= 0 { return Array(buffer[0..<count]) }
                        if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                    }
                }
                do throws(FormatError) {
                    try NMEAReader.stream(lines: &lines, file: path, skipBadSentences: skipBadSentences) { fix in
                        continuation.yield(fix)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            thread.name = "tempo-nmea"
            thread.start()
        }
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
