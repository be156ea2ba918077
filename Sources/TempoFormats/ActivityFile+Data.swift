import Foundation
import TempoKit

extension ActivityFile {
    /// The summary of an activity file received as bytes — from a document picker, a share
    /// sheet, an upload — exactly as ``summary(of:splitUnit:autoPause:sport:)-(URL,_,_,_)`` gives
    /// it for a file holding the same bytes.
    ///
    /// - Parameters:
    ///   - data: the whole file: GPX, TCX, FIT or NMEA.
    ///   - format: the format, if known (from a file name or a content type); `nil` recognises it
    ///     from the first bytes.
    ///   - splitUnit: the length of each split.
    ///   - autoPause: whether stops of 10 s or more leave moving time out.
    ///   - sport: overrides every sport the file names.
    /// - Throws: `FormatError` for bytes that are not an activity file or are malformed; it names
    ///   the bytes `data`.
    public static func summary(
        of data: Data, format: ActivityFormat? = nil, splitUnit: SplitUnit = .kilometer, autoPause: Bool = true,
        sport: Sport? = nil
    ) throws(FormatError) -> RunSummary {
        try withFile(holding: data, format: format, name: "data") { url, _ throws(FormatError) in
            try summary(of: url, splitUnit: splitUnit, autoPause: autoPause, sport: sport)
        }
    }

    /// An activity file received as bytes (an upload), read by the same readers and summarised
    /// by the same `summary(of:splitUnit:autoPause:sport:)` as a file on disk, so the numbers are
    /// those `tempo run summary` prints for a file with these bytes.
    ///
    /// - Parameters:
    ///   - data: the uploaded file.
    ///   - format: the format the sender declared; `nil` sniffs it from the first bytes.
    ///   - name: what errors call the bytes (`body`), in place of a path.
    /// - Returns: the activity (its segments are the run's fixes), its summary (auto-pause on,
    ///   splits per kilometre, the file's sport), and the format read.
    public static func summarized(
        _ data: Data, format: ActivityFormat?, name: String
    ) throws(FormatError) -> (activity: Activity, summary: RunSummary, format: ActivityFormat) {
        try withFile(holding: data, format: format, name: name) { url, format throws(FormatError) in
            (try read(url, format: format), try summary(of: url), format)
        }
    }

    /// Runs `body` on a private temporary file holding `data`, named with the format's extension
    /// and removed afterwards: the readers stream from a file (FIT seeks, XML maps pages). Errors
    /// call the file `name`.
    private static func withFile<Result>(
        holding data: Data, format: ActivityFormat?, name: String,
        _ body: (URL, ActivityFormat) throws(FormatError) -> Result
    ) throws(FormatError) -> Result {
        guard let format = format ?? ActivityFormat(sniffing: data.prefix(4096)) else {
            throw FormatError(file: name, reason: "not a GPX, TCX, FIT or NMEA file")
        }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tempo-bytes-\(UUID().uuidString).\(format.rawValue)")
        do {
            try data.write(to: url, options: [.withoutOverwriting])
        } catch {
            throw FormatError(file: name, reason: "cannot hold the bytes for reading: \(describe(error))")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        do throws(FormatError) {
            return try body(url, format)
        } catch {
            var renamed = error
            renamed.file = name
            throw renamed
        }
    }
}
