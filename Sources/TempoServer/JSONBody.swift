import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TempoKit

/// JSON in and out: snake_case keys as the types spell them, instants as ISO 8601 UTC, and a
/// request body with a field the type does not know refused with 400 naming it.
enum JSONBody {
    /// The encoder of every response (sorted keys: stable bytes for the same document).
    static func encoder() -> JSONEncoder {
        TempoJSON.encoder(pretty: false)
    }

    /// `value` as JSON text (how documents are stored and fed).
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }

    /// A JSON response.
    static func response(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
        let data = try encoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes the request's body as `T`, whose `allowedKeys` are the only top-level fields allowed.
    static func decode<T: StrictDecodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let data = Data(buffer.readableBytesView)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw APIError.badRequest("the body is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !T.allowedKeys.contains($0) }) {
            throw APIError(.badRequest, "unknown_field", "unknown field \"\(unknown)\"")
        }
        do {
            return try JSONDecoder.api.decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError(.badRequest, "missing_field", "missing field \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw APIError(.badRequest, "invalid_field", "field \"\(fieldName(context))\" has the wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            throw APIError(.badRequest, "invalid_field", "field \"\(fieldName(context))\": \(context.debugDescription)")
        }
    }

    /// The path to the field, as `segments[1].end`.
    private static func fieldName(_ context: DecodingError.Context) -> String {
        context.codingPath.reduce(into: "") { path, key in
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
    }
}

extension JSONDecoder {
    /// The decoder of request bodies and stored documents: instants in ISO 8601 with an offset.
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            // An instant needs its offset: a local time names no instant until a zone is known.
            guard let reading = ISO8601Time.reading(text), reading.offsetSeconds != nil else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 instant with an offset: \(text)"))
            }
            return reading.instantAssumingUTC
        }
        return decoder
    }
}

/// A request body whose top-level fields are exactly these.
protocol StrictDecodable: Decodable {
    static var allowedKeys: Set<String> { get }
}

/// Any key of a JSON object, so unknown ones can be named.
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// This object's keys, after refusing (as corrupted data naming it) the first not in `allowed`.
    func strictContainer(allowing allowed: Set<String>) throws -> KeyedDecodingContainer<JSONKey> {
        let container = try container(keyedBy: JSONKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "unknown field \"\(unknown)\""))
        }
        return container
    }
}
