import ArgumentParser
import Foundation
import TempoKit
import TempoStore

/// `tempo places list [--json]`.
struct PlacesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List spots and their landmarks.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// One place as `--json` prints it.
    struct Row: Encodable {
        let name: String
        let kind: String
        let spot: String?
        let badge: String?
        let latitude: Double
        let longitude: Double
        let radiusMeters: Double
        let activeFrom: Date?
        let activeUntil: Date?

        enum CodingKeys: String, CodingKey {
            case name, kind, spot, badge, latitude, longitude, radiusMeters = "radius_m"
            case activeFrom = "active_from", activeUntil = "active_until"
        }
    }

    func run() async throws {
        let places = try global.openDatabase(.readOnly).places()
        if output.json {
            try JSONOutput.print(places.map {
                Row(name: $0.name, kind: $0.isSpot ? "spot" : "landmark", spot: $0.spot, badge: $0.badge,
                    latitude: $0.center.latitude, longitude: $0.center.longitude, radiusMeters: $0.radiusMeters,
                    activeFrom: $0.window.from, activeUntil: $0.window.until)
            })
            return
        }
        guard !places.isEmpty else {
            print("no places yet: add one with `tempo places add` or `tempo places import`")
            return
        }
        let display = try global.display()
        let rows = [["NAME", "KIND", "CENTRE", "RADIUS", "BADGE", "FROM", "UNTIL"]] + places.map { place in
            [place.isSpot ? place.name : "  " + place.name, place.isSpot ? "spot" : "landmark",
             String(format: "%.5f,%.5f", place.center.latitude, place.center.longitude),
             display.length(place.radiusMeters), place.badge ?? "",
             place.window.from.map(display.instant) ?? "", place.window.until.map(display.instant) ?? ""]
        }
        let widths = (0..<7).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
                .replacingOccurrences(of: " +$", with: "", options: .regularExpression))
        }
    }
}
