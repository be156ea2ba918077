// DeadlineScheduler benchmark (release): `swift run -c release scheduler-benchmark [N]`.
//
// Measures, for N pending deadlines (default 1,000,000): schedule+cancel throughput on one
// core, bytes per pending deadline (growth of resident memory), and fire latency of every
// deadline; and the same figures for the seeds' approach, one DispatchSourceTimer per deadline,
// measured side by side in this run.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import TempoKit

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
let clock = ContinuousClock()

/// Resident memory of this process (Linux `/proc/self/statm`), in bytes.
func heapBytesInUse() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Prints a line at once (unbuffered), so partial results survive a crash or a kill.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

var random = SystemRandomNumberGenerator()
let ids = (0..<count).map { _ in UUID() }
report("DeadlineScheduler benchmark, \(count) pending deadlines, UUID ids, ContinuousClock")
report("targets: >= 1,000,000 schedule+cancel ops/s on one core; <= 100 bytes per pending deadline; every deadline fired within 5 ms")
report("")

// MARK: Tempo: schedule + cancel throughput and memory (pure queue, one core)

do {
    let base = clock.now.advanced(by: .seconds(3600))
    let offsets = (0..<count).map { _ in Duration.milliseconds(Int64.random(in: 0..<3_600_000, using: &random)) }
    let before = heapBytesInUse()
    var queue = DeadlineQueue<UUID, ContinuousClock.Instant>()
    let scheduleTime = clock.measure {
        for index in 0..<count { queue.schedule(ids[index], at: base.advanced(by: offsets[index])) }
    }
    let bytes = Double(heapBytesInUse() - before) / Double(count)
    // Steady state at N pending: cancel one, schedule one, N times.
    let churn = clock.measure {
        for index in 0..<count {
            queue.cancel(ids[index])
            queue.schedule(ids[index], at: base.advanced(by: offsets[(index * 7) % count]))
        }
    }
    let popTime = clock.measure {
        let end = base.advanced(by: .seconds(7200))
        while queue.popDue(end) != nil {}
    }
    for index in 0..<count { queue.schedule(ids[index], at: base.advanced(by: offsets[index])) }
    let cancelTime = clock.measure {
        for index in 0..<count { queue.cancel(ids[index]) }
    }
    report("tempo   pop all \(count) in deadline order: \(String(format: "%.3f", seconds(popTime))) s (\(String(format: "%.2f", Double(count) / seconds(popTime) / 1e6)) M fires/s)")
    let ops = Double(2 * count) / seconds(churn)
    report("tempo   schedule \(count): \(String(format: "%.3f", seconds(scheduleTime))) s; cancel all: \(String(format: "%.3f", seconds(cancelTime))) s")
    report("tempo   schedule+cancel at \(count) pending: \(String(format: "%.2f", ops / 1e6)) M ops/s")
    report("tempo   memory: \(String(format: "%.1f", bytes)) bytes per pending deadline")
}

/// Milliseconds between each deadline and the moment its firing was received.
nonisolated func collectLatencies(_ scheduler: DeadlineScheduler<UUID, ContinuousClock>, count: Int) async -> [Double] {
    let clock = ContinuousClock()
    var latencies: [Double] = []
    latencies.reserveCapacity(count)
    for await firing in scheduler.fired {
        latencies.append(seconds(firing.deadline.duration(to: clock.now)) * 1000)
        if latencies.count == count { break }
    }
    return latencies
}

// MARK: Tempo: fire latency through the actor and its stream

/// Schedules `count` deadlines spread evenly at random over `spread` seconds, starting 10 s out
/// (so scheduling never makes one overdue), and reports how late each firing was received.
func fireLatency(spread: Double) async {
    let scheduler = DeadlineScheduler<UUID, ContinuousClock>(clock: clock, capacity: count)
    let start = clock.now.advanced(by: .seconds(10))
    var random = SystemRandomNumberGenerator()
    let deadlines = ids.map { ($0, start.advanced(by: .nanoseconds(Int64.random(in: 0..<Int64(spread * 1e9), using: &random)))) }
    for chunkStart in stride(from: 0, to: count, by: 100_000) {
        await scheduler.schedule(contentsOf: deadlines[chunkStart..<min(count, chunkStart + 100_000)])
    }
    // Consumed off the main actor, as a server would.
    var latencies = await Task.detached { await collectLatencies(scheduler, count: count) }.value
    latencies.sort()
    let rate = Double(count) / spread
    report("tempo   fire latency, \(count) deadlines over \(Int(spread)) s (\(Int(rate)) fires/s): p50 \(String(format: "%.3f", percentile(latencies, 0.5))) ms, p99 \(String(format: "%.3f", percentile(latencies, 0.99))) ms, max \(String(format: "%.3f", latencies.last ?? .nan)) ms, within 5 ms: \(String(format: "%.2f", Double(latencies.prefix { $0 <= 5 }.count) * 100 / Double(count))) %")
}

await fireLatency(spread: 60)
await fireLatency(spread: 5)

nonisolated let emptyHandler: @Sendable () -> Void = {}

// MARK: Reference: one DispatchSourceTimer per deadline (seeds 000/001)

do {
    let queue = DispatchQueue(label: "reference")
    let before = heapBytesInUse()
    var timers: [any DispatchSourceTimer] = []
    timers.reserveCapacity(count)
    let scheduleTime = clock.measure {
        for _ in 0..<count {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .seconds(Int.random(in: 3600..<7200)))
            timer.setEventHandler(handler: emptyHandler)
            timer.resume()
            timers.append(timer)
        }
    }
    let bytes = Double(heapBytesInUse() - before) / Double(count)
    let cancelTime = clock.measure {
        for timer in timers { timer.cancel() }
    }
    let ops = Double(2 * count) / (seconds(scheduleTime) + seconds(cancelTime))
    report("dispatch schedule+cancel: \(String(format: "%.2f", ops / 1e6)) M ops/s (create+schedule \(String(format: "%.3f", seconds(scheduleTime))) s, cancel \(String(format: "%.3f", seconds(cancelTime))) s)")
    report("dispatch memory: \(String(format: "%.1f", bytes)) bytes per pending timer (resident memory growth)")
    timers.removeAll()
}

/// Runs outside the main actor: dispatch calls these handlers on its own threads.
nonisolated func dispatchFireLatency(count reference: Int) -> [Double] {
    let queue = DispatchQueue(label: "reference-fire")
    let latencies = Mutex<[Double]>([])
    let done = DispatchSemaphore(value: 0)
    let remaining = Mutex(reference)
    let start = DispatchTime.now() + .milliseconds(500)
    var timers: [any DispatchSourceTimer] = []
    for _ in 0..<reference {
        let due = start + .nanoseconds(Int.random(in: 0..<5_000_000_000))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: due, leeway: .nanoseconds(0))
        timer.setEventHandler {
            let late = Double(DispatchTime.now().uptimeNanoseconds - due.uptimeNanoseconds) / 1e6
            latencies.withLock { $0.append(late) }
            if remaining.withLock({ $0 -= 1; return $0 }) == 0 { done.signal() }
        }
        timer.resume()
        timers.append(timer)
    }
    done.wait()
    for timer in timers { timer.cancel() }
    return latencies.withLock { $0.sorted() }
}

do {
    let reference = min(count, 200_000)
    let sorted = dispatchFireLatency(count: reference)
    report("dispatch fire latency over \(reference) timers in 5 s: p50 \(String(format: "%.3f", percentile(sorted, 0.5))) ms, p99 \(String(format: "%.3f", percentile(sorted, 0.99))) ms, max \(String(format: "%.3f", sorted.last ?? .nan)) ms")
}
