import Foundation
import TempoKit

/// One monitor event as the places commands report it: the change, the place, the badge it earned.
struct PlacesEvent: Sendable, Encodable {
    /// The place's name (the monitor's condition identifier).
    let identifier: String
    /// `satisfied` (entered) or `unsatisfied` (left).
    let state: ConditionState
    /// When: the fix's time (UTC).
    let time: Date
    let latitude: Double
    let longitude: Double
    /// The fix's accuracy, metres, if it gave one.
    let accuracy_m: Double?
    /// `spot` or `landmark`.
    let kind: String
    /// A landmark's spot.
    let spot: String?
    /// The badge this event earned (only the first time ever).
    let badge_awarded: String?

    /// `entered Seoul`, `entered Gyeongbokgung (Seoul) — badge palace earned`, `left Seoul`.
    var message: String {
        var text = (state == .satisfied ? "entered " : "left ") + identifier
        if let spot { text += " (\(spot))" }
        if let badge_awarded { text += " — badge \(badge_awarded) earned" }
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
        if let badge_awarded { environment["TEMPO_EVENT_BADGE"] = badge_awarded }
        if let accuracy_m { environment["TEMPO_EVENT_ACCURACY_M"] = String(accuracy_m) }
        return environment
    }
}
