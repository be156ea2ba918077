import Foundation
import HTTPTypes
import TempoKit

/// The body of `POST /v1/places/fixes`: `{"fixes": [{"lat", "lon", "time", "accuracy_m"}]}`,
/// decoded in one pass and checked fix by fix; a bad fix is a 400 naming its index and field,
/// more than `maxFixes` a 400 naming the limit (as `POST /v1/runs/{id}/fixes` answers).
///
/// `read(_:)` scans a well-formed batch straight from its bytes (`FixBatchScanner`) and leaves
/// anything else to the decoder, whose errors name the problem; both apply `checkedFix`.
struct FixBatch: Decodable {
    /// The most fixes one batch may carry.
    static let maxFixes = 10_000

    /// The fixes, in the order sent.
    let fixes: [LocationFix]

    /// The batch in `body`; throws `APIError`s a client reads.
    static func read(_ body: Data) throws -> [LocationFix] {
        if let fixes = FixBatchScanner.fixes(in: body) { return fixes }
        do {
            return try JSONDecoder().decode(FixBatch.self, from: body).fixes
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.badRequest("the body is not a JSON object with a \"fixes\" array")
        }
    }

    private typealias Key = JSONKey

    private static let fixKeys: Set<String> = ["lat", "lon", "time", "accuracy_m"]

    /// Decodes and checks the batch; throws `APIError`s a client reads.
    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Key.self)
        if let unknown = root.allKeys.map(\.stringValue).sorted().first(where: { $0 != "fixes" }) {
            throw APIError(.badRequest, "unknown_field", "unknown field \"\(unknown)\"")
        }
        guard root.contains(.fixes) else { throw APIError(.badRequest, "missing_field", "missing field \"fixes\"") }
        var list: any UnkeyedDecodingContainer
        do {
            list = try root.nestedUnkeyedContainer(forKey: .fixes)
        } catch {
            throw APIError(.badRequest, "invalid_field", "field \"fixes\" must be an array of fixes")
        }
        if let count = list.count, count > Self.maxFixes {
            throw APIError(.badRequest, "too_many_fixes", "a batch holds at most \(Self.maxFixes) fixes; this one has \(count)")
        }
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            let index = list.currentIndex
            do {
                fixes.append(try list.decode(WireFix.self).fix)
            } catch let problem as Problem {
                let field = problem.field.map { ".\($0)" } ?? ""
                throw APIError(.badRequest, problem.code, "fixes[\(index)]\(field) \(problem.reason)")
            } catch {
                throw APIError(.badRequest, "invalid_fix", "fixes[\(index)] is not an object")
            }
        }
        self.fixes = fixes
    }

    /// What is wrong with a fix: the field (nil for the fix itself) and why.
    struct Problem: Error {
        /// The field, or `nil` for the fix as a whole.
        let field: String?
        /// Why, in words.
        let reason: String
        /// The error code the client sees.
        var code = "invalid_fix"
    }

    /// The fix of these values, as every reader of a batch checks them.
    static func checkedFix(latitude: Double, longitude: Double, time: ISO8601Time.Reading?, accuracy: Double?) throws(Problem) -> LocationFix {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw Problem(field: "lat", reason: "must be −90…90 degrees") }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw Problem(field: "lon", reason: "must be −180…180 degrees")
        }
        guard let time, time.offsetSeconds != nil else { throw Problem(field: "time", reason: "must be an ISO 8601 instant with an offset") }
        if let accuracy, !(accuracy.isFinite && accuracy >= 0) {
            throw Problem(field: "accuracy_m", reason: "must be a number of metres ≥ 0, or null")
        }
        return LocationFix(time: time.instantAssumingUTC, coordinate: Coordinate(latitude: latitude, longitude: longitude),
                           horizontalAccuracyMeters: accuracy)
    }

    /// One fix as sent, checked.
    private struct WireFix: Decodable {
        /// The fix it stands for.
        let fix: LocationFix

        /// Decodes and checks one fix; throws a `Problem` naming the field.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !FixBatch.fixKeys.contains($0) }) {
                throw Problem(field: nil, reason: "has an unknown field \"\(unknown)\"", code: "unknown_field")
            }
            func number(_ key: Key) throws -> Double {
                guard let value = try? container.decode(Double.self, forKey: key) else {
                    throw Problem(field: key.stringValue, reason: "is missing or not a number")
                }
                return value
            }
            let latitude = try number(.lat), longitude = try number(.lon)
            let time = (try? container.decode(String.self, forKey: .time)).flatMap { ISO8601Time.reading($0) }
            var accuracy: Double?
            if container.contains(.accuracy), !((try? container.decodeNil(forKey: .accuracy)) ?? false) {
                // Not a number: refused by the check, as a negative one is.
                accuracy = (try? container.decode(Double.self, forKey: .accuracy)) ?? .nan
            }
            fix = try FixBatch.checkedFix(latitude: latitude, longitude: longitude, time: time, accuracy: accuracy)
        }
    }
}

private extension JSONKey {
    static let fixes = JSONKey(stringValue: "fixes"), lat = JSONKey(stringValue: "lat"), lon = JSONKey(stringValue: "lon")
    static let time = JSONKey(stringValue: "time"), accuracy = JSONKey(stringValue: "accuracy_m")
}
