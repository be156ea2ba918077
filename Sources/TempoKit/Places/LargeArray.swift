#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Growth for the region monitor's large arrays, which a fix reads at a few random places each
/// (and room for the run recorder's columns, whose first touch costs fewer faults in huge pages).
///
/// At a million conditions the slots alone take tens of megabytes: every random read is then also
/// a miss in the processor's address-translation cache, whose 4 KiB pages cover a few megabytes at
/// most. On Linux a new buffer of `hugePageThreshold` bytes or more is offered to the kernel for
/// 2 MiB pages (`madvise(MADV_HUGEPAGE)`) before anything is written to it, so that the kernel can
/// back it with them as it is first touched (the machine's transparent huge pages being set to
/// `madvise` or `always`; elsewhere nothing changes). On this project's 2-core Linux machine random
/// jumps across a million conditions went from 0.59–0.62 to 0.97–0.99 M fixes/s
/// (`places-benchmark jumps`, runs minutes apart).
enum LargeArray {
    /// Buffers smaller than this are left alone: they take no more than a few pages' translations.
    static let hugePageThreshold = 4 << 20
    private static let hugePageBytes = 2 << 20

    /// Makes room in `array` for `count` more elements: when it lacks room, it grows by `growth` of
    /// its capacity (to at least 16 elements, and at least enough).
    static func reserve<Element>(_ count: Int, in array: inout [Element], growth: Double) {
        let needed = array.count + count
        guard needed > array.capacity else { return }
        let capacity = max(needed, 16, array.capacity + Int(Double(array.capacity) * growth))
        guard capacity * MemoryLayout<Element>.stride >= hugePageThreshold else {
            array.reserveCapacity(capacity)
            return
        }
        let old = array
        array = [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            _ = old.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
            initialized = old.count
        }
    }

    /// Makes room in `array` for `capacity` elements in all: as `reserve` does (a large buffer
    /// offered for huge pages) when `hugePages`, else as `Array.reserveCapacity` does.
    static func reserveCapacity<Element>(_ capacity: Int, in array: inout [Element], hugePages: Bool) {
        if hugePages {
            reserve(capacity - array.count, in: &array, growth: 0)
        } else {
            array.reserveCapacity(capacity)
        }
    }

    /// An array of `count` copies of `value`, in a buffer offered for huge pages when large.
    static func repeating<Element>(_ value: Element, count: Int) -> [Element] {
        guard count * MemoryLayout<Element>.stride >= hugePageThreshold else {
            return [Element](repeating: value, count: count)
        }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            buffer.initialize(repeating: value)
            initialized = count
        }
    }

    /// Advises the whole 2 MiB pages inside `buffer` (a hint: failure changes nothing).
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux) && (canImport(Glibc) || canImport(Musl))
        guard let base = buffer.baseAddress else { return }
        let mask = UInt(hugePageBytes - 1)
        let start = (UInt(bitPattern: base) + mask) & ~mask
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~mask
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}

extension Array {
    /// Removes every element, keeping the buffer (when unshared) for the next ones: for the few
    /// trivial elements the monitor's scratch arrays hold after a fix, popping them one by one
    /// costs less than `removeAll(keepingCapacity:)`, which goes through the generic
    /// `replaceSubrange` (callgrind; not so for elements that must be destroyed, such as events).
    mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
