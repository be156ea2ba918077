import Foundation
import TempoKit

/// Streams NMEA 0183 logs (RMC, GGA, GSA; GSV, VTG and other sentences are checked and ignored).
///
/// Files are strict: a bad or missing checksum, a line that is not a sentence, or text in a
/// number field is a `FormatError` naming the line. Lines starting with `#` (gpsfake log
/// comments) and blank lines are ignored. See `NMEAFixAssembler` for how sentences become fixes.
/// The whole log is one segment.
public enum NMEAReader {
    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(_ url: URL, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        let handle = try ActivityFile.open(url)
        defer { try? handle.close() }
        var lines = LineReader(handle: handle)
        try stream(lines: &lines, file: url.path, skipBadSentences: false) { visit(.fix($0)) }
    }

    /// Reads sentences from `lines` and passes each assembled fix to `emit`.
    ///
    /// With `skipBadSentences`, broken sentences are counted and skipped instead of failing;
    /// returns how many were skipped.
    @discardableResult
    static func stream(
        lines: inout LineReader, file: String, skipBadSentences: Bool, _ emit: (LocationFix) -> Void
    ) throws(FormatError) -> Int {
        var assembler = NMEAFixAssembler()
        var skipped = 0
        while true {
            let next: Substring?
            do {
                next = try lines.next()
            } catch {
                throw FormatError(file: file, location: "line \(lines.lineNumber + 1)", reason: "read failed: \(ActivityFile.describe(error))")
            }
            guard let line = next else { break }
            if line.first == "#" { continue }
            do throws(NMEASentence.ParseError) {
                guard let sentence = try NMEASentence.parse(line) else { continue }
                for fix in assembler.add(sentence) { emit(fix) }
            } catch {
                if skipBadSentences {
                    skipped += 1
                    continue
                }
                throw FormatError(file: file, location: "line \(lines.lineNumber)", reason: error.reason)
            }
        }
        if let fix = assembler.finish() { emit(fix) }
        return skipped
    }
}
