import ArgumentParser
import Foundation
import TempoKit
import TempoStore

/// `tempo badges [--json]`: badges earned, when and where.
struct BadgesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badges", abstract: "Badges earned at landmarks: when and where.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// One badge as `--json` prints it.
    struct Row: Encodable {
        let badge: String
        let place: String
        let spot: String?
        let earnedAt: Date
        let latitude: Double
        let longitude: Double

        enum CodingKeys: String, CodingKey {
            case badge, place, spot, latitude, longitude, earnedAt = "earned_at"
        }
    }

    func run() async throws {
        let badges = try global.openDatabase(.readOnly).badges()
        if output.json {
            try JSONOutput.print(badges.map {
                Row(badge: $0.badge, place: $0.place, spot: $0.spot, earnedAt: $0.earnedAt,
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
            })
            return
        }
        guard !badges.isEmpty else {
            print("no badges yet")
            return
        }
        let display = try global.display()
        let rows = [["BADGE", "PLACE", "EARNED", "WHERE"]] + badges.map { badge in
            [badge.badge, badge.spot.map { "\(badge.place) (\($0))" } ?? badge.place, display.instant(badge.earnedAt),
             String(format: "%.5f,%.5f", badge.coordinate.latitude, badge.coordinate.longitude)]
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
                .replacingOccurrences(of: " +$", with: "", options: .regularExpression))
        }
    }
}
