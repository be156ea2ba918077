import Foundation
import TempoKit

/// Streams FIT activity files (Garmin/ANT FIT protocol), written from the protocol description.
///
/// Reads record (20), lap (19), session (18) and event (21) messages; every other message, every
/// unknown field and every developer field is skipped by its declared size. Invalid sentinel
/// values (0xFF…, 0x7F…, 0 for the `z` types) are absent. Positions are semicircles
/// (degrees = semicircles × 180 / 2³¹); times count seconds from the FIT epoch 1989-12-31T00:00:00Z.
/// Compressed-timestamp headers are expanded from the last full timestamp. Records without a
/// position are skipped. A timer stop (`stop`, `stop_all`, `stop_disable[_all]`) ends a segment,
/// so fixes are never bridged across a pause. The file CRC (and the header CRC when set) is
/// checked; chained FIT files are read one after another. Running cadence is as recorded
/// (FIT counts one foot: strides per minute).
public enum FITReader {
    /// Seconds from 1970-01-01T00:00:00Z to the FIT epoch 1989-12-31T00:00:00Z.
    public static let epochOffsetSeconds: TimeInterval = 631_065_600

    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(_ url: URL, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw FormatError(file: url.path, reason: "cannot open: \(ActivityFile.describe(error))")
        }
        defer { try? handle.close() }
        let result: Result<Void, FormatError> = withoutActuallyEscaping(visit) { escapable in
            var decoder = FITDecoder(file: url.path, source: FITByteSource(handle: handle), visit: escapable)
            do {
                try decoder.run()
                return .success(())
            } catch let error as FormatError {
                return .failure(error)
            } catch {
                return .failure(FormatError(
                    file: url.path, location: "byte \(decoder.source.offset)", reason: "read failed: \(ActivityFile.describe(error))"))
            }
        }
        try result.get()
    }
}

/// One field of a FIT definition message.
struct FITFieldDefinition {
    var number: UInt8
    var size: Int
    var baseType: UInt8
}

/// A FIT definition message: how to read the data messages of one local message type.
struct FITDefinition {
    var global: UInt16
    var bigEndian: Bool
    /// Bytes of content (regular and developer fields) after the record header.
    var size: Int
    /// For each field number 0…255: `offset << 16 | size << 8 | baseType`, or `absent`. One array,
    /// looked up in O(1) per field, so a data message costs one retain however many fields it reads.
    var lookup: [UInt32]

    static let absent = UInt32.max

    init(global: UInt16, bigEndian: Bool, fields: [FITFieldDefinition], developerSize: Int) {
        self.global = global
        self.bigEndian = bigEndian
        var lookup = [UInt32](repeating: Self.absent, count: 256)
        var offset = 0
        for field in fields {
            if lookup[Int(field.number)] == Self.absent, offset < 0xFFFF {
                lookup[Int(field.number)] = UInt32(offset) << 16 | UInt32(field.size) << 8 | UInt32(field.baseType)
            }
            offset += field.size
        }
        self.lookup = lookup
        self.size = offset + developerSize
    }
}

/// The FIT state machine: headers, definitions, data messages and CRCs.
struct FITDecoder {
    let file: String
    var source: FITByteSource
    let visit: (ActivityElement) -> Void
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    private var lastTimestamp: UInt32?

    init(file: String, source: FITByteSource, visit: @escaping (ActivityElement) -> Void) {
        self.file = file
        self.source = source
        self.visit = visit
    }

    private func error(at offset: Int, _ reason: String) -> FormatError {
        FormatError(file: file, location: "byte \(offset)", reason: reason)
    }

    mutating func run() throws {
        var fileCount = 0
        while try !source.isAtEnd() {
            try readFile(index: fileCount)
            fileCount += 1
        }
        if fileCount == 0 { throw FormatError(file: file, reason: "empty file, not FIT") }
    }

    private mutating func readFile(index: Int) throws {
        let start = source.offset
        source.resetCRC()
        guard try source.ensure(12) else {
            throw error(at: start, index == 0 ? "too short for a FIT header" : "trailing bytes after the FIT data")
        }
        let headerSize = Int(source.buffer[source.position])
        guard headerSize >= 12, try source.ensure(headerSize) else {
            throw error(at: start, "bad FIT header size \(headerSize)")
        }
        let header = Array(source.buffer[source.position..<source.position + headerSize])
        guard header[8] == 0x2E, header[9] == 0x46, header[10] == 0x49, header[11] == 0x54 else {
            throw error(at: start + 8, "not a FIT file (no \".FIT\" signature)")
        }
        let dataSize = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
        source.position += 12
        if headerSize >= 14 {
            let stored = UInt16(header[12]) | UInt16(header[13]) << 8
            let computed = source.crc()
            if stored != 0 && stored != computed {
                throw error(at: start + 12, "header CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(computed)))")
            }
            source.position += headerSize - 12
        }
        definitions = [FITDefinition?](repeating: nil, count: 16)
        lastTimestamp = nil
        let dataEnd = source.offset + dataSize
        while source.offset < dataEnd {
            try readMessage(dataEnd: dataEnd)
        }
        if source.offset != dataEnd {
            throw error(at: source.offset, "a message runs past the end of the data (byte \(dataEnd))")
        }
        let computed = source.crc()
        guard try source.ensure(2) else {
            throw error(at: source.offset, "file truncated: the 2-byte CRC is missing (file ends at byte \(source.endOffset))")
        }
        let stored = UInt16(source.buffer[source.position]) | UInt16(source.buffer[source.position + 1]) << 8
        if stored != computed {
            throw error(at: source.offset, "file CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(computed)))")
        }
        source.position += 2
    }

    private mutating func need(_ count: Int, for what: String) throws {
        guard try source.ensure(count) else {
            throw error(at: source.offset, "file truncated in \(what): needs \(count) bytes, file ends at byte \(source.endOffset)")
        }
    }

    private mutating func readMessage(dataEnd: Int) throws {
        let messageOffset = source.offset
        try need(1, for: "a record header")
        let header = source.buffer[source.position]
        source.position += 1
        if header & 0x80 != 0 {
            let local = Int((header >> 5) & 0x03)
            guard let last = lastTimestamp else {
                throw error(at: messageOffset, "compressed timestamp before any full timestamp")
            }
            let offset = UInt32(header & 0x1F)
            var timestamp = (last & ~0x1F) + offset
            if offset < last & 0x1F { timestamp += 0x20 }
            lastTimestamp = timestamp
            try readData(local: local, compressedTimestamp: timestamp, at: messageOffset)
        } else if header & 0x40 != 0 {
            try readDefinition(local: Int(header & 0x0F), developer: header & 0x20 != 0, at: messageOffset)
        } else {
            try readData(local: Int(header & 0x0F), compressedTimestamp: nil, at: messageOffset)
        }
    }

    private mutating func readDefinition(local: Int, developer: Bool, at messageOffset: Int) throws {
        try need(5, for: "a definition message")
        var p = source.position
        let bytes = source.buffer
        let bigEndian = bytes[p + 1] == 1
        guard bytes[p + 1] <= 1 else { throw error(at: messageOffset + 2, "bad architecture byte \(bytes[p + 1])") }
        let global = bigEndian ? UInt16(bytes[p + 2]) << 8 | UInt16(bytes[p + 3]) : UInt16(bytes[p + 3]) << 8 | UInt16(bytes[p + 2])
        let fieldCount = Int(bytes[p + 4])
        source.position += 5
        try need(fieldCount * 3 + (developer ? 1 : 0), for: "a definition message")
        p = source.position
        var fields: [FITFieldDefinition] = []
        fields.reserveCapacity(fieldCount)
        for index in 0..<fieldCount {
            let base = p + index * 3
            fields.append(FITFieldDefinition(number: source.buffer[base], size: Int(source.buffer[base + 1]), baseType: source.buffer[base + 2]))
        }
        source.position += fieldCount * 3
        var developerSize = 0
        if developer {
            let developerCount = Int(source.buffer[source.position])
            source.position += 1
            try need(developerCount * 3, for: "a definition message's developer fields")
            for index in 0..<developerCount {
                developerSize += Int(source.buffer[source.position + index * 3 + 1])
            }
            source.position += developerCount * 3
        }
        definitions[local] = FITDefinition(global: global, bigEndian: bigEndian, fields: fields, developerSize: developerSize)
    }

    private mutating func readData(local: Int, compressedTimestamp: UInt32?, at messageOffset: Int) throws {
        guard let definition = definitions[local] else {
            throw error(at: messageOffset, "data message for local type \(local), which has no definition")
        }
        try need(definition.size, for: "a data message")
        let start = source.position
        source.position += definition.size
        let global = definition.global
        let (timestamp, element, sport): (UInt32?, ActivityElement?, String?) = source.buffer.withUnsafeBufferPointer { bytes in
            definition.lookup.withUnsafeBufferPointer { lookup in
                let values = FITFieldValues(lookup: lookup, bytes: bytes, start: start, bigEndian: definition.bigEndian)
                let timestamp = values.uint32(253)
                switch global {
                case 20: return (timestamp, record(values, timestamp: timestamp ?? compressedTimestamp), nil)
                case 19: return (timestamp, .lap(lap(values)), nil)
                case 18: return (timestamp, session(values), values.number(5).flatMap { Self.sportNames[Int($0)] })
                case 21: return (timestamp, event(values), nil)
                default: return (timestamp, nil, nil)  // other messages matter only for their timestamp
                }
            }
        }
        if let timestamp { lastTimestamp = timestamp }
        if let sport { visit(.sport(sport)) }
        if let element { visit(element) }
    }

    private func record(_ values: FITFieldValues, timestamp: UInt32?) -> ActivityElement? {
        guard let lat = values.signed(0), let lon = values.signed(1) else { return nil }
        let semicircle = 180.0 / 2_147_483_648.0
        let altitude = values.number(78, scale: 5, offset: 500) ?? values.number(2, scale: 5, offset: 500)
        let speed = values.number(73, scale: 1000) ?? values.number(6, scale: 1000)
        return .fix(LocationFix(
            time: timestamp.map(Self.date),
            coordinate: Coordinate(latitude: Double(lat) * semicircle, longitude: Double(lon) * semicircle),
            altitudeMeters: altitude,
            speedMetersPerSecond: speed,
            heartRateBPM: values.number(3),
            cadencePerMinute: values.number(4)
        ))
    }

    private func lap(_ values: FITFieldValues) -> ActivityLap {
        ActivityLap(
            startTime: values.uint32(2).map(Self.date),
            elapsedSeconds: values.number(7, scale: 1000),
            timerSeconds: values.number(8, scale: 1000),
            distanceMeters: values.number(9, scale: 100)
        )
    }

    private func session(_ values: FITFieldValues) -> ActivityElement {
        return .deviceSummary(DeviceSummary(
            startTime: values.uint32(2).map(Self.date),
            distanceMeters: values.number(9, scale: 100),
            elapsedSeconds: values.number(7, scale: 1000),
            timerSeconds: values.number(8, scale: 1000),
            ascentMeters: values.number(22),
            descentMeters: values.number(23)
        ))
    }

    private func event(_ values: FITFieldValues) -> ActivityElement? {
        // event 0 = timer; event_type 1 stop, 4 stop_all, 8 stop_disable, 9 stop_disable_all.
        guard values.number(0) == 0, let type = values.number(1), [1, 4, 8, 9].contains(type) else { return nil }
        return .endSegment
    }

    static func date(_ fitSeconds: UInt32) -> Date {
        Date(timeIntervalSince1970: FITReader.epochOffsetSeconds + Double(fitSeconds))
    }

    /// FIT profile `sport` values Tempo names (others are left unnamed).
    static let sportNames: [Int: String] = [
        0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment", 5: "swimming",
        10: "training", 11: "walking", 13: "alpine_skiing", 17: "hiking", 21: "e_biking",
    ]

    private func hex(_ value: UInt16) -> String { String(value, radix: 16, uppercase: true) }
}

/// Reads the fields of one data message straight from the buffer, by field number.
struct FITFieldValues {
    let lookup: UnsafeBufferPointer<UInt32>
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    let bigEndian: Bool

    /// The raw value of field `number` as an integer (first element of arrays), or `nil` when
    /// absent, invalid (the type's sentinel) or not an integer type.
    func raw(_ number: UInt8) -> Int64? {
        let entry = lookup[Int(number)]
        guard entry != FITDefinition.absent else { return nil }
        return decode(offset: start + Int(entry >> 16), size: Int((entry >> 8) & 0xFF), baseType: UInt8(entry & 0xFF))
    }

    private func decode(offset: Int, size: Int, baseType: UInt8) -> Int64? {
        let type = baseType & 0x1F
        let width: Int
        switch type {
        case 0, 1, 2, 10, 13: width = 1
        case 3, 4, 11: width = 2
        case 5, 6, 8, 12: width = 4
        case 9, 14, 15, 16: width = 8
        default: return nil
        }
        guard size >= width, offset + width <= bytes.count else { return nil }
        var value: UInt64 = 0
        if bigEndian {
            for index in 0..<width { value = value << 8 | UInt64(bytes[offset + index]) }
        } else {
            for index in stride(from: width - 1, through: 0, by: -1) { value = value << 8 | UInt64(bytes[offset + index]) }
        }
        switch type {
        case 0, 2, 13: return value == 0xFF ? nil : Int64(value)
        case 1: return value == 0x7F ? nil : Int64(Int8(truncatingIfNeeded: value))
        case 3: return value == 0x7FFF ? nil : Int64(Int16(truncatingIfNeeded: value))
        case 4: return value == 0xFFFF ? nil : Int64(value)
        case 5: return value == 0x7FFF_FFFF ? nil : Int64(Int32(truncatingIfNeeded: value))
        case 6: return value == 0xFFFF_FFFF ? nil : Int64(value)
        case 10, 11, 12, 16: return value == 0 ? nil : Int64(truncatingIfNeeded: value)
        case 14: return value == 0x7FFF_FFFF_FFFF_FFFF ? nil : Int64(bitPattern: value)
        case 15: return value == 0xFFFF_FFFF_FFFF_FFFF ? nil : Int64(truncatingIfNeeded: value)
        case 8:
            let float = Float(bitPattern: UInt32(value))
            return value == 0xFFFF_FFFF || !float.isFinite ? nil : Int64(exactly: float.rounded())
        case 9:
            let double = Double(bitPattern: value)
            return value == 0xFFFF_FFFF_FFFF_FFFF || !double.isFinite ? nil : Int64(exactly: double.rounded())
        default: return nil
        }
    }

    func signed(_ number: UInt8) -> Int64? { raw(number) }

    func uint32(_ number: UInt8) -> UInt32? { raw(number).flatMap { UInt32(exactly: $0) } }

    /// `raw / scale − offset`, the FIT profile's scaling.
    func number(_ number: UInt8, scale: Double = 1, offset: Double = 0) -> Double? {
        raw(number).map { Double($0) / scale - offset }
    }
}
