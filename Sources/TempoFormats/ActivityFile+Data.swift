import Foundation
import TempoKit

extension ActivityFile {
    /// An activity file received as bytes (an upload), read by the same readers and summarised
    /// by the same `summary(of:splitUnit:autoPause:sport:)` as a file on disk, so the numbers are
    /// those `tempo run summary` prints for a file with these bytes.
    ///
    /// - Parameters:
    ///   - format: the format the sender declared; `nil` sniffs it from the first bytes.
    ///   - name: what errors call the bytes (`body`), in place of a path.
    /// - Returns: the activity (its segments are the run's fixes), its summary (auto-pause on,
    ///   splits per kilometre, the file's sport), and the format read.
    public static func summarized(
        _ data: Data, format: ActivityFormat?, name: String
    ) throws(FormatError) -> (activity: Activity, summary: RunSummary, format: ActivityFormat) {
        guard let format = format ?? ActivityFormat(sniffing: data.prefix(4096)) else {
            throw FormatError(file: name, reason: "not a GPX, TCX, FIT or NMEA file")
        }
        // The readers stream from a file (FIT seeks, XML maps pages): the bytes go to a private
        // temporary file named with the format's extension, removed once read.
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tempo-upload-\(UUID().uuidString).\(format.rawValue)")
        do {
            try data.write(to: url, options: [.withoutOverwriting])
        } catch {
            throw FormatError(file: name, reason: "cannot hold the bytes for reading: \(describe(error))")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        do throws(FormatError) {
            let summarized = try summary(of: url)
            return (try read(url, format: format), summarized, format)
        } catch {
            var renamed = error
            renamed.file = name
            throw renamed
        }
    }
}
