/// Reads durations as people type them: `90s`, `25m`, `1h30m`, `1h 30m 15s`, `1.5h`,
/// `1:30:00` (H:MM:SS) or `25:00` (M:SS), and `0`. Values run over
/// ``ValidRange/durations`` (0 s to 100 years).
public enum DurationParser {
    /// The duration in `text`; throws for anything else, including garbage like `5x`, negative
    /// durations and durations over 100 years.
    public static func duration(_ text: String) throws(DurationParseError) -> Duration {
        .seconds(try seconds(text))
    }

    /// ``duration(_:)`` in seconds.
    static func seconds(_ text: String) throws(DurationParseError) -> Double {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .invalid(text) }
        if trimmed.hasPrefix("-") { throw .negative(text) }
        if trimmed.allSatisfy({ $0 == "0" }) { return 0 }
        let value = trimmed.contains(":") ? try clock(trimmed, original: text) : try units(trimmed, original: text)
        guard ValidRange.duration(seconds: value) != nil else { throw .tooLong(text) }
        return value
    }

    private static func clock(_ text: String, original: String) throws(DurationParseError) -> Double {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts[0].count <= 12,
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
              numbers.allSatisfy({ $0 >= 0 }), numbers.dropFirst().allSatisfy({ $0 < 60 }),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { throw .invalid(original) }
        return Double(numbers.reduce(0) { $0 * 60 + $1 })
    }

    private static func units(_ text: String, original: String) throws(DurationParseError) -> Double {
        let scale: [Character: Double] = ["h": 3600, "m": 60, "s": 1]
        var total = 0.0, number = "", lastScale = Double.infinity
        for character in text where character != " " {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
            } else if let unit = scale[character.lowercased().first ?? character], let value = Double(number), unit < lastScale {
                total += value * unit
                lastScale = unit
                number = ""
            } else {
                throw .invalid(original)
            }
        }
        guard number.isEmpty, lastScale.isFinite else { throw .invalid(original) }
        return total
    }
}

/// A duration that could not be read.
public enum DurationParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)
    /// A duration with a minus sign.
    case negative(String)
    /// A duration over 100 years (``ValidRange/durations``).
    case tooLong(String)

    public var description: String {
        switch self {
        case .invalid(let text): "'\(text)' is not a duration (examples: 90s, 25m, 1h30m, 1:30:00)"
        case .negative(let text): "'\(text)' is negative; a duration is 0 or more"
        case .tooLong(let text): "'\(text)' is out of range (a duration is at most 100 years, 876600h)"
        }
    }
}

extension String {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
