import Foundation
import TempoKit

/// How a file writes its track points: one `<trkpt>` element's bytes with its values cut out.
///
/// Devices write every point the same way, only the values change. Once a point was read token
/// by token, the points written like it are read by comparing their bytes with its own and
/// parsing the values in between (`GPXParser.repeatElement`): a point is three or four times
/// fewer instructions. A point that differs in anything but its values (an element more or
/// less, other spacing, a value with a reference or beyond ASCII, one not in the buffer yet) is
/// read token by token, and that one is learned in turn.
///
/// Equal bytes read the same way, so a point read here gives what reading it token by token
/// gives: a value is cut out only where its token ends at the same byte (`"` or `'` for an
/// attribute, `<` for text), it is parsed by the same function, and a value that does not
/// parse is left to the token-by-token reading, which reports it.
struct GPXPointShape {
    /// What a value is.
    enum Field {
        case latitude, longitude, elevation, time, speed, course, heartRate, cadence, temperature, power

        /// The value a point's element named `name` holds; nil for any other element.
        init?(pointElement name: XMLScanner.Name) {
            switch name {
            case "ele": self = .elevation
            case "time": self = .time
            case "speed": self = .speed
            case "course": self = .course
            case "hr": self = .heartRate
            case "cad": self = .cadence
            // Garmin's TrackPointExtension (atemp) and the power extensions (`<power>`, gpxpx's `PowerInWatts`).
            case "atemp": self = .temperature
            case "power", "PowerInWatts": self = .power
            default: return nil
            }
        }

        /// Puts the number `value` where it belongs in `fix` (not for `time`).
        func set(_ value: Double, in fix: inout LocationFix) {
            switch self {
            case .latitude: fix.coordinate.latitude = value
            case .longitude: fix.coordinate.longitude = value
            case .elevation: fix.altitudeMeters = value
            case .speed: fix.speedMetersPerSecond = value
            case .course: fix.courseDegrees = value
            case .heartRate: fix.heartRateBPM = value
            case .cadence: fix.cadencePerMinute = value
            case .temperature: fix.temperatureCelsius = value
            case .power: fix.powerWatts = value
            case .time: preconditionFailure("a time is not a number")
            }
        }
    }

    /// A value: the bytes before it (from the previous value's end) end at `literalEnd` in
    /// `literals`, and it ends at the first `terminator` (or at a byte that is not plain).
    struct Slot {
        var field: Field
        var literalEnd: Int
        var terminator: UInt8
    }

    /// The bytes between the values, one after another.
    private let literals: [UInt8]
    private let slots: [Slot]
    /// The depth of the handler the point was read at.
    let depth: Int

    /// The shape of `element`, whose values were read from `values` (views of its bytes, in any
    /// order); nil unless each value is a whole token inside the element, apart from the others.
    init?(_ element: UnsafeBufferPointer<UInt8>, values: [(field: Field, bytes: UnsafeBufferPointer<UInt8>)], depth: Int) {
        guard let start = element.baseAddress else { return nil }
        let sorted = values.sorted { ($0.bytes.baseAddress ?? start) < ($1.bytes.baseAddress ?? start) }
        var literals: [UInt8] = [], slots: [Slot] = []
        var offset = 0
        for value in sorted {
            guard let pointer = value.bytes.baseAddress else { return nil }
            let from = pointer - start, to = from + value.bytes.count
            // Inside the element, after the previous value, and the token ends where it does.
            guard from > offset, to < element.count else { return nil }
            let terminator = element[to]
            switch value.field {
            case .latitude, .longitude:
                guard terminator == UInt8(ascii: "\"") || terminator == UInt8(ascii: "'"), element[from - 1] == terminator else { return nil }
            default:
                guard terminator == UInt8(ascii: "<") else { return nil }
            }
            literals += element[offset..<from]
            slots.append(Slot(field: value.field, literalEnd: literals.count, terminator: terminator))
            offset = to
        }
        guard slots.contains(where: { $0.field == .latitude }), slots.contains(where: { $0.field == .longitude }) else { return nil }
        literals += element[offset...]
        self.literals = literals
        self.slots = slots
        self.depth = depth
    }

    /// The point written at `bytes` (`count` bytes in the buffer), if it is written this way and
    /// its values parse, and its length in bytes; its time read by `times`.
    func read(_ bytes: UnsafePointer<UInt8>, count: Int, times: inout ISO8601Time.TrackReader) -> (fix: LocationFix, length: Int)? {
        literals.withUnsafeBufferPointer { literals in
            slots.withUnsafeBufferPointer { slots in
                guard let literalBytes = literals.baseAddress else { return nil }
                var index = 0, literal = 0
                var fix = LocationFix(time: nil, coordinate: Coordinate(latitude: 0, longitude: 0))
                for slot in slots {
                    let length = slot.literalEnd - literal
                    guard count - index > length, XMLScanner.sameBytes(bytes + index, literalBytes + literal, length) else { return nil }
                    index += length
                    literal = slot.literalEnd
                    // A number is read where it starts, and is the value if its token ends right
                    // after it: the same bytes, so the same value as below, without first looking
                    // for the token's end.
                    if slot.field != .time, let number = FastDecimal.prefix(bytes + index, count: count - index),
                        index + number.length < count, bytes[index + number.length] == slot.terminator {
                        slot.field.set(number.value, in: &fix)
                        index += number.length
                        continue
                    }
                    let end = slot.terminator == UInt8(ascii: "<")
                        ? XMLScanner.textStop(bytes, from: index, limit: count)
                        : XMLScanner.valueStop(bytes, from: index, limit: count, quote: slot.terminator)
                    guard end < count, bytes[end] == slot.terminator else { return nil }
                    let text = XMLScanner.Text(bytes: UnsafeBufferPointer(start: bytes + index, count: end - index))
                    let start = index
                    index = end
                    if slot.field == .time {
                        guard let time = times.instant(utf8: text.bytes) else { return nil }
                        fix.time = time
                        continue
                    }
                    // A number with nothing around it (what devices write) needs no trimming: the
                    // same value as `Text.number`, which trims first and takes the same fast path.
                    guard let value = FastDecimal.parse(bytes + start, count: end - start) ?? text.number else { return nil }
                    slot.field.set(value, in: &fix)
                }
                let tail = literals.count - literal
                guard count - index >= tail, XMLScanner.sameBytes(bytes + index, literalBytes + literal, tail) else { return nil }
                return (fix, index + tail)
            }
        }
    }
}
