import Foundation
import TempoKit

/// Reads activity files (GPX, TCX, FIT, NMEA) into `Activity` values or streams them.
///
/// The format is chosen by the file's extension and, when the extension is unknown, by
/// sniffing the first bytes. Errors name the file and the place (line/column, byte offset).
public enum ActivityFile {
    /// Reads a whole file into an `Activity`.
    public static func read(_ url: URL) throws(FormatError) -> Activity {
        var builder = ActivityBuilder()
        try stream(url) { builder.add($0) }
        return builder.finish()
    }

    /// Reads a whole file in the given format into an `Activity`.
    public static func read(_ url: URL, format: ActivityFormat) throws(FormatError) -> Activity {
        var builder = ActivityBuilder()
        try stream(url, format: format) { builder.add($0) }
        return builder.finish()
    }

    /// Streams a file's elements to `visit` in file order without keeping them.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - format: the format to use; `nil` chooses by extension, then by content.
    ///   - visit: called with each element, in file order.
    public static func stream(
        _ url: URL, format: ActivityFormat? = nil, _ visit: (ActivityElement) -> Void
    ) throws(FormatError) {
        let resolved: ActivityFormat
        if let format { resolved = format } else { resolved = try self.format(of: url) }
        switch resolved {
        case .gpx: try GPXReader.stream(url, visit)
        case .tcx: try TCXReader.stream(url, visit)
        case .fit: try FITReader.stream(url, visit)
        case .nmea: try NMEAReader.stream(url, visit)
        }
    }

    /// The format of a file: by extension, else by its first bytes. The file must be a regular,
    /// readable file; a GPX or TCX file whose start shows another document is refused.
    public static func format(of url: URL) throws(FormatError) -> ActivityFormat {
        do { try InputFile.check(url.path) } catch { throw FormatError(file: url.path, reason: error.reason) }
        let head: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            head = try handle.read(upToCount: 65_536) ?? Data()
        } catch {
            throw FormatError(file: url.path, reason: "cannot open: \(Self.describe(error))")
        }
        if let format = ActivityFormat(pathExtension: url.pathExtension) {
            // UTF-8 text whose first 64 KiB hold no root element of the format is another kind
            // of file (an HTML page saved as .gpx); other encodings are left to the parser.
            // (Searched in place: through `Data`'s iterator the 64 KiB took 4.8 M instructions, as
            // many as summarising 800 points.)
            if let root = format.rootElement, !head.isEmpty, !head.withUnsafeBytes({ $0.contains(0) }),
               String(decoding: head, as: UTF8.self).range(of: "<" + root) == nil
                && String(decoding: head, as: UTF8.self).range(of: ":" + root) == nil {
                throw FormatError(file: url.path, reason: "not a \(format.name) file: no <\(root)> element at its start")
            }
            return format
        }
        guard let format = ActivityFormat(sniffing: head.prefix(4096)) else {
            throw FormatError(file: url.path, reason: "not a GPX, TCX, FIT or NMEA file")
        }
        return format
    }

    /// The file at `url` opened for reading; a failure names the file and the system's reason.
    static func open(_ url: URL) throws(FormatError) -> FileHandle {
        do {
            return try FileHandle(forReadingFrom: url)
        } catch {
            throw FormatError(file: url.path, reason: "cannot open: \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
