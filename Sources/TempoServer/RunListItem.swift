import Foundation

/// One run in `GET /v1/runs`: what a list shows, read from the run's stored summary document.
struct RunListItem: Encodable, Sendable {
    let id: String
    /// `file` (uploaded) or `live` (fed fixes).
    let source: String
    let name: String?
    let sport: String?
    /// When the run started (null before its first timed fix).
    let start: Date?
    let distanceM: Double
    let movingTimeS: Double?
    let elapsedS: Double?
    /// Fixes offered to the recorder.
    let points: Int

    private enum CodingKeys: String, CodingKey {
        case id, source, name, sport, start, distanceM = "distance_m", movingTimeS = "moving_time_s", elapsedS = "elapsed_s", points
    }

    /// The summary keys the list takes.
    private struct Summary: Decodable {
        let sport: String?
        let startedAt: Date?
        let distanceM: Double
        let movingS: Double?
        let elapsedS: Double?
        let points: Int

        enum CodingKeys: String, CodingKey {
            case sport, startedAt = "started_at", distanceM = "distance_m", movingS = "moving_s", elapsedS = "elapsed_s", points
        }
    }

    /// The item of a stored run.
    init(id: String, source: String, name: String?, document: String) throws {
        let summary = try JSONDecoder.api.decode(Summary.self, from: Data(document.utf8))
        self.id = id
        self.source = source
        self.name = name
        sport = summary.sport
        start = summary.startedAt
        distanceM = summary.distanceM
        movingTimeS = summary.movingS
        elapsedS = summary.elapsedS
        points = summary.points
    }

    /// Writes absent values as `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(source, forKey: .source)
        try container.encode(name, forKey: .name)
        try container.encode(sport, forKey: .sport)
        try container.encode(start, forKey: .start)
        try container.encode(distanceM, forKey: .distanceM)
        try container.encode(movingTimeS, forKey: .movingTimeS)
        try container.encode(elapsedS, forKey: .elapsedS)
        try container.encode(points, forKey: .points)
    }
}
