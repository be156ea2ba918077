import Foundation
import TempoKit

/// libFuzzer entry: the input is a file for `tempo focus import` (Tempo's own JSON or CSV
/// export, `timew export`, Watson's frames).
///
/// The sessions read are inserted into a ledger whose report and status are computed as
/// `focus status` and `focus report` do, and every session's duration is shown as clock text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let imported = try? FocusImport.sessions(from: FuzzInput(data, size).data) else { return 0 }
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    var ledger = FocusLedger()
    for session in imported.sessions {
        _ = ClockText.format(seconds: session.durationSeconds(at: now))
        _ = session.intervals(at: now)
        _ = session.lastInstant(at: now)
        ledger.insert(session)
    }
    let settings = FocusSettings(timeZoneIdentifier: "Europe/Paris", goalSeconds: 3600)
    _ = try? ledger.status(settings: settings, now: now)
    return 0
}
