import Foundation
import TempoKit

/// The dashboard's files (`Dashboard/`), compiled into the binary with SwiftPM's `embedInCode`, so
/// an installed `tempo` (the static .deb included) serves them with no resource files beside it.
enum DashboardAssets {
    /// One file the dashboard is made of.
    struct Asset: Sendable {
        /// Its bytes, as in `Sources/TempoServer/Dashboard`.
        let bytes: [UInt8]
        /// Its `Content-Type`.
        let contentType: String
        /// Its validator (`ETag`): a hash of the bytes, so it changes exactly when they do.
        let eTag: String

        init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            eTag = "\"" + SHA256.hex(Data(bytes)).prefix(16) + "\""
        }
    }

    /// The page at `/`.
    static let page = Asset(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")

    /// The files under `/assets/`, by name.
    static let files: [String: Asset] = [
        "dashboard.css": Asset(bytes: PackageResources.dashboard_css, contentType: "text/css; charset=utf-8"),
        "app.js": script(PackageResources.app_js),
        "api.js": script(PackageResources.api_js),
        "format.js": script(PackageResources.format_js),
        "svg.js": script(PackageResources.svg_js),
        "today.js": script(PackageResources.today_js),
        "timers.js": script(PackageResources.timers_js),
        "runs.js": script(PackageResources.runs_js),
        "places.js": script(PackageResources.places_js),
        "icon.svg": Asset(bytes: PackageResources.icon_svg, contentType: "image/svg+xml"),
    ]

    private static func script(_ bytes: [UInt8]) -> Asset {
        Asset(bytes: bytes, contentType: "text/javascript; charset=utf-8")
    }
}
