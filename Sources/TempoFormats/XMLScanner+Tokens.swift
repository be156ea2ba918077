import Foundation
import TempoKit

extension XMLScanner {
    /// An element's local name (namespace prefix removed), as UTF-8 bytes of the scanner's buffer.
    /// Handlers compare it with ASCII literals: `name == "trkpt"`, or `case "trkpt":` in a switch.
    struct Name {
        fileprivate let start: UnsafePointer<UInt8>
        fileprivate let count: Int

        init(start: UnsafePointer<UInt8>, count: Int) {
            self.start = start
            self.count = count
        }

        /// The name as text.
        var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

        @inline(__always)
        static func == (name: Name, literal: StaticString) -> Bool {
            name.count == literal.utf8CodeUnitCount && XMLScanner.sameBytes(name.start, literal.utf8Start, name.count)
        }

        @inline(__always)
        static func ~= (literal: StaticString, name: Name) -> Bool {
            name == literal
        }
    }

    /// Where one attribute's name and value are: the name in the buffer, the value in the
    /// buffer or, when references were expanded (`decoded`), in the scratch bytes.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        var decoded: Bool
    }

    /// A start tag's attributes, by qualified name.
    struct Attributes {
        fileprivate let base: UnsafeMutablePointer<UInt8>
        fileprivate let scratch: UnsafeMutablePointer<UInt8>
        fileprivate let list: UnsafeMutablePointer<Attribute>
        fileprivate let count: Int

        init(base: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>, list: UnsafeMutablePointer<Attribute>, count: Int) {
            self.base = base
            self.scratch = scratch
            self.list = list
            self.count = count
        }

        /// The value of the first attribute named `name`, if any.
        subscript(_ name: StaticString) -> Text? {
            for index in 0..<count {
                let attribute = list[index]
                guard attribute.name.count == name.utf8CodeUnitCount,
                    XMLScanner.sameBytes(base + attribute.name.lowerBound, name.utf8Start, attribute.name.count)
                else { continue }
                let start = (attribute.decoded ? scratch : base) + attribute.value.lowerBound
                return Text(bytes: UnsafeBufferPointer(start: start, count: attribute.value.count))
            }
            return nil
        }
    }

    /// Text or an attribute value, references expanded, as UTF-8.
    struct Text {
        let bytes: UnsafeBufferPointer<UInt8>

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Without leading and trailing ASCII white space.
        @inline(__always)
        private var trimmedBytes: UnsafeBufferPointer<UInt8> {
            var start = 0
            var end = bytes.count
            while start < end, XMLScanner.isSpace(bytes[start]) { start += 1 }
            while end > start, XMLScanner.isSpace(bytes[end - 1]) { end -= 1 }
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        }

        /// The text as written.
        var string: String { String(decoding: bytes, as: UTF8.self) }

        /// The text without leading and trailing ASCII white space.
        var trimmed: String { String(decoding: trimmedBytes, as: UTF8.self) }

        /// The finite number the trimmed text writes, or nil.
        var number: Double? {
            let trimmed = trimmedBytes
            if let start = trimmed.baseAddress, let value = FastDecimal.parse(start, count: trimmed.count) { return value }
            guard let value = Double(String(decoding: trimmed, as: UTF8.self)), value.isFinite else { return nil }
            return value
        }

        /// The instant the text writes (without an offset: UTC), or nil.
        var instant: Date? { ISO8601Time.parse(utf8: bytes) }
    }
}
