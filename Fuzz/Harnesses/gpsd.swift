import Foundation
import TempoFormats
import TempoKit

/// libFuzzer entry: the input is gpsd output, one JSON report per line, as `LiveFixes.gpsd`
/// reads it; the fixes go through a live replay, whose summary is computed and encoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var replay = RunReplay()
    for line in FuzzInput(data, size).text.split(separator: "\n") {
        guard let fix = GPSDReport.fix(fromJSONLine: line) else { continue }
        replay.add(fix)
    }
    _ = try? JSONEncoder().encode(replay.summary())
    return 0
}
