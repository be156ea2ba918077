import Foundation
import TempoTestSupport

/// Runs the built `tempo` binary (found as `TempoBinary` finds it) with its
/// own database, and builds the files the places tests feed it from the GeographicLib oracle.
struct PlaceCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A fresh directory and database for one test.
    let directory: URL
    var database: String { directory.appendingPathComponent("tempo.sqlite").path }

    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent()
    }()

    static var binary: URL { TempoBinary.url }

    init() throws {
        directory = TestDirectory.root.appendingPathComponent("tempo-places-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs `tempo ARGUMENTS --db <this test's database>` and waits for it.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments + ["--db", database]
        // The person's own config.toml never reaches a test.
        var base = ProcessInfo.processInfo.environment
        base["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        process.environment = base.merging(environment) { _, new in new }
        let out = directory.appendingPathComponent("stdout-\(UUID().uuidString)"), err = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// Writes a file in this test's directory.
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: - The oracle's trip (Tests/Oracles/places_oracle.py, GeographicLib 2.1)

    struct Trip: Decodable {
        struct Spot: Decodable { var name: String; var latitude, longitude, radius_m: Double }
        struct Landmark: Decodable { var name, badge: String; var latitude, longitude, radius_m: Double }
        struct Fix: Decodable { var time, latitude, longitude: Double }
        var spot: Spot
        var landmarks: [Landmark]
        var fixes: [Fix]
    }

    static let trip: Trip = {
        struct File: Decodable { var trip: Trip }
        let url = packageRoot.appendingPathComponent("Tests/Oracles/places-oracle.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).trip
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The trip's spot and 25 landmarks as GeoJSON.
    static func tripGeoJSON() -> String {
        let trip = Self.trip
        var features = [feature(trip.spot.name, trip.spot.longitude, trip.spot.latitude, trip.spot.radius_m, nil, nil)]
        for landmark in trip.landmarks {
            features.append(feature(landmark.name, landmark.longitude, landmark.latitude, landmark.radius_m, trip.spot.name, landmark.badge))
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n\(features.joined(separator: ",\n"))\n]}"
    }

    static func feature(_ name: String, _ longitude: Double, _ latitude: Double, _ radius: Double, _ spot: String?, _ badge: String?) -> String {
        var properties = "\"name\": \"\(name)\", \"radius_m\": \(radius)"
        if let spot { properties += ", \"spot\": \"\(spot)\"" }
        if let badge { properties += ", \"badge\": \"\(badge)\"" }
        return "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\(longitude), \(latitude)]}, \"properties\": {\(properties)}}"
    }

    /// The trip's fixes `range` as a GPX 1.1 track.
    static func tripGPX(_ range: Range<Int>? = nil) -> String {
        let fixes = Self.trip.fixes
        let formatter = Date.ISO8601FormatStyle()
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="TempoCLITests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Seoul trip</name><trkseg>

            """
        for fix in fixes[range ?? fixes.indices] {
            let time = Date(timeIntervalSince1970: fix.time).formatted(formatter)
            text += "<trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\"><time>\(time)</time></trkpt>\n"
        }
        return text + "</trkseg></trk>\n</gpx>\n"
    }

    /// Each line of `--json` output decoded as an object.
    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}
