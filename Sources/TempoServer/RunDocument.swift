import Foundation
import TempoKit

/// A run as the API shows it: the document `tempo run summary --json` prints, with the run's `id`.
struct RunDocument: Encodable {
    /// The run's id (lowercase in JSON).
    let id: UUID
    /// The run's summary, every key of it.
    let summary: RunSummary

    private enum CodingKeys: String, CodingKey {
        case id
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
    }
}
