import ArgumentParser
import Foundation
import TempoKit
import TempoStore

/// `tempo places add NAME --at LAT,LON --radius 1km [--spot SPOT] [--badge ID] [--from INSTANT] [--until INSTANT]`.
///
/// On a place that exists, only the options given change (`--spot ""` makes a landmark a spot,
/// `--badge ""` removes a badge), and the command says what changed.
struct PlacesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add (or change) a spot, or a landmark of a spot.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The place's name (unique).") var name: String
    @Option(parsing: .unconditional, help: ArgumentHelp("The centre, in decimal degrees (south and west negative).", valueName: "lat,lon"))
    var at: String?
    @Option(help: ArgumentHelp("The radius: metres or kilometres, e.g. 800m, 1km, 1.5km.", valueName: "radius")) var radius: String?
    @Option(help: "Make this a landmark of SPOT (\"\" on an existing landmark: make it a spot).") var spot: String?
    @Option(help: "The badge entering this place awards, once ever (\"\" removes it).") var badge: String?
    @Option(help: ArgumentHelp("The first instant the place counts, ISO 8601 with an offset, e.g. 2026-12-01T09:00+09:00.",
                               valueName: "instant")) var from: String?
    @Option(help: ArgumentHelp("The first instant the place no longer counts (after --from), ISO 8601 with an offset.",
                               valueName: "instant")) var until: String?

    func validate() throws {
        _ = try at.map(Self.coordinate)
        _ = try radius.map(Self.radiusMeters)
        _ = try window()
    }

    /// The window `--from` / `--until` give (always open without them).
    func window() throws -> ActiveWindow {
        let start = try from.map { try Self.instant($0, option: "--from") }
        let end = try until.map { try Self.instant($0, option: "--until") }
        if let start, let end, end <= start, let from, let until {
            throw ValidationError("--until \(until) must be after --from \(from)")
        }
        return try ActiveWindow(from: start, until: end)
    }

    /// An ISO 8601 instant with its offset (a local time names no instant).
    static func instant(_ text: String, option: String) throws -> Date {
        guard let reading = ISO8601Time.reading(text), reading.offsetSeconds != nil else {
            throw ValidationError("\(option) '\(text)' is not an ISO 8601 instant with an offset, e.g. 2026-12-01T09:00+09:00")
        }
        return reading.instantAssumingUTC
    }

    func run() async throws {
        let now = try global.time.now()
        let database = try global.openDatabase()
        let existing = try database.places().first { $0.name == name }
        let place: Place
        if let existing {
            let change = PlaceChange(center: try at.map(Self.coordinate), radiusMeters: try radius.map(Self.radiusMeters), spot: spot,
                                     badge: badge, from: try from.map { try Self.instant($0, option: "--from") },
                                     until: try until.map { try Self.instant($0, option: "--until") })
            place = try change.applied(to: existing)
        } else {
            guard let at, let radius else { throw ValidationError("'\(name)' is a new place: give --at LAT,LON and --radius") }
            place = try Place(name: name, center: try Self.coordinate(at), radiusMeters: try Self.radiusMeters(radius),
                              spot: spot, badge: badge, window: try window())
        }
        let summary = try database.savePlaces([place], at: now)
        let kind = place.isSpot ? "spot" : "landmark"
        guard let existing, summary.added.isEmpty else { return print("added \(kind) \(name)") }
        let changes = try PlaceChangeText(display: global.display()).changes(from: existing, to: place)
        print(changes.isEmpty ? "unchanged \(kind) \(name)" : "updated \(kind) \(name): " + changes.joined(separator: ", "))
    }

    /// `LAT,LON` in decimal degrees.
    static func coordinate(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { throw ValidationError("--at '\(text)' is not LAT,LON in degrees (latitude −90…90, longitude −180…180)") }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `800m`, `1km`, `1.5 km` or a bare number of metres.
    static func radiusMeters(_ text: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let (number, scale): (Substring, Double) =
            trimmed.hasSuffix("km") ? (trimmed.dropLast(2), 1000)
            : trimmed.hasSuffix("m") ? (trimmed.dropLast(1), 1) : (Substring(trimmed), 1)
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite,
              (1...1_000_000).contains(value * scale)
        else { throw ValidationError("--radius '\(text)' must be 1 m … 1000 km, written like 800m or 1.5km") }
        return value * scale
    }
}
