import Foundation
import TempoKit

/// JSON as the server speaks it: snake_case keys as the types spell them, instants ISO 8601.
enum SyncJSON {
    /// The encoder of request bodies (the one Tempo encoder).
    static var encoder: JSONEncoder { TempoJSON.encoder(pretty: false) }

    /// The decoder of answers: instants in ISO 8601 with an offset, read by TempoKit's one reader.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let reading = ISO8601Time.reading(text), reading.offsetSeconds != nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 instant: \(text)"))
            }
            return reading.instantAssumingUTC
        }
        return decoder
    }

    /// Decodes an answer's body, or throws `.unexpectedAnswer` naming what was expected.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(SyncError) -> T {
        do { return try decoder.decode(type, from: data) } catch {
            throw .unexpectedAnswer("not a \(type): \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }
}
