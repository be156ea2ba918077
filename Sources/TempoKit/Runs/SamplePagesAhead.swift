#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The pages of a replay's reserved sample columns, made ready by another thread before the
/// recorder writes its samples into them (`RunReplay.samplePagesAhead()`).
///
/// A file's summary writes about 44 bytes a fix into columns reserved up front, and each fresh
/// 4 KiB page costs the thread that first writes it a page fault: on this project's machine about
/// 2 µs, a twentieth of the recording thread's time on a million fixes, while the reading thread
/// beside it waits for that thread. The reading thread has the kernel provide the pages instead
/// (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14 and later; elsewhere, or where it fails, nothing
/// happens and the recorder faults them in as before). Only the pages of samples that can exist
/// are provided: never beyond the fixes read so far, so no page becomes resident that the samples
/// would not use. Providing a page never changes what is in memory, so it is safe whatever the
/// recorder does meanwhile (even if a column outgrew its reservation and moved).
///
/// `@unchecked Sendable`: it is made on the recording thread and then used by one other thread
/// only (`prepare(samples:)` is not to be called from two threads at once).
public final class SamplePagesAhead: @unchecked Sendable {
    private struct Column {
        /// The first address not provided yet, and the end of the column's reservation.
        var ready: UInt
        let end: UInt
        let start: UInt
        let bytesPerSample: UInt
    }

    private var columns: [Column]
    private static let pageBytes: UInt = 4096

    init(_ regions: [UnsafeRawBufferPointer], bytesPerSample: [Int]) {
        columns = zip(regions, bytesPerSample).compactMap { region, stride in
            guard let base = region.baseAddress, region.count > 0 else { return nil }
            let start = UInt(bitPattern: base)
            return Column(ready: start & ~(Self.pageBytes - 1), end: start + UInt(region.count), start: start,
                          bytesPerSample: UInt(stride))
        }
    }

    /// Has the pages for the first `samples` samples of every column provided (those not yet).
    public func prepare(samples: Int) {
        #if os(Linux) && (canImport(Glibc) || canImport(Musl))
        for index in columns.indices {
            let column = columns[index]
            // Whole pages only, none past the reservation's end (its last part is faulted in as usual).
            let target = min(column.end, column.start + UInt(max(0, samples)) * column.bytesPerSample) & ~(Self.pageBytes - 1)
            guard target > column.ready, let pointer = UnsafeMutableRawPointer(bitPattern: column.ready) else { continue }
            // MADV_POPULATE_WRITE (23): not in every C library's headers yet. A failure leaves the
            // pages to be faulted in when written, as without this.
            _ = madvise(pointer, Int(target - column.ready), 23)
            columns[index].ready = target
        }
        #endif
    }
}
