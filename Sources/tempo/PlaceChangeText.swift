import Foundation
import TempoKit

/// What `places add` changed on an existing place, for people: `radius 1.0 km → 800 m`.
struct PlaceChangeText {
    /// Units and zone of the values.
    var display: Display

    /// One `field old → new` per field that differs, in the order of the options.
    func changes(from old: Place, to new: Place) -> [String] {
        var changes: [String] = []
        func note(_ field: String, _ before: String, _ after: String) {
            if before != after { changes.append("\(field) \(before) → \(after)") }
        }
        note("centre", centre(old.center), centre(new.center))
        note("radius", display.length(old.radiusMeters), display.length(new.radiusMeters))
        note("spot", old.spot ?? "none", new.spot ?? "none")
        note("badge", old.badge ?? "none", new.badge ?? "none")
        note("from", old.window.from.map(display.instant) ?? "always", new.window.from.map(display.instant) ?? "always")
        note("until", old.window.until.map(display.instant) ?? "never", new.window.until.map(display.instant) ?? "never")
        return changes
    }

    private func centre(_ coordinate: Coordinate) -> String {
        String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
    }
}
