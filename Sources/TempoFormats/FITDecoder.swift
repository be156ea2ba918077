import Foundation
import TempoKit

/// The FIT state machine: headers, definitions, data messages and CRCs.
struct FITDecoder {
    let file: String
    var source: FITByteSource
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    /// Field tables for the local types whose definition `needsLookup`.
    private var lookups = [[UInt32]](repeating: [], count: 16)
    private var lastTimestamp: UInt32?

    init(file: String, source: FITByteSource) {
        self.file = file
        self.source = source
    }

    private func error(at offset: Int, _ reason: String) -> FormatError {
        FormatError(file: file, location: "byte \(offset)", reason: reason)
    }

    /// Reads the whole file, passing each element to `visit` (a parameter, not a stored
    /// closure, so it needs no escaping thunk per element).
    mutating func run(_ visit: (ActivityElement) -> Void) throws {
        var fileCount = 0
        while try !source.isAtEnd() {
            try readFile(index: fileCount, visit)
            fileCount += 1
        }
        if fileCount == 0 { throw FormatError(file: file, reason: "empty file, not FIT") }
    }

    private mutating func readFile(index: Int, _ visit: (ActivityElement) -> Void) throws {
        let start = source.offset
        source.resetCRC()
        guard try source.ensure(12) else {
            throw error(at: start, index == 0 ? "too short for a FIT header" : "trailing bytes after the FIT data")
        }
        let headerSize = Int(source.byte(0))
        guard headerSize >= 12, try source.ensure(headerSize) else {
            throw error(at: start, "bad FIT header size \(headerSize)")
        }
        guard source.byte(8) == 0x2E, source.byte(9) == 0x46, source.byte(10) == 0x49, source.byte(11) == 0x54 else {
            throw error(at: start + 8, "not a FIT file (no \".FIT\" signature)")
        }
        let dataSize = Int(source.byte(4)) | Int(source.byte(5)) << 8 | Int(source.byte(6)) << 16 | Int(source.byte(7)) << 24
        if headerSize >= 14 {
            let stored = UInt16(source.byte(12)) | UInt16(source.byte(13)) << 8
            source.position += 12
            let computed = source.crc()
            if stored != 0 && stored != computed {
                throw error(at: start + 12, "header CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(computed)))")
            }
            source.position += headerSize - 12
        } else {
            source.position += 12
        }
        for local in definitions.indices { definitions[local] = nil }
        lastTimestamp = nil
        let dataEnd = source.offset + dataSize
        while source.offset < dataEnd {
            readDataInWindow(dataEnd: dataEnd, visit)
            if source.offset < dataEnd { try readMessage(dataEnd: dataEnd, visit) }
        }
        if source.offset != dataEnd {
            throw error(at: source.offset, "a message runs past the end of the data (byte \(dataEnd))")
        }
        let computed = source.crc()
        guard try source.ensure(2) else {
            throw error(at: source.offset, "file truncated: the 2-byte CRC is missing (file ends at byte \(source.endOffset))")
        }
        let stored = UInt16(source.byte(0)) | UInt16(source.byte(1)) << 8
        if stored != computed {
            throw error(at: source.offset, "file CRC mismatch (stored 0x\(hex(stored)), computed 0x\(hex(computed)))")
        }
        source.position += 2
    }

    /// Makes `count` bytes available, or fails naming the message that starts at `messageOffset`.
    private mutating func need(_ count: Int, for what: String, at messageOffset: Int) throws {
        guard try source.ensure(count) else {
            throw error(
                at: messageOffset,
                "file truncated in \(what) starting here: needs \(count) more bytes at byte \(source.offset), file ends at byte \(source.endOffset)")
        }
    }

    private mutating func readMessage(dataEnd: Int, _ visit: (ActivityElement) -> Void) throws {
        let messageOffset = source.offset
        try need(1, for: "a record header", at: messageOffset)
        let header = source.byte(0)
        source.position += 1
        if header & 0x80 != 0 {
            let local = Int((header >> 5) & 0x03)
            guard let last = lastTimestamp else {
                throw error(at: messageOffset, "compressed timestamp before any full timestamp")
            }
            guard let timestamp = Self.expand(compressed: header, after: last) else {
                throw error(at: messageOffset, "compressed timestamp past the last time FIT can count")
            }
            lastTimestamp = timestamp
            try readData(local: local, compressedTimestamp: timestamp, at: messageOffset, visit)
        } else if header & 0x40 != 0 {
            try readDefinition(local: Int(header & 0x0F), developer: header & 0x20 != 0, at: messageOffset)
        } else {
            try readData(local: Int(header & 0x0F), compressedTimestamp: nil, at: messageOffset, visit)
        }
    }

    private mutating func readDefinition(local: Int, developer: Bool, at messageOffset: Int) throws {
        try need(5, for: "a definition message", at: messageOffset)
        let architecture = source.byte(1)
        let bigEndian = architecture == 1
        guard architecture <= 1 else { throw error(at: messageOffset + 2, "bad architecture byte \(architecture)") }
        let global = bigEndian ? UInt16(source.byte(2)) << 8 | UInt16(source.byte(3)) : UInt16(source.byte(3)) << 8 | UInt16(source.byte(2))
        let fieldCount = Int(source.byte(4))
        source.position += 5
        try need(fieldCount * 3 + (developer ? 1 : 0), for: "a definition message", at: messageOffset)
        var fields: [FITFieldDefinition] = []
        fields.reserveCapacity(fieldCount)
        for index in 0..<fieldCount {
            let base = index * 3
            fields.append(FITFieldDefinition(number: source.byte(base), size: Int(source.byte(base + 1)), baseType: source.byte(base + 2)))
        }
        source.position += fieldCount * 3
        var developerSize = 0
        if developer {
            let developerCount = Int(source.byte(0))
            source.position += 1
            try need(developerCount * 3, for: "a definition message", at: messageOffset)
            for index in 0..<developerCount {
                developerSize += Int(source.byte(index * 3 + 1))
            }
            source.position += developerCount * 3
        }
        let definition = FITDefinition(global: global, bigEndian: bigEndian, fields: fields, developerSize: developerSize)
        definitions[local] = definition
        lookups[local] = definition.needsLookup ? FITDefinition.lookup(fields) : []
    }

    private mutating func readData(
        local: Int, compressedTimestamp: UInt32?, at messageOffset: Int, _ visit: (ActivityElement) -> Void
    ) throws {
        guard let definition = definitions[local] else {
            throw error(at: messageOffset, "data message for local type \(local), which has no definition")
        }
        try need(definition.size, for: "a data message", at: messageOffset)
        let message = UnsafeRawPointer(source.bytes + source.position)
        source.position += definition.size
        let fix = Self.blankFix
        let timestamp = lookups.withUnsafeBufferPointer { lookups in
            Self.decode(definition, local: local, message, compressedTimestamp: compressedTimestamp, lookups: lookups, fix, visit)
        }
        if let timestamp { lastTimestamp = timestamp }
    }

    /// The common case at full speed: data messages whose local type is defined and whose bytes
    /// are all in the window, read with local state and no checks that cannot fail. Stops at
    /// anything else — a definition, a message crossing the window's end, a compressed timestamp
    /// before any full one, an undefined local type, the end of the data — which `readMessage`
    /// then handles with its checks and errors, exactly as if this had not run.
    private mutating func readDataInWindow(dataEnd: Int, _ visit: (ActivityElement) -> Void) {
        let bytes = UnsafeRawPointer(source.bytes)
        let available = source.filled
        let end = min(dataEnd - source.bufferOffset, available)
        var position = source.position
        var lastTimestamp = self.lastTimestamp
        let fix = Self.blankFix
        definitions.withUnsafeBufferPointer { definitions in
            lookups.withUnsafeBufferPointer { lookups in
                while position < end {
                    let header = bytes.load(fromByteOffset: position, as: UInt8.self)
                    let local: Int
                    var compressedTimestamp: UInt32?
                    if header & 0x80 != 0 {
                        guard let last = lastTimestamp else { return }
                        local = Int((header >> 5) & 0x03)
                        // Past the last countable time: the checked path reports it.
                        guard let timestamp = Self.expand(compressed: header, after: last) else { return }
                        compressedTimestamp = timestamp
                    } else if header & 0x40 != 0 {
                        return
                    } else {
                        local = Int(header & 0x0F)
                    }
                    guard let definition = definitions[local], available - position - 1 >= definition.size else { return }
                    if let compressedTimestamp { lastTimestamp = compressedTimestamp }
                    let message = bytes + position + 1
                    position += 1 + definition.size
                    if let timestamp = Self.decode(
                        definition, local: local, message, compressedTimestamp: compressedTimestamp, lookups: lookups, fix, visit) {
                        lastTimestamp = timestamp
                    }
                }
            }
        }
        source.position = position
        self.lastTimestamp = lastTimestamp
    }

    /// Decodes the content of one data message at `message` and passes what it yields to
    /// `visit`; returns the message's own timestamp field, if any. Static, so the hot loop
    /// does not hand the whole decoder around.
    @inline(__always)
    private static func decode(
        _ definition: FITDefinition, local: Int, _ message: UnsafeRawPointer, compressedTimestamp: UInt32?,
        lookups: UnsafeBufferPointer<[UInt32]>, _ fix: LocationFix, _ visit: (ActivityElement) -> Void
    ) -> UInt32? {
        let timestamp = definition.timestamp.raw(in: message, bigEndian: definition.bigEndian).flatMap { UInt32(exactly: $0) }
        switch definition.global {
        case 20:
            record(definition, message, timestamp: timestamp ?? compressedTimestamp, fix, visit)
        case 18, 19, 21:
            other(definition, lookup: lookups[local], message, visit)
        default:
            break  // other messages matter only for their timestamp
        }
        return timestamp
    }

    /// Laps, sessions and events, a handful per file, read through the field table. Kept out of
    /// line so the record path builds its element straight into the call.
    @inline(never)
    private static func other(
        _ definition: FITDefinition, lookup: [UInt32], _ message: UnsafeRawPointer, _ visit: (ActivityElement) -> Void
    ) {
        let elements: [ActivityElement] = lookup.withUnsafeBufferPointer { lookup in
            let values = FITFieldValues(lookup: lookup, message: message, bigEndian: definition.bigEndian)
            switch definition.global {
            case 19: return [.lap(lap(values))]
            case 18: return [.session(session(values)), .deviceSummary(deviceSummary(values))]
            default: return event(values).map { [$0] } ?? []
            }
        }
        for element in elements { visit(element) }
    }

    /// A fix with nothing but a position, which records fill in: setting the fields a FIT
    /// record can give is cheaper than calling `LocationFix`'s initialiser in another module
    /// for every record, and the fields it cannot give stay `nil` as the initialiser leaves them.
    private static var blankFix: LocationFix { LocationFix(time: nil, coordinate: Coordinate(latitude: 0, longitude: 0)) }

    /// Passes the record's fix to `visit` (records without a position are skipped): a copy of
    /// `blank` with every field a record can give set, built as a local value so it goes into
    /// the element without a trip through memory the caller owns.
    @inline(__always)
    private static func record(
        _ definition: FITDefinition, _ message: UnsafeRawPointer, timestamp: UInt32?, _ blank: LocationFix,
        _ visit: (ActivityElement) -> Void
    ) {
        let fields = definition.record
        let bigEndian = definition.bigEndian
        guard let lat = fields.latitude.raw(in: message, bigEndian: bigEndian),
              let lon = fields.longitude.raw(in: message, bigEndian: bigEndian) else { return }
        let semicircle = 180.0 / 2_147_483_648.0
        var fix = blank
        fix.time = timestamp.map(date)
        fix.coordinate.latitude = Double(lat) * semicircle
        fix.coordinate.longitude = Double(lon) * semicircle
        fix.altitudeMeters = fields.enhancedAltitude.number(in: message, bigEndian: bigEndian, scale: 5, offset: 500)
            ?? fields.altitude.number(in: message, bigEndian: bigEndian, scale: 5, offset: 500)
        fix.speedMetersPerSecond = fields.enhancedSpeed.number(in: message, bigEndian: bigEndian, scale: 1000)
            ?? fields.speed.number(in: message, bigEndian: bigEndian, scale: 1000)
        fix.heartRateBPM = fields.heartRate.number(in: message, bigEndian: bigEndian)
        fix.cadencePerMinute = fields.cadence.number(in: message, bigEndian: bigEndian)
        fix.powerWatts = fields.power.number(in: message, bigEndian: bigEndian)
        fix.temperatureCelsius = fields.temperature.number(in: message, bigEndian: bigEndian)
        fix.deviceDistanceMeters = fields.distance.number(in: message, bigEndian: bigEndian, scale: 100)
        visit(.fix(fix))
    }

    private static func lap(_ values: FITFieldValues) -> ActivityLap {
        ActivityLap(
            startTime: values.uint32(2).map(Self.date),
            elapsedSeconds: values.number(7, scale: 1000),
            timerSeconds: values.number(8, scale: 1000),
            distanceMeters: values.number(9, scale: 100)
        )
    }

    /// A session's start (start_time, 2) and sport (sport, 5, refined by sub_sport, 6).
    private static func session(_ values: FITFieldValues) -> ActivitySession {
        ActivitySession(
            startTime: values.uint32(2).map(Self.date),
            sport: sportName(sport: values.number(5).map(Int.init), subSport: values.number(6).map(Int.init)))
    }

    /// The session's own totals.
    private static func deviceSummary(_ values: FITFieldValues) -> DeviceSummary {
        DeviceSummary(
            startTime: values.uint32(2).map(Self.date),
            distanceMeters: values.number(9, scale: 100),
            elapsedSeconds: values.number(7, scale: 1000),
            timerSeconds: values.number(8, scale: 1000),
            ascentMeters: values.number(22),
            descentMeters: values.number(23)
        )
    }

    private static func event(_ values: FITFieldValues) -> ActivityElement? {
        // event 0 = timer; event_type 1 stop, 4 stop_all, 8 stop_disable, 9 stop_disable_all.
        guard values.number(0) == 0, let type = values.number(1), [1, 4, 8, 9].contains(type) else { return nil }
        return .endSegment
    }

    static func date(_ fitSeconds: UInt32) -> Date {
        Date(timeIntervalSince1970: FITReader.epochOffsetSeconds + Double(fitSeconds))
    }

    /// The name a session's sport goes by: the `sport`'s, unless it says nothing about the motion
    /// (`generic`, `fitness_equipment`, `training`…) and the `sub_sport` does (`treadmill`,
    /// `indoor_cycling`, `lap_swimming`…); `nil` when neither is a value Tempo names.
    static func sportName(sport: Int?, subSport: Int?) -> String? {
        let sportName = sport.flatMap { sportNames[$0] }
        if let sportName, Sport(name: sportName) != nil { return sportName }
        if let subName = subSport.flatMap({ subSportNames[$0] }), Sport(name: subName) != nil { return subName }
        return sportName
    }

    /// FIT profile `sport` values (the profile's names; values not listed are left unnamed).
    static let sportNames: [Int: String] = [
        0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment", 5: "swimming",
        6: "basketball", 7: "soccer", 8: "tennis", 9: "american_football", 10: "training", 11: "walking",
        12: "cross_country_skiing", 13: "alpine_skiing", 14: "snowboarding", 15: "rowing", 16: "mountaineering",
        17: "hiking", 18: "multisport", 19: "paddling", 20: "flying", 21: "e_biking", 22: "motorcycling",
        23: "boating", 24: "driving", 25: "golf", 26: "hang_gliding", 27: "horseback_riding", 28: "hunting",
        29: "fishing", 30: "inline_skating", 31: "rock_climbing", 32: "sailing", 33: "ice_skating", 34: "sky_diving",
        35: "snowshoeing", 36: "snowmobiling", 37: "stand_up_paddleboarding", 38: "surfing", 39: "wakeboarding",
        40: "water_skiing", 41: "kayaking", 42: "rafting", 43: "windsurfing", 44: "kitesurfing", 45: "tactical",
        46: "jumpmaster", 47: "boxing", 48: "floor_climbing", 49: "baseball", 53: "diving", 62: "hiit",
        64: "racket", 65: "wheelchair_push_walk", 66: "wheelchair_push_run", 67: "meditation", 69: "disc_golf",
        71: "cricket", 72: "rugby", 73: "hockey", 74: "lacrosse", 75: "volleyball", 76: "water_tubing",
        77: "wakesurfing", 80: "mixed_martial_arts", 82: "snorkeling", 83: "dance", 84: "jump_rope",
    ]

    /// FIT profile `sub_sport` values that name a motion their `sport` may not (a treadmill under
    /// `fitness_equipment`, indoor cycling under `training`…); the other sub-sports only refine a
    /// sport that already names it (`trail` running, `road` cycling) and are not needed.
    static let subSportNames: [Int: String] = [
        1: "treadmill", 6: "indoor_cycling", 11: "cyclocross", 12: "hand_cycling", 13: "track_cycling",
        17: "lap_swimming", 18: "open_water", 25: "indoor_skiing", 27: "indoor_walking", 28: "e_bike_fitness",
        30: "casual_walking", 31: "speed_walking", 42: "skate_skiing", 45: "indoor_running", 46: "gravel_cycling",
        47: "e_bike_mountain", 86: "indoor_wheelchair_walk", 87: "indoor_wheelchair_run", 88: "indoor_hand_cycling",
    ]

    private func hex(_ value: UInt16) -> String { String(value, radix: 16, uppercase: true) }

    /// The full timestamp a compressed-timestamp header stands for: the low five bits are the
    /// seconds within the last full timestamp's 32-second window, rolling over into the next one;
    /// `nil` when that would pass `UInt32.max`.
    @inline(__always)
    static func expand(compressed header: UInt8, after last: UInt32) -> UInt32? {
        let offset = UInt32(header & 0x1F)
        let timestamp = (last & ~0x1F) + offset
        guard offset < last & 0x1F else { return timestamp }
        let (rolled, overflow) = timestamp.addingReportingOverflow(0x20)
        return overflow ? nil : rolled
    }
}
