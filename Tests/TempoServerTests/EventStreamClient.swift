import Foundation
import Synchronization

/// A Server-Sent Events client: `curl -N` (a real HTTP client) reading `GET /v1/live`, its
/// events parsed as they arrive.
final class EventStreamClient: Sendable {
    struct Event: Sendable, Equatable {
        let id: Int
        let name: String
        let data: String
    }

    /// The events received so far, shared with the reading thread.
    private final class Log: Sendable {
        let events = Mutex<[Event]>([])
    }

    private let process: Process
    private let received = Log()

    init(url: URL, token: String, lastEventID: Int? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-sN", "-H", "Authorization: Bearer \(token)"]
        if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
        process.arguments = arguments + [url.absoluteString]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let handle = pipe.fileHandleForReading
        let received = self.received
        Thread.detachNewThread { [received] in
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                pending += String(decoding: data, as: UTF8.self)
                while let end = pending.range(of: "\n\n") {
                    let block = pending[..<end.lowerBound]
                    pending = String(pending[end.upperBound...])
                    var id: Int?, name = "message", payload = ""
                    for line in block.split(separator: "\n") {
                        if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                        if line.hasPrefix("data: ") { payload = String(line.dropFirst(6)) }
                    }
                    if let id { received.events.withLock { $0.append(Event(id: id, name: name, data: payload)) } }
                }
            }
        }
    }

    /// The events so far.
    var events: [Event] { received.events.withLock { $0 } }

    /// Waits until `count` events arrived (up to `seconds`); returns how long that took.
    @discardableResult
    func wait(for count: Int, seconds: Double = 5) async -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if events.count >= count { return Date().timeIntervalSince(start) }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// Hangs up (curl ends on SIGTERM; its reading thread then sees the end of the pipe).
    /// Not `waitUntilExit()`: on Linux it spins a run loop on the calling cooperative thread.
    func close() {
        if process.isRunning { process.terminate() }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
