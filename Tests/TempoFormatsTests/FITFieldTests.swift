import Foundation
@testable import TempoFormats
import Testing

/// Every FIT base type read by `FITField`, with the expected values worked by hand from the FIT
/// protocol's base type table (width, endianness, invalid value per type: 0xFF… for unsigned
/// and enum/byte, 0x7F… for signed, 0 for the `z` types; floats rounded to the nearest integer,
/// ties away from zero). The field sits between filler bytes so a read that strays past its
/// width shows.
@Suite struct FITFieldTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var baseType: UInt8
        var bytes: [UInt8]
        var bigEndian = false
        var expected: Int64?
        var testDescription: String { "0x\(String(baseType, radix: 16)) \(bytes) \(bigEndian ? "BE" : "LE")" }
    }

    static let cases: [Case] = [
        Case(baseType: 0x00, bytes: [0x05], expected: 5),  // enum
        Case(baseType: 0x00, bytes: [0xFF], expected: nil),
        Case(baseType: 0x01, bytes: [0xFE], expected: -2),  // sint8
        Case(baseType: 0x01, bytes: [0x80], expected: -128),
        Case(baseType: 0x01, bytes: [0x7F], expected: nil),
        Case(baseType: 0x02, bytes: [0xFE], expected: 254),  // uint8
        Case(baseType: 0x02, bytes: [0xFF], expected: nil),
        Case(baseType: 0x83, bytes: [0xFE, 0xFF], expected: -2),  // sint16
        Case(baseType: 0x83, bytes: [0xFF, 0xFE], bigEndian: true, expected: -2),
        Case(baseType: 0x83, bytes: [0xFF, 0x7F], expected: nil),
        Case(baseType: 0x84, bytes: [0x34, 0x12], expected: 0x1234),  // uint16
        Case(baseType: 0x84, bytes: [0x12, 0x34], bigEndian: true, expected: 0x1234),
        Case(baseType: 0x84, bytes: [0xFF, 0xFF], expected: nil),
        Case(baseType: 0x85, bytes: [0x00, 0x00, 0x00, 0x80], expected: -2_147_483_648),  // sint32
        Case(baseType: 0x85, bytes: [0xFF, 0xFF, 0xFF, 0xFE], bigEndian: true, expected: -2),
        Case(baseType: 0x85, bytes: [0xFF, 0xFF, 0xFF, 0x7F], expected: nil),
        Case(baseType: 0x86, bytes: [0xFE, 0xFF, 0xFF, 0xFF], expected: 4_294_967_294),  // uint32
        Case(baseType: 0x86, bytes: [0x01, 0x02, 0x03, 0x04], bigEndian: true, expected: 0x0102_0304),
        Case(baseType: 0x86, bytes: [0xFF, 0xFF, 0xFF, 0xFF], expected: nil),
        Case(baseType: 0x07, bytes: [0x41, 0x42, 0x00], expected: nil),  // string: not a number
        Case(baseType: 0x88, bytes: [0x00, 0x00, 0xC0, 0x3F], expected: 2),  // float32 1.5
        Case(baseType: 0x88, bytes: [0xBF, 0xC0, 0x00, 0x00], bigEndian: true, expected: -2),  // −1.5
        Case(baseType: 0x88, bytes: [0x00, 0x00, 0x80, 0x7F], expected: nil),  // +infinity
        Case(baseType: 0x88, bytes: [0xFF, 0xFF, 0xFF, 0xFF], expected: nil),
        Case(baseType: 0x89, bytes: [0, 0, 0, 0, 0, 0, 0x04, 0xC0], expected: -3),  // float64 −2.5
        Case(baseType: 0x89, bytes: [0, 0, 0, 0, 0, 0, 0xF0, 0x43], expected: nil),  // 2^64: no Int64
        Case(baseType: 0x89, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], expected: nil),
        Case(baseType: 0x0A, bytes: [0x07], expected: 7),  // uint8z
        Case(baseType: 0x0A, bytes: [0x00], expected: nil),
        Case(baseType: 0x0A, bytes: [0xFF], expected: 255),
        Case(baseType: 0x8B, bytes: [0x01, 0x00], expected: 1),  // uint16z
        Case(baseType: 0x8B, bytes: [0x00, 0x00], expected: nil),
        Case(baseType: 0x8C, bytes: [0xFF, 0xFF, 0xFF, 0xFF], expected: 4_294_967_295),  // uint32z
        Case(baseType: 0x8C, bytes: [0x00, 0x00, 0x00, 0x00], expected: nil),
        Case(baseType: 0x0D, bytes: [0x10], expected: 16),  // byte
        Case(baseType: 0x0D, bytes: [0xFF], expected: nil),
        Case(baseType: 0x8E, bytes: [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], expected: -2),  // sint64
        Case(baseType: 0x8E, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], expected: nil),
        Case(baseType: 0x8E, bytes: [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], bigEndian: true, expected: nil),
        Case(baseType: 0x8F, bytes: [0x01, 0, 0, 0, 0, 0, 0, 0], expected: 1),  // uint64
        Case(baseType: 0x8F, bytes: [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], expected: -2),  // as Int64 bits
        Case(baseType: 0x8F, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], expected: nil),
        Case(baseType: 0x90, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], expected: -1),  // uint64z
        Case(baseType: 0x90, bytes: [0, 0, 0, 0, 0, 0, 0, 0], expected: nil),
        Case(baseType: 0x86, bytes: [0x01, 0x02], expected: nil),  // uint32 declared 2 bytes wide: unreadable
        Case(baseType: 0x84, bytes: [0x02, 0x01, 0x09, 0x09], expected: 0x0102),  // array: the first element
    ]

    @Test(arguments: cases)
    func readsTheBaseType(_ test: Case) {
        let buffer: [UInt8] = [0xAA, 0x55, 0xAA] + test.bytes + [UInt8](repeating: 0x5A, count: 8)
        let field = FITField(offset: 3, size: test.bytes.count, baseType: test.baseType)
        let value = buffer.withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap { field.raw(in: $0, bigEndian: test.bigEndian) }
        }
        #expect(value == test.expected)
    }

    @Test func absentFieldReadsNothing() {
        let buffer = [UInt8](repeating: 1, count: 16)
        let value = buffer.withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap { FITField.absent.raw(in: $0, bigEndian: false) }
        }
        #expect(value == nil)
    }
}
