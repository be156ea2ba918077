import Foundation
import HTTPTypes
import TempoKit

/// The body of `POST /v1/runs/{id}/fixes`: `{"fixes": [...]}`, at most `maxFixes` of them, each
/// a timed fix in range. A bad fix is refused with 400 naming its index (`fixes[3].lat`).
struct RunFixBatch: Decodable {
    /// The most fixes one batch may carry.
    static let maxFixes = 10_000

    /// The fixes in the order sent.
    let fixes: [LiveFix]

    /// One fix of a batch: strictly the documented fields, `time` required.
    struct LiveFix: Decodable {
        let body: RunFixBody

        private typealias Key = JSONKey

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(allowing: RunFixBody.allowedKeys)
            let time = try container.decode(Date.self, forKey: Key(stringValue: "time"))
            let body = RunFixBody(
                time: time, lat: try container.decode(Double.self, forKey: Key(stringValue: "lat")),
                lon: try container.decode(Double.self, forKey: Key(stringValue: "lon")),
                ele: try container.decodeIfPresent(Double.self, forKey: Key(stringValue: "ele")),
                accuracyM: try container.decodeIfPresent(Double.self, forKey: Key(stringValue: "accuracy_m")),
                speedMS: try container.decodeIfPresent(Double.self, forKey: Key(stringValue: "speed_m_s")))
            if let problem = Self.problem(body) {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
            }
            self.body = body
        }

        /// What is out of range in a fix, if anything.
        private static func problem(_ fix: RunFixBody) -> String? {
            if let time = fix.time, !ValidRange.instants.contains(time) { return "time is out of range" }
            if !(-90...90).contains(fix.lat) { return "lat must be within -90...90" }
            if !(-180...180).contains(fix.lon) { return "lon must be within -180...180" }
            if let ele = fix.ele, !(-12_000...100_000).contains(ele) { return "ele must be within -12000...100000 m" }
            if let accuracy = fix.accuracyM, !(accuracy >= 0 && accuracy.isFinite) { return "accuracy_m must be 0 or more" }
            if let speed = fix.speedMS, !(speed >= 0 && speed.isFinite) { return "speed_m_s must be 0 or more" }
            return nil
        }
    }

    /// The batch in `data`, or a 400 that names the field or the fix.
    static func decode(_ data: Data) throws -> RunFixBatch {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw APIError.badRequest("the body is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "fixes" }) {
            throw APIError(.badRequest, "unknown_field", "unknown field \"\(unknown)\"")
        }
        guard let fixes = object["fixes"] else { throw APIError(.badRequest, "missing_field", "missing field \"fixes\"") }
        guard let list = fixes as? [Any] else { throw APIError(.badRequest, "invalid_field", "field \"fixes\" must be an array") }
        guard list.count <= maxFixes else {
            throw APIError(.badRequest, "too_many_fixes", "a batch holds at most \(maxFixes) fixes, not \(list.count)")
        }
        do {
            return try JSONDecoder.api.decode(RunFixBatch.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw APIError(.badRequest, "invalid_fix", "\(path(context.codingPath)): missing field \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw APIError(.badRequest, "invalid_fix", "\(path(context.codingPath)) has the wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            throw APIError(.badRequest, "invalid_fix", "\(path(context.codingPath)): \(context.debugDescription)")
        }
    }

    /// `fixes[3].lat` for a decoding path.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
    }
}
