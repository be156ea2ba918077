import Foundation
import Testing
@testable import TempoKit

/// The monitor's large arrays grow like any array (same elements, in order, enough room), and on
/// Linux a large new buffer is advised for huge pages: the kernel shows it as the `hg` flag of the
/// mapping that holds it in /proc/self/smaps.
@Suite struct PlaceLargeArrayTests {
    @Test func growingKeepsTheElements() {
        // Small (left to the standard library) and large (≥ 4 MiB: its own buffer) arrays, of a
        // trivial and of a reference-counted element.
        for count in [0, 5, 1_200_000] {
            var numbers = Array(0..<count)
            var names = (0..<min(count, 300_000)).map { "condition \($0) with a name longer than a small string" }
            LargeArray.reserve(1, in: &numbers, growth: 0.25)
            LargeArray.reserve(1, in: &names, growth: 1)
            #expect(numbers.capacity >= count + 1)
            #expect(numbers == Array(0..<count))
            #expect(names.enumerated().allSatisfy { $1 == "condition \($0) with a name longer than a small string" })
            numbers.append(-1)
            #expect(numbers.last == -1 && numbers.count == count + 1)
        }
        var full = [Int](repeating: 7, count: 2_000_000)
        let capacity = full.capacity
        LargeArray.reserve(capacity - full.count, in: &full, growth: 1)
        #expect(full.capacity == capacity)  // room enough: nothing moves
        #expect(LargeArray.repeating(Int32(-1), count: 3_000_000).allSatisfy { $0 == -1 })
        #expect(LargeArray.repeating(UInt8(9), count: 3) == [9, 9, 9])
    }

    #if os(Linux)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                   "the kernel has transparent huge pages"))
    func aLargeBufferIsAdvisedForHugePages() throws {
        var numbers: [Int] = []
        LargeArray.reserve(4_000_000, in: &numbers, growth: 1)  // 32 MB
        let address = numbers.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress! + 2_000_000) }
        // Read to the end: proc files report no size, and a whole-file read stops after a page.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false, flags: String?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            // A mapping's first line starts with its address range; its attributes follow.
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                if bounds.count == 2 { inside = (bounds[0]..<bounds[1]).contains(address) }
            }
            if inside, line.hasPrefix("VmFlags:") { flags = String(line) }
        }
        let mapping = try #require(flags, "no mapping in /proc/self/smaps holds the buffer")
        #expect(mapping.split(separator: " ").contains("hg"), "\(mapping)")
    }
    #endif
}
