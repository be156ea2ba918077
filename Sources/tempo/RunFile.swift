import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// A run file read for analysis or import.
struct RunFile {
    var path: String
    var activity: Activity

    /// Reads and parses `path`; a broken file throws a `FormatError` naming the file and place.
    init(path: String) throws {
        self.path = path
        activity = try ActivityFile.read(URL(fileURLWithPath: path))
    }

    /// SHA-256 of the file's bytes (what makes an import happen once) and the run id derived from
    /// them (`RunID`, the id the server gives the same bytes); read only when importing.
    func contentIdentity() throws -> (hash: String, id: UUID) {
        do {
            let digest = SHA256.digest(try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
            return (SHA256.hex(digest: digest), RunID.forDigest(digest))
        } catch {
            throw FormatError(file: path, reason: "cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// How the file's fixes are analysed; `sport` overrides the file's.
    func plan(autoPause: Bool, sport: Sport?) -> RunPlan {
        RunPlan(activity: activity, autoPause: autoPause, sport: sport)
    }

    /// The summary of the file at `path`, streamed (`ActivityFile.summary(of:splitUnit:autoPause:sport:)`).
    static func streamedSummary(path: String, splitUnit: SplitUnit, autoPause: Bool, sport: Sport?) throws(FormatError) -> RunSummary {
        try ActivityFile.summary(of: URL(fileURLWithPath: path), splitUnit: splitUnit, autoPause: autoPause, sport: sport)
    }
}
