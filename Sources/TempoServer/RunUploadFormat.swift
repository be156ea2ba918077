import Foundation
import HTTPTypes
import TempoFormats

/// Which reader an uploaded run file goes to, by its `Content-Type`.
enum RunUploadFormat {
    /// Media types that say nothing about the format: the body is sniffed. (URLSession and
    /// `curl --data-binary` send `application/x-www-form-urlencoded` for a body without a type.)
    static let sniffed: Set<String> = ["application/octet-stream", "application/x-www-form-urlencoded", "application/xml", "text/xml"]

    /// The format `contentType` names; `nil` when the body must be sniffed; 415 for a type that
    /// is no run file.
    static func format(contentType: String?) throws -> ActivityFormat? {
        let mediaType = (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch mediaType {
        case "application/gpx+xml": return .gpx
        case "application/vnd.garmin.tcx+xml": return .tcx
        case "application/vnd.ant.fit": return .fit
        case "": return nil
        case let other where sniffed.contains(other): return nil
        default:
            throw APIError(.unsupportedMediaType, "unsupported_media_type",
                           "a run is uploaded as application/gpx+xml, application/vnd.garmin.tcx+xml or application/vnd.ant.fit, not \(mediaType)")
        }
    }
}
