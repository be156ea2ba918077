import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// A run file read for analysis or import; the path `-` reads standard input.
struct RunFile {
    var path: String
    var activity: Activity
    /// The bytes read from standard input, when `path` is `-`.
    private var standardInput: Data?

    /// Reads and parses `path`; a broken file throws a `FormatError` naming the file and place.
    init(path: String) throws {
        self.path = path
        guard path == InputFile.standardInput else {
            activity = try ActivityFile.read(URL(fileURLWithPath: path))
            return
        }
        let bytes = StandardInput.readAll()
        standardInput = bytes
        activity = try StandardInput.withTemporaryFile(bytes) { url throws(FormatError) in try ActivityFile.read(url) }
    }

    /// SHA-256 of the file's bytes (what makes an import happen once) and the run id derived from
    /// them (`RunID`, the id the server gives the same bytes); read only when importing.
    func contentIdentity() throws -> (hash: String, id: UUID) {
        do {
            let digest = SHA256.digest(try standardInput ?? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
            return (SHA256.hex(digest: digest), RunID.forDigest(digest))
        } catch {
            throw FormatError(file: path, reason: "cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// How the file's fixes are analysed; `sport` overrides the file's.
    func plan(autoPause: Bool, sport: Sport?) -> RunPlan {
        RunPlan(activity: activity, autoPause: autoPause, sport: sport)
    }

    /// The summary of the file at `path` (`-`: standard input), streamed
    /// (`ActivityFile.summary(of:splitUnit:autoPause:sport:)`).
    static func streamedSummary(path: String, splitUnit: SplitUnit, autoPause: Bool, sport: Sport?) throws -> RunSummary {
        let summary = { (url: URL) throws(FormatError) in
            try ActivityFile.summary(of: url, splitUnit: splitUnit, autoPause: autoPause, sport: sport)
        }
        guard path == InputFile.standardInput else { return try summary(URL(fileURLWithPath: path)) }
        return try StandardInput.withTemporaryFile(StandardInput.readAll(), summary)
    }
}
