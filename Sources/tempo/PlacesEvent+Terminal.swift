import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension PlacesEvent {
    /// `entered Seoul`, `entered Gyeongbokgung (Seoul) — badge palace earned`, `left Seoul`.
    var message: String {
        var text = (state == .satisfied ? "entered " : "left ") + identifier
        if let spot { text += " (\(spot))" }
        if let badgeAwarded { text += " — badge \(badgeAwarded) earned" }
        return TerminalText.escaped(text)
    }

    /// The variables `--then` commands see.
    func environment(json: String) -> [String: String] {
        var environment = [
            "TEMPO_EVENT_IDENTIFIER": identifier,
            "TEMPO_EVENT_STATE": state.rawValue,
            "TEMPO_EVENT_TIME": JSONOutput.iso8601(time),
            "TEMPO_EVENT_LATITUDE": String(latitude),
            "TEMPO_EVENT_LONGITUDE": String(longitude),
            "TEMPO_EVENT_KIND": kind,
            "TEMPO_EVENT_MESSAGE": message,
            "TEMPO_EVENT_JSON": json,
        ]
        if let spot { environment["TEMPO_EVENT_SPOT"] = spot }
        if let badgeAwarded { environment["TEMPO_EVENT_BADGE"] = badgeAwarded }
        if let accuracyMeters { environment["TEMPO_EVENT_ACCURACY_M"] = String(accuracyMeters) }
        return environment
    }
}
