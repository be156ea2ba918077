import Foundation

/// ``TempoJSON``'s pretty document of a flat value (an object whose values are strings,
/// numbers, booleans, instants, nulls or arrays of those), or of an array of such objects,
/// written without `JSONEncoder`: the same bytes, for a process that prints one small document
/// and exits (`tempo focus status`, `tempo timer list`),
/// where `JSONEncoder`'s set-up and dynamic casts were a tenth of its run.
///
/// Anything else (a nested object, an array of arrays, a super encoder) throws
/// ``Unsupported``; the caller then uses ``TempoJSON/encoder(pretty:)``.
package enum FlatJSON {
    package struct Unsupported: Error {}

    /// The document of `value`, as `TempoJSON.encoder(pretty: true)` writes it, with a newline.
    package static func pretty(_ value: some Encodable) throws -> String {
        try object(value, indent: "") + "\n"
    }

    /// The document of an array of such objects, as `TempoJSON.encoder(pretty: true)` writes it,
    /// with a newline.
    package static func pretty(array values: [some Encodable]) throws -> String {
        guard !values.isEmpty else { return "[\n\n]\n" }
        var document = "["
        for (index, value) in values.enumerated() {
            document += index == 0 ? "\n  " : ",\n  "
            document += try object(value, indent: "  ")
        }
        return document + "\n]\n"
    }

    /// One object whose closing brace stands at `indent`, its members one level further in.
    private static func object(_ value: some Encodable, indent: String) throws -> String {
        let object = ObjectEncoder()
        try value.encode(to: object)
        guard !object.unsupported else { throw Unsupported() }
        let members = object.members.sorted { $0.key < $1.key }
        let inner = indent + "  "
        guard !members.isEmpty else { return "{\n\n" + indent + "}" }
        // Appended piece by piece: `joined(separator:)` is generic, and its first use costs a
        // scan of every protocol conformance in the process.
        var document = "{\n"
        for (index, member) in members.enumerated() {
            document += index == 0 ? inner : ",\n" + inner
            document += quoted(member.key)
            document += " : "
            document += text(member.value, indent: inner)
        }
        return document + "\n" + indent + "}"
    }

    fileprivate enum Value {
        case null, bool(Bool), number(String), string(String), array([Value])
    }

    /// A member's value; an array's closing bracket stands at `indent`.
    private static func text(_ value: Value, indent: String) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .number(text): text
        case let .string(text): quoted(text)
        case let .array(elements):
            if elements.isEmpty {
                "[\n\n" + indent + "]"
            } else {
                elements.reduce(into: "[\n") { document, element in
                    document += document.utf8.count == 2 ? indent + "  " : ",\n" + indent + "  "
                    document += text(element, indent: indent + "  ")
                } + "\n" + indent + "]"
            }
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r`, `\b`, `\f`
    /// or `\u00XX`; everything else (`/` included) as it is.
    fileprivate static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number as `JSONEncoder` writes it: Swift's shortest text, without a trailing `.0`.
    fileprivate static func number(_ value: Double) throws -> String {
        guard value.isFinite else { throw Unsupported() }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// One value: what a single-value container, or an array of such values, was given.
    fileprivate static func value(of encodable: some Encodable) throws -> Value {
        switch encodable {
        case let date as Date: return .string(TempoJSON.instantText(date))
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(String(number))
        case let double as Double: return .number(try number(double))
        default:
            // An optional, an array, or a type that encodes itself as one of the above; a type
            // that hands itself back (Int64, Float…) is unsupported.
            let single = ValueEncoder(encoding: type(of: encodable))
            try encodable.encode(to: single)
            guard let value = single.value else { throw Unsupported() }
            return value
        }
    }
}

/// The top-level object: its members by key.
private final class ObjectEncoder: Encoder {
    var members: [String: FlatJSON.Value] = [:]
    var unsupported = false
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Members(object: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        unsupported = true
        return Elements(encoder: ValueEncoder())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        unsupported = true
        return ValueEncoder()
    }

    struct Members<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: ObjectEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { object.members[key.stringValue] = .null }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            object.members[key.stringValue] = try FlatJSON.value(of: value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            object.unsupported = true
            return KeyedEncodingContainer(Members<NestedKey>(object: ObjectEncoder()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            object.unsupported = true
            return Elements(encoder: ValueEncoder())
        }

        mutating func superEncoder() -> any Encoder {
            object.unsupported = true
            return ObjectEncoder()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            object.unsupported = true
            return ObjectEncoder()
        }
    }
}

/// One value (a member's, or an array element's): a single value or an array of single values.
private final class ValueEncoder: Encoder, SingleValueEncodingContainer {
    var value: FlatJSON.Value?
    /// The type being encoded, which must not hand itself back.
    let encoding: Any.Type?
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object = ObjectEncoder()
        object.unsupported = true
        return KeyedEncodingContainer(ObjectEncoder.Members(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        value = .array([])
        return Elements(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }

    init(encoding: Any.Type? = nil) {
        self.encoding = encoding
    }

    func encode(_ value: some Encodable) throws {
        guard type(of: value) != encoding else { throw FlatJSON.Unsupported() }
        self.value = try FlatJSON.value(of: value)
    }
}

/// An array's elements, each a single value (an array inside an array is unsupported).
private struct Elements: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int {
        if case let .array(elements) = encoder.value { elements.count } else { 0 }
    }

    private func append(_ element: FlatJSON.Value) throws {
        guard case let .array(elements) = encoder.value else { throw FlatJSON.Unsupported() }
        if case .array = element { throw FlatJSON.Unsupported() }
        encoder.value = .array(elements + [element])
    }

    mutating func encodeNil() throws { try append(.null) }

    mutating func encode(_ value: some Encodable) throws { try append(FlatJSON.value(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.value = nil
        return ValueEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.value = nil
        return Elements(encoder: ValueEncoder())
    }

    mutating func superEncoder() -> any Encoder {
        encoder.value = nil
        return ValueEncoder()
    }
}
