import TempoFormats
import TempoKit

/// libFuzzer entry: the input is an NMEA 0183 log.
///
/// Read twice: line by line as a live receiver's stream is (`NMEASentence.parse`, bad sentences
/// skipped, `NMEAFixAssembler`, then a live replay's summary), and as a file (`ActivityHarness`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    var assembler = NMEAFixAssembler()
    var replay = RunReplay()
    for line in input.text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let sentence = try? NMEASentence.parse(line) else { continue }
        for fix in assembler.add(sentence) { replay.add(fix) }
    }
    if let fix = assembler.finish() { replay.add(fix) }
    _ = replay.summary()
    ActivityHarness.run(input, format: .nmea)
    return 0
}
