import Foundation
import TempoKit

extension ActivityFile {
    /// Elements handed from the reading thread to the visitor at once.
    static let readAheadBatch = 4096
    /// Batches the reading thread may be ahead of the visitor (what bounds the memory it uses).
    static let readAheadBatches = 4

    /// `stream(_:format:_:)` with the reading on a thread of its own: the file is parsed while
    /// `visit` works on what was parsed before it, so reading and analysing use two cores.
    /// `visit` runs on the calling thread, in file order; a reading error is thrown once the
    /// elements before it were visited, as `stream` does.
    ///
    /// Visited batches go back to the reading thread, which empties and refills them: the
    /// visitor, usually the busier of the two, neither frees elements nor gives back memory that
    /// the reader would then take again page by page. For the same reason the reading thread
    /// measures the track as drawn when asked (`measuringTrack`: every fix and segment end fed to
    /// a `TrackLength`, returned), which needs nothing the visitor works out.
    @discardableResult
    static func streamAhead(
        _ url: URL, format: ActivityFormat, measuringTrack: Bool = false, _ visit: (ActivityElement) -> Void
    ) throws(FormatError) -> TrackLength? {
        let channel = BatchChannel(capacity: readAheadBatches)
        let reader = Thread {
            var batch: [ActivityElement] = []
            batch.reserveCapacity(readAheadBatch)
            var drawn = measuringTrack ? TrackLength() : nil
            do throws(FormatError) {
                try stream(url, format: format) { element in
                    switch element {
                    case .fix(let fix): drawn?.add(fix.coordinate)
                    case .endSegment: drawn?.endSegment()
                    default: break
                    }
                    batch.append(element)
                    if batch.count == readAheadBatch {
                        channel.put(batch)
                        batch = channel.takeVisited() ?? []
                        batch.removeAll(keepingCapacity: true)
                        batch.reserveCapacity(readAheadBatch)
                    }
                }
                channel.put(batch)
                channel.finish(nil, drawn: drawn)
            } catch {
                channel.put(batch)
                channel.finish(error, drawn: drawn)
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        while let batch = channel.take() {
            for index in batch.indices { visit(batch[index]) }
            channel.putVisited(batch)
        }
        if let error = channel.error { throw error }
        return channel.drawn
    }
}

/// A bounded queue of element batches between the reading thread and the visitor.
///
/// `@unchecked Sendable`: every stored property is read and written only under `condition`'s lock.
private final class BatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[ActivityElement]] = []
    /// Batches visited already, for the reader to refill.
    private var visited: [[ActivityElement]] = []
    private var finished = false
    private var failure: FormatError?
    private var drawnTrack: TrackLength?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues a batch, waiting while `capacity` batches wait already.
    func put(_ batch: [ActivityElement]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        while batches.count >= capacity { condition.wait() }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of the elements (with the reading error, if any, and the track measured).
    func finish(_ error: FormatError?, drawn: TrackLength?) {
        condition.lock()
        finished = true
        failure = error
        drawnTrack = drawn
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil once every batch was taken and the reading ended.
    func take() -> [ActivityElement]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Hands a visited batch back to the reader.
    func putVisited(_ batch: [ActivityElement]) {
        condition.lock()
        visited.append(batch)
        condition.unlock()
    }

    /// A visited batch to refill, if one came back.
    func takeVisited() -> [ActivityElement]? {
        condition.lock()
        defer { condition.unlock() }
        return visited.popLast()
    }

    /// The reading error, once `take()` returned nil.
    var error: FormatError? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// The track the reader measured, once `take()` returned nil.
    var drawn: TrackLength? {
        condition.lock()
        defer { condition.unlock() }
        return drawnTrack
    }
}
