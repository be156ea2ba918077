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
    /// Visited batches are emptied and go back to the reading thread, which refills them: the
    /// reader takes no fresh pages for every batch.
    ///
    /// `alongside`, when given, sees every element too, on the reading thread, as it is read: work
    /// that needs nothing `visit` decides is done there, beside the reading, rather than after it.
    static func streamAhead(
        _ url: URL, format: ActivityFormat, alongside: (@Sendable (ActivityElement) -> Void)? = nil,
        _ visit: (ActivityElement) -> Void
    ) throws(FormatError) {
        let channel = BatchChannel(capacity: readAheadBatches)
        let reader = Thread {
            var batch = ElementBatch()
            do throws(FormatError) {
                try stream(url, format: format) { element in
                    alongside?(element)
                    batch.append(element)
                    if batch.count == readAheadBatch {
                        channel.put(batch)
                        batch = channel.takeVisited() ?? ElementBatch()
                    }
                }
                channel.put(batch)
                channel.finish(nil)
            } catch {
                channel.put(batch)
                channel.finish(error)
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        while var batch = channel.take() {
            batch.visit(visit)
            // Emptied here, where the elements were just read, rather than on the reading thread.
            batch.removeAll()
            channel.putVisited(batch)
        }
        if let error = channel.error { throw error }
    }
}

/// Elements in file order, the fixes apart from the rest: a fix is copied into and out of the
/// batch as the plain struct it is, where an `ActivityElement` (an enum with strings in some of
/// its cases) is copied through its value witness (a tenth of the reading thread's instructions).
private struct ElementBatch {
    private var fixes: [LocationFix] = []
    /// The other elements, each with how many of `fixes` come before it.
    private var others: [(fixesBefore: Int, element: ActivityElement)] = []

    init() {
        fixes.reserveCapacity(ActivityFile.readAheadBatch)
    }

    var count: Int { fixes.count + others.count }
    var isEmpty: Bool { fixes.isEmpty && others.isEmpty }

    mutating func append(_ element: ActivityElement) {
        if case .fix(let fix) = element { fixes.append(fix) } else { others.append((fixes.count, element)) }
    }

    /// Hands every element to `visit`, in the order they were appended.
    func visit(_ visit: (ActivityElement) -> Void) {
        fixes.withUnsafeBufferPointer { fixes in
            var fixIndex = 0
            for other in others {
                while fixIndex < other.fixesBefore {
                    visit(.fix(fixes[fixIndex]))
                    fixIndex += 1
                }
                visit(other.element)
            }
            while fixIndex < fixes.count {
                visit(.fix(fixes[fixIndex]))
                fixIndex += 1
            }
        }
    }

    mutating func removeAll() {
        fixes.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }
}

/// A bounded queue of element batches between the reading thread and the visitor.
///
/// `@unchecked Sendable`: every stored property is read and written only under `condition`'s lock.
private final class BatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [ElementBatch] = []
    /// Batches visited already, for the reader to refill.
    private var visited: [ElementBatch] = []
    private var finished = false
    private var failure: FormatError?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues a batch, waiting while `capacity` batches wait already.
    func put(_ batch: ElementBatch) {
        guard !batch.isEmpty else { return }
        condition.lock()
        while batches.count >= capacity { condition.wait() }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of the elements (with the reading error, if any).
    func finish(_ error: FormatError?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil once every batch was taken and the reading ended.
    func take() -> ElementBatch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Hands a visited batch back to the reader.
    func putVisited(_ batch: ElementBatch) {
        condition.lock()
        visited.append(batch)
        condition.unlock()
    }

    /// A visited batch to refill, if one came back.
    func takeVisited() -> ElementBatch? {
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
}
