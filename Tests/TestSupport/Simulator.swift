import Foundation

/// Tracks from `Tests/Simulator/simulate.py`: paths integrated on the WGS84 ellipsoid with
/// GeographicLib, Gauss-Markov GPS noise, and the truth the simulator writes beside them (see
/// its header). Nothing in a truth comes from Tempo's code.
public enum Simulator {
    /// One track's truth (`truth.json`).
    public struct Truth: Decodable, Sendable {
        public struct Tolerance: Decodable, Sendable {
            public var distance: Double?
            public var moving: Double?
            public var gain: Double?
            public var distance_max_m: Double?
            public var moving_max_s: Double?
        }
        public var file: String
        public var `class`: String
        public var seed: Int
        public var distance_m: Double
        public var moving_s: Double
        public var elevation_gain_m: Double?
        /// Each stop of 10 s or more: its start and end, seconds from the first fix.
        public var stops: [[Double]]
        public var tolerance: Tolerance
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Simulator/simulate.py")

    /// Generates one seed's tracks (of `classes`, every class when empty) into a fresh folder
    /// under `TestDirectory.root`.
    public static func generate(seed: Int, classes: [String] = []) throws -> (folder: URL, truths: [Truth]) {
        let folder = TestDirectory.root.appendingPathComponent("tempo-sim-\(seed)-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--seed", String(seed), "--out", folder.path] + classes
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "simulate.py failed (pip install geographiclib?): \(message)")
        }
        let truths = try JSONDecoder().decode([Truth].self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))
        return (folder, truths)
    }
}
