import Foundation
import TempoKit

/// Reads a well-formed `POST /v1/places/fixes` body straight from its bytes: the fast path of
/// `FixBatch.read`, about ten times quicker than `JSONDecoder` (which instantiates its generic
/// containers for every fix).
///
/// It takes exactly `{"fixes": [{"lat": n, "lon": n, "time": "…", "accuracy_m": n|null}, …]}`
/// with strict JSON numbers, plain strings (no escapes), each key once, and fixes that pass
/// `FixBatch.checkedFix`. Anything else, valid or not, returns nil, and the decoder reads the
/// body instead: it accepts or refuses exactly as before, naming what is wrong.
enum FixBatchScanner {
    /// The batch's fixes, or nil when the body is not of the plain form above.
    static func fixes(in body: Data) -> [LocationFix]? {
        body.withUnsafeBytes { raw in
            var scanner = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.batch()
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func batch() -> [LocationFix]? {
            guard take(UInt8(ascii: "{")), key() == "fixes", take(UInt8(ascii: ":")), take(UInt8(ascii: "[")) else { return nil }
            var fixes: [LocationFix] = []
            fixes.reserveCapacity(bytes.count / 80)
            if !take(UInt8(ascii: "]")) {
                repeat {
                    guard fixes.count < FixBatch.maxFixes, let fix = fix() else { return nil }
                    fixes.append(fix)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            }
            guard take(UInt8(ascii: "}")) else { return nil }
            skipSpace()
            return index == bytes.count ? fixes : nil
        }

        private mutating func fix() -> LocationFix? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var latitude: Double?, longitude: Double?, time: ISO8601Time.Reading??, accuracy: Double??
            repeat {
                guard let key = key(), take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "lat" where latitude == nil:
                    guard let value = number() else { return nil }
                    latitude = value
                case "lon" where longitude == nil:
                    guard let value = number() else { return nil }
                    longitude = value
                case "time" where time == nil:
                    guard let text = string() else { return nil }
                    time = .some(ISO8601Time.reading(utf8: text))
                case "accuracy_m" where accuracy == nil:
                    if takeNull() {
                        accuracy = .some(nil)
                    } else {
                        guard let value = number() else { return nil }
                        accuracy = value
                    }
                default: return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let latitude, let longitude, let time else { return nil }
            return try? FixBatch.checkedFix(latitude: latitude, longitude: longitude, time: time, accuracy: accuracy ?? nil)
        }

        /// A key: a plain string. Keys of this body are ASCII words.
        private mutating func key() -> String? {
            string().map { String(decoding: $0, as: UTF8.self) }
        }

        /// The bytes of a string without escapes or control characters.
        private mutating func string() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        /// A JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        private mutating func number() -> Double? {
            skipSpace()
            let start = index
            if peek(UInt8(ascii: "-")) { index += 1 }
            if peek(UInt8(ascii: "0")) {
                index += 1
            } else {
                guard digits() else { return nil }
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard digits() else { return nil }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard digits() else { return nil }
            }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        /// One or more digits.
        private mutating func digits() -> Bool {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index > start
        }

        private mutating func takeNull() -> Bool {
            skipSpace()
            let null = Array("null".utf8)
            guard bytes.count - index >= 4, zip(bytes[index..<(index + 4)], null).allSatisfy({ $0 == $1 }) else { return false }
            index += 4
            return true
        }

        private func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        /// Skips white space, then takes `byte` if it is next.
        private mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard peek(byte) else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
    }
}
